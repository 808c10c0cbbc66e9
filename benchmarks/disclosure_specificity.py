"""anon_disclosure's specificity on WikiActors dev: term P/R/F1 (Hassan et al.'s counting, as
benchmarks/wikiactors_disclosure.py) of the detector alone and of the shipped pipeline, with
specificity "absolute" and "relative" at several specificity thresholds.

    python benchmarks/disclosure_specificity.py [--vectors training/wikiactors/vectors]
        [--pipeline training/wikiactors/pipeline] [--thresholds 0,0.05,0.1,0.2]
        [--json benchmarks/out/disclosure_specificity.json]

The effect on re-identification and utility: benchmarks/generalization_quality.py with
--variant 'relative-0.1={"anon_disclosure": {"specificity": "relative", "specificity_threshold": 0.1}}'.
"""
import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import wikiactors_disclosure as wd  # noqa: E402


def shipped(nlp, docs, overrides):
    """Spans of the replacement table of the full pipeline with anon_disclosure settings overridden."""
    pipe = nlp.get_pipe("anon_disclosure")
    saved = dict(pipe.cfg)
    pipe.cfg.update(overrides)
    try:
        out = []
        for d in docs:
            doc = nlp.make_doc(d["text"])
            doc._.anon_subject = d["id"]
            doc = nlp(doc)
            out.append(sorted((int(r["start"]), int(r["end"])) for r in doc._.anon_table or []))
        return out
    finally:
        pipe.cfg.clear()
        pipe.cfg.update(saved)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vectors", default=str(ROOT / "training" / "wikiactors" / "vectors"))
    ap.add_argument("--pipeline", default=str(ROOT / "training" / "wikiactors" / "pipeline"))
    ap.add_argument("--data", default=str(wd.DEFAULT_DATA))
    ap.add_argument("--threshold", type=float, default=0.25)
    ap.add_argument("--thresholds", default="0,0.05,0.1,0.2", help="specificity thresholds to measure")
    ap.add_argument("--json", default="")
    args = ap.parse_args(argv)
    t0 = time.time()
    docs = wd.load_dev(Path(args.data))
    nlp = wd.build_nlp(args.vectors, always=["name", "date", "number"])
    pipe = nlp.get_pipe("anon_disclosure")
    settings = [("absolute", None)] + [("relative", float(x)) for x in args.thresholds.split(",") if x]
    rows = []
    for spec, ts in settings:
        pipe.cfg["specificity"] = spec
        if ts is not None:
            pipe.cfg["specificity_threshold"] = ts
        row = dict(wd.score(docs, wd.detect_all(nlp, docs, args.threshold)), t=args.threshold)
        rows.append({"what": "detector", "specificity": spec, "specificity_threshold": ts, **row})
        print(f"detector {spec} {ts if ts is not None else ''}: {wd.fmt(row)}")
    if args.pipeline:
        import spacy_anon

        full = spacy_anon.load(args.pipeline)
        for spec, ts in settings:
            over = {"specificity": spec} if ts is None else {"specificity": spec, "specificity_threshold": ts}
            row = dict(wd.score(docs, shipped(full, docs, over)), t=args.threshold)
            rows.append({"what": "shipped", "specificity": spec, "specificity_threshold": ts, **row})
            print(f"shipped {spec} {ts if ts is not None else ''}: {wd.fmt(row)}")
    result = {"data": args.data, "documents": len(docs), "vectors": args.vectors, "pipeline": args.pipeline,
              "seconds": round(time.time() - t0, 1), "rows": rows}
    print(f"{result['seconds']} s")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=2), encoding="utf8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
