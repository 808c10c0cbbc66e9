"""Bug (issue 28, leaks and wrong types): a prescription's "NPI 1245319599, DEA AR1234563" typed as bare ID
numbers; "NHI ZAC5361" (New Zealand's health index) masked with its key as a PERSON; "ITIN 912-70-1234,
company EIN 12-3456789" one CONTACT span; "NRIC S1234567D" typed PASSPORT with "NRIC" a place; a South
African ID number a record number; a French NIR a CONTACT; "Codice" of "Codice fiscale" a place; a German
Steuer-ID a PHONE; "BSN 111222333" (a Dutch citizen service number) left in clear. The class: these
schemes' numbers (US NPI, DEA, ITIN and EIN; Singapore's NRIC and FIN; South Africa's ID; New Zealand's
NHI; the Netherlands' BSN; France's NIR; Italy's codice fiscale; Germany's Steuer-ID) are IDs of their own
types, read with their check characters; right after their key they are one whatever the check says
(mistyped); their keys are labels, never names."""
import pytest

from spacy_anon.rules import validators as v
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("check,good,bad", [
    (v.us_npi_valid, "1245319599", "1245319598"),
    (v.us_dea_valid, "AR1234563", "AR1234564"),
    (v.us_itin_valid, "912-70-1234", "912-93-1234"),  # group 93 is none of the IRS's
    (v.us_ein_valid, "12-3456789", "07-3456789"),
    (v.sg_nric_valid, "S1234567D", "S1234567A"),
    (v.sg_nric_valid, "T1234567J", "T1234567D"),
    (v.za_id_valid, "8001015009087", "8001015009088"),
    (v.za_id_valid, "8001015009087", "8013015009084"),  # month 13
    (v.nz_nhi_valid, "ZAC5361", "ZAC5362"),
    (v.nz_nhi_valid, "ABC1235", "ABI1235"),  # no NHI holds an I
    (v.nl_bsn_valid, "111222333", "111222334"),
    (v.fr_nir_valid, "1 84 12 76 451 089 46", "1 84 12 76 451 089 47"),
    (v.it_fiscal_code_valid, "RSSMRA85T10A562S", "RSSMRA85T10A562T"),
    (v.de_tax_id_valid, "86095742719", "86095742718"),
    (v.de_tax_id_valid, "86095742719", "12345678901"),  # no digit repeated in the first ten
])
def test_check_characters_and_layouts(check, good, bad):
    assert check(good) and not check(bad)


@pytest.mark.parametrize("text,source,expected", [
    ("Prescriber NPI 1245319599, DEA AR1234563", "rules.us_npi", "1245319599"),
    ("Prescriber NPI 1245319599, DEA AR1234563", "rules.us_dea", "AR1234563"),
    ("his DEA number is AR1234564 (on the pad)", "rules.us_dea", "AR1234564"),  # keyed, mistyped
    ("National Provider Identifier: 1245319598", "rules.us_npi", "1245319598"),  # keyed, mistyped
    ("ITIN 912-70-1234 on the W-7", "rules.us_itin", "912-70-1234"),
    ("company EIN 12-3456789", "rules.us_ein", "12-3456789"),
    ("Employer Identification Number: 12-3456789", "rules.us_ein", "12-3456789"),
    ("Applicant NRIC S1234567D", "rules.sg_nric", "S1234567D"),
    ("his FIN is G1234567X, his pass", "rules.sg_nric", "G1234567X"),
    ("ID number 8001015009087 on file", "rules.za_id", "8001015009087"),
    ("ID 800101 5009 087 on file", "rules.za_id", "800101 5009 087"),
    ("Patient NHI ZAC5361 seen", "rules.nz_nhi", "ZAC5361"),
    ("NHI: ZAC53LA", "rules.nz_nhi", "ZAC53LA"),  # the newer layout, after its key
    ("BSN 111222333", "rules.nl_bsn", "111222333"),
    ("burgerservicenummer: 1112.22.333", "rules.nl_bsn", "1112.22.333"),
    ("NIR 1 84 12 76 451 089 46", "rules.fr_nir", "1 84 12 76 451 089 46"),
    ("French social security number 184127645108946 on the form", "rules.fr_nir", "184127645108946"),
    ("Codice fiscale RSSMRA85T10A562S", "rules.it_fiscal_code", "RSSMRA85T10A562S"),
    ("tax code: rssmra85t10a562s", "rules.it_fiscal_code", "rssmra85t10a562s"),
    ("Steuer-ID 86 095 742 719", "rules.de_tax_id", "86 095 742 719"),
    ("Steueridentifikationsnummer: 12 345 678 903", "rules.de_tax_id", "12 345 678 903"),
])
def test_found(text, source, expected):
    assert texts(text, source) == [expected]


@pytest.mark.parametrize("text,source", [
    ("Order 1245319599 shipped", "rules.us_npi"),  # valid, no key, no context word
    ("Call 1245319599 today", "rules.us_npi"),
    ("Part AR1234564 reordered", "rules.us_dea"),  # check digit wrong, no key
    ("Ref 912-93-1234", "rules.us_itin"),
    ("Batch 12-3456789 arrived", "rules.us_ein"),  # no key, no tax word
    ("Unit S1234567A", "rules.sg_nric"),
    ("Invoice 8013015009084", "rules.za_id"),
    ("Flight ZAC5362 delayed", "rules.nz_nhi"),
    ("Order 111222334", "rules.nl_bsn"),
    ("Ticket 1 84 12 76 451 089 47", "rules.fr_nir"),
    ("Code RSSMRA85T10A562T", "rules.it_fiscal_code"),
    ("Tel 86095742718", "rules.de_tax_id"),
])
def test_not_found(text, source):
    assert texts(text, source) == []


def test_a_prescription(nlp):
    found = rows(nlp, "Prescriber: Dr. Alan Reyes, NPI 1245319599, DEA AR1234563. Patient NHI ZAC5361, seen "
                      "3/4/2025.\nEmployee tax file: ITIN 912-70-1234, company EIN 12-3456789.")
    for value in ("1245319599", "AR1234563", "ZAC5361", "912-70-1234", "12-3456789"):
        assert (value, "ID") in found, (value, found)
    assert not any(t in ("NPI", "DEA", "NHI", "company EIN", "Patient NHI") for t, _ in found), found


def test_identifiers_of_other_countries_in_english_text(nlp):
    found = rows(nlp, "Applicant NRIC S1234567D. South African ID number 8001015009087. NIR 1 84 12 76 451 089 46. "
                      "Codice fiscale RSSMRA85T10A562S. Steuer-ID 12 345 678 903, BSN 111222333.")
    for value in ("S1234567D", "8001015009087", "1 84 12 76 451 089 46", "RSSMRA85T10A562S", "12 345 678 903",
                  "111222333"):
        assert (value, "ID") in found, (value, found)
    assert not any(t in ("NRIC", "Codice", "Steuer", "BSN") for t, _ in found), found


def test_types(nlp):
    doc = nlp("NPI 1245319599. DEA AR1234563. ITIN 912-70-1234. EIN 12-3456789. NRIC S1234567D. NHI ZAC5361. "
              "BSN 111222333. Codice fiscale RSSMRA85T10A562S. Steuer-ID 86 095 742 719.")
    assert sorted(row.get("type") for row in doc._.anon_table) == sorted(
        ["NPI", "DEA", "ITIN", "EIN", "NRIC", "NHI", "BSN", "CODICE_FISCALE", "STEUER_ID"])
