"""Identifiers an adversary tries first, one unit per recognizer: what each finds (the whole value) and the
near misses it leaves alone (a wrong check digit, a plain number with no context word, an ordinary word)."""
import pytest

import spacy_anon
from spacy_anon.rules import find_matches

JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
       "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")


def texts(text, source):
    return [text[m.start:m.end] for m in find_matches(text) if m.source == source]


def assert_unit(source, text, expected):
    assert texts(text, source) == expected, (source, text)


# ------------------------------------------------------------------ rules.es_dni (dotted, dashed, lower case)
@pytest.mark.parametrize("text,expected", [
    ("DNI 12.345.678-Z del titular", ["12.345.678-Z"]),
    ("su documento: 12345678-z.", ["12345678-z"]),
    ("The applicant, 12.345.678-z, appealed.", ["12.345.678-z"]),
    ("NIE X1234567L", ["X1234567L"]),
])
def test_es_dni_found(text, expected):
    assert_unit("rules.es_dni", text, expected)


@pytest.mark.parametrize("text", [
    "DNI 12.345.678-A del titular",  # wrong check letter (Z)
    "dni 12345678-a",
    "it cost 12.345.678 euros",  # no letter
    "1.12.345.678-Z",  # part of a longer dotted number
    "order 12345678 z",  # a number and a word
])
def test_es_dni_not_found(text):
    assert_unit("rules.es_dni", text, [])


# ------------------------------------------------------------------ rules.es_cif
@pytest.mark.parametrize("text,expected", [
    ("La empresa con CIF B12345674 emitió la factura.", ["B12345674"]),
    ("NIF: B-1234567-4", ["B-1234567-4"]),
    ("Asociación con NIF G12345674", ["G12345674"]),
    ("Ayuntamiento, CIF P1234567D", ["P1234567D"]),  # a public body: letter control
])
def test_es_cif_found(text, expected):
    assert_unit("rules.es_cif", text, expected)


@pytest.mark.parametrize("text", ["CIF B12345675", "CIF P12345674", "the code B1234567 is", "CIF B123456740"])
def test_es_cif_not_found(text):
    assert_unit("rules.es_cif", text, [])


# ------------------------------------------------------------------ rules.es_nss
@pytest.mark.parametrize("text,expected", [
    ("Número de la Seguridad Social 28 12345678 40.", ["28 12345678 40"]),
    ("afiliación 28/12345678/40", ["28/12345678/40"]),
    ("NSS: 281234567840", ["281234567840"]),
])
def test_es_nss_found(text, expected):
    assert_unit("rules.es_nss", text, expected)


@pytest.mark.parametrize("text", [
    "Seguridad Social 28 12345678 41",  # control digits
    "call 281234567840 now",  # a valid run of digits without a context word
    "Seguridad Social 99 12345678 40",  # no such province
])
def test_es_nss_not_found(text):
    assert_unit("rules.es_nss", text, [])


# ------------------------------------------------------------------ rules.br_cpf, rules.br_cnpj, rules.br_rg
@pytest.mark.parametrize("text,expected", [
    ("CPF 123.456.789-09", ["123.456.789-09"]),
    ("CPF: 12345678909.", ["12345678909"]),
    ("Her taxpayer number 123.456.789-09 was on the form.", ["123.456.789-09"]),
])
def test_br_cpf_found(text, expected):
    assert_unit("rules.br_cpf", text, expected)


@pytest.mark.parametrize("text", [
    "CPF 123.456.789-08", "CPF: 12345678908", "CPF 111.111.111-11",
    "the order 12345678909 shipped",  # valid digits, no context word: could be a mobile number
])
def test_br_cpf_not_found(text):
    assert_unit("rules.br_cpf", text, [])


@pytest.mark.parametrize("text,expected", [
    ("CNPJ 11.222.333/0001-81", ["11.222.333/0001-81"]),
    ("empresa inscrita no CNPJ sob o n.º 11222333000181", ["11222333000181"]),
])
def test_br_cnpj_found(text, expected):
    assert_unit("rules.br_cnpj", text, expected)


@pytest.mark.parametrize("text", ["CNPJ 11.222.333/0001-82", "the id 11222333000181 again"])
def test_br_cnpj_not_found(text):
    assert_unit("rules.br_cnpj", text, [])


@pytest.mark.parametrize("text,expected", [
    ("RG 12.345.678-9", ["12.345.678-9"]),  # the whole number, never its tail
    ("carteira de identidade 1.234.567-X", ["1.234.567-X"]),
    ("RG nº 123456789", ["123456789"]),
])
def test_br_rg_found(text, expected):
    assert_unit("rules.br_rg", text, expected)


@pytest.mark.parametrize("text", ["version 12.345.678-9", "it cost 12.345.678 reais", "RG 12.345.678-9.1"])
def test_br_rg_not_found(text):
    assert_unit("rules.br_rg", text, [])


# ------------------------------------------------------------------ rules.pt_nif
@pytest.mark.parametrize("text,expected", [
    ("O contribuinte com NIF 232013969 pagou.", ["232013969"]),
    ("contribuinte n.º 232 013 969", ["232 013 969"]),
    ("NIPC: PT501442600", ["PT501442600"]),
    ("contribuinte e telefone conhecidos; NIF 232013969", ["232013969"]),  # the nearest tax word counts
])
def test_pt_nif_found(text, expected):
    assert_unit("rules.pt_nif", text, expected)


@pytest.mark.parametrize("text", [
    "NIF 232013968",  # check digit
    "the number 232013969 was",  # valid, but no tax word: a plain 9-digit number
    "In 2019 there were 123456789 visitors",
    "NIF do pai; telefone 232013969",  # the tax word is not right before this number
])
def test_pt_nif_not_found(text):
    assert_unit("rules.pt_nif", text, [])


def test_pt_nif_wins_over_the_phone_reading():
    """Nine digits after "contribuinte" are a NIF (typed ID), not a phone number."""
    matches = find_matches("contribuinte 232013969", phone_regions=["PT"])
    assert [(m.source, m.label) for m in matches] == [("rules.pt_nif", "ID")]


# ------------------------------------------------------------------ credentials
def test_jwt_found():
    assert_unit("rules.jwt", f"Authorization failed for {JWT}.", [JWT])


@pytest.mark.parametrize("text", [
    # three base64url parts whose header is not a JSON object with "alg" or "typ"
    "blob eyJzdWIiOiIxMjM0NTY3ODkwIn0.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc",
    "eyJhbGciOiJIUzI1NiJ9",  # one part only
])
def test_jwt_not_found(text):
    assert_unit("rules.jwt", text, [])


@pytest.mark.parametrize("text,expected", [
    ("export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG", ["wJalrXUtnFEMI/K7MDENG"]),
    ("DB_PASSWORD: 's3cr3t!pass'", ["s3cr3t!pass"]),
    ('{"github_token": "abcd1234efgh"}', ["abcd1234efgh"]),
    ("DJANGO_SECRET_KEY = django-insecure-xyz", ["django-insecure-xyz"]),
])
def test_secret_assignment_found(text, expected):
    assert_unit("rules.secret_assignment", text, expected)


@pytest.mark.parametrize("text", ["export PATH=/usr/bin:/bin", "monkey=3", "PASSWORD_HINT", "primary key: the id",
                                  "keyboard_layout = us"])
def test_secret_assignment_not_found(text):
    assert_unit("rules.secret_assignment", text, [])


def test_private_key_whole_block():
    block = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx4UbaDzY5xjW7TsQ1eJ0\n-----END RSA PRIVATE KEY-----"
    assert_unit("rules.private_key", f"Key file:\n{block}\nThanks.", [block])


def test_private_key_cut_before_its_footer():
    head = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAAAABAAAAMwAAAAtzc2gtZW"
    assert_unit("rules.private_key", head + "\n\nregards, Ann", [head])


def test_certificate_is_not_a_private_key():
    assert_unit("rules.private_key", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", [])


@pytest.mark.parametrize("text,expected", [
    ("The secret 9f8e7d6c5b4a39281716a5b4c3d2e1f0 was leaked.", ["9f8e7d6c5b4a39281716a5b4c3d2e1f0"]),
    ("api key is Zk3q9XvB2mLr8TnW4pYs7", ["Zk3q9XvB2mLr8TnW4pYs7"]),
])
def test_secret_token_found(text, expected):
    assert_unit("rules.secret_token", text, expected)


@pytest.mark.parametrize("text", [
    "the key findings of the report were many",
    "key 12345678901234567890123",  # digits only
    "the secret-of-the-matter-is-simple-really",  # letters only
    "token aaaaaaaaaa1111111111",  # too little entropy
])
def test_secret_token_not_found(text):
    assert_unit("rules.secret_token", text, [])


# ------------------------------------------------------------------ defanged addresses
@pytest.mark.parametrize("text,expected", [
    ("The attacker used 192[.]168[.]1[.]23 twice.", ["192[.]168[.]1[.]23"]),
    ("beacon to 10(.)0(.)0(.)1", ["10(.)0(.)0(.)1"]),
    ("IOC: 45.33.32[.]156", ["45.33.32[.]156"]),
])
def test_defanged_ip_found(text, expected):
    assert_unit("rules.defanged_ip", text, expected)


@pytest.mark.parametrize("text", ["the value 192.168.1.23 is plain", "range 300[.]1[.]1[.]1", "see [.] here 1.2"])
def test_defanged_ip_not_found(text):
    assert_unit("rules.defanged_ip", text, [])


@pytest.mark.parametrize("text,expected", [
    ("payload at hxxp://evil[.]example/x.", ["hxxp://evil[.]example/x"]),
    ("Blocked hxxps[://]bad.example.org today", ["hxxps[://]bad.example.org"]),
    ("domain evil[.]example contacted", ["evil[.]example"]),
])
def test_defanged_url_found(text, expected):
    assert_unit("rules.defanged_url", text, expected)


@pytest.mark.parametrize("text", ["see example.com today", "http://example.com", "a list [.] of things"])
def test_defanged_url_not_found(text):
    assert_unit("rules.defanged_url", text, [])


# ------------------------------------------------------------------ rules.username
@pytest.mark.parametrize("text,expected", [
    ("cc: jkowalski, mthornbury\nThe meeting is at noon.", ["jkowalski", "mthornbury"]),
    ("user: jdoe42", ["jdoe42"]),
    ("login mthornbury failed", ["mthornbury"]),
    ("logged in as j.doe and left", ["j.doe"]),
    ("usuario: jperez82", ["jperez82"]),
    ("account name: jsmith99", ["jsmith99"]),
])
def test_username_found(text, expected):
    assert_unit("rules.username", text, expected)


@pytest.mark.parametrize("text", [
    "cc: John Smith, Mary",  # names are the taggers' to find
    "10 cc of saline", "the user interface was slow", "login screen", "user: admin", "users of the system",
    "The applicant's user account", "cc: anna@example.org",  # an e-mail is `rules.email`'s
    "cc: dyspnea, syncope",  # a chief complaint, not a list of accounts
])
def test_username_not_found(text):
    assert_unit("rules.username", text, [])


# ------------------------------------------------------------------ in the default pipelines
@pytest.fixture(scope="module")
def nlp_en():
    return spacy_anon.load()


@pytest.mark.parametrize("text,pieces", [
    ("The applicant's DNI is 12.345.678-Z and her CPF is 123.456.789-09.", ("345.678", "456.789")),
    (f"Use the token {JWT} to log in.", ("eyJhbGci", "dozjgNry", "eyJzdWIi")),
    ("Run export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY first.", ("wJalrXUtnFEMI", "EXAMPLEKEY")),
    ("The attacker used 192[.]168[.]1[.]23 and hxxp://evil[.]example/payload.", ("192[.]168", "1[.]23", "evil[.]")),
    ("cc: jkowalski, mthornbury\nThe meeting is at noon.", ("jkowalski", "mthornbury")),
    ("Key file:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx4UbaDzY5xjW7TsQ1eJ0\n-----END RSA PRIVATE KEY-----\n",
     ("MIIEowIBAAKCAQEA",)),
    ("The secret 9f8e7d6c5b4a39281716a5b4c3d2e1f0 was leaked.", ("9f8e7d6c",)),
    ("Her RG 12.345.678-9 was stolen in Recife.", ("12.345", "678-9")),
])
def test_the_english_pipeline_leaves_none_in_clear(nlp_en, text, pieces):
    out = nlp_en(text)._.anon_text
    assert not [p for p in pieces if p in out], out
