"""Score thresholds of `anon_mask` (as Presidio's `score_threshold`): a candidate scoring below the
threshold of its label is not masked.

`min_score` applies to every label; `label_min_scores` to one label, named by the span's fine type
(`span._.anon_type`: EMAIL, a corpus label) or by its category (PERSON): the fine type's wins, then the
category's, then `min_score`. What a score means depends on the detector (docs/components/anon_mask.md).

Two rules keep a threshold from opening a leak:
- a candidate without a score (a third-party NER's `doc.ents`, an anaphor `anon_coref` linked) counts as
  1.0: it is kept, since nothing says it is unsure and a missing number is no evidence against it;
- a candidate below its threshold is still masked when the entity it belongs to is established by a
  confident mention: the same `span._.anon_entity` (set by `anon_coref`), or the same label and text (any
  case) as a kept candidate. Masking "Kowalski" once and leaving it readable once would leak it.
"""
from numbers import Real
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from spacy_anon.errors import Errors

NO_SCORE = 1.0  # what a candidate without a score counts as


def _check_score(setting: str, value: Any, where: str = "") -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not 0.0 <= float(value) <= 1.0:
        raise ValueError(Errors.E127.format(setting=setting, value=value, where=where))
    return float(value)


def check_thresholds(min_score: Any, label_min_scores: Any) -> Tuple[float, Dict[str, float]]:
    """The settings as (float, {label: float}); a value outside [0, 1] or not a number is refused."""
    if not isinstance(label_min_scores, Mapping):
        raise ValueError(Errors.E128.format(value=label_min_scores))
    per_label = {}
    for label, value in label_min_scores.items():
        if not isinstance(label, str) or not label:
            raise ValueError(Errors.E128.format(value=dict(label_min_scores)))
        per_label[label] = _check_score("label_min_scores", value, f" for {label!r}")
    return _check_score("min_score", min_score), per_label


def is_active(min_score: float, label_min_scores: Mapping[str, float]) -> bool:
    """Whether a threshold can drop anything (0 everywhere keeps every candidate: scores are >= 0)."""
    return min_score > 0.0 or any(value > 0.0 for value in label_min_scores.values())


def threshold_for(label: str, fine_type: Optional[str], min_score: float,
                  label_min_scores: Mapping[str, float]) -> float:
    """The threshold of a span: its fine type's, else its category's, else `min_score`."""
    if fine_type is not None and fine_type in label_min_scores:
        return label_min_scores[fine_type]
    return label_min_scores.get(label, min_score)


def kept_by_thresholds(candidates: Sequence[Tuple[str, Optional[str], Optional[float], Optional[str], str]],
                       min_score: float, label_min_scores: Mapping[str, float]) -> List[bool]:
    """For each (label, fine type, score, entity id, text) candidate, whether it is masked: it reaches its
    threshold, or a candidate that does shares its entity id or its label and text (any case)."""
    confident = [(NO_SCORE if score is None else score) >= threshold_for(label, fine, min_score, label_min_scores)
                 for label, fine, score, _, _ in candidates]
    entities = {entity for (_, _, _, entity, _), ok in zip(candidates, confident) if ok and entity is not None}
    names = {(label, text.casefold()) for (label, _, _, _, text), ok in zip(candidates, confident) if ok}
    return [ok or (entity is not None and entity in entities) or (label, text.casefold()) in names
            for (label, _, _, entity, text), ok in zip(candidates, confident)]
