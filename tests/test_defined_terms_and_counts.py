"""A contract's defined terms name roles, not parties: "Northgate Lettings Ltd (the Landlord)" masked
"Landlord" and "Tenant" as organisations. And a tagger's number of one or two digits alone under a
person's or an organisation's label ("my contract says 28 days") is a count, no name."""
import pytest

import spacy_anon
from rules_support import table_rows
from spacy_anon.mask.counts import bare_count
from spacy_anon.mask.name_context import defined_term


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,parties,roles", [
    ("This agreement is made between Northgate Lettings Ltd (the Landlord) and Samuel Oyelaran (the Tenant).",
     ["Northgate Lettings Ltd", "Samuel Oyelaran"], ["Landlord", "Tenant"]),
    ("Harbour Foods plc (the Company) and Jane Ruiz (the Employee) agree as follows.",
     ["Harbour Foods plc", "Jane Ruiz"], ["Company", "Employee"]),
    ('between Ashdown Motors Limited ("the Seller") and Priya Shah (hereinafter the Buyer)',
     ["Ashdown Motors Limited", "Priya Shah"], ["Seller", "Buyer"]),
    ("Priya Shah (hereinafter referred to as the Purchaser) and Kent County Council (the Council)",
     ["Priya Shah", "Kent County Council"], ["Purchaser", "Council"]),
])
def test_defined_terms_are_no_parties(nlp, text, parties, roles):
    found = [value for value, _ in table_rows(nlp, text)]
    assert all(p in found for p in parties)
    assert not any(value in roles or value.startswith("the ") for value in found)


@pytest.mark.parametrize("text,value,expected", [
    ("Acme Ltd (the Landlord) agrees", "Landlord", True),
    ("Acme Ltd (the Landlord) agrees", "the Landlord", True),
    ('Jo ("the Buyer") pays', "Buyer", True),
    ("Jo (the Smith Family Trust) pays", "Smith Family Trust", False),  # a name: three words
    ("Özgür Karadeniz (“The Free Black Sea”)", "The Free Black Sea", False),  # a title in brackets
    ("Jo (Landlord) pays", "Landlord", False),  # no "the": a bracketed role is `role_in_brackets`'s
    ("the Landlord agrees", "Landlord", False),  # no brackets
])
def test_defined_term(text, value, expected):
    start = text.index(value)
    assert defined_term(text, start, start + len(value)) is expected


@pytest.mark.parametrize("text,value,label,expected", [
    ("says 28 days", "28", "ORG", True), ("page 6 of", "6", "PERSON", True), ("\n12. Items", "12", "MISC", True),
    ("at 22 Elm", "22", "LOC", False),  # a house number
    ("in 1984 then", "1984", "MISC", False), ("id 123456", "123456", "ORG", False), ("3M plc", "3M", "ORG", False),
    ("Philip Herbert, 4th Earl", "4", "PERSON", False),  # an ordinal of a title
    ("Av. Gaspar Aguilar, 90. 46017 Valencia", "90", "ORG", False),  # a house number after its street
    ("lives at no. 42 now", "42", "ORG", False),
])
def test_bare_count(text, value, label, expected):
    start = text.index(value)
    assert bare_count(text, start, start + len(value), label) is expected


def test_a_count_in_a_lower_case_post_is_no_name(nlp):
    text = "hey its me again lol. so my manager darren told me i cant take leave. my contract says 28 days"
    assert ("28", "ORG") not in table_rows(nlp, text)
    assert ("darren", "PERSON") in table_rows(nlp, text)


@pytest.mark.parametrize("text", [
    "hey team, reminder that karen from accounts is off till the 5th so send expense claims to raj instead.",
    "Till then, speak soon. Ana", "he's on leave until the 12th",
])
def test_till_and_until_are_no_names(nlp, text):
    assert not [value for value, _ in table_rows(nlp, text) if value.lower() in ("till", "until")]
