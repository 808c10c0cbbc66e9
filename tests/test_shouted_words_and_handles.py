"""A line typed in lower case with a word or two in capitals for emphasis ("the 7:15 from chelmsford was
cancelled AGAIN") is still a line in lower case: its names are typed in lower case too, so it is read
truecased ("chelmsford" was left in clear). An acronym or a name in capitals keeps the line as written.
And a tagger's span that runs from a handle into the prose after it ("@tomdaviesuk every single day",
the span starting after the "@") gives way to the handle the rules read."""
import pytest

import spacy_anon
from rules_support import table_rows
from spacy_anon.casing import AS_WRITTEN, LOWER, line_regime
from spacy_anon.lexicon.generic_words import shouted_words_only


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("line,expected", [
    ("ugh the 7:15 from chelmsford was cancelled AGAIN", LOWER),
    ("OMG my train from chelmsford was late", LOWER),
    ("i did NOT say that to mike", LOWER),
    ("i met sarah AND tom at the station", LOWER),
    ("went to the NHS clinic with dr patel", AS_WRITTEN),  # an acronym: capitals as the writer uses them
    ("I met SARAH at the station", AS_WRITTEN),  # a name in capitals
    ("the 7:15 from Chelmsford was cancelled AGAIN", AS_WRITTEN),  # a capitalised name
])
def test_emphasis_capitals_keep_a_line_in_lower_case(line, expected):
    assert line_regime(line) == expected


def test_shouted_words_only():
    assert shouted_words_only("so SO tired") and not shouted_words_only("all lower case")
    assert not shouted_words_only("call the DVLA") and not shouted_words_only("A b c")


@pytest.mark.parametrize("text,place", [
    ("@sarahjlowe omg same!! the 7:15 from chelmsford was cancelled AGAIN #greateranglia", "chelmsford"),
    ("ugh, stuck in swindon AGAIN, the trains are SO bad", "swindon"),
])
def test_a_town_in_a_shouting_line_is_masked(nlp, text, place):
    assert place in [value for value, _ in table_rows(nlp, text)]


@pytest.mark.parametrize("text,handles", [
    ("@tomdaviesuk @sarahjlowe every single day this week", ["@tomdaviesuk", "@sarahjlowe"]),
    ("@tomdaviesuk every single day this week", ["@tomdaviesuk"]),
])
def test_a_handle_does_not_carry_the_prose_after_it(nlp, text, handles):
    assert table_rows(nlp, text) == [(h, "CONTACT") for h in handles]
