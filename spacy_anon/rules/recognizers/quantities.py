"""Amounts with a currency or a unit (`spacy_anon.rules.amounts`), with a hedge just before ("about 4 tons")."""
from typing import Iterator, Tuple

from spacy_anon.rules import amounts
from spacy_anon.rules.recognizers.base import Finder, Pattern, Recognizer, compile_patterns, has_digits, pattern_hits


def _hedged_finder(patterns: Tuple[Pattern, ...]) -> Finder:
    """A finder for amount patterns whose span also takes a hedge just before ("about 4 tons")."""

    def find(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
        for start, end, score in pattern_hits(text, patterns):
            hedge = amounts.HEDGE_BEFORE.search(text, max(0, start - amounts.HEDGE_REACH), start)
            yield (hedge.start() if hedge else start), end, score

    return find


def _quantity(name: str, specs, fine_type: str) -> Recognizer:
    """A QUANTITY recognizer: amounts with a currency or a unit; never a page or paragraph number."""
    return Recognizer(
        name=name, label="QUANTITY", type=fine_type, finder=_hedged_finder(compile_patterns(specs)),
        negative_context=("page", "paragraph", "§", "article"), prefilter=has_digits(1),
    )


MONEY = _quantity("rules.money", amounts.MONEY, "MONEY")
MEASURE = _quantity("rules.measure", amounts.MEASURES, "MEASURE")
