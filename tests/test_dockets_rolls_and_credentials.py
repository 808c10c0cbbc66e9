"""Bugs (issue 28) found on a US lawyer's preservation letter and an Indian parent's e-mail, each fixed as a
class: a US federal court's docket number is a case number ("Case No. 2:25-cv-01187" masked "2:25" as a
time and left "-cv-01187" in clear); a student's roll or enrolment number is an ID ("roll no. 21BCE1043"
left "21" and "1043" in clear); "Namaste" is a greeting, no person; "Esq." after a name is a credential;
a firm ending in "PLLC" is an organisation, no place; a street without a number after a preposition of
place is an address ("Walgreens on Elm St" left the street in clear)."""
import pytest

from tests.default_pipeline import masked_rows as rows, masked_texts, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,value", [
    ("Re: Smith v. Halvorsen Logistics LLC, Case No. 2:25-cv-01187 (W.D. Wash.)", "2:25-cv-01187"),
    ("United States v. Doe, 1:24-cr-00231-JMF", "1:24-cr-00231-JMF"),
])
def test_us_federal_dockets(text, value):
    assert texts(text, "rules.case_number") == [value]


def test_a_time_is_no_docket():
    assert texts("We met at 2:25 pm and left at 3:40-ish", "rules.case_number") == []


@pytest.mark.parametrize("text,value", [
    ("My son Karthik (roll no. 21BCE1043) is studying in VIT Vellore.", "21BCE1043"),
    ("Enrolment number: 2023CS10456", "2023CS10456"),
])
def test_student_numbers(text, value):
    assert texts(text, "rules.id_number") == [value]


def test_an_indian_parents_email(nlp):
    text = ("Namaste sir, I am Ramesh Iyer from Chennai. My son Karthik (roll no. 21BCE1043) is studying in VIT "
            "Vellore. Kindly share his semester fee receipt to ramesh.iyer1968@gmail.com. Regards.")
    found = masked_texts(nlp, text)
    assert "21BCE1043" in found and "Ramesh Iyer" in found, found
    assert "Namaste" not in found, found


def test_a_lawyers_signature(nlp):
    found = rows(nlp, "Sincerely,\nJonathan Pryce, Esq.\nPryce & Aldana PLLC")
    assert ("Jonathan Pryce", "PERSON") in found and ("Pryce & Aldana PLLC", "ORG") in found, found
    assert not any(t == "Esq" for t, _ in found), found


@pytest.mark.parametrize("text,street", [
    ("58 y/o M BIBA from Walgreens on Elm St after syncopal episode.", "Elm St"),
    ("We walked along Canal Street to the bridge", "Canal Street"),
    # and its town after a comma (a police appeal's "assaulted on Oxford Road, Reading," left "Reading" in clear)
    ("a man was assaulted on Oxford Road, Reading, at about 11.15pm", "Oxford Road, Reading"),
    ("we met on Main Street, John said hi", "Main Street"),  # a given name, no town
    # parish minutes' "dog fouling on Church Walk" made the street a person
    ("complaint re: dog fouling on Church Walk from resident", "Church Walk"),
])
def test_a_bare_street_after_a_preposition(text, street):
    assert texts(text, "rules.address") == [street]


def test_no_bare_street_without_its_type():
    assert texts("We met on Elm Grove Farm and at St Mary's", "rules.address") == []


@pytest.mark.parametrize("text,value", [
    ("His pension number was PN-4471192. I'm his executor.", "PN-4471192"),
    ("Scheme member no: 00448812", "00448812"), ("My account number was 41882610", "41882610"),
])
def test_a_pension_number_and_a_number_that_was(text, value):
    """Bug: an executor's "His pension number was PN-4471192" was left in clear: a pension's number is an
    account's, and "was" joins a label to its value as "is" does."""
    assert texts(text, "rules.account_number") == [value]


@pytest.mark.parametrize("text,value", [
    ("Helen to chase Capita re: contract 88-2291; Raj to book", "88-2291"), ("Contract No. C-4471/22", "C-4471/22"),
])
def test_a_contracts_number(text, value):
    assert texts(text, "rules.reference_number") == [value]
    assert texts("the agreement 2019 was signed under the contract for 12 months", "rules.reference_number") == []


def test_a_registers_name_is_a_label(nlp):
    """Bug: a death certificate's "Dr Helen Marsh (GMC 4471902)" masked "GMC" as an organisation: a clinical
    register's name before its number is the number's label."""
    found = masked_texts(nlp, "I, Dr Helen Marsh (GMC 4471902), certify that Mr Peter Lund died.")
    assert "4471902" in found and "GMC" not in found, found


@pytest.mark.parametrize("text,value", [
    ("Please provide a copy of his records. Our ref: YD/PI/2291. Regards", "YD/PI/2291"),
    ("claim ref HX/2024/88 today", "HX/2024/88"),
])
def test_a_reference_opening_with_letter_groups(text, value):
    """Bug: a solicitor's "Our ref: YD/PI/2291" masked "YD" and left "/PI/2291" in clear: a reference's code
    may open with up to three groups of capitals."""
    assert texts(text, "rules.reference_number") == [value]
