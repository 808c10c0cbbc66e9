"""One fine type per kept span, decided once after overlap resolution, and the policy chosen by it.

A policy such as `label_strategies = {"PHONE": "suppress"}` must not depend on which detector found the
value: the rule recognizers say PHONE, but the tagger that found the same "(614) 555-0198" only says
CONTACT (and, writing the same characters and label, erases the rule's type). So `anon_mask` decides
each kept span's type here, from the value itself: a detector's own fine type stays (a rule's EMAIL, a
corpus label such as MEDDOCAN's CORREO_ELECTRONICO, an NER label, a user's type); a span that has only
its category (CONTACT, ID, CODE) gets the type its shape proves (an e-mail, URL, IP or MAC address, an
IBAN that passes mod-97, a card number that passes Luhn, a dashed SSN, a wallet; a phone number when it
is CONTACT or a phone word stands just before it). The check is the rule recognizers' own patterns and
validators, run on the span's text alone, so a value is typed the same whoever found it.

Policies then apply by fine type, then by category, then the default strategy; Presidio's entity names
and the corpus labels that mean one of our types are aliases (`ALIASES`), in the settings and on spans.
"""
import re
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from spacy.tokens import Span

from spacy_anon.errors import Errors
from spacy_anon.extensions import span_getter
from spacy_anon.labels import CATEGORIES, RULE_TYPES, identifier_for
from spacy_anon.mask.value_kinds import KIND_LABELS, value_type
from spacy_anon.rules.matching import RuleOptions
from spacy_anon.rules.recognizers import BUILT_IN, PHONE
from spacy_anon.rules.recognizers.addresses import street_shape
from spacy_anon.rules.recognizers.labelled_ids import cue_type

# Another name -> our fine type or category. Presidio's entity types (its predefined recognizers, and
# the presidio-research set), then corpus labels that are exactly one of our types. A Presidio name with
# no counterpart here (MEDICAL_LICENSE, US_BANK_NUMBER, US_ITIN ...) stays a fine type of its own: a
# tagger trained on that set produces it (`spacy_anon.labels.PRESIDIO`).
ALIASES: Dict[str, str] = {
    # Presidio, global
    "PERSON": "PERSON", "LOCATION": "LOC", "ORGANIZATION": "ORG", "NRP": "DEM", "DATE_TIME": "DATETIME",
    "AGE": "AGE", "EMAIL_ADDRESS": "EMAIL", "PHONE_NUMBER": "PHONE", "URL": "URL", "IP_ADDRESS": "IP",
    "MAC_ADDRESS": "MAC", "CREDIT_CARD": "CARD", "IBAN_CODE": "IBAN", "CRYPTO": "CRYPTO",
    # Presidio, by country
    "US_SSN": "SSN", "US_PASSPORT": "PASSPORT", "US_DRIVER_LICENSE": "DRIVING_LICENCE",
    "UK_NHS": "NHS", "UK_NINO": "NINO", "ES_NIF": "DNI", "ES_NIE": "DNI",
    "IT_PASSPORT": "PASSPORT", "IN_PASSPORT": "PASSPORT", "IT_DRIVER_LICENSE": "DRIVING_LICENCE",
    "IN_AADHAAR": "AADHAAR", "IN_PAN": "PAN",
    # presidio-research's synthetic set (Presidio itself has no address entity: its LOCATION is our LOC,
    # the category of ADDRESS, so a LOCATION policy acts on addresses too)
    "ZIP_CODE": "POSTAL_CODE", "STREET_ADDRESS": "ADDRESS",
    # corpus labels that are one of our types (MEDDOCAN, PhysioNet deid)
    "CORREO_ELECTRONICO": "EMAIL", "NUMERO_TELEFONO": "PHONE", "NUMERO_FAX": "PHONE", "URL_WEB": "URL",
    "DIREC_PROT_INTERNET": "IP", "Phone": "PHONE",
}

SHAPED_CATEGORIES = frozenset({"CONTACT", "ID", "CODE"})  # categories whose type a value's shape can prove
# The rule types a shape proves, in the order they are tried, with what a hit on the whole value needs:
# "validated" (a checksum passed) or the lowest pattern score (a dashed SSN scores 0.5, a bare run 0.2).
_SHAPES: Tuple[Tuple[str, object], ...] = (
    ("EMAIL", 0.0), ("URL", 0.0), ("IP", 0.0), ("MAC", 0.0), ("IBAN", "validated"), ("CARD", "validated"),
    ("SSN", 0.5), ("CRYPTO", "validated"), ("PHONE", 0.0),
)
# a National Insurance number's shape, valid prefix or not: two letters, three pairs of digits, a letter A-D
NINO_SHAPE = re.compile(r"[A-Z]{2}[ \t]?\d{2}[ \t]?\d{2}[ \t]?\d{2}[ \t]?[A-D]")
_CONTEXT_CHARS = 30  # how far before a span a phone word or an identifier's label is looked for
CONTEXT_CHARS = _CONTEXT_CHARS  # (public: `mask.raw_text` reads the same context)
# General place labels (spaCy NER, Presidio, deid) that an address's shape makes more precise.
PLACE_TYPES = frozenset({"LOC", "GPE", "FAC", "LOCAL", "LOCATION", "Location"})
# Categories whose spans are never re-typed as an address or a labelled identifier (a rule already
# typed them, or a date, age or amount is not one).
_NOT_RETYPED = KIND_LABELS  # dates and numbers: their kind is decided by value_kinds
# The categories under which a street without a number is an address ("Canal Street" that a tagger took
# for a name); an ORG over one is the organisation or the government named by it ("Downing Street").
_BARE_STREET_LABELS = frozenset({"LOC", "PERSON"})
# A phone number laid out as one ("+44 20 7946 0958", "(614) 555-0198") is typed PHONE under ID and
# CODE without a phone word: no file number is written so.
_PHONE_LAYOUT = re.compile(r"^\s*(?:\+\d|\(\d{2,5}\)\s?\d)")


def canonical(name: Optional[str]) -> Optional[str]:
    """Our name for `name` (an alias such as EMAIL_ADDRESS -> EMAIL), else `name` itself."""
    return ALIASES.get(name, name) if name is not None else None


def normalize_policies(policies: Mapping[str, str], setting: str = "label_strategies") -> Dict[str, str]:
    """`policies` keyed by our names: an alias becomes the name it stands for. Two names for the same
    thing with different values are refused (which one should win is the user's call, not ours)."""
    out: Dict[str, str] = {}
    given: Dict[str, str] = {}
    for name, value in policies.items():
        ours = canonical(name)
        if ours in out and out[ours] != value:
            raise ValueError(Errors.E130.format(setting=setting, first=given[ours], second=name, ours=ours))
        out[ours] = value
        given.setdefault(ours, name)
    return out


def policy_for(policies: Mapping[str, str], label: str, fine_type: Optional[str], default: str) -> str:
    """The value of a span in normalized `policies`: its fine type's, the fine type's alias target's,
    its category's, else `default`."""
    for name in (fine_type, canonical(fine_type), label, canonical(label)):
        if name is not None and name in policies:
            return policies[name]
    return default


def _shape_recognizers():
    """(type, recognizer, needs) of the rule recognizers whose match proves a fine type; a type that
    several recognizers report (IP: `rules.ip` and `rules.defanged_ip`) is tried with each, in order."""
    return tuple((t, r, needs) for t, needs in _SHAPES for r in BUILT_IN if r.type == t)


_RECOGNIZERS = None
_PHONE_WORDS: Optional["re.Pattern[str]"] = None


def _phone_words() -> "re.Pattern[str]":
    """The phone recognizer's context words ("phone", "tel", "fax", "teléfono" ...) as one regex."""
    global _PHONE_WORDS
    if _PHONE_WORDS is None:
        words = sorted({w.lstrip("<>") for w in PHONE.context if not w.startswith(">")}, key=len, reverse=True)
        _PHONE_WORDS = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)", re.IGNORECASE)
    return _PHONE_WORDS


def shape_type(value: str, label: str, before: str = "", options: object = None) -> Optional[str]:
    """The fine type that `value` (a whole span's text) proves by its shape, or None.

    label: the span's category; a phone number is typed PHONE only under CONTACT or after a phone word
        in `before` (the text just before the span), since a bare run of digits under ID or CODE is more
        often a file or case number that happens to dial.
    options: the rules' `RuleOptions` (phone regions); None: the defaults.
    """
    global _RECOGNIZERS
    if _RECOGNIZERS is None:
        _RECOGNIZERS = _shape_recognizers()
    if options is None:
        options = RuleOptions()
    value = value.strip()
    if not value:
        return None
    for fine_type, recognizer, needs in _RECOGNIZERS:
        if fine_type == "PHONE" and label != "CONTACT" and not _phone_words().search(before) \
                and not _PHONE_LAYOUT.match(value):
            continue
        for start, end, score, validated in recognizer.raw_matches(value, options):
            if start != 0 or end != len(value):
                continue
            if validated if needs == "validated" else score >= needs:
                return fine_type
    return None


def decide_fine_type(value: str, label: str, detector_type: Optional[str], before: str = "",
                     options: object = None) -> str:
    """The fine type of a kept span: the detector's own type when it names more than a category, else
    the type the value's shape proves (under CONTACT, ID, CODE), else ADDRESS for a street or an
    address, else the ID type an identifier's label proves ("MRN 00482913", "EMP-204518"), else the
    category. A general place label (GPE, FAC) gives way to ADDRESS. A duration, frequency, age or
    measure labelled as a date or a number gets its kind first (`value_kinds.value_type`)."""
    kind = value_type(value, label, detector_type, before)
    if kind is not None:
        return kind
    own = detector_type and detector_type != label and detector_type not in CATEGORIES
    if detector_type == "RECORD_NUMBER":  # `rules.record_number` also reads a bare "no." or "#": the label
        cue = cue_type(value, before)  # before it says whose number ("Policy no. 212 555 0147" an account's)
        if cue is not None:
            return cue
    if detector_type == "PHONE" and label == "CONTACT":  # "ACCT: 7741-2290-55": a number that dials, right
        cue = cue_type(value, before)  # after an identifier's label, is that identifier (a rule's as a tagger's)
        if cue is not None:
            return cue
    if own and not (detector_type in PLACE_TYPES and street_shape(value)):
        return detector_type
    if label in SHAPED_CATEGORIES:
        proven = shape_type(value, label, before, options)
        if proven == "PHONE":  # a number that dials, after an identifier's label: that identifier
            cue = cue_type(value, before)  # ("NHS No: 943 476 5918", "Policy no. 212 555 0147")
            if cue is not None:
                return cue
        if proven is not None:
            return proven
        if label == "CONTACT":  # no contact's shape, after an identifier's label ("Hosp no: K7723019")
            cue = cue_type(value, before)
            if cue is not None:
                return cue
            joined = value.replace(" ", "") if _SPACED_GROUPS.fullmatch(value) else value  # "HX 4471 2290 03"
            if _LETTERS_AND_DIGITS.fullmatch(joined) and 2 * sum(c.isdigit() for c in joined) >= len(joined):
                return "ID_NUMBER"  # mostly digits with letters, as no contact is ("BX40981276"; not "tasha2024")
    if label not in _NOT_RETYPED:
        if NINO_SHAPE.fullmatch(value):  # "My NI number is QQ 12 34 56 C" tagged LOC (a prefix HMRC never issues)
            return "NINO"
        if street_shape(value, bare=label in _BARE_STREET_LABELS):
            return "ADDRESS"
        if label not in SHAPED_CATEGORIES or label in ("CODE", "ID"):  # an untyped ID gets its subtype
            cue = cue_type(value, before)
            if cue is not None:
                return cue
    return detector_type or label


def fine_type_of(span: Span, text: str, options: object = None) -> Optional[str]:
    """The type `decide_fine_types` would write for `span`, without writing it."""
    current = span_getter("anon_type")(span)
    return decide_fine_type(text[span.start_char:span.end_char], span.label_, current,
                            text[max(0, span.start_char - _CONTEXT_CHARS):span.start_char], options)


def category_of(fine_type: Optional[str], label: str) -> str:
    """The category a span has once its type is decided: the type's own category when the type is one
    the shape or a label proves (a tagger's ORG over "MRN 00482913" is an ID, its PERSON over "Canal
    Street" a LOC), else `label`."""
    if fine_type not in _RETYPES or label not in CATEGORIES:  # a user's own label ("EMPLOYEE_ID") stays
        return label
    return RULE_TYPES.get(fine_type, label)


# the types whose category replaces a tagger's (a shape-typed CONTACT, ID or CODE keeps its category)
_RETYPES = frozenset({"ADDRESS", "RECORD_NUMBER", "EMPLOYEE_ID", "ACCOUNT_NUMBER", "REFERENCE_NUMBER", "DEVICE_ID",
                      "ID_NUMBER", "NHS", "NINO",
                      "MEASURE"})  # a measure a tagger called a date is a quantity ("72dB" of a noise complaint)


def relabelled(span: Span, label: str) -> Span:
    """`span` under category `label`, with its attributes (stored per label) carried over; an identifier
    type that was the old category's default becomes the new one's."""
    new = Span(span.doc, span.start, span.end, label=label)
    for name in ("anon_source", "anon_score", "anon_identifier", "anon_entity", "anon_replacement",
                 "anon_validated", "anon_type"):
        value = span_getter(name)(span)
        if name == "anon_identifier" and value == identifier_for(span.label_):
            value = identifier_for(label)
        if value is not None:
            setattr(new._, name, value)
    return new


# The words that name a kind of value ("e-mail", "Tel", "MRN", "Badge #4471", "plate 7ABC123", "account
# ending 6612"): a tagger's span over one of them alone,
# or over a piece of one ("e" and "mail" of "e-mail"), is the label of a value, never the value.
LABEL_WORDS = frozenset({"e-mail", "email", "e-mails", "emails", "mail", "tel", "telephone", "phone", "mobile",
                         "fax", "mrn", "iban", "e-mail address", "email address", "bearer", "token", "sid", "cell",
                         "ext", "extension", "badge", "plate", "vin", "ssn", "dob", "member id", "ending", "nino",
                         "ni number", "nhs number", "pnr", "frequent flyer", "frequent flier", "microchip", "sort code", "pc", "pcso",
                         "pcn", "fpn", "paye", "tax code", "acc", "acct",
                         "gas safe", "emp", "ni no", "nino", "brp", "uan", "dbs", "pan", "aadhaar", "aadhar",
                         "ifsc", "pan no", "aadhaar no", "aadhar no", "npi", "dea number", "itin", "utr",
                         "passcode", "password", "pin", "meeting id", "reg", "registration", "gmc", "nmc", "hcpc",
                         "gphc"})
# labels that are words or acronyms of other languages ("ein", the Portuguese "DEA" of a department, the
# Spanish "RX" of an X-ray)
ENGLISH_LABEL_WORDS = frozenset({"dea", "ein", "rx"})
_LETTERS_AND_DIGITS = re.compile(r"(?=[^@/:.\s]*\d{4})(?=[^@/:.\s]*[A-Za-z])[A-Za-z\d\-]{6,24}")
_SPACED_GROUPS = re.compile(r"[A-Za-z\d]+(?: [A-Za-z\d]+){1,5}")  # a code printed in groups
_WORD_AROUND = re.compile(r"[\w\-]*\Z")  # \Z: "$" would match before a line break ("67\nPAYE")
_WORD_AFTER = re.compile(r"[\w\-]*")
_NEXT_WORD = re.compile(r"[ \t]+\w+")


def is_label_word(span: Span, text: str) -> bool:
    """Whether `span` covers only a word of `LABEL_WORDS`, or a piece of one, in `text`."""
    if span_getter("anon_source")(span) is not None and str(span_getter("anon_source")(span)).startswith("rules."):
        return False  # a rule matched a value's shape, not a word
    start = span.start_char - len(_WORD_AROUND.search(text, max(0, span.start_char - 20), span.start_char).group(0))
    end = _WORD_AFTER.match(text, span.end_char).end()
    word = text[start:end].strip().lower().rstrip(".:")
    if word in LABEL_WORDS or (word in ENGLISH_LABEL_WORDS and span.doc.lang_ == "en"):
        return True
    two = _NEXT_WORD.match(text, end)  # "Sort" of "Sort code 20-45-77"
    return two is not None and " ".join(text[start:two.end()].lower().split()) in LABEL_WORDS


def decide_fine_types(spans: Iterable[Span], text: str, options: object = None) -> List[Span]:
    """Write each span's decided type to `span._.anon_type` (the table's `type` column reads it); the
    spans, with those whose type proves another category relabelled (`category_of`), and without those
    that are only a value's label (`is_label_word`: "e-mail" is not masked)."""
    read: Callable[[Span], Optional[str]] = span_getter("anon_type")
    out: List[Span] = []
    for span in spans:
        if is_label_word(span, text):
            continue
        decided = fine_type_of(span, text, options)
        if decided != read(span):
            span._.anon_type = decided
        category = category_of(decided, span.label_)
        out.append(span if category == span.label_ else relabelled(span, category))
    return out


def alias_rows() -> Sequence[Tuple[str, str]]:
    """(alias, our name) rows, sorted: the table of docs/components/anon_mask.md is checked against it."""
    return sorted(ALIASES.items())
