"""What people write of their bank and card details besides full numbers: the last digits of a card, a UK
sort code and the account number after it. Each is an ID (typed CARD or ACCOUNT_NUMBER, so a policy for
payment data acts on it), never a date, a place or a phone."""
import pytest

import spacy_anon
from rules_support import rule_values


def found(text):
    return rule_values(text, "ID")


@pytest.mark.parametrize("text,digits", [
    ("Please refund to my Visa ending 4412.", "4412"),
    ("The card ending in 0193 was declined.", "0193"),
    ("Mastercard ending 7781, exp 09/27", "7781"),
    ("my debit card ends with 6620 btw", "6620"),
    ("The last four digits of the card: 5521", "5521"),
    ("last 4 digits are 3090", "3090"),
    ("Card: **** **** **** 1234", "1234"),
    ("Paid with XXXX-XXXX-XXXX-8812 on Monday", "8812"),
    ("charged to ************4242", "4242"),
])
def test_the_last_digits_of_a_card_are_a_card_id(text, digits):
    assert (digits, "ID", "CARD") in found(text)


@pytest.mark.parametrize("text", [
    "The phone ending 4471 rang twice.",  # a phone's: rules.phone_tail
    "Meeting ending at 1530 today.",
    "Last 4 weeks of 2024 were quiet.",
    "Room 4412 is at the end of the hall.",
])
def test_other_last_digits_are_not_a_card(text):
    assert not any(t == "CARD" for _, _, t in found(text))


@pytest.mark.parametrize("text,values", [
    ("Sort code 40-12-76, account number 31926819.", ["40-12-76", "31926819"]),
    ("paid from account 40-12-76 31926819.", ["40-12-76", "31926819"]),
    ("Sort code: 401276", ["401276"]),
    ("sort-code 20-00-00 / 55779911", ["20-00-00", "55779911"]),
])
def test_a_sort_code_and_the_account_number_after_it_are_account_numbers(text, values):
    assert [(v, "ID", "ACCOUNT_NUMBER") for v in values] == [f for f in found(text) if f[2] == "ACCOUNT_NUMBER"]


def test_through_the_default_pipeline_no_digit_is_a_date_or_a_phone():
    nlp = spacy_anon.load()
    text = "The deposit was paid from account 40-12-76 31926819. Please refund my Visa ending 4412."
    doc = nlp(text)
    rows = {text[r["start"]:r["end"]]: r["label"] for r in doc._.anon_table}
    assert rows["40-12-76"] == rows["31926819"] == rows["4412"] == "ID"
