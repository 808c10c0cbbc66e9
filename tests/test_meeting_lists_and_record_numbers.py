"""Bugs found on minutes and forms. "Present: Karen Whitley (chair), Tom Baines" masked "Karen" as a person and
"Whitley" and "Tom Baines" as places: a meeting's list of people (present, apologies, attendees, in attendance)
names people, each name whole. "Hosp no: K7723019" was a contact: a hospital's number after its key is a
record number, and a tagger's contact over a value with no contact's shape after an identifier's key is that
identifier."""
import pytest

from rules_support import rule_values
from spacy_anon.mask.fine_types import decide_fine_type
from spacy_anon.mask.name_context import after_name_field
from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)

MINUTES = ("Minutes of the residents' meeting, 3 March 2025\n"
           "Present: Karen Whitley (chair), Tom Baines, Aisha Kaur\n"
           "Apologies: Derek Mullins, Fran Oyelaran\n"
           "In attendance: Sam Okafor (council)\n")


@pytest.mark.parametrize("name", ["Karen Whitley", "Tom Baines", "Aisha Kaur", "Derek Mullins", "Fran Oyelaran",
                                  "Sam Okafor"])
def test_a_meetings_list_names_people_each_whole(nlp, name):
    assert (name, "PERSON") in masked_rows(nlp, MINUTES)


@pytest.mark.parametrize("line, name, expected", [
    ("Present: Karen Whitley (chair), Tom Baines", "Tom Baines", True),
    ("Present: Karen Whitley (chair), Tom Baines", "Whitley", True),
    ("Also present: J. Okoro and Lin Zhou", "Lin Zhou", True),
    ("Apologies for absence: Derek Mullins; Fran Oyelaran", "Fran Oyelaran", True),
    ("Present: the residents of Elm Court", "Elm Court", False),
    ("Venue: Kenton Hall", "Kenton Hall", False),
])
def test_a_list_field_before_a_name(line, name, expected):
    start = line.index(name)
    assert after_name_field(line, start, start + len(name)) is expected


@pytest.mark.parametrize("text, value", [
    ("Hosp no: K7723019. Ward 7B.", "K7723019"), ("Hospital No. 88231945 on the wristband", "88231945"),
    ("Unit no: 4471823", "4471823"), ("Hosp. # 7723019", "7723019"), ("hosp number 00412277", "00412277"),
])
def test_a_hospital_number_after_its_key_is_a_record_number(nlp, text, value):
    assert (value, "ID", "RECORD_NUMBER") in rule_values(text)
    assert (value, "ID") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", ["Call the unit no. 0161 496 0000 after six", "Room no 4 is free"])
def test_a_phone_or_a_short_number_after_a_unit_is_no_record_number(text):
    assert not any(kind == "RECORD_NUMBER" for _, _, kind in rule_values(text))


@pytest.mark.parametrize("value, before, expected", [
    ("K7723019", "Hosp no: ", "RECORD_NUMBER"), ("204518", "Staff ID: ", "EMPLOYEE_ID"),
    ("07700 900123", "Mobile: ", "PHONE"), ("ana@example.com", "Account: ", "EMAIL"),
])
def test_a_taggers_contact_without_a_contacts_shape_takes_its_keys_type(value, before, expected):
    assert decide_fine_type(value, "CONTACT", "CONTACT", before) == expected
