"""Postal codes, per locale (`RuleOptions.postal_locales`), and known towns the taggers missed."""
import re
from typing import Dict, Iterator, Tuple

from spacy_anon.lexicon.generic_words import dictionary_test
from spacy_anon.lexicon.place_names import fold_accents
from spacy_anon.rules.recognizers.addresses import city_names
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, has_digits, pattern_hits
from spacy_anon.rules.recognizers.names import first_names, last_names


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
    # written together ("H3B1K3") only beside a context word: a tumour's stage "T2N0M0" has the same shape
    "CA": ((
        (r"\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d\b", 0.6, 0),
        (r"\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d\b", 0.3, 0),
    ), ("postal", "postal code", "address")),
    "BR": ((
        (r"(?<![\w\-.])\d{5}-\d{3}(?![\w\-]|[.,]\d)", 0.5, 0),
    ), ("cep", "endereço", "rua", "postal")),
    # an Eircode: a routing key (a letter and two digits, or Dublin 6W's "D6W") and four characters of the
    # premises' unique identifier, from letters that read apart ("D02 XY45", "A65 F4E2"); written together
    # ("D02XY45") only beside a context word
    "IE": ((
        (r"\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}\b", 0.6, 0),
        (r"\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}\b", 0.3, 0),
    ), ("eircode", "postcode", "postal", "address")),
}
COMPILED_POSTAL = {loc: compile_patterns(specs) for loc, (specs, _) in POSTAL_LOCALES.items()}
# The fewest digits a locale's code has: a text with fewer cannot hold one ("SW1A 1AA" has two).
POSTAL_MIN_DIGITS = {"US": 5, "GB": 2, "ES": 5, "PT": 7, "FR": 5, "DE": 5, "NL": 4, "CA": 3, "BR": 8, "IE": 1}
_POSTAL_PREFILTERS = {loc: has_digits(n) for loc, n in POSTAL_MIN_DIGITS.items()}


def _postal_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Postal codes of each configured locale whose digit count the text can hold."""
    for locale in getattr(options, "postal_locales", ("US",)):
        if _POSTAL_PREFILTERS[locale](text):
            yield from pattern_hits(text, COMPILED_POSTAL[locale])


POSTAL_CODE = Recognizer(
    name="rules.postal_code",
    label="LOC",
    type="POSTAL_CODE",
    finder=_postal_finder,
    context=tuple(sorted({w for _, ctx in POSTAL_LOCALES.values() for w in ctx})),
    negative_context=("phone", "tel", "card", "room", "page", "order", "invoice"),
    prefilter=has_digits(min(POSTAL_MIN_DIGITS.values())),
)


# ---------------------------------------------------------------- LOC: a known town the taggers missed
# "(Lagos for my brother's wedding)", "flying to Pune": a capitalised word after a preposition of place or
# movement, or an opening bracket, or a name and a comma last in its clause ("Riverside Surgery, Nottingham"), that is one of the world's cities over 15,000 people (GeoNames) and no
# dictionary word or listed name ("Reading", "Bath", "Jackson", "Durham" are left to the taggers). At the
# rules' threshold: a longer span of a tagger over it ("University of Leeds") keeps its reading.
_TOWN_AFTER = re.compile(r"(?:\(|(?<![\w'’])(?:in|from|to|into|near|via|towards|visiting|visit|around|outside)[ \t]+)"
                         r"([A-Z][a-z]{3,}(?:-[A-Z][a-z]+)?)(?![\w'’-])"
                         # not a scale named after a town ("(Glasgow 3)", "Glasgow Coma Scale", "Manchester score")
                         r"(?![ \t]+\d|[ \t]+(?i:coma|score|scale|criteria|classification|grade|triage)\b)")
# or after a capitalised name and a comma, last in its clause ("Dr J. O'Donnell, Riverside Surgery, Nottingham")
_TOWN_AFTER_NAME = re.compile(r"(?m)(?<=[a-z], )([A-Z][a-z]{3,}(?:-[A-Z][a-z]+)?)(?=[ \t]*(?:$|[.;)]|,[ \t]*$))")
_CAPITALISED_BEFORE = re.compile(r"(?:^|[ \t(])[A-Z][\w'’&.-]*\Z")
KNOWN_TOWN_SCORE = 0.5  # the rules' threshold (`RuleOptions.min_score`)
# a town that is also a frequent word of a neighbouring language is left out ("(Como", "(Este" of a Portuguese
# text, whose default pipeline runs every recognizer): Zipf frequency in Spanish, Portuguese, French, German
FOREIGN_WORD_ZIPF = 5.0


def _known_town_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    from wordfreq import zipf_frequency  # lazy: heavy word lists, loaded on first use

    after_name = [m for m in _TOWN_AFTER_NAME.finditer(text)
                  if _CAPITALISED_BEFORE.search(text, max(0, m.start() - 40), m.start() - 2) is not None]
    for m in sorted(list(_TOWN_AFTER.finditer(text)) + after_name, key=lambda m: m.start()):
        word = m.group(1).lower()
        if fold_accents(word) in city_names() and not dictionary_test("en")(word) and word not in first_names() \
                and word not in last_names() \
                and max(zipf_frequency(word, lang) for lang in ("es", "pt", "fr", "de")) < FOREIGN_WORD_ZIPF:
            yield m.start(1), m.end(1), KNOWN_TOWN_SCORE


KNOWN_TOWN = Recognizer(
    name="rules.known_town",
    label="LOC",
    type="PLACE",
    finder=_known_town_finder,
    needs=(_TOWN_AFTER, _TOWN_AFTER_NAME),
    languages=("en",),
)


# ---------------------------------------------------------------- LOC: a road by its number, a motorway junction
# "stuck on the M62 near Junction 26", "the A1(M)", "J26", "on Route 9", "I-95 northbound": where someone was.
# A British road's number after "the" (not "the A4 paper", "the B12 injection": a motorway or an A road,
# not before a paper's or a vitamin's word), or before its junction; a junction's number after its word; an
# American route's number ("I-95", "Route 9")
_ROAD = compile_patterns([
    (r"(?<=\bthe[ \t])(?:M\d{1,3}|A\d{1,4})(?:\([Mm]\))?(?![\w(])(?![ \t](?i:paper|size|sheet|format|grade|level|"
     r"envelope|print))", 0.6, 0),
    (r"(?<![\w-])(?:(?i:junction|jct|jn)\.?[ \t]?\d{1,2}[a-z]?|J\d{1,2}[a-z]?)(?![\w-])", 0.6, 0),
    # a motorway with its junction, "the" or not ("RTC, M6 J10 northbound")
    (r"(?<![\w-])M\d{1,3}(?=[ \t]+(?:J\d{1,2}|(?i:junction|jct)[ \t]?\d))", 0.6, 0),
    (r"(?<![\w-])(?:I-\d{1,3}|US-\d{1,3}|(?:Route|Highway|Hwy|Interstate|State[ \t]Route)[ \t]\d{1,3})(?![\w-]|\.\d)",
     0.6, 0),  # not "SR 65" (a note's sinus rhythm), "Route 10.0.0.0/8" (a network's)
])
ROAD = Recognizer(
    name="rules.road",
    label="LOC",
    type="PLACE",
    patterns=_ROAD,
    languages=("en",),
    prefilter=has_digits(1),
)
