"""Surrogates of addresses and streets: an address of the surrogate locale, laid out as the original.

A category surrogate gives a person's name for a street a tagger called PERSON ("Canal Street" ->
"Ashley Burnett") and a date for a house number it called DATETIME. The fine type ADDRESS
(`spacy_anon.mask.fine_types`) picks this provider instead, whoever found the span: "8 Birch Lane,
Norwich NR2 4TT" in en_GB becomes another house number, street, town and postcode of Britain, each
part where the original had one (a unit, a city, a postcode, a country; one per line when the original
was written so), and "Canal Street" another street. Faker's locale providers give the parts.

`TYPE_SURROGATES` maps a fine type to its provider; the `surrogate` operator consults it before the
category provider when the default (Faker) provider is in use.
"""
import random
import re
from typing import Callable, Dict, List, Optional

from spacy_anon.rules.recognizers.addresses import COUNTRIES, STREET, UNIT_PATTERN

_LINE_BREAK = re.compile(r"\s*\n\s*")
_HAS_DIGIT = re.compile(r"\d")
# units some locales put after the street ("Apt. 150", "Suite 200", ro_RO "Bl. 81 Sc. 43 Ap. 483")
_UNIT_IN_STREET = re.compile(r"\s+(?:(?:Apt|Suite|Flat|Piso|Andar|Bl|Sc|Ap|Et)\b\.?\s).*$")
_POSTCODE_LIKE = re.compile(r"\b(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]{2}-\d{4,5}|\d{4,5}(?:-\d{3,4})?)\b")
_UNIT_START = re.compile(UNIT_PATTERN)


def _part(fake, name: str, fallback: str = "") -> str:
    """A Faker locale's `name` value (street_name, city, postcode...), `fallback` when it has none."""
    maker = getattr(fake, name, None)
    return str(maker()) if callable(maker) else fallback


def _street(fake, with_number: bool) -> str:
    """A street of the locale, with a house number when the original had one."""
    if with_number:
        value = _part(fake, "street_address").split("\n")[-1]  # en_GB writes "Studio 2\nKing Road"
        return _UNIT_IN_STREET.sub("", value).strip()  # the unit is an element of its own
    return _part(fake, "street_name") or _part(fake, "street_address")


def _element(original: str, fake, rng: random.Random, first: bool) -> str:
    """A surrogate for one comma- or line-separated element of an address."""
    text = original.strip()
    unit = _UNIT_START.match(text)
    if unit:  # a unit, and the street written after it in the same element ("Unit 6 Edinburgh Way")
        rest = text[unit.end():].strip()
        number = re.sub(r"\d+", lambda m: str(rng.randint(1, 99)), unit.group())
        return f"{number} {_element(rest, fake, rng, first)}" if rest else number
    if first or STREET.search(text):
        return _street(fake, bool(_HAS_DIGIT.search(text)))
    if text in COUNTRIES:
        return text  # the country stays: it names no one, and the locale's own may not be the address's
    if _POSTCODE_LIKE.search(text):
        code = _part(fake, "postcode")
        return f"{_part(fake, 'city')} {code}".strip() if re.search(r"[a-z]", text) else code
    return _part(fake, "city")


def address_surrogate(text: str, fake, rng: random.Random) -> str:
    """An address of `fake`'s locale in the layout of `text`: one element for each of its elements."""
    out_lines: List[str] = []
    first = True
    for line in _LINE_BREAK.split(text.strip()):
        out_parts = []
        for part in line.split(","):
            if part.strip():
                out_parts.append(_element(part, fake, rng, first))
                first = False
        if out_parts:
            out_lines.append(", ".join(out_parts))
    return ("\n" if "\n" in text else ", ").join(out_lines)


class AddressSurrogates:
    """Faker-backed address and street surrogates by locale (one Faker per locale, reseeded per call)."""

    def __init__(self) -> None:
        self._fakers: Dict[str, object] = {}

    def __call__(self, label: str, text: str, *, locale: str, seed: int, **_: object) -> str:
        if locale not in self._fakers:
            from faker import Faker  # heavy: imported on first use

            self._fakers[locale] = Faker(locale)
        fake = self._fakers[locale]
        fake.seed_instance(seed)
        return address_surrogate(text, fake, random.Random(seed))


# fine type -> provider with the surrogate provider's signature
TYPE_SURROGATES: Dict[str, Callable[..., str]] = {"ADDRESS": AddressSurrogates()}


def surrogate_for_type(fine_type: Optional[str]) -> Optional[Callable[..., str]]:
    """The provider registered for `fine_type`, or None (the category's provider then applies)."""
    return TYPE_SURROGATES.get(fine_type) if fine_type else None
