"""Train a tagger config and evaluate it: on a dev file, or cross-validated by document/patient groups.

  python scripts/tagger_eval.py --config configs/crf_es.cfg --train corpus/meddocan/train.spacy \
      --dev corpus/meddocan/dev.spacy --metric meddocan
  python scripts/tagger_eval.py --config configs/crf_en.cfg --cv corpus/tab/tab_dev.spacy --folds 5 \
      --group doc --extra-train corpus/english/extra.spacy --metric tab --jobs 5
  python scripts/tagger_eval.py --config configs/crf_en.cfg --cv corpus/deid/deid.spacy --folds 5 \
      --group patient --metric tab --only-fold 0
  python scripts/tagger_eval.py --model training/meddocan/model-best --dev corpus/meddocan/dev.spacy \
      --metric meddocan     # evaluate a trained pipeline, no training

Training is `nlp.initialize` on the training examples, which is what `spacy train` runs for these
configs (the CRF and the rules are fitted in `initialize`). What is scored is what a user of the model
gets: every trained pipeline is saved, loaded back with `spacy_anon.load(PATH)` (as `spacy-anon anonymize
--model PATH` does) and its masked spans (`doc.spans["anon_masked"]`) are scored; `--model` is loaded the
same way. Prints one JSON object (also --out). The folds, training and sweeps are
`spacy_anon.evaluate.crossval`.
"""
import argparse
import json
import sys
from pathlib import Path
from typing import Dict, List, Optional

import spacy_anon
from spacy_anon.evaluate.crossval import (
    METRICS, cross_validate, load_docs, output_key, parse_threshold, predict_timed, score_docs, train_and_predict,
    write_predictions,
)


def parse_overrides(items: List[str]) -> Dict:
    """key=value config overrides; the value is read as JSON when it parses, else kept as a string."""
    overrides = {}
    for item in items:
        key, value = item.split("=", 1)
        try:
            overrides[key] = json.loads(value)
        except json.JSONDecodeError:
            overrides[key] = value
    return overrides


def print_fold(k: int, train_s: float, summary: Dict) -> None:
    print(f"fold {k} done: {train_s:.0f} s training; {json.dumps(summary)}", file=sys.stderr, flush=True)


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
    parser.add_argument("--metric", choices=list(METRICS), default="tab",
                        help="harem: MEDDOCAN's scores over HAREM's classes (our labels mapped, others left out)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--with-rules", action="store_true",
                        help="add anon_rules first when the config has none (the shipped configs have it)")
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
    overrides = parse_overrides(args.set)
    report: Dict = {"config": args.config, "overrides": overrides, "with_rules": args.with_rules}
    by_thr: Dict[str, Dict] = {}
    if args.model:
        nlp = spacy_anon.load(args.model)
        gold_docs = load_docs(args.dev, nlp.vocab)
        preds, speed = predict_timed(nlp, gold_docs, output_key(nlp))
        report.update(model=args.model, dev=args.dev, chars_per_second=int(speed))
    elif args.cv:
        cv = cross_validate(args.config, overrides, args.cv, args.extra_train, group=args.group, folds=args.folds,
                            only_fold=args.only_fold, thresholds=args.thresholds, with_rules=args.with_rules,
                            copies=args.cv_train_copies, jobs=args.jobs, metric=args.metric, on_fold=print_fold,
                            loader=spacy_anon.load)
        preds, by_thr, gold_docs = cv.preds, cv.by_threshold, cv.gold_docs
        report.update(cv.report)
    else:
        import spacy

        vocab = spacy.blank("xx").vocab
        train = [d for p in args.train for d in load_docs(p, vocab)]
        gold_docs = load_docs(args.dev, vocab)
        preds, train_s, cps, trained, by_thr = train_and_predict(
            args.config, overrides, train, gold_docs, thresholds=args.thresholds, with_rules=args.with_rules,
            loader=spacy_anon.load)
        report.update(train=args.train, dev=args.dev, train_seconds=round(train_s, 1), chars_per_second=int(cps))
        if args.save:
            trained.to_disk(args.save)
    report["metrics"] = score_docs(args.metric, gold_docs, preds)
    swept = bool(args.thresholds) and not args.model
    if args.predictions:
        write_predictions(args.predictions, preds, by_thr if swept else {})
    if swept:
        report["by_entity_threshold"] = {str(t): score_docs(args.metric, gold_docs, p) for t, p in by_thr.items()}
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
