"""Bugs found on a CCTV request, a donations export, a school letter, a holiday post and a Spanglish text.

- "Requester: PC 4471 Hannah Reid" masked "PC 4471" as an organisation: a police officer's collar number
  after "PC", "PCSO" or "DC" is an ID number and the rank word no name.
- "Location: junction of Cowley Road and Magdalen Road, Oxford" gave both streets and Oxford to an
  organisation: a place's field reaches over lower-case words before the value and over its later parts.
- A table's "Yes" (Gift Aid) was a place, "Year 2" (a class) an organisation, "hola" a person.
- "the Cliffside Villas till the 20th" masked "till" with the villas.
"""
import pytest

from rules_support import rule_values
from spacy_anon.mask.name_context import software_word
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)

CCTV = ("CCTV request\nRequester: PC 4471 Hannah Reid, Thames Valley Police\n"
        "Location: junction of Cowley Road and Magdalen Road, Oxford\nDate/time: Saturday 12 April 2025, 23:10")


def test_a_collar_number_is_an_id_and_the_rank_no_name(nlp):
    assert ("4471", "ID", "ID_NUMBER") in rule_values(CCTV)
    masked = masked_texts(nlp, CCTV)
    assert "Hannah Reid" in masked and not any(m.startswith("PC") for m in masked)
    assert ("PC Hannah Reid", "PERSON") in masked_rows(nlp, "PC Hannah Reid attended.")


@pytest.mark.parametrize("value", ["Cowley Road and Magdalen Road", "Oxford"])
def test_a_place_fields_value_is_a_place_past_lower_case_words(nlp, value):
    assert (value, "LOC") in masked_rows(nlp, CCTV)


def test_an_organisation_in_a_place_field_stays_one(nlp):
    rows = masked_rows(nlp, "Location: Acme Ltd, Leeds")
    assert ("Acme Ltd", "ORG") in rows and ("Leeds", "LOC") in rows


@pytest.mark.parametrize("text, word", [
    ("Name,Donation,Date,Gift Aid,Notes\nMargaret Ellis,£250.00,12/01/2025,Yes,In memory of husband Tom", "Yes"),
    ("a case of chickenpox has been confirmed in Year 2 (Miss Okonjo's class).", "Year 2"),
    ("hola! soy Mateo, I'm staying at my aunt's place", "hola"),
    ("staying at the Cliffside Villas till the 20th.", "till"),
])
def test_answers_year_groups_greetings_and_till_are_no_names(nlp, text, word):
    assert not any(word in m for m in masked_texts(nlp, text))


@pytest.mark.parametrize("value, expected", [("Yes", True), ("N/A", True), ("Year 2", True), ("Y6", True),
                                             ("Yesenia", False), ("Yeardley", False)])
def test_software_word(value, expected):
    assert software_word(value) is expected
