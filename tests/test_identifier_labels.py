"""Identifiers after their labels in reports and e-mails: a vehicle's plate or VIN (HIPAA's vehicle
identifiers), the last digits of an account; the label words themselves ("Badge", "plate", "ending",
"cell") are never masked, and a phone number a rule found keeps its type against a tagger's ID."""
import pytest

import spacy_anon
from rules_support import rule_values


def ids(text):
    return [(value, fine) for value, _, fine in rule_values(text, "ID")]


@pytest.mark.parametrize("text,value", [
    ("her vehicle (plate 7ABC123) had been vandalized", "7ABC123"),
    ("reg no. AB12 CDE parked outside", "AB12 CDE"),
    ("registration: KA01 AB 1234", "KA01 AB 1234"),
    ("VIN 1HGCM82633A004352", "1HGCM82633A004352"),
])
def test_a_plate_or_vin_after_its_label_is_a_vehicle_id(text, value):
    assert (value, "VEHICLE_ID") in ids(text)


@pytest.mark.parametrize("text", ["company registration number 08123456", "put it on plate 3 please",
                                  "Registration Number: SC123456", "the plate was cold",
                                  "LATEST PLATELETS 58,000. BS COVERED"])
def test_company_numbers_and_dinner_plates_are_no_vehicle(text):
    assert not any(t == "VEHICLE_ID" for _, t in ids(text))


def test_the_last_digits_of_an_account_are_an_account_number():
    assert ("6612", "ACCOUNT_NUMBER") in ids("received via ACH from account ending 6612. Thanks.")


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,rows", [
    ("Re: payment received on 03/15/2024 via ACH from account ending 6612. Thanks.",
     [("03/15/2024", "DATETIME"), ("6612", "ID")]),
    ("On Monday, Officer R. Delgado (Badge #4471) responded. Her vehicle (plate 7ABC123) had been vandalized.",
     [("Monday", "DATETIME"), ("R. Delgado", "PERSON"), ("4471", "ID"), ("7ABC123", "ID")]),
    ("Derek - can we move the call to Thursday? My cell is 415-555-0199 if anything comes up.",
     [("Derek", "PERSON"), ("Thursday", "DATETIME"), ("415-555-0199", "CONTACT")]),
])
def test_labels_stay_and_values_keep_their_type(nlp, text, rows):
    assert [(text[r["start"]:r["end"]], r["label"]) for r in nlp(text)._.anon_table] == rows


def test_a_national_insurance_number_is_typed_as_one_and_its_key_stays(nlp):
    text = "Please update my details. My NI number is QQ 12 34 56 C. Thanks, Fiona Galloway"
    rows = [(text[r["start"]:r["end"]], r["label"], r["type"]) for r in nlp(text)._.anon_table]
    assert ("QQ 12 34 56 C", "ID", "NINO") in rows  # a prefix HMRC never issues: the tagger's span, typed
    text = "NINO: AB123456C"
    assert [text[r["start"]:r["end"]] for r in nlp(text)._.anon_table] == ["AB123456C"]
