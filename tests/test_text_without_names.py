"""Text that names nobody, or names only what rules read, keeps its words: a recipe's "until golden", a
meeting's "platform team" read as dates, a business quarter ("Q4 roadmap") read as an organisation, a score
or temperature ("MoCA 21/30", "200C"). A short invoice or e-mail with "VAT", "GB", "ext" or "ASAP" is no
clinical note (the note filter would drop its company's name), and a chat export's channel tag ("[#general]
09:14 sam.r:") still opens a speaker's turn, so the whole user name is masked."""
import pytest

import spacy_anon
from rules_support import table_rows
from spacy_anon.lexicon.clinical_terms import is_clinical_note
from spacy_anon.mask.dateless import dateless, period_code


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("value,expected", [
    ("platform team", True), ("golden", True), ("200C", True), ("21/30", True), ("mortar below", True),
    ("January", False), ("the following morning", False), ("two weeks", False), ("last summer", False),
    ("1996/97", False), ("8.00 am", False), ("Christmas Eve", False), ("a few years", False),
])
def test_dateless(value, expected):
    assert dateless(value) is expected


@pytest.mark.parametrize("value,expected", [("Q4 roadmap", True), ("Q3", True), ("FY26 plan", True),
                                            ("Q3 Holdings", False), ("Quentin", False), ("H2O Ltd", False)])
def test_period_code(value, expected):
    assert period_code(value) is expected


@pytest.mark.parametrize("text", [
    "Preheat the oven to 200C. Mix the flour. Bake for 25 minutes until golden.",
    "The meeting covered the Q4 roadmap, hiring plans for the platform team and the budget.",
    "Her MoCA was 21/30 and her MMSE 24/30 today. BP 140/90.",
])
def test_no_date_or_organisation_where_none_is_named(nlp, text):
    assert not any(label in ("DATETIME", "ORG") for _, label in table_rows(nlp, text))


INVOICE = ("Invoice INV-20931\nBill to: Harlow & Finch Architects LLP, 2 Temple Row, Birmingham B2 5LG\n"
           "Date: 28/11/2026\nDescription: Website redesign (phase 2) - 40 hours @ £65\nVAT reg: GB 123 4567 89\n"
           "Payment to: Sort code 20-45-77, Account 43917720")


def test_a_short_invoice_is_no_clinical_note(nlp):
    assert not is_clinical_note(INVOICE)
    assert not is_clinical_note("Hi Sam, call me on ext 4471 ASAP about the VAT return. Thanks, Jo")
    found = [value for value, _ in table_rows(nlp, INVOICE)]
    assert "Harlow & Finch Architects LLP" in found and "GB 123 4567 89" in found


def test_a_chat_exports_channel_tag_opens_a_turn(nlp):
    text = ("[#general] 09:14 sam.r: morning all, standup in 5\n"
            "[#general] 09:15 leila.k: running late, train delayed at Clapham\n"
            "[#general] 09:21 sam.r: np. @leila.k can you send the Q3 deck to Marcus before lunch?")
    doc = nlp(text)
    found = [value for value, _ in table_rows(nlp, text)]
    assert "sam.r" in found and "leila.k" in found and "Marcus" in found
    assert ".r:" not in doc._.anon_text and ".k:" not in doc._.anon_text
    assert "09:14" in doc._.anon_text  # when a message was sent names nobody


def test_a_forms_second_column_and_its_keys(nlp):
    text = ("PATIENT REGISTRATION FORM\nSurname: OKONKWO    Forename(s): CHIDI EMEKA\n"
            "Date of birth: 14/07/1990    Sex: M\nNext of kin: NGOZI OKONKWO (WIFE) 07700 900 458")
    found = table_rows(nlp, text)
    assert ("CHIDI EMEKA", "PERSON") in found and ("M", "DEM") in found
    assert "Next of kin" not in [value for value, _ in found]


def test_a_tab_between_fields_ends_the_name(nlp):
    assert table_rows(nlp, "Surname: Okonkwo\tFirst name: Chidi") == [("Okonkwo", "PERSON"), ("Chidi", "PERSON")]


@pytest.mark.parametrize("text,kept", [
    ("Quick reminder that the all-hands is at 3pm. If you can't make it, Nadia will share it.", "If"),
    ("Paid with Amex ending 1009", "Amex"),
    ("Your Nike trainers (size 6) will arrive Tuesday.", "size 6"),
])
def test_conjunctions_card_brands_and_sizes_are_no_names(nlp, text, kept):
    assert kept in nlp(text)._.anon_text
