"""Every structured-identifier recognizer against the hidden forms of its value: an invisible character
inside, a NUL, dashes for hyphens, a line break after a hyphen, full-width digits. The match must cover
the whole hidden form (nothing of it left in clear) and keep the recognizer's label."""
import pytest

from spacy_anon.rules.matching import find_matches
from spacy_anon.rules.recognizers import REGISTRY

# recognizer -> (sentence with {v}, value); values are valid (published test numbers or checked by hand)
SAMPLES = {
    "rules.email": ("Write to {v} today.", "anna.kowalski@example.com"),
    "rules.url": ("Visit {v} today.", "https://www.example.com/profile/anna"),
    "rules.ip": ("The server IP address {v} is down.", "192.168.10.45"),
    "rules.phone": ("Please call {v} now.", "212-555-0199"),
    "rules.phone_tail": ("Contact the desk on ext. {v} with questions.", "4471"),
    "rules.card_tail": ("Please refund my Visa ending {v} today.", "4412"),
    "rules.vehicle_plate": ("Her vehicle (plate {v}) was damaged.", "7ABC123"),
    "rules.payment_id": ("Duplicate charge confirmed (payment id {v}). Refunded.", "pi_3Qx88aL"),
    "rules.credit_card": ("Paid with credit card {v} yesterday.", "4111 1111 1111 1111"),
    "rules.iban": ("Transfer to IBAN {v} please.", "GB82 WEST 1234 5698 7654 32"),
    "rules.us_ssn": ("Her SSN is {v} on file.", "536-22-1784"),
    "rules.es_dni": ("Su DNI es {v} vigente.", "12345678Z"),
    "rules.passport": ("His passport number is {v} issued.", "C01X00T47"),
    "rules.record_number": ("MRN {v} admitted today.", "12345678"),
    "rules.case_number": ("Application no. {v} was lodged.", "40593/04"),
    "rules.mac_address": ("The device MAC address {v} was seen.", "00:1A:2B:3C:4D:5E"),
    "rules.crypto_wallet": ("Send bitcoin to {v} now.", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"),
    "rules.uk_nhs": ("Her NHS number is {v} today.", "943 476 5919"),
    "rules.uk_nino": ("His National Insurance number is {v} today.", "AB 12 34 56 C"),
    "rules.in_aadhaar": ("Her Aadhaar number is {v} on file.", "2345 6789 0124"),
    "rules.in_pan": ("His PAN is {v} today.", "ABCPK1234F"),
    "rules.ca_sin": ("SIN: {v} on file.", "046 454 286"),
    "rules.au_tfn": ("Your Tax File Number {v} was updated.", "123 456 782"),
    "rules.au_medicare": ("Medicare card number {v} on file.", "2123 45670 1"),
    "rules.au_abn": ("Invoice from ABN {v} today.", "51 824 753 556"),
    "rules.ie_pps": ("My PPS number is {v} today.", "1234567T"),
    "rules.us_mbi": ("Medicare Beneficiary Identifier {v} for her.", "1EG4-TE5-MK73"),
    "rules.us_a_number": ("A-Number: {v} on the notice.", "A 212-455-789"),
    "rules.uk_vat": ("VAT reg no: {v} on the invoice.", "GB 123 4567 89"),
    "rules.us_npi": ("Prescriber NPI {v} on the script.", "1245319599"),
    "rules.us_dea": ("Prescriber DEA {v} on the script.", "AR1234563"),
    "rules.us_itin": ("Her ITIN is {v} on the W-7.", "912-70-1234"),
    "rules.us_ein": ("Company EIN {v} on the form.", "12-3456789"),
    "rules.sg_nric": ("Applicant NRIC {v} on the form.", "S1234567D"),
    "rules.za_id": ("South African ID number {v} on file.", "8001015009087"),
    "rules.nz_nhi": ("Patient NHI {v} seen today.", "ZAC5361"),
    "rules.nl_bsn": ("Her BSN is {v} on file.", "111222333"),
    "rules.fr_nir": ("NIR {v} on the carte vitale.", "1 84 12 76 451 089 46"),
    "rules.it_fiscal_code": ("Codice fiscale {v} on the form.", "RSSMRA85T10A562S"),
    "rules.de_tax_id": ("Steuer-ID {v} on the letter.", "86 095 742 719"),
    "rules.gb_driving_licence": ("Driving licence number {v} was shown.", "MORGA657054SM9IJ"),
    "rules.postal_code": ("My postcode is {v} in London.", "SW1A 1AA"),
    "rules.es_cif": ("La empresa con CIF {v} factura.", "B12345674"),
    "rules.es_nss": ("Seguridad Social {v} vigente.", "28 12345678 40"),
    "rules.br_cpf": ("Seu CPF é {v} hoje.", "123.456.789-09"),
    "rules.br_cnpj": ("A empresa de CNPJ {v} paga.", "11.222.333/0001-81"),
    "rules.br_rg": ("Seu RG é {v} hoje.", "12.345.678-9"),
    "rules.pt_nif": ("O contribuinte com NIF {v} pagou.", "232013969"),
    "rules.jwt": ("Use the token {v} once.", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlMTIz"),
    "rules.secret_assignment": ("Run export AWS_SECRET_ACCESS_KEY={v} first.", "wJalrXUtnFEMI-K7MDENG"),
    "rules.private_key": ("Key:\n{v}\nThanks.",
                          "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5\n-----END EC PRIVATE KEY-----"),
    "rules.secret_token": ("The secret {v} was leaked.", "9f8e7d6c5b4a3928-1716a5b4c3d2e1f0"),
    "rules.defanged_ip": ("The attacker used {v} twice.", "192[.]168[.]1[.]23"),
    "rules.defanged_url": ("Payload at {v} today.", "hxxp://evil[.]example/x-1"),
    "rules.username": ("user: {v}\nThanks.", "j-kowalski42"),
    "rules.speaker_handle": ("[09:14] {v}: the build failed again\n[09:15] ops: on it", "frostbyte_77"),
    "rules.employee_id": ("Employee ID: {v} on the badge.", "EMP-204518"),
    "rules.account_number": ("Please quote account ref {v} today.", "WR-27-03-1188"),
    "rules.reference_number": ("Invoice {v} is overdue.", "INV-20931"),
    "rules.device_id": ("Laptop asset tag {v} was reported stolen.", "LT-04411"),
    "rules.id_number": ("Employee: Tomasz Nowak (ID {v}) was absent.", "448210"),
    "rules.spoken_phone": ("caller: call me back on {v}, thanks", "oh seven seven double oh nine oh oh three one two"),
    "rules.spoken_ip": ("caller: the router shows {v} now", "ten dot oh dot two five five dot one"),
    "rules.spoken_number": ("caller: the card ends {v}, i think", "eight eight one six"),
}


def variants(value: str):
    middle = len(value) // 2
    yield "zero-width space", value[:middle] + "\u200b" + value[middle:]
    yield "soft hyphen", value[:middle] + "\u00ad" + value[middle:]
    yield "word joiner", value[:middle] + "\u2060" + value[middle:]
    yield "NUL", value[:middle] + "\x00" + value[middle:]
    if "-" in value:
        yield "en dashes", value.replace("-", "\u2013")
        yield "line break after a hyphen", value.replace("-", "-\n", 1)
    if any(c.isdigit() for c in value):
        yield "full-width digits", "".join(chr(ord(c) - 0x30 + 0xFF10) if c.isdigit() else c for c in value)


def covered(name, text, hidden):
    start = text.index(hidden)
    label = REGISTRY[name].label
    return any(m.start <= start and start + len(hidden) <= m.end and m.label == label
               for m in find_matches(text, tuple(REGISTRY.values())))


def test_every_structured_recognizer_has_a_sample():
    missing = sorted(name for name, rec in REGISTRY.items()  # the shipped ones (tests register others)
                     if name.startswith("rules.") and rec.label in ("CONTACT", "ID", "CODE") and not rec.opt_in
                     and name not in SAMPLES)
    assert not missing or set(missing) <= {"rules.handle", "rules.credential", "rules.uk_utr", "rules.pager"}, missing


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_plain_value_is_found(name):
    template, value = SAMPLES[name]
    assert covered(name, template.format(v=value), value)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_hidden_forms_are_found_whole(name):
    template, value = SAMPLES[name]
    missed = [form for form, hidden in variants(value) if not covered(name, template.format(v=hidden), hidden)]
    assert missed == []
