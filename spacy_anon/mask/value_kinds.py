"""Durations, frequencies, ages and measurements: values that a detector labels as dates or quantities but
that are not calendar dates, told apart by their words, and their surrogates.

"for 5 days", "two weeks", "every 8 hours", "de 45 anos", "80 mg" were once given calendar dates or new
random numbers as surrogates ("for August 17, 2008", "23 mg"): a reader was told something false. So each
such value gets a fine type of its own (`value_kind`: DURATION, FREQUENCY, AGE, MEASURE) and a surrogate
that keeps its kind, its unit and its words, with the number coarsened into a range that holds the true
value (`range_surrogate`): "for 5 days" -> "for 5-7 days", "every 8 hours" -> "every 7-10 hours",
"de 45 anos" -> "de 40-49 anos", "80 mg" -> "80-85 mg". Nothing false is written and the exact number is
hidden; the range is a fixed bucket (it does not centre on the value), so its middle tells nothing more.
"""
import math
import re
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from spacy_anon.generalize.coarsen import CATEGORY_PHRASES, lang_of
from spacy_anon.labels import VALUE_TYPES, known_types

VALUE_KINDS = tuple(VALUE_TYPES)  # each kind's category is in `VALUE_TYPES`
# categories whose spans may be one of these kinds (a tagger's "date" is often a duration)
KIND_LABELS = frozenset({"DATETIME", "QUANTITY", "AGE"})
AGE_BUCKET = 10  # years: "45" -> "40-49", as the generalize strategy's default

NUMBER_WORDS: Dict[str, int] = {
    # en
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "a": 1, "an": 1, "once": 1, "twice": 2, "thrice": 3,
    # es
    "cero": 0, "uno": 1, "un": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
    "ocho": 8, "nueve": 9, "diez": 10, "once_es": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15,
    "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
    "noventa": 90,
    # pt
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4, "sete": 7, "oito": 8, "nove": 9, "dez": 10,
    "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "quinze": 15, "vinte": 20, "trinta": 30,
    "quarenta": 40, "cinquenta": 50, "sessenta": 60, "oitenta": 80,
}
_ARTICLES = frozenset({"a", "an", "un", "una", "um", "uma"})  # "a week": one, said with an article
_WORD = "|".join(sorted((w for w in NUMBER_WORDS if "_" not in w), key=len, reverse=True))
# a number: digits ("5", "1.5", "38,5"), or words ("forty-five", "cuarenta y cinco", "quarenta e cinco")
_NUM = rf"(?:\d+(?:[.,]\d+)?|(?<!\w)(?:{_WORD})(?:(?:-|\s+(?:y|e)\s+|\s+)(?:one|two|three|four|five|six|seven|" \
       rf"eight|nine|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|um|dois|três|quatro|sete|oito|nove))?(?!\w))"
_NUM_RE = re.compile(rf"(?<![\w.,])(?:{_NUM})(?![\w]|[.,]\d)", re.I)
_RANGE_RE = re.compile(rf"(?<![\w.,])({_NUM})(\s*[-–]\s*|\s+(?:to|a|à)\s+)({_NUM})(?![\w]|[.,]\d)", re.I)

# time units, singular -> plural (an abbreviation is its own plural)
TIME_UNITS: Dict[str, str] = {
    "second": "seconds", "minute": "minutes", "hour": "hours", "day": "days", "week": "weeks", "month": "months",
    "year": "years", "decade": "decades", "fortnight": "fortnights", "night": "nights",
    "segundo": "segundos", "minuto": "minutos", "hora": "horas", "día": "días", "dia": "dias",
    "semana": "semanas",
    "mes": "meses", "mês": "meses", "año": "años", "ano": "anos", "década": "décadas", "noche": "noches",
    "noite": "noites",
    "sec": "sec", "secs": "secs", "min": "min", "mins": "mins", "hr": "hrs", "hrs": "hrs", "h": "h", "wk": "wks",
    "wks": "wks", "yr": "yrs", "yrs": "yrs", "d": "d",
}
_PLURALS = frozenset(TIME_UNITS.values())
_TIME_UNIT = "|".join(sorted(set(TIME_UNITS) | _PLURALS, key=len, reverse=True))
_MEASURE_UNIT = (r"(?:mg|mcg|µg|μg|ng|g|gr|kg|ml|mL|cl|dl|dL|l|L|cc|cm|mm|m|km|mmHg|cmH2O|°C|ºC|°F|° ?C|%|"
                 r"bpm|lpm|rpm|ppm|UI|IU|U|units?|unidades?|lbs?|oz|ft|mEq|mmol|µmol|mol|kcal|cal|m2|m²|cm2|cm³|"
                 r"cm3|mm3|dB|dBA|kW|kWh|MW|Hz|kHz|MHz|GHz|psi|kPa|mph|km/h|kph|Mbps|GB|MB|TB|kB|"
                 r"kilograms?|kilos?|grams?|gramos?|gramas?|milligrams?|miligramos?|miligramas?|litres?|liters?|"
                 r"litros?|metres?|meters?|metros?|centimetres?|centimeters?|centímetros?|inches)"
                 r"(?:/(?:kg|m2|m²|dl|dL|l|L|ml|h|min|día|dia|day|d|24 ?h))?")

_AGE_RE = re.compile(
    rf"(?:(?<![\w])(?:{_NUM})[\s-]+(?:years?|yrs?|months?|weeks?|days?)[\s-]+old\b"  # 58 years old, 3-month-old
    rf"|\b(?:aged?|age of)\s+(?:{_NUM})\b"  # aged 58, age of 3
    rf"|(?<![\w])(?:{_NUM})\s+years?\s+of\s+age\b"  # 58 years of age
    rf"|(?<![\w])\d+\s*(?:y/?o|y\.o\.|a\.)(?!\w)"  # 58 y/o, 58yo
    rf"|(?<![\w])(?:{_NUM})\s+(?:años|anos|año|ano)\s+de\s+(?:edad|idade)\b"  # 45 años de edad
    rf"|\b(?:edad|idade)\s+(?:de\s+)?(?:{_NUM})\b"  # edad de 45, idade 45
    rf"|\b(?:de|con|com)\s+(?:{_NUM})\s+(?:años|anos)\b)",  # (un hombre) de 45 años, (mulher) com 45 anos
    re.I)
# words before "45 años" / "45 anos" that make it an age, not a duration ("tiene 45 años", "um homem de")
_AGE_BEFORE = re.compile(
    r"\b(?:de|con|com|tiene|tenía|tenia|cumplió|cumple|tem|tinha|completou|fez|idade|edad)\s*\Z", re.I)
_AGE_BARE = re.compile(rf"^\s*(?:{_NUM})\s+(?:años|anos)\s*$", re.I)
_FREQUENCY_RE = re.compile(
    rf"(?:\b(?:once|twice|thrice|(?:{_NUM})\s+times?)\s+(?:a|an|per|each|every|a\s+day|daily)\b"
    rf"|\bevery\s+(?:other\s+)?(?:(?:{_NUM})\s+)?(?:{_TIME_UNIT})\b"
    rf"|\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|yearly|annually|bi-?weekly)\b"
    rf"|(?<![\w])(?:{_NUM})\s*(?:x|/)\s*(?:day|week|month|d|wk|día|dia|semana|mes|mês)\b"
    rf"|\bq\.?\s?\d+\s?h\b|\b(?:b\.?i\.?d|t\.?i\.?d|q\.?i\.?d|q\.?d)\b\.?"
    rf"|\b(?:a\s+)?cada\s+(?:(?:{_NUM})\s+)?(?:{_TIME_UNIT})\b"
    rf"|\b(?:{_NUM})\s+(?:vez|veces|vezes)\s+(?:al|a\s+la|por|a|ao|à|cada)\b"
    rf"|\b(?:diario|diaria|diariamente|semanal|semanalmente|mensual|mensal|mensualmente|mensalmente|anual|"
    rf"anualmente)\b)",
    re.I)
_DURATION_RE = re.compile(
    rf"(?:(?<![\w])(?:{_NUM})(?:(?:\s*[-–]\s*|\s+(?:to|a|à)\s+)(?:{_NUM}))?[\s-]*(?:{_TIME_UNIT})\b"
    rf"|\b(?:half\s+an?\s+hour|media\s+hora|meia\s+hora|a\s+(?:few|couple\s+of)\s+(?:{_TIME_UNIT})|"
    rf"several\s+(?:{_TIME_UNIT})|unos\s+(?:{_TIME_UNIT})|unas\s+(?:{_TIME_UNIT})|alguns\s+(?:{_TIME_UNIT})|"
    rf"algumas\s+(?:{_TIME_UNIT})|varios\s+(?:{_TIME_UNIT})|varias\s+(?:{_TIME_UNIT})|vários\s+(?:{_TIME_UNIT})|"
    rf"várias\s+(?:{_TIME_UNIT})))",
    re.I)
_MEASURE_RE = re.compile(rf"(?<![\w])\d+(?:[.,]\d+)?(?:\s*/\s*\d+(?:[.,]\d+)?)?\s?{_MEASURE_UNIT}(?![\w])")
# money is an amount, not a measure ("81.85 pounds sterling (GBP)")
_MONEY = re.compile(r"[$€£¥₹]|\b[A-Z]{3}\b|\b(?i:sterling|pounds?|euros?|dollars?|pesos?|reais|libras?|francs?|"
                    r"kronor|zlotys?|rupees?|yen)\b")
# a calendar date in the value: then it is a date ("5 days after 12 March 2021" stays a date)
_CALENDAR = re.compile(rf"\b\d{{1,4}}[/.-]\d{{1,2}}[/.-]\d{{1,4}}\b"
                       rf"|\b(?:1[89]|20)\d\d\b(?![\s-]*(?:{_TIME_UNIT}|{_MEASURE_UNIT})\b)|\d{{1,2}}:\d\d")


@lru_cache(maxsize=1)
def _date_and_number_types() -> frozenset:
    """The known types of a date or a number that say no more than that (TAB's DATETIME, HAREM's TEMPO,
    MEDDOCAN's FECHAS, spaCy's DATE and CARDINAL, the rules' DATE)."""
    return frozenset(t for t, category in known_types().items() if category in ("DATETIME", "QUANTITY"))


def value_type(value: str, label: str, detector_type: Optional[str], before: str = "") -> Optional[str]:
    """The kind of a DATETIME, QUANTITY or AGE span whose words say it is one (`value_kind`), when its
    detector's type says no more than "a date" or "a number" (none, a category, a known corpus, NER or
    rule type of a date or a number: HAREM's TEMPO says less than "an age"). An age type (MEDDOCAN's
    EDAD_SUJETO_ASISTENCIA) and a user's own type stay."""
    if label not in KIND_LABELS or detector_type in VALUE_KINDS:
        return None
    if detector_type is not None and detector_type != label and detector_type not in _date_and_number_types():
        return None
    return value_kind(value, before)


_NAMED_LABELS = frozenset({"PERSON", "ORG", "LOC", "CONTACT", "ID", "CODE"})  # never a kind, whatever their words


def value_kind_of(label: str, text: str, fine_type: Optional[str] = None) -> Optional[str]:
    """The kind a surrogate keeps: the span's fine type when it is one, AGE for an age ("58" of "58 years
    old" is all a rule's AGE span holds), else what the words say (`value_kind`) for a DATETIME or
    QUANTITY, or for a value with digits of another label (DEM, MISC) that names no person, place,
    organisation, contact or code."""
    if fine_type in VALUE_KINDS:
        return fine_type
    if label == "AGE":
        return "AGE"
    if label in KIND_LABELS or label not in _NAMED_LABELS and re.search(r"\d", text):
        return value_kind(text)  # also "58 years old" that a tagger called DEM
    return None


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip())


def value_kind(text: str, before: str = "") -> Optional[str]:
    """DURATION, FREQUENCY, AGE or MEASURE when `text` (a whole span) is one, else None.

    before: the text just before the span; "45 anos" after "de" or "tem" is an age, elsewhere
        (a duration: "há 45 anos", "durante 45 años") it is not.
    """
    value = _words(text)
    if not value or _CALENDAR.search(value) or _MONEY.search(value):
        return None
    if _AGE_RE.search(value) or (_AGE_BARE.match(value) and _AGE_BEFORE.search(before)):
        return "AGE"
    if _FREQUENCY_RE.search(value):
        return "FREQUENCY"
    if _DURATION_RE.search(value):
        return "DURATION"
    if _MEASURE_RE.search(value):
        return "MEASURE"
    return None


# ---------------------------------------------------------------- ranges
_GRID = (1, 1.5, 2, 3, 5, 7)  # counts: 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, ...


def count_range(x: float) -> Tuple[float, float]:
    """The fixed bucket [lo, hi) of the 1-2-3-5-7 grid that holds a count `x` >= 0 (0 -> (0, 1); a count
    of days, weeks, times: wide enough to hide it, narrow enough to keep its order of magnitude)."""
    if x < 1:
        return (0, 1)
    top = int(math.floor(math.log10(x))) + 2
    bounds = sorted({g * 10 ** k for k in range(top) for g in _GRID if g * 10 ** k == int(g * 10 ** k)})
    return (max(b for b in bounds if b <= x), min(b for b in bounds if b > x))


def measure_range(x: float) -> Tuple[float, float]:
    """The fixed bucket [lo, hi) whose width is the largest 1, 2 or 5 times a power of ten that is at most a
    tenth of `x`: 80 -> 80-85, 120 -> 120-130, 38.5 -> 38-40, 1.75 -> 1.7-1.8, 500 -> 500-550 (a dose or a
    reading keeps its size within about 10%, not its exact value)."""
    if x <= 0:
        return (0, 1)
    power = 10 ** math.floor(math.log10(x / 10))
    if power > x / 10:  # log10 rounded up (99999.99999999999 -> 5.0)
        power /= 10
    step = max(g * power for g in (1, 2, 5) if g * power <= x / 10)
    q = math.floor(x / step)
    if (q + 1) * step <= x:  # x / step rounded down below a whole number (0.3 / 0.02 = 14.999...)
        q += 1
    elif q * step > x:
        q -= 1
    return (round(q * step, 10), round((q + 1) * step, 10))


def age_range(n: float, bucket: int = AGE_BUCKET) -> Tuple[int, int]:
    """The age bucket, inclusive: 45 -> (40, 49)."""
    lo = int(n) // bucket * bucket
    return (lo, lo + bucket - 1)


def parse_count(token: str, lang: str = "en") -> Optional[float]:
    """The value of a number as written: "5", "1.5", "38,5", "two", "forty-five", "cuarenta y cinco"
    ("once" is 1 in English, 11 in Spanish)."""
    token = token.strip().lower()
    if re.fullmatch(r"\d+(?:[.,]\d+)?", token):
        return float(token.replace(",", "."))
    total = 0
    for word in re.split(r"[-\s]+(?:y\s+|e\s+)?|\s+", token):
        if word in ("", "y", "e"):
            continue
        if word == "once" and (token != "once" or lang == "es"):
            word = "once_es"
        if word not in NUMBER_WORDS:
            return None
        total += NUMBER_WORDS[word]
    return float(total)


def _fmt(x: float, decimal_comma: bool) -> str:
    text = f"{x:.3f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))
    return text.replace(".", ",") if decimal_comma else text


def _vague(kind: str, lang: str) -> str:
    phrases = {"DURATION": {"en": "some time", "es": "un tiempo", "pt": "algum tempo"},
               "FREQUENCY": {"en": "regularly", "es": "regularmente", "pt": "regularmente"}}
    if kind in phrases:
        return phrases[kind][lang]
    return CATEGORY_PHRASES[lang]["AGE" if kind == "AGE" else "QUANTITY"]


# what follows "one" (or "a") and takes the plural when the number becomes a range
_COUNTED = {**TIME_UNITS, "time": "times", "vez": "veces", "vez_pt": "vezes"}


def _pluralize_after(text: str, pos: int, lang: str) -> str:
    """`text` with the word that starts at `pos` (after spaces) in its plural ("a week" -> "weeks")."""
    match = re.match(rf"(\s*)({_TIME_UNIT}|time|vez)\b", text[pos:], re.I)
    if not match or match.group(2).lower() not in _COUNTED:
        return text
    word = match.group(2)
    plural = _COUNTED["vez_pt" if word.lower() == "vez" and lang == "pt" else word.lower()]
    plural = plural.capitalize() if word[:1].isupper() else plural
    start = pos + len(match.group(1))
    return text[:start] + plural + text[start + len(word):]


def range_surrogate(kind: str, text: str, lang: str = "en") -> str:
    """`text` with each number replaced by the range that holds it, the words and unit kept: "for 5 days"
    -> "for 5-7 days", "two weeks" -> "2-3 weeks", "a week" -> "1-2 weeks", "twice a day" -> "2-3 times a
    day", "58" (an age) -> "50-59", "80 mg" -> "80-85 mg"; a range "5-7 days" -> "5-10 days". A value with
    no number ("daily", "several days") becomes a vague phrase of its kind ("regularly", "some time")."""
    lang = lang_of(lang)
    pieces: List[Tuple[int, int, float, float, str]] = []  # start, end, low, high, original
    taken = set()
    in_years = kind == "AGE" and not re.search(
        r"\b(?:months?|weeks?|days?|mes(?:es)?|meses|semanas?|d[ií]as?)\b", text, re.I)

    def bucket(x: float) -> Tuple[float, float]:
        if in_years:
            return age_range(x)
        return measure_range(x) if kind == "MEASURE" else count_range(x)

    for m in _RANGE_RE.finditer(text):
        a, b = parse_count(m.group(1), lang), parse_count(m.group(3), lang)
        if a is None or b is None:
            continue
        pieces.append((m.start(), m.end(), bucket(min(a, b))[0], bucket(max(a, b))[1], m.group(0)))
        taken.update(range(m.start(), m.end()))
    for m in _NUM_RE.finditer(text):
        token = m.group(0)
        value = parse_count(token, lang)
        if m.start() in taken or value is None:
            continue
        if token.lower() in _ARTICLES and not (
                re.match(r"\s*(?:vez|time)\b", text[m.end():], re.I)
                or kind != "FREQUENCY" and re.match(rf"\s*(?:{_TIME_UNIT})\b", text[m.end():], re.I)):
            continue  # "a week" is one week, "una vez" once; "a day" in "twice a day" is "per day"
        lo, hi = bucket(value)
        pieces.append((m.start(), m.end(), lo, hi, token))
    if not pieces:
        return _vague(kind, lang)
    out = text
    decimal_comma = bool(re.search(r"\d,\d", text)) or (lang in ("es", "pt") and not re.search(r"\d\.\d", text))
    for start, end, lo, hi, token in sorted(pieces, reverse=True):
        new = f"{_fmt(lo, decimal_comma)}-{_fmt(hi, decimal_comma)}"
        low = token.lower()
        if low in ("once", "twice", "thrice") and lang == "en":
            new += " times"
        out = out[:start] + new + out[end:]
        if parse_count(token, lang) == 1 or low in _ARTICLES:
            out = _pluralize_after(out, start + len(new), lang)
    return out
