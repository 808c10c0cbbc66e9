"""A clinical note writes age and sex as one word ("58F with a hx of", "72M presenting with"): the age is an
AGE, whoever else read the word (a tagger called it ORG, then ID by its shape), and "Ward 5F" or "2M euros"
are no ages. A hospital named after "Royal" is an organisation, never a person."""
import pytest

import spacy_anon
from rules_support import rule_values


def ages(text):
    return [value for value, _, _ in rule_values(text, "AGE")]


@pytest.mark.parametrize("text,age", [
    ("Patient seen today. 58F with a hx of breast ca", "58"),
    ("72M presenting with chest pain", "72"),
    ("Pt: 45 F, alert and oriented", "45"),
    ("58F WITH HX OF COPD", "58"),
    ("Pt is a 67F who lives alone", "67"),
])
def test_age_and_sex_in_one_word_is_an_age(text, age):
    assert ages(text) == [age]


@pytest.mark.parametrize("text", ["Ward 5F, bed 2", "Revenue grew. 5M from ads", "It was 3M. Then it fell",
                                  "Room 12F is free", "Order 40M units"])
def test_floors_and_amounts_are_no_ages(text):
    assert ages(text) == []


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def test_through_the_default_pipeline(nlp):
    text = ("Patient seen in clinic today with her husband Raj. 58F with a hx of breast ca (2019, Royal Marsden), "
            "now on letrozole.")
    rows = [(text[r["start"]:r["end"]], r["label"]) for r in nlp(text)._.anon_table]
    assert ("58", "AGE") in rows and ("Royal Marsden", "ORG") in rows
    assert not any(label == "ID" for _, label in rows)


def test_a_verb_and_preposition_opening_a_sentence_are_not_the_organisation(nlp):
    text = "First aid given by Karen Mills. Taken to Pinderfields Hospital by his brother."
    rows = [text[r["start"]:r["end"]] for r in nlp(text)._.anon_table]
    assert rows == ["Karen Mills", "Pinderfields Hospital"]
    text = "United Nations staff arrived."
    assert [text[r["start"]:r["end"]] for r in nlp(text)._.anon_table] == ["United Nations"]
