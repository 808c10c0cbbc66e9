"""Rule recognizers: one small frozen dataclass per kind of identifier, kept in a registry by name.

Every regex here runs in time linear in the text: quantifiers that could restart at many positions and
run to the end of a long token are bounded (RFC limits for e-mails and domains, at most a few digit
groups) or anchored by a lookbehind, so a megabyte base64 blob or a long run of digits costs no more
than ordinary prose (`tests/test_rules_linear_time.py`).
"""
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple

from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.lexicon.gazetteers import load_gazetteer
from spacy_anon.rules import amounts, dates, scanning
from spacy_anon.rules import validators as v
from spacy_anon.rules import wallets
from spacy_anon.rules.phones import find_phones

# A finder yields (start, end, score) or (start, end, score, validated) for recognizers that are not
# plain regexes (phones, postal codes, checksummed identifiers).
Finder = Callable[[str, "object"], Iterable[Tuple[int, int, float]]]


@dataclass(frozen=True)
class Pattern:
    """A compiled regex, the score of its raw match, and the group that becomes the span."""

    regex: "re.Pattern[str]"
    score: float
    group: int = 0


def as_pattern(spec: Any, recognizer: str = "?") -> Pattern:
    """A Pattern from a Pattern, a regex string (score 0.5) or a (regex, score[, group]) tuple."""
    if isinstance(spec, Pattern):
        return spec
    if isinstance(spec, str):
        spec = (spec, 0.5, 0)
    if isinstance(spec, (tuple, list)) and 1 <= len(spec) <= 3 and isinstance(spec[0], str):
        source, score, group = (list(spec) + [0.5, 0][len(spec) - 1:])[:3]
        try:
            regex = re.compile(source)
        except re.error as err:
            raise ValueError(Errors.E211.format(name=recognizer, problem=f"has a pattern that does not compile ({err})")) \
                from None
        if not isinstance(score, (int, float)) or not 0.0 <= score <= 1.0:
            raise ValueError(Errors.E211.format(name=recognizer, problem=f"has a pattern score {score!r} outside [0, 1]"))
        if not isinstance(group, int) or not 0 <= group <= regex.groups:
            raise ValueError(Errors.E211.format(name=recognizer, problem=f"names group {group!r}, which its regex lacks"))
        return Pattern(regex, float(score), group)
    raise ValueError(Errors.E211.format(name=recognizer, problem=f"has a pattern of type {type(spec).__name__}"))


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
    type: Optional[str] = None  # fine type beside the label (`spacy_anon.labels.RULE_TYPES`); None: the label

    def __post_init__(self) -> None:
        """Check the definition when it is made, not at the first document: a pattern may be given as a
        regex string, a (regex, score[, group]) tuple or a Pattern; anything else, or a regex that does
        not compile, is an error naming the recognizer."""
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(Errors.E211.format(name=self.name, problem="has no name"))
        if not isinstance(self.label, str) or not self.label:
            raise ValueError(Errors.E211.format(name=self.name, problem="has no label"))
        if self.type is not None and (not isinstance(self.type, str) or not self.type):
            raise ValueError(Errors.E211.format(name=self.name, problem="has a type that is not a non-empty string"))
        patterns = tuple(as_pattern(p, self.name) for p in self.patterns)
        object.__setattr__(self, "patterns", patterns)
        if not patterns and self.finder is None:
            raise ValueError(Errors.E211.format(name=self.name, problem="has neither patterns nor a finder"))
        for field_name in ("context", "negative_context", "languages"):
            value = getattr(self, field_name)
            if isinstance(value, str) or not all(isinstance(w, str) for w in value):
                raise ValueError(Errors.E211.format(name=self.name, problem=f"needs a list of strings in {field_name}"))
            object.__setattr__(self, field_name, tuple(value))

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
        for m in scanning.finditer(p.regex, text):  # the starts of digit runs only, when that suffices
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


def _finds(pattern: str) -> Callable[[str], bool]:
    """Prefilter: the text has a match of `pattern` (tried only where its opening words occur)."""
    regex = re.compile(pattern)
    return lambda text: scanning.search(regex, text) is not None


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
# RFC 5321 limits: a local part of at most 64 characters, domain labels of at most 63, and (here) at most
# ten labels before the top-level domain. The lookahead checks the 64-character bound before the local
# part is matched, so a long token without an "@" soon after its start is given up at once instead of
# being read to its end from every "/" or "=" in it (base64 blobs). Domains may be internationalized
# ("bücher.de") or punycode ("xn--bcher-kva.example", TLD "xn--p1ai").
_LOCAL_CHARS = "A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-"
_ULABEL = r"[^\W_](?:(?:[^\W_]|-){0,61}[^\W_])?"
_UTLD = r"(?:[^\W\d_]{2,24}|[Xx][Nn]--[A-Za-z0-9\-]{1,59})"
EMAIL = Recognizer(
    name="rules.email",
    label="CONTACT",
    type="EMAIL",
    patterns=_compile([(
        rf"(?<![\w.+\-])(?=[{_LOCAL_CHARS}.]{{1,64}}@)[{_LOCAL_CHARS}]+(?:\.[{_LOCAL_CHARS}]+)*"
        rf"@(?:{_ULABEL}\.){{1,10}}{_UTLD}(?![\w\-])", 0.9, 0)]),
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
_LABELS = rf"(?:{_LABEL}\.){{1,10}}"  # at most ten labels before the top-level domain
_TLD = r"(?:[A-Za-z]{2,24}|xn--[A-Za-z0-9\-]{1,59})"
_URL_CHARS = r"[^\s<>\"'`]"
_URL_END = r"[^\s<>\"'`.,;:!?)\]}]"  # a URL does not end with the sentence's punctuation
_PATH = rf"/{_URL_CHARS}*{_URL_END}"
URL = Recognizer(
    name="rules.url",
    label="CONTACT",
    type="URL",
    patterns=_compile([
        # a scheme: anything up to the next space
        (rf"(?<![\w@])(?:https?|ftp)://{_URL_CHARS}+{_URL_END}", 0.85, 0),
        # a www. prefix needs a domain with a top-level domain after it ("www.microsoft" alone is not a URL);
        # not after a dot, so a run of "www.www.www." is read once
        (rf"(?<![\w@.\-/])www\.{_LABELS}{_TLD}(?![\w\-])(?::\d{{1,5}})?(?:[/?#](?:{_URL_CHARS}*{_URL_END})?)?",
         0.85, 0),
        # bare domains (see _GTLDS / _CCTLDS)
        (rf"(?<![\w@.\-/]){_LABELS}(?:{_GTLDS})(?:\.(?:{_CCTLDS}))?(?:{_PATH})?(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/]){_LABELS}(?:co|ac|or|ne|go|gob|gv)\.(?:{_CCTLDS})(?:{_PATH})?(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/]){_LABELS}(?:{_CCTLDS}){_PATH}(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/]){_LABELS}(?:{_CCTLDS})(?![\w@\-])", 0.3, 0),
    ]),
    context=("website", "site", "web", "url", "link", "domain", "visit", "página", "sitio", "portal", "blog"),
    prefilter=_contains("."),
)

_DOT_LETTER = re.compile(r"\.[A-Za-z]")
_HOST_RUN = re.compile(r"[A-Za-z0-9.\-]*")
_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
MAX_HOST_REACH = 10 * 64  # `_LABELS`: at most ten labels of at most 63 characters, each with its dot


def bare_domain_starts(text: str) -> List[int]:
    """Where a bare domain can start, a superset: a match of `_LABELS` and a top-level domain consists
    of host characters (letters, digits, dots, hyphens) holding a dot before a letter (the top-level
    domain's, at most `MAX_HOST_REACH` characters in), and its lookbehind rules out a host character
    before it; so it starts where the run of host characters around such a dot starts. Dots before a
    letter are rare in prose (`str`-speed to find), where the patterns' lookbehind made `re` try every
    position of the text."""
    starts: List[int] = []
    run_end = -1
    for m in _DOT_LETTER.finditer(text):
        dot = m.start()
        if dot < run_end:
            continue  # same run as the last dot: same start
        run_end = _HOST_RUN.match(text, dot).end()
        start, floor = dot, max(0, dot - MAX_HOST_REACH)
        while start > floor and text[start - 1] in _HOST_CHARS:
            start -= 1
        if start > 0 and text[start - 1] in _HOST_CHARS:
            continue  # the run starts too far back for this dot to end its labels
        starts.append(start)
    return starts


for _pattern in URL.patterns[2:]:  # the bare domains: `_LABELS` after a lookbehind excluding host characters
    scanning.register_starts(_pattern.regex, bare_domain_starts)

_IPV4 = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}"
_H = r"[0-9A-Fa-f]{1,4}"
# IPv6 candidates: two to seven "hex:" groups (at most 4 hex digits each, so each step is forced) and a
# last hex group or an embedded IPv4 address ("::ffff:192.0.2.128"); `ip_valid` decides. A hex digit must
# come within the first seven characters, so "::" alone is not an address.
_IPV6_CANDIDATE = rf"(?=[0-9A-Fa-f:]{{0,6}}[0-9A-Fa-f])(?:[0-9A-Fa-f]{{0,4}}:){{2,7}}(?:{_IPV4}|{_H})?"
IP_ADDRESS = Recognizer(
    name="rules.ip",
    label="CONTACT",
    type="IP",
    patterns=_compile([
        # with an optional CIDR prefix length ("10.0.0.0/8")
        (rf"(?<![\w./]){_IPV4}(?:/(?:3[0-2]|[12]?\d))?(?![\w/%]|\.\d)", 0.6, 0),
        (rf"(?<![\w:.]){_IPV6_CANDIDATE}(?:/(?:12[0-8]|1[01]\d|[1-9]?\d))?(?![\w:/]|\.\d)", 0.6, 0),
    ]),
    validator=v.ip_valid,
    validated_score=0.6,
    context=("ip", "address", "ipv4", "ipv6", "host", "server", "client", "dirección", "endereço"),
    negative_context=("version", "versión", "versão", "v", "firmware", "release", "build", "software",
                      "model"),
    prefilter=lambda t: "." in t or ":" in t,
)


def _phone_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    return find_phones(text, getattr(options, "phone_regions", ("US",)))


PHONE = Recognizer(
    name="rules.phone",
    label="CONTACT",
    type="PHONE",
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
        "rd", "blvd", "lane", "utr", "nhs", "nino", "wallet",
    ),
    prefilter=_has_digits(7),
)

# ---------------------------------------------------------------- ID
# A card number may be followed by its expiry date and security code ("4012 8888 8888 1881 12/25",
# "4111-1111-1111-1111 123"), but not by more digit groups (then it is part of a longer number).
_EXPIRY = r"(?:0[1-9]|1[0-2])/(?:\d{4}|\d{2})"
_CARD_AFTER = r"(?![\d]|[ \-]\d)"


def _card_after(code_digits: str) -> str:
    """Lookahead: nothing but an expiry date and/or a security code of `code_digits` digits follows."""
    return rf"(?=(?:[ ](?:{_EXPIRY}|\d{{{code_digits}}})){{0,2}}{_CARD_AFTER})"


_CARD_PATTERNS = _compile([
    # 4-4-4-4 groups (also 4-4-4-1..7) with spaces or dashes, 4-6-5 (Amex, Diners), or 12-19 digits in one run
    (rf"(?<![\d\-])\d{{4}}([ \-])\d{{4}}\1\d{{4}}\1\d{{1,7}}{_card_after('3')}", 0.3, 0),
    (rf"(?<![\d\-])\d{{4}}([ \-])\d{{6}}\1\d{{4,5}}{_card_after('3,4')}", 0.3, 0),
    (r"(?<![\w\-])\d{12,19}(?![\w]|-\d)", 0.2, 0),
])
# An IBAN's country code, check digits and leading groups just before: the digits are the rest of an
# (invalid) IBAN, not a card ("GB82 WEST 1234 5698 7654 33").
_IBAN_BEFORE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \-]?[A-Za-z0-9]){0,30}[ \-]\Z")


def _card_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Card-number candidates that are not the tail of an IBAN-shaped string."""
    for start, end, score in _pattern_hits(text, _CARD_PATTERNS):
        if _IBAN_BEFORE.search(text, max(0, start - 40), start):
            continue
        yield start, end, score


CREDIT_CARD = Recognizer(
    name="rules.credit_card",
    label="ID",
    type="CARD",
    finder=_card_finder,
    validator=v.credit_card_valid,
    validated_score=0.65,
    context=("card", "credit", "debit", "cc", "visa", "mastercard", "amex", "american express", "discover",
             "maestro", "jcb", "diners", "tarjeta", "crédito", "cartão", "cartao", "número de tarjeta"),
    negative_context=("isbn", "order", "tracking", "invoice"),
    prefilter=_has_digits(12),
)

# IBAN candidates: a country code, check digits and 11-32 letters or digits, optionally separated by single
# spaces or dashes; one character per step, so the split into groups is never guessed.
_IBAN_CANDIDATE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \-]?[A-Za-z0-9]){11,32}(?![A-Za-z0-9])")


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
    type="IBAN",
    finder=_iban_finder,
    context=("iban", "account", "bank", "transfer", "wire", "cuenta", "conta", "banco", "transferencia",
             "transferência"),
    prefilter=_has_digits(8),
)

US_SSN = Recognizer(
    name="rules.us_ssn",
    label="ID",
    type="SSN",
    patterns=_compile([
        (r"(?<![\w\-.])\d{3}([\- .])\d{2}\1\d{4}(?![\w\-]|\.\d)", 0.5, 0),
        (r"(?<![\w\-.])\d{9}(?![\w\-]|\.\d)", 0.2, 0),
    ]),
    validator=_ssn_valid,
    context=("ssn", "ssns", "social security", "social", "security", "ss#", "ss #", "ssid", "ss"),
    languages=("en",),
    prefilter=_has_digits(9),
)

_DNI_CANDIDATE = re.compile(r"(?<![\w\-])(?:\d{7,8}|[XYZxyz]\d{7})([\- ]?)([A-Za-z])(?![\w\-])")
DNI_SCORE = 0.85  # canonical form with a valid check letter
DNI_LOOSE_SCORE = 0.3  # lower-case letter or 7 digits ("12345678z", "1234567L"): needs a context word


def _dni_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Spanish DNI / NIE numbers whose mod-23 check letter is right. The canonical form (8 digits or
    X/Y/Z and 7 digits, upper-case letter) stands alone; a lower-case letter or a 7-digit DNI (written
    without its leading zero) needs a context word ("dni 12345678z")."""
    for m in _DNI_CANDIDATE.finditer(text):
        sep, letter = m.group(1), m.group(2)
        if letter.islower() and sep:
            continue  # "12345678 a": a number and a word
        if not v.es_dni_valid(m.group()):
            continue
        head = m.group()[:-1 - len(sep)]
        canonical = letter.isupper() and (len(head) == 8 and head[0] in "0123456789XYZ")
        yield m.start(), m.end(), DNI_SCORE if canonical else DNI_LOOSE_SCORE, True


ES_DNI = Recognizer(
    name="rules.es_dni",
    label="ID",
    type="DNI",
    finder=_dni_finder,
    context=("dni", "nie", "nif", "documento", "identidad", "pasaporte"),
    prefilter=_has_digits(7),
)

# Passport numbers differ by country (US 9 digits, UK 9, ES "AAA123456", KR "M123A4567", "C01X00T47"):
# 6-9 upper-case letters and digits with at least one digit, only beside a passport word.
PASSPORT_CONTEXT = ("passport", "passports", "pasaporte", "passaporte", "travel document", "여권", "여권번호",
                    "여권 번호")
PASSPORT = Recognizer(
    name="rules.passport",
    label="ID",
    type="PASSPORT",
    patterns=_compile([(r"(?<![\w\-])(?=[A-Z]{0,8}\d)[A-Z0-9]{6,9}(?![\w\-])", 0.2, 0)]),
    context=PASSPORT_CONTEXT,
    prefilter=_has_digits(1),
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
    type="RECORD_NUMBER",
    patterns=_compile([
        # at most 7 digit groups of at most 20 digits: a longer run is a table or a blob, not a record number
        (r"(?=[A-Za-z#])" + _RECORD_CUE
         + r"\s*(?:[:#=]\s*)?((?:[A-Za-z]{1,3}[\- ]?)?\d{1,20}(?:[ \-.]\d{1,20}){0,6}(?:[\-/ ]?[A-Z])?)"
         r"(?![\w/]|[.\-]\d)", 0.7, 1),
    ]),
    validator=_record_valid,
    # "Law no. 3713", "Article no. 5", "Protocol No. 11" are not records
    negative_context=("<law", "<act", "<article", "<protocol", "<decree", "<ley", "<lei", "<decreto", "<artículo",
                      "<artigo", "<regulation", "<directive", "<resolution", "<convention", "<room", "<page",
                      # "passport no. 123456789" is a passport number (`rules.passport`)
                      "<passport", "<pasaporte", "<passaporte"),
    prefilter=_has_digits(4),
)

# ---------------------------------------------------------------- CODE
CASE_NUMBER = Recognizer(
    name="rules.case_number",
    label="CODE",
    type="CASE_NUMBER",
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
    type="DATE",
    patterns=_compile(dates.NUMERIC_DATE + dates.DASHED_MONTH_DATE + dates.WRITTEN_DATE_EN + dates.WRITTEN_DATE_ES_PT),
    validator=_date_valid,
    context=("date", "dated", "born", "birth", "on", "since", "until", "till", "from", "admitted", "discharged",
             "seen", "fecha", "nacimiento", "desde", "hasta", "ingreso", "alta", "data", "nascimento", "admissão"),
    prefilter=_has_digits(1),
)
SHORT_DATE = Recognizer(
    name="rules.date_short",
    label="DATETIME",
    type="DATE",
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
    type="TIME",
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
    type="DATE",
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
    for m in scanning.finditer(_MONTH_DAY, text):
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
    type="DATE",
    finder=_month_day_finder,
    languages=("en",),
    prefilter=_contains("/"),
    opt_in=True,
)
YEAR = Recognizer(
    name="rules.year",
    label="DATETIME",
    type="YEAR",
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
    type="AGE",
    patterns=_compile(dates.AGE_EN + dates.AGE_INFANT + dates.AGE_ES_PT + amounts.AGE_WORDS),
    validator=_age_valid,
    context=("age", "aged", "old", "edad", "idade", "patient", "paciente", "man", "woman", "male", "female",
             "boy", "girl", "varón", "mujer", "homem", "mulher"),
    negative_context=("<hace", "<há", "<hacía", "<lleva", "<llevaba", "<durante", "<desde", "<después",
                      "<depois", "<antes", ">antes", ">atrás", ">después", ">depois", ">evolución", ">evolução",
                      ">ago", "<since", "<for", "<per", "<por", "<during", "<after", "<before"),
    prefilter=re.compile(r"\d|[Aa]ge|old").search,
)
for _pattern in AGE.patterns:  # ages in words: a text without "years old" / "years of age" has none
    if _pattern.regex.pattern in amounts.AGE_WORDS_NEEDS:
        scanning.register_needs(_pattern.regex, re.compile(amounts.AGE_WORDS_NEEDS[_pattern.regex.pattern]))


def _hedged_finder(patterns: Tuple[Pattern, ...]) -> Finder:
    """A finder for amount patterns whose span also takes a hedge just before ("about 4 tons")."""

    def find(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
        for start, end, score in _pattern_hits(text, patterns):
            hedge = amounts.HEDGE_BEFORE.search(text, max(0, start - amounts.HEDGE_REACH), start)
            yield (hedge.start() if hedge else start), end, score

    return find


def _quantity(name: str, specs, fine_type: str) -> Recognizer:
    """A QUANTITY recognizer: amounts with a currency or a unit; never a page or paragraph number."""
    return Recognizer(
        name=name, label="QUANTITY", type=fine_type, finder=_hedged_finder(_compile(specs)),
        negative_context=("page", "paragraph", "§", "article"), prefilter=_has_digits(1),
    )


MONEY = _quantity("rules.money", amounts.MONEY, "MONEY")
MEASURE = _quantity("rules.measure", amounts.MEASURES, "MEASURE")

# Hospital pager numbers are 4-7 digits, too short for a phone number: only after the word "pager"
PAGER = Recognizer(
    name="rules.pager",
    label="CONTACT",
    type="PAGER",
    # bounded spaces: "\s*x?\s*" would try every split of a long run of spaces
    patterns=_compile([(r"(?i)\b(?:pager|beeper|pgr|bpr)\s{0,3}(?:(?:#|no\.?|number)\s{0,3})?(?::\s{0,3})?"
                        r"(\d{4,7})(?![\w/]|[.,-]\d)", 0.8, 1)]),
    prefilter=_finds(r"(?i)pager|beeper|pgr|bpr"),
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
    (rf"(?i)(?=[a-z])\b(?:{_KIN})(?:\s*[,:]\s*|\s+)([^\W\d_][^\W\d_'’-]*)\b", 0.85, 1),
)


@lru_cache(maxsize=1)
def first_names() -> FrozenSet[str]:
    """Known first names in lower case (Faker's lists of several locales): relatives' names here, names by
    their shape in anon_disclosure."""
    return load_gazetteer(FIRST_NAME_SOURCES)


@lru_cache(maxsize=1)
def _english_stop_words() -> FrozenSet[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def _relative_name_valid(value: str) -> Optional[bool]:
    word = value.lower()
    if word in _english_stop_words() or word in KINSHIP_WORDS or word not in first_names():
        return False
    return None


RELATIVE_NAME = Recognizer(
    name="rules.relative_name",
    label="PERSON",
    type="RELATIVE",
    patterns=_compile(RELATIVE_NAME_PATTERNS),
    validator=_relative_name_valid,
    languages=("en",),  # no prefilter: the pattern is tried only where a kinship word starts (`scanning`)
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
    type="NAME",
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
        # lower case ("sw1a 1aa"): alone only in the full outward + space + inward form, never an ordinal
        # ("vitamin b12 3rd dose"); run together ("sw1a1aa") only beside a context word
        (r"\b(?:gir 0aa|[a-pr-uwyz](?:\d[a-hjkpstuw\d]?|[a-hk-y]\d[abehmnprvwxy\d]?) "
         r"(?!\d(?:st|nd|rd|th)\b)\d[abd-hjlnp-uw-z]{2})\b", 0.5, 0),
        (r"\b(?:gir0aa|[a-pr-uwyz](?:\d[a-hjkpstuw\d]?|[a-hk-y]\d[abehmnprvwxy\d]?)"
         r"(?!\d(?:st|nd|rd|th)\b)\d[abd-hjlnp-uw-z]{2})\b", 0.2, 0),
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
# The fewest digits a locale's code has: a text with fewer cannot hold one ("SW1A 1AA" has two).
POSTAL_MIN_DIGITS = {"US": 5, "GB": 2, "ES": 5, "PT": 7, "FR": 5, "DE": 5, "NL": 4, "CA": 3, "BR": 8}
_POSTAL_PREFILTERS = {loc: _has_digits(n) for loc, n in POSTAL_MIN_DIGITS.items()}


def _postal_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Postal codes of each configured locale whose digit count the text can hold."""
    for locale in getattr(options, "postal_locales", ("US",)):
        if _POSTAL_PREFILTERS[locale](text):
            yield from _pattern_hits(text, _COMPILED_POSTAL[locale])


POSTAL_CODE = Recognizer(
    name="rules.postal_code",
    label="LOC",
    type="POSTAL_CODE",
    finder=_postal_finder,
    context=tuple(sorted({w for _, ctx in POSTAL_LOCALES.values() for w in ctx})),
    negative_context=("phone", "tel", "card", "room", "page", "order", "invoice"),
    prefilter=_has_digits(min(POSTAL_MIN_DIGITS.values())),
)


# ---------------------------------------------------------------- CONTACT: devices and accounts
_HEX = "[0-9A-Fa-f]"


def _mac_plausible(value: str) -> Optional[bool]:
    """Dash and dot forms need a hex letter: twelve decimal digits in dashed pairs or dotted fours are
    more often a number than a MAC address (one MAC in 280 has no letter)."""
    if ":" not in value and not any(c.isalpha() for c in value):
        return False
    return None


MAC_ADDRESS = Recognizer(
    name="rules.mac_address",
    label="CONTACT",
    type="MAC",
    patterns=_compile([
        # 00:1A:2B:3C:4D:5E, 00-1A-2B-3C-4D-5E (one separator throughout)
        (rf"(?<![\w:\-.]){_HEX}{{2}}([:\-])(?:{_HEX}{{2}}\1){{4}}{_HEX}{{2}}(?![\w:\-]|\.\w)", 0.6, 0),
        # Cisco 001a.2b3c.4d5e
        (rf"(?<![\w.\-]){_HEX}{{4}}\.{_HEX}{{4}}\.{_HEX}{{4}}(?![\w\-]|\.\w)", 0.6, 0),
    ]),
    validator=_mac_plausible,
    context=("mac", "mac address", "hardware address", "ethernet", "wifi", "wi-fi", "wlan", "bssid", "device",
             "adapter", "nic", "router"),
    prefilter=re.compile(r"[:\-.]").search,
)

# "@johndoe99 tweeted": a handle starts with a letter or "_" (so "@5pm" is a time), is not the "@" of an
# e-mail (a word character before it) and not a domain ("@example.com"); Mastodon handles carry their
# server ("@anna@mastodon.social"). Scored to stand alone: an "@name" in prose is almost always an account.
HANDLE = Recognizer(
    name="rules.handle",
    label="CONTACT",
    type="HANDLE",
    patterns=_compile([
        (rf"(?<![\w@.+\-/])@[A-Za-z_][A-Za-z0-9_]{{0,29}}@(?:{_LABEL}\.){{1,10}}{_TLD}(?![\w\-])", 0.9, 0),
        (r"(?<![\w@.+\-/])@[A-Za-z_][A-Za-z0-9_]{0,29}(?![\w@]|[.\-]\w)", 0.55, 0),
    ]),
    context=("twitter", "instagram", "tiktok", "mastodon", "telegram", "threads", "bluesky", "handle", "follow",
             "followed", "tweet", "tweeted", "tweets", "dm", "username", "user", "account", "profile"),
    prefilter=_contains("@"),
)

# ---------------------------------------------------------------- ID: credentials in text
# "password: hunter2", "pwd=...", "api_key = sk_live_...", "token: ...": the value after a credential
# keyword and ":" or "=" is the span (the keyword alone is not a secret). Labelled ID: a credential
# identifies and opens an account, and ID is a direct identifier, so it is always masked. Also
# well-known key formats that need no keyword (AWS, GitHub, Stripe, Slack, Google).
_SECRET_KEYWORDS = (
    r"pass(?:word|wd|phrase|code)|pwd|api[_\- ]?key|apikey|(?:client|app|consumer)[_\- ]?secret|"
    r"secret(?:[_\- ]?key)?|(?:access|auth|bearer|refresh|session|api)[_\- ]?token|token|private[_\- ]?key|"
    r"contrase[ñn]a|clave de acceso|senha|palavra[_\- ]passe"
)
# up to a space, a quote, a comma or semicolon, or the "&" of the next URL parameter ("&next=")
_SECRET_VALUE = r"(?:[^\s\"'`,;&<>]|&(?![A-Za-z_]\w{0,30}=)){1,199}[^\s\"'`,;&<>.:!?)\]}]"
CREDENTIAL = Recognizer(
    name="rules.credential",
    label="ID",
    type="CREDENTIAL",
    patterns=_compile([
        (rf"(?i)(?=[a-z])(?<![\w\-])(?:{_SECRET_KEYWORDS})[\"']?[ \t]{{0,3}}[:=][ \t]{{0,3}}[\"']?"
         rf"({_SECRET_VALUE})", 0.8, 1),
        (r"(?i)\bbearer[ \t]{1,3}([A-Za-z0-9\-._~+/]{16,500}=*)", 0.8, 1),
        (r"(?<![\w\-])(?:AKIA|ASIA)[0-9A-Z]{16}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])gh[pousr]_[A-Za-z0-9]{36}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])[sr]k_(?:live|test)_[0-9A-Za-z]{16,99}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])xox[abprs]-[0-9A-Za-z\-]{10,72}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])AIza[0-9A-Za-z\-_]{35}(?![\w\-])", 0.8, 0),
    ]),
)

# ---------------------------------------------------------------- ID: crypto wallets
_BASE58_ADDRESS = re.compile(r"(?<![\w])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![\w])")
_BECH32_ADDRESS = re.compile(r"(?<![\w])(?:bc1[ac-hj-np-z02-9]{8,87}|BC1[AC-HJ-NP-Z02-9]{8,87})(?![\w])")
_ETH_ADDRESS = re.compile(r"(?<![\w])0x[0-9a-fA-F]{40}(?![\w])")
WALLET_SCORE = 0.9  # the checksum holds
ETH_SCORE = 0.6  # shape only (EIP-55 needs Keccak-256)


def _wallet_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Bitcoin addresses whose Base58Check or Bech32(m) checksum holds, and Ethereum-shaped addresses."""
    for m in scanning.finditer(_BASE58_ADDRESS, text):
        if wallets.bitcoin_base58_valid(m.group()):
            yield m.start(), m.end(), WALLET_SCORE, True
    for m in _BECH32_ADDRESS.finditer(text):
        if wallets.bech32_valid(m.group()):
            yield m.start(), m.end(), WALLET_SCORE, True
    for m in scanning.finditer(_ETH_ADDRESS, text):
        yield m.start(), m.end(), ETH_SCORE, False


CRYPTO_WALLET = Recognizer(
    name="rules.crypto_wallet",
    label="ID",
    type="CRYPTO",
    finder=_wallet_finder,
    context=("wallet", "bitcoin", "btc", "ethereum", "eth", "crypto", "address", "send", "usdt", "metamask"),
)

# ---------------------------------------------------------------- ID: United Kingdom
NHS_SPACED_SCORE = 0.55  # "943 476 5919", the way the NHS prints it, check digit valid
NHS_LOOSE_SCORE = 0.3  # one run or dashes, check digit valid: needs a context word
_NHS_CANDIDATE = re.compile(r"(?<![\w\-.])\d{3}([ \-]?)\d{3}\1\d{4}(?![\w\-]|[ .]\d)")


def _nhs_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """NHS numbers whose mod-11 check digit holds; only the spaced 3-3-4 form stands alone."""
    for m in scanning.finditer(_NHS_CANDIDATE, text):
        if v.nhs_number_valid(m.group()):
            yield m.start(), m.end(), NHS_SPACED_SCORE if m.group(1) == " " else NHS_LOOSE_SCORE, True


UK_NHS = Recognizer(
    name="rules.uk_nhs",
    label="ID",
    type="NHS",
    finder=_nhs_finder,
    context=("nhs", "nhs number", "nhs no", "health service", "chi"),
    # a US phone number in 3-3-4 passes the check one time in eleven
    negative_context=("phone", "tel", "call", "fax", "mobile", "cell", "contact"),
    prefilter=_has_digits(10),
)

UK_NINO = Recognizer(
    name="rules.uk_nino",
    label="ID",
    type="NINO",
    # "AB 12 34 56 C", "AB123456C" (one spacing throughout); the prefix rules are in the validator
    patterns=_compile([(r"(?<![\w\-])[A-Z]{2}( ?)\d{2}\1\d{2}\1\d{2}\1[A-D](?![\w\-])", 0.55, 0)]),
    validator=lambda value: None if v.uk_nino_valid(value) else False,
    context=("national insurance", "ni number", "ni no", "nino", "insurance number"),
    prefilter=_has_digits(6),
)

# Unique Taxpayer Reference: ten digits (sometimes "12345 67890", or with a trailing K), indistinguishable
# from any other number, so only beside a tax word.
UK_UTR = Recognizer(
    name="rules.uk_utr",
    label="ID",
    type="UTR",
    patterns=_compile([(r"(?<![\w\-.])\d{5} ?\d{5}K?(?![\w\-]|[ .]\d)", 0.2, 0)]),
    context=("utr", "tax reference", "unique taxpayer", "taxpayer reference", "self assessment", "hmrc"),
    prefilter=_has_digits(10),
)

# GB driving licence: "MORGA657054SM9IJ" (surname padded with 9s, birth date with month +50 for women,
# initials, a digit, two check characters, optionally followed by a two-digit issue number).
GB_DRIVING_LICENCE = Recognizer(
    name="rules.gb_driving_licence",
    label="ID",
    type="DRIVING_LICENCE",
    patterns=_compile([(r"(?<![\w\-])[A-Z][A-Z9]{4}\d{6}[A-Z][A-Z9]\d[A-Z0-9]{2}(?![\w\-])", 0.6, 0)]),
    validator=lambda value: None if v.gb_driving_licence_plausible(value) else False,
    context=("driving licence", "driving license", "driver's license", "drivers license", "licence", "license",
             "dvla", "licence number"),
    prefilter=_has_digits(7),
)


# Spanish and Portuguese institutions named after a place or a person: "Ayuntamiento de Toledo", "Câmara
# Municipal de Lisboa", "Hospital Universitario La Paz". The trigger word must be capitalised and a
# capitalised name must follow; opt-in, because the shipped es/pt models name it (their CRFs miss
# organisations outside the clinical and news vocabulary they were trained on).
_INSTITUTION_TRIGGERS = (
    "Ayuntamiento", "Câmara Municipal", "Prefeitura", "Diputación", "Consejería", "Conselleria", "Generalitat",
    "Ministerio", "Ministério", "Hospital", "Clínica", "Centro de Salud", "Centro de Saúde", "Universidad",
    "Universidade", "Colegio", "Colégio", "Instituto", "Escuela", "Escola", "Fundación", "Fundação",
    "Asociación", "Associação", "Juzgado", "Tribunal", "Banco", "Museo", "Museu", "Parroquia", "Paróquia",
)
_NAME_WORD = r"[A-ZÁÉÍÓÚÜÑÂÊÔÃÕÇÀ][\wÁÉÍÓÚÜÑÂÊÔÃÕÇÀáéíóúüñâêôãõçà\-]*"
_LINK = r"(?:de|del|de la|de los|de las|da|do|dos|das|y|e)"
INSTITUTION_NAME = Recognizer(
    name="rules.institution_name",
    label="ORG",
    type="ORGANIZATION",
    patterns=_compile([(
        r"\b(?:" + "|".join(t.replace(" ", "[ \t]+") for t in _INSTITUTION_TRIGGERS) + r")"
        r"(?:[ \t]+" + _LINK + r")?[ \t]+" + _NAME_WORD + r"(?:[ \t]+(?:" + _LINK + r"[ \t]+)?" + _NAME_WORD + r")*",
        0.6, 0)]),
    languages=("es", "pt"),
    prefilter=re.compile("|".join(_INSTITUTION_TRIGGERS)).search,
    opt_in=True,
)


# Every built-in recognizer, in registration order (`spacy_anon.rules.registry` registers them).
BUILT_IN = (EMAIL, URL, IP_ADDRESS, PHONE, CREDIT_CARD, IBAN, US_SSN, ES_DNI, PASSPORT, RECORD_NUMBER,
            CASE_NUMBER, DATE, SHORT_DATE, CLINICAL_DATE, CLINICAL_MONTH_DAY, TIME, YEAR, AGE, MONEY, MEASURE,
            RELATIVE_NAME, TITLED_NAME, PAGER, POSTAL_CODE, MAC_ADDRESS, HANDLE, CREDENTIAL, CRYPTO_WALLET, UK_NHS,
            UK_NINO, UK_UTR, GB_DRIVING_LICENCE, INSTITUTION_NAME)


# ---------------------------------------------------------------- registry
# Recognizers live in spaCy's registry `anon_recognizers` (entry point group `spacy_anon_recognizers`), so
# a package can add its own and a saved pipeline that names them loads wherever that package is installed.
if not hasattr(registry, "anon_recognizers"):
    registry.create("anon_recognizers", entry_points=True)


class _RegistryView(Mapping):
    """Read-only name -> Recognizer view of the registry (entry points included)."""

    def __getitem__(self, name: str) -> "Recognizer":
        if name not in registry.anon_recognizers.get_all():
            raise KeyError(name)
        return registry.anon_recognizers.get(name)

    def __iter__(self):
        return iter(registry.anon_recognizers.get_all())

    def __len__(self) -> int:
        return len(registry.anon_recognizers.get_all())


REGISTRY: Mapping[str, "Recognizer"] = _RegistryView()


def register(recognizer: Recognizer) -> Recognizer:
    """Add (or replace) a recognizer in the registry under its name (checked: see `Recognizer`)."""
    if not isinstance(recognizer, Recognizer):
        raise ValueError(Errors.E211.format(name=getattr(recognizer, "name", "?"),
                                            problem=f"is a {type(recognizer).__name__}, not a Recognizer"))
    registry.anon_recognizers.register(recognizer.name, func=recognizer)
    return recognizer


for _r in BUILT_IN:
    register(_r)


def get_recognizers(names: Sequence[str] = ("all",)) -> Tuple[Recognizer, ...]:
    """Look up recognizers by name ("all" = every registered one but the opt-in ones, which can be named
    beside it; "email" is short for "rules.email")."""
    known = registry.anon_recognizers.get_all()
    out = [r for r in known.values() if not r.opt_in] if "all" in names else []
    for name in names:
        if name == "all":
            continue
        key = name if name in known else f"rules.{name}"
        if key not in known:
            raise ValueError(Errors.E212.format(name=name, valid=", ".join(["all"] + sorted(known))))
        if known[key] not in out:
            out.append(known[key])
    return tuple(out)
