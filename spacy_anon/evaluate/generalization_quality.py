"""Is a generalization usable by a reader? Pure functions for the share of vacuous replacements and for
the similarity of an anonymized text to its original (docs/benchmarks/generalization-quality.md).

A replacement is *vacuous* when it carries no information about what it replaces: after lower-casing,
trimming punctuation and stripping leading articles, it is a top-level WordNet concept ("entity",
"thing", "abstraction", "psychological feature", ...; `VACUOUS`) or "a person" written over something
that is not a person. A tag ("[MISC_1]") or a suppression ("***") is not a vacuous replacement: it says
openly that something was removed, and it is counted apart ("tagged/suppressed instead").
"""
import re
from difflib import SequenceMatcher
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import numpy

from spacy_anon.errors import Errors

# Top-level concepts of WordNet 3.0 (the first levels under "entity") and the quantifier "some": a
# replacement by one of them tells the reader nothing. "something" is what `coarsen.generalize` writes for
# MISC; "world" is the root that Hassan et al.'s published masks write when no safe generalization exists.
VACUOUS = frozenset({
    "entity", "physical entity", "thing", "object", "whole", "abstraction", "abstract entity", "act",
    "human action", "human activity", "group", "grouping", "psychological feature", "attribute", "relation",
    "measure", "matter", "event", "state", "some", "living thing", "organism", "causal agent",
    "physical object", "something", "world",
})
# Replacements that name the class "person": vacuous only over a span that is not a person.
PERSON_WORDS = frozenset({"person", "someone", "somebody", "individual"})
PERSON_LABELS = frozenset({"PERSON", "PER", "PESSOA", "PERSONA", "NAME"})
ARTICLES = frozenset({"a", "an", "the", "some", "un", "una", "uno", "el", "la", "los", "las", "unos", "unas",
                      "um", "uma", "o", "os", "as", "uns", "umas"})
SUPPRESSION_CHARS = frozenset("*█▇■#X_-–—.")
_TAG = re.compile(r"^\s*(\[[^\[\]]+\]|<[^<>]+>|\{[^{}]+\})\s*$")
_EDGE = re.compile(r"^[\W_]+|[\W_]+$")
_TOKEN = re.compile(r"\w+|[^\w\s]")


def normalize_replacement(text: str) -> str:
    """Lower-case, punctuation at the ends trimmed, leading articles and "some" removed ("A thing" ->
    "thing", "some things" -> "things"; a lone "some" stays)."""
    words = _EDGE.sub("", (text or "").lower()).split()
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


def _singular(phrase: str) -> str:
    if phrase.endswith("ies"):
        return phrase[:-3] + "y"
    if phrase.endswith("s") and not phrase.endswith("ss"):
        return phrase[:-1]
    return phrase


def is_top_concept(text: str) -> bool:
    """True when a replacement, articles and plural aside, is one of `VACUOUS` ("A thing", "some things")."""
    norm = normalize_replacement(text)
    return any(form in VACUOUS for form in (norm, _singular(norm)))


def classify_replacement(replacement: Optional[str], label: Optional[str] = None,
                         tag_words: Iterable[str] = (), original: Optional[str] = None) -> str:
    """One replaced span: "suppressed" (empty or only filler characters), "tagged" ("[MISC_1]", "<PERSON>",
    or a text containing one of `tag_words`, e.g. a published mask's "SENSITIVE"), "unchanged" (the
    original words written back, articles and case aside: "group" for "group" is no generalization at all),
    "vacuous" (see `VACUOUS`; a person word over a non-PERSON label) or "informative"."""
    raw = (replacement or "").strip()
    if not raw or all(c in SUPPRESSION_CHARS or c.isspace() for c in raw):
        return "suppressed"
    if _TAG.match(raw) or any(w in raw for w in tag_words):
        return "tagged"
    norm = normalize_replacement(raw)
    if not norm:
        return "suppressed"
    if original is not None and normalize_replacement(original) == norm:
        return "unchanged"
    for form in (norm, _singular(norm)):
        if form in VACUOUS:
            return "vacuous"
        if form in PERSON_WORDS:
            return "informative" if (label or "").upper() in PERSON_LABELS else "vacuous"
    return "informative"


def vacuous_share(rows: Iterable[Mapping[str, object]], tag_words: Iterable[str] = ()) -> Dict[str, object]:
    """Counts over replacement-table rows (`replacement`, `label`, and the original words as `text` or
    `original` when known): every row is one replaced span.

    RETURNS {"replaced", "vacuous", "tagged", "suppressed", "unchanged", "informative", "vacuous_share" (vacuous /
    replaced), "vacuous_share_of_written" (vacuous / (replaced - tagged - suppressed)), "tagged_suppressed_share",
    "top_vacuous" (the ten most frequent vacuous replacements, normalized)}."""
    counts = {"vacuous": 0, "tagged": 0, "suppressed": 0, "unchanged": 0, "informative": 0}
    words: Dict[str, int] = {}
    tags = tuple(tag_words)
    for row in rows:
        rep = row.get("replacement")
        orig = row.get("text", row.get("original"))
        kind = classify_replacement(None if rep is None else str(rep), str(row.get("label") or ""), tags,
                                    None if orig is None else str(orig))
        counts[kind] += 1
        if kind == "vacuous":
            norm = normalize_replacement(str(rep))
            words[norm] = words.get(norm, 0) + 1
    replaced = sum(counts.values())
    written = replaced - counts["tagged"] - counts["suppressed"]
    return {
        "replaced": replaced, **counts,
        "vacuous_share": counts["vacuous"] / replaced if replaced else 0.0,
        "vacuous_share_of_written": counts["vacuous"] / written if written else 0.0,
        "tagged_suppressed_share": (counts["tagged"] + counts["suppressed"]) / replaced if replaced else 0.0,
        "top_vacuous": sorted(words.items(), key=lambda kv: (-kv[1], kv[0]))[:10],
    }


def replaced_segments(original: str, anonymized: str) -> List[Dict[str, str]]:
    """Rows for a text without a replacement table (a published mask): the stretches where `anonymized`
    differs from `original`, aligned word by word (case ignored, so re-tokenized or lower-cased outputs
    still align). Each row: {"original", "replacement", "label": None}; a deletion has replacement ""."""
    a = _TOKEN.findall(original or "")
    b = _TOKEN.findall(anonymized or "")
    matcher = SequenceMatcher(None, [t.lower() for t in a], [t.lower() for t in b], autojunk=False)
    rows = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op in ("replace", "delete"):
            rows.append({"original": " ".join(a[i1:i2]), "replacement": " ".join(b[j1:j2]), "label": None})
    return rows


def chunk_ids(ids: Sequence[int], size: int = 256, prefix: Sequence[int] = (), suffix: Sequence[int] = ()
              ) -> List[List[int]]:
    """Split a token-id sequence into windows of at most `size` ids including `prefix`/`suffix` (e.g. [CLS]
    and [SEP]); an empty text gives one window of just prefix + suffix."""
    room = size - len(prefix) - len(suffix)
    if room < 1:
        raise ValueError(Errors.E734.format(size=size))
    ids = list(ids)
    pieces = [ids[i:i + room] for i in range(0, len(ids), room)] or [[]]
    return [list(prefix) + p + list(suffix) for p in pieces]


def mean_pool(hidden: numpy.ndarray, mask: numpy.ndarray) -> numpy.ndarray:
    """Mean of the token vectors where mask is 1 (hidden: [tokens, dim] or [batch, tokens, dim])."""
    hidden = numpy.asarray(hidden, dtype="float64")
    mask = numpy.asarray(mask, dtype="float64")[..., None]
    return (hidden * mask).sum(axis=-2) / numpy.maximum(mask.sum(axis=-2), 1e-9)


def document_embedding(chunk_vectors: Sequence[numpy.ndarray]) -> numpy.ndarray:
    """A long text's embedding: the average of its chunks' embeddings."""
    return numpy.vstack([numpy.asarray(v, dtype="float64") for v in chunk_vectors]).mean(axis=0)


def cosine(a: numpy.ndarray, b: numpy.ndarray) -> float:
    na, nb = float(numpy.linalg.norm(a)), float(numpy.linalg.norm(b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return float(numpy.dot(a, b) / (na * nb))


def mean_similarity(original: Mapping[str, numpy.ndarray], anonymized: Mapping[str, numpy.ndarray]
                    ) -> Tuple[float, Dict[str, float]]:
    """Average over the documents of both maps of cos(embedding(original), embedding(anonymized)), and the
    per-document values."""
    per_doc = {k: cosine(original[k], anonymized[k]) for k in original if k in anonymized}
    return (sum(per_doc.values()) / len(per_doc) if per_doc else 0.0), per_doc
