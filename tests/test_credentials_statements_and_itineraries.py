"""Bugs found on a holiday-let message, a bank statement, an interview invitation, an itinerary, a bug
tracker and a marketplace dispute, each fixed as a class.

- "password sunflower2024" left "sunflower" in clear (a year masked); "lockbox by the blue door, code 4471"
  gave the code a date's label: a password with a digit or in quotes after its word, and the code of a
  door, lock box, key safe or alarm, are credentials, with or without a colon.
- "2nd Floor, 45 Whitworth Street" masked "Floor" as a person; "5 W 8th St, New York" was a quantity and a
  person: a floor named by its ordinal opens an address, and a US street named by its number is a street.
- A statement's "Account no 43891022" took the next line's "03 May" with it (the hidden-form view joined the
  lines as a wrapped number), "£42.18" was a place and "Sort" (of "Sort code") a person.
- "JIRA DATA-2281" was a place's number, "Assignee:" a person, "PII" a place; "seller is gadgetzone_uk" was
  cut into a person and a place.
"""
import pytest

from rules_support import rule_values
from spacy_anon.text_views import compact_view
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, value", [
    ('Wifi is "Casa_Lúcia_5G", password sunflower2024. Any problems message me.', "sunflower2024"),
    ("the wifi passcode is 'gr33nTea' by the way", "gr33nTea"),
    ("The key is in the lockbox by the blue door, code 4471.", "4471"),
    ("Key safe code is 1905, alarm code 2468#", "1905"), ("Key safe code is 1905, alarm code 2468#", "2468#"),
    ("Password: hunter2", "hunter2"),
])
def test_a_password_or_a_doors_code_in_prose_is_a_credential(nlp, text, value):
    assert (value, "ID", "CREDENTIAL") in rule_values(text)
    assert (value, "ID") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", ["I forgot my password again", "password reset link sent 2024",
                                  "the door code 12 times", "Passport 123456789"])
def test_no_credential_without_a_value(text):
    assert not any(kind == "CREDENTIAL" for _, _, kind in rule_values(text))


@pytest.mark.parametrize("text, address", [
    ("at our office, 2nd Floor, 45 Whitworth Street, Manchester M1 5WG. Please", "2nd Floor, 45 Whitworth Street, "
                                                                                  "Manchester M1 5WG"),
    ("Ground Floor, 12 Park Row, Leeds LS1 5JL", "Ground Floor, 12 Park Row, Leeds LS1 5JL"),
    ("Hotel: The Marlton, 5 W 8th St, New York, NY 10011.", "5 W 8th St, New York, NY 10011"),
    ("We live at 350 5th Ave, New York", "350 5th Ave"), ("at 120 E 42nd Street today", "120 E 42nd Street"),
])
def test_floors_and_numbered_streets_are_part_of_an_address(nlp, text, address):
    assert (address, "LOC", "ADDRESS") in rule_values(text)
    assert not any(m in ("Floor", "8th St") for m in masked_texts(nlp, text))


@pytest.mark.parametrize("text", ["on 5 3rd May we met", "the 2 1st Class tickets"])
def test_an_ordinal_without_a_street_word_is_no_street(text):
    assert not [v for v, label, _ in rule_values(text) if label == "LOC"]


STATEMENT = ("Statement period 01/05/2025 - 31/05/2025\n"
             "Account name: MS J E THORNTON   Sort code 20-45-77   Account no 43891022\n"
             "03 May  CARD PAYMENT TO TESCO STORES 2231 CHELMSFORD   £42.18\n")


def test_a_number_at_a_lines_end_does_not_take_the_next_lines_date(nlp):
    assert ("43891022", "ID", "ACCOUNT_NUMBER") in rule_values(STATEMENT)
    assert ("03 May", "DATETIME", "DATE") in rule_values(STATEMENT)
    assert "4111 1111\n1111 1111" in [v for v, _, _ in rule_values("card 4111 1111\n1111 1111 expires")]
    assert "4389102203" not in compact_view("Account no 43891022\n03 May").text


def test_money_and_keys_on_a_statement(nlp):
    rows = masked_rows(nlp, STATEMENT)
    assert ("£42.18", "QUANTITY") in rows
    assert not any(m == "Sort" for m, _ in rows)


@pytest.mark.parametrize("text, value, label", [
    ("JIRA DATA-2281: PII found in logs", "DATA-2281", "ID"),
    ("i opened a case on ebay. seller is gadgetzone_uk and they keep saying", "gadgetzone_uk", "CONTACT"),
])
def test_tracker_keys_and_marketplace_handles(nlp, text, value, label):
    assert (value, label) in masked_rows(nlp, text)


def test_a_trackers_field_keys_are_no_names(nlp):
    masked = masked_texts(nlp, "JIRA DATA-2281: PII found in logs\nReporter: Ewa Kowalczyk\nAssignee: unassigned")
    assert "Ewa Kowalczyk" in masked and not any(m in ("Assignee", "PII", "Reporter") for m in masked)
