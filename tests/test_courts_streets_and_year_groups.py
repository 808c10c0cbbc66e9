"""School letters, witness statements, support tickets, recruitment e-mails and messages showed these
classes: a block of flats named "Court" left its house number in clear ("of 9 [ORG_1], Kirkcaldy"), while a
court of law after a year or a number must stay no street; a street without its number was a description or
a person and an organisation ("Praed Street", "Praed" + "Street"); a school's year group cut by a tagger was a
person and an organisation ("Dear Year 6 parents"); an endearment was a place ("hey hun"); browsers and
sign-in programs were places ("tried Safari and Chrome", "the code from Authenticator")."""
import pytest

from spacy_anon.mask.everyday_shapes import everyday_no_name
from spacy_anon.mask.software_words import software_word
from spacy_anon.rules.recognizers.addresses import find_addresses
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,address", [
    ("Witness 2: Mr Colin Fairbairn, 63, retired postman, of 9 Thistle Court, Kirkcaldy. He told officers.",
     "9 Thistle Court, Kirkcaldy"),
    ("He lives at 9 Thistle Court, Kirkcaldy.", "9 Thistle Court, Kirkcaldy"),
    ("Send it to 14 Beech Ct, Leeds.", "14 Beech Ct, Leeds"),
])
def test_a_block_of_flats_named_court_is_an_address_with_its_number(nlp, text, address):
    found = rows(nlp, text)
    street, town = address.split(", ")
    places = [t for t, label in found if label == "LOC"]
    assert any(t.startswith(street) for t in places), found  # the house number with its street
    assert any(town in t for t in places), found


@pytest.mark.parametrize("text", [
    "On 5 May 1996 Supreme Court held that the appeal failed.",
    "The case was heard at 3 Crown Court.",
    "Listed before Court 4 County Court at 10am.",
    "In 2001 High Court judges ruled on it.",
])
def test_a_court_of_law_after_a_number_is_no_street(text):
    assert not any(text[s:e].endswith("Court") for s, e, _ in find_addresses(text)), find_addresses(text)


@pytest.mark.parametrize("text,street", [
    ("at St Mary's Hospital, Praed Street, on Thursday", "Praed Street"),
    ("Just confirming your interview on Ward 22 at St Mary's Hospital, Praed Street, on Thursday 20 March.",
     "Praed Street"),
])
def test_a_street_without_its_number_is_a_place(nlp, text, street):
    found = rows(nlp, text)
    assert (street, "LOC") in found, found


def test_a_school_year_group_names_no_one(nlp):
    text = ("Dear Year 6 parents,\n\nThe residential trip leaves from the school car park at 8.30am on Monday 24 "
            "March. Please hand medication to Mrs Flanagan by Friday.")
    found = rows(nlp, text)
    assert not any(t.startswith(("Year", "6")) for t, _ in found), found
    assert ("Mrs Flanagan", "PERSON") in found, found


@pytest.mark.parametrize("text,start,end,expected", [
    ("Dear Year 6 parents,", 5, 9, True),
    ("Dear Year 6 parents,", 10, 19, True),
    ("hey hun, it's me", 4, 7, True),
    ("We met 6 parents at the gate", 7, 16, False),  # no year group before the count
    ("Dear Yearwood,", 5, 13, False),
])
def test_everyday_no_name(text, start, end, expected):
    assert everyday_no_name(text, start, end) is expected


def test_an_endearment_is_no_place(nlp):
    found = rows(nlp, "hey hun, it's me. got the results back from the clinic in salford, all clear!!")
    assert not any(t == "hun" for t, _ in found), found
    assert any(t == "salford" for t, _ in found), found


@pytest.mark.parametrize("value,expected", [
    ("Safari and Chrome", True), ("Outlook, Excel & OneDrive", True), ("Authenticator", True),
    ("Safari and John", False), ("Chrome 119", True), ("Kensington", False),
])
def test_software_word(value, expected):
    assert software_word(value) is expected


def test_a_ticket_names_its_programs_in_clear(nlp):
    text = ("User reports MFA prompt loops after entering the code from Authenticator. Tried clearing cookies in "
            "Safari and Chrome. Last successful login 04/03 from IP 81.2.69.142 (Warsaw).")
    found = rows(nlp, text)
    assert not any(t in ("Authenticator", "Safari and Chrome", "Safari", "Chrome") for t, _ in found), found
    assert any(t == "81.2.69.142" for t, _ in found), found
