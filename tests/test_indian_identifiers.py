"""Bug (issue 28, leaks and wrong types in Indian text): a bank's e-mail "your PAN is ABCPK1234F and
Aadhaar ending 4521 were verified" masked "PAN" as an ORG and "Aadhaar" as a PERSON, and left "4521" in
clear. The class: India's Aadhaar number (12 digits with a Verhoeff check digit, spaced 4-4-4 alone or any
layout beside an Aadhaar word; its last four digits after the word or behind X's) and Permanent Account
Number (five letters with the holder's letter fourth, four digits, a letter) are IDs of their own types;
their keys are labels, never names."""
import pytest

from spacy_anon.rules.validators import in_aadhaar_valid, in_pan_valid, verhoeff_valid
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


def test_verhoeff():
    assert verhoeff_valid("2363") and not verhoeff_valid("2364")
    assert in_aadhaar_valid("2345 6789 0124") and not in_aadhaar_valid("2345 6789 0125")
    assert not in_aadhaar_valid("1234 5678 9012")  # an Aadhaar never starts with 0 or 1


@pytest.mark.parametrize("value,ok", [("ABCPK1234F", True), ("AAAPL1234C", True), ("ABCDE1234F", False),
                                      ("ABCPK0000F", False), ("ABCPK1234", False)])
def test_pan_shape(value, ok):
    assert in_pan_valid(value) is ok


@pytest.mark.parametrize("text,expected", [
    ("Aadhaar: 2345 6789 0124", "2345 6789 0124"),
    ("My aadhar no is 234567890124 pls check", "234567890124"),
    ("Your Aadhaar ending 4521 was verified.", "4521"),
    ("Aadhaar No. XXXX XXXX 4521", "XXXX XXXX 4521"),
    ("Aadhaar: 2345 6789 0125", "2345 6789 0125"),  # keyed, check digit wrong: a mistyped one
])
def test_aadhaar_found(text, expected):
    assert texts(text, "rules.in_aadhaar") == [expected]


@pytest.mark.parametrize("text", ["Order 2345-6789-0125 shipped", "Call 2345678901 now", "Room 4521 is free"])
def test_numbers_that_are_no_aadhaar(text):
    assert texts(text, "rules.in_aadhaar") == []


def test_an_indian_bank_email(nlp):
    found = rows(nlp, "Hi Priyanka,\n\nFollowing up on our call - your PAN is ABCPK1234F and Aadhaar ending 4521 "
                      "were verified.\n\nRegards,\nSuresh Venkataraman")
    assert ("ABCPK1234F", "ID") in found and ("4521", "ID") in found, found
    assert not any(t in ("PAN", "Aadhaar") for t, _ in found), found
    assert ("Priyanka", "PERSON") in found and ("Suresh Venkataraman", "PERSON") in found, found


def test_a_pan_typed_in_lower_case_beside_its_word(nlp):
    found = rows(nlp, "hi its priyanka. ur pan is abcpk1234f and aadhaar ending 4521 is verified. thx")
    assert ("abcpk1234f", "ID") in found and ("4521", "ID") in found, found
    assert texts("the code abcpk1234f was used", "rules.in_pan") == []
