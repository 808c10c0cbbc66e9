"""Write a score calibration into a saved pipeline: anon_crf's span filter `spacy_anon.calibrate_scores.v1`
with the curves fitted on held-out folds (benchmarks/score_reliability.py --calibration FILE).

  python scripts/calibrate_scores.py training/english/pipeline training/calibration/anon_crf.json \
      -o training/english/pipeline-calibrated

Copies the pipeline, appends the filter to anon_crf's span_filters in config.cfg (last: every span,
propagated ones too, gets its calibrated score) and its curves to anon_crf's span_filters.json (the
filter's learned state, which the component saves and loads), then loads the copy with
`spacy_anon.load(OUT)` and checks that the filter holds the curves and that a sample anonymizes.
The calibration changes span scores only: spans, and what is masked with the default thresholds, stay the
same; anon_mask's min_score / label_min_scores then read calibrated scores.
"""
import argparse
import json
import shutil
import sys
from pathlib import Path

FILTER_NAME = "calibrate_scores"
SAMPLE = "Mr John Smith was born on 3 May 1970 in Leeds and works for Acme Ltd."


def same_curves(a, b, tol: float = 1e-9) -> bool:
    """The same labels and knots, values equal up to the float noise of saving."""
    return a.keys() == b.keys() and all(
        len(a[k][i]) == len(b[k][i]) and all(abs(x - y) <= tol for x, y in zip(a[k][i], b[k][i]))
        for k in a for i in (0, 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model")
    parser.add_argument("calibration", help="JSON written by benchmarks/score_reliability.py --calibration")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--min-spans", type=int, default=50)
    args = parser.parse_args()
    import spacy
    import srsly

    import spacy_anon
    from spacy_anon.tagger.span_filters.calibration import CalibrateScores

    curves = CalibrateScores(args.min_spans).from_dict(json.loads(Path(args.calibration).read_text(encoding="utf8")))
    source, target = Path(args.model), Path(args.output)
    if target.resolve() == source.resolve():
        parser.error("-o must differ from the model (the pipeline is copied, never changed in place)")
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    config = spacy.util.load_config(target / "config.cfg", interpolate=False)
    filters = config["components"]["anon_crf"].setdefault("span_filters", {})
    filters.pop(FILTER_NAME, None)
    filters[FILTER_NAME] = {"@misc": "spacy_anon.calibrate_scores.v1", "min_spans": args.min_spans}
    config.to_disk(target / "config.cfg")
    state_path = target / "anon_crf" / "span_filters.json"
    state = srsly.read_json(state_path) if state_path.exists() else {}
    state[FILTER_NAME] = curves.to_dict()
    srsly.write_json(state_path, state)
    nlp = spacy_anon.load(target)
    loaded = nlp.get_pipe("anon_crf").span_filters.get(FILTER_NAME)
    if loaded is None or not same_curves(loaded.curves, curves.curves):
        print(f"{target}: the calibration did not load", file=sys.stderr)
        return 1
    doc = nlp(SAMPLE)
    print(f"{target}: anon_crf scores calibrated ({len(curves.curves)} curves: {', '.join(sorted(curves.curves))}); "
          f"sample status {doc._.anon_status}")
    return 0 if doc._.anon_status == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
