"""Phone numbers: a permissive digit-group scan, confirmed by `phonenumbers` for the configured regions."""
import re
from functools import lru_cache
from typing import Iterator, Sequence, Tuple

from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.phone_screen import screened_regions

# Digit groups joined by single spaces, dots, dashes (also "- ", as notes type "212- 476- 8356") or slashes
# (only as 3/3/4, "201/324/1423"), an optional +CC / (area) / (0) prefix and extension.
_CANDIDATE = re.compile(
    r"(?<![\w+/.\-])"
    r"(?:(?:\+|00)\d{1,3}[ .\-]?)?"
    r"(?:\(0\)[ .\-]?)?"
    r"(?:\(\d{1,5}\)[ .\-]?)?"
    r"\d{1,12}(?:(?:[ .\-/]|- )\d{1,8}){0,5}"
    r"(?:[ ]?(?:x|ext\.?|extension|ext)[ ]?\d{1,5})?"
    r"(?![\w/]|[.\-]\d)"
)
_SSN_SHAPE = re.compile(r"\d{3}-\d{2}-\d{4}")
_CLOCK_RANGE = re.compile(r"(?:[01]\d|2[0-4])[0-5]\d ?- ?(?:[01]\d|2[0-4])[0-5]\d")  # "0700-1900" shifts
_DATE_SHAPE = re.compile(r"(?:\d{4}[.\-/]\d{1,2}[.\-/]\d{1,2}|\d{1,2}[.\-/]\d{1,2}[.\-/]\d{2,4})")
_SLASHED_NANP = re.compile(r"\d{3}/\d{3}/\d{4}")
_EXT = re.compile(r"[ ]?(?:x|ext\.?|extension)[ ]?\d{1,5}$")
# Four dotted groups of 1-3 digits without leading zeros: an IPv4 address, valid or not ("192.168.1.256"),
# never a phone number (a phone written with dots in four groups keeps its leading zero: "02.123.45.67").
_IP_SHAPE = re.compile(r"(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}")
_DIGIT_GROUP = re.compile(r"\d+")
_ANOTHER_GROUP = re.compile(r"(?:[ .\-/]|- )\d")
MAX_GROUPS = 6  # the candidate regex takes at most this many digit groups

CANDIDATE_SCORE = 0.3  # digits that look like a phone number: needs a context word
INTERNATIONAL_SCORE = 0.5  # "+CC ..." with 8+ digits, even when phonenumbers does not know the range
VALID_SCORE = 0.6  # phonenumbers says it is a valid number in one of the regions
BARE_RUN_SCORE = 0.45  # a valid number written as one run of digits ("5403926876"): needs context


@lru_cache(maxsize=64)
def _regions(regions: Tuple[str, ...]) -> Tuple[str, ...]:
    return tuple(r.upper() for r in regions)


def is_valid_phone(number: str, regions: Tuple[str, ...]) -> bool:
    """Whether `phonenumbers` parses `number` as a valid number, dialled from any of `regions`."""
    return _valid_cached(number, regions)


@lru_cache(maxsize=4096)
def _valid_cached(number: str, regions: Tuple[str, ...]) -> bool:
    import phonenumbers

    # the screen leaves out only regions where phonenumbers would not find the number valid
    for region in (None,) if number.startswith("+") else screened_regions(number, regions):
        try:
            parsed = phonenumbers.parse(number, region)
        except phonenumbers.NumberParseException:
            continue
        if not phonenumbers.is_valid_number(parsed):
            continue
        # confirm with the matcher (it also checks grouping and national-prefix rules)
        matcher = phonenumbers.PhoneNumberMatcher(number, region or "US", leniency=phonenumbers.Leniency.VALID)
        if any(pm.start == 0 and pm.end >= len(number) - 1 for pm in matcher):
            return True
    return False


def find_phones(text: str, regions: Sequence[str]) -> Iterator[Tuple[int, int, float]]:
    """(start, end, score) of phone-number candidates in `text`.

    A permissive regex proposes digit groups with 7-15 digits; `phonenumbers` decides whether a
    candidate is a valid number in one of the regions (a cheap parse + is_valid_number first, then
    PhoneNumberMatcher at leniency VALID in that region, which is ~4x slower so it only sees numbers
    that already parsed as valid): VALID_SCORE, else CANDIDATE_SCORE, which needs a context word to
    pass the default min_score.
    """
    regions = _regions(tuple(regions))
    for m in matches(_CANDIDATE, text):
        cand = m.group()
        if len(cand) < 7:  # fewer than 7 digits whatever it holds (most candidates: "200", "09:31")
            continue
        core = _EXT.sub("", cand)
        n_digits = sum(c.isdigit() for c in core)
        if not 7 <= n_digits <= 15:
            continue
        if _SSN_SHAPE.fullmatch(core) or _DATE_SHAPE.fullmatch(core) or _CLOCK_RANGE.fullmatch(core):
            continue
        if "/" in core and not _SLASHED_NANP.fullmatch(core):
            continue  # "10/03/10/04", "1/2/3": dates and fractions
        if "." in core and (" " in core or "-" in core):
            continue  # "7.38 47 72 95": decimals among numbers, not a phone written with one style
        if text[m.end():m.end() + 1] == "%" or _IP_SHAPE.fullmatch(core):
            continue
        if len(_DIGIT_GROUP.findall(core)) >= MAX_GROUPS and _ANOTHER_GROUP.match(text, m.end()):
            continue  # a slice of a longer run of digit groups (a table of numbers), not a phone number
        if not any(c in cand for c in " .-()+") and n_digits > 12:
            continue  # one long run of digits: account or card number, not a phone
        international = cand.startswith(("+", "00")) and n_digits >= 8
        if is_valid_phone(core, regions):
            separated = international or any(c in core for c in " .-()/")
            score = VALID_SCORE if separated else BARE_RUN_SCORE
        else:
            score = INTERNATIONAL_SCORE if international else CANDIDATE_SCORE
        yield m.start(), m.end(), score
