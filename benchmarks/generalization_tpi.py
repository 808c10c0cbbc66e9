"""Information kept (TPI) with and without credit for vacuous generalizations, WikiActors 50_eval.

TPI credits a generalization with the IC of its text, so "thing" written 955 times earns information
although it tells a reader nothing. `tpi_informative` (spacy_anon.risk.tpi) credits only the
generalizations that are not vacuous. Rows: the generalizer before the vacuous-free rewrite (cached outputs,
benchmarks/out/generalization/before_50_eval.json), the pipeline a user runs now (`spacy_anon.load(PATH)` with
the actor as subject, as in benchmarks/generalization_quality.py) and the published masks.

    python benchmarks/generalization_tpi.py [--pipeline training/wikiactors/pipeline]
"""
import argparse
import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "../shared/data/wikiactors/reidentification/WikiActors_50_eval.json"
BEFORE = ROOT / "benchmarks/out/generalization/before_50_eval.json"
KEYS = ("tpi", "tpi_informative", "tpi_suppression", "utility_percent")


def main(argv=None) -> int:
    import spacy_anon
    from spacy_anon.risk import text_preserved_information

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pipeline", default=str(ROOT / "training/wikiactors/pipeline"))
    ap.add_argument("--out", default=str(ROOT / "benchmarks/out/generalization/tpi_informative.json"))
    args = ap.parse_args(argv)
    records = json.loads(RECORDS.read_text(encoding="utf8"))
    original = {r["name"]: r["original_abstract"] for r in records}
    t0 = time.time()
    nlp = spacy_anon.load(args.pipeline)
    now = {}
    for rec in records:
        doc = nlp.make_doc(rec["original_abstract"])
        doc._.anon_subject = rec["name"]
        now[rec["name"]] = nlp(doc)._.anon_text
    rows = {"shipped now": now,
            "manual": {r["name"]: r["manual_abstract"] for r in records},
            "word2vec t=0.25": {r["name"]: r["word2vec_t=0.25_abstract"] for r in records}}
    if BEFORE.exists():
        rows = {"before (a048521)": {k: v["text"] for k, v in json.loads(BEFORE.read_text(encoding="utf8")).items()},
                **rows}
    out = {}
    for label, texts in rows.items():
        report = text_preserved_information(original, texts)
        out[label] = {k: round(report[k], 3) for k in KEYS}
        print(label, out[label])
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps({"pipeline": args.pipeline, "seconds": round(time.time() - t0, 1),
                                          "rows": out}, indent=1), encoding="utf8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
