"""Bug (issue 28, over-masking and wrong types in letters, prescriptions, minutes, tickets and dispatch
logs): "OFFER OF EMPLOYMENT" was a DEM and "Wedding Invitation" an ORG; an HMRC letter's "Unique Taxpayer
Reference" and "National Insurance number" were ORGs before their values; "Prescriber: James Whitcombe, MD"
made the prescriber and "MD" places and "NPI", "DEA" too; "45 Holloway Rd N7" left the district in clear;
"Deliver to 12 Camden St NW1, London" masked "Deliver to" with it; "@kpetrov-dev" was an ORG and "cc
@lwheeler @Ravi-K" one ORG; "Ubuntu 22.04" a place; minutes' "Cllr. Derek Pymm (unwell)" masked "unwell"
and "Mrs Okonjo of Meadow Farm" was one person. The classes: a title opening with a document's kind before
"of" or ending with one ("invitation", "offer", "letter", "referral"...); an identifier scheme's name ending
in its key right before the value; a prescriber's or an attending doctor's field; a profession's letters
in capitals after a person and a comma; a London district after its street; an imperative of delivery
opening a sentence; handles with hyphens; an operating system with its version; a list's lower-case
dictionary word in brackets; a titled person "of" a farm or a house, each its own span (the place a LOC:
the tagger's address pieces are places)."""
import pytest

from spacy_anon.mask.name_context import identifier_scheme
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,title", [
    ("OFFER OF EMPLOYMENT\n\nDear Ms. Adaeze Nwosu,\n\nWe are delighted to offer you the post.", "EMPLOYMENT"),
    ("Wedding Invitation\nMr and Mrs Robert Ashworth request the pleasure of your company.", "Invitation"),
])
def test_document_titles_are_no_names(nlp, text, title):
    assert not any(title in t for t, _ in rows(nlp, text))


@pytest.mark.parametrize("text,start,end", [
    ("Your Unique Taxpayer Reference is 12345 67890.", 5, 30), ("Your National Insurance number QQ 12 34 56 C", 5, 30),
    ("National Insurance number: QQ123456C", 0, 18),
])
def test_identifier_schemes_before_their_values(text, start, end):
    assert identifier_scheme(text, start, end)


def test_the_national_insurance_fund_is_no_key():
    assert not identifier_scheme("The National Insurance Fund pays benefits.", 4, 27)


def test_an_hmrc_letter_masks_values_not_keys(nlp):
    found = rows(nlp, "Your Unique Taxpayer Reference is 12345 67890. Your National Insurance number QQ 12 34 56 C "
                      "has been linked to your account.")
    assert [t for t, _ in found] == ["12345 67890", "QQ 12 34 56 C"], found


@pytest.mark.parametrize("text,person", [
    ("Prescriber: James Whitcombe, MD   NPI 1245319599   DEA BW1234563", "James Whitcombe"),
    ("Attending: Sarah Kim, MD", "Sarah Kim"),
])
def test_a_prescriber_and_a_credential(nlp, text, person):
    found = rows(nlp, text)
    assert (person, "PERSON") in found, found
    assert not any(t in ("MD", "NPI", "DEA") for t, _ in found), found


@pytest.mark.parametrize("text,address", [
    ("Dispatch log 22:14 - Unit 7 responding to 45 Holloway Rd N7 re: male collapsed.", "45 Holloway Rd N7"),
    ("She lives at 45 Holloway Rd N7 6LB now.", "45 Holloway Rd N7 6LB"),
    ("Deliver to 12 Camden St NW1, London.", "12 Camden St NW1, London"),
])
def test_london_districts_and_delivery_addresses(nlp, text, address):
    assert (address, "LOC") in rows(nlp, text)


def test_handles_with_hyphens_and_versions(nlp):
    text = ("github issue #2291 opened by @kpetrov-dev\n\n1. Install v2.4.1 on Ubuntu 22.04\n"
            "2. Reproduced on iOS 17.2\n\ncc @lwheeler @Ravi-K")
    found = rows(nlp, text)
    assert {"@kpetrov-dev", "@lwheeler", "@Ravi-K"} <= {t for t, _ in found}, found
    assert not any("Ubuntu" in t or "iOS" in t or "cc" == t[:2] for t, _ in found), found


def test_minutes_comments_and_places_of_people(nlp):
    found = rows(nlp, "Apologies: Cllr. Derek Pymm (unwell)\n1. The Chair welcomed Mr and Mrs Okonjo of Meadow "
                      "Farm, who raised concerns about speeding on Church Hill.")
    assert ("Derek Pymm", "PERSON") in found and ("Mrs Okonjo", "PERSON") in found, found
    assert ("Meadow Farm", "LOC") in found and not any("unwell" in t for t, _ in found), found
