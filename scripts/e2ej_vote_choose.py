"""Choose the CRF + E2EJ voting policies on one part of MEDDOCAN dev and confirm them on the other.

  python scripts/e2ej_vote_choose.py --choose corpus/meddocan/dev_a.spacy \
      benchmarks/out/crf_dev_a.json benchmarks/out/e2ej_dev_a.json \
      --confirm corpus/meddocan/dev_b.spacy benchmarks/out/crf_dev_b.json benchmarks/out/e2ej_dev_b.json \
      -o training/e2ej/policies.json

Each part is GOLD.spacy CRF_PREDICTIONS E2EJ_PREDICTIONS, the predictions written by
`scripts/tagger_eval.py --model ... --predictions FILE` (the shipped path). Policies are chosen greedily
per label on the first part (`spacy_anon.tagger.ensemble.choose_policies`, MEDDOCAN subtrack-1 F1), and
the vote is scored on the second part beside the CRF alone and E2EJ alone.

A choice must raise the first part's F1 by more than a margin: with several `--min-gains`, the margin is
the one whose policies, chosen on all `--folds` of the first part but one, score best on the one left out
(`fold_min_gain`); the second part plays no role in it. The report also scores the vote chosen with no
margin ("vote_no_margin") on both parts.
"""
import argparse
import json
import sys

import spacy

from spacy_anon.corpora import record_from_doc
from spacy_anon.evaluate.crossval import load_docs, score_docs
from spacy_anon.evaluate.spans import meddocan_scores
from spacy_anon.tagger.ensemble import choose_policies, fold_min_gain, restrict, split_parts, vote_all


def read_preds(path):
    data = json.loads(open(path, encoding="utf8").read())
    return {doc_id: [tuple(s) for s in spans] for doc_id, spans in data.items()}


def f1(scores) -> float:
    return scores["subtrack1"]["f1"]


def subtrack1_on(gold_docs):
    """score_on(doc_ids) -> the MEDDOCAN subtrack-1 F1 of predictions over those documents only."""
    records = {r.doc_id: r for r in map(record_from_doc, gold_docs)}

    def score_on(doc_ids):
        gold = {i: [(s.start, s.end, s.label) for s in records[i].spans] for i in doc_ids}
        texts = {i: records[i].text for i in doc_ids}
        return lambda preds: meddocan_scores(gold, restrict(preds, doc_ids), texts)["subtrack1"]["f1"]
    return score_on


def summary(scores):
    keep = ("subtrack1", "subtrack2_strict", "subtrack2_merged")
    return {k: {m: scores[k][m] for m in ("precision", "recall", "f1") if m in scores[k]} for k in keep}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--choose", nargs=3, required=True, metavar=("GOLD", "CRF", "E2EJ"))
    parser.add_argument("--confirm", nargs=3, required=True, metavar=("GOLD", "CRF", "E2EJ"))
    parser.add_argument("--min-gains", nargs="+", type=float, default=[0.0],
                        help="margins (F1) a choice must exceed on the first part; several: chosen by --folds")
    parser.add_argument("--folds", type=int, default=5, help="folds of the first part that choose the margin")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)
    if args.folds < 2 or min(args.min_gains) < 0:
        parser.error("--folds must be at least 2 and --min-gains at least 0")
    vocab = spacy.blank("es").vocab
    report = {}
    gold_a = load_docs(args.choose[0], vocab)
    crf_a, nn_a = read_preds(args.choose[1]), read_preds(args.choose[2])
    labels = {s[2] for spans in list(crf_a.values()) + list(nn_a.values()) for s in spans}
    score_a = lambda p: f1(score_docs("meddocan", gold_a, p))  # noqa: E731
    gain = args.min_gains[0]
    if len(set(args.min_gains)) > 1:
        parts = split_parts(crf_a, args.folds)
        gain, means = fold_min_gain(crf_a, nn_a, subtrack1_on(gold_a), labels, args.min_gains, parts)
        report["min_gain_folds"] = {"folds": args.folds, "mean_f1": {str(g): v for g, v in means.items()}}
    report["min_gain"] = gain
    policies, best = choose_policies(crf_a, nn_a, score_a, labels, gain)
    plain, _ = choose_policies(crf_a, nn_a, score_a, labels)
    report["policies"] = policies
    report["policies_no_margin"] = plain
    report["choose"] = {"crf": summary(score_docs("meddocan", gold_a, crf_a)),
                        "e2ej": summary(score_docs("meddocan", gold_a, nn_a)),
                        "vote": summary(score_docs("meddocan", gold_a, vote_all(crf_a, nn_a, policies))),
                        "vote_no_margin": summary(score_docs("meddocan", gold_a, vote_all(crf_a, nn_a, plain)))}
    gold_b = load_docs(args.confirm[0], vocab)
    crf_b, nn_b = read_preds(args.confirm[1]), read_preds(args.confirm[2])
    report["confirm"] = {"crf": summary(score_docs("meddocan", gold_b, crf_b)),
                         "e2ej": summary(score_docs("meddocan", gold_b, nn_b)),
                         "vote": summary(score_docs("meddocan", gold_b, vote_all(crf_b, nn_b, policies))),
                         "vote_no_margin": summary(score_docs("meddocan", gold_b, vote_all(crf_b, nn_b, plain)))}
    text = json.dumps(report, indent=1)
    print(text)
    with open(args.output, "w", encoding="utf8") as handle:
        handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
