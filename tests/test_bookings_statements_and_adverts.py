"""Bug (issue 28, leaks and over-masking in bookings, statements, adverts and notes): a booking's "Frequent
flyer: BA Executive Club 12345678" left the member's number in clear; a recruiter's "Hope you're well!"
masked "Hope" as an ORG and "£120-140k" left "140k" an ID; a witness statement's "23:40 hrs" made "hrs" a
place and its date ran on into "at approximately"; a vet's "rimadyl 50mg BID x5d" was a place. The classes: a loyalty scheme's number after the
scheme's name; a letter's opening wish ("Hope you're well", "Hope all is good"; not "Hope Miller"); a
salary's range and "k" ("£120-140k", "$50k – $60k"; not "£5 - 10 minutes"); a time with its "hrs"; a hedge
at a date's end; a dose with its duration."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,number", [
    ("Seat 32A. Frequent flyer: BA Executive Club 12345678.\nPassport: A09876543", "12345678"),
    ("Loyalty: Tesco Clubcard 6340 0412 3456 78", "6340 0412 3456 78"),
])
def test_a_loyalty_number_after_its_schemes_name(text, number):
    assert texts(text, "rules.account_number") == [number]


@pytest.mark.parametrize("text,masked,kept", [
    ("Hi Marcus,\n\nHope you're well! I came across your profile.", "Marcus", "Hope"),
    ("Hope all is good with you, Sam.", "Sam", "Hope"),
])
def test_an_opening_wish_is_no_name(nlp, text, masked, kept):
    found = [t for t, _ in rows(nlp, text)]
    assert masked in found and not any(kept in t for t in found), found


def test_a_person_called_hope_stays_a_person(nlp):
    assert ("Hope Miller", "PERSON") in rows(nlp, "Hope Miller called about the invoice.")


@pytest.mark.parametrize("text,amount", [
    ("Base is £120-140k + equity.", "£120-140k"), ("bonus up to $50k – $60k.", "$50k – $60k"),
    ("Salary £58k plus car.", "£58k"),
])
def test_salaries_and_ranges(text, amount):
    assert any(amount in t for t in texts(text, "rules.money"))


def test_a_spaced_dash_before_a_bare_number_ends_the_amount():
    assert texts("It cost £5 - 10 minutes later it broke", "rules.money") == ["£5"]


def test_a_witness_statement(nlp):
    text = ("Statement of: Anthony James Rourke    Age if under 18: Over 18    Occupation: Taxi driver\n"
            "On Friday 7th March 2025 at approximately 23:40 hrs I was parked on Corporation Street, Birmingham "
            "when I saw a man I now know to be Kyle Jennings kick the door of a silver Audi A3.")
    found = rows(nlp, text)
    texts_found = [t for t, _ in found]
    assert ("23:40 hrs", "DATETIME") in found and ("Kyle Jennings", "PERSON") in found, found
    assert not any(t == "hrs" or "approximately" in t for t in texts_found), found


def test_a_dose_with_its_duration_is_no_place(nlp):
    assert not any("rimadyl" in t for t, _ in rows(nlp, "Plan: rimadyl 50mg BID x5d, recheck Weds."))
