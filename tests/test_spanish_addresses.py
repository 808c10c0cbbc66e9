"""Spanish addresses as clinical case reports write them (MEDDOCAN): a street named after a person stays a
place with its type, "s/n" is the address's, and a bare number after a street's name is its house number, no
age. These were lost when English rules for names and ages ran on Spanish text."""
import pytest

import spacy_anon
from spacy_anon.mask.shorthand import slash_code_label


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load(lang="es")


def rows(nlp, text):
    return [(text[r["start"]:r["end"]], r["label"]) for r in nlp(text)._.anon_table]


@pytest.mark.parametrize("text,street", [
    ("NHC: 2547916.\nDomicilio: Calle Pedro Gonu, 28, Bajo A.\nLocalidad/ Provincia: Madrid.", "Calle Pedro Gonu"),
    ("NASS: 13 47635097 36.\nDomicilio: Calle Carlos Vázquez, 8, 2, 1.\nLocalidad/ Provincia: Madrid.",
     "Calle Carlos Vázquez"),
])
def test_a_street_named_after_a_person_stays_a_street(nlp, text, street):
    found = rows(nlp, text)
    assert (street, "LOC") in found, found
    assert not any(label == "PERSON" for _, label in found), found


def test_sin_numero_is_the_addresss(nlp):
    text = "Hospital Civil. Avda. Carlos Haya, s/n. 29010 Málaga."
    assert ("s/n", "LOC") in rows(nlp, text)
    assert slash_code_label("Avda. Carlos Haya, s/n.", 19, 22, "es") is None
    assert slash_code_label("S/N 88231 on the label", 0, 3) == ""  # in English a serial number's key
    assert slash_code_label("R/O pneumonia", 0, 3) == ""  # a note's shorthand still is


@pytest.mark.parametrize("text,number", [
    ("Hospital Dr. Peset Av. Gaspar Aguilar, 90. 46017 Valencia. (España).", "90"),
])
def test_a_house_number_after_a_street_is_no_age(nlp, text, number):
    found = rows(nlp, text)
    assert any(t == number and label != "AGE" for t, label in found), found
