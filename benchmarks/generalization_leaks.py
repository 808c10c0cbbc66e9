"""Which words let the re-identification attacker in: for every document that the TF-IDF attack of
benchmarks/generalization_quality.py re-identifies in output B but not in output A, the word features
whose weight for the true person (against A's prediction) grew most from A's text to B's.

    python benchmarks/generalization_quality.py ... --save-outputs OUT   # writes pipeline_*_50_eval.json
    python benchmarks/generalization_leaks.py OUT/pipeline_now_50_eval.json OUT/pipeline_t0.25_50_eval.json

On a held-out scenario (`generalization_quality.py --heldout`), give the same `--records`, `--heldout`,
`--heldout-size` and `--heldout-offset`: the attacker is then trained as that benchmark trains it.

The contribution of a word feature is (x_B - x_A) * (w_true - w_predicted_A), with x the TF-IDF values
of the whole document (the attacker's windows are summed, so this is an approximation) and w the linear
SVM's coefficients; the attacker stems words ("miniseri" is "miniseries"). Each document's total is
split into the words only A's text has (removing them helped: A's words that pointed at someone else),
those only B's text has, and those in both.
"""
import argparse
import json
import sys
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from generalization_quality import heldout_records, scenario_of, subset_background, train_attack  # noqa: E402
from privacy_utility import DATA  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", help="outputs {name: {text, table}} where the documents are not re-identified")
    ap.add_argument("b", help="outputs of the variant to explain")
    ap.add_argument("--records", default=str(DATA / "WikiActors_50_eval.json"))
    ap.add_argument("--cache", default="benchmarks/out/privacy_utility")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--heldout", default="", metavar="EVAL_JSON", help="as generalization_quality.py --heldout")
    ap.add_argument("--abstracts", default=str(DATA.parent / "corpus" / "all_actor_abstracts.jsonl.gz"))
    ap.add_argument("--heldout-size", type=int, default=50)
    ap.add_argument("--heldout-offset", type=int, default=0)
    args = ap.parse_args(argv)
    records = json.loads(Path(args.records).read_text(encoding="utf8"))
    if args.heldout:
        import gzip

        with gzip.open(args.abstracts, "rt", encoding="utf8") as fh:
            abstracts = {row["title"]: row["text"] for row in map(json.loads, fh)}
        chosen = heldout_records(records, json.loads(Path(args.heldout).read_text(encoding="utf8")), abstracts,
                                 args.heldout_size, args.heldout_offset)
        subset = subset_background(records, chosen, Path(args.cache), scenario_of(args.records))
        attack = train_attack(chosen, "tfidf", Path(args.cache), scenario_of(args.records), subset)
    else:
        attack = train_attack(records, "tfidf", Path(args.cache))
    ta = {k: v["text"] for k, v in json.loads(Path(args.a).read_text(encoding="utf8")).items()}
    tb = {k: v["text"] for k, v in json.loads(Path(args.b).read_text(encoding="utf8")).items()}
    pa, pb = attack.predict(ta), attack.predict(tb)
    att = attack.attacker
    words = att.vectorizer_.transformer_list[0][1]
    names = numpy.array(words.get_feature_names_out())
    coef = att.model_.coef_[:, :len(names)]
    print(f"re-identified: A {sum(pa[k] == k for k in pa)}, B {sum(pb[k] == k for k in pb)}")
    for k in sorted(tb):
        if pb[k] != k or pa.get(k) == k:
            continue
        true = att.classes_.index(k)
        other = coef[att.classes_.index(pa[k])] if pa.get(k) in att.classes_ else 0.0
        xa = words.transform(attack.prepare([ta[k]])).toarray()[0]
        xb = words.transform(attack.prepare([tb[k]])).toarray()[0]
        gain = (xb - xa) * (coef[true] - other)
        top = [i for i in numpy.argsort(-gain)[:args.top] if gain[i] > 0]
        print(f"{k} (A: {pa[k]}): " + ", ".join(f"{names[i]} {gain[i]:.3f}" for i in top))
        # words A wrote that B does not (A's decoys), words B writes that A did not, words in both
        only_a, only_b = (xa > 0) & (xb == 0), (xb > 0) & (xa == 0)
        print(f"    total {gain.sum():.3f}: words only in A {gain[only_a].sum():.3f}, only in B "
              f"{gain[only_b].sum():.3f}, in both {gain[~only_a & ~only_b].sum():.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
