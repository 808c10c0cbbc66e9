"""Real identifier formats the default rules used to miss or mistake, through `find_matches`.

Each value is a published example (card networks' and payment processors' test numbers, BIP-173/350
addresses, NHS and HMRC documentation) or a hand-made variant that differs in exactly one respect.
"""
import pytest

from spacy_anon.rules import find_matches, get_recognizers


def found(text, **config):
    """[(matched text, recognizer name)] of the default recognizers."""
    return [(text[m.start:m.end], m.source) for m in find_matches(text, **config)]


def texts(text, source, **config):
    return [text[m.start:m.end] for m in find_matches(text, **config) if m.source == source]


# ------------------------------------------------------------------ 1. UK postcodes
@pytest.mark.parametrize("text,expected", [
    ("My address is SW1A 1AA in London", "SW1A 1AA"),  # two digits in the whole text
    ("Deliver to EC1A 1BB.", "EC1A 1BB"),
    ("my postcode is sw1a 1aa", "sw1a 1aa"),  # lower case, full form
    ("she lives at m1 1ae near the station", "m1 1ae"),
    ("postcode: sw1a1aa", "sw1a1aa"),  # run together: only with a context word
])
def test_uk_postcodes_found(text, expected):
    assert texts(text, "rules.postal_code") == [expected]


@pytest.mark.parametrize("text", [
    "vitamin b12 3rd dose, the a1 2nd time, e1 1st floor",  # ordinals are not inward codes
    "the ref sw1a1aa was sent",  # run together without a context word
    "we took the m4 to bristol",
])
def test_lowercase_prose_is_not_a_postcode(text):
    assert texts(text, "rules.postal_code") == []


def test_postal_prefilter_follows_the_locale():
    # a US ZIP needs five digits: two are enough for a UK postcode, not for a ZIP
    postal = get_recognizers(("postal_code",))  # alone: `rules.address` takes "London SW1A 1AA" whole
    assert texts("London SW1A 1AA", "rules.postal_code", recognizers=postal, postal_locales=["GB"]) == ["SW1A 1AA"]
    assert texts("London SW1A 1AA", "rules.postal_code", recognizers=postal, postal_locales=["US"]) == []


# ------------------------------------------------------------------ 2. payment cards
@pytest.mark.parametrize("text,expected", [
    ("card 4012 8888 8888 1881 12/25", "4012 8888 8888 1881"),  # expiry after the number
    ("Card: 4111-1111-1111-1111 123", "4111-1111-1111-1111"),  # security code after it
    ("card 4111 1111 1111 1111 12/2027 737", "4111 1111 1111 1111"),  # both
    ("Amex 3782 822463 10005 1234 on file", "3782 822463 10005"),  # 4-digit code after a 4-6-5 card
])
def test_card_followed_by_expiry_or_code(text, expected):
    assert texts(text, "rules.credit_card") == [expected]


@pytest.mark.parametrize("number", [
    "4111111111111111", "4012888888881881", "4222222222222",  # Visa (16 and 13 digits)
    "5555555555554444", "5105105105105100", "2223003122003222",  # Mastercard (51-55, 2221-2720)
    "378282246310005", "371449635398431",  # American Express
    "6011111111111117", "6011000990139424", "6555900000604105",  # Discover (6011, 65)
    "3530111333300000", "3566002020360505",  # JCB
    "30569309025904", "38520000023237", "36227206271667",  # Diners Club
    "6200000000000005", "6205500000000000004",  # UnionPay (16 and 19 digits)
    "6759649826438453", "630427373398",  # Maestro (16 and 12 digits)
])
def test_published_test_card_numbers_found(number):
    assert texts(f"Please charge card {number} today.", "rules.credit_card") == [number]


@pytest.mark.parametrize("number", [
    "1234567890128",  # 13 digits, passes Luhn, no network issues a 1...
    "5105105105102",  # Mastercard prefix, passes Luhn, but Mastercard numbers have 16 digits
    "3782822463100003",  # Amex prefix, passes Luhn, 16 digits instead of 15
    "411111111111116",  # Visa prefix, passes Luhn, 15 digits
])
def test_luhn_alone_is_not_a_card(number):
    assert texts(f"Please charge card {number} today.", "rules.credit_card") == []


@pytest.mark.parametrize("text", [
    "My IBAN is GB82 WEST 1234 5698 7654 33.",  # an invalid IBAN (mod-97) yields no card from its tail
    "Account GB82 WEST 4111 1111 1111 1111 closed.",  # a card-valid tail of an IBAN-shaped string
    "Serial 4111 1111 1111 1111 1111 printed.",  # a fifth group: a longer number
])
def test_card_like_parts_of_longer_strings_are_not_cards(text):
    assert texts(text, "rules.credit_card") == []


# ------------------------------------------------------------------ 3. IP addresses
@pytest.mark.parametrize("text,expected", [
    ("Block the range 10.0.0.0/8 at the firewall.", "10.0.0.0/8"),
    ("Route 192.168.0.0/16 via the gateway", "192.168.0.0/16"),
    ("The prefix 2001:db8::/32 is documentation.", "2001:db8::/32"),
    ("Client 2001:db8:0:0:0:0:192.168.1.1 connected.", "2001:db8:0:0:0:0:192.168.1.1"),
    ("Mapped address ::ffff:192.0.2.128 seen.", "::ffff:192.0.2.128"),
    ("Loopback ::1 only.", "::1"),
])
def test_ip_with_prefix_or_embedded_ipv4_is_one_span(text, expected):
    assert texts(text, "rules.ip") == [expected]


@pytest.mark.parametrize("text", [
    "The host 192.168.1.256 does not exist.",
    "Call 192.168.1.256 now.",  # an invalid IP is not a phone number either
    "Route 10.0.0.1/33 is not a prefix.",
    "Use the :: operator.",
])
def test_invalid_ips_are_not_tagged_at_all(text):
    assert found(text) == []


def test_a_clock_time_is_not_an_ipv6_address():
    assert found("It happened at 12:30:45 on the dot.") == [("12:30:45", "rules.time")]


# ------------------------------------------------------------------ 4. dates with a dashed month name
@pytest.mark.parametrize("text,expected", [
    ("Admitted 5-May-2021 for review.", "5-May-2021"),
    ("DOB: 22-nov-1972", "22-nov-1972"),
    ("Invoice period May-2021 closed.", "May-2021"),
    ("Issued 05-Sep-21 by the registry.", "05-Sep-21"),
    ("SEEN 01-JAN-2020.", "01-JAN-2020"),
])
def test_dashed_month_dates(text, expected):
    assert texts(text, "rules.date") == [expected]


def test_dashed_month_needs_a_month():
    assert texts("Part 5-Mxy-2021 and 12-Foo-99.", "rules.date") == []


# ------------------------------------------------------------------ 5. Spanish NIF / NIE
@pytest.mark.parametrize("text,expected", [
    ("Paciente con dni 12345678z ingresa.", "12345678z"),  # lower-case check letter
    ("DNI 1234567L del titular", "1234567L"),  # 7 digits: 01234567 mod 23 = 19 -> L
    ("NIE x1234567l en vigor", "x1234567l"),
    ("Documento 12345678Z", "12345678Z"),
])
def test_dni_loose_forms_found(text, expected):
    assert texts(text, "rules.es_dni") == [expected]


@pytest.mark.parametrize("text", [
    "Código 1234567L en la caja.",  # a loose form without a context word
    "DNI 1234567Z del titular",  # wrong check letter for 7 digits
    "dni 12345678a",  # wrong check letter (Z is right)
    "DNI 12345678 z",  # a lower-case letter apart from the digits is a word
])
def test_dni_loose_forms_rejected(text):
    assert texts(text, "rules.es_dni") == []


# ------------------------------------------------------------------ 6. passports
@pytest.mark.parametrize("text,expected", [
    ("Mi pasaporte es AAA123456", "AAA123456"),
    ("여권 번호: M123A4567", "M123A4567"),
    ("passport no. 123456789", "123456789"),
    ("Passport: C01X00T47", "C01X00T47"),
    ("O passaporte CS265436 foi emitido.", "CS265436"),
])
def test_passport_numbers_beside_a_passport_word(text, expected):
    assert texts(text, "rules.passport") == [expected]
    assert [label for m in find_matches(text) for label in [m.label]] == ["ID"]


@pytest.mark.parametrize("text", [
    "Order AAA123456 shipped on time.",
    "Product code C01X00T47 in stock.",
    "My passport is PASSPORT.",  # letters only
])
def test_codes_elsewhere_are_not_passports(text):
    assert texts(text, "rules.passport") == []


# ------------------------------------------------------------------ 7. e-mail domains
@pytest.mark.parametrize("text,expected", [
    ("Write to user@xn--bcher-kva.example today.", "user@xn--bcher-kva.example"),
    ("Escriba a jose@bücher.de hoy.", "jose@bücher.de"),
    ("Почта ivan@mail.xn--p1ai работает.", "ivan@mail.xn--p1ai"),
    ("Mail: anna.kowalska@szpital.pl", "anna.kowalska@szpital.pl"),
])
def test_email_with_idn_or_punycode_domain(text, expected):
    assert texts(text, "rules.email") == [expected]


def test_email_local_part_is_at_most_64_characters():
    local = "a" * 65
    assert texts(f"Write to {local}@example.com now.", "rules.email") == []
    assert texts(f"Write to {local[:64]}@example.com now.", "rules.email") == [f"{local[:64]}@example.com"]


# ------------------------------------------------------------------ 8. new recognizers
@pytest.mark.parametrize("text,expected", [
    ("The adapter 00:1A:2B:3C:4D:5E joined.", "00:1A:2B:3C:4D:5E"),
    ("Device 00-1a-2b-3c-4d-5e was blocked.", "00-1a-2b-3c-4d-5e"),
    ("Cisco shows 001a.2b3c.4d5e on port 3.", "001a.2b3c.4d5e"),
])
def test_mac_addresses(text, expected):
    got = [(text[m.start:m.end], m.label) for m in find_matches(text) if m.source == "rules.mac_address"]
    assert got == [(expected, "CONTACT")]


@pytest.mark.parametrize("text", [
    "Ticket 12-34-56-78-90-12 closed.",  # decimal pairs with dashes
    "Version 1234.5678.9012 shipped.",  # decimal fours with dots
    "00:1A:2B:3C:4D is too short.",
])
def test_mac_lookalikes(text):
    assert texts(text, "rules.mac_address") == []


@pytest.mark.parametrize("address", [
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",  # P2PKH (the genesis block's)
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",  # P2SH (Bitcoin wiki)
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",  # BIP-173 P2WPKH (Bech32)
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",  # BIP-350 P2TR (Bech32m)
])
def test_bitcoin_addresses_validated_by_checksum(address):
    got = [m for m in find_matches(f"Send it to {address} please.") if m.source == "rules.crypto_wallet"]
    assert [(m.end - m.start, m.label, m.validated) for m in got] == [(len(address), "ID", True)]


@pytest.mark.parametrize("address", [
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb",  # last character changed
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",  # last character changed
    "bc1zw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",  # version 16 with a Bech32 (not Bech32m) checksum
])
def test_bitcoin_lookalikes_rejected(address):
    assert texts(f"Send it to {address} please.", "rules.crypto_wallet") == []


def test_ethereum_address_by_shape():
    address = "0x52908400098527886E0F7030069857D2E4169EE7"  # EIP-55 example
    assert texts(f"My wallet: {address}", "rules.crypto_wallet") == [address]
    assert texts(f"Hash 0x{'ab' * 19} is short.", "rules.crypto_wallet") == []


@pytest.mark.parametrize("text,expected", [
    ("NHS number 943 476 5919 on the letter.", "943 476 5919"),
    ("Patient 401 023 2137 was seen.", "401 023 2137"),  # the spaced form stands alone
    ("nhs no: 9434765919", "9434765919"),  # one run: only with a context word
])
def test_nhs_numbers(text, expected):
    got = [(text[m.start:m.end], m.label, m.validated) for m in find_matches(text) if m.source == "rules.uk_nhs"]
    assert got == [(expected, "ID", True)]


@pytest.mark.parametrize("text", [
    "Reference 943 476 5918 on the letter.",  # wrong check digit (9)
    "Reference 9434765919 on the letter.",  # one run without a context word
    "Call 943 476 5919 today.",  # beside a phone word
])
def test_nhs_lookalikes(text):
    assert texts(text, "rules.uk_nhs") == []


def test_a_keyed_nhs_number_with_a_wrong_check_digit_is_kept_unvalidated():
    text = "NHS number 943 476 5918 on the letter."  # mistyped, but named: still someone's number
    got = [(text[m.start:m.end], m.validated) for m in find_matches(text) if m.source == "rules.uk_nhs"]
    assert got == [("943 476 5918", False)]


@pytest.mark.parametrize("value", ["AB 12 34 56 C", "AB123456C", "JG103759A"])
def test_national_insurance_numbers(value):
    assert texts(f"My NI number is {value}.", "rules.uk_nino") == [value]


@pytest.mark.parametrize("value", [
    "QQ 12 34 56 C",  # the official specimen prefix: Q is never a first letter
    "GB123456A",  # a prefix never allocated
    "DA123456A",  # D is never a first letter
    "AO123456A",  # O is never a second letter
    "AB123456E",  # the suffix is A-D
    "AB 123456 C",  # mixed spacing
])
def test_national_insurance_lookalikes(value):
    assert texts(f"Reference {value}.", "rules.uk_nino") == []


@pytest.mark.parametrize("value", ["QQ 12 34 56 C", "GB123456A", "DA123456A", "AO123456A", "AB123456E"])
def test_a_keyed_national_insurance_lookalike_is_kept(value):
    """A value its key names is masked even when no such number can be issued (a typo, a specimen)."""
    assert texts(f"My NI number is {value}.", "rules.uk_nino") == [value]


def test_utr_only_with_a_tax_word():
    assert texts("Your UTR is 12345 67890.", "rules.uk_utr") == ["12345 67890"]
    assert texts("Unique Taxpayer Reference: 1234567890", "rules.uk_utr") == ["1234567890"]
    assert texts("The count was 1234567890 in total.", "rules.uk_utr") == []


@pytest.mark.parametrize("text,expected", [
    ("Driving licence MORGA657054SM9IJ", "MORGA657054SM9IJ"),  # DVLA's example
    ("licence number: MOR99657054SM9IJ", "MOR99657054SM9IJ"),  # short surname padded with 9s
])
def test_gb_driving_licence(text, expected):
    assert texts(text, "rules.gb_driving_licence") == [expected]


@pytest.mark.parametrize("value", [
    "MORGA613054SM9IJ",  # month 13
    "MO9GA657054SM9IJ",  # padding inside the surname
    "MORGA670054SM9IJ",  # month 70
    "MORGA657004SM9IJ",  # day 00
])
def test_gb_driving_licence_lookalikes(value):
    assert texts(f"Reference {value}", "rules.gb_driving_licence") == []
    assert texts(f"Driving licence {value}", "rules.gb_driving_licence") == [value]  # keyed: kept


@pytest.mark.parametrize("text,expected", [
    ("@johndoe99 tweeted about it", "@johndoe99"),
    ("Follow @Ana_Lopez for updates.", "@Ana_Lopez"),
    ("Reach me at @anna@mastodon.social today.", "@anna@mastodon.social"),
])
def test_social_media_handles(text, expected):
    got = [(text[m.start:m.end], m.label) for m in find_matches(text) if m.source == "rules.handle"]
    assert got == [(expected, "CONTACT")]


@pytest.mark.parametrize("text", [
    "Write to ana@example.com today.",  # the @ of an e-mail
    "Meet me @ 5pm.",
    "Meet me @5pm.",
    "Hosted @example.com.",
])
def test_handle_lookalikes(text):
    assert texts(text, "rules.handle") == []


@pytest.mark.parametrize("text,expected", [
    ("password: hunter2", "hunter2"),
    ("login with pwd=Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("POST body user=ana&password=abc123&next=home", "abc123"),  # up to the next parameter
    ("api_key = sk_live_4eC39HqLyjWDarjtT1zdp7dc", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
    ("token: ghp_16C7e42F292c6912E7710c838347Ae178B4a.", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"),
    ('{"secret": "s3cr3t-value"}', "s3cr3t-value"),
    ("Contraseña: Gato2024", "Gato2024"),
])
def test_credentials_after_a_keyword(text, expected):
    got = [(text[m.start:m.end], m.label) for m in find_matches(text) if m.source == "rules.credential"]
    assert got == [(expected, "ID")]


@pytest.mark.parametrize("text", [
    "Forgot your password? Reset it from the login page.",
    "The password is required for every account.",
    "A token of appreciation.",
])
def test_credential_words_alone_are_not_secrets(text):
    assert texts(text, "rules.credential") == []


def test_new_recognizers_are_in_all():
    names = {r.name for r in get_recognizers(["all"])}
    assert {"rules.mac_address", "rules.crypto_wallet", "rules.uk_nhs", "rules.uk_nino", "rules.uk_utr",
            "rules.gb_driving_licence", "rules.handle", "rules.credential"} <= names


# ------------------------------------------------------------------ 9. false positives on invalid values
def test_www_needs_a_domain_with_a_top_level_domain():
    assert texts("Open www.microsoft and search.", "rules.url") == []
    assert texts("Open www.microsoft.com and search.", "rules.url") == ["www.microsoft.com"]
