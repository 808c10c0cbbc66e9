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
    "GB81WEST12345698765432",  # mod-97 = 0, not 1 (rearranged digits computed by hand): checksum
    "ES912100041845020005133",  # length
    # mod-97 = 1 but 23 characters where Spain's IBANs have 24 (check digits 98 from the ISO 7064
    # algorithm on "2100041845020005133ES00"): only the per-country length rejects it
    "ES982100041845020005133",
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


@pytest.mark.parametrize("number,network", [
    ("4222222222222", "visa"), ("4111111111111111", "visa"), ("5555555555554444", "mastercard"),
    ("2223003122003222", "mastercard"), ("378282246310005", "amex"), ("6011111111111117", "discover"),
    ("3566002020360505", "jcb"), ("36227206271667", "diners"), ("6200000000000005", "unionpay"),
    ("6759649826438453", "maestro"),
])
def test_card_network_of_published_test_numbers(number, network):
    assert v.card_network(number) == network and v.credit_card_valid(number)


@pytest.mark.parametrize("number", [
    "1234567890128",  # passes Luhn, no network starts with 1 at 13 digits
    "5105105105102",  # Mastercard prefix at 13 digits
    "3782822463100003",  # Amex prefix at 16 digits
    "411111111111116",  # Visa prefix at 15 digits
])
def test_luhn_valid_numbers_outside_every_network(number):
    assert v.luhn_valid(number) and v.card_network(number) is None and not v.credit_card_valid(number)


@pytest.mark.parametrize("value,ok", [
    ("1234567L", True),  # 01234567 mod 23 = 19 -> L
    ("12345678z", True), ("x1234567l", True),
    ("1234567Z", False), ("123456L", False),
])
def test_es_dni_short_and_lower_case(value, ok):
    assert v.es_dni_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("10.0.0.0/8", True), ("192.168.0.0/16", True), ("2001:db8::/32", True), ("::ffff:192.0.2.128", True),
    ("10.0.0.0/33", False), ("2001:db8::/129", False), ("10.0.0.0/", False), ("192.168.1.256", False),
])
def test_ip_with_prefix(value, ok):
    assert v.ip_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("943 476 5919", True), ("4010232137", True),  # NHS Digital examples
    ("943 476 5918", False),  # check digit changed
    ("401 023 213", False),  # nine digits
    ("0000000000", False),  # one repeated digit
])
def test_nhs_number(value, ok):
    assert v.nhs_number_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("AB 12 34 56 C", True), ("AB123456C", True),
    ("QQ123456C", False),  # the specimen prefix: Q never comes first
    ("BG123456A", False), ("NK123456A", False), ("ZZ123456A", False),  # prefixes never allocated
    ("FA123456A", False), ("AV123456A", False), ("AB123456E", False), ("AB12345C", False),
])
def test_uk_nino(value, ok):
    assert v.uk_nino_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("MORGA657054SM9IJ", True), ("MOR99657054SM9IJ", True), ("MORGA607054SM9IJ", True),
    ("MORGA613054SM9IJ", False),  # month 13
    ("MORGA663054SM9IJ", False),  # month 63 (a woman's month is 51-62)
    ("MORGA657004SM9IJ", False),  # day 00
    ("M9RGA657054SM9IJ", False),  # padding before the surname's letters
    ("MORGA657054SM9I", False),  # 15 characters
])
def test_gb_driving_licence_layout(value, ok):
    assert v.gb_driving_licence_plausible(value) is ok


@pytest.mark.parametrize("address,ok", [
    ("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", True), ("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", True),
    ("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", False),  # last character changed
    ("1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a", False),  # 0 is not in the Base58 alphabet
])
def test_bitcoin_base58check(address, ok):
    from spacy_anon.rules import wallets

    assert wallets.bitcoin_base58_valid(address) is ok


@pytest.mark.parametrize("address,ok", [
    ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", True),  # BIP-173
    ("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", True),  # upper case is allowed
    ("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", True),  # BIP-173 P2WSH
    ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", True),  # BIP-350 Bech32m
    ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", False),  # checksum
    ("bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", False),  # mixed case
    ("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", False),  # BIP-173 testnet address: another prefix
])
def test_bitcoin_bech32(address, ok):
    from spacy_anon.rules import wallets

    assert wallets.bech32_valid(address) is ok


@pytest.mark.parametrize("value,ok", [
    ("B12345674", True), ("B-1234567-4", True), ("P1234567D", True), ("G12345674", True), ("G1234567D", True),
    ("B12345675", False), ("P12345674", False),  # a body's control is a letter
    ("A1234567J", False), ("I12345674", False), ("B1234567", False),
])
def test_es_cif(value, ok):
    assert v.es_cif_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("28 12345678 40", True), ("281234567840", True), ("28/12345678/40", True),
    ("28 12345678 41", False), ("00 12345678 40", False), ("28 1234 40", False),
])
def test_es_nss(value, ok):
    assert v.es_nss_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("123.456.789-09", True), ("12345678909", True), ("123.456.789-08", False), ("123.456.789-19", False),
    ("111.111.111-11", False), ("1234567890", False),
])
def test_br_cpf(value, ok):
    assert v.br_cpf_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("11.222.333/0001-81", True), ("11222333000181", True), ("11.222.333/0001-82", False),
    ("11.222.333/0001-71", False), ("00000000000000", False),
])
def test_br_cnpj(value, ok):
    assert v.br_cnpj_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("232013969", True), ("501442600", True), ("232013968", False), ("432013969", False), ("23201396", False),
])
def test_pt_nif(value, ok):
    assert v.pt_nif_valid(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
     True),
    ("eyJzdWIiOiIxMjM0NTY3ODkwIn0.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc", False),  # header without alg or typ
    ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.abc", False),  # two parts
    ("eyJ!!!.abc.def", False),
])
def test_jwt(value, ok):
    assert v.jwt_valid(value) is ok


def test_shannon_entropy():
    assert v.shannon_entropy("") == 0.0 and v.shannon_entropy("aaaa") == 0.0
    assert v.shannon_entropy("abcd") == 2.0
