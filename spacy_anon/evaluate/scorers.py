"""spaCy scorers (`spacy.registry.scorers`) that compute our metrics from `Example`s.

A component reaches `python -m spacy evaluate` through its `score(examples, **kwargs)` method; the
convention (spaCy's span ruler, spancat) is a `scorer` config entry holding one of these functions:

    [components.anon_mask]
    factory = "anon_mask"
    scorer = {"@scorers":"spacy_anon.tab_scorer.v1"}

Gold comes from `example.reference` (exact offsets stored by the corpus readers in
`doc.user_data["spacy_anon.gold"]`, else `doc.spans["anon_gold"]`, else `doc.ents`). Predictions come
from `example.predicted`: `doc.spans["anon_masked"]` if present, else `doc._.anon_table` rows, else
`doc.spans["anon"]`, else `doc.ents`.

`python -m spacy evaluate` prints only fixed keys: `spans_<key>_p/_r/_f` for its `--spans-key` (default
"sc") and a per-type table from `spans_<key>_per_type`. With `evaluate_key = "sc"` (the default) the
scorers also write their figures there (`spacy_table`), so the anonymization scores appear with no extra
flag; `evaluate_key = ""` turns that off (e.g. next to a spancat that owns "sc").
"""
from functools import partial
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from spacy.training import Example
from spacy.util import registry

from spacy_anon.corpora.base import GoldRecord, record_from_doc
from spacy_anon.errors import Errors
from spacy_anon.evaluate.spans import b_cubed, span_scores, term_scores
from spacy_anon.evaluate.tab import (
    BertWeighting,
    FunctionWordList,
    WordFreqWeighting,
    default_function_words,
    tab_metrics,
)
from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY

MASKED_SPAN_KEY = "anon_masked"
EVALUATE_KEY = "sc"  # spaCy's default --spans-key of `spacy evaluate`
NO_VALUE = "-"  # what the per-type table prints where a metric has no meaning (e.g. precision of a gold type)
TAB_ROWS = (  # (row of spaCy's per-type table, precision key, recall key) of the TAB metrics
    ("TAB token", "token_precision", "token_recall"),
    ("TAB mention", "mention_precision", "mention_recall"),
    ("TAB weighted token", "weighted_token_precision", "token_recall"),
    ("TAB entities (all)", None, "recall_all_entities"),
    ("TAB entities (direct)", None, "recall_direct_entities"),
    ("TAB entities (quasi)", None, "recall_quasi_entities"),
)


def predicted_spans(doc) -> List[Tuple[int, int, Optional[str], Optional[str]]]:
    """(start, end, label, entity) of what the pipeline masked / proposed in `doc`."""
    if MASKED_SPAN_KEY in doc.spans:
        return [(s.start_char, s.end_char, s.label_, s._.anon_entity) for s in doc.spans[MASKED_SPAN_KEY]]
    table = doc._.anon_table if doc.has_extension("anon_table") else None
    if table:
        return [(int(r["start"]), int(r["end"]), r.get("label"), r.get("entity")) for r in table]
    if SPAN_KEY in doc.spans:
        return [(s.start_char, s.end_char, s.label_, s._.anon_entity) for s in doc.spans[SPAN_KEY]]
    return [(s.start_char, s.end_char, s.label_, None) for s in doc.ents]


def _f1(p, r):
    if not isinstance(p, (int, float)) or not isinstance(r, (int, float)):
        return NO_VALUE
    return 2 * p * r / (p + r) if p + r else 0.0


def _row(p, r) -> Dict[str, Any]:
    p = p if isinstance(p, (int, float)) else NO_VALUE
    r = r if isinstance(r, (int, float)) else NO_VALUE
    return {"p": p, "r": r, "f": _f1(p, r)}


def spacy_table(key: Optional[str], tab: Optional[Dict[str, Any]] = None, spans: Optional[Dict[str, Any]] = None,
                span_prefix: str = "spans_anon") -> Dict[str, Any]:
    """Our figures under the keys `spacy evaluate` prints: `spans_<key>_p/_r/_f` (TAB token precision,
    recall and F1 when TAB metrics were computed, else exact span P/R/F) and `spans_<key>_per_type` with
    a row per TAB metric, the exact-span row and a row per gold label (recall: TAB token recall of that
    type, any predicted label; precision "-": a gold type has none). Empty when key is empty."""
    if not key:
        return {}
    rows: Dict[str, Dict[str, Any]] = {}
    if tab:
        for name, p_key, r_key in TAB_ROWS:
            if r_key in tab and (p_key is None or p_key in tab) and r_key not in tab.get("no_denominator", ()):
                rows[name] = _row(tab.get(p_key) if p_key else None, tab.get(r_key))
    if spans and f"{span_prefix}_p" in spans:
        rows["span exact"] = _row(spans[f"{span_prefix}_p"], spans[f"{span_prefix}_r"])
        if "term_recall" in spans:
            rows["term (Hassan et al.)"] = _row(spans["term_precision"], spans["term_recall"])
    if tab and tab.get("token_recall_by_type"):
        for label, recall in tab["token_recall_by_type"].items():
            rows[f"{label} (TAB token)"] = _row(None, recall)
    elif spans:
        for label, v in (spans.get(f"{span_prefix}_per_type") or {}).items():
            rows[label] = dict(v)
    if tab and "token_precision" in tab:
        p, r = tab["token_precision"], tab["token_recall"]
    elif spans and f"{span_prefix}_p" in spans:
        p, r = spans[f"{span_prefix}_p"], spans[f"{span_prefix}_r"]
    else:
        return {f"spans_{key}_per_type": rows}
    head = _row(p, r)
    return {f"spans_{key}_p": head["p"], f"spans_{key}_r": head["r"], f"spans_{key}_f": head["f"],
            f"spans_{key}_per_type": rows}


def examples_to_data(examples: Iterable[Example], gold_key: str = GOLD_SPAN_KEY):
    """Gold records and system spans {doc_id: [...]} from examples (doc ids made unique)."""
    records: List[GoldRecord] = []
    system: Dict[str, list] = {}
    for i, eg in enumerate(examples):
        rec = record_from_doc(eg.reference, key=gold_key)
        rec.doc_id = f"{i}:{rec.doc_id}"
        records.append(rec)
        system[rec.doc_id] = predicted_spans(eg.predicted)
    return records, system


def make_function_words(source: Optional[str]):
    """The function-word list a scorer setting names (none, list, auto or a language); public: the
    evaluate command builds the same."""
    if source in (None, "", "none"):
        return None
    if source == "list":
        return FunctionWordList()
    if source == "auto":
        return default_function_words()
    return default_function_words(source)


def make_weighting(source: Optional[str]):
    """The term weighting a scorer setting names (none, wordfreq[:LANG] or bert:PATH)."""
    if source in (None, "", "none"):
        return None
    if source == "wordfreq":
        return WordFreqWeighting()
    if source.startswith("wordfreq:"):
        return WordFreqWeighting(lang=source.split(":", 1)[1])
    if source.startswith("bert:"):
        return BertWeighting(source.split(":", 1)[1])
    raise ValueError(Errors.E743.format(source=source))


def tab_score(
    examples: Iterable[Example], *, gold_key: str = GOLD_SPAN_KEY, function_words=None, weighting=None,
    evaluate_key: Optional[str] = None, **kwargs: Any,
) -> Dict[str, Any]:
    """TAB metrics (keys as TAB's evaluation.py: token_recall, ..., weighted_token_precision), and with
    evaluate_key the same figures where `spacy evaluate` prints them (`spacy_table`)."""
    records, system = examples_to_data(examples, gold_key=gold_key)
    result = tab_metrics(records, system, function_words=function_words, weighting=weighting)
    result.pop("notes", None)
    counts = result.pop("counts", None) or {}
    # a recall over no entity reads 0.0 in TAB's keys; name it so that no table prints it as a miss
    result["no_denominator"] = [key for key, count in (("recall_direct_entities", "direct_entities"),
                                                       ("recall_quasi_entities", "quasi_entities"))
                                if count in counts and not counts[count]]
    result.update(spacy_table(evaluate_key, tab=result))
    return result


@registry.scorers("spacy_anon.tab_scorer.v1")
def make_tab_scorer(
    function_words: Optional[str] = "list", weighting: Optional[str] = "wordfreq",
    gold_key: str = GOLD_SPAN_KEY, evaluate_key: Optional[str] = EVALUATE_KEY,
) -> Callable:
    """Scorer computing TAB metrics.

    function_words: "list" (fixed English list, default), "auto" (a tagger pipeline if installed),
        a pipeline name (e.g. "en_core_web_md"), or "none".
    weighting: "wordfreq" (information content, default), "wordfreq:<lang>", "bert:<path>", "none".
    gold_key: span group of the reference docs holding the gold spans.
    evaluate_key: also write the figures as `spans_<evaluate_key>_*` (what `spacy evaluate` prints with
        its default `--spans-key sc`); "" or null: not written.
    """
    return partial(
        tab_score, gold_key=gold_key, function_words=make_function_words(function_words),
        weighting=make_weighting(weighting), evaluate_key=evaluate_key,
    )


def span_score(
    examples: Iterable[Example], *, gold_key: str = GOLD_SPAN_KEY, match: str = "exact",
    iou_threshold: float = 0.5, prefix: str = "spans_anon", evaluate_key: Optional[str] = None, **kwargs: Any,
) -> Dict[str, Any]:
    """Span P/R/F (untyped; keys `<prefix>_p/_r/_f/_f2`, per label `<prefix>_per_type`), seed-003
    term-level P/R/F1 (`term_*`) and B³ of entity grouping (`b3_*`)."""
    records, system = examples_to_data(examples, gold_key=gold_key)
    gold = {r.doc_id: [(s.start, s.end, s.label) for s in r.spans] for r in records}
    pred = {k: [(s, e, lab) for s, e, lab, _ in v] for k, v in system.items()}
    texts = {r.doc_id: r.text for r in records}
    sp = span_scores(gold, pred, match=match, iou_threshold=iou_threshold)
    terms = term_scores(gold, pred, texts)
    gold_ents = {r.doc_id: [(s.start, s.end, s.entity) for s in r.spans if s.entity is not None] for r in records}
    out: Dict[str, Any] = {
        f"{prefix}_p": sp["precision"],
        f"{prefix}_r": sp["recall"],
        f"{prefix}_f": sp["f1"],
        f"{prefix}_f2": sp["f2"],
        f"{prefix}_per_type": {
            k: {"p": v["precision"] or 0.0, "r": v["recall"] or 0.0, "f": v["f1"] or 0.0}
            for k, v in sp["per_label"].items()
        },
        "term_precision": terms["macro"]["precision"] or 0.0,
        "term_recall": terms["macro"]["recall"] or 0.0,
        "term_f1": terms["macro"]["f1"] or 0.0,
    }
    if any(gold_ents.values()):
        pred_ents = {k: [(s, e, ent) for s, e, _, ent in v] for k, v in system.items()}
        b3 = b_cubed(gold_ents, pred_ents)
        out.update({k: b3[k] for k in ("b3_precision", "b3_recall", "b3_f1")})
    out.update(spacy_table(evaluate_key, spans=out, span_prefix=prefix))
    return out


@registry.scorers("spacy_anon.span_scorer.v1")
def make_span_scorer(
    match: str = "exact", iou_threshold: float = 0.5, gold_key: str = GOLD_SPAN_KEY,
    prefix: str = "spans_anon", evaluate_key: Optional[str] = EVALUATE_KEY,
) -> Callable:
    """Scorer computing span P/R/F1/F2 (exact or IoU match), seed-003 term metrics and B³.

    With the default prefix, `python -m spacy evaluate ... --spans-key anon` prints SPAN P/R/F; with
    evaluate_key "sc" (default) plain `spacy evaluate` prints them too ("" or null: not written).
    """
    return partial(span_score, gold_key=gold_key, match=match, iou_threshold=iou_threshold, prefix=prefix,
                   evaluate_key=evaluate_key)


def anon_score(examples: Iterable[Example], *, tab: Callable, spans: Callable, evaluate_key: Optional[str] = None,
               **kwargs: Any) -> Dict[str, Any]:
    examples = list(examples)
    tab_out = tab(examples, **kwargs)
    span_out = spans(examples, **kwargs)
    out = {**tab_out, **span_out}
    out.update(spacy_table(evaluate_key, tab=tab_out, spans=span_out))
    return out


@registry.scorers("spacy_anon.anon_scorer.v1")
def make_anon_scorer(
    function_words: Optional[str] = "list", weighting: Optional[str] = "wordfreq", match: str = "exact",
    gold_key: str = GOLD_SPAN_KEY, evaluate_key: Optional[str] = EVALUATE_KEY,
) -> Callable:
    """TAB metrics and span/term/B³ scores together (one `scorer` for `anon_mask`); with evaluate_key
    "sc" (default) also in the keys `spacy evaluate` prints (TAB token P/R/F on top; "" or null: off)."""
    return partial(
        anon_score,
        tab=make_tab_scorer(function_words=function_words, weighting=weighting, gold_key=gold_key, evaluate_key=None),
        spans=make_span_scorer(match=match, gold_key=gold_key, evaluate_key=None),
        evaluate_key=evaluate_key,
    )
