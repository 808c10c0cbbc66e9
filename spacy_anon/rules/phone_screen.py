"""A cheap, exact screen before `phonenumbers`: digit strings that no configured region can read as a
valid number are refused without parsing them in every region.

Why: a candidate that is valid nowhere (a log line's status and size, "200 87705") costs a
`phonenumbers.parse` + `is_valid_number` in each region, most of the phone recognizer's time. The
screen reads the same metadata `phonenumbers` validates with and follows what `parse` can do to a
plain candidate (ASCII digits and `.-/()` spaces, no "+"): dialled from region R, the national
significant number is the digits themselves, or the digits less R's country code and, each time,
less a national prefix (R's, or the country code's main region's), or a prefix rule's rewrite; it is
valid only if it fits the general pattern and one number type's pattern of a region of that country
code. When no such reading fits, `phonenumbers` would say invalid in every region: the screen says
so without it. Everything else (a "+", an international dialling prefix, other characters, a region
without metadata) goes to `phonenumbers` as before. `tests/test_phone_screen.py` checks the screen
never refuses a number `phonenumbers` accepts.
"""
import re
from functools import lru_cache
from typing import FrozenSet, List, Optional, Sequence, Tuple

_PLAIN = re.compile(r"[0-9 .\-/()]+")
_NOT_DIGIT = re.compile(r"[^0-9]+")
_TYPES = ("premium_rate", "toll_free", "shared_cost", "voip", "personal_number", "pager", "uan", "voicemail",
          "fixed_line", "mobile")


def _pattern(desc) -> Optional[str]:
    pattern = getattr(desc, "national_number_pattern", None) if desc is not None else None
    return pattern or None


@lru_cache(maxsize=None)
def _country(code: int) -> Optional[Tuple[Optional[FrozenSet[int]], "re.Pattern[str]"]]:
    """(the lengths a national number of this country code can have, or None: any; one pattern that a
    valid national number of a region of it fully matches: its general pattern and a type's), or None
    when a region of it has no metadata (the screen then passes everything)."""
    from phonenumbers import COUNTRY_CODE_TO_REGION_CODE, PhoneMetadata

    lengths: Optional[set] = set()
    alternatives: List[str] = []
    for region in COUNTRY_CODE_TO_REGION_CODE.get(code, ()):
        meta = PhoneMetadata.metadata_for_region_or_calling_code(code, region)
        if meta is None:
            return None
        general = _pattern(meta.general_desc)
        if general is None:
            continue  # no general pattern: phonenumbers finds no type for it
        possible = tuple(getattr(meta.general_desc, "possible_length", ()) or ())
        if lengths is not None:
            lengths = None if not possible else lengths | set(possible)
        types = [p for p in (_pattern(getattr(meta, t, None)) for t in _TYPES) if p is not None]
        if types:
            alternatives.append("(?=(?:%s)\\Z)(?:%s)\\Z" % (general, "|".join("(?:%s)" % t for t in types)))
    pattern = re.compile("|".join("(?:%s)" % a for a in alternatives) if alternatives else "(?!)")
    return (frozenset(lengths) if lengths is not None else None), pattern


@lru_cache(maxsize=64)
def _region(region: str):
    """(country code, its digits, international prefix, national-prefix rules of the region and of the
    country code's main region), or None without metadata."""
    from phonenumbers import PhoneMetadata
    from phonenumbers.phonenumberutil import region_code_for_country_code

    meta = PhoneMetadata.metadata_for_region(region, None)
    if meta is None or meta.country_code is None or _country(meta.country_code) is None:
        return None
    main = region_code_for_country_code(meta.country_code)
    main_meta = PhoneMetadata.metadata_for_region_or_calling_code(meta.country_code, main) or meta
    rules = []
    for m in (meta, main_meta):
        prefix = m.national_prefix_for_parsing
        if prefix:
            rules.append((re.compile(prefix), m.national_prefix_transform_rule or None))
    idd = re.compile(meta.international_prefix) if meta.international_prefix else None
    return meta.country_code, str(meta.country_code), idd, tuple(rules)


def _strip(numbers: set, rules) -> set:
    """The numbers and what each becomes with a national prefix taken off (or rewritten)."""
    out = set(numbers)
    for number in numbers:
        for prefix, transform in rules:
            m = prefix.match(number)
            if m:
                out.add(number[m.end():])
                if transform:
                    out.add(prefix.sub(transform, number, count=1))
    return out


def screened_regions(number: str, regions: Tuple[str, ...]) -> Tuple[str, ...]:
    """The regions of `regions`, in order, in which `phonenumbers` may find `number` valid: those where
    the screen finds a reading that fits (see the module's docstring), all of them for a number it
    does not read. A region left out is one where `phonenumbers` would not find it valid."""
    if not _PLAIN.fullmatch(number):
        return regions
    digits = _NOT_DIGIT.sub("", number)
    return tuple(region for region in regions if _may_be_valid(digits, region))


def _may_be_valid(digits: str, region: str) -> bool:
    plan = _region(region)
    if plan is None:
        return True
    code, code_digits, idd, rules = plan
    if idd is not None and idd.match(digits):
        return True
    readings = _strip({digits}, rules)
    if digits.startswith(code_digits):
        readings |= _strip(_strip({digits[len(code_digits):]}, rules), rules)
    lengths, pattern = _country(code)
    return any(len(reading) >= 2 and (lengths is None or len(reading) in lengths) and pattern.match(reading)
               for reading in readings)
