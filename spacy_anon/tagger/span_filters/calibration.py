"""Calibrated span scores: a CRF span's score becomes the precision such spans had on held-out documents.

A span's score is its tokens' mean marginal probability; on documents the model never saw, spans at 0.9
are right less often than 9 times in 10 (docs/benchmarks/reliability.md), so a threshold on the raw score
does not mean what it says. Isotonic regression (pool adjacent violators) on held-out (score, outcome)
pairs gives a non-decreasing map from raw score to observed precision, one per CRF label with enough
held-out spans and one for all labels. The map cannot be learned from the training documents (the CRF
is overconfident on what it was trained on): `scripts/calibrate_scores.py` fits it on cross-validation
folds and writes it into a saved pipeline, where the component saves it as this filter's learned state.
"""
import bisect
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays

Curve = Tuple[Tuple[float, ...], Tuple[float, ...]]  # knots (raw scores, ascending) and calibrated values
ALL_LABELS = "*"


def fit_isotonic(scores: Sequence[float], outcomes: Sequence[float],
                 weights: Optional[Sequence[float]] = None) -> Curve:
    """Non-decreasing least-squares fit of outcomes (in [0, 1]) on scores: pool adjacent violators.
    RETURNS knots (each block's lowest and highest score) and the block means there."""
    if not scores:
        return (), ()
    w = list(weights) if weights is not None else [1.0] * len(scores)
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    blocks: List[List[float]] = []  # [weighted sum, weight, lowest score, highest score]
    for i in order:
        blocks.append([outcomes[i] * w[i], w[i], scores[i], scores[i]])
        while len(blocks) > 1 and blocks[-2][0] * blocks[-1][1] >= blocks[-1][0] * blocks[-2][1]:
            last = blocks.pop()
            prev = blocks[-1]
            prev[0], prev[1], prev[3] = prev[0] + last[0], prev[1] + last[1], last[3]
    xs: List[float] = []
    ys: List[float] = []
    for total, weight, lo, hi in blocks:
        mean = total / weight if weight else 0.0
        for x in ((lo,) if lo == hi else (lo, hi)):
            if xs and x <= xs[-1]:  # equal scores in two blocks: keep the later (higher) value
                ys[-1] = mean
                continue
            xs.append(float(x))
            ys.append(float(mean))
    return tuple(xs), tuple(ys)


def apply_curve(curve: Curve, score: float) -> float:
    """The calibrated score: linear between knots, the end values outside them."""
    xs, ys = curve
    if not xs:
        return score
    if score <= xs[0]:
        return ys[0]
    if score >= xs[-1]:
        return ys[-1]
    j = bisect.bisect_right(xs, score)
    x0, x1, y0, y1 = xs[j - 1], xs[j], ys[j - 1], ys[j]
    return y0 + (y1 - y0) * (score - x0) / (x1 - x0)


def check_curve(label: str, data: Any) -> Curve:
    """A saved curve as knots and values, or E662: knots ascending, values non-decreasing in [0, 1]."""
    try:
        xs, ys = (tuple(float(v) for v in data[key]) for key in ("x", "y"))
    except (KeyError, TypeError, ValueError):
        raise ValueError(Errors.E662.format(label=label, what="not {\"x\": [...], \"y\": [...]} of numbers")) from None
    if len(xs) != len(ys) or not xs:
        raise ValueError(Errors.E662.format(label=label, what="x and y differ in length or are empty"))
    if any(b <= a for a, b in zip(xs, xs[1:])) or any(b < a for a, b in zip(ys, ys[1:])):
        raise ValueError(Errors.E662.format(label=label, what="x not ascending or y decreasing"))
    if not all(0.0 <= v <= 1.0 for v in xs + ys):
        raise ValueError(Errors.E662.format(label=label, what="a value outside [0, 1]"))
    return xs, ys


class CalibrateScores(SpanFilter):
    """Replace each span's score by its calibrated value (the label's curve, else the all-labels one).
    Spans are kept as they are: thresholds after it (anon_mask's min_score) read calibrated scores.
    Unfitted, it refuses to run (E661) rather than pass raw scores off as calibrated."""

    def __init__(self, min_spans: int = 50):
        if isinstance(min_spans, bool) or not isinstance(min_spans, int) or min_spans < 1:
            raise ValueError(Errors.E661.format(what=f"min_spans = {min_spans!r} (a whole number of 1 or more)"))
        self.min_spans = min_spans
        self.curves: Dict[str, Curve] = {}

    def fit(self, labels: Sequence[str], scores: Sequence[float], outcomes: Sequence[float]) -> "CalibrateScores":
        """Curves from held-out spans: one per label with at least `min_spans` spans, and one for all."""
        curves = {ALL_LABELS: fit_isotonic(list(scores), list(outcomes))}
        for label in sorted(set(labels)):
            idx = [i for i, lab in enumerate(labels) if lab == label]
            if len(idx) >= self.min_spans:
                curves[label] = fit_isotonic([scores[i] for i in idx], [outcomes[i] for i in idx])
        self.curves = {k: v for k, v in curves.items() if v[0]}
        return self

    def calibrate(self, label: str, score: float) -> float:
        curve = self.curves.get(label, self.curves.get(ALL_LABELS))
        if curve is None:
            raise ValueError(Errors.E661.format(what="no fitted curve (run scripts/calibrate_scores.py apply)"))
        return apply_curve(curve, score)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return [(start, end, label, self.calibrate(label, score)) for start, end, label, score in spans]

    def to_dict(self) -> Dict[str, Any]:
        return {"curves": {k: {"x": list(x), "y": list(y)} for k, (x, y) in self.curves.items()}}

    def from_dict(self, data: Dict[str, Any]) -> "CalibrateScores":
        curves = data.get("curves") if isinstance(data, dict) else None
        if not isinstance(curves, dict):
            raise ValueError(Errors.E662.format(label="-", what="no \"curves\" object"))
        self.curves = {str(label): check_curve(str(label), c) for label, c in curves.items()}
        return self


@registry.misc("spacy_anon.calibrate_scores.v1")
def make_calibrate_scores(min_spans: int = 50) -> CalibrateScores:
    return CalibrateScores(min_spans)
