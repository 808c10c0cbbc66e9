"""A span's words as a town: after a preposition of place or movement ("He is from Leeds", "shes moving to
manchester" in a line typed in lower case), after an organisation's name and a comma ("Brennan & Vale,
Harrogate"), before a US state's code ("Reno, NV"), or the second of two ("between Leeds and York"). Pure
functions of the text and GeoNames' place names, for `span_kinds`."""
import re
from typing import Callable, FrozenSet

from spacy_anon.case_regime import LOWER, line_regime
from spacy_anon.lexicon.generic_words import dictionary_test
from spacy_anon.lexicon.place_names import fold_accents, known_country_names, known_place_names
from spacy_anon.rules.recognizers.addresses import STATES
from spacy_anon.rules.recognizers.names import first_names

# one capitalised word (a hyphenated town is one: "Cluj-Napoca", "Stoke-on-Trent")
TOWN_SHAPE = re.compile(r"[A-Z][^\W\d_]+(?:-[^\W\d_]+)*")
_COMMA = re.compile(r"[ \t]*,[ \t]+")


# a state's code that is no English word ("IN", "OR", "ME" are words in a line of capitals), before no word
# in capitals
_STATE_CODES = [code for code in STATES if code not in ("IN", "OR", "ME", "OK", "HI", "OH", "DE", "LA", "MA",
                                                         "PA", "AL", "CO", "ID", "MD")]
_STATE_AFTER = re.compile(r",[ \t]?(?:" + "|".join(_STATE_CODES) + r")(?![\w-])(?![ \t]+[A-Z]{2})")
_TOWN_BEFORE = re.compile(r"[A-Z][a-z]+(?:[ \t][A-Z][a-z]+){0,2},[ \t]?\Z")


def town_and_state(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a US town before its state's code ("Reno, NV") or that code after it."""
    value = text[start:end]
    if value in _STATE_CODES:
        return _TOWN_BEFORE.search(text, max(0, start - 40), start) is not None
    return TOWN_WORDS.fullmatch(value) is not None and value[:1].isupper() and \
        _STATE_AFTER.match(text, end) is not None


def town_after_org(text: str, prev_end: int, start: int, end: int, prev_is_org: bool) -> bool:
    """Whether text[start:end] is one capitalised word that follows an organisation's name (`prev_is_org`,
    the part ending at `prev_end`) and a comma on the same line: the organisation's town."""
    return prev_is_org and _COMMA.fullmatch(text, prev_end, start) is not None \
        and TOWN_SHAPE.fullmatch(text[start:end]) is not None


def given_name_not_place(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one capitalised given name that names no known place ("QuickFix Ltd,
    Darren, attended": the person sent, not the firm's town; "Acme Ltd, Chester" stays a town)."""
    value = text[start:end]
    return TOWN_SHAPE.fullmatch(value) is not None and value.lower() in first_names() \
        and fold_accents(value.lower()) not in known_place_names() and fold_accents(value) not in known_place_names()


_NAME_BEFORE_COMMA = re.compile(r"((?:[A-Z][\w'’&.-]*[ \t]){0,4}[A-Z][\w'’&.-]*),[ \t]\Z")


def town_after_named_org(text: str, start: int, end: int, is_org: Callable[[str], bool]) -> bool:
    """Whether text[start:end] is a town GeoNames lists, after an organisation's name (`is_org`, read by its
    own words) and a comma: "St Luke's Hospice, Sheffield", where the two are spans of their own."""
    before = _NAME_BEFORE_COMMA.search(text, max(0, start - 80), start)
    return before is not None and TOWN_SHAPE.fullmatch(text[start:end]) is not None \
        and fold_accents(text[start:end]) in known_place_names() and is_org(before.group(1))


# by language, the prepositions before a town someone is in, goes to or comes from ("at" is left out:
# "at Leeds" is often the university; the Portuguese and Spanish "de" too: "Câmara de Lisboa")
TOWN_PREPOSITIONS = {
    "en": frozenset("in from to into towards toward near via outside between".split()),
    "pt": frozenset("em para a entre desde até rumo".split()),
    "es": frozenset("en a hacia desde hasta entre para".split()),
}
TOWN_CONJUNCTIONS = {"en": frozenset({"and", "or"}), "pt": frozenset({"e", "ou"}), "es": frozenset({"y", "e", "o"})}
TOWN_WORDS = re.compile(r"[^\W\d_][\w'’.-]*(?:[ \t][^\W\d_][\w'’.-]*){0,2}")
_WORD_END = re.compile(r"(\w+)[ \t]+$")
_AGE_OF = re.compile(r"(?i)\d{1,3},[ \t]+of[ \t]+$")  # a notice's "Hal Lindquist, 88, of Duluth": where someone lived


def _lower_case_town(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], in a line typed in lower case, is a town's name that no dictionary lists
    ("moving to manchester"; not "to reading", "in nice", whose words are words): where case says nothing,
    the town's own name must."""
    line = text[text.rfind("\n", 0, start) + 1:(text.find("\n", end) + 1 or len(text) + 1) - 1]
    is_word = dictionary_test("en")
    return line_regime(line) == LOWER and not any(is_word(w) for w in text[start:end].lower().split())


def town_after_preposition(text: str, start: int, end: int, lang: str, countries: bool = True) -> bool:
    """Whether text[start:end], one to three capitalised words, is a city or country GeoNames lists
    (`known_place_names`) and follows a preposition of place or movement of `lang` on its line, a
    conjunction after a town that does ("entre Lisboa e Roma"), a notice's age and "of" ("88, of Duluth")
    or a hashtag's "#" ("#Rochdale"). countries: a country counts too (a court judgment names a State as a
    party: "against Sweden", "returned to Somalia" are annotated ORG there)."""
    value = text[start:end]
    if TOWN_WORDS.fullmatch(value) is None or not value[:1].isupper() and not _lower_case_town(text, start, end):
        return False
    prepositions = TOWN_PREPOSITIONS.get(lang, frozenset())
    before = _WORD_END.search(text, max(0, start - 12), start)
    if text[start - 1:start] != "#" and (before is None or (
            before.group(1).lower() not in prepositions and not _second_town(text, start, lang, prepositions)
            and not (lang == "en" and _AGE_OF.search(text, max(0, start - 12), start)))):
        return False
    folded_value = fold_accents(value)
    return folded_value in known_place_names() and (countries or folded_value not in known_country_names())



def _second_town(text: str, start: int, lang: str, prepositions: FrozenSet[str]) -> bool:
    """Whether a conjunction before `start` follows one to three capitalised words after a preposition of
    place on the line ("entre Lisboa e | Roma", "between Leeds and | York")."""
    line = text[max(0, start - 60, text.rfind("\n", 0, start) + 1):start]
    words = line.split()
    if len(words) < 3 or words[-1].lower() not in TOWN_CONJUNCTIONS.get(lang, ()):
        return False
    k = len(words) - 2
    while k >= 0 and len(words) - 2 - k < 3 and words[k].rstrip(",")[:1].isupper():
        k -= 1
    return len(words) - 2 - k >= 1 and k >= 0 and words[k].lower() in prepositions
