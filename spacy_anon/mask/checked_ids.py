"""Surrogates of checksummed identifiers pass the same checks as the original.

A surrogate DNI "12716714W" whose right letter is "Z" tells the reader it is fake, and a surrogate that a
validating reader (or our own recognizers, on a second pass) rejects is no longer the same kind of value.
So a code's surrogate keeps its shape (`surrogates.reshape`) and must pass every check that the original
passes, with the validators the rule recognizers use (`spacy_anon.rules.validators`): a check digit or
letter is set where it can be computed (IBAN mod 97, Luhn, DNI/NIE letter, NSS mod 97, CPF and CNPJ
mod 11), else new values are drawn until one passes (one in 10 to 100 does).
"""
import random
import re
from typing import Callable, List, Sequence, Tuple

from spacy_anon.errors import Errors
from spacy_anon.rules import validators as v

# (name, check) of every checksummed identifier the recognizers validate; a value that passes a check is
# treated as that kind of identifier, whatever its label, so its surrogate must pass it too
CHECKS: Tuple[Tuple[str, Callable[[str], bool]], ...] = (
    ("IBAN", v.iban_valid), ("CARD", lambda s: bool(v.credit_card_valid(s))), ("DNI", v.es_dni_valid),
    ("CIF", v.es_cif_valid), ("NSS", v.es_nss_valid), ("CPF", v.br_cpf_valid), ("CNPJ", v.br_cnpj_valid),
    ("NIF", v.pt_nif_valid), ("NHS", v.nhs_number_valid), ("NINO", v.uk_nino_valid),
    ("SSN", lambda s: len(re.sub(r"\D", "", s)) == 9 and re.fullmatch(r"[\d\- .]+", s) is not None
     and v.us_ssn_valid(s)),
    ("LUHN", lambda s: sum(c.isdigit() for c in s) >= 12 and re.fullmatch(r"[\d\- ]+", s) is not None
     and v.luhn_valid(s)),
)
MAX_DRAWS = 4000
_IBAN_LIKE = re.compile(r"^[A-Z]{2}\d{2}")
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def checks_passed(text: str) -> List[str]:
    """The names of the `CHECKS` that `text` passes."""
    return [name for name, check in CHECKS if check(text)]


def _alnum_positions(text: str) -> List[int]:
    return [i for i, c in enumerate(text) if c.isalnum()]


def set_iban_check(text: str) -> str:
    """`text` with its IBAN check digits (the 3rd and 4th letters or digits) computed."""
    pos = _alnum_positions(text)
    if len(pos) < 5:
        return text
    chars = list(text)
    chars[pos[2]], chars[pos[3]] = "0", "0"
    iban = "".join(chars[i] for i in pos).upper()
    number = int("".join(str(int(c, 36)) for c in iban[4:] + iban[:4]))
    check = f"{98 - number % 97:02d}"
    chars[pos[2]], chars[pos[3]] = check[0], check[1]
    return "".join(chars)


def set_luhn_digit(text: str) -> str:
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    body = "".join(text[i] for i in digits[:-1])
    return text[:digits[-1]] + v.luhn_check_digit(body) + text[digits[-1] + 1:]


def set_dni_letter(text: str) -> str:
    pos = _alnum_positions(text)
    head = "".join(text[i] for i in pos[:-1]).upper()
    if head[:1] in ("X", "Y", "Z"):
        head = str("XYZ".index(head[0])) + head[1:]
    if not head.isdigit():
        return text
    letter = _DNI_LETTERS[int(head) % 23]
    last = pos[-1]
    return text[:last] + (letter.lower() if text[last].islower() else letter) + text[last + 1:]


def _set_last_digits(text: str, digits: str) -> str:
    """`text` with its last len(digits) digits replaced by `digits`."""
    chars = list(text)
    positions = [i for i, c in enumerate(text) if c.isdigit()][-len(digits):]
    for i, d in zip(positions, digits):
        chars[i] = d
    return "".join(chars)


def set_mod11_digits(text: str, weights: Sequence[Sequence[int]]) -> str:
    """`text` with its last len(weights) digits set as Brazil's mod-11 check digits (CPF, CNPJ)."""
    body = re.sub(r"\D", "", text)[:-len(weights)]
    for w in weights:
        rest = sum(int(d) * k for d, k in zip(body, w)) % 11
        body += str(0 if rest < 2 else 11 - rest)
    return _set_last_digits(text, body[-len(weights):])


def set_nss_control(text: str) -> str:
    """`text` with its last two digits set as a Spanish NSS's control (the rest mod 97)."""
    digits = re.sub(r"\D", "", text)
    number = int(digits[2:-2])
    base = number + int(digits[:2]) * 10 ** 7 if number < 10 ** 7 else int(digits[:-2])
    return _set_last_digits(text, f"{base % 97:02d}")


_CPF_WEIGHTS = (range(10, 1, -1), range(11, 1, -1))
_CNPJ_WEIGHTS = ((5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2), (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2))
_REPAIRS = {"IBAN": set_iban_check, "CARD": set_luhn_digit, "LUHN": set_luhn_digit, "DNI": set_dni_letter,
            "NSS": set_nss_control, "CPF": lambda s: set_mod11_digits(s, _CPF_WEIGHTS),
            "CNPJ": lambda s: set_mod11_digits(s, _CNPJ_WEIGHTS)}


def checked_surrogate(text: str, rng: random.Random, reshape: Callable[..., str], keep_prefix: int = 0) -> str:
    """A surrogate of `text` of the same shape (`reshape(text, rng, keep_prefix=...)`) that passes every
    check `text` passes and differs from it; an IBAN keeps its country, a NIE its X/Y/Z, an NSS its
    province."""
    needed = checks_passed(text)
    if not needed:
        return reshape(text, rng, keep_prefix=keep_prefix)
    if "IBAN" in needed:
        keep_prefix = max(keep_prefix, 2)
    if "DNI" in needed and text[:1].upper() in ("X", "Y", "Z"):
        keep_prefix = max(keep_prefix, 1)
    if "NSS" in needed:  # the province code (01-53, 66): a new one could be no province
        keep_prefix = max(keep_prefix, 2)
    for _ in range(MAX_DRAWS):
        new = reshape(text, rng, keep_prefix=keep_prefix)
        for name in needed:
            if name in _REPAIRS:
                new = _REPAIRS[name](new)
        if new.lower() != text.lower() and all(check(new) for name, check in CHECKS if name in needed):
            return new
    raise ValueError(Errors.E165.format(checks=", ".join(needed), draws=MAX_DRAWS))


def check_names() -> Sequence[str]:
    """Every check name (for the docs and tests)."""
    return tuple(name for name, _ in CHECKS)
