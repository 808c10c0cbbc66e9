"""Checksum and plausibility checks for rule matches: each returns True (valid), False (reject) or None (no opinion)."""
import ipaddress
import re
from typing import Optional

_NON_ALNUM = re.compile(r"[^0-9A-Za-z]")

# ISO 13616 IBAN lengths per country (SWIFT IBAN registry).
IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27,
    "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25,
    "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18,
    "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33,
    "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
    "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}

# SSNs that are publicly known to be fake or advertising samples.
FAKE_SSNS = frozenset({
    "078051120",  # Woolworth wallet card
    "219099999",  # Social Security Board pamphlet
    "123456789", "111111111", "222222222", "333333333", "444444444", "555555555",
    "777777777", "888888888", "987654320", "987654321", "987654322", "987654323", "987654324",
    "987654325", "987654326", "987654327", "987654328", "987654329",
})


def luhn_valid(value: str) -> bool:
    """Luhn (mod 10) checksum over the digits of `value`."""
    digits = [int(c) for c in value if c.isdigit()]
    if not digits:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def credit_card_valid(value: str) -> Optional[bool]:
    """13-19 digit card numbers that pass Luhn and are not one repeated digit."""
    digits = "".join(c for c in value if c.isdigit())
    if not 12 <= len(digits) <= 19 or len(set(digits)) == 1:
        return False
    return luhn_valid(digits)


def iban_valid(value: str) -> bool:
    """ISO 13616: known country, its exact length, and mod-97 == 1."""
    iban = _NON_ALNUM.sub("", value).upper()
    country = iban[:2]
    if IBAN_LENGTHS.get(country) != len(iban) or not iban[2:4].isdigit():
        return False
    rearranged = iban[4:] + iban[:4]
    try:
        number = int("".join(str(int(c, 36)) for c in rearranged))
    except ValueError:
        return False
    return number % 97 == 1


def us_ssn_valid(value: str) -> bool:
    """Reject impossible SSNs (area 000/666/9xx, group 00, serial 0000) and well-known fake ones."""
    digits = "".join(c for c in value if c.isdigit())
    if len(digits) != 9:
        return False
    seps = {c for c in value if not c.isdigit()}
    if len(seps) > 1:  # mixed separators like 123-45.6789
        return False
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
        return False
    return digits not in FAKE_SSNS


def ip_valid(value: str) -> bool:
    """A syntactically valid IPv4 or IPv6 address."""
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def es_dni_valid(value: str) -> bool:
    """Spanish DNI / NIE check letter (mod 23)."""
    v = _NON_ALNUM.sub("", value).upper()
    if len(v) != 9:
        return False
    head = v[:-1]
    if head[0] in "XYZ":
        head = str("XYZ".index(head[0])) + head[1:]
    if not head.isdigit():
        return False
    return _DNI_LETTERS[int(head) % 23] == v[-1]


def numeric_date_valid(value: str) -> bool:
    """d/m/y or m/d/y with plausible parts (one of the first two <= 12, both <= 31)."""
    parts = [p for p in re.split(r"[/.\-]", value) if p]
    if len(parts) != 3:
        return False
    nums = [int(p) for p in parts]
    if len(parts[0]) == 4:  # y/m/d
        return 1 <= nums[1] <= 12 and 1 <= nums[2] <= 31
    a, b = nums[0], nums[1]
    return 1 <= a <= 31 and 1 <= b <= 31 and min(a, b) <= 12
