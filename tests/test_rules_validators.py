"""Checksums and plausibility checks used by the rule recognizers."""
import pytest

from spacy_anon.rules import validators as v


@pytest.mark.parametrize("number", ["4111111111111111", "5500 0000 0000 0004", "340376792748116", "30288610434735"])
def test_luhn_valid(number):
    assert v.luhn_valid(number) and v.credit_card_valid(number)


@pytest.mark.parametrize("number", ["4111111111111112", "1234567812345678", "0000000000000000", "41111"])
def test_credit_card_invalid(number):
    assert not v.credit_card_valid(number)


@pytest.mark.parametrize("iban", [
    "GB82WEST12345698765432", "GB82 WEST 1234 5698 7654 32", "ES9121000418450200051332",
    "PT50000201231234567890154", "DE89370400440532013000", "gb82west12345698765432",
])
def test_iban_valid(iban):
    assert v.iban_valid(iban)


@pytest.mark.parametrize("iban", [
    "GB82WEST12345698765433",  # checksum
    "ES912100041845020005133",  # length
    "XX82WEST12345698765432",  # country
    "GBX2WEST12345698765432",  # check digits not numeric
])
def test_iban_invalid(iban):
    assert not v.iban_valid(iban)


@pytest.mark.parametrize("ssn,ok", [
    ("536-22-1234", True), ("536221234", True), ("000-12-3456", False), ("666-12-3456", False),
    ("900-12-3456", False), ("123-00-4567", False), ("123-45-0000", False), ("078-05-1120", False),
    ("123-45-6789", False), ("123-45.6789", False),
])
def test_us_ssn(ssn, ok):
    assert v.us_ssn_valid(ssn) is ok


@pytest.mark.parametrize("value,ok", [("12345678Z", True), ("X1234567L", True), ("12345678A", False), ("1234567Z", False)])
def test_es_dni(value, ok):
    assert v.es_dni_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("03/04/2004", True), ("31/12/1999", True), ("12/31/1999", True), ("31/13/1999", False),
    ("13/13/2000", False), ("00/10/2000", False), ("2004/03/03", True),
])
def test_numeric_date(value, ok):
    assert v.numeric_date_valid(value) is ok


@pytest.mark.parametrize("value,ok", [("192.168.0.1", True), ("::1", True), ("256.1.1.1", False), ("1.2.3", False)])
def test_ip(value, ok):
    assert v.ip_valid(value) is ok
