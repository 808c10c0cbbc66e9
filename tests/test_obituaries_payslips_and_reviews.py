"""Bugs found on an obituary, a payslip, a hotel review, an extenuating circumstances form and a team chat,
each fixed as a class.

- "PEMBERTON, Arthur James, died peacefully" was a place and a person (two entities for one man): a surname
  in capitals opening its line before a given name and a comma is one person with it.
- "OBITUARY", "PAYSLIP   Pay date:", "Extenuating Circumstances Form" were organisations: a document's
  kind on its own line, or with a rare dictionary word before it, is a title.
- "Family flowers only" (after a time that ends the sentence before it) was an organisation.
- "-£412.40" was an organisation; "PAYE" (after a line ending in a digit) was masked.
- "Lyn & Dave from Wrexham" was one organisation: two given names joined by "&" are two people.
"""
import pytest

from spacy_anon.mask.value_shapes import MONEY_SHAPE
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)

OBITUARY = ("OBITUARY\n\nPEMBERTON, Arthur James, died peacefully at St Luke's Hospice, Sheffield on 2nd November "
            "2025, aged 87. Funeral at Hutcliffe Wood Crematorium on Friday 21st November at 11.30am. Family "
            "flowers only; donations to Macmillan Cancer Support.")


def test_a_surname_in_capitals_before_given_names_is_one_person(nlp):
    rows = masked_rows(nlp, OBITUARY)
    assert ("PEMBERTON, Arthur James", "PERSON") in rows
    row = next(r for r in nlp(OBITUARY)._.anon_table if r["label"] == "PERSON")
    assert row["type"] == "PERSON"


@pytest.mark.parametrize("text, kept", [
    ("LONDON, Sarah said the trains were late.", "LONDON"),  # a dateline's town stays a place
    ("Sarah, James and Tom came.", "Sarah"),
])
def test_no_join_for_a_place_or_a_list(nlp, text, kept):
    assert kept in masked_texts(nlp, text)


def test_a_documents_kind_on_its_line_is_no_name(nlp):
    for title in ("OBITUARY", "Family flowers"):
        assert title not in masked_texts(nlp, OBITUARY)
    assert masked_texts(nlp, "PAYSLIP   Pay date: 28/11/2025") == ["28/11/2025"]
    text = "Extenuating Circumstances Form\n\nStudent name: Olusegun Adebayo-Harris"
    assert masked_texts(nlp, text) == ["Olusegun Adebayo-Harris"]


def test_a_surname_opening_a_sentence_stays(nlp):
    assert "Brown" in masked_texts(nlp, "Brown left early. Office staff were told.")


PAYSLIP = "Basic pay  £2,916.67\nPAYE tax  -£412.40\nEmployee NI  -£160.12\nNet pay  £2,528.35"


def test_a_payslips_deductions_are_amounts_and_its_keys_stay(nlp):
    rows = masked_rows(nlp, PAYSLIP)
    for amount in ("£2,916.67", "-£412.40", "£2,528.35"):
        assert (amount, "QUANTITY") in rows
    assert not any(v == "PAYE" for v, _ in rows)


@pytest.mark.parametrize("value", ["-£412.40", "−£12", "£2,916.67"])
def test_money_shape_reads_a_minus(value):
    assert MONEY_SHAPE.fullmatch(value)


def test_a_label_word_after_a_line_ending_in_a_digit_is_no_name(nlp):
    text = "Ref 12\nPCN BX40981276"
    assert "PCN" not in masked_texts(nlp, text)


@pytest.mark.parametrize("text, people", [
    ("Great stay, would recommend. - Tom & Lucy from Wrexham", ["Tom", "Lucy"]),
    ("Harry and Meghan visited Jamaica.", ["Harry", "Meghan"]),
])
def test_two_given_names_joined_are_two_people(nlp, text, people):
    rows = masked_rows(nlp, text)
    assert all((p, "PERSON") in rows for p in people)


@pytest.mark.parametrize("text, org", [("We stayed at Marks & Spencer", "Marks & Spencer")])
def test_a_firm_of_two_surnames_stays_one(nlp, text, org):
    assert (org, "ORG") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", ["Lincoln Park, Rockville, Maryland", "We walked along Jaguar Lane."])
def test_a_place_named_after_a_make_is_no_model(nlp, text):
    assert not any(label == "MISC" for _, label in masked_rows(nlp, text))
