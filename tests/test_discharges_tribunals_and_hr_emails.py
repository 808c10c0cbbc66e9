"""Bugs found on a discharge summary, an employment tribunal's heading, an HR e-mail on maternity leave and a
deposit certificate, each fixed as a class.

- "Name: ELLIS, Barbara Jean" was two people: a name field's surname and two given names are one.
- "Carers QDS from Bluebird Care", "TIA clinic, Royal Stoke" were left in clear in a note written in mixed
  case: Title-case words beside each other inside a sentence are the writer's name for something, even when
  a dictionary lists each word.
- "Case No: 2403517/2025" was a contact; "Alexandra House, 14-22 The Parsonage, Manchester M3 2JA" a person,
  a number in clear and an organisation: a tribunal's number with its year is a case number, and a
  numbered street of any type with a range of numbers is part of the address.
- "EMP 33071" masked "EMP"; "SMP", "EWC" (statutory maternity pay, expected week of childbirth) were masked.
"""
import pytest

from rules_support import rule_values
from spacy_anon.mask.person_starts import given_name_and_initial
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)

DISCHARGE = ("DISCHARGE SUMMARY\nName: ELLIS, Barbara Jean   MRN: 00734521   Ward: Ward 12 (Stroke Unit)\n"
             "Admitted: 02/11/2025   Discharged: 16/11/2025\nConsultant: Dr R. Venkataraman\n"
             "Diagnosis: Left MCA infarct. AF newly diagnosed – started apixaban 5mg BD.\n"
             "Social: lives alone in a bungalow in Kidsgrove; daughter Karen (NOK) 07700 900981 visits daily. "
             "Carers QDS from Bluebird Care.\nFollow-up: TIA clinic, Royal Stoke, 6 weeks.")


def test_a_name_fields_surname_and_given_names_are_one_person(nlp):
    assert ("ELLIS, Barbara Jean", "PERSON") in masked_rows(nlp, DISCHARGE)


@pytest.mark.parametrize("name", ["Bluebird Care", "Royal Stoke"])
def test_title_case_names_in_a_mixed_case_note_are_kept(nlp, name):
    assert name in masked_texts(nlp, DISCHARGE)


def test_a_notes_clinical_words_stay(nlp):
    texts = masked_texts(nlp, DISCHARGE)
    assert not any(t in texts for t in ("Left MCA", "Stroke Unit", "TIA clinic", "AF"))


HEADING = ("Case No: 2403517/2025\nIN THE EMPLOYMENT TRIBUNAL\n"
           "BETWEEN: Mr O. Adeyemi (Claimant) and Greenfield Logistics Ltd (Respondent)\n"
           "Heard at: Manchester Employment Tribunal, Alexandra House, 14-22 The Parsonage, Manchester M3 2JA\n"
           "Before: Employment Judge Hargreaves")


def test_a_tribunals_case_number_and_address(nlp):
    values = rule_values(HEADING)
    assert ("2403517/2025", "CODE", "CASE_NUMBER") in values
    address = "Alexandra House, 14-22 The Parsonage, Manchester M3 2JA"
    assert (address, "LOC", "ADDRESS") in values
    rows = masked_rows(nlp, HEADING)
    assert (address, "LOC") in rows
    assert not any(v == "2403517/2025" and label == "CONTACT" for v, label in rows)


def test_a_financial_year_is_still_no_case_number():
    assert not any(kind == "CASE_NUMBER" for _, _, kind in rule_values("the 2024/25 budget"))


HR = ("Subject: Maternity leave – Anjali Raman (EMP 33071)\n\nHi team,\n\nAnjali's maternity leave starts on "
      "05/01/2026 (EWC 26/01/2026). She's opted for SMP plus 4 weeks' enhanced pay.")


def test_statutory_pays_abbreviations_and_an_employee_key_stay(nlp):
    texts = masked_texts(nlp, HR)
    assert "33071" in texts
    assert not any(t in texts for t in ("EMP", "EWC", "SMP"))


@pytest.mark.parametrize("value, expected", [("Rahul S.", True), ("Precious N.", True), ("Sergeant H.", False),
                                             ("Witness A.", False), ("Vitamin D.", False), ("Rahul S", False)])
def test_given_name_and_initial(value, expected):
    assert given_name_and_initial(value, 0, len(value), lambda w: w == "rahul") is expected


def test_a_ventilator_setting_after_assist_control_is_no_account():
    assert not any(kind == "ACCOUNT_NUMBER" for _, _, kind in rule_values("Rec'd pt on 7200 a/c 24/800/40 .5"))
