"""Bug (issue 28, chats in lower case): "met jake's parents last night" masked "last night" as a PERSON (the
truecasing writes "Night" as names' words are written), "LAST NIGHT WAS GREAT" the same in capitals; "omw
to the dentist" an ORG; "for his gran's 80th" left the age in clear where the tagger missed it. The class: a
time said from today with no date in it is no name (nor a date that identifies); chat shorthand is no name;
a relative's birthday by its ordinal gives the relative's age; a street typed in lower case is a place
("diverted via york road" was an ORG, "lives on elm avenue" a PERSON)."""
import pytest

from spacy_anon.mask.dateless import relative_time, relative_time_at
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("value,expected", [
    ("last night", True), ("this morning", True), ("tonight", True), ("Last Night", True),
    ("last September", False),  # a month: a date (`calendar_phrase`)
    ("Night", False), ("Summer", False), ("last 3 nights", False), ("Last Night Productions", False),
])
def test_relative_time(value, expected):
    assert relative_time(value) is expected


def test_relative_time_with_the_word_before():
    text = "LAST NIGHT WAS GREAT"
    assert relative_time_at(text, 5, 10)


@pytest.mark.parametrize("text,kept", [
    ("lol ok so i finally met jake's parents last night, his mum linda is lovely", "last night"),
    ("LAST NIGHT WAS GREAT", "NIGHT"),
    ("omw to the dentist, dr kaur moved my appt to 4pm thurs.", "omw"),
])
def test_kept_in_clear(nlp, text, kept):
    assert kept in nlp(text)._.anon_text


@pytest.mark.parametrize("text,age", [
    ("driving up on saturday for his gran's 80th", "80"),
    ("for my mum's 60th next week", "60"),
])
def test_a_relatives_birthday_by_its_ordinal(text, age):
    assert texts(text, "rules.age") == [age]


@pytest.mark.parametrize("text", ["my son's 3rd tooth came through", "her brother's 2nd car"])
def test_other_ordinals_are_no_ages(text):
    assert texts(text, "rules.age") == []


@pytest.mark.parametrize("text,street", [("yeah but its diverted via york road this week", "york road"),
                                         ("she lives on elm avenue now", "elm avenue")])
def test_a_street_typed_in_lower_case_is_a_place(nlp, text, street):
    rows = [(text[r["start"]:r["end"]], r["label"]) for r in nlp(text)._.anon_table]
    assert (street, "LOC") in rows, rows


def test_no_street_after_a_determiner():
    from spacy_anon.rules.recognizers.addresses import street_shape
    assert street_shape("york road") and not street_shape("the road") and not street_shape("this street")


@pytest.mark.parametrize("text,age", [
    ("She was born on the fourth of July 1990 in Galway and is now thirty-four.", "thirty-four"),
    ("He'll be 60 next March; his wife turned fifty-eight last week.", "fifty-eight"),
    ("Dad turns seventy on Sunday", "seventy"),
])
def test_an_age_in_words_after_a_turning_verb(text, age):
    """A chat's "his wife turned fifty-eight last week" left "fifty" in clear beside a QUANTITY "eight";
    "is now thirty-four" gave two dates."""
    assert texts(text, "rules.age") == [age]


@pytest.mark.parametrize("text", ["There are now three.", "the count turned two ways", "it turns one corner"])
def test_no_age_without_a_person_turning(text):
    assert texts(text, "rules.age") == []


@pytest.mark.parametrize("text,name", [
    ("bring kian, he can play with lily. my new number is 07825 441 902 btw", "lily"),
    ("picking up rose from school at 3", "rose"),
    ("can you pick up Lily at 3", "Lily"),
])
def test_a_given_name_that_is_a_word_after_minding_a_child(text, name):
    """A parent's chat "he can play with lily" left the child's name in clear (a given name that is a word,
    typed in lower case, after playing with, picking up, dropping off or looking after)."""
    assert name in texts(text, "rules.word_name")


@pytest.mark.parametrize("text", ["I love to play with holly leaves", "we will pick up may onwards",
                                  "look after hope, it matters"])
def test_the_words_stay_words(text):
    assert texts(text, "rules.word_name") == []
