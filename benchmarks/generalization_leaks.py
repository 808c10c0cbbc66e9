"""Which words let the re-identification attacker in: for every document that the TF-IDF attack of
benchmarks/generalization_quality.py re-identifies in output B but not in output A, the word features
whose weight for the true person (against A's prediction) grew most from A's text to B's.

    python benchmarks/generalization_quality.py ... --save-outputs OUT   # writes pipeline_*_50_eval.json
    python benchmarks/generalization_leaks.py OUT/pipeline_now_50_eval.json OUT/pipeline_t0.25_50_eval.json

The contribution of a word feature is (x_B - x_A) * (w_true - w_predicted_A), with x the TF-IDF values
of the whole document (the attacker's windows are summed, so this is an approximation) and w the linear
SVM's coefficients; the attacker stems words ("miniseri" is "miniseries").
"""
import argparse
import json
import sys
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from generalization_quality import train_attack  # noqa: E402
from privacy_utility import DATA  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", help="outputs {name: {text, table}} where the documents are not re-identified")
    ap.add_argument("b", help="outputs of the variant to explain")
    ap.add_argument("--records", default=str(DATA / "WikiActors_50_eval.json"))
    ap.add_argument("--cache", default="benchmarks/out/privacy_utility")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args(argv)
    records = json.loads(Path(args.records).read_text(encoding="utf8"))
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
