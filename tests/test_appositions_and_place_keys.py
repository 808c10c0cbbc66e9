"""Bug (issue 28, wrong types): a clinic letter's "seen with his daughter, Lin, on 4 June" masked "Lin" as a
place, and a meeting invitation's "Dial by your location: +44 203 481 5237" typed the phone number as a
place (the sentence's "location:" was read as a place's field key). The classes: a relative named after a
kinship word and a comma, as an apposition, is a person ("her brother, Tomasz."); a place's field key opens
its line or a form's column, with one word before it at most ("Incident location:"), and a sentence that
ends in "location:" is no key."""
import pytest

from spacy_anon.mask.name_context import place_field_before
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,name", [
    ("Mr Zhang was seen with his daughter, Lin, on 4 June.", "Lin"),
    ("We met her brother, Tomasz.", "Tomasz"),
])
def test_a_relative_in_apposition_is_a_person(nlp, text, name):
    assert (name, "PERSON") in rows(nlp, text)


def test_a_place_after_a_kinship_word_and_a_comma_stays_a_place(nlp):
    assert ("London", "LOC") in rows(nlp, "Her daughter, London-based, said she would call.")


@pytest.mark.parametrize("text,place", [
    ("Place of birth: Gdańsk", True), ("Name: Ana Ruiz   Location: Albany Road", True),
    ("Incident location: Tesco car park", True), ("Dial by your location: +44 203 481 5237", False),
    ("Please confirm the venue: Leeds", False),
])
def test_place_field_keys(text, place):
    assert place_field_before(text, text.rindex(":") + 2) is place


def test_a_phone_number_after_a_sentence_ending_in_location_is_a_phone(nlp):
    found = rows(nlp, "Passcode: 771204\nDial by your location: +44 203 481 5237 United Kingdom")
    assert ("+44 203 481 5237", "CONTACT") in found, found
