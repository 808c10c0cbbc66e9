"""Numbers a tagger reads as names: a clock time or a count with the words said around it ("till 3", "from 6
to 10 tonight"), a number of one or two digits alone ("my contract says 28 days") and a list's item number
("1. Parking on ..."). `span_kinds` drops a tagger's span that is one. Pure functions over the text."""
import re

from spacy_anon.lexicon.generic_words import DAY_TIMES
from spacy_anon.tagger.span_filters.base import stop_words

# the words said around a clock time or a count besides function words: "till 3", "6 to 10 tonight", "3pm"
_TIME_WORDS = DAY_TIMES | frozenset("till til am pm ish oclock".split())
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_DIGIT_RUN = re.compile(r"\d+")


def small_words_and_numbers(value: str, lang: str) -> bool:
    """Whether a span holds numbers of one or two digits and, besides them, only function words and words of
    the time of day, in lower case or all in capitals ("till 3", "from 6 to 10 tonight"): a clock time or a
    count, taken for a name."""
    words, numbers = _LETTER_RUN.findall(value), _DIGIT_RUN.findall(value)
    if not words or not numbers or any(len(n) > 2 for n in numbers) or any(len(w) < 2 for w in words):
        return False  # a year, a code ("for 1980", "and 776"), a floor or a door ("12 E", "8 A", "7E") stay
    stops, cased = stop_words(lang), not value.isupper()  # "US Top 40": capitals name a chart
    return all((w.islower() or not cased) and (w.lower() in stops or w.lower() in _TIME_WORDS) for w in words)


# an item's number before its text ("1. ", "2) "); before a house or flat number: a street's name and a comma
# ("Av. Gaspar Aguilar, 90"), "no.", "nº", "flat"
_LIST_MARK = re.compile(r"[.)][ \t]")
_NUMBER_OF_PLACE = re.compile(r"(?i)(?:[A-Za-zÀ-ÿ],[ \t]*|\b(?:no|nº|n\.º|num|number|flat|apt|unit|piso)\.?[ \t]*)\Z")


def bare_count(text: str, start: int, end: int, label: str) -> bool:
    """Whether a tagger's person, organisation or MISC span text[start:end] is a number of one or two digits
    alone ("my contract says 28 days", a list's "2."): a count, no name (a place's may be a house number,
    "4th Earl" an ordinal of a title, but not an item's number opening its line: "1. Parking on ...")."""
    value = text[start:end]
    if not (value.isdigit() and len(value) <= 2 and not text[end:end + 1].isalpha()):
        return False
    if _LIST_MARK.match(text, end) and not text[text.rfind("\n", 0, start) + 1:start].strip():
        return True
    return label in ("PERSON", "ORG", "MISC") and _NUMBER_OF_PLACE.search(text, max(0, start - 12), start) is None
