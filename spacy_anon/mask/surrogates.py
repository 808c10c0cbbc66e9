"""Surrogate values: fake but plausible replacements of the same kind and shape as the original.

Interface of a surrogate provider (registered under `spacy_anon.<name>.v1`, chosen in the config):

    provider(label: str, text: str, *, locale: str, seed: int, date_shift_days: int) -> str

`text` is the entity's representative mention (for PERSON: its normalized name parts joined by spaces;
the provider returns a name with the same number of parts so mentions of single parts can be aligned).
The result must depend only on the arguments (deterministic for a seed). Faker is imported lazily.
"""
import random
import re
from typing import Any, Callable, Dict

from spacy.util import registry

from spacy_anon.generalize.coarsen import lang_of, parse_date, shift_date
from spacy_anon.rules.validators import luhn_check_digit, luhn_valid

_EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_URL_RE = re.compile(r"^(?:https?://|www\.)", re.I)
_IPV4_RE = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_TIME_RE = re.compile(r"\b(?P<h>[01]?\d|2[0-3])(?P<sep>[:h.])(?P<m>[0-5]\d)\b")
_IBAN_LIKE = re.compile(r"^[A-Z]{2}\d{2}")


def reshape(text: str, rng: random.Random, keep_prefix: int = 0) -> str:
    """Same shape, new characters: digits -> digits, letters -> ASCII letters of the same case, the rest
    kept. A digit run keeps a leading non-zero digit non-zero (and a leading 0 as 0: trunk prefixes)."""
    out = list(text[:keep_prefix])
    prev_digit = False
    for ch in text[keep_prefix:]:
        if ch.isdigit():
            if not prev_digit and ch == "0":
                out.append("0")
            elif not prev_digit:
                out.append(str(rng.randint(1, 9)))
            else:
                out.append(str(rng.randint(0, 9)))
            prev_digit = True
            continue
        prev_digit = False
        if ch.isalpha():
            letter = chr(rng.randint(ord("a"), ord("z")))
            out.append(letter.upper() if ch.isupper() else letter)
        else:
            out.append(ch)
    return "".join(out)


def reshape_code(text: str, rng: random.Random) -> str:
    """Shape-preserving code surrogate; card-like numbers stay Luhn-valid, IBAN-like keep the country."""
    keep = 2 if _IBAN_LIKE.match(text) else 0
    new = reshape(text, rng, keep_prefix=keep)
    digits = re.sub(r"\D", "", text)
    if 13 <= len(digits) <= 19 and len(digits) == len(re.sub(r"[\s-]", "", text)) and luhn_valid(digits):
        new_digits = re.sub(r"\D", "", new)
        check = luhn_check_digit(new_digits[:-1])
        last = max(i for i, c in enumerate(new) if c.isdigit())
        new = new[:last] + check + new[last + 1:]
    return new


def reshape_phone(text: str, rng: random.Random) -> str:
    """New digits in the same layout; a leading "+<country code>" is kept."""
    match = re.match(r"^\+\d{1,3}", text)
    return reshape(text, rng, keep_prefix=match.end() if match else 0)


class FakerSurrogates:
    """Faker-backed surrogates by category and locale (one Faker per locale, reseeded per call)."""

    def __init__(self) -> None:
        self._fakers: Dict[str, Any] = {}

    def faker(self, locale: str):
        if locale not in self._fakers:
            from faker import Faker  # heavy: imported on first use

            self._fakers[locale] = Faker(locale)
        return self._fakers[locale]

    def __call__(self, label: str, text: str, *, locale: str, seed: int, date_shift_days: int) -> str:
        fake = self.faker(locale)
        fake.seed_instance(seed)
        rng = random.Random(seed)
        lang = lang_of(locale)
        if label == "PERSON":
            n = max(1, len(text.split()))
            if n == 1:
                return fake.last_name()
            middle = [fake.last_name() if lang in ("es", "pt") else fake.first_name() for _ in range(n - 2)]
            return " ".join([fake.first_name(), *middle, fake.last_name()])
        if label == "ORG":
            return fake.company()
        if label == "LOC":
            return fake.street_address() if re.search(r"\d", text) else fake.city()
        if label == "DATETIME":
            parsed = parse_date(text, dayfirst=lang != "en")
            if parsed is not None:
                return shift_date(parsed, date_shift_days)
            match = _TIME_RE.search(text)
            if match:
                new = f"{rng.randint(0, 23):0{len(match.group('h'))}d}{match.group('sep')}{rng.randint(0, 59):02d}"
                return text[:match.start()] + new + text[match.end():]
            return fake.date(pattern="%B %d, %Y" if lang == "en" else "%d/%m/%Y")
        if label == "AGE":
            match = re.search(r"\d+", text)
            if not match:
                return str(rng.randint(20, 80))
            n = int(match.group(0))
            new = n
            while new == n:
                new = max(1, n + rng.randint(-5, 5))
            return text[:match.start()] + str(new) + text[match.end():]
        if label in ("CONTACT", "ID", "CODE"):
            stripped = text.strip()
            if _EMAIL_RE.match(stripped):
                return f"{fake.user_name()}@{fake.free_email_domain()}"
            if _URL_RE.match(stripped):
                return fake.url().rstrip("/") if not stripped.endswith("/") else fake.url()
            if _IPV4_RE.match(stripped):
                return fake.ipv4()
            if label == "CONTACT" and len(re.sub(r"\D", "", text)) >= 6:
                return reshape_phone(text, rng)
            if label == "CONTACT" and not re.search(r"\d", text):
                return fake.email()
            return reshape_code(text, rng)
        if re.search(r"\d", text):  # "58 years old", "3rd floor": new digits, the words stay readable
            return re.sub(r"\d+", lambda m: reshape(m.group(), rng), text)
        word = fake.word()
        return word.capitalize() if text[:1].isupper() else word


@registry.misc("spacy_anon.faker_surrogates.v1")
def make_faker_surrogates() -> Callable[..., str]:
    """Registered maker of the default surrogate provider (Faker by category and locale)."""
    return FakerSurrogates()
