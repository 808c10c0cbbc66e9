"""Train a tagger config and evaluate it: on a dev file, or cross-validated by document/patient groups.

  python benchmarks/tagger_eval.py --config configs/crf_es.cfg --train corpus/meddocan/train.spacy \
      --dev corpus/meddocan/dev.spacy --metric meddocan
  python benchmarks/tagger_eval.py --config configs/crf_en.cfg --cv corpus/tab/tab_dev.spacy --folds 5 \
      --group doc --extra-train corpus/english/extra.spacy --metric tab --jobs 5
  python benchmarks/tagger_eval.py --config configs/crf_en.cfg --cv corpus/deid/deid.spacy --folds 5 \
      --group patient --metric tab --only-fold 0
  python benchmarks/tagger_eval.py --model training/meddocan/model-best --dev corpus/meddocan/dev.spacy \
      --metric meddocan     # evaluate a trained pipeline, no training

Training is `nlp.initialize` on the training examples, which is what `spacy train` runs for these
configs (the CRF and the rules are fitted in `initialize`). Prints one JSON object (also --out).
"""
import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Dict, List, Optional, Tuple


def load_docs(path: str, vocab):
    from spacy.tokens import DocBin

    return list(DocBin().from_disk(path).get_docs(vocab))


WITH_RULES = False  # --with-rules: put anon_rules first, so predictions are rules + tagger (the product)


def build(config: str, overrides: Dict[str, str]):
    import spacy

    cfg = spacy.util.load_config(config, overrides=overrides, interpolate=False)
    nlp = spacy.util.load_model_from_config(cfg, auto_fill=True, validate=True)
    if WITH_RULES:
        nlp.add_pipe("anon_rules", first=True)
    return nlp


def group_of(doc, group: str) -> str:
    doc_id = str(doc.user_data.get("doc_id", ""))
    return doc_id.split("-")[0] if group == "patient" else doc_id


THRESHOLDS: List[float] = []  # extra anon_crf entity_threshold values to evaluate (--thresholds)


def predicted_spans(doc, pred_key="anon"):
    """(start_char, end_char, label) of a processed doc's predictions."""
    return [(s.start_char, s.end_char, s.label_) for s in doc.spans.get(pred_key, [])]


def predict(nlp, docs, pred_key="anon"):
    return {str(doc.user_data.get("doc_id", i)): predicted_spans(nlp(doc.text), pred_key) for i, doc in enumerate(docs)}


def train_and_predict(config, overrides, train_docs, test_docs, pred_key="anon", thresholds=()):
    """Fit on train_docs; RETURNS ({doc_id: [(start, end, label)]}, train seconds, chars/s, nlp,
    {threshold: predictions} for the extra entity thresholds)."""
    from spacy.training import Example

    nlp = build(config, overrides)
    examples = [Example(nlp.make_doc(d.text), d) for d in train_docs]
    t0 = time.perf_counter()
    nlp.initialize(lambda: examples)
    train_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    preds = predict(nlp, test_docs, pred_key)
    dt = time.perf_counter() - t0
    chars = sum(len(d.text) for d in test_docs)
    extra = sweep(nlp, test_docs, thresholds, pred_key) if thresholds and "anon_crf" in nlp.pipe_names else {}
    return preds, train_s, chars / dt if dt else 0.0, nlp, extra


def sweep(nlp, docs, thresholds, pred_key="anon"):
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
    keys = ("entity_threshold", "extend_threshold", "context_veto")
    base = tuple(crf.cfg.get(key, 0.0) for key in keys)
    result = {}
    try:
        for thr in thresholds:
            crf.cfg.update(zip(keys, parse_threshold(thr, base[1], base[2])))
            preds = {}
            for i, (doc, ready) in enumerate(zip(docs, prepared)):
                out = ready.copy()
                for _, proc in tail:
                    out = proc(out)
                preds[str(doc.user_data.get("doc_id", i))] = predicted_spans(out, pred_key)
            result[thr] = preds
    finally:
        crf.cfg.update(zip(keys, base))
    return result


def parse_threshold(value: str, extend: float = 0.0, veto: float = 0.0) -> Tuple[float, float, float]:
    """"0.03" -> (0.03, extend, veto); "0.03:0.01" -> entity_threshold 0.03, extend_threshold 0.01;
    "0.03@0.005" -> entity_threshold 0.03, context_veto 0.005 (needs anon_context_tagger)."""
    value, _, veto_text = str(value).partition("@")
    high, _, low = value.partition(":")
    veto = float(veto_text) if veto_text else veto
    if not 0.0 <= veto < 1.0:  # as anon_crf refuses it: a veto of 1 or more drops every span
        raise ValueError(f"context_veto must be in [0, 1), not {veto}")
    return float(high), float(low) if low else extend, veto


def limit_threads() -> None:
    """One BLAS/torch thread per fold process: folds run in parallel (--jobs), not threads within one."""
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


def _fold_job(args):
    config, overrides, paths, extra, group, folds, k, thresholds, with_rules, copies, parallel = args
    global WITH_RULES
    WITH_RULES = with_rules
    if parallel:
        limit_threads()
    import spacy

    from spacy_anon.tagger.data import split_groups

    nlp = spacy.blank("xx")
    docs = [d for p in paths for d in load_docs(p, nlp.vocab)]
    extra_docs = [d for p in extra for d in load_docs(p, nlp.vocab)]
    parts = split_groups(docs, lambda d: group_of(d, group), folds)
    test_idx = set(parts[k])
    train = [d for i, d in enumerate(docs) if i not in test_idx] * copies + extra_docs
    test = [docs[i] for i in sorted(test_idx)]
    preds, train_s, cps, _, by_thr = train_and_predict(config, overrides, train, test, thresholds=thresholds)
    return k, preds, train_s, cps, by_thr


def evaluate(metric: str, gold_docs, preds) -> Dict:
    from spacy_anon.corpora import record_from_doc

    records = [record_from_doc(d) for d in gold_docs]
    if metric == "meddocan":
        from spacy_anon.evaluate.spans import meddocan_scores

        gold = {r.doc_id: [(s.start, s.end, s.label) for s in r.spans] for r in records}
        texts = {r.doc_id: r.text for r in records}
        return meddocan_scores(gold, preds, texts)
    from spacy_anon.evaluate.tab import round_metrics, tab_metrics

    result = tab_metrics(records, preds)
    return round_metrics({k: v for k, v in result.items() if k != "notes"})


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", default=None)
    parser.add_argument("--model", default=None, help="trained pipeline to evaluate (no training)")
    parser.add_argument("--train", nargs="*", default=[])
    parser.add_argument("--dev", default=None)
    parser.add_argument("--cv", nargs="*", default=[], help="files to cross-validate on")
    parser.add_argument("--extra-train", nargs="*", default=[], help="added to every CV training fold")
    parser.add_argument("--cv-train-copies", type=int, default=1,
                        help="repeat the --cv training documents this many times (weights them against --extra-train)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--only-fold", type=int, default=None, help="evaluate one held-out fold only")
    parser.add_argument("--group", choices=["doc", "patient"], default="doc")
    parser.add_argument("--metric", choices=["meddocan", "tab"], default="tab")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--with-rules", action="store_true", help="add anon_rules first (rules + tagger)")
    parser.add_argument("--thresholds", nargs="*", default=[],
                        help="also evaluate these anon_crf entity_threshold values (recall knob); "
                             "HIGH:LOW also sets extend_threshold (entities found at HIGH grow over "
                             "neighbours at LOW); a suffix @VETO sets context_veto (with anon_context_tagger)")
    parser.add_argument("--set", nargs="*", default=[], help="config overrides key=json_value")
    parser.add_argument("--save", default=None, help="save the trained pipeline (dev mode)")
    parser.add_argument("--out", default=None)
    parser.add_argument("--predictions", default=None,
                        help="write the held-out predictions {doc_id: [[start, end, label]]} (offsets only) here; "
                             "those of each --thresholds value go to NAME.THRESHOLD.json beside it")
    args = parser.parse_args(argv)
    for value in args.thresholds:
        try:
            parse_threshold(value)
        except ValueError:
            parser.error(f"--thresholds: {value!r} is not a number, HIGH:LOW or T@VETO")
    if args.cv_train_copies < 1:
        parser.error("--cv-train-copies must be at least 1")
    overrides = {}
    for item in args.set:
        key, value = item.split("=", 1)
        try:
            overrides[key] = json.loads(value)
        except json.JSONDecodeError:
            overrides[key] = value
    import spacy

    global WITH_RULES
    WITH_RULES = args.with_rules
    report: Dict = {"config": args.config, "overrides": overrides, "with_rules": args.with_rules}
    if args.model:
        nlp = spacy.load(args.model)
        gold_docs = load_docs(args.dev, nlp.vocab)
        t0 = time.perf_counter()
        preds = predict(nlp, gold_docs)
        dt = time.perf_counter() - t0
        report.update(model=args.model, dev=args.dev,
                      chars_per_second=int(sum(len(d.text) for d in gold_docs) / dt))
    elif args.cv:
        nlp = spacy.blank("xx")
        from spacy_anon.tagger.data import split_groups

        docs = [d for p in args.cv for d in load_docs(p, nlp.vocab)]
        folds = list(range(args.folds)) if args.only_fold is None else [args.only_fold]
        jobs = [(args.config, overrides, args.cv, args.extra_train, args.group, args.folds, k, args.thresholds,
                 args.with_rules, args.cv_train_copies, args.jobs > 1) for k in folds]
        preds, times, speeds = {}, [], []
        by_thr: Dict[str, Dict] = {t: {} for t in args.thresholds}
        fold_outputs: Dict[int, tuple] = {}
        fold_parts = split_groups(docs, lambda d: group_of(d, args.group), args.folds)
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for k, fold_preds, train_s, cps, fold_thr in pool.map(_fold_job, jobs):
                fold_gold = [docs[i] for i in fold_parts[k]]
                summary = {name: {key: m[key] for key in ("token_recall", "token_precision")}
                           for name, m in [("default", evaluate(args.metric, fold_gold, fold_preds))]
                           + [(str(t), evaluate(args.metric, fold_gold, p)) for t, p in fold_thr.items()]}
                print(f"fold {k} done: {train_s:.0f} s training; {json.dumps(summary)}", file=sys.stderr, flush=True)
                fold_outputs[k] = (fold_preds, fold_thr)
                preds.update(fold_preds)
                for t, p in fold_thr.items():
                    by_thr[t].update(p)
                times.append(round(train_s, 1))
                speeds.append(int(cps))
        parts = split_groups(docs, lambda d: group_of(d, args.group), args.folds)
        tested = sorted(i for k in folds for i in parts[k])
        gold_docs = [docs[i] for i in tested]
        report.update(cv=args.cv, extra_train=args.extra_train, folds=args.folds, evaluated_folds=folds,
                      group=args.group, train_seconds=times, chars_per_second=speeds,
                      test_documents=len(gold_docs))
        if len(folds) > 1:  # token recall/precision of each held-out fold (metrics below pool all folds)
            per_fold = {}
            for k, (fold_preds, fold_thr) in sorted(fold_outputs.items()):
                fold_gold = [docs[i] for i in parts[k]]
                runs = {"default": fold_preds, **{str(t): p for t, p in fold_thr.items()}}
                per_fold[str(k)] = {}
                for name, p in runs.items():
                    m = evaluate(args.metric, fold_gold, p)
                    per_fold[str(k)][name] = {key: m[key] for key in ("token_recall", "token_precision") if key in m}
            report["per_fold"] = per_fold
    else:
        nlp = build(args.config, overrides)
        train = [d for p in args.train for d in load_docs(p, nlp.vocab)]
        gold_docs = load_docs(args.dev, nlp.vocab)
        preds, train_s, cps, trained, by_thr = train_and_predict(
            args.config, overrides, train, gold_docs, thresholds=args.thresholds)
        report.update(train=args.train, dev=args.dev, train_seconds=round(train_s, 1), chars_per_second=int(cps))
        if args.save:
            trained.to_disk(args.save)
    report["metrics"] = evaluate(args.metric, gold_docs, preds)
    if args.predictions:
        Path(args.predictions).parent.mkdir(parents=True, exist_ok=True)
        Path(args.predictions).write_text(json.dumps({k: [list(s) for s in v] for k, v in preds.items()}))
        for t, p in by_thr.items() if args.thresholds and not args.model else ():  # NAME.THRESHOLD.json
            out = Path(args.predictions).with_suffix(f".{t}.json")
            out.write_text(json.dumps({k: [list(s) for s in v] for k, v in p.items()}))
    if args.thresholds and not args.model:
        report["by_entity_threshold"] = {str(t): evaluate(args.metric, gold_docs, p) for t, p in by_thr.items()}
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
