"""The letters of a postal code are no clinical shorthand: "NG90 1BS" holds "NG" (nasogastric) and "BS"
(bowel sounds), "TN 37203" a state that is also a note's abbreviation. Read as note terms, they made a
short form with an address a clinical note, and the note filter then dropped the form's surname
("Surname: ABUBAKAR" left in clear) and employer. A note with a postcode still reads as a note. In a note,
a form's name fields ("Surname:", "Forenames:") hold names, and "IN SITU" names no place."""
import pytest

import spacy_anon
from rules_support import table_rows
from spacy_anon.lexicon.clinical_terms import is_clinical_note


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


ADDRESSES = [
    "Boots UK, 1 Thane Road, Nottingham NG90 1BS",
    "12 Watergate Street, Chester CH1 2LE, near the Grosvenor PH",
    "4 Mill Lane, Northampton NN1 5PE, Peterborough PE1 1BS",
    "221 Elm St, Nashville, TN 37203 and 9 Oak Ave, Concord, NH 03301",
    "33 Friar Gate, Derby DE1 1DD, c/o Truro TR1 2SL",
]


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_forms_postal_codes_make_no_clinical_note(address):
    assert not is_clinical_note(f"Surname: ABUBAKAR\nOccupation: Teacher\nAddress: {address}")


@pytest.mark.parametrize("address", ADDRESSES)
def test_the_surname_of_a_form_with_postal_codes_is_masked(nlp, address):
    text = f"Visa application\nSurname: ABUBAKAR\nGiven names: Halima Zainab\nOccupation: Pharmacist\nEmployer: {address}"
    found = [value for value, _ in table_rows(nlp, text)]
    assert "ABUBAKAR" in found and "Halima Zainab" in found


def test_a_note_with_a_postcode_is_still_a_note():
    note = "PT ALERT, ORIENTED. BP 142/88, HR 92, SATS 96% ON RA. NG TUBE IN SITU. LIVES AT 4 MILL LANE, HULL HU5 4PE."
    assert is_clinical_note(note)


@pytest.mark.parametrize("key", ["Surname", "SURNAME", "Forenames", "Surnames", "Given names", "Family name"])
def test_a_notes_name_fields_hold_names(nlp, key):
    text = f"REFERRAL. {key}: ABUBAKAR. PT ALERT, ORIENTED. BP 142/88, HR 92, SATS 96% ON RA. PLAN: CXR, FBC, U&E."
    assert is_clinical_note(text)
    assert ("ABUBAKAR", "PERSON") in table_rows(nlp, text)


@pytest.mark.parametrize("text", [
    "PT ALERT, ORIENTED. BP 142/88, HR 92, SATS 96% ON RA. NG TUBE IN SITU. PLAN: CXR, FBC, U&E.",
    "pt alert. bp 142/88, hr 92. picc line in situ, flushed. fetal growth in utero normal on uss.",
])
def test_latin_after_in_is_no_place_in_a_note(nlp, text):
    assert is_clinical_note(text)
    assert table_rows(nlp, text) == []


def test_a_references_letters_are_no_shorthand(nlp):
    text = ("Thank you for your application for the role of Staff Nurse (ref: 2026-SN-0412). Interview: Tuesday "
            "2 Dec, 10:30, Room B14, Block C, St Helier Hospital, Carshalton SM5 1AA. Panel: Matron Joy Adeleke.")
    assert not is_clinical_note(text)
    assert ":30" not in nlp(text)._.anon_text  # the clock time is read whole
