"""Bugs (issue 28) found on a UK custody record in capitals, a pharmacy label, a Nigerian bank complaint, a
claim call's transcript, a mortgage form, a CV and a team's announcement, each fixed as a class:

- leaks: a police record's number after its cue ("CUSTODY RECORD 44/1187/26" left "44/" in clear); a
  prescription's number ("Rx 884213"); the naira ("N50,000" left ",000" in clear; "₦", "NGN") and more
  ISO codes before an amount ("KES 2,500");
- capitals: "DOB" after a name was truecased "Dob" and swallowed by the name; "MR A PATEL" read "Mr a
  Patel" (the initial taken for the article); a surname after a rank and a collar number ("PC 4471 HUGHES")
  was an ORG;
- types: a code printed in groups under CONTACT ("HX 4471 2290 03", a policy number) is an ID; given names
  common in South Asia, East Asia and Africa that the name lists lacked ("Priyanka Desai" was a LOC);
- over-masking: a speaker by role ("adjuster:", "rep:"); a form's key with a party's number ("Applicant 1
  full name:", "Tenant 2 Email:"); a section's heading ("EMPLOYMENT HISTORY"); job titles of property,
  insurance and recruitment ("Senior Lettings Negotiator", "Head of Insights"); a season before "term".
"""
import pytest

from spacy_anon.casing import truecased_text
from tests.default_pipeline import masked_rows as rows, masked_texts, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,value", [
    ("CUSTODY RECORD 44/1187/26. DETAINED PERSON: CONNOR JAMES WALSH", "44/1187/26"),
    ("Crime no. 4412/25 was allocated.", "4412/25"),
    ("The occurrence number 20251104-0091 was given.", "20251104-0091"),
])
def test_police_record_numbers(nlp, text, value):
    assert value in masked_texts(nlp, text)  # "no. 4412/25" is also `rules.case_number`'s


@pytest.mark.parametrize("text,value", [
    ("Mr Tobias Lindgren. 12/03/2026. Rx 884213. Boots Pharmacy", "884213"),
    ("Rx# 6624019 ready for collection", "6624019"), ("prescription number 3390127", "3390127"),
    ("RX: 44182930", "44182930"),
])
def test_prescription_numbers(text, value):
    assert texts(text, "rules.record_number") == [value]


@pytest.mark.parametrize("text", ["RX 10000 units heparin", "Rx 2 tabs bd", "Rx amoxicillin 500mg"])
def test_a_dose_after_rx_is_no_prescription_number(text):
    assert texts(text, "rules.record_number") == []


def test_the_rx_label_stays(nlp):
    found = masked_texts(nlp, "Mr Tobias Lindgren. 12/03/2026. Rx 884213. Boots Pharmacy")
    assert "884213" in found and "Rx" not in found, found


@pytest.mark.parametrize("text,value", [
    ("Yesterday 3 debits of N50,000 each left my account.", "N50,000"),
    ("I paid ₦1,250,000 to him", "₦1,250,000"), ("NGN 40,000 was sent", "NGN 40,000"),
    ("then KES 2,500 in fees", "KES 2,500"), ("N10,000,000 fraud", "N10,000,000"),
])
def test_naira_and_more_currency_codes(text, value):
    assert texts(text, "rules.money") == [value]


@pytest.mark.parametrize("text", ["Office at N1 9GU.", "Bus N50 leaves at 9", "PHP 8.2 is installed"])
def test_no_money_without_an_amounts_shape(text):
    assert texts(text, "rules.money") == []


@pytest.mark.parametrize("text,expected", [
    ("DETAINED PERSON: CONNOR JAMES WALSH DOB 03/11/1999", "Detained person: Connor James Walsh DOB 03/11/1999"),
    ("SOLICITOR REQUESTED: MR A PATEL OF PATEL & CO.", "Solicitor requested: Mr A Patel of Patel & CO."),
    ("THE DOCTOR A DAY LATER", "The doctor a day later"),
])
def test_truecasing_keeps_field_keys_and_initials(text, expected):
    assert truecased_text(text) == expected


def test_a_custody_record_in_capitals(nlp):
    text = ("CUSTODY RECORD 44/1187/26. DETAINED PERSON: CONNOR JAMES WALSH DOB 03/11/1999. ARRESTED AT 0215 HRS "
            "BY PC 4471 HUGHES. SOLICITOR REQUESTED: MR A PATEL OF PATEL & CO.")
    found = rows(nlp, text)
    assert ("44/1187/26", "ID") in found and ("CONNOR JAMES WALSH", "PERSON") in found, found
    assert ("HUGHES", "PERSON") in found and ("MR A PATEL", "PERSON") in found, found
    assert ("PATEL & CO", "ORG") in found and not any("DOB" in t for t, _ in found), found


def test_a_code_in_groups_under_contact_is_an_id(nlp):
    text = "adjuster: can you confirm your policy number\ncaller: yeah its HX 4471 2290 03\nadjuster: thank you"
    found = rows(nlp, text)
    assert ("HX 4471 2290 03", "ID") in found, found
    assert not any(t == "adjuster" for t, _ in found), found


@pytest.mark.parametrize("text,name", [
    ("Our new Head of Insights, Priyanka Desai, starts Monday.", "Priyanka Desai"),
    ("Rahul Verma called about the invoice.", "Rahul Verma"),
    ("Meeting with Hiroshi Tanaka tomorrow.", "Hiroshi Tanaka"),
])
def test_given_names_of_more_countries(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found
    assert not any("Head" in t for t, _ in found), found


def test_form_keys_with_a_partys_number(nlp):
    text = "Applicant 1 full name: Rajesh Kumar Sharma\nApplicant 2 full name: Meera Sharma\nTenant 2 Email: m@x.com"
    found = masked_texts(nlp, text)
    assert "Rajesh Kumar Sharma" in found and "Meera Sharma" in found, found
    assert not any("Applicant" in t or "Tenant" in t for t in found), found


def test_section_headings_and_job_titles(nlp):
    text = ("Kind regards,\nDeclan Shaw\nSenior Lettings Negotiator\nCastle & Co Estate Agents\n\n"
            "EMPLOYMENT HISTORY\n2019 - present   Data Analyst, Northumbrian Water, Durham\n")
    found = masked_texts(nlp, text)
    assert "Declan Shaw" in found and "Northumbrian Water" in found, found
    assert not any(w in t for t in found for w in ("Negotiator", "HISTORY")), found
    assert "Brighton History" in masked_texts(nlp, "Brighton History\nA club.")  # not a section's word alone


@pytest.mark.parametrize("text", ["Autumn term starts soon.", "See you after spring term!"])
def test_a_season_before_term_is_no_name(nlp, text):
    assert masked_texts(nlp, text) == []
