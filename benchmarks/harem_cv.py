"""The shipped Portuguese recipe cross-validated on the Second HAREM collection, scored as Dias et al.
scores its NER (Table III: Person, Location, Organization and "All Classes" untyped; exact spans) and
with the stricter typed scores, on the held-out documents as written, in UPPER and in lower case.

    python benchmarks/harem_cv.py --folds 5 --jobs 2 --out benchmarks/out/harem_cv.json

Per fold k, in --work/fold<k>/: the Second HAREM documents of the other folds and the whole First HAREM
collection become the training folder, and the commands of project.yml that make the shipped model run on
it with their paths replaced by the fold's (`RECIPE`: the copies line of case-copies-pt, then train-crf-pt
and assemble-pt, so the fold's pipeline is trained and assembled as spacy_anon/data/
default_model_pt is). Fold k's documents are then anonymized through the CLI (`python -m spacy_anon
anonymize IN.jsonl -o OUT.jsonl --model FOLD_PIPELINE --lang pt --original-offsets`, as the genre
benchmark runs the default) as written and recased (benchmarks/genre_benchmark.recase), and the pooled
held-out spans are scored: `spacy_anon.evaluate.three_class.three_class_scores` (Dias et al.'s metric) and
`spacy_anon.evaluate.crossval.score_docs("harem", ...)` (HAREM's five classes, typed, exact). Folds are
`spacy_anon.evaluate.crossval.split_folds` by document (the split of evaluate-tagger-harem).
--no-case-copies leaves the copies line out: the recipe of the shipped model. --reuse keeps a fold's
finished pipeline (or assembles its trained model-best) instead of building it again.
"""
import argparse
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Mapping, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from genre_benchmark import recase, run_cli  # noqa: E402

from spacy_anon.evaluate import recipe as project_recipe  # noqa: E402
from spacy_anon.evaluate.recipe import substitute  # noqa: E402,F401  (re-exported for the tests)

SEGUNDO = "corpus/harem/segundo5.spacy"
PRIMEIRO = "corpus/harem/primeiro5.spacy"
# (project.yml command, which of its lines, the paths each must contain)
RECIPE = (
    ("case-copies-pt", "tagger_case_copies.py", ("corpus/harem/segundo5.spacy", "corpus/harem/primeiro5.spacy",
                                                 "corpus/harem/cased")),
    ("train-crf-pt", None, ("corpus/harem/all", "training/harem")),
    ("assemble-pt", None, ("training/harem",)),
)
CASINGS = ("as written", "upper", "lower")


def fold_paths(fold: str) -> Dict[str, str]:
    """The shipped paths -> the fold's."""
    return {
        "corpus/harem/segundo5.spacy": f"{fold}/train/segundo5.spacy",
        "corpus/harem/primeiro5.spacy": f"{fold}/train/primeiro5.spacy",
        "corpus/harem/all": f"{fold}/train",
        "corpus/harem/cased": f"{fold}/train",
        "training/harem": f"{fold}/out",
    }


def train_test_indices(parts: Sequence[Sequence[int]], k: int) -> Tuple[List[int], List[int]]:
    """(training indices, held-out indices) of fold k: every other fold trains, fold k is held out."""
    held = sorted(parts[k])
    held_set = set(held)
    return sorted(i for part in parts for i in part if i not in held_set), held


def recipe_lines(project: Mapping, fold: str, case_copies: bool = True, only: Sequence[str] = ()) -> List[str]:
    """The shell lines that build the fold's pipeline: project.yml's RECIPE commands (those named in
    `only`, when given) with the fold's paths (`spacy_anon.evaluate.recipe.recipe_lines`)."""
    skip = () if case_copies else ("tagger_case_copies.py",)
    return project_recipe.recipe_lines(project, RECIPE, fold_paths(fold), skip=skip, only=only)


def run_lines(lines: Sequence[str], log: Path) -> None:
    with log.open("w", encoding="utf8") as f:
        for line in lines:
            if line.startswith("python "):
                line = shlex.quote(sys.executable) + line[len("python"):]
            f.write(f"$ {line}\n")
            f.flush()
            proc = subprocess.run(["bash", "-c", line], cwd=ROOT, stdout=f, stderr=subprocess.STDOUT,
                                  env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
            if proc.returncode != 0:
                raise RuntimeError(f"fold command failed ({proc.returncode}), see {log}: {line[:160]}")


def write_docs(docs, path: Path) -> None:
    from spacy.tokens import DocBin

    path.parent.mkdir(parents=True, exist_ok=True)
    DocBin(store_user_data=True, docs=docs).to_disk(path)


def run_fold(k: int, docs, parts, work: Path, project, case_copies: bool, keep: bool, reuse: bool = False) -> Dict:
    """Build fold k's pipeline by the recipe and anonymize its held-out documents in every casing."""
    from spacy_anon.corpora import record_from_doc

    fold = work / f"fold{k}"
    pipeline = fold / "out" / "pipeline"
    train_idx, held = train_test_indices(parts, k)
    name = str(fold.relative_to(ROOT) if fold.is_relative_to(ROOT) else fold)
    t0 = time.time()
    if reuse and (fold / "out" / "model-best").is_dir():
        lines = [] if pipeline.is_dir() else recipe_lines(project, name, case_copies, only=("assemble-pt",))
        if lines:
            run_lines(lines, fold / "assemble.log")
    else:
        shutil.rmtree(fold, ignore_errors=True)
        write_docs([docs[i] for i in train_idx], fold / "train" / "segundo5.spacy")
        shutil.copy(ROOT / PRIMEIRO, fold / "train" / "primeiro5.spacy")
        lines = recipe_lines(project, name, case_copies)
        run_lines(lines, fold / "recipe.log")
    build_s = time.time() - t0
    records = [record_from_doc(docs[i]) for i in held]
    preds = {}
    with tempfile.TemporaryDirectory() as tmp:
        for casing in CASINGS:
            recs = records if casing == "as written" else [recase(r, casing)[0] for r in records]
            out = run_cli(recs, Path(tmp), ["--model", str(pipeline), "--lang", "pt"])
            preds[casing] = {d: [(s, e, lab) for s, e, lab, _ in v] for d, v in out.items()}
    if not keep:
        shutil.rmtree(fold / "train", ignore_errors=True)
    print(f"fold {k}: {len(held)} documents, recipe {build_s:.0f} s", file=sys.stderr, flush=True)
    return {"k": k, "build_seconds": round(build_s, 1), "preds": preds, "lines": lines}


def score_all(gold_docs, preds_by_casing: Mapping[str, Mapping]) -> Dict:
    from spacy_anon.corpora import record_from_doc
    from spacy_anon.evaluate.crossval import score_docs
    from spacy_anon.evaluate.three_class import compare_rows, three_class_scores

    gold = {r.doc_id: [(s.start, s.end, s.label) for s in r.spans] for r in map(record_from_doc, gold_docs)}
    out = {}
    for casing, preds in preds_by_casing.items():
        seed = three_class_scores(gold, preds)
        harem = score_docs("harem", gold_docs, preds)
        out[casing] = {"seed004": seed, "seed004_vs_table_iii": compare_rows(seed),
                       "harem_typed": {k: harem[k] for k in harem if k in ("subtrack1", "per_label", "masked_char_recall")}}
    return out


def markdown(scores: Mapping) -> str:
    from spacy_anon.evaluate.three_class import SEED004_TABLE_III

    lines = ["| row | Dias et al. R / P / F1 | " + " | ".join(f"{c} R / P / F1" for c in scores) + " |",
             "|---|---|" + "---|" * len(scores)]
    for row, (r, p, f) in SEED004_TABLE_III.items():
        cells = []
        for casing in scores:
            s = scores[casing]["seed004"][row]
            cells.append(f"{s['recall']:.3f} / {s['precision']:.3f} / {s['f1']:.3f}")
        lines.append(f"| {row} | {r:.3f} / {p:.3f} / {f:.3f} | " + " | ".join(cells) + " |")
    cells = []
    for casing in scores:
        s = scores[casing]["seed004"]["All Classes typed"]
        cells.append(f"{s['recall']:.3f} / {s['precision']:.3f} / {s['f1']:.3f}")
    lines.append("| All Classes, typed | – | " + " | ".join(cells) + " |")
    cells = []
    for casing in scores:
        s = scores[casing]["harem_typed"].get("subtrack1", {})
        cells.append(" / ".join(f"{s.get(k, 0):.3f}" for k in ("recall", "precision", "f1")))
    lines.append("| HAREM's five classes, typed | – | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--only-folds", default="", help="comma list of folds to run (default all)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", default="training/harem-cv")
    parser.add_argument("--no-case-copies", action="store_true", help="the recipe without its case copies line")
    parser.add_argument("--keep", action="store_true", help="keep each fold's training folder")
    parser.add_argument("--reuse", action="store_true",
                        help="a fold whose model-best exists is not trained again (assembled if needed)")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    import spacy
    import yaml
    from spacy.tokens import DocBin

    from spacy_anon.evaluate.crossval import split_folds

    project = yaml.safe_load((ROOT / "project.yml").read_text(encoding="utf8"))
    work = (ROOT / args.work).resolve()
    vocab = spacy.blank("pt").vocab
    docs = list(DocBin().from_disk(ROOT / SEGUNDO).get_docs(vocab))
    parts = split_folds(docs, "doc", args.folds)
    wanted = [int(x) for x in args.only_folds.split(",") if x.strip()] or list(range(args.folds))
    started = time.time()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda k: run_fold(k, docs, parts, work, project, not args.no_case_copies, args.keep,
                                                     args.reuse),
                                wanted))
    tested = sorted(i for k in wanted for i in parts[k])
    pooled = {c: {} for c in CASINGS}
    for res in results:
        for c in CASINGS:
            pooled[c].update(res["preds"][c])
    scores = score_all([docs[i] for i in tested], pooled)
    report = {
        "command": "python benchmarks/harem_cv.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "folds": args.folds, "evaluated_folds": wanted, "test_documents": len(tested), "case_copies": not args.no_case_copies,
        "build_seconds": {r["k"]: r["build_seconds"] for r in results}, "wall_seconds": round(time.time() - started),
        "recipe": results[0]["lines"] if results else [], "scores": scores,
    }
    table = markdown(scores)
    print(table)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(report, indent=1), encoding="utf8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
