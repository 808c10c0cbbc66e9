"""One evaluation report (TAB, span, term, MEDDOCAN, B³) for gold records + system spans.

Term scores follow Hassan et al., *Utility-Preserving Privacy Protection of Textual Documents via Word
Embeddings* §4.1 (docs/references.md).
"""
from typing import Any, Dict, List, Optional, Sequence

from spacy_anon.corpora.base import GoldRecord, check_spans
from spacy_anon.errors import Errors
from spacy_anon.labels import to_category
from spacy_anon.evaluate.spans import b_cubed, meddocan_scores, span_scores, term_scores
from spacy_anon.evaluate.tab import tab_metrics

TAB_KEYS = (
    "token_recall", "mention_recall", "recall_all_entities", "recall_direct_entities",
    "recall_quasi_entities", "token_precision", "mention_precision", "token_f1",
    "weighted_token_precision", "weighted_mention_precision",
)
TERMS_KEY = "terms"
# the key reports written by spacy-anon 0.1.0 used for the term scores; still read back
OLD_TERMS_KEYS = ("terms_seed003",)
TERMS_LABEL = "terms (word embeddings, Hassan et al.)"


def term_report(report: Dict[str, Any]) -> Dict[str, Any]:
    """The term scores of a report, from a report of this version or a saved one of 0.1.0."""
    for key in (TERMS_KEY, *OLD_TERMS_KEYS):
        if key in report:
            return report[key]
    raise KeyError(Errors.E741.format(terms_key=TERMS_KEY))


def evaluate_records(
    records: Sequence[GoldRecord],
    system: Dict[str, Sequence[Sequence]],
    function_words=None,
    weighting=None,
    annotator: Optional[str] = None,
    meddocan: bool = False,
    corpus: Optional[str] = None,
    iou_threshold: float = 0.5,
) -> Dict[str, Any]:
    """Full report. `system`: {doc_id: [(start, end, label, entity, replacement) | (start, end), ...]}.

    TAB metrics use every annotator; span, term, MEDDOCAN and B³ scores use `annotator` (default:
    each document's first annotator). Gold spans are checked against the text (errors raise).
    """
    notes: List[str] = []
    gold_ids = [r.doc_id for r in records]
    missing = [d for d in gold_ids if d not in system]
    extra = sorted(set(system) - set(gold_ids))
    if missing:
        notes.append(f"{len(missing)} gold document(s) have no system output: nothing counted as masked")
    if extra:
        notes.append(f"{len(extra)} system document(s) are not in the gold and are ignored")
    for r in records:
        check_spans(r, strict=True)
        n = len(r.text)
        for sp in system.get(r.doc_id, []):
            if not (0 <= int(sp[0]) <= int(sp[1]) <= n):
                raise ValueError(
                    Errors.E742.format(sp=sp[0], sp2=sp[1], doc_id=r.doc_id, n=n)
                )
    masks = {d: [(int(s[0]), int(s[1])) for s in spans] for d, spans in system.items()}
    tab = tab_metrics(records, masks, function_words=function_words, weighting=weighting)
    notes.extend(tab.pop("notes"))
    gold: Dict[str, list] = {}
    gold_ents: Dict[str, list] = {}
    texts = {}
    for r in records:
        anns = r.annotators
        chosen = annotator if annotator is not None else (anns[0] if anns else "")
        spans = [s for s in r.spans if (s.annotator or "") == chosen]
        gold[r.doc_id] = [(s.start, s.end, s.label) for s in spans]
        gold_ents[r.doc_id] = [(s.start, s.end, s.entity) for s in spans if s.entity is not None]
        texts[r.doc_id] = r.text
    pred = {d: [(int(s[0]), int(s[1]), s[2] if len(s) > 2 else None) for s in v] for d, v in system.items() if d in texts}
    report: Dict[str, Any] = {k: tab[k] for k in TAB_KEYS if k in tab}
    report["token_recall_by_type"] = tab["token_recall_by_type"]
    report["tab_counts"] = tab["counts"]
    report["spans_exact"] = span_scores(gold, pred, match="exact")
    report["spans_iou"] = dict(span_scores(gold, pred, match="iou", iou_threshold=iou_threshold), iou_threshold=iou_threshold)
    terms = term_scores(gold, pred, texts)
    terms.pop("per_doc")
    report[TERMS_KEY] = terms
    if any(gold_ents.values()):
        pred_ents = {d: [(int(s[0]), int(s[1]), s[3]) for s in v if len(s) > 3] for d, v in system.items()}
        if any(e is not None for v in pred_ents.values() for _, _, e in v):
            report["b_cubed"] = b_cubed(gold_ents, pred_ents)
    if meddocan:
        report["meddocan"] = meddocan_scores(gold, pred, texts)

        def cat(x):
            return None if x is None else to_category(x, corpus)

        gold_c = {d: [(s, e, cat(l)) for s, e, l in v] for d, v in gold.items()}
        pred_c = {d: [(s, e, cat(l)) for s, e, l in v] for d, v in pred.items()}
        report["meddocan"]["subtrack1_categories"] = meddocan_scores(gold_c, pred_c, texts)["subtrack1"]
    report["documents"] = len(records)
    report["notes"] = notes
    return report


def format_table(report: Dict[str, Any]) -> str:
    """Plain-text summary of a report."""
    rows = []

    def fmt(v):
        return "n/a" if v is None else f"{v:.3f}"

    rows.append(("TAB", ""))
    counts = report.get("tab_counts", {})
    for key in TAB_KEYS:
        if key in report:
            val = report[key]
            if key == "recall_direct_entities" and not counts.get("direct_entities"):
                rows.append((f"  {key}", "n/a (no DIRECT entities)"))
            else:
                rows.append((f"  {key}", fmt(val)))
    for t, v in report.get("token_recall_by_type", {}).items():
        rows.append((f"  token_recall[{t}]", fmt(v)))
    for name in ("spans_exact", "spans_iou"):
        sp = report[name]
        rows.append((name, f"P {fmt(sp['precision'])}  R {fmt(sp['recall'])}  F1 {fmt(sp['f1'])}  F2 {fmt(sp['f2'])}"))
    t = term_report(report)
    for avg in ("macro", "micro", "cv"):
        sc = t[avg]
        rows.append((f"{TERMS_LABEL} {avg if avg != 'cv' else 'CV'}",
                     f"P {fmt(sc['precision'])}  R {fmt(sc['recall'])}  F1 {fmt(sc['f1'])}"))
    if "privacy_utility" in report:
        risk, utility = report["privacy_utility"]["trir"], report["privacy_utility"]["tpi"]
        rows.append(("re-identification (TRIR)", fmt(risk.get("trir"))))
        rows.append(("information kept (TPI)", fmt(utility.get("tpi"))))
    if "b_cubed" in report:
        b = report["b_cubed"]
        rows.append(("B3 grouping", f"P {fmt(b['b3_precision'])}  R {fmt(b['b3_recall'])}  F1 {fmt(b['b3_f1'])}"))
    if "meddocan" in report:
        m = report["meddocan"]
        for key in ("subtrack1", "subtrack1_categories", "subtrack2_strict", "subtrack2_merged"):
            rows.append((f"MEDDOCAN {key}", f"P {fmt(m[key]['precision'])}  R {fmt(m[key]['recall'])}  F1 {fmt(m[key]['f1'])}"))
    width = max(len(k) for k, _ in rows) + 2
    lines = [f"{k:<{width}}{v}" for k, v in rows]
    for n in report.get("notes", []):
        lines.append(f"note: {n}")
    return "\n".join(lines)
