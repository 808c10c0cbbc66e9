"""Bug (issue 28, leaks and wrong types in Canadian, Australian, Irish and US Medicare text): "Medicare
Beneficiary Identifier 1EG4-TE5-MK73" left "1EG" in clear and masked the key as an ORG; an Australian
Medicare card number "2953 48127 1" became an account number and a CONTACT "1"; "Tax File Number 123 456 782"
masked the key as an ORG and typed the number PHONE, as it did a Canadian "SIN: 046 454 286"; "A-Number: A
212-455-789" left the "A" in clear, typed PHONE. The class: these schemes' numbers (Canada's SIN, Australia's
TFN, Medicare card number and ABN, Ireland's PPS number, the US Medicare Beneficiary Identifier and Alien
Registration Number) are IDs of their own types, with their check digits where they have one; a number
right after its key is one whatever its check says (mistyped); their keys are labels, never names."""
import pytest

from spacy_anon.rules import validators as v
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("check,good,bad", [
    (v.ca_sin_valid, "046 454 286", "046 454 287"),
    (v.au_tfn_valid, "123 456 782", "123 456 783"),
    (v.au_medicare_valid, "2123 45670 1", "2953 48127 1"),
    (v.au_abn_valid, "51 824 753 556", "51 824 753 557"),
    (v.ie_pps_valid, "1234567T", "1234567U"),
    (v.ie_pps_valid, "1234567TW", "1234567TA"),
    (v.us_mbi_valid, "1EG4-TE5-MK73", "1EG4-TE5-MK7S"),
])
def test_check_digits_and_layouts(check, good, bad):
    assert check(good) and not check(bad)


@pytest.mark.parametrize("text,source,expected", [
    ("SIN: 046 454 286", "rules.ca_sin", "046 454 286"),
    ("Social Insurance Number 046-454-286", "rules.ca_sin", "046-454-286"),
    ("SIN: 046 454 287", "rules.ca_sin", "046 454 287"),  # keyed, check digit wrong: mistyped, still one
    ("your Tax File Number 123 456 782 has been updated", "rules.au_tfn", "123 456 782"),
    ("TFN is 123456782", "rules.au_tfn", "123456782"),
    ("Medicare card number is 2953 48127 1 and", "rules.au_medicare", "2953 48127 1"),
    ("card 2123 45670 1 on file", "rules.au_medicare", "2123 45670 1"),  # the card's layout, check digit holds
    ("ABN 51 824 753 556", "rules.au_abn", "51 824 753 556"),
    ("invoice from Smith Plumbing 51 824 753 556", "rules.au_abn", "51 824 753 556"),
    ("PPS number 1234567T", "rules.ie_pps", "1234567T"),
    ("Medicare Beneficiary Identifier 1EG4-TE5-MK73 for", "rules.us_mbi", "1EG4-TE5-MK73"),
    ("MBI: 1EG4TE5MK73", "rules.us_mbi", "1EG4TE5MK73"),
    ("A-Number: A 212-455-789", "rules.us_a_number", "A 212-455-789"),
    ("Alien Registration Number A212455789", "rules.us_a_number", "A212455789"),
])
def test_found(text, source, expected):
    assert texts(text, source) == [expected]


@pytest.mark.parametrize("text,source", [
    ("Call me on 046 454 286", "rules.ca_sin"),  # no key: a spaced nine digits may be a phone
    ("sin 046 454 286 antecedentes", "rules.ca_sin"),  # Spanish "sin" (without) is no key
    ("Order 123 456 782 shipped", "rules.au_tfn"),
    ("Ref 2953 48127 1", "rules.au_medicare"),  # the card's layout, check digit wrong, no key
    ("Room 1234567U", "rules.ie_pps"),
    ("part 1SG4-TE5-MK73", "rules.us_mbi"),  # an S: no MBI holds one
    ("Flat A 212-455-789", "rules.us_a_number"),
])
def test_not_found(text, source):
    assert texts(text, source) == []


def test_an_australian_letter(nlp):
    found = rows(nlp, "Hi Mr Okonkwo,\n\nYour Medicare card number is 2953 48127 1 and your Tax File Number 123 456 "
                      "782 has been updated.\n\nRegards,\nChloe Nguyen")
    assert ("2953 48127 1", "ID") in found and ("123 456 782", "ID") in found, found
    assert not any(t in ("Tax File Number", "1") for t, _ in found), found


def test_a_us_notice(nlp):
    found = rows(nlp, "Medicare Beneficiary Identifier 1EG4-TE5-MK73 for patient Dolores Ramirez.\n"
                      "A-Number: A 212-455-789\nSIN: 046 454 286\nABN 51 824 753 556, PPS number 1234567T")
    for value in ("1EG4-TE5-MK73", "A 212-455-789", "046 454 286", "51 824 753 556", "1234567T"):
        assert (value, "ID") in found, (value, found)
    assert not any(t in ("Medicare Beneficiary Identifier", "ABN", "PPS number", "SIN") for t, _ in found), found


def test_types(nlp):
    doc = nlp("SIN: 046 454 286. TFN: 123 456 782. MBI 1EG4-TE5-MK73.")
    assert sorted(row.get("type") for row in doc._.anon_table) == ["MBI", "SIN", "TFN"]
