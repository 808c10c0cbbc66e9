"""Common nouns in lines typed in lower case or in capitals stay common nouns.

The case table counts how court judgments write a word mid-sentence; there "River", "Park", "Police",
"Court" are mostly the heads of names ("Hyde Park"), so a chat's "we walked by the river to the park"
was read "by the River to the Park" and its places masked as organisations. A table-capitalised
dictionary word alone after a determiner now stays in lower case; a name's head keeps its capital, and
so does a word the document defines as a short name ("the Galleries", "(hereinafter “the Board”)").
"""
import pytest

import spacy_anon
from spacy_anon.casing import truecased_text
from spacy_anon.lexicon.common_nouns import defined_terms


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,expected", [
    ("we walked by the river to the park and the church",
     "We walked by the river to the park and the church"),
    ("THE APPLICANT WAS SEEN BY THE POLICE AT THE STATION", "The applicant was seen by the police at the station"),
    # a body's head keeps its capital: "the Council" stands for the body a document deals with
    ("i told the council and the government", "I told the Council and the Government"),
    # the head of a name keeps its capital: a name beside it, or "of" and a name after it
    ("the home office and the river thames", "The Home Office and the River Thames"),
    ("he lives in hyde park near the house of lords", "He lives in Hyde Park near the House of Lords"),
    ("she banked with the bank of england", "She banked with the Bank of England"),
    ("the court of appeal dismissed it", "The Court of Appeal dismissed it"),
])
def test_common_nouns_after_a_determiner_stay_common(text, expected):
    assert truecased_text(text) == expected


def test_a_short_name_the_document_defines_keeps_its_capital():
    text = ("the shopping centre is known as “the galleries”. sunderland city council (“the council”) "
            "owns it.\nlater the galleries and the council met by the river.")
    assert defined_terms(text) == {"galleries", "council"}
    last = truecased_text(text).splitlines()[-1]
    assert last == "Later the Galleries and the Council met by the river."


@pytest.mark.parametrize("text", [
    "we walked by the river to the park and then the church",
    "WE WALKED BY THE RIVER TO THE PARK AND THEN THE CHURCH",
    "the house on the hill near the bridge",
])
def test_common_nouns_in_recased_lines_are_not_masked(nlp, text):
    doc = nlp(text)
    assert doc._.anon_table == [] and doc._.anon_text == text


# ------------------------------------------- the tagger's names made of common words (drop_common_word_names)

@pytest.mark.parametrize("text", [
    "We walked by the river to the park and then the church",
    "The applicant told the police and the children what he saw.",
])
def test_a_name_of_common_words_in_lower_case_where_the_writer_uses_capitals_is_prose(nlp, text):
    doc = nlp(text)
    assert doc._.anon_table == [], doc._.anon_table


@pytest.mark.parametrize("text,kept", [
    ("The County Administrative Court (länsrätten) and the Administrative Court of Appeal (kammarrätten) refused.",
     ["länsrätten", "kammarrätten"]),  # no English word
    ("He was not a member of the Church of Sweden.", ["Church of Sweden"]),
    ("Anna Kowalski met Tom Wu in Leeds.", ["Anna Kowalski", "Tom Wu", "Leeds"]),
])
def test_names_with_a_capital_or_of_another_language_stay(nlp, text, kept):
    doc = nlp(text)
    found = [text[row["start"]:row["end"]] for row in doc._.anon_table]
    for value in kept:
        assert any(value in f for f in found), (value, found)


def test_common_words_only():
    from spacy_anon.tagger.span_filters.common_word_names import common_words_only
    assert common_words_only(["river", "to", "the", "park"])
    assert not common_words_only(["Church", "of", "Sweden"])  # a capital
    assert not common_words_only(["kammarrätten"])  # no English word
    assert not common_words_only(["unit", "4"])  # a digit
    assert not common_words_only(["(", ")"])  # no letter


def test_bad_labels_are_refused():
    from spacy_anon.tagger.span_filters.common_word_names import make_drop_common_word_names
    with pytest.raises(ValueError, match="E668"):
        make_drop_common_word_names("ORG")
    with pytest.raises(ValueError, match="E668"):
        make_drop_common_word_names(["ORG", ""])


def test_an_acronym_and_a_name_given_with_known_as_keep_their_capitals():
    text = "a playing field known as the arena.\nlater the arena, the ira and the nhs were by the river."
    assert truecased_text(text).splitlines()[-1] == "Later the Arena, the IRA and the NHS were by the river."


@pytest.mark.parametrize("text,expected", [
    ("he was so nice to me", "He was so nice to me"),
    ("the staff were really happy and very kind", "The staff were really happy and very kind"),
    ("it was pretty bad tbh", "It was pretty bad tbh"),
    ("SHE WAS VERY PLEASANT AND SO FUNNY", "She was very pleasant and so funny"),
    ("HE LIVES IN NICE", "He lives in Nice"),  # the place, where no degree word stands before it
])
def test_an_adjective_after_a_degree_word_is_no_name(text, expected):
    """The table capitalises "Nice", "Happy", "Pretty", "Bad" (a city, titles): after "so", "very",
    "really" or a copula's "pretty" they are adjectives."""
    assert truecased_text(text) == expected


def test_a_social_post_keeps_its_adjective_in_clear(nlp):
    text = "omg just saw ed sheeran at manchester airport!!! he was so nice"
    doc = nlp(text)
    assert "so nice" in doc._.anon_text
    assert "ed sheeran" not in doc._.anon_text
