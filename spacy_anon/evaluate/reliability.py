"""Do span scores mean what they say: predicted score against observed precision, as pure functions.

A span's outcome is its precision, the share of its non-space characters inside a gold span (the token
precision of the TAB metric, per span). Spans are put in equal-width score bins; a bin's observed
precision is its spans' mean outcome, and the expected calibration error is the span-weighted mean gap
between a bin's mean score and its observed precision. `benchmarks/score_reliability.py` runs them on
held-out predictions per detector and genre.
"""
from typing import Dict, Iterable, List, Sequence, Tuple

from spacy_anon.errors import Errors


def span_precision(text: str, start: int, end: int, gold: Sequence[Tuple[int, int]]) -> float:
    """Share of the span's non-space characters that lie in a gold span (0 for a span of spaces only)."""
    chars = [i for i in range(max(0, start), min(end, len(text))) if not text[i].isspace()]
    if not chars:
        return 0.0
    inside = sum(1 for i in chars if any(s <= i < e for s, e in gold))
    return inside / len(chars)


def reliability_bins(items: Iterable[Tuple[float, float]], n_bins: int = 10) -> List[Dict[str, float]]:
    """(score, outcome) pairs in `n_bins` equal-width bins of [0, 1] (a score of 1 in the last):
    each bin's lower and upper bound, span count, mean score and observed precision (empty bins left out)."""
    sums: List[List[float]] = [[0, 0.0, 0.0] for _ in range(n_bins)]
    for score, outcome in items:
        if not 0.0 <= score <= 1.0:
            raise ValueError(Errors.E763.format(score=score))
        b = min(int(score * n_bins), n_bins - 1)
        sums[b][0] += 1
        sums[b][1] += score
        sums[b][2] += outcome
    return [{"lo": b / n_bins, "hi": (b + 1) / n_bins, "n": int(n), "mean_score": s / n, "precision": o / n}
            for b, (n, s, o) in enumerate(sums) if n]


def expected_calibration_error(bins: Sequence[Dict[str, float]]) -> float:
    """Span-weighted mean |mean score - observed precision| over the bins (0 for no spans)."""
    total = sum(b["n"] for b in bins)
    return sum(b["n"] * abs(b["mean_score"] - b["precision"]) for b in bins) / total if total else 0.0
