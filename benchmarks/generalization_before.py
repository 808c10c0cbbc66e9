"""The "Before" row of the held-out generalization benchmark: the WikiActors pipeline of commit a048521
(before the generalizer was reworked), assembled and run with that commit's own code, on the held-out texts
of `generalization_quality.py --heldout` ({name: {text, table}} JSON for its `--before`).

    git archive a048521 spacy_anon | tar -x -C OLD_SRC                 # the old code, read-only
    cd OUTSIDE_THE_REPO && PYTHONPATH=OLD_SRC python -m spacy_anon assemble-disclosure \
        --vectors /path/to/training/wikiactors/vectors -o OLD_PIPELINE --threshold 0.25 \
        --always name,date,number --strategy generalize                # a048521's assemble-wikiactors
    cd OUTSIDE_THE_REPO && PYTHONPATH=OLD_SRC python /path/to/benchmarks/generalization_before.py \
        --pipeline OLD_PIPELINE -o BEFORE.json

Run it from a folder other than the repository (`python -m` and a script's folder come first on sys.path,
and the old code must be the one imported). Run on 50_eval (`--eval-only`), the pipeline so assembled
reproduces the kept snapshot `benchmarks/out/generalization/before_50_eval.json` exactly (50 of 50 texts).
"""
import argparse
import gzip
import json
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "wikiactors"


def heldout_texts(records, excluded, abstracts, size=50, offset=0):
    """{name: clear abstract} of the held-out people, chosen as `generalization_quality.heldout_records`
    chooses them (the `size` records after the first `offset` outside `excluded` with an abstract in the
    corpus, in the records' order)."""
    names = {r["name"] for r in excluded if r.get("original_abstract")}
    chosen = [r["name"] for r in records if r["name"] not in names and r["name"] in abstracts][offset:offset + size]
    return {name: abstracts[name] for name in chosen}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pipeline", required=True)
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--records", default=str(SHARED / "reidentification" / "WikiActors_500_random.json"))
    ap.add_argument("--heldout", default=str(SHARED / "reidentification" / "WikiActors_50_eval.json"))
    ap.add_argument("--abstracts", default=str(SHARED / "corpus" / "all_actor_abstracts.jsonl.gz"))
    ap.add_argument("--heldout-size", type=int, default=50)
    ap.add_argument("--heldout-offset", type=int, default=0, help="skip this many eligible people (split B: 50)")
    ap.add_argument("--eval-only", action="store_true", help="run on the abstracts of --heldout instead")
    args = ap.parse_args()
    import spacy_anon

    excluded = json.loads(Path(args.heldout).read_text(encoding="utf8"))
    if args.eval_only:
        texts = {r["name"]: r["original_abstract"] for r in excluded if r.get("original_abstract")}
    else:
        with gzip.open(args.abstracts, "rt", encoding="utf8") as fh:
            abstracts = {row["title"]: row["text"] for row in map(json.loads, fh)}
        records = json.loads(Path(args.records).read_text(encoding="utf8"))
        texts = heldout_texts(records, excluded, abstracts, args.heldout_size, args.heldout_offset)
    nlp = spacy_anon.load(args.pipeline, strategy="generalize")
    out = {}
    for name, text in texts.items():
        doc = nlp.make_doc(text)
        doc._.anon_subject = name
        doc = nlp(doc)
        out[name] = {"text": doc._.anon_text, "table": doc._.anon_table or []}
    Path(args.output).write_text(json.dumps(out, ensure_ascii=False), encoding="utf8")
    print(f"{len(out)} texts from {spacy_anon.__file__}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
