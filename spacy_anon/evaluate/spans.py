"""Span-level metrics: MEDDOCAN 2019 sub-tracks, presidio-research-style span P/R/F, the
term-level P/R/F1 of Hassan et al. (word embeddings; docs/references.md), and B-cubed scores for
entity grouping.

All functions take plain data: `gold` and `pred` map doc_id -> list of (start, end, label) tuples
(label may be None where the system gives none); `texts` maps doc_id -> text where needed.
"""
import math
import re
from collections import defaultdict
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_anon.errors import Errors
from spacy_anon.labels import to_category

Triple = Tuple[int, int, Optional[str]]
Docs = Dict[str, Sequence[Sequence]]
WORD_RE = re.compile(r"\w+")


def prf(tp: float, n_pred: float, n_gold: float, beta: float = 1.0) -> Dict[str, float]:
    """Precision, recall and F-beta from counts (0 where a denominator is 0)."""
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    b2 = beta * beta
    f = (1 + b2) * p * r / (b2 * p + r) if (p + r) else 0.0
    return {"precision": p, "recall": r, "f1" if beta == 1 else f"f{beta:g}": f}


def _triples(spans: Iterable[Sequence]) -> List[Triple]:
    out = []
    for s in spans:
        out.append((int(s[0]), int(s[1]), (s[2] if len(s) > 2 else None)))
    return out


# --------------------------------------------------------------------------------------------
# MEDDOCAN


def merge_spans(spans: Sequence[Triple], text: str) -> List[Tuple[int, int]]:
    """MEDDOCAN "merged" spans: join spans that overlap or are separated only by non-alphanumeric
    characters (whitespace, punctuation), e.g. "C/ Pinar 5" + ", " + "28012 Madrid" -> one span.

    The official script's sub-track 2 "merged" variant does this on both gold and system spans before
    strict matching, so that systems are not penalised for splitting an address or name differently.
    """
    out: List[List[int]] = []
    for s, e, _ in sorted(_triples(spans)):
        if out and (s <= out[-1][1] or not any(ch.isalnum() for ch in text[out[-1][1]:s])):
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return [(s, e) for s, e in out]


def meddocan_scores(gold: Docs, pred: Docs, texts: Dict[str, str]) -> Dict[str, object]:
    """MEDDOCAN 2019 micro P/R/F1 over documents.

    - subtrack1: exact (start, end, type) matches; "per_type" table with P/R/F1 and support;
    - subtrack2_strict: exact (start, end) matches, type ignored;
    - subtrack2_merged: as strict after `merge_spans` on both sides.
    Documents in `gold` missing from `pred` count as having no predictions.
    """
    counts = {"subtrack1": [0, 0, 0], "subtrack2_strict": [0, 0, 0], "subtrack2_merged": [0, 0, 0]}
    per_type = defaultdict(lambda: [0, 0, 0])  # tp, n_pred, n_gold
    for doc_id in sorted(set(gold) | set(pred)):
        g = _triples(gold.get(doc_id, []))
        p = _triples(pred.get(doc_id, []))
        gs, ps = set(g), set(p)
        tp = len(gs & ps)
        counts["subtrack1"][0] += tp
        counts["subtrack1"][1] += len(ps)
        counts["subtrack1"][2] += len(gs)
        for t in gs:
            per_type[t[2]][2] += 1
        for t in ps:
            per_type[t[2]][1] += 1
            if t in gs:
                per_type[t[2]][0] += 1
        g2, p2 = {(s, e) for s, e, _ in g}, {(s, e) for s, e, _ in p}
        c = counts["subtrack2_strict"]
        c[0] += len(g2 & p2)
        c[1] += len(p2)
        c[2] += len(g2)
        text = texts.get(doc_id, "")
        gm, pm = set(merge_spans(g, text)), set(merge_spans(p, text))
        c = counts["subtrack2_merged"]
        c[0] += len(gm & pm)
        c[1] += len(pm)
        c[2] += len(gm)
    out: Dict[str, object] = {}
    for key, (tp, n_pred, n_gold) in counts.items():
        out[key] = dict(prf(tp, n_pred, n_gold), tp=tp, n_pred=n_pred, n_gold=n_gold)
    out["per_type"] = {
        str(label): dict(prf(tp, n_pred, n_gold), support=n_gold)
        for label, (tp, n_pred, n_gold) in sorted(per_type.items(), key=lambda kv: str(kv[0]))
    }
    return out


def meddocan_category_scores(gold: Docs, pred: Docs, texts: Dict[str, str]) -> Dict[str, object]:
    """MEDDOCAN sub-track 1 over our categories: {"subtrack1_categories", "per_category"}.

    The gold keeps the corpus's labels (NOMBRE_SUJETO_ASISTENCIA) while a model trained on `convert
    --categories` data, or with a corpus `label_map`, outputs ours (PERSON), so sub-track 1 finds no
    typed match; here both sides are mapped by `spacy_anon.labels.to_category` first.
    """
    def categories(docs: Docs) -> Docs:
        return {d: [(s, e, None if label is None else to_category(label)) for s, e, label in _triples(spans)]
                for d, spans in docs.items()}

    scores = meddocan_scores(categories(gold), categories(pred), texts)
    return {"subtrack1_categories": scores["subtrack1"], "per_category": scores["per_type"]}


# --------------------------------------------------------------------------------------------
# presidio-research-style span scores


def span_iou(a: Tuple[int, int], b: Tuple[int, int]) -> float:
    """Intersection over union of two (start, end) character spans (0 when they do not overlap)."""
    inter = min(a[1], b[1]) - max(a[0], b[0])
    if inter <= 0:
        return 0.0
    return inter / (max(a[1], b[1]) - min(a[0], b[0]))


def match_spans(
    gold: Sequence[Triple], pred: Sequence[Triple], match: str = "exact", iou_threshold: float = 0.5,
    typed: bool = False, label_map: Optional[Callable[[Optional[str]], Optional[str]]] = None,
) -> List[Tuple[int, int]]:
    """One-to-one matches (gold index, pred index).

    match="exact": same offsets; match="iou": intersection over union >= `iou_threshold`, greedy by
    decreasing IoU. typed=True also requires equal labels (after `label_map`, if given).
    """
    norm = label_map or (lambda x: x)
    cands = []
    for i, g in enumerate(gold):
        for j, p in enumerate(pred):
            if typed and norm(g[2]) != norm(p[2]):
                continue
            if match == "exact":
                score = 1.0 if (g[0], g[1]) == (p[0], p[1]) else 0.0
                ok = score == 1.0
            elif match == "iou":
                score = span_iou((g[0], g[1]), (p[0], p[1]))
                ok = score >= iou_threshold
            else:
                raise ValueError(Errors.E744.format(match=match))
            if ok:
                cands.append((-score, i, j))
    cands.sort()
    used_g, used_p, out = set(), set(), []
    for _, i, j in cands:
        if i in used_g or j in used_p:
            continue
        used_g.add(i)
        used_p.add(j)
        out.append((i, j))
    return out


def span_scores(
    gold: Docs, pred: Docs, match: str = "exact", iou_threshold: float = 0.5, typed: bool = False,
    label_map: Optional[Callable[[Optional[str]], Optional[str]]] = None,
) -> Dict[str, object]:
    """Micro span P/R/F1/F2 over documents, plus per-label scores.

    Untyped (default, what matters for masking): any label matches. Per label, recall uses the gold
    label of each gold span and precision the predicted label of each predicted span.
    RETURNS (dict): precision, recall, f1, f2, tp, n_pred, n_gold, per_label {label: {...}}.
    """
    tp = n_pred = n_gold = 0
    g_lab = defaultdict(lambda: [0, 0])  # matched, total (gold side)
    p_lab = defaultdict(lambda: [0, 0])  # matched, total (pred side)
    for doc_id in sorted(set(gold) | set(pred)):
        g = sorted(set(_triples(gold.get(doc_id, []))))
        p = sorted(set(_triples(pred.get(doc_id, []))))
        m = match_spans(g, p, match=match, iou_threshold=iou_threshold, typed=typed, label_map=label_map)
        tp += len(m)
        n_pred += len(p)
        n_gold += len(g)
        mg = {i for i, _ in m}
        mp = {j for _, j in m}
        for i, t in enumerate(g):
            g_lab[str(t[2])][1] += 1
            g_lab[str(t[2])][0] += i in mg
        for j, t in enumerate(p):
            p_lab[str(t[2])][1] += 1
            p_lab[str(t[2])][0] += j in mp
    out: Dict[str, object] = dict(prf(tp, n_pred, n_gold))
    out["f2"] = prf(tp, n_pred, n_gold, beta=2)["f2"]
    out.update(tp=tp, n_pred=n_pred, n_gold=n_gold, match=match, typed=typed)
    per = {}
    for label in sorted(set(g_lab) | set(p_lab)):
        gm, gt = g_lab.get(label, [0, 0])
        pm, pt = p_lab.get(label, [0, 0])
        p_ = pm / pt if pt else None
        r_ = gm / gt if gt else None
        f_ = (2 * p_ * r_ / (p_ + r_) if (p_ + r_) else 0.0) if p_ is not None and r_ is not None else None
        per[label] = {"precision": p_, "recall": r_, "f1": f_, "n_gold": gt, "n_pred": pt}
    out["per_label"] = per
    return out


# --------------------------------------------------------------------------------------------
# Hassan et al., Utility-Preserving Privacy Protection of Textual Documents via Word Embeddings:
# term-level metrics


def term_scores(gold: Docs, pred: Docs, texts: Dict[str, str]) -> Dict[str, object]:
    """Term-level precision/recall/F1 of Hassan et al. (word embeddings, Section 4.1).

    Terms are spans; words are `\\w+` tokens of the text. Per document d:
    - precision_d = #detected terms containing at least one tagged word / #detected terms, where a
      word is tagged when it overlaps a gold (tagged) term;
    - recall_d = #tagged terms whose words are all inside detected terms / #tagged terms
      (a partially detected term is a miss, as the paper counts it); `recall_partial` counts a
      tagged term as found when any of its words is detected;
    - f1_d = harmonic mean of precision_d and recall_d.
    "macro" averages the per-document values (the paper's "on average for the documents"; documents
    where a value is undefined, i.e. no detected or no tagged terms, are left out of that average),
    "micro" pools the counts, and "cv" is the coefficient of variation (population standard
    deviation / mean) of the per-document values.
    """
    per_doc = {}
    pool = defaultdict(int)
    for doc_id in sorted(set(gold) | set(pred)):
        text = texts.get(doc_id, "")
        g = [(s, e) for s, e, _ in _triples(gold.get(doc_id, []))]
        p = sorted({(s, e) for s, e, _ in _triples(pred.get(doc_id, []))})
        tagged_chars = set()
        for s, e in g:
            tagged_chars.update(range(s, e))
        detected_chars = set()
        for s, e in p:
            detected_chars.update(range(s, e))
        det_tagged = 0
        for s, e in p:
            words = [(s + m.start(), s + m.end()) for m in WORD_RE.finditer(text[s:e])]
            if any(any(c in tagged_chars for c in range(ws, we)) for ws, we in words):
                det_tagged += 1
        found = found_partial = 0
        for s, e in g:
            words = [(s + m.start(), s + m.end()) for m in WORD_RE.finditer(text[s:e])] or [(s, e)]
            covered = [all(c in detected_chars for c in range(ws, we)) for ws, we in words]
            touched = [any(c in detected_chars for c in range(ws, we)) for ws, we in words]
            found += all(covered)
            found_partial += any(touched)
        pool["det_tagged"] += det_tagged
        pool["detected"] += len(p)
        pool["found"] += found
        pool["found_partial"] += found_partial
        pool["tagged"] += len(g)
        prec = det_tagged / len(p) if p else None
        rec = found / len(g) if g else None
        recp = found_partial / len(g) if g else None
        f1 = (2 * prec * rec / (prec + rec) if (prec + rec) else 0.0) if prec is not None and rec is not None else None
        per_doc[doc_id] = {"precision": prec, "recall": rec, "recall_partial": recp, "f1": f1}

    def mean_cv(key):
        vals = [d[key] for d in per_doc.values() if d[key] is not None]
        if not vals:
            return None, None, 0
        mean = sum(vals) / len(vals)
        sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / len(vals))
        return mean, (sd / mean if mean else None), len(vals)

    macro, cv, n = {}, {}, {}
    for key in ("precision", "recall", "recall_partial", "f1"):
        macro[key], cv[key], n[key] = mean_cv(key)
    micro = prf(pool["det_tagged"], pool["detected"], pool["tagged"])
    micro["recall"] = pool["found"] / pool["tagged"] if pool["tagged"] else 0.0
    p_, r_ = micro["precision"], micro["recall"]
    micro["f1"] = 2 * p_ * r_ / (p_ + r_) if (p_ + r_) else 0.0
    micro["recall_partial"] = pool["found_partial"] / pool["tagged"] if pool["tagged"] else 0.0
    return {"macro": macro, "micro": micro, "cv": cv, "documents_averaged": n, "per_doc": per_doc}


# --------------------------------------------------------------------------------------------
# B-cubed for entity grouping


def b_cubed(gold: Docs, pred: Docs) -> Dict[str, float]:
    """B³ precision/recall/F1 of mention clusterings (entity ids), averaged over gold mentions.

    `gold`/`pred`: doc_id -> [(start, end, entity_id), ...]. Mentions are identified by offsets. The
    score runs over gold mentions; a gold mention the system did not output (or output without an
    entity id) is its own singleton cluster on the system side. System mentions absent from the gold
    are ignored (detection errors are measured by the span scores).
    """
    p_sum = r_sum = 0.0
    n = 0
    for doc_id, g_spans in gold.items():
        g_ent = {(int(s[0]), int(s[1])): s[2] for s in g_spans}
        p_ent = {(int(s[0]), int(s[1])): s[2] for s in pred.get(doc_id, []) if len(s) > 2 and s[2] is not None}
        g_clusters = defaultdict(set)
        for m, e in g_ent.items():
            g_clusters[e].add(m)
        p_clusters = defaultdict(set)
        for m in g_ent:
            e = p_ent.get(m)
            p_clusters[("sys", e) if e is not None else ("single", m)].add(m)
        p_of = {m: c for c in p_clusters.values() for m in c}
        for m, e in g_ent.items():
            gc = g_clusters[e]
            pc = p_of[m]
            inter = len(gc & pc)
            p_sum += inter / len(pc)
            r_sum += inter / len(gc)
            n += 1
    p = p_sum / n if n else 0.0
    r = r_sum / n if n else 0.0
    f = 2 * p * r / (p + r) if (p + r) else 0.0
    return {"b3_precision": p, "b3_recall": r, "b3_f1": f, "mentions": n}
