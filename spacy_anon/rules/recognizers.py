"""Rule recognizers: one small frozen dataclass per kind of identifier, kept in a registry by name."""
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Dict, FrozenSet, Iterable, Iterator, Optional, Sequence, Tuple

from spacy_anon.rules import amounts, dates
from spacy_anon.rules import validators as v

# A finder yields (start, end, score) for recognizers that are not plain regexes (phones, postal codes).
Finder = Callable[[str, "object"], Iterable[Tuple[int, int, float]]]


@dataclass(frozen=True)
class Pattern:
    """A compiled regex, the score of its raw match, and the group that becomes the span."""

    regex: "re.Pattern[str]"
    score: float
    group: int = 0


@dataclass(frozen=True)
class Recognizer:
    """One kind of identifier: patterns (or a finder), an optional validator, context words and a label.

    validator: returns True (checksum passed: the score becomes `validated_score`), False (drop the
        match) or None (keep the pattern score).
    context / negative_context: lower-case words or phrases; within the context window they raise /
        lower the score by the context boost.
    languages: language codes the recognizer is meant for; empty means any language.
    prefilter: cheap test on the whole text; when it fails the patterns are not run at all.
    """

    name: str
    label: str
    patterns: Tuple[Pattern, ...] = ()
    finder: Optional[Finder] = None
    validator: Optional[Callable[[str], Optional[bool]]] = None
    validated_score: Optional[float] = None
    context: Tuple[str, ...] = ()  # "<word": only before the match, ">word": only after it
    negative_context: Tuple[str, ...] = ()
    languages: Tuple[str, ...] = ()
    prefilter: Optional[Callable[[str], bool]] = None
    identifier: Optional[str] = None
    opt_in: bool = False  # left out of "all": only used when named (domain shorthand that misfires elsewhere)

    def raw_matches(self, text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
        """(start, end, score, validated) of every pattern/finder hit that survives the validator.

        validated: a checksum confirmed the value (the validator returned True on a recognizer with a
        `validated_score`, or the finder yielded a fourth element True): such a match keeps its label against other detectors'
        overlapping guesses (`spacy_anon.mask.overlaps`).
        """
        if self.prefilter is not None and not self.prefilter(text):
            return
        hits: Iterable[Tuple]
        if self.finder is not None:
            hits = self.finder(text, options)
        else:
            hits = _pattern_hits(text, self.patterns)
        for hit in hits:
            start, end, score = hit[0], hit[1], hit[2]
            validated = bool(hit[3]) if len(hit) > 3 else False
            if self.validator is not None:
                verdict = self.validator(text[start:end])
                if verdict is False:
                    continue
                if verdict is True and self.validated_score is not None:  # a checksum, not a plausibility
                    validated = True
                    score = max(score, self.validated_score)
            yield start, end, score, validated


def _pattern_hits(text: str, patterns: Sequence[Pattern]) -> Iterator[Tuple[int, int, float]]:
    for p in patterns:
        for m in p.regex.finditer(text):
            start, end = m.span(p.group)
            if start < end:
                yield start, end, p.score


def _compile(specs: Iterable[Tuple[str, float, int]], flags: int = 0) -> Tuple[Pattern, ...]:
    return tuple(Pattern(re.compile(src, flags), score, group) for src, score, group in specs)


def _has_digits(n: int) -> Callable[[str], bool]:
    """Prefilter: the text contains at least `n` digits (searched in C, stops at the n-th digit)."""
    regex = re.compile(r"\d" + r"\D*\d" * (n - 1))
    return lambda text: regex.search(text) is not None


def _contains(*needles: str) -> Callable[[str], bool]:
    return lambda text: any(n in text for n in needles)


_DMY = re.compile(r"\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}")


def _date_valid(value: str) -> Optional[bool]:
    """Numeric day-month-year dates must have a plausible day and month; other shapes pass."""
    if _DMY.fullmatch(value):
        return v.numeric_date_valid(value)
    return None


_FRACTION_TEXTS = frozenset(f"{a}/{b}" for a, b in dates.FRACTIONS)
_FRACTION_RANGE = re.compile(r"(\d+/\d+)(?:\s*-\s*)?(\d+/\d+)")
_PAIN = re.compile(dates.PAIN_WORDS)


def _not_a_fraction_range(value: str) -> Optional[bool]:
    """"1/3-1/2" (of a dose) is two fractions, not a range of dates."""
    m = _FRACTION_RANGE.fullmatch(value)
    return False if m and m.group(1) in _FRACTION_TEXTS and m.group(2) in _FRACTION_TEXTS else None


def pain_score_near(text: str, start: int, end: int) -> bool:
    """A pain word from 25 characters before text[start:end] to 15 after it: an "n/10" there is a pain
    score, not a date (`rules.clinical_month_day`, `anon_crf` `drop_implausible_dates`)."""
    return _PAIN.search(text[max(0, start - 25):end + 15]) is not None


def _age_valid(value: str) -> Optional[bool]:
    number = re.search(r"\d+", value)  # ages in words ("eight years old") have none
    return False if number is not None and int(number.group()) > 125 else None


def _record_valid(value: str) -> Optional[bool]:
    """Record numbers have at least 4 digits ("#3" after Tylenol is not one)."""
    return None if sum(c.isdigit() for c in value) >= 4 else False


def _ssn_valid(value: str) -> Optional[bool]:
    return None if v.us_ssn_valid(value) else False


# ---------------------------------------------------------------- CONTACT
EMAIL = Recognizer(
    name="rules.email",
    label="CONTACT",
    patterns=_compile([(
        r"(?<![\w.+\-])[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-]+)*"
        r"@(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w\-])", 0.9, 0)]),
    context=("email", "e-mail", "mail", "correo", "contact"),
    prefilter=_contains("@"),
)

# Bare domains (no scheme, no www.): generic TLDs are reported alone; country TLDs only with a second
# level ("bbc.co.uk", "uol.com.br"), a path, or a context word, because "chart.pt" or "monday.no" (a
# missing space after a full stop) are far more common in notes than bare ccTLD domains. Country codes
# that are also words (.is .no .in .at .be .me .us .it) are never taken bare.
_GTLDS = "com|org|net|edu|gov|mil|int|info|biz|io|online|site|store|shop|blog|xyz"
_CCTLDS = (
    "eu|uk|ca|de|fr|es|pt|br|nl|ch|se|dk|fi|pl|cz|hu|ru|cn|jp|au|nz|za|mx|ar|cl|ie|gr|tr|il|kr|sg|hk|tw|"
    "ro|ua|sk|si|hr|bg|lt|lv|ee|lu|cat|gal|eus"
)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
_PATH = r"/[^\s<>\"'`]*[^\s<>\"'`.,;:!?)\]}]"
URL = Recognizer(
    name="rules.url",
    label="CONTACT",
    patterns=_compile([
        # scheme or www. prefix
        (r"(?<![\w@])(?:(?:https?|ftp)://|www\.)[^\s<>\"'`]+[^\s<>\"'`.,;:!?)\]}]", 0.85, 0),
        # bare domains (see _GTLDS / _CCTLDS)
        (rf"(?<![\w@.\-/])(?:{_LABEL}\.)+(?:{_GTLDS})(?:\.(?:{_CCTLDS}))?(?:{_PATH})?(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/])(?:{_LABEL}\.)+(?:co|ac|or|ne|go|gob|gv)\.(?:{_CCTLDS})(?:{_PATH})?(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/])(?:{_LABEL}\.)+(?:{_CCTLDS}){_PATH}(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/])(?:{_LABEL}\.)+(?:{_CCTLDS})(?![\w@\-])", 0.3, 0),
    ]),
    context=("website", "site", "web", "url", "link", "domain", "visit", "página", "sitio", "portal", "blog"),
    prefilter=_contains("."),
)

_IPV4 = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}"
_H = r"[0-9A-Fa-f]{1,4}"
_IPV6 = (
    rf"(?:(?:{_H}:){{7}}{_H}|(?:{_H}:){{1,7}}:|(?:{_H}:){{1,6}}:{_H}|(?:{_H}:){{1,5}}(?::{_H}){{1,2}}|"
    rf"(?:{_H}:){{1,4}}(?::{_H}){{1,3}}|(?:{_H}:){{1,3}}(?::{_H}){{1,4}}|(?:{_H}:){{1,2}}(?::{_H}){{1,5}}|"
    rf"{_H}:(?::{_H}){{1,6}}|:(?::{_H}){{1,7}}|::(?:ffff(?::0{{1,4}})?:)?{_IPV4}|(?:{_H}:){{1,4}}:{_IPV4})"
)
IP_ADDRESS = Recognizer(
    name="rules.ip",
    label="CONTACT",
    patterns=_compile([
        (rf"(?<![\w./]){_IPV4}(?![\w/%]|\.\d)", 0.6, 0),
        (rf"(?<![\w:.]){_IPV6}(?![\w:]|\.\d)", 0.6, 0),
    ]),
    validator=v.ip_valid,
    validated_score=0.6,
    context=("ip", "address", "ipv4", "ipv6", "host", "server", "client", "dirección", "endereço"),
    negative_context=("version", "versión", "versão", "v", "firmware", "release", "build", "software",
                      "model"),
    prefilter=lambda t: "." in t or ":" in t,
)


def _phone_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    from spacy_anon.rules.phones import find_phones

    return find_phones(text, getattr(options, "phone_regions", ("US",)))


PHONE = Recognizer(
    name="rules.phone",
    label="CONTACT",
    finder=_phone_finder,
    context=(
        "phone", "phones", "telephone", "tel", "tel.", "mobile", "cell", "cellphone", "fax", "desk", "office",
        "call", "calling", "called", "dial", "reach", "contact", "text", "sms", "phone number", "my number",
        "our number", "your number", "his number", "her number", "contact number", "number to call",
        "whatsapp", "message", "messages", "answering", "landline", "hotline", "ext",
        "teléfono", "telefono", "tlf", "tfno", "móvil", "movil", "celular", "llamar", "llame",
        "telefone", "telemóvel", "telemovel", "ligar", "ligue", "contacto", "contato", "contactar", "contatar",
        "llamar", "llame", "telefonear", "telefonar",
    ),
    negative_context=(
        "abg", "card", "credit", "iban", "account", "isbn", "ssn", "invoice", "order", "page", "tarjeta", "cartão",
        "license", "licence", "driver", "passport", "ticket", "tracking", "serial", "reference", "ref", "lot",
        "model", ">euros", ">eur", ">dollars", ">usd", ">pesos", ">reais", ">libras", ">pounds", ">inhabitants",
        ">habitantes", ">people", ">personas", ">pessoas", ">km", ">kg", ">metres", ">meters", ">units", "apt", "suite", "street", "st", "ave", "avenue", "road",
        "rd", "blvd", "lane",
    ),
    prefilter=_has_digits(7),
)

# ---------------------------------------------------------------- ID
CREDIT_CARD = Recognizer(
    name="rules.credit_card",
    label="ID",
    patterns=_compile([
        # 4-4-4-4 / 4-6-5 groups with spaces or dashes, or 12-19 digits in one run
        (r"(?<![\d\-])\d{4}([ \-])\d{4}\1\d{4}\1\d{1,7}(?![\d]|[ \-]\d)", 0.3, 0),
        (r"(?<![\d\-])\d{4}([ \-])\d{6}\1\d{4,5}(?![\d]|[ \-]\d)", 0.3, 0),
        (r"(?<![\w\-])\d{12,19}(?![\w]|-\d)", 0.2, 0),
    ]),
    validator=v.credit_card_valid,
    validated_score=0.65,
    context=("card", "credit", "debit", "cc", "visa", "mastercard", "amex", "american express", "discover",
             "maestro", "jcb", "diners", "tarjeta", "crédito", "cartão", "cartao", "número de tarjeta"),
    negative_context=("isbn", "order", "tracking", "invoice"),
    prefilter=_has_digits(12),
)

_IBAN_CANDIDATE = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \-]?[A-Za-z0-9]{1,4}){3,8}(?![A-Za-z0-9])"
)


def _iban_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """IBAN candidates; when the full run fails mod-97, shorter runs (dropping trailing groups such as a
    following word) are tried, so "ES91 2100 ... 1332 and" still yields the IBAN."""
    for m in _IBAN_CANDIDATE.finditer(text):
        value = m.group()
        while len(value) >= 15:
            if v.iban_valid(value):
                yield m.start(), m.start() + len(value), 0.9, True
                break
            cut = max(value.rfind(" "), value.rfind("-"))
            if cut <= 4:
                break
            value = value[:cut]


IBAN = Recognizer(
    name="rules.iban",
    label="ID",
    finder=_iban_finder,
    context=("iban", "account", "bank", "transfer", "wire", "cuenta", "conta", "banco", "transferencia",
             "transferência"),
    prefilter=_has_digits(8),
)

US_SSN = Recognizer(
    name="rules.us_ssn",
    label="ID",
    patterns=_compile([
        (r"(?<![\w\-.])\d{3}([\- .])\d{2}\1\d{4}(?![\w\-]|\.\d)", 0.5, 0),
        (r"(?<![\w\-.])\d{9}(?![\w\-]|\.\d)", 0.2, 0),
    ]),
    validator=_ssn_valid,
    context=("ssn", "ssns", "social security", "social", "security", "ss#", "ss #", "ssid", "ss"),
    languages=("en",),
    prefilter=_has_digits(9),
)

ES_DNI = Recognizer(
    name="rules.es_dni",
    label="ID",
    patterns=_compile([
        (r"(?<![\w\-])(?:\d{8}|[XYZ]\d{7})[\- ]?[A-Z](?![\w\-])", 0.4, 0),
    ]),
    validator=v.es_dni_valid,
    validated_score=0.85,
    context=("dni", "nie", "nif", "documento", "identidad", "pasaporte"),
    prefilter=_has_digits(7),
)

PASSPORT = Recognizer(
    name="rules.passport",
    label="ID",
    patterns=_compile([(r"(?<![\w\-])[A-Z]{1,2}\d{6,8}(?![\w\-])", 0.15, 0),
                       (r"(?<![\w\-])\d{9}(?![\w\-])", 0.1, 0)]),
    context=("passport", "pasaporte", "passaporte", "travel document"),
    prefilter=_has_digits(6),
)

_RECORD_CUE = (
    r"(?:MRN|NHC|N\.?H\.?C\.?|NHCs|NASS|NSS|CIPA|CIP|SIP|NUSS|Episodio|Nº\s?Col\.?|Nº|N°|N\.º|nº|n\.º|"
    r"No\.|no\.|Num\.|Núm\.|núm\.|#|"
    r"(?i:medical\s+record(?:\s+(?:number|no\.?|#))?|record\s+(?:number|no\.?|#)|patient\s+(?:id|number|no\.?)|"
    r"hospital\s+number|chart\s+(?:number|no\.?)|n[uú]mero\s+de\s+historia(?:\s+cl[ií]nica)?|"
    r"historia\s+cl[ií]nica|n[uú]mero\s+de\s+(?:processo|paciente|registo|registro)|"
    r"n[uú]mero\s+de\s+afiliaci[oó]n|n[uú]m\.?\s+(?:de\s+)?historia|id\s+(?:number|no\.?)))"
)
RECORD_NUMBER = Recognizer(
    name="rules.record_number",
    label="ID",
    patterns=_compile([
        (_RECORD_CUE + r"\s*(?:[:#=]\s*)?((?:[A-Za-z]{1,3}[\- ]?)?\d+(?:[ \-.]\d+)*(?:[\-/ ]?[A-Z])?)"
         r"(?![\w/]|[.\-]\d)", 0.7, 1),
    ]),
    validator=_record_valid,
    # "Law no. 3713", "Article no. 5", "Protocol No. 11" are not records
    negative_context=("<law", "<act", "<article", "<protocol", "<decree", "<ley", "<lei", "<decreto", "<artículo",
                      "<artigo", "<regulation", "<directive", "<resolution", "<convention", "<room", "<page"),
    prefilter=_has_digits(4),
)

# ---------------------------------------------------------------- CODE
CASE_NUMBER = Recognizer(
    name="rules.case_number",
    label="CODE",
    patterns=_compile([
        # ECHR style "no. 40593/04", "Application no. 40593/04", "nos. 123/04 and 456/05"
        # 4-6 digits / 2 digits is distinctive enough alone; shorter numerators need a context word
        (r"(?<![\w/.\-])\d{4,6}/\d{2}(?![\w/%]|[.\-]\d)", 0.5, 0),
        (r"(?<![\w/.\-])\d{2,3}/\d{2}(?![\w/%]|[.\-]\d)", 0.4, 0),
        (r"\b(?:[Nn]os?\.|[Nn]º|N°)\s*(\d{1,6}/\d{2})(?![\w/%]|[.\-]\d)", 0.85, 1),
        # docket styles: "C-123/04", "T-45/07", "No. 12-3456"
        (r"(?<![\w/\-])[A-Z]{1,2}-\d{1,5}/\d{2,4}(?![\w/])", 0.6, 0),
    ]),
    context=("application", "applications", "case", "cases", "demanda", "demandas", "caso",
             "processo", "recurso", "asunto", "queixa", "petition", "complaint", "docket", "appeal"),
    negative_context=("mg", "ml", "ratio", "score", "page", "pages", "<year", "<years", "<season", "<tax",
                      "bp", "b/p", "blood", "pressure", "mmhg", "cvp", "pa", "hr", "abp", "nbp", "ta", "tensión"),
    prefilter=_contains("/"),
)

# ---------------------------------------------------------------- DATETIME / AGE
DATE = Recognizer(
    name="rules.date",
    label="DATETIME",
    patterns=_compile(dates.NUMERIC_DATE + dates.WRITTEN_DATE_EN + dates.WRITTEN_DATE_ES_PT),
    validator=_date_valid,
    context=("date", "dated", "born", "birth", "on", "since", "until", "till", "from", "admitted", "discharged",
             "seen", "fecha", "nacimiento", "desde", "hasta", "ingreso", "alta", "data", "nascimento", "admissão"),
    prefilter=_has_digits(1),
)
SHORT_DATE = Recognizer(
    name="rules.date_short",
    label="DATETIME",
    patterns=_compile(dates.SHORT_DATE),
    validator=lambda s: False if s in _FRACTION_TEXTS else None,
    context=("date", "dated", "on", "since", "until", "till", "from", "admitted", "discharged", "seen", "by",
             "fecha", "desde", "hasta", "ingreso", "alta", "data", "admissão", "el", "em"),
    # "3/4 of", "1/2 tablet", ventilator "10/5" are not dates
    negative_context=(">of", ">de", "tablet", "tablets", "tab", "tabs", "dose", "mg", "ml", "cup", "score",
                      "ratio", "bp", "peep", "psv", "cpap", "bipap", "bi pap", "pap", "vent", "ventilation", "settings",
                      "mmhg", "ps"),
    prefilter=_contains("/"),
)
TIME = Recognizer(
    name="rules.time",
    label="DATETIME",
    patterns=_compile(dates.TIME),
    context=("at", "time", "hora", "horas", "às", "a las", "o'clock"),
    negative_context=("verse", "ratio", "score", "scored", "vs", "john", "matthew", "luke", "mark"),
    prefilter=_has_digits(1),
)
# "fx 5/97", "MI 92,", "6/30-7/2", "may 16, 2015": nursing-note shorthand, written from the deid tagger's
# misses and checked only on those notes, so opt-in (the deid config names it)
CLINICAL_DATE = Recognizer(
    name="rules.clinical_date",
    label="DATETIME",
    patterns=_compile(dates.CLINICAL_DATE_EN, re.M),
    validator=_not_a_fraction_range,
    languages=("en",),
    prefilter=_has_digits(1),
    opt_in=True,
)
_NOT_DATE_BEFORE = re.compile(rf"(?i)\b(?:{'|'.join(re.escape(w) for w in dates.NOT_DATE_WORDS)})\b[^\n]*\Z")
_NOT_DATE_AFTER = re.compile(
    r"(?i)^[ \t,(]{0,3}(?:\d+(?:\.\d+)?\s*%|(?:"
    + "|".join(re.escape(w) for w in dates.NOT_DATE_WORDS + dates.UNITS_AFTER) + r")\b)"
)
_MONTH_DAY = re.compile(dates.MONTH_DAY)


def _month_day_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Month/day groups that are not fractions, "n/n" exam grades (2/2, 5/5), pain scores, or numbers
    next to a ventilator, pressure or exam word (20 characters before on the line) or a unit after."""
    for m in _MONTH_DAY.finditer(text):
        month, day = int(m.group(1)), int(m.group(2))
        if (month == day and month <= 5) or (month, day) in dates.FRACTIONS:
            continue
        if day == 10 and pain_score_near(text, m.start(), m.end()):
            continue
        before = text[max(0, m.start() - 20):m.start()]
        if m.start() > 20:
            before = re.sub(r"^\w+", "", before)  # a word cut by the window does not count
        if _NOT_DATE_BEFORE.search(before) or _NOT_DATE_AFTER.search(text[m.end():m.end() + 12]):
            continue
        yield m.start(), m.end(), 0.6


# "plan for 10/3.", "culture 8/16": bare month/days are dates in nursing notes unless among settings or
# scores; opt-in (the deid config) because elsewhere "3/4" and "10/5" are fractions and ratios
CLINICAL_MONTH_DAY = Recognizer(
    name="rules.clinical_month_day",
    label="DATETIME",
    finder=_month_day_finder,
    languages=("en",),
    prefilter=_contains("/"),
    opt_in=True,
)
YEAR = Recognizer(
    name="rules.year",
    label="DATETIME",
    patterns=_compile(dates.YEAR_IN_CONTEXT),
    context=("year", "born", "founded", "established", "died", "married", "graduated", "año", "ano",
             "nacido", "nacida", "nació", "nasceu", "fundado", "fundada", "since"),
    negative_context=("patients", "people", "cases", "euros", "dollars", "km", "meters", "metres", "units",
                      "items", "pacientes", "personas", "pessoas", "rooms", "calories", "words", ">cc", ">ml",
                      ">mg", ">hrs", ">hours", ">h", ">when", "<at", "<by"),
    prefilter=_has_digits(4),
)
AGE = Recognizer(
    name="rules.age",
    label="AGE",
    patterns=_compile(dates.AGE_EN + dates.AGE_INFANT + dates.AGE_ES_PT + amounts.AGE_WORDS),
    validator=_age_valid,
    context=("age", "aged", "old", "edad", "idade", "patient", "paciente", "man", "woman", "male", "female",
             "boy", "girl", "varón", "mujer", "homem", "mulher"),
    negative_context=("<hace", "<há", "<hacía", "<lleva", "<llevaba", "<durante", "<desde", "<después",
                      "<depois", "<antes", ">antes", ">atrás", ">después", ">depois", ">evolución", ">evolução",
                      ">ago", "<since", "<for", "<per", "<por", "<during", "<after", "<before"),
    prefilter=re.compile(r"\d|[Aa]ge|old").search,
)

def _quantity(name: str, specs) -> Recognizer:
    """A QUANTITY recognizer: amounts with a currency or a unit; never a page or paragraph number."""
    return Recognizer(
        name=name, label="QUANTITY", patterns=_compile(specs),
        negative_context=("page", "paragraph", "§", "article"), prefilter=_has_digits(1),
    )


MONEY = _quantity("rules.money", amounts.MONEY)
MEASURE = _quantity("rules.measure", amounts.MEASURES)

# Hospital pager numbers are 4-7 digits, too short for a phone number: only after the word "pager"
PAGER = Recognizer(
    name="rules.pager",
    label="CONTACT",
    patterns=_compile([(r"(?i)\b(?:pager|beeper|pgr|bpr)\s*(?:#|no\.?|number)?\s*:?\s*(\d{4,7})(?![\w/]|[.,-]\d)", 0.8, 1)]),
    prefilter=re.compile(r"(?i)pager|beeper|pgr|bpr").search,
)


# ---------------------------------------------------------------- PERSON: relatives named by kinship
# "son bill", "wife, rose", "GIRLFRIEND EVE": clinical notes name the family after the kinship word, often in
# lower case, where a tagger sees a common word ("bill", "rose"). Only the name is the span, and only
# when it is a known first name (Faker's lists, MIT) and not a stop word ("son will call").
KINSHIP_WORDS = (
    "son", "sons", "daughter", "daughters", "dtr", "husband", "wife", "brother", "sister", "mother", "father",
    "mom", "mum", "dad", "grandson", "granddaughter", "grandmother", "grandfather", "niece", "nephew",
    "aunt", "uncle", "cousin", "stepson", "stepdaughter", "fiance", "fiancé", "fiancee", "partner",
    "boyfriend", "girlfriend", "friend", "neighbor", "neighbour",
)
FIRST_NAME_SOURCES = "faker:person.first_names:en_US,en_GB,en_IE,en_IN,de_DE,fr_FR,it_IT,es_ES,pl_PL,ru_RU,tr_TR"
_KIN = "|".join(sorted(KINSHIP_WORDS, key=len, reverse=True))
RELATIVE_NAME_PATTERNS = (
    (rf"(?i)\b(?:{_KIN})(?:\s*[,:]\s*|\s+)([^\W\d_][^\W\d_'’-]*)\b", 0.85, 1),
)


@lru_cache(maxsize=1)
def _first_names() -> FrozenSet[str]:
    from spacy_anon.tagger.gazetteers import load_gazetteer

    return load_gazetteer(FIRST_NAME_SOURCES)


@lru_cache(maxsize=1)
def _english_stop_words() -> FrozenSet[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def _relative_name_valid(value: str) -> Optional[bool]:
    word = value.lower()
    if word in _english_stop_words() or word in KINSHIP_WORDS or word not in _first_names():
        return False
    return None


RELATIVE_NAME = Recognizer(
    name="rules.relative_name",
    label="PERSON",
    patterns=_compile(RELATIVE_NAME_PATTERNS),
    validator=_relative_name_valid,
    languages=("en",),
    prefilter=re.compile(rf"(?i)\b(?:{_KIN})\b").search,
)

# ---------------------------------------------------------------- PERSON: the word after a title
# "MR. BENSKY", "dr vasquez", "mr I": in all-caps or all-lowercase notes case says nothing, the title does.
# The name must be rarer than a common English word (wordfreq), so "Dr. will call" / "dr aware" stay out;
# "MS" in capitals is mental status or morphine sulfate, only "Ms" is the title. Opt-in (the deid config):
# judgments' "Mr X" is left to the taggers trained on them.
TITLED_NAME_MAX_ZIPF = 3.5


def _titled_name_valid(value: str) -> Optional[bool]:
    if len(value) == 1:
        return None if value.isupper() else False
    from wordfreq import zipf_frequency

    return None if zipf_frequency(value.lower(), "en") < TITLED_NAME_MAX_ZIPF else False


TITLED_NAME = Recognizer(
    name="rules.titled_name",
    label="PERSON",
    patterns=_compile([
        (r"(?:\b(?i:mr|mrs|miss|dr)|\bMs)\.?[ \t]+([A-Za-z](?:[A-Za-z\-]|'(?![sS]\b))*)", 0.7, 1),
    ]),
    validator=_titled_name_valid,
    languages=("en",),
    prefilter=re.compile(r"(?i)\b(?:mr|mrs|ms|miss|dr)\b").search,
    opt_in=True,
)

# ---------------------------------------------------------------- LOC: postal codes (per locale)
# locale -> (regex specs, context words). Bare codes that look like any number score low and need context
# (an address word or a state code); distinctive shapes (UK, PT, CA, NL) score high enough alone.
POSTAL_LOCALES: Dict[str, Tuple[Tuple[Tuple[str, float, int], ...], Tuple[str, ...]]] = {
    "US": ((
        (r"\b(?:A[LKZRSPEA]|C[AOT]|D[EC]|F[LM]|G[AU]|HI|I[DLNA]|K[SY]|LA|M[EDAINSOTHP]|N[EVHJMYCD]|O[HKR]|"
         r"P[AWR]|RI|S[CD]|T[NX]|UT|V[TAI]|W[AVIY])\.?,?\s+(\d{5}(?:-\d{4})?)\b", 0.6, 1),
        (r"(?<![\w\-.$€£])\d{5}(?:-\d{4})?(?![\w\-]|[.,]\d)", 0.15, 0),
    ), ("zip", "zipcode", "zip code", "postal", "postcode", "address", "mailing")),
    "GB": ((
        (r"\b(?:GIR ?0AA|[A-PR-UWYZ](?:\d[A-HJKPSTUW\d]?|[A-HK-Y]\d[ABEHMNPRVWXY\d]?) ?\d[ABD-HJLNP-UW-Z]{2})\b",
         0.6, 0),
    ), ("postcode", "post code", "postal", "address")),
    "ES": ((
        (r"(?<![\w\-.$€£])(?:0[1-9]|[1-4]\d|5[0-2])\d{3}(?![\w\-]|[.,]\d)", 0.15, 0),
    ), ("cp", "c.p", "código postal", "codigo postal", "postal", "dirección", "domicilio", "calle", "c/")),
    "PT": ((
        (r"(?<![\w\-.@])[1-9]\d{3}-\d{3}(?![\w\-]|[.,]\d)", 0.45, 0),
    ), ("código postal", "codigo postal", "cp", "morada", "endereço", "rua", "postal")),
    "FR": ((
        (r"(?<![\w\-.$€£])(?:0[1-9]|[1-8]\d|9[0-8])\d{3}(?![\w\-]|[.,]\d)", 0.15, 0),
    ), ("code postal", "cp", "adresse", "rue", "postal", "cedex")),
    "DE": ((
        (r"(?<![\w\-.$€£])(?:0[1-9]|[1-9]\d)\d{3}(?![\w\-]|[.,]\d)", 0.15, 0),
    ), ("plz", "postleitzahl", "straße", "strasse", "anschrift", "adresse", "postal")),
    "NL": ((
        (r"\b[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}\b", 0.5, 0),
    ), ("postcode", "adres", "straat", "postal")),
    "CA": ((
        (r"\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b", 0.6, 0),
    ), ("postal", "postal code", "address")),
    "BR": ((
        (r"(?<![\w\-.])\d{5}-\d{3}(?![\w\-]|[.,]\d)", 0.5, 0),
    ), ("cep", "endereço", "rua", "postal")),
}
_COMPILED_POSTAL = {loc: _compile(specs) for loc, (specs, _) in POSTAL_LOCALES.items()}


def _postal_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    for locale in getattr(options, "postal_locales", ("US",)):
        yield from _pattern_hits(text, _COMPILED_POSTAL[locale])


POSTAL_CODE = Recognizer(
    name="rules.postal_code",
    label="LOC",
    finder=_postal_finder,
    context=tuple(sorted({w for _, ctx in POSTAL_LOCALES.values() for w in ctx})),
    negative_context=("phone", "tel", "card", "room", "page", "order", "invoice"),
    prefilter=_has_digits(3),
)


# ---------------------------------------------------------------- registry
REGISTRY: Dict[str, Recognizer] = {}


def register(recognizer: Recognizer) -> Recognizer:
    """Add (or replace) a recognizer in the registry under its name."""
    REGISTRY[recognizer.name] = recognizer
    return recognizer


for _r in (EMAIL, URL, IP_ADDRESS, PHONE, CREDIT_CARD, IBAN, US_SSN, ES_DNI, PASSPORT, RECORD_NUMBER,
           CASE_NUMBER, DATE, SHORT_DATE, CLINICAL_DATE, CLINICAL_MONTH_DAY, TIME, YEAR, AGE, MONEY, MEASURE, RELATIVE_NAME,
           TITLED_NAME, PAGER, POSTAL_CODE):
    register(_r)


def get_recognizers(names: Sequence[str] = ("all",)) -> Tuple[Recognizer, ...]:
    """Look up recognizers by name ("all" = every registered one but the opt-in ones, which can be named
    beside it; "email" is short for "rules.email")."""
    out = [r for r in REGISTRY.values() if not r.opt_in] if "all" in names else []
    for name in names:
        if name == "all":
            continue
        key = name if name in REGISTRY else f"rules.{name}"
        if key not in REGISTRY:
            raise ValueError(
                f"Unknown rule recognizer {name!r}. Valid names: {', '.join(['all'] + sorted(REGISTRY))}"
            )
        if REGISTRY[key] not in out:
            out.append(REGISTRY[key])
    return tuple(out)
