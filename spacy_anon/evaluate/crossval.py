"""Cross-validation of a tagger config: folds by document or patient, a pipeline trained per fold,
held-out predictions, and entity-threshold sweeps over the trained pipeline.

Training is `nlp.initialize` on the training examples, which is what `spacy train` runs for the tagger
configs (the CRF and the rules are fitted in `initialize`). What is scored is the shipped path: each
fold's trained pipeline is saved to a temporary folder and loaded back with the caller's `loader`
(`scripts/tagger_eval.py` passes `spacy_anon.load`, what `spacy-anon anonymize --model PATH` runs), and the
predictions are the spans its `anon_mask` masked (`doc.spans["anon_masked"]`; "anon" for a pipeline
without one). Predictions are {doc_id: [(start, end, label)]}; `score_docs` scores them with the TAB or
MEDDOCAN metrics, or MEDDOCAN's over HAREM's classes. spaCy, the taggers and torch are imported inside
functions (this module sits below `spacy_anon.tagger`).
"""
import json
import os
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from spacy_anon.corpora import record_from_doc
from spacy_anon.doc_keys import MASKED_SPAN_KEY, SPAN_KEY
from spacy_anon.errors import Errors
from spacy_anon.evaluate.spans import meddocan_category_scores, meddocan_scores
from spacy_anon.evaluate.tab import round_metrics, tab_metrics
from spacy_anon.tagger.data import split_groups

Predictions = Dict[str, List[Tuple[int, int, str]]]
THRESHOLD_KEYS = ("entity_threshold", "extend_threshold", "context_veto")


def load_docs(path: str, vocab) -> list:
    """The docs of a `.spacy` file."""
    from spacy.tokens import DocBin

    return list(DocBin().from_disk(path).get_docs(vocab))


def build(config: str, overrides: Dict, with_rules: bool = False):
    """An untrained pipeline from a config; with_rules puts `anon_rules` first (rules + tagger, the product)."""
    import spacy

    cfg = spacy.util.load_config(config, overrides=overrides, interpolate=False)
    nlp = spacy.util.load_model_from_config(cfg, auto_fill=True, validate=True)
    if with_rules and "anon_rules" not in nlp.pipe_names:  # the shipped configs have it already
        nlp.add_pipe("anon_rules", first=True)
    return nlp


def output_key(nlp) -> str:
    """The span group holding what the pipeline masks: anon_mask's, else the detectors' ("anon")."""
    if "anon_mask" in nlp.pipe_names:
        return nlp.get_pipe("anon_mask").masked_spans_key or SPAN_KEY
    return SPAN_KEY


def save_and_load(nlp, folder: str, loader: Optional[Callable] = None):
    """`nlp` written to `folder` and loaded back by `loader(path)` (default `spacy.load`): what a user of
    the saved model runs, with every setting that survives to_disk/from_disk and nothing else."""
    import spacy

    nlp.to_disk(folder)
    return (loader or spacy.load)(folder)


def group_of(doc, group: str) -> str:
    """The doc's fold group: its doc_id ("doc"), or the part before the first "-" ("patient")."""
    doc_id = str(doc.user_data.get("doc_id", ""))
    return doc_id.split("-")[0] if group == "patient" else doc_id


def split_folds(docs: Sequence, group: str, n_folds: int) -> List[List[int]]:
    """Indices of `docs` in `n_folds` folds; a group never spans two folds (same split everywhere)."""
    return split_groups(docs, lambda d: group_of(d, group), n_folds)


def predicted_spans(doc, pred_key: str = "anon") -> List[Tuple[int, int, str]]:
    """(start_char, end_char, label) of a processed doc's predictions."""
    return [(s.start_char, s.end_char, s.label_) for s in doc.spans.get(pred_key, [])]


def predict(nlp, docs, pred_key: str = "anon") -> Predictions:
    """{doc_id: spans} of the pipeline run on the docs' texts."""
    return {str(doc.user_data.get("doc_id", i)): predicted_spans(nlp(doc.text), pred_key) for i, doc in enumerate(docs)}


def predict_timed(nlp, docs, pred_key: str = "anon") -> Tuple[Predictions, float]:
    """`predict` and its speed in characters per second (0 when too fast to time)."""
    t0 = time.perf_counter()
    preds = predict(nlp, docs, pred_key)
    dt = time.perf_counter() - t0
    chars = sum(len(d.text) for d in docs)
    return preds, chars / dt if dt else 0.0


def train_and_predict(config, overrides, train_docs, test_docs, pred_key=None, thresholds=(), with_rules=False,
                      loader: Optional[Callable] = None):
    """Fit on train_docs, save the pipeline and load it back with `loader` (`save_and_load`), predict
    test_docs with the loaded one; RETURNS ({doc_id: [(start, end, label)]}, train seconds, chars/s, the
    loaded nlp, {threshold: predictions} for the extra entity thresholds). pred_key None: `output_key`."""
    from spacy.training import Example

    nlp = build(config, overrides, with_rules)
    examples = [Example(nlp.make_doc(d.text), d) for d in train_docs]
    t0 = time.perf_counter()
    nlp.initialize(lambda: examples)
    train_s = time.perf_counter() - t0
    with tempfile.TemporaryDirectory(prefix="spacy_anon_fold_") as folder:
        nlp = save_and_load(nlp, folder, loader)
        key = pred_key or output_key(nlp)
        preds, speed = predict_timed(nlp, test_docs, key)
        extra = sweep(nlp, test_docs, thresholds, key) if thresholds and "anon_crf" in nlp.pipe_names else {}
    return preds, train_s, speed, nlp, extra


def sweep(nlp, docs, thresholds, pred_key: str = "anon") -> Dict[str, Predictions]:
    """{threshold: predictions} for `anon_crf` settings (see `parse_threshold`). The components before
    anon_crf run once per doc; anon_crf and those after it run on a copy for each setting."""
    cut = nlp.pipe_names.index("anon_crf")
    head, tail = nlp.pipeline[:cut], nlp.pipeline[cut:]
    prepared = []
    for doc in docs:
        out = nlp.make_doc(doc.text)
        for _, proc in head:
            out = proc(out)
        prepared.append(out)
    crf = nlp.get_pipe("anon_crf")
    base = tuple(crf.cfg.get(key, 0.0) for key in THRESHOLD_KEYS)
    result = {}
    try:
        for thr in thresholds:
            crf.cfg.update(zip(THRESHOLD_KEYS, parse_threshold(thr, base[1], base[2])))
            preds = {}
            for i, (doc, ready) in enumerate(zip(docs, prepared)):
                out = ready.copy()
                for _, proc in tail:
                    out = proc(out)
                preds[str(doc.user_data.get("doc_id", i))] = predicted_spans(out, pred_key)
            result[thr] = preds
    finally:
        crf.cfg.update(zip(THRESHOLD_KEYS, base))
    return result


def parse_threshold(value: str, extend: float = 0.0, veto: float = 0.0) -> Tuple[float, float, float]:
    """"0.03" -> (0.03, extend, veto); "0.03:0.01" -> entity_threshold 0.03, extend_threshold 0.01;
    "0.03@0.005" -> entity_threshold 0.03, context_veto 0.005 (needs anon_context_tagger)."""
    value, _, veto_text = str(value).partition("@")
    high, _, low = value.partition(":")
    veto = float(veto_text) if veto_text else veto
    if not 0.0 <= veto < 1.0:  # as anon_crf refuses it: a veto of 1 or more drops every span
        raise ValueError(Errors.E733.format(veto=veto))
    return float(high), float(low) if low else extend, veto


def limit_threads() -> None:
    """One BLAS/torch thread per fold process: folds run in parallel (jobs), not threads within one."""
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):  # libraries not loaded yet
        os.environ[name] = "1"
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(1)
    except ImportError:  # pragma: no cover - threadpoolctl comes with scikit-learn
        pass
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass


@dataclass(frozen=True)
class FoldJob:
    """What one fold process needs (picklable: paths, not docs)."""

    config: str
    overrides: Dict
    paths: Sequence[str]
    extra: Sequence[str]
    group: str
    folds: int
    k: int
    thresholds: Sequence[str]
    with_rules: bool
    copies: int
    parallel: bool
    loader: Optional[Callable] = None  # picklable (a module-level function such as spacy_anon.load)


def run_fold(job: FoldJob):
    """Train on every fold but `job.k` (the --cv documents `copies` times, plus the extra files) and
    predict fold k. RETURNS (k, predictions, train seconds, chars/s, {threshold: predictions})."""
    if job.parallel:
        limit_threads()
    import spacy

    nlp = spacy.blank("xx")
    docs = [d for p in job.paths for d in load_docs(p, nlp.vocab)]
    extra_docs = [d for p in job.extra for d in load_docs(p, nlp.vocab)]
    parts = split_folds(docs, job.group, job.folds)
    test_idx = set(parts[job.k])
    train = [d for i, d in enumerate(docs) if i not in test_idx] * job.copies + extra_docs
    test = [docs[i] for i in sorted(test_idx)]
    preds, train_s, cps, _, by_thr = train_and_predict(job.config, job.overrides, train, test,
                                                       thresholds=job.thresholds, with_rules=job.with_rules,
                                                       loader=job.loader)
    return job.k, preds, train_s, cps, by_thr


# HAREM-typed scoring: our categories as HAREM's classes. HAREM annotates no e-mail, URL, phone, ID number
# or case number, so predictions of CONTACT, ID and CODE (the rule recognizers') are left out of the score
# rather than counted as false positives; an age ("35 anos") is a HAREM VALOR (QUANTIDADE). A HAREM label
# (a model trained without label_map) scores as itself.
HAREM_SCORE_MAP: Dict[str, str] = {
    "PERSON": "PESSOA", "LOC": "LOCAL", "ORG": "ORGANIZACAO", "DATETIME": "TEMPO", "QUANTITY": "VALOR",
    "AGE": "VALOR",
    "PESSOA": "PESSOA", "LOCAL": "LOCAL", "ORGANIZACAO": "ORGANIZACAO", "TEMPO": "TEMPO", "VALOR": "VALOR",
}
METRICS = ("tab", "meddocan", "harem")


def map_predictions(preds: Predictions, label_map: Dict[str, str]) -> Predictions:
    """Predictions with labels renamed by `label_map`; a label outside it drops its span (not scored)."""
    return {doc_id: [(s, e, label_map[label]) for s, e, label in spans if label in label_map]
            for doc_id, spans in preds.items()}


def masked_char_recall(gold: Predictions, preds: Predictions, texts: Dict[str, str]) -> Dict[str, float]:
    """{gold label: share of its non-space characters inside some prediction, whatever its label or
    boundaries}: how much of each class a masking pipeline hides, where the typed scores ask for the
    exact span and class."""
    covered: Dict[str, List[int]] = {}
    for doc_id, spans in gold.items():
        text = texts.get(doc_id, "")
        masked = set()
        for start, end, _ in preds.get(doc_id, []):
            masked.update(range(start, end))
        for start, end, label in spans:
            chars = [i for i in range(start, end) if i < len(text) and not text[i].isspace()]
            counts = covered.setdefault(label, [0, 0])
            counts[0] += sum(1 for i in chars if i in masked)
            counts[1] += len(chars)
    return {label: round(hit / total, 4) if total else 0.0 for label, (hit, total) in sorted(covered.items())}


def score_docs(metric: str, gold_docs, preds: Predictions) -> Dict:
    """TAB token/mention metrics ("tab", rounded, without notes), MEDDOCAN sub-tracks ("meddocan"), or
    the MEDDOCAN sub-tracks over HAREM's classes ("harem": predictions mapped by `HAREM_SCORE_MAP`,
    those HAREM does not annotate left out; plus `masked_char_recall` per class)."""
    records = [record_from_doc(d) for d in gold_docs]
    if metric in ("meddocan", "harem"):
        gold = {r.doc_id: [(s.start, s.end, s.label) for s in r.spans] for r in records}
        texts = {r.doc_id: r.text for r in records}
        masked = preds
        if metric == "harem":
            preds = map_predictions(preds, HAREM_SCORE_MAP)
        scores = meddocan_scores(gold, preds, texts)
        if metric == "meddocan":  # typed in our categories too: PERSON is the gold's NOMBRE_SUJETO_ASISTENCIA
            scores.update(meddocan_category_scores(gold, preds, texts))
        if metric == "harem":
            scores["masked_char_recall"] = masked_char_recall(gold, masked, texts)  # every masked span counts
        return scores
    result = tab_metrics(records, preds)
    return round_metrics({k: v for k, v in result.items() if k != "notes"})


def recall_precision(metric: str, gold_docs, runs: Dict[str, Predictions]) -> Dict[str, Dict[str, float]]:
    """{run name: token recall and precision} of several runs on the same gold docs."""
    out = {}
    for name, preds in runs.items():
        m = score_docs(metric, gold_docs, preds)
        out[name] = {key: m[key] for key in ("token_recall", "token_precision") if key in m}
    return out


@dataclass
class CrossValidation:
    """Pooled held-out predictions of the evaluated folds, and what the report says about the run."""

    preds: Predictions
    by_threshold: Dict[str, Predictions]
    gold_docs: list
    report: Dict = field(default_factory=dict)


def cross_validate(config: str, overrides: Dict, paths: Sequence[str], extra: Sequence[str] = (),
                   group: str = "doc", folds: int = 5, only_fold: Optional[int] = None,
                   thresholds: Sequence[str] = (), with_rules: bool = False, copies: int = 1, jobs: int = 1,
                   metric: str = "tab",
                   on_fold: Optional[Callable[[int, float, Dict], None]] = None,
                   loader: Optional[Callable] = None) -> CrossValidation:
    """Train and predict each fold (`jobs` processes), pool the held-out predictions. The report holds
    the run's settings, training times, speeds and, with several folds, each fold's token recall and
    precision; `on_fold(k, train seconds, those scores)` is called as each fold finishes. Each fold is
    scored through `loader` (see `train_and_predict`)."""
    import spacy

    nlp = spacy.blank("xx")
    docs = [d for p in paths for d in load_docs(p, nlp.vocab)]
    evaluated = list(range(folds)) if only_fold is None else [only_fold]
    work = [FoldJob(config, overrides, list(paths), list(extra), group, folds, k, list(thresholds), with_rules,
                    copies, jobs > 1, loader) for k in evaluated]
    parts = split_folds(docs, group, folds)
    preds: Predictions = {}
    by_thr: Dict[str, Predictions] = {t: {} for t in thresholds}
    times, speeds, fold_scores = [], [], {}
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for k, fold_preds, train_s, cps, fold_thr in pool.map(run_fold, work):
            fold_gold = [docs[i] for i in parts[k]]
            fold_scores[k] = recall_precision(metric, fold_gold, {"default": fold_preds,
                                                                  **{str(t): p for t, p in fold_thr.items()}})
            if on_fold is not None:
                on_fold(k, train_s, fold_scores[k])
            preds.update(fold_preds)
            for t, p in fold_thr.items():
                by_thr[t].update(p)
            times.append(round(train_s, 1))
            speeds.append(int(cps))
    tested = sorted(i for k in evaluated for i in parts[k])
    gold_docs = [docs[i] for i in tested]
    report = dict(cv=list(paths), extra_train=list(extra), folds=folds, evaluated_folds=evaluated, group=group,
                  scored=_loader_name(loader) + "(saved fold pipeline)",
                  train_seconds=times, chars_per_second=speeds, test_documents=len(gold_docs))
    if len(evaluated) > 1:  # token recall/precision of each held-out fold (the pooled metrics are the caller's)
        report["per_fold"] = {str(k): fold_scores[k] for k in sorted(fold_scores)}
    return CrossValidation(preds, by_thr, gold_docs, report)


def _loader_name(loader: Optional[Callable]) -> str:
    if loader is None:
        return "spacy.load"
    return f"{getattr(loader, '__module__', '')}.{getattr(loader, '__name__', type(loader).__name__)}"


def write_predictions(path: str, preds: Predictions, by_threshold: Dict[str, Predictions]) -> None:
    """{doc_id: [[start, end, label]]} to `path` (NAME.json), each threshold's to NAME.THRESHOLD.json
    (what `spacy_anon.evaluate.error_analysis.load_predictions` reads)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps({k: [list(s) for s in v] for k, v in preds.items()}))
    for t, p in by_threshold.items():
        out = Path(path).with_suffix(f".{t}.json")
        out.write_text(json.dumps({k: [list(s) for s in v] for k, v in p.items()}))
