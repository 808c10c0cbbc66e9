"""TAB court judgments the model never saw: the default recipe cross-validated by document, scored through the CLI.

For each of k folds (by document, the split of the tagger CV in docs/benchmarks/tab.md), the commands of
project.yml that train and assemble the default English model (train-crf-english, assemble-english) run
as written, on a copy of their training folder (corpus/english/all, built by `tagger-data`) from which
the fold's documents are removed, any copy of them included (`spacy_anon.evaluate.heldout`; checked
before training). The fold's held-out judgments are then anonymized as a user does:

    python -m spacy_anon anonymize FOLD.jsonl -o OUT.jsonl --model FOLD/pipeline --original-offsets --include-original

as written, in UPPER and in lower case (the genre benchmark's recasing, same gold offsets), and the spans
are read back from OUT.jsonl (`--include-original` adds each span's detector and score for the
reliability study, benchmarks/score_reliability.py; the masks are the same). The metrics are the genre
benchmark's (token recall / precision with its function-word exemption, mention recall, label
accuracy), pooled over the folds, and the TAB tagger metric without exemption (docs/benchmarks/tab.md).

    python benchmarks/tab_heldout.py --folds 5 --out benchmarks/out/tab_heldout.json \
        --write-page docs/benchmarks/tab-heldout.md

A fold whose predictions exist under --work for the same recipe (commands, config and training corpus
hashed) is not retrained (--force retrains); --only-folds 0,1 runs some folds (several processes can
share the folds), and --score-only pools what exists.

--refilter rescores trained folds after a change of the span filters only (the corrections applied to the
CRF's decoded spans, `[components.anon_crf.span_filters]`): they take no part in fitting the CRF, so the
fold's trained model keeps its weights, gets the config's current filters and is assembled and scored
again (minutes instead of hours). It is refused when anything else of the trained model's components
differs from the config's (retrain with --force then).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

import srsly

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import genre_benchmark as gb  # noqa: E402  the recasing, the CLI runner and the metrics of the genre table

from spacy_anon.corpora import iter_records  # noqa: E402
from spacy_anon.evaluate.heldout import (  # noqa: E402
    HeldOut, assert_disjoint, fold_commands, read_recipe, split_by_group, without_held_out,
)
from spacy_anon.evaluate.tab import FunctionWordList, tab_metrics  # noqa: E402

CASINGS = ("as-written", "upper", "lower")
MARK_START, MARK_END = "<!-- tab-heldout:start -->", "<!-- tab-heldout:end -->"
# the targets for court judgments (token recall at token precision), per casing
TARGETS = {"as-written": (0.95, 0.85), "upper": (0.92, 0.75), "lower": (0.92, 0.80)}


def docbin_pairs(path: Path, vocab):
    from spacy.tokens import DocBin

    docs = list(DocBin().from_disk(path).get_docs(vocab))
    return docs, [(str(d.user_data.get("doc_id", "")), d.text) for d in docs]


def fold_corpus(source: Path, target: Path, held: HeldOut) -> Dict[str, int]:
    """Copy the recipe's training folder (or file) to `target` without the held-out documents; check it."""
    import spacy
    from spacy.tokens import DocBin

    vocab = spacy.blank("xx").vocab
    files = sorted(source.glob("*.spacy")) if source.is_dir() else [source]
    target.mkdir(parents=True, exist_ok=True)
    counts = {}
    for f in files:
        docs, pairs = docbin_pairs(f, vocab)
        keep = without_held_out(pairs, held)
        db = DocBin(store_user_data=True)
        for i in keep:
            db.add(docs[i])
        db.to_disk(target / f.name)
        counts[f.name] = len(docs) - len(keep)
        _, written = docbin_pairs(target / f.name, vocab)
        assert_disjoint(written, held, where=f"fold training file {f.name}")
    return counts


def dev_file(train_folder: Path, target: Path, n: int = 5) -> None:
    """A small dev file for `spacy train`'s evaluation row (the components are fitted in initialize, so
    it only costs time): the first n training documents, never a held-out one."""
    import spacy
    from spacy.tokens import DocBin

    vocab = spacy.blank("xx").vocab
    db = DocBin(store_user_data=True)
    for f in sorted(train_folder.glob("*.spacy")):
        docs, _ = docbin_pairs(f, vocab)
        for d in docs[:n]:
            db.add(d)
        break
    db.to_disk(target)


def pipeline_of(commands: List[List[str]], output: str) -> str:
    """The folder the last assemble command writes (its last argument under the fold's output)."""
    under = [a for a in commands[-1] if a.startswith(output.rstrip("/") + "/")]
    return under[-1]


def run_cli(records, folder: Path, model: str) -> Dict[str, list]:
    """The genre benchmark's CLI run with --model; spans with detector and score from OUT.jsonl."""
    return gb.cli_spans_with_sources(records, folder, ["--model", model])


def recased(records, casing: str):
    return records if casing == "as-written" else [gb.recase(r, casing)[0] for r in records]


def recipe_fingerprint(recipe, train_args) -> str:
    """A hash of what a fold's predictions depend on: the recipe's commands, the extra training arguments and
    the files the training command names (config, corpus folder). Code, word clusters and the other files
    the config reads are not in it: after changing them, retrain with --force."""
    import hashlib

    h = hashlib.sha256(json.dumps([list(a) for a in recipe.train + recipe.assemble] + [list(train_args)]).encode())
    named = {Path(a) for argv in recipe.train for a in argv if a.endswith(".cfg")} | {Path(recipe.train_corpus)}
    for path in sorted(named):
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for f in files:
            if f.is_file():
                h.update(str(f).encode() + f.read_bytes())
    return h.hexdigest()[:16]


def run_fold(k: int, args, recipe, records, parts) -> Dict:
    work = Path(args.work) / f"fold{k}"
    held_ids = {records[i].doc_id for i in parts[k]}
    held = HeldOut.of((r.doc_id, r.text) for r in records if r.doc_id in held_ids)
    removed = fold_corpus(Path(recipe.train_corpus), work / "corpus", held)
    dev_file(work / "corpus", work / "dev.spacy")
    commands = fold_commands(recipe, str(work / "corpus"), str(work / "dev.spacy"), str(work / "model"),
                             sys.executable)
    commands[0] += list(args.train_args)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    for argv in commands:
        print(f"fold {k}: {' '.join(argv)}", file=sys.stderr, flush=True)
        subprocess.run(argv, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    train = {"wall_s": round(time.time() - t0, 1),
             "cpu_s": round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 1)}
    model = pipeline_of(commands, str(work / "model"))
    held_records = [r for r in records if r.doc_id in held_ids]
    preds = {}
    for casing in args.casings:
        with tempfile.TemporaryDirectory() as tmp:
            t1 = time.time()
            preds[casing] = run_cli(recased(held_records, casing), Path(tmp), model)
            train[f"anonymize_{casing}_wall_s"] = round(time.time() - t1, 1)
    result = {"fold": k, "recipe": args.fingerprint, "held_out": sorted(held_ids), "removed_from_training": removed, "commands": commands,
              "times": train, "predictions": preds}
    (work / "predictions.json").write_text(json.dumps(result), encoding="utf8")
    shutil_rm(work / "corpus")
    return result


def _without_filters(cfg) -> Dict:
    """The [nlp] and [components] sections of a config, the CRF's span filters taken out."""
    out = {"nlp": dict(cfg["nlp"]), "components": {k: dict(v) for k, v in cfg["components"].items()}}
    out["components"].get("anon_crf", {}).pop("span_filters", None)
    return json.loads(json.dumps(out, default=str, sort_keys=True))


def settings_differing(source, trained, path: str = "") -> List[str]:
    """The settings the source config sets to another value than the trained model's config (which spaCy
    filled with the defaults the source leaves out)."""
    if isinstance(source, dict) and isinstance(trained, dict):
        return [p for k in source for p in settings_differing(source[k], trained.get(k), f"{path}.{k}")]
    return [] if source == trained else [path]


def refilter_fold(k: int, args, recipe, records) -> Dict:
    """A trained fold with the config's current span filters: model-best's config gets them, the copy is
    assembled by the recipe's assemble commands and its held-out judgments are anonymized again."""
    import shutil

    from thinc.api import Config

    work = Path(args.work) / f"fold{k}"
    trained = work / "model" / "model-best"
    saved_path = work / "predictions.json"
    if not trained.exists() or not saved_path.exists():
        raise SystemExit(f"fold {k}: no trained model under {work}; train it first (without --refilter)")
    saved = json.loads(saved_path.read_text(encoding="utf8"))
    config_path = next(Path(a) for argv in recipe.train for a in argv if a.endswith(".cfg"))
    current = Config().from_disk(ROOT / config_path, interpolate=False)
    model_cfg = Config().from_disk(trained / "config.cfg", interpolate=False)
    differing = settings_differing(_without_filters(current), _without_filters(model_cfg))
    if differing:
        raise SystemExit(f"fold {k}: the trained model's settings differ from {config_path} beyond the span "
                         f"filters ({', '.join(differing[:5])}); retrain it (--force)")
    refiltered = work / "model" / "model-refiltered"
    shutil_rm(refiltered)
    shutil.copytree(trained, refiltered)
    model_cfg["components"]["anon_crf"]["span_filters"] = current["components"]["anon_crf"]["span_filters"]
    model_cfg.to_disk(refiltered / "config.cfg", interpolate=False)
    commands = fold_commands(recipe, str(work / "corpus"), str(work / "dev.spacy"), str(work / "model"),
                             sys.executable)[len(recipe.train):]
    pipeline = str(work / "model" / "pipeline")
    commands = [[str(refiltered) if a == str(trained) else (pipeline + "-refiltered" if a == pipeline else a)
                 for a in argv] for argv in commands]
    t0 = time.time()
    for argv in commands:
        print(f"fold {k}: {' '.join(argv)}", file=sys.stderr, flush=True)
        subprocess.run(argv, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    model = pipeline + "-refiltered"
    held_records = [r for r in records if r.doc_id in set(saved["held_out"])]
    preds, times = {}, {"assemble_wall_s": round(time.time() - t0, 1)}
    for casing in args.casings:
        with tempfile.TemporaryDirectory() as tmp:
            t1 = time.time()
            preds[casing] = run_cli(recased(held_records, casing), Path(tmp), model)
            times[f"anonymize_{casing}_wall_s"] = round(time.time() - t1, 1)
    result = {**saved, "recipe": args.fingerprint, "trained_with": saved.get("trained_with", saved["recipe"]),
              "refiltered": True, "refilter_commands": commands, "refilter_times": times, "predictions": preds}
    saved_path.write_text(json.dumps(result), encoding="utf8")
    return result


def shutil_rm(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def score_casing(records, preds: Dict[str, list], casing: str, fw) -> Dict:
    recs = recased(records, casing)
    system = {r.doc_id: [tuple(s[:4]) for s in preds.get(r.doc_id, [])] for r in recs}
    rep = gb.score(recs, system, "tab", "spacy-anon", fw)
    plain = tab_metrics(recs, {d: [(s[0], s[1]) for s in v] for d, v in system.items()})
    rep["token_recall_no_exemption"] = plain["token_recall"]
    rep["token_precision_no_exemption"] = plain["token_precision"]
    return rep


def markdown(report: Dict) -> str:
    lines = ["| casing | folds | docs | token R | token P | mention R | label acc | target (R at P) | met? | "
             "token R / P, no exemption |", "|---|---:|---:|---:|---:|---:|---:|---|---|---|"]
    for casing, rep in report["pooled"].items():
        r_t, p_t = TARGETS[casing]
        met = "yes" if rep["token_recall"] >= r_t and rep["token_precision"] >= p_t else "no"
        lines.append(f"| {casing} | {len(report['folds'])} | {rep['docs']} | {rep['token_recall']:.3f} | "
                     f"{rep['token_precision']:.3f} | {rep['mention_recall']:.3f} | {gb.fmt(rep['label_accuracy'])} | "
                     f"R ≥ {r_t} at P ≥ {p_t} | {met} | {rep['token_recall_no_exemption']:.3f} / "
                     f"{rep['token_precision_no_exemption']:.3f} |")
    lines.append("")
    if len(report["folds"]) < report["n_folds"]:
        lines.append(f"Only folds {', '.join(map(str, report['folds']))} of {report['n_folds']} were run "
                     f"({sum(len(r['held_out']) for r in report['fold_runs'])} of the {report['n_documents']} "
                     "judgments): the pooled figures are over those judgments only.")
        lines.append("")
    lines.append("Per fold (as written, token R / P): " + "; ".join(
        f"{k}: {v['as-written']['token_recall']:.3f} / {v['as-written']['token_precision']:.3f}"
        for k, v in sorted(report["per_fold"].items()) if "as-written" in v))
    refiltered = [f for f in report["fold_runs"] if f.get("refiltered")]
    if refiltered:
        lines.append("")
        lines.append("Folds " + ", ".join(str(f["fold"]) for f in refiltered) + " were scored with `--refilter`: "
                     "the CRF trained for the fold (recipe " + ", ".join(sorted({f["trained_with"] for f in refiltered}))
                     + ") with the config's current span filters, assembled again.")
    times = [f["times"] for f in report["fold_runs"]]
    if times:
        lines.append("")
        lines.append("Training + assembly per fold: " + ", ".join(f"{t['wall_s']:.0f} s wall ({t['cpu_s']:.0f} CPU-s)"
                                                                 for t in times) + ".")
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", default=os.environ.get("SPACY_ANON_SHARED", "../shared/data"))
    parser.add_argument("--project", default=str(ROOT / "project.yml"))
    parser.add_argument("--train-command", default="train-crf-english")
    parser.add_argument("--assemble-command", default="assemble-english")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--only-folds", default="", help="comma list of folds to run (default all)")
    parser.add_argument("--casings", default=",".join(CASINGS))
    parser.add_argument("--work", default=str(ROOT / "training" / "tab-heldout"))
    parser.add_argument("--force", action="store_true", help="retrain folds whose predictions exist")
    parser.add_argument("--score-only", action="store_true", help="pool the folds that exist, train nothing")
    parser.add_argument("--refilter", action="store_true",
                        help="trained folds: take the config's current span filters, assemble and score again "
                             "(no training; refused when more than the span filters changed)")
    parser.add_argument("--out", default=None)
    parser.add_argument("--write-page", default=None, metavar="PAGE.md",
                        help="rewrite the table between the tab-heldout markers of this page")
    args, train_args = parser.parse_known_args(argv)
    args.train_args = train_args  # e.g. --components.anon_crf.max_iterations 100 (added to `spacy train`)
    args.casings = [c for c in args.casings.split(",") if c]
    if set(args.casings) - set(CASINGS):
        parser.error(f"--casings: use {', '.join(CASINGS)}")
    recipe = read_recipe(srsly.read_yaml(args.project), args.train_command, args.assemble_command)
    if not Path(recipe.train_corpus).exists():
        parser.error(f"{recipe.train_corpus}: not built; run `python -m spacy project run tagger-data` first")
    records = list(iter_records(Path(args.shared) / "tab" / "tab_dev.jsonl", "jsonl"))
    parts = split_by_group([r.doc_id for r in records], args.folds)
    wanted = [int(k) for k in args.only_folds.split(",") if k.strip()] or list(range(args.folds))
    args.fingerprint = recipe_fingerprint(recipe, args.train_args)
    runs = []
    for k in range(args.folds):
        path = Path(args.work) / f"fold{k}" / "predictions.json"
        saved = json.loads(path.read_text(encoding="utf8")) if path.exists() else None
        current = saved is not None and saved.get("recipe") == args.fingerprint and saved["held_out"] == sorted(
            records[i].doc_id for i in parts[k])
        if k in wanted and args.refilter:
            runs.append(refilter_fold(k, args, recipe, records))
        elif k in wanted and not args.score_only and (args.force or not current):
            runs.append(run_fold(k, args, recipe, records, parts))
        elif current:
            runs.append(saved)
        elif saved is not None:
            print(f"fold {k}: its predictions are of another recipe or split; not pooled (rerun without "
                  f"--score-only)", file=sys.stderr)
    fw = FunctionWordList()
    by_id = {r.doc_id: r for r in records}
    pooled_preds: Dict[str, Dict[str, list]] = {c: {} for c in CASINGS}
    per_fold = {}
    for run in runs:
        fold_records = [by_id[d] for d in run["held_out"]]
        per_fold[str(run["fold"])] = {}
        for casing, preds in run["predictions"].items():
            pooled_preds[casing].update(preds)
            per_fold[str(run["fold"])][casing] = {
                k: v for k, v in score_casing(fold_records, preds, casing, fw).items() if k != "counts"}
    tested = [by_id[d] for run in runs for d in run["held_out"]]
    pooled = {}
    for casing in CASINGS:
        if all(casing in run["predictions"] for run in runs) and runs:
            pooled[casing] = {**score_casing(tested, pooled_preds[casing], casing, fw), "docs": len(tested)}
    report = {"command": "python benchmarks/tab_heldout.py " + " ".join(argv if argv is not None else sys.argv[1:]),
              "recipe": {"train": [list(a) for a in recipe.train], "assemble": [list(a) for a in recipe.assemble]},
              "folds": sorted(r["fold"] for r in runs), "n_folds": args.folds, "n_documents": len(records),
              "pooled": pooled, "per_fold": per_fold,
              "fold_runs": [{k: v for k, v in r.items() if k != "predictions"} for r in runs]}
    table = markdown(report)
    print(table)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(report, indent=1), encoding="utf8")
    if args.write_page:
        write_section(Path(args.write_page), table)
    return 0


def write_section(path: Path, text: str) -> None:
    """The table between this page's markers (the peer comparison's writer)."""
    import peer_comparison

    peer_comparison.write_section(path, text, MARK_START, MARK_END)


if __name__ == "__main__":
    sys.exit(main())
