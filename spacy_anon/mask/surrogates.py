"""Surrogate values: fake but plausible replacements of the same kind and shape as the original.

Interface of a surrogate provider (registered under `spacy_anon.<name>.v1`, chosen in the config):

    provider(label: str, text: str, *, locale: str, seed: int, date_shift_days: int,
             gender: Optional[str] = None, fine_type: Optional[str] = None,
             time_shift_minutes: Optional[int] = None) -> str

`text` is the entity's representative mention (for PERSON: its normalized name parts joined by spaces;
the provider returns a name with the same number of parts so mentions of single parts can be aligned).
`gender` ("male" | "female") comes from a title of the entity ("Mr.", "Sra."), so the surrogate first name
agrees with the title kept in the text; `fine_type` is the span's (DURATION, AGE, DNI...);
`time_shift_minutes` moves times of day as `date_shift_days` moves dates. The three are passed only to
providers whose signature takes them (or **kwargs), so older providers keep working.
The result must depend only on the arguments (deterministic for a seed). Faker is imported lazily.

Plausibility (each a bug once seen in surrogate output):
- dates move by the memory's one shift, always earlier, so order and intervals hold and a past date
  stays past without a bound at the run date ("02/11/1958" stays in the 1950s); times of day and lone
  weekdays move with the memory too (`time_shift`); a numeric date labelled as a code or an ID is
  still shifted as a date, not re-drawn digit by digit (that gave 2135);
- durations, frequencies, ages and measures are no dates: their number becomes a range, their words
  stay ("for 5 days" -> "for 5-7 days", never "for August 17, 2008"; `value_kinds`);
- amounts keep their currency: an ISO 4217 code (pycountry's list) or a symbol stays as written and
  only the digits change ("GBP 1,200" -> "GBP 5,474", never an invented "JKH");
- a person after a gendered title gets a first name of that gender ("Mr. Kathryn" was the bug);
- names, addresses and the reading of numeric dates follow the locale (day first except en_US).
"""
import random
import re
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, Iterable, Optional

from spacy.util import registry

from spacy_anon.generalize.coarsen import CATEGORY_PHRASES, lang_of, parse_date, shift_date
from spacy_anon.mask.checked_ids import checked_surrogate
from spacy_anon.mask.grouping import normalize
from spacy_anon.mask.time_shift import shift_times, shift_weekdays
from spacy_anon.mask.value_kinds import range_surrogate, value_kind_of

_EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_URL_RE = re.compile(r"^(?:https?://|www\.)", re.I)
_IPV4_RE = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_IBAN_LIKE = re.compile(r"^[A-Z]{2}\d{2}")
_NUMERIC_DATE = re.compile(r"^(?:\d{1,2}(?P<s1>[-/.])\d{1,2}(?P=s1)(?:\d{4}|\d{2})|\d{4}(?P<s2>[-/.])\d{1,2}(?P=s2)\d{1,2})$")
_PADDED_DM = re.compile(r"^(\d{1,2})([-/.])(\d{1,2})(?=[-/.])")
_CURRENCY_SYMBOLS = "$€£¥₹₩₽₺₪₫₴₦₱฿₲₡₵¢"
CURRENCY_WORDS = frozenset({"euro", "euros", "dollar", "dollars", "pound", "pounds", "sterling", "pence", "cents",
                            "dolar", "dolares", "libra", "libras", "peseta", "pesetas", "pesos", "real", "reais",
                            "escudos", "yen", "francs", "francos"})
_CURRENCY_WORD = re.compile(r"(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])")

# Titles that say a gender (normalized as `grouping.normalize` does: lower case, no dots or accents).
MALE_TITLES = frozenset({"mr", "mister", "sir", "lord", "sr", "senor", "don", "senhor", "dom", "herr", "monsieur"})
FEMALE_TITLES = frozenset({"mrs", "ms", "miss", "madam", "madame", "mme", "mlle", "lady", "dame", "sra", "srta",
                           "senora", "senorita", "dona", "dna", "senhora", "senhorita", "dra", "frau"})
_TITLE_BEFORE = re.compile(r"((?:[^\W\d_]{1,9}\.?ª?\s{1,3}){1,3})$")
# locales that read 03/04/2021 as March 4 (every other one reads it day first)
MONTH_FIRST_LOCALES = frozenset({"en_US", "en_PH", "en"})


@lru_cache(maxsize=1)
def currency_codes() -> FrozenSet[str]:
    """The ISO 4217 currency codes (pycountry's copy of the standard)."""
    import pycountry

    return frozenset(c.alpha_3 for c in pycountry.currencies)


def day_first(locale: str) -> bool:
    """Whether a locale writes numeric dates day first (en_GB, es_ES, pt_PT: yes; en_US: no)."""
    return locale not in MONTH_FIRST_LOCALES


def title_gender(titles: Iterable[str]) -> Optional[str]:
    """"male" or "female" when the titles say one gender ("Mr", "Sra."), else None (none, or both)."""
    found = set()
    for title in titles:
        for word in normalize(title).split():
            if word in MALE_TITLES:
                found.add("male")
            elif word in FEMALE_TITLES:
                found.add("female")
    return found.pop() if len(found) == 1 else None


def titles_of_mention(text: str, start: int, end: int) -> str:
    """The title words a person mention starts with or follows directly ("Mr. " in "Mr. John Smith" or
    before it), at most three words; "" when there are none. Only title words count (see `title_gender`)."""
    before = _TITLE_BEFORE.search(text, max(0, start - 30), start)
    words = (before.group(1) if before else "") + text[start:end]
    return " ".join(w for w in normalize(words).split()[:6] if w in MALE_TITLES or w in FEMALE_TITLES)


# Surrogates of a title detected alone (TAB annotates "Mr." as DEM): another title of the same gender in
# the language, so "Mr. John Smith" does not become "See Robert Cook" and the name still agrees with it.
TITLE_SURROGATES = {
    "en": {"male": ("Dr", "Prof"), "female": ("Dr", "Prof"), None: ("Dr", "Prof")},
    "es": {"male": ("Dr", "D"), "female": ("Dra", "Dña"), None: ("Dr", "Dra")},
    "pt": {"male": ("Dr", "Sr"), "female": ("Dra", "Sra"), None: ("Dr", "Dra")},
}


def title_surrogate(text: str, lang: str, rng: random.Random) -> Optional[str]:
    """Another title for a mention that is one title ("Mr." -> "Dr.", "Sra." -> "Dra."), its dot kept;
    None when `text` is not a title."""
    words = normalize(text).split()
    if len(words) != 1 or not (words[0] in MALE_TITLES or words[0] in FEMALE_TITLES or words[0] in ("dr", "prof")):
        return None
    options = TITLE_SURROGATES.get(lang, TITLE_SURROGATES["en"])[title_gender([text])]
    choices = [t for t in options if normalize(t) != words[0]] or list(options)
    title = rng.choice(choices)
    return title + ("." if text.rstrip().endswith(".") else "")


def shift_text_date(text: str, days: int, *, dayfirst: bool) -> Optional[str]:
    """`text` with its date moved by `days`, in the same shape; None if `text` holds no date. A numeric
    date written with two-digit day and month keeps them ("02/11/1958"). Never bounded by the run date:
    a date that stopped at "today" told the reader when the text was anonymized."""
    parsed = parse_date(text, dayfirst=dayfirst)
    if parsed is None:
        return None
    out = shift_date(parsed, days)
    original = _PADDED_DM.match(text)
    if original and len(original.group(1)) == len(original.group(3)) == 2:
        out = _PADDED_DM.sub(lambda m: f"{m.group(1).zfill(2)}{m.group(2)}{m.group(3).zfill(2)}", out, count=1)
    return out


def money_surrogate(text: str, rng: random.Random) -> Optional[str]:
    """An amount with new digits and its currency kept as written (ISO 4217 code or symbol); None when
    `text` names no currency. Other words stay ("about GBP 1,200 per month")."""
    if not re.search(r"\d", text):
        return None
    codes = [m.group(0) for m in _CURRENCY_WORD.finditer(text) if m.group(0) in currency_codes()]
    words = set(normalize(text).split()) & CURRENCY_WORDS
    if not codes and not words and not any(c in _CURRENCY_SYMBOLS for c in text):
        return None
    return re.sub(r"\d+", lambda m: reshape(m.group(), rng), text)


def _cased(word: str, like: str) -> str:
    """`word` in the case of `like` (upper, capitalised or lower)."""
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word.capitalize() if like[:1].isupper() else word


def reshape(text: str, rng: random.Random, keep_prefix: int = 0) -> str:
    """Same shape, new characters: digits -> digits, letters -> ASCII letters of the same case, the rest
    kept. A digit run keeps a leading non-zero digit non-zero (and a leading 0 as 0: trunk prefixes; a lone
    "0" becomes another digit)."""
    out = list(text[:keep_prefix])
    prev_digit = False
    for i, ch in enumerate(text[keep_prefix:], start=keep_prefix):
        if ch.isdigit():
            run_goes_on = i + 1 < len(text) and text[i + 1].isdigit()
            if not prev_digit and ch == "0" and run_goes_on:  # a lone "0" is a number of its own
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
    """Shape-preserving code surrogate that passes every check the original passes (an IBAN keeps its
    country and gets right check digits, a card number its Luhn digit, a DNI its letter: `checked_ids`)."""
    iban_like = _IBAN_LIKE.match(text) and sum(c.isalnum() for c in text) >= 15  # an IBAN has 15 or more
    return checked_surrogate(text, rng, reshape, keep_prefix=2 if iban_like else 0)


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

    def __call__(self, label: str, text: str, *, locale: str, seed: int, date_shift_days: int,
                 gender: Optional[str] = None, fine_type: Optional[str] = None,
                 time_shift_minutes: Optional[int] = None) -> str:
        fake = self.faker(locale)
        fake.seed_instance(seed)
        rng = random.Random(seed)
        lang = lang_of(locale)
        dayfirst = day_first(locale)
        if label == "PERSON":
            n = max(1, len(text.split()))
            if n == 1:
                return fake.last_name()
            first = {"male": getattr(fake, "first_name_male", fake.first_name),
                     "female": getattr(fake, "first_name_female", fake.first_name)}.get(gender or "", fake.first_name)
            middle = [fake.last_name() if lang in ("es", "pt") else first() for _ in range(n - 2)]
            return " ".join([first(), *middle, fake.last_name()])
        if label == "ORG":
            return fake.company()
        if label == "LOC":
            return fake.street_address() if re.search(r"\d", text) else fake.city()
        title = title_surrogate(text, lang, rng)
        if title is not None:
            return title
        stripped = text.strip()
        minutes = time_shift_minutes if time_shift_minutes is not None else date_shift_days
        kind = value_kind_of(label, text, fine_type)
        if kind is not None:  # "for 5 days", "de 45 anos", "80 mg": the kind and unit stay, the number a range
            return range_surrogate(kind, text, lang)
        if label == "DATETIME" or _NUMERIC_DATE.match(stripped):  # a date labelled ID or CODE is still a date
            shifted = shift_text_date(text, date_shift_days, dayfirst=dayfirst)
            if shifted is not None:  # "12 March 2021 at 09:14": the time moves with the others
                return shift_times(shifted, minutes) or shifted
        if label == "DATETIME":
            moved = shift_times(text, minutes) or text
            moved = shift_weekdays(moved, date_shift_days) or moved
            # a date we cannot read ("that morning") is named, not replaced by a random date that would lie
            return moved if moved != text else CATEGORY_PHRASES[lang]["DATETIME"]
        money = money_surrogate(text, rng)
        if money is not None:
            return money
        if label in ("CONTACT", "ID", "CODE"):
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
        if re.search(r"\d", text):  # "Boeing 747": new digits and new words ("3rd": its ending stays)
            new = re.sub(r"\d+", lambda m: reshape(m.group(), rng), text)
            return re.sub(r"[^\W\d_]{3,}", lambda m: _cased(fake.word(), m.group()), new)
        word = fake.word()
        return word.capitalize() if text[:1].isupper() else word


@registry.misc("spacy_anon.faker_surrogates.v1")
def make_faker_surrogates() -> Callable[..., str]:
    """Registered maker of the default surrogate provider (Faker by category and locale)."""
    return FakerSurrogates()
