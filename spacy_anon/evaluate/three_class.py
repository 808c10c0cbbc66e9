"""Person / Location / Organization scores as seed 004 (Dias, Mamede and Baptista) reports them on the
Second HAREM collection (its Table III): recall, precision and F1 per class, and an "All Classes" row
that scores detection while ignoring the class.

A prediction matches a gold mention when both have the same start and end offsets (exact span; the paper
does not say how partial matches count, so none counts). Per class, a true positive is a gold mention of
the class predicted with the same offsets and the same class. "All Classes" (untyped) pools the three
classes and asks for the offsets only: a person predicted as an organization counts. The typed all-class
row, stricter, asks for offsets and class. Labels outside the three are not scored on either side, as
the paper annotated and evaluated these three only.
"""
from typing import Dict, List, Mapping, Optional, Sequence, Set, Tuple

from spacy_anon.errors import Errors
from spacy_anon.evaluate.spans import prf as span_prf

Spans = Mapping[str, Sequence[Tuple[int, int, str]]]
SEED004_CLASSES: Tuple[str, ...] = ("Person", "Location", "Organization")
# HAREM's classes and our categories, to the paper's three classes.
SEED004_LABELS: Dict[str, str] = {
    "PESSOA": "Person", "LOCAL": "Location", "ORGANIZACAO": "Organization",
    "PERSON": "Person", "LOC": "Location", "ORG": "Organization",
}
# Rows of the paper's Table III (recall, precision, F1). Its Person F1 (0.778) does not follow from its
# recall and precision (their F1 is 0.742); both are kept as printed.
SEED004_TABLE_III: Dict[str, Tuple[float, float, float]] = {
    "Person": (0.752, 0.733, 0.778),
    "Location": (0.771, 0.559, 0.648),
    "Organization": (0.474, 0.387, 0.426),
    "All Classes": (0.786, 0.751, 0.768),
}


def prf(tp: int, n_pred: int, n_gold: int) -> Dict[str, object]:
    """Recall, precision, F1 (`spacy_anon.evaluate.spans.prf`: 0.0 where a denominator is 0), rounded,
    and the counts."""
    scores = span_prf(tp, n_pred, n_gold)
    return {"recall": round(scores["recall"], 4), "precision": round(scores["precision"], 4),
            "f1": round(scores["f1"], 4), "tp": tp, "predicted": n_pred, "gold": n_gold}


def mapped(spans: Spans, label_map: Mapping[str, str], classes: Sequence[str]) -> Set[Tuple[str, int, int, str]]:
    """{(doc_id, start, end, class)} of the spans whose label `label_map` sends to one of `classes`
    (others dropped); a duplicate span counts once."""
    out = set()
    for doc_id, items in spans.items():
        for start, end, label in items:
            target = label_map.get(label)
            if target is None:
                continue
            if target not in classes:
                raise ValueError(Errors.E773.format(label=label, target=target, classes=", ".join(classes)))
            out.add((str(doc_id), int(start), int(end), target))
    return out


def three_class_scores(gold: Spans, preds: Spans, label_map: Optional[Mapping[str, str]] = None,
                       classes: Sequence[str] = SEED004_CLASSES) -> Dict[str, Dict[str, object]]:
    """{class: prf, "All Classes": untyped prf, "All Classes typed": typed prf} of `preds` against `gold`
    ({doc_id: [(start, end, label)]}). Both sides are mapped by `label_map` (default `SEED004_LABELS`);
    labels it does not name are left out. A document missing from `preds` has no predictions."""
    table = dict(SEED004_LABELS if label_map is None else label_map)
    for c in classes:  # the classes' own names score as themselves
        table.setdefault(c, c)
    g = mapped(gold, table, classes)
    p = mapped({d: s for d, s in preds.items()}, table, classes)
    out: Dict[str, Dict[str, object]] = {}
    for c in classes:
        gc = {x for x in g if x[3] == c}
        pc = {x for x in p if x[3] == c}
        out[c] = prf(len(gc & pc), len(pc), len(gc))
    g_untyped = {x[:3] for x in g}
    p_untyped = {x[:3] for x in p}
    out["All Classes"] = prf(len(g_untyped & p_untyped), len(p_untyped), len(g_untyped))
    out["All Classes typed"] = prf(len(g & p), len(p), len(g))
    return out


def compare_rows(scores: Mapping[str, Mapping[str, object]],
                 seed: Mapping[str, Tuple[float, float, float]] = SEED004_TABLE_III) -> List[Dict[str, object]]:
    """One row per seed row: the seed's R/P/F1, ours, and whether ours is above the seed on each."""
    rows = []
    for name, (r, p, f) in seed.items():
        ours = scores.get(name, {})
        row: Dict[str, object] = {"row": name, "seed": {"recall": r, "precision": p, "f1": f}, "ours": dict(ours)}
        row["above"] = {k: (ours.get(k) is not None and ours[k] > v) for k, v in row["seed"].items()}
        rows.append(row)
    return rows
