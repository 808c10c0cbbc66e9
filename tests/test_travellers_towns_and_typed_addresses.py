"""Bugs (issue 28) found on a hotel booking, a witness statement, a team's chat, a nurse's call in lower case
and an appraisal form, each fixed as a class:

- leaks: a traveller's name as bookings print it ("WOJCIK/ANNA MS" left "ANNA" in clear); the part of a
  plate a witness gives ("reg started with SK19" left "19"); a known town the taggers missed ("(Lagos for
  my brother's wedding)"); a street typed in lower case and the town after it ("i live at 14 kilmore
  close in swords" left "14" and "swords" in clear);
- types: a street walked along, whatever its type ("run down Elm Row towards Leith Walk" were persons); a
  business period with its year is a date ("Q3 2025" was an ORG).
"""
import pytest

from spacy_anon.casing import truecased_text
from tests.default_pipeline import masked_rows as rows, masked_texts, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,name", [
    ("Guest: WOJCIK/ANNA MS\nHotel: Premier Inn", "WOJCIK/ANNA"),
    ("Passenger SMITH/JOHN MR seat 14C", "SMITH/JOHN"), ("OKAFOR/CHIOMA seat 14D", "OKAFOR/CHIOMA"),
])
def test_a_travellers_name(text, name):
    assert texts(text, "rules.travel_name") == [name]


@pytest.mark.parametrize("text", ["Use TCP/IP and AND/OR, N/A", "PASS/FAIL", "INPUT/OUTPUT ERROR"])
def test_no_travellers_name_in_slashed_words(text):
    assert texts(text, "rules.travel_name") == []


@pytest.mark.parametrize("text,value", [
    ("He got into a silver Vauxhall Corsa, reg started with SK19.", "SK19"), ("the plate ending in 7XR", "7XR"),
    # a voicemail's "reg ending 7XR": no "with" or "in" after the verb
    ("just ringing about your Focus, reg ending 7XR, the part's in", "7XR"), ("the plate ends 4KD I think", "4KD"),
])
def test_part_of_a_plate(text, value):
    assert texts(text, "rules.vehicle_plate") == [value]


@pytest.mark.parametrize("text", ["registration started in 2019", "the plate began with 123", "reg ends in May",
                                  "reg ends 2026"])
def test_no_plate_without_letters_and_digits(text):
    assert texts(text, "rules.vehicle_plate") == []


@pytest.mark.parametrize("text,town", [
    ("Olu and I are off next week (Lagos for my brother's wedding).", "Lagos"),
    ("Our AP team in Pune processed it yesterday.", "Pune"),
])
def test_a_known_town_the_taggers_missed(nlp, text, town):
    assert texts(text, "rules.known_town") == [town]
    assert (town, "LOC") in rows(nlp, text)


@pytest.mark.parametrize("text", ["We moved to Reading last year.", "He went to Jackson for the report.",
                                  "In Durham we stayed", "(Bath time is 7pm)", "en coma (Glasgow 3)",
                                  "GCS (Glasgow Coma Scale) 15", "falta-lhe amor. (Como", "Roberto Azoubel (Este"])
def test_no_known_town_that_is_a_word_or_a_name(text):
    assert texts(text, "rules.known_town") == []


def test_a_longer_span_keeps_its_reading(nlp):
    assert ("University of Leeds", "ORG") in rows(nlp, "She studied at the University of Leeds last year.")


@pytest.mark.parametrize("text,expected", [
    ("i live at 14 kilmore close in swords", "I live at 14 Kilmore Close in Swords"),
    ("she lives at 3 birch lane now", "She lives at 3 Birch Lane now"),
    ("in 1990 the road was closed", "In 1990 the road was closed"),
    ("at 12 noon the close was shut", "At 12 noon the close was shut"),
])
def test_truecasing_reads_a_numbered_street(text, expected):
    assert truecased_text(text) == expected


@pytest.mark.parametrize("text,address", [
    ("patient: my name is margaret o'brien, i live at 14 kilmore close in swords\nnurse: and your date of birth?",
     "14 kilmore close in swords"),
    ("She lives at 3 Birch Lane in Leeds with her mum.", "3 Birch Lane in Leeds"),
])
def test_a_street_and_its_town_after_in(nlp, text, address):
    assert (address, "LOC") in rows(nlp, text)


def test_a_street_before_in_and_no_town(nlp):
    assert ("12 High Street", "LOC") in rows(nlp, "He was at 12 High Street in the morning.")


def test_streets_walked_along(nlp):
    text = ("Witness: I saw a tall man, maybe 6ft, wearing a grey jacket, run down Elm Row towards Leith Walk at "
            "about 10 past 11. He got into a silver Vauxhall Corsa.")
    found = rows(nlp, text)
    assert ("Elm Row", "LOC") in found and ("Leith Walk", "LOC") in found, found


def test_a_business_period_with_its_year_is_a_date(nlp):
    assert ("Q3 2025", "DATETIME") in rows(nlp, "Employee: Zhang Wei\nManager: Laura Jiménez\nReview period: Q3 2025")
    assert "Q3" not in masked_texts(nlp, "Our Q3 roadmap is out. We ship next week.")


def test_a_name_and_a_postcode_in_a_chat(nlp):
    """Bug: a support chat's "Customer: Wojciech Nowak, PO19 1LX" was one address, the name read as a town:
    a given name and another word before a postcode's comma that name no known place are a person."""
    text = "[10:03] Customer: Wojciech Nowak, PO19 1LX\n[10:03] Agent (Lina): Thanks Wojciech."
    found = rows(nlp, text)
    assert ("Wojciech Nowak", "PERSON") in found and ("PO19 1LX", "LOC") in found, found
    assert ("Milton Keynes, MK9 1AB", "LOC") in rows(nlp, "Send it to Milton Keynes, MK9 1AB please")
