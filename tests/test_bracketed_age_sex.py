"""Posts give a person's age and sex in brackets after them ("My husband (31M) and I (29F)", "my sister [24 f]"):
the age is an AGE, masked whatever the sex letter, and the letter is no name. Amounts and floors in brackets
("Revenue (5M)", "Ward (5F)") are no ages."""
import pytest

import spacy_anon
from rules_support import rule_values


def ages(text):
    return [value for value, _, _ in rule_values(text, "AGE")]


@pytest.mark.parametrize("text,found", [
    ("My husband (31M) and I (29F) are getting married.", ["31", "29"]),
    ("my sister [24 f] said no", ["24"]),
    ("me (17/m) and my bf (19M) broke up", ["17", "19"]),
    ("So my boyfriend (28M) moved in", ["28"]),
    ("My MIL (62F) wants to visit", ["62"]),
    # a post's title: the age and sex after "my", and the sex first
    ("My (34F) ex (36M) keeps turning up at my work", ["34", "36"]),
    ("I (f34) need advice about my husband (m35).", ["34", "35"]),
    ("34/F/London here, asl?", ["34"]),  # a profile's age, sex and place
])
def test_age_and_sex_in_brackets_after_a_person_is_an_age(text, found):
    assert ages(text) == found


@pytest.mark.parametrize("text", ["Revenue (5M) grew", "Ward (5F) bed 2", "Model (40M) parameters",
                                  "the sample (12F) was clear", "a budget of (2M) remains",
                                  "my (5) kids", "Unit (F12) is empty"])
def test_amounts_and_rooms_in_brackets_are_no_ages(text):
    assert ages(text) == []


def test_through_the_default_pipeline():
    nlp = spacy_anon.load()
    text = ("AITA for not inviting my sister-in-law? My husband (31M) and I (29F) are getting married in June "
            "in Cornwall.")
    doc = nlp(text)
    rows = [(text[r["start"]:r["end"]], r["label"]) for r in doc._.anon_table]
    assert ("31", "AGE") in rows and ("29", "AGE") in rows
    assert not any(value in ("M", "F", "AITA") for value, _ in rows)  # no sex letter or post tag as a name
    assert "(29F)" not in doc._.anon_text


@pytest.mark.parametrize("text,age", [("She was 57 at the date of dismissal.", "57"), ("I'm 34 and single", "34"),
                                      ("the claimant was 61.", "61"), ("He was 18 in 2019 when he left", "18"),
                                      ("The patient is 72 and lives alone", "72")])
def test_an_age_said_with_to_be_is_an_age(text, age):
    assert ages(text) == [age]


@pytest.mark.parametrize("text", ["He was 5 minutes late", "It was 5.", "She was 2 of 3 winners"])
def test_other_numbers_after_to_be_are_no_ages(text):
    assert ages(text) == []
