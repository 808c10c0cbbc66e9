"""Built-in coarsening for the `generalize` strategy: dates, ages and numbers made less precise.

Pure functions over strings (no spaCy): `generalize` picks the coarsening for a category and falls back
to a category phrase ("a person", "una organización", ...). Dates are parsed in English, Spanish and
Portuguese (numeric and written forms); `parse_date` + `shift_date` are also used for date surrogates.
"""
import datetime as _dt
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from spacy_anon.errors import Errors
from spacy_anon.settings_vocabulary import DATE_GRANULARITIES, NUMBER_STYLES  # noqa: F401  (defined once there)

LANGS = ("en", "es", "pt")

# Month names per language: (full names, abbreviations); index = month - 1.
MONTHS: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {
    "en": (
        ("january", "february", "march", "april", "may", "june", "july", "august", "september",
         "october", "november", "december"),
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
    ),
    "es": (
        ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
         "octubre", "noviembre", "diciembre"),
        ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"),
    ),
    "pt": (
        ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
         "outubro", "novembro", "dezembro"),
        ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"),
    ),
}
WEEKDAYS: Dict[str, Tuple[str, ...]] = {  # Monday first, as datetime.weekday()
    "en": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
    "pt": ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"),
}
_WEEKDAY_RE = re.compile(r"\b(" + "|".join(sorted({w for ws in WEEKDAYS.values() for w in ws}, key=len, reverse=True))
                         + r")\b", re.I)
# "Fri, 28 Jun 2024" (e-mail headers, logs): English weekdays in three letters, Title or UPPER case
_WEEKDAY_ABBR = tuple(day[:3] for day in WEEKDAYS["en"])
_WEEKDAY_ABBR_RE = re.compile(r"\b(" + "|".join(w.capitalize() + "|" + w.upper() for w in _WEEKDAY_ABBR) + r")\b")
# Spelling variants that parse but are never produced.
_MONTH_VARIANTS = {"sept": ("en", "abbr", 9), "setiembre": ("es", "full", 9), "set": ("es", "abbr", 9),
                   "marco": ("pt", "full", 3)}

CATEGORY_PHRASES: Dict[str, Dict[str, str]] = {
    "en": {"PERSON": "a person", "ORG": "an organisation", "LOC": "a location", "DATETIME": "a date",
           "CODE": "a code", "CONTACT": "a contact detail", "ID": "an identifier", "AGE": "an age",
           "QUANTITY": "a quantity", "DEM": "a demographic attribute", "MISC": "something"},
    "es": {"PERSON": "una persona", "ORG": "una organización", "LOC": "un lugar", "DATETIME": "una fecha",
           "CODE": "un código", "CONTACT": "un dato de contacto", "ID": "un identificador",
           "AGE": "una edad", "QUANTITY": "una cantidad", "DEM": "un atributo demográfico",
           "MISC": "algo"},
    "pt": {"PERSON": "uma pessoa", "ORG": "uma organização", "LOC": "um local", "DATETIME": "uma data",
           "CODE": "um código", "CONTACT": "um contato", "ID": "um identificador", "AGE": "uma idade",
           "QUANTITY": "uma quantidade", "DEM": "um atributo demográfico", "MISC": "algo"},
}
_ABOUT = {"en": "about", "es": "alrededor de", "pt": "cerca de"}
_OF = {"en": "of", "es": "de", "pt": "de"}
_MAGNITUDES = {  # (upper bound exclusive, word)
    "en": ((10, "a few"), (100, "tens"), (1000, "hundreds"), (10**6, "thousands"), (10**9, "millions"),
           (None, "billions")),
    "es": ((10, "unos pocos"), (100, "decenas"), (1000, "cientos"), (10**6, "miles"),
           (10**9, "millones"), (None, "miles de millones")),
    "pt": ((10, "alguns"), (100, "dezenas"), (1000, "centenas"), (10**6, "milhares"),
           (10**9, "milhões"), (None, "bilhões")),
}


def lang_of(lang: Optional[str]) -> str:
    """Our language code ('en', 'es', 'pt') for a spaCy lang or locale; other languages use English."""
    code = (lang or "en").lower().replace("-", "_").split("_")[0]
    return code if code in LANGS else "en"


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _month_table() -> Dict[str, Tuple[str, str, int]]:
    table: Dict[str, Tuple[str, str, int]] = {}
    for lang in LANGS:
        full, abbr = MONTHS[lang]
        for i, name in enumerate(full):
            table.setdefault(name, (lang, "full", i + 1))
            table.setdefault(_strip_accents(name), (lang, "full", i + 1))
        for i, name in enumerate(abbr):
            table.setdefault(name, (lang, "abbr", i + 1))
    for name, value in _MONTH_VARIANTS.items():
        table.setdefault(name, value)
    return table


_MONTH_LOOKUP = _month_table()
_MONTH_RE = "|".join(sorted(_MONTH_LOOKUP, key=len, reverse=True))
_ORD = r"(?P<o>st|nd|rd|th|º|°|ª)?"
_DATE_PATTERNS = [
    # "2024-06-28", also as a timestamp's date ("2024-06-28T09:31:04Z")
    ("iso", re.compile(r"\b(?P<y>\d{4})(?P<sep>[-/.])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})(?!\d)")),
    # ISO 8601's basic format, a timestamp: "20240628T093104Z"
    ("iso", re.compile(r"(?<!\d)(?P<y>\d{4})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?=T\d)")),
    ("num", re.compile(r"\b(?P<a>\d{1,2})(?P<sep>[-/.])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})\b")),
    # "28 June 2024", "28-Jun-2024", "28/Jun/2024:09:31:04" (an access log's)
    ("dmy", re.compile(rf"\b(?P<d>\d{{1,2}}){_ORD}(?:\s*|[-/])(?:of\s+|de\s+)?(?P<mon>{_MONTH_RE})\b\.?(?:,?\s*|[-/])"
                       rf"(?:de\s+|del\s+)?(?P<y>\d{{4}})\b", re.I)),
    ("mdy", re.compile(rf"\b(?P<mon>{_MONTH_RE})\b\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})\b", re.I)),
    # ctime and some logs put the time between the day and the year: "Fri Jun 28 09:31:04 UTC 2024"
    ("mdy", re.compile(rf"\b(?P<mon>{_MONTH_RE})\b\.?\s+(?P<d>\d{{1,2}})\s+\d{{1,2}}:\d\d(?::\d\d(?:[.,]\d{{1,9}})?)?"
                       r"(?:\s+[A-Z]{2,5})?\s+(?P<y>\d{4})\b", re.I)),
    ("my", re.compile(rf"\b(?P<mon>{_MONTH_RE})\b\.?,?\s+(?:de\s+|del\s+|of\s+)?(?P<y>\d{{4}})\b", re.I)),
    ("dm", re.compile(rf"\b(?P<d>\d{{1,2}}){_ORD}\s*(?:of\s+|de\s+)?(?P<mon>{_MONTH_RE})\b", re.I)),
    ("md", re.compile(rf"\b(?P<mon>{_MONTH_RE})\b\.?\s+(?P<d>\d{{1,2}}){_ORD}(?!\d)", re.I)),
    ("y", re.compile(r"(?<!\d)(?P<y>(?:1[5-9]|20)\d{2})(?!\d)")),
    ("m", re.compile(rf"\b(?P<mon>{_MONTH_RE})\b", re.I)),
]


@dataclass
class ParsedDate:
    """A date found in a string: the parts it states, and where each part sits (for re-rendering)."""

    year: Optional[int]
    month: Optional[int]
    day: Optional[int]
    text: str
    groups: Dict[str, Tuple[int, int]] = field(default_factory=dict)  # "y"/"m"/"d" -> char span
    month_style: Optional[Tuple[str, str]] = None  # (lang, "full"|"abbr") for written months


def _valid(y: int, m: int, d: int) -> bool:
    try:
        _dt.date(y, m, d)
        return True
    except ValueError:
        return False


def _year(text: str) -> int:
    y = int(text)
    if len(text) == 2:
        y += 2000 if y < 50 else 1900
    return y


def parse_date(text: str, dayfirst: bool = True) -> Optional[ParsedDate]:
    """Find the first date in `text` (numeric, ISO or written in en/es/pt); None if there is none.

    dayfirst: how to read ambiguous numeric dates (03/04/2021); impossible readings are swapped.
    """
    for kind, pattern in _DATE_PATTERNS:
        match = pattern.search(text)
        if not match:
            continue
        gd = match.groupdict()
        groups: Dict[str, Tuple[int, int]] = {}
        year = month = day = None
        style = None
        if kind == "num":
            a, b = int(gd["a"]), int(gd["b"])
            year = _year(gd["y"])
            readings = [(a, b, "d", "m"), (b, a, "m", "d")] if dayfirst else [(b, a, "m", "d"), (a, b, "d", "m")]
            for d, m, ga, gb in readings:
                if _valid(year, m, d):
                    day, month = d, m
                    groups = {ga: match.span("a"), gb: match.span("b"), "y": match.span("y")}
                    break
            else:
                continue
        else:
            if gd.get("y"):
                year = _year(gd["y"])
                groups["y"] = match.span("y")
            if gd.get("m"):
                month = int(gd["m"])
                groups["m"] = match.span("m")
            if gd.get("mon"):
                lang, kind_name, month = _MONTH_LOOKUP[_strip_accents(gd["mon"].lower())]
                style = (lang, kind_name)
                groups["m"] = match.span("mon")
            if gd.get("d"):
                day = int(gd["d"])
                groups["d"] = match.span("d")
            if gd.get("o") and gd["o"].lower() in ("st", "nd", "rd", "th"):
                groups["o"] = match.span("o")
            if month is not None and not 1 <= month <= 12:
                continue
            if day is not None and not _valid(year or 2000, month or 1, day):
                continue
        return ParsedDate(year, month, day, text, groups, style)
    return None


def month_name(month: int, lang: str, style: str = "full") -> str:
    full, abbr = MONTHS[lang_of(lang)]
    return (full if style == "full" else abbr)[month - 1]


def _match_case(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def coarsen_date(text: str, granularity: str = "month", lang: str = "en") -> Optional[str]:
    """Month-year ("March 2021", "marzo de 2021") or year of the date in `text`; None if none found."""
    if granularity not in DATE_GRANULARITIES:
        raise ValueError(Errors.E307.format(date_granularities=DATE_GRANULARITIES, granularity=granularity))
    lang = lang_of(lang)
    parsed = parse_date(text, dayfirst=lang != "en")
    if parsed is None:
        return None
    if parsed.year is not None and (granularity == "year" or parsed.month is None):
        return str(parsed.year)
    if parsed.month is None:
        return None
    name = month_name(parsed.month, lang)
    if lang == "en":
        name = name.capitalize()
    if parsed.year is None:
        return name
    return f"{name} {parsed.year}" if lang == "en" else f"{name} de {parsed.year}"


def _add_months(year: int, month: int, months: int) -> Tuple[int, int]:
    total = year * 12 + (month - 1) + months
    return total // 12, total % 12 + 1


def _ordinal_suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _pads_day_and_month(parsed: ParsedDate, text: str) -> bool:
    """Whether a date writes its day (and a numeric month) in two digits: one of them is "0n", or it is
    ISO (year first), which always pads, or a day glued to a month name by "/" or "-"."""
    if "m" not in parsed.groups or "d" not in parsed.groups:
        return False
    (ms, me), (ds, de) = parsed.groups["m"], parsed.groups["d"]
    if parsed.month_style is not None:  # "28/Jun/2024", "05-Sep-21": a form's or a log's day keeps two digits
        return de - ds == 2 and text[de:de + 1] in ("/", "-")
    year_first = "y" in parsed.groups and parsed.groups["y"][0] < ms
    return year_first or text[ms:me].startswith("0") or text[ds:de].startswith("0")


_CLOCK_AFTER = re.compile(r" \d\d?:\d\d")  # a clock time right after a day ("Jun 28 09:31")


def shift_date(parsed: ParsedDate, days: int) -> str:
    """Re-render `parsed.text` with its date moved by `days` (months/years for partial dates).

    Keeps the original shape: separators, zero padding, 2/4-digit years, month names in the same
    language, abbreviation and case. A shift of 0 still changes a partial date by at least one unit.
    """
    y, m, d = parsed.year, parsed.month, parsed.day
    if d is not None and m is not None:
        base = _dt.date(y if y is not None else 2000, m, d)
        new = base + _dt.timedelta(days=days or 1)
        if y is None and new.month == 2 and new.day == 29:
            new = new - _dt.timedelta(days=1)
        ny, nm, nd = new.year, new.month, new.day
    elif m is not None:
        months = round(days / 30.4) or (1 if days >= 0 else -1)
        ny, nm = _add_months(y if y is not None else 2000, m, months)
        nd = None
    else:
        years = round(days / 365.25) or (1 if days >= 0 else -1)
        ny, nm, nd = (y or 2000) + years, None, None
    values = {"y": ny, "m": nm, "d": nd, "o": nd}
    out = parsed.text
    weekday = (_WEEKDAY_RE.search(out) or _WEEKDAY_ABBR_RE.search(out)) if nd is not None and ny is not None \
        and y is not None else None
    if weekday and not any(s <= weekday.start() < e for s, e in parsed.groups.values()):
        # a stated weekday follows the date, so it neither contradicts it nor reveals the original
        old_day = weekday.group(1)
        new_index = _dt.date(ny, nm, nd).weekday()
        if old_day.lower() in _WEEKDAY_ABBR:
            new_day = _match_case(WEEKDAYS["en"][new_index][:3], old_day)
        else:
            lang = next(lang for lang, names in WEEKDAYS.items() if old_day.lower() in names)
            new_day = _match_case(WEEKDAYS[lang][new_index], old_day)
        start, end = weekday.span(1)
        shift = len(new_day) - len(old_day)
        out = out[:start] + new_day + out[end:]
        parsed = ParsedDate(parsed.year, parsed.month, parsed.day, out,
                            {k: (a + shift, b + shift) if a >= end else (a, b) for k, (a, b) in parsed.groups.items()},
                            parsed.month_style)
    padded = _pads_day_and_month(parsed, out)
    for key, (start, end) in sorted(parsed.groups.items(), key=lambda kv: kv[1][0], reverse=True):
        old = out[start:end]
        value = values[key]
        if key == "m" and parsed.month_style is not None:
            lang, style = parsed.month_style
            new_text = _match_case(month_name(value, lang, style), old)
        elif key == "o":
            new_text = _match_case(_ordinal_suffix(value), old)
        elif key == "y" and len(old) == 2:
            new_text = f"{value % 100:02d}"
        elif key in ("d", "m") and padded:
            new_text = f"{value:02d}"  # "2024-06-28" -> "2024-10-03", not "2024-10-3"
        elif key == "d" and parsed.month_style is not None and _CLOCK_AFTER.match(out, end):
            # ctime and syslog ("Jun 28 09:31:04", "Jun  8 09:31:04"): a day field two characters wide
            if start >= 2 and out[start - 2:start] == "  ":
                start -= 1  # the padding space is part of the field
            new_text = f"{value:>2d}" if end - start == 2 else str(value)
        else:
            new_text = str(value).zfill(len(old)) if old.startswith("0") else str(value)
        out = out[:start] + new_text + out[end:]
    return out


_NUMBER_RE = re.compile(r"\d{1,3}(?:[,.\u00a0 ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?")


_SCALES = {"thousand": 10**3, "mil": 10**3, "million": 10**6, "millions": 10**6, "millon": 10**6,
           "millones": 10**6, "milhao": 10**6, "milhoes": 10**6, "billion": 10**9, "billions": 10**9,
           "bilhao": 10**9, "bilhoes": 10**9}
_SCALE_RE = re.compile(r"\s*(thousand|million|millions|millón|millon|millones|milhão|milhao|milhões|"
                       r"milhoes|billion|billions|bilhão|bilhao|bilhões|bilhoes|mil)\b", re.I)


def parse_number(text: str) -> Optional[Tuple[float, Tuple[int, int]]]:
    """The first number in `text` and its char span; '1,234' and '1.234' are thousands, '1.5' decimal."""
    match = _NUMBER_RE.search(text)
    if not match:
        return None
    raw = match.group(0)
    groups = re.split(r"[,.\u00a0 ]", raw)
    if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]) and re.fullmatch(r"[\d,.\u00a0 ]+", raw):
        seps = set(re.findall(r"[,.\u00a0 ]", raw))
        if len(seps) == 1:
            return float("".join(groups)), match.span()
    # last separator is the decimal mark, the others group thousands
    last = max(raw.rfind(","), raw.rfind("."))
    if last >= 0:
        integer = re.sub(r"\D", "", raw[:last])
        value = float(f"{integer or 0}.{raw[last + 1:]}")
    else:
        value = float(raw)
    return value, match.span()


def _format_int(value: int, lang: str) -> str:
    text = f"{value:,}"
    return text if lang == "en" else text.replace(",", ".")


def coarsen_number(text: str, style: str = "about", lang: str = "en") -> Optional[str]:
    """Order of magnitude of the first number in `text`: "about 1,000" or "thousands"; None if none."""
    if style not in NUMBER_STYLES:
        raise ValueError(Errors.E308.format(number_styles=NUMBER_STYLES, style=style))
    lang = lang_of(lang)
    parsed = parse_number(text)
    if parsed is None:
        return None
    value, (start, end) = parsed
    scale = _SCALE_RE.match(text[end:])
    if scale and style == "words":
        value *= _SCALES[_strip_accents(scale.group(1).lower())]
        end += scale.end()
    if style == "about":
        magnitude = 10 ** max(0, len(str(int(abs(value)))) - 1)
        rounded = int(round(value / magnitude) * magnitude)
        return f"{_ABOUT[lang]} {text[:start]}{_format_int(rounded, lang)}{text[end:]}"
    word = next(w for bound, w in _MAGNITUDES[lang] if bound is None or abs(value) < bound)
    rest = text[end:]
    if re.match(r"\s+[^\W\d_]", rest):
        rest = f" {_OF[lang]}{rest}"
    return f"{text[:start]}{word}{rest}"


def coarsen_age(text: str, bucket: int = 10) -> Optional[str]:
    """Replace the first number of an age mention by its range: "58 year old" -> "50-59 year old"."""
    if bucket < 1:
        raise ValueError(Errors.E309)
    match = re.search(r"\d+", text)
    if not match:
        return None
    n = int(match.group(0))
    lo = n // bucket * bucket
    return f"{text[:match.start()]}{lo}-{lo + bucket - 1}{text[match.end():]}"


def category_phrase(label: str, lang: str = "en") -> str:
    """A neutral phrase naming the category ("a person", "un lugar", "algo" for unknown labels)."""
    phrases = CATEGORY_PHRASES[lang_of(lang)]
    return phrases.get(label, phrases["MISC"])


def generalize(label: str, text: str, lang: str = "en", *, date_granularity: str = "month",
               age_bucket: int = 10, number_style: str = "about") -> str:
    """The built-in generalization of a mention: coarsened dates/ages/numbers, else a category phrase."""
    result: Optional[str] = None
    if label == "DATETIME":
        result = coarsen_date(text, date_granularity, lang)
    elif label == "AGE":
        result = coarsen_age(text, age_bucket)
    elif label == "QUANTITY":
        result = coarsen_number(text, number_style, lang)
    return result if result else category_phrase(label, lang)


__all__: List[str] = [
    "ParsedDate", "parse_date", "shift_date", "coarsen_date", "parse_number", "coarsen_number",
    "coarsen_age", "category_phrase", "generalize", "lang_of", "month_name",
]
