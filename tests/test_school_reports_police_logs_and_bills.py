"""Bugs found on a school report, a police incident log in capitals, a US medical bill, a prescription
label, a recruiter's message and a conveyancing statement, each fixed as a class.

- "Pupil: Lily-Mae Thornton" left "Lily-Mae" in clear twice: the short report read as a clinical note,
  whose filter dropped the dictionary words "Lily" and "Mae"; a name field's capitalised value is a name in
  a note too.
- "MRS JANET O'HARE" left "O'HARE" in clear: a surname with its apostrophe right after a person's name is
  part of it (not "o'clock"). "Anna D'Souza and Tom O'Brien" was one place: two people joined by "and".
- "2200 N Lake Shore Dr, Suite 410, Chicago, IL 60614" was a place and an address: "Dr" is a drive's type
  where no name follows it.
- "SERTRALINE 50MG TABLETS x28" was a place: a medicine's dose with its form and count is no name.
- "last September" was a description (DEM): words of time naming a month are a date.
"""
import pytest

from rules_support import rule_values
from spacy_anon.mask.dateless import calendar_phrase
from spacy_anon.mask.measurements import measured_value
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)

REPORT = ("Pupil: Lily-Mae Thornton   Class: 4B (Mrs Achebe)\nLily-Mae has made good progress in reading this term, "
          "moving from Turquoise to Purple book band. She sometimes needs reminding to stay on task, especially on "
          "Friday afternoons. Attendance: 94.2%.")


def test_a_hyphenated_given_name_in_a_name_field_is_masked_everywhere(nlp):
    doc = nlp(REPORT)
    assert "Lily" not in doc._.anon_text and "Mae" not in doc._.anon_text
    assert ("Lily-Mae Thornton", "PERSON") in masked_rows(nlp, REPORT)


@pytest.mark.parametrize("text, name", [
    ("2130 CALL FROM MRS JANET O'HARE OF 12 BRAMBLE WAY REPORTING YOUTHS THROWING STONES.", "MRS JANET O'HARE"),
])
def test_a_surname_with_its_apostrophe_is_part_of_the_name(nlp, text, name):
    assert (name, "PERSON") in masked_rows(nlp, text)


def test_oclock_is_no_surname(nlp):
    assert "Tom o'clock" not in masked_texts(nlp, "Ask Tom o'clock")


def test_two_full_names_joined_by_and_are_two_people(nlp):
    rows = masked_rows(nlp, "I met Anna D'Souza and Tom O'Brien.")
    assert ("Anna D'Souza", "PERSON") in rows and ("Tom O'Brien", "PERSON") in rows


@pytest.mark.parametrize("text, org", [("Johnson & Johnson sells it.", "Johnson & Johnson")])
def test_a_firm_named_twice_after_a_founder_stays_one(nlp, text, org):
    assert org in masked_texts(nlp, text)


BILL = ("Patient: Robert J. Kowalczyk   Account #: 88120-4471   Date of service: 10/14/2025\n"
        "Provider: Lakeside Orthopedics, 2200 N Lake Shore Dr, Suite 410, Chicago, IL 60614\n")


def test_a_drives_abbreviation_ends_a_street(nlp):
    address = "2200 N Lake Shore Dr, Suite 410, Chicago, IL 60614"
    assert (address, "LOC", "ADDRESS") in rule_values(BILL)
    assert (address, "LOC") in masked_rows(nlp, BILL)


@pytest.mark.parametrize("text", ["seen in Bay 12 Cardiology Dr Patel today", "Ward 5 Dr Smith"])
def test_a_doctors_title_is_no_drive(text):
    assert not [v for v, label, _ in rule_values(text) if label == "LOC"]


@pytest.mark.parametrize("value, expected", [
    ("SERTRALINE 50MG TABLETS x28", True), ("sertraline 50mg tablets", True), ("Sertraline 50mg", True),
    ("amoxicillin 500mg TDS", True), ("Boots Pharmacy", False),
])
def test_a_dose_with_its_form_is_a_measure(value, expected):
    assert measured_value(value, 0, len(value)) is expected


def test_a_prescription_labels_medicine_is_no_name(nlp):
    text = "Dispensed: 14/11/2025\nMRS MARGARET HOLLOWAY\nSERTRALINE 50MG TABLETS x28\nTake ONE tablet daily."
    assert not any("SERTRALINE" in t for t in masked_texts(nlp, text))


@pytest.mark.parametrize("value, expected", [("last September", True), ("next Tuesday morning", True),
                                             ("May", False), ("last orders", False), ("Tuesday Group", False)])
def test_calendar_phrase(value, expected):
    assert calendar_phrase(value) is expected


def test_words_of_time_naming_a_month_are_a_date(nlp):
    text = "I saw your talk at PyCon UK in Manchester last September on data pipelines."
    assert ("last September", "DATETIME") in masked_rows(nlp, text)
