"""Given names that are also English words ("Will", "Bill", "Rose", "Sunny", "Ed"): a name the document
establishes is found in its other mentions, whatever their casing, where the neighbours show a name, and
the modal verb, the noun and the adjective stay in clear."""
import pytest
from hypothesis import given, settings, strategies as st

from spacy_anon.coref.resolve import find_name_variants
from spacy_anon.lexicon.common_words import common_word_test

IS_COMMON = common_word_test("en")
HEADER = "From: Will Hargreaves <w.h@example.com>\n\n"


def found_words(text, name="Will Hargreaves"):
    start = text.index(name)
    mentions = [(start, start + len(name), "PERSON")]
    return [text[s:e] for s, e, _ in find_name_variants(text, mentions, ["PERSON"], ["mr", "ms"], IS_COMMON)]


@pytest.mark.parametrize("line", [
    "thanks will",
    "Cheers,\nWill\n",
    "ping @will on teams",
    "coach will said i'd never get there",
    "Will said the depot was closed.",
    "ask will in support",
    "not your own card this time will, finance were not happy",
    "> Will, can we push the route review?",
    "will: fair",
    "me and will",
    "Will has asked whether he may buy the house.",
])
def test_the_name_is_found_by_its_neighbours(line):
    assert found_words(HEADER + line + "\n") == ["will" if "will" in line else "Will"]


@pytest.mark.parametrize("line", [
    "I will call you tomorrow.",
    "Will do. Monday mornings are hopeless.",
    "we will, if the budget allows",
    "It will be sunny on Thursday.",
    "They said it will rain.",
    "His will was read out.",
    "The route review will need a new slot.",
])
def test_the_modal_verb_stays(line):
    assert found_words(HEADER + line + "\n") == []


@pytest.mark.parametrize("line,expected", [
    ("Sunny here. I've been locked out since Tuesday.", ["Sunny"]),
    ("sunny here, saw u there on tuesday", ["sunny"]),
    ("What a sunny day it was.", []),
    ("it's sunny here today", []),
    ("Sunny weather all week.", []),
])
def test_the_adjective_stays(line, expected):
    text = 'Sunday "Sunny" Okoye\n\n' + line
    assert found_words(text, name='Sunday "Sunny" Okoye') == expected


def test_a_two_letter_given_name_is_found_as_written_or_by_its_neighbours():
    text = "Ed Fairbanks was below. Comments from Ed: fine. ask ed. ED TRIAGE. The ed psych report."
    assert found_words(text, "Ed Fairbanks") == ["Ed", "ed"]


def test_a_name_written_in_lower_case_is_found_in_lower_case():
    text = "priya: yes sorry\nmark: priya is covering his accounts, #priya"
    assert found_words(text, "priya") == ["priya"]


def test_a_job_title_read_as_a_name_does_not_spread():
    text = "Offer of employment: Project Engineer\nthe position of Project Engineer in our team"
    start = text.rindex("Project Engineer")
    mentions = [(start, start + 16, "PERSON")]
    found = find_name_variants(text, mentions, ["PERSON"], ["mr"], IS_COMMON)
    assert "Project" not in [text[s:e] for s, e, _ in found]  # no "next word is the same name" cue


MODAL_USES = st.sampled_from(["I will {v}", "we will {v} it", "it will {v}", "you will {v} soon", "they will not {v}",
                              "that will {v} the plan", "who will {v}?", "Will you {v} it?", "there will {v} more"])
VERBS = st.sampled_from(["call", "be", "need", "go", "see", "book", "help", "send", "have", "rain", "join"])


@settings(max_examples=60, deadline=None)
@given(MODAL_USES, VERBS)
def test_any_modal_will_stays_in_a_document_that_names_a_will(template, verb):
    assert found_words(HEADER + template.format(v=verb) + ".\n") == []


NAME_USES = st.sampled_from(["thanks {n}", "hi {n},", "{n} said it was fine", "ask {n} about it", "@{n} lol",
                             "cheers {n}!", "ping {n} please", "{n} has the keys"])


@settings(max_examples=40, deadline=None)
@given(NAME_USES, st.sampled_from(["will", "Will"]))
def test_any_address_of_will_is_masked(template, name):
    assert found_words(HEADER + template.format(n=name) + "\n") == [name]


def test_the_shipped_pipeline_masks_the_name_and_keeps_the_verb():
    from tests.default_pipeline import default_nlp

    text = ("From: Will Hargreaves <w.hargreaves@northgate.example.com>\nTo: Agnieszka Nowicka\n\n"
            "Hi Aga,\n\nI will call the depot on Thursday. It was a sunny day in Leeds.\n\nCheers,\nWill\n\n"
            "Will Hargreaves\nOperations Manager\n")
    out = default_nlp()(text)._.anon_text
    assert "Will" not in out and "Hargreaves" not in out
    assert "I will call" in out and "sunny day" in out
