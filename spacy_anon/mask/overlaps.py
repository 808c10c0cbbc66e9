"""Overlap resolution: choose one span where candidates from several detectors overlap."""
from functools import partial
from typing import Callable, Iterable, List, Sequence, Set

from spacy.tokens import Span
from spacy.util import registry

from spacy_anon.labels import CONFIDENTIAL, DIRECT, QUASI

ORDER_KEYS = ("length", "score", "earliest", "identifier")
DEFAULT_ORDER = ("length", "score", "earliest")
_IDENTIFIER_RANK = {DIRECT: 0, CONFIDENTIAL: 1, QUASI: 2}


def _sort_key(order: Sequence[str], index: int, span: Span):
    key = []
    for name in order:
        if name == "length":
            key.append(-(span.end_char - span.start_char))
        elif name == "score":
            score = span._.anon_score
            key.append(-(float(score) if score is not None else 0.0))
        elif name == "earliest":
            key.append(span.start_char)
        elif name == "identifier":
            key.append(_IDENTIFIER_RANK.get(span._.anon_identifier, 3))
    key.append(index)  # ties: first in input order
    return key


def resolve_overlaps(spans: Iterable[Span], order: Sequence[str] = DEFAULT_ORDER) -> List[Span]:
    """Keep a set of non-overlapping spans, preferring spans in `order` of the criteria.

    spans (Iterable[Span]): candidates of one Doc, may overlap or repeat.
    order: criteria tried in turn: "length" (longer in characters first), "score" (higher
        `span._.anon_score` first, None counts as 0), "earliest" (smaller start first), "identifier"
        (DIRECT before CONFIDENTIAL before QUASI). Remaining ties keep the input order.
    RETURNS (List[Span]): the kept spans, sorted by start.
    """
    ranked = sorted(enumerate(spans), key=lambda item: _sort_key(order, item[0], item[1]))
    seen: Set[int] = set()
    kept: List[Span] = []
    for _, span in ranked:
        tokens = range(span.start, span.end)
        if len(tokens) == 0 or any(i in seen for i in tokens):
            continue
        kept.append(span)
        seen.update(tokens)
    return sorted(kept, key=lambda s: (s.start_char, s.end_char))


@registry.misc("spacy_anon.resolve_overlaps.v1")
def make_overlap_resolver(order: List[str] = list(DEFAULT_ORDER)) -> Callable[[Iterable[Span]], List[Span]]:
    """Registered maker of the overlap policy: `resolver(spans) -> non-overlapping spans`.

    order (List[str]): criteria, a permutation/subset of "length", "score", "earliest", "identifier".
    """
    unknown = [name for name in order if name not in ORDER_KEYS]
    if unknown:
        raise ValueError(f"unknown overlap criteria {unknown}; valid: {list(ORDER_KEYS)}")
    return partial(resolve_overlaps, order=tuple(order))
