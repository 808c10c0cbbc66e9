"""Dates, ages and numbers in `anon_generalize`: the coarsening of `spacy_anon.generalize.coarsen` with
the component's settings, and numbers written in words ("two daughters" -> "a few daughters")."""
from typing import Dict, Optional

from spacy_anon.generalize import coarsen

# Number words that coarsening reads as their value ("two daughters" -> "a few daughters").
NUMBER_WORDS: Dict[str, Dict[str, int]] = {"en": {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}}
NUMBER_WORDS["en"].update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                           "ninety": 90, "hundred": 100, "dozen": 12, "dozens": 24, "hundreds": 200})


def number_value(text: str, lang: str = "en") -> Optional[int]:
    """The value of a number written in words ("two" -> 2, "a dozen" -> 12); None otherwise."""
    words = [w for w in text.lower().replace("-", " ").split() if w not in ("a", "an")]
    table = NUMBER_WORDS.get(lang, {})
    if not words or any(w not in table for w in words):
        return None
    return sum(table[w] for w in words)


def coarsen_mention(text: str, label: str, *, date_granularity: str = "month", age_bucket: int = 10,
                    number_style: str = "about", lang: str = "en") -> Optional[str]:
    """A DATETIME, AGE or (any other label) number mention made less precise; None when it has none."""
    if label == "DATETIME":
        return coarsen.coarsen_date(text, date_granularity, lang)
    if label == "AGE":
        return coarsen.coarsen_age(text, age_bucket)
    return coarsen.coarsen_number(text, number_style, lang)


def coarsen_bare_number(text: str, *, number_style: str = "about", lang: str = "en") -> Optional[str]:
    """A bare number in a span of another label: "1,200" -> "about 1,000", "two" -> "a few"."""
    coarse = coarsen.coarsen_number(text, number_style, lang)
    if coarse is None:
        value = number_value(text, lang)
        if value is not None:
            coarse = coarsen.coarsen_number(str(value), "words", lang)
    return coarse


__all__ = ["NUMBER_WORDS", "coarsen_bare_number", "coarsen_mention", "number_value"]
