"""Bugs (issue 28) found on a passport's data line and a social worker's case note, each fixed as a class: a
tagger's span right after a name's, a place's or an organisation's field key is the field's value, kept
whatever its words ("Place of birth: Limerick" was dropped as the common word "limerick"); a key that opens
a form's column after a run of spaces, with "of" or "for" inside, is a key ("...   Date of issue:" masked
"Date" as a person); a kinship word or a word for children before a name is no part of it ("and children
Kai (6)" masked "children Kai"); an age stated after a name is an age ("Mrs Hazel Finch (72)", "Mr Derek
Shaw, 79," left the ages in clear); a police message in capitals with "HRS" and "INSP" is no clinical note
(the note filter had dropped its street, time and date)."""
import pytest

from spacy_anon.mask.form_keys import common_words_key
from tests.default_pipeline import masked_rows as rows, masked_texts, nlp  # noqa: F401  (the module fixture)

PASSPORT = "Passport No: 533421876   Nationality: Irish   Date of issue: 04 JUN 2019   Place of birth: Limerick"


def test_a_passports_data_line(nlp):
    found = rows(nlp, PASSPORT)
    assert ("Limerick", "LOC") in found and ("533421876", "ID") in found, found
    assert not any(t == "Date" for t, _ in found), found


@pytest.mark.parametrize("text,word,expected", [
    (PASSPORT, "Date", True), ("Reason for visit: chest pain", "Reason", True),
    ("Bank of England: statement", "Bank", False), ("Of course: yes", "course", False),
])
def test_keys_with_of_or_for_and_at_a_column(text, word, expected):
    start = text.index(word)
    assert common_words_key(text, start, start + len(word)) is expected


def test_kin_words_before_names(nlp):
    text = "Home visit to Ms Tracey Bolton and children Kai (6) and Maisie (3) at 22 Sutton Lane, Grimsby."
    found = masked_texts(nlp, text)
    assert "Kai" in found and "Maisie" in found and not any("children" in t for t in found), found


@pytest.mark.parametrize("text,age", [
    ("She stated that her grandson, Jordan Finch (19), had taken £300 from her purse.", "19"),
    ("The occupant, Mrs Hazel Finch (72), called at 9pm.", "72"),
    ("Nursing handover: Mr Derek Shaw, 79, post-op day 2.", "79"),
])
def test_an_age_stated_after_a_name(nlp, text, age):
    assert (age, "AGE") in rows(nlp, text)


@pytest.mark.parametrize("text", ["Article 8 (2) of the Convention applies.", "Flat 4, 12, High Street"])
def test_no_age_without_a_name_before_it(nlp, text):
    assert not any(label == "AGE" for _, label in rows(nlp, text))


def test_a_police_message_in_capitals_is_no_clinical_note(nlp):
    text = ("FROM: SGT P MORRISON 2291\nTO: INSP K ABADI\nRE: MISSING PERSON – LUCY HARGREAVES (14) – LAST SEEN "
            "HAWORTH ROAD, BRADFORD 1830 HRS 21/02")
    found = masked_texts(nlp, text)
    assert {"HAWORTH ROAD", "1830 HRS", "21/02", "14"} <= set(found), found
    assert "INSP" not in found, found
