"""Bugs found on a holiday let's welcome message, a gas engineer's job sheet, a forum post, a football club's
newsletter and a nursery's accident form, each fixed as a class.

- "The key is in the lockbox (code 2291)" and "Wifi: CosyCabin_5G / pass: pinecone88" left both secrets in
  clear: a lock box's code said on in its sentence and a wifi's "pass:" with a digit are credentials.
- 'My SIL "Becca" (32F)' left the name and the age in clear, "(28F)" after a post's title was an ID: a
  name in quotes after an in-law's abbreviation is a relative's, a capitalised word rare in English after a
  kinship word one too, and two digits with the sex alone in brackets an age.
- "3 Orchard Cottages, Little Snoring, Fakenham NR21 0HT" was an organisation, a person and an address: a
  village between a numbered street and a town with its postcode is part of the address.
- "sort code 09-01-28" was a date; "acc 44109238" masked "acc"; "Gas Safe 554219" was an organisation;
  "vs Cheadle Town" kept its "vs"; "Engineer: Dean Whitfield" was an organisation; "OK" was a place;
  "– Inês" (a message's signature after a dash) was an organisation.
"""
import pytest

from rules_support import rule_values
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)

WELCOME = ("Hi Chloé! Welcome to Cosy Cabin by the Lake. The key is in the lockbox (code 2291) to the left of the "
           "green door. Wifi: CosyCabin_5G / pass: pinecone88. Check-out is 10am Sunday. Any issues, call me or my "
           "husband Ricardo on +351 912 345 678. – Inês")


@pytest.mark.parametrize("value", ["2291", "pinecone88"])
def test_a_lock_box_code_and_a_wifi_pass_are_credentials(nlp, value):
    assert (value, "ID", "CREDENTIAL") in rule_values(WELCOME)
    assert (value, "ID") in masked_rows(nlp, WELCOME)


@pytest.mark.parametrize("text", ["Boarding pass: yes", "the lockbox is round the back. The code is 1234",
                                  "You pass: well done"])
def test_no_credential_without_its_shape(text):
    assert not any(kind == "CREDENTIAL" for _, _, kind in rule_values(text))


def test_a_messages_signature_after_a_dash_is_a_person(nlp):
    assert ("Inês", "PERSON") in masked_rows(nlp, WELCOME)


POST = ('AITA for not inviting my sister-in-law to my wedding? (28F) My SIL "Becca" (32F) told everyone at my '
        "dad's 60th in Swindon that I was pregnant. My fiancé Josh says I'm overreacting.")


def test_a_forums_names_and_ages(nlp):
    values = rule_values(POST)
    assert ("Becca", "PERSON", "RELATIVE") in values
    assert ("28", "AGE", "AGE") in values and ("32", "AGE", "AGE") in values
    rows = masked_rows(nlp, POST)
    assert ("Becca", "PERSON") in rows and ("28", "AGE") in rows


@pytest.mark.parametrize("text, name", [("my sister Lotte came", "Lotte"), ("my uncle Gaz came", "Gaz")])
def test_a_rare_capitalised_word_after_a_kinship_word_is_a_relative(text, name):
    assert (name, "PERSON", "RELATIVE") in rule_values(text)


@pytest.mark.parametrize("text", ["her husband Bitcoin", "my friend Paris said", "my mum Sorted it",
                                  "Ward (5F) is closed"])
def test_no_relative_or_age_from_a_frequent_word_or_a_floor(text):
    assert not any(kind in ("RELATIVE", "AGE") for _, _, kind in rule_values(text))


JOB_SHEET = ("JOB SHEET #JS-20931\nEngineer: Dean Whitfield (Gas Safe 554219)\n"
             "Customer: Mrs P. Lamb, 3 Orchard Cottages, Little Snoring, Fakenham NR21 0HT\n"
             "Fault: F28 ignition lockout. Replaced electrode. Flue gas analysis OK.\n")


def test_a_village_between_street_and_town_is_in_the_address(nlp):
    address = "3 Orchard Cottages, Little Snoring, Fakenham NR21 0HT"
    assert (address, "LOC", "ADDRESS") in rule_values(JOB_SHEET)
    assert (address, "LOC") in masked_rows(nlp, JOB_SHEET)


def test_a_job_sheets_engineer_and_registration(nlp):
    rows = masked_rows(nlp, JOB_SHEET)
    assert ("Dean Whitfield", "PERSON") in rows and ("554219", "ID") in rows
    assert not any(v in ("Gas Safe", "OK") for v, _ in rows)


CLUB = ("Subs of £25 are due by 1 Dec – bank transfer to Bramhall Juniors FC, sort code 09-01-28, acc 44109238, ref "
        "your child's name. Next match: Sat vs Cheadle Town at Queens Road Park, KO 10am.")


def test_a_sort_code_is_no_date_and_an_accounts_key_stays(nlp):
    assert ("09-01-28", "ID", "ACCOUNT_NUMBER") in rule_values(CLUB)
    assert not any(label == "DATETIME" for v, label, _ in rule_values(CLUB) if v == "09-01-28")
    rows = masked_rows(nlp, CLUB)
    assert ("44109238", "ID") in rows
    assert not any(v in ("acc", "vs Cheadle Town") for v, _ in rows)


def test_a_date_far_from_a_sort_code_stays(nlp):
    assert ("09-01-2028", "DATETIME", "DATE") in rule_values("Sort code below. Due on 09-01-2028 at the latest.")


def test_a_nursery_parent_is_a_person(nlp):
    text = "Cold compress applied. Parent (dad, Kofi) informed at collection 17:45.\nStaff: Bethan L. / Witness: Marcin K."
    rows = masked_rows(nlp, text)
    assert ("Kofi", "PERSON") in rows
