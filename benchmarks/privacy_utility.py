"""Privacy (TRIR) and utility (TPI) of every method on WikiActors (50_eval, 500_random) and TAB dev, one
attacker per background knowledge.

    python benchmarks/privacy_utility.py [--scenario 50_eval|500_random|tab_dev] [--attacker tfidf|transformer]
        [--pipeline training/wikiactors/pipeline] [--strategies generalize,suppress,tag,surrogate,pseudonym]
        [--head wide_deep|deep] [--out docs/benchmarks] [--cache benchmarks/out/privacy_utility]

Methods: the clear text, the shipped baselines (fields of the re-identification records: manual, Stanford
NER3/4/7, Presidio, spaCy, Word2Vec t=0.25/0.5) and this package's pipeline with each strategy, run
through `spacy_anon.load(PIPELINE, strategy=...)` on the original abstracts with the actor as
`doc._.anon_subject` (what `spacy-anon anonymize` sets from a JSONL \"subject\"), as a user would. The attacker
is trained once (background + background anonymized by the shipped NER pipeline, cached), early-stopped
/ selected on the records' development abstracts, and attacks every method. TPI uses wordfreq.
With the wide-and-deep transformer (`--head wide_deep`, the default), each row also gives the TRIR of
the wide (word-piece SVM) and deep (fine-tuned encoder) parts alone.
Writes privacy-utility-<scenario>-<attacker>.json/.md/.png under --out.

`--add-method "LABEL=PATH"` adds a method from a `{id: text}` JSON (an earlier output, say). The transformer
attack can run on another machine (a GPU, no spaCy needed there; benchmarks/attack_outputs.py):
`--save-methods FILE` writes the attack's inputs and stops, `--attack-result FILE` takes each method's TRIR
from that machine's result instead of training here, and adds TPI.
"""
import argparse
import json
import logging
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
DATA = SHARED / "wikiactors" / "reidentification"
TAB = SHARED / "tab"
TAB_BASELINES = [("Manual (INTACT)", "Manual_INTACT.json"), ("NER3", "St.NER3_Entity.json"),
                 ("NER7", "St.NER7_Entity.json"), ("Presidio", "Presidio_Entity.json"), ("spaCy", "spaCy_Entity.json")]
BASELINES = [("Manual", "manual_abstract"), ("NER3", "ner3_abstract"), ("NER4", "ner4_abstract"),
             ("NER7", "ner7_abstract"), ("Presidio", "presidio_abstract"), ("spaCy", "spacy_abstract"),
             ("Word2Vec t=0.25", "word2vec_t=0.25_abstract"), ("Word2Vec t=0.5", "word2vec_t=0.5_abstract")]


def run_pipeline(path, strategy, texts, subject=True):
    import os
    import secrets

    import spacy_anon

    if strategy == "pseudonym":  # keyed pseudonyms need a secret; a throw-away one per run suffices here
        os.environ.setdefault("SPACY_ANON_KEY", secrets.token_hex(16))

    nlp = spacy_anon.load(path or None, strategy=strategy)
    out = {}
    for name, text in texts.items():
        doc = nlp.make_doc(text)
        if subject:
            doc._.anon_subject = name  # the person to protect, as the CLI's JSONL "subject" sets it
        doc = nlp(doc)
        if doc._.anon_status != "ok":
            raise RuntimeError(f"{strategy}: a document failed ({doc._.anon_status})")
        out[name] = doc._.anon_text
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", default="50_eval")
    parser.add_argument("--attacker", default="tfidf")
    parser.add_argument("--pipeline", default="training/wikiactors/pipeline")
    parser.add_argument("--strategies", default="generalize,suppress,tag,surrogate,pseudonym")
    parser.add_argument("--max-epochs", type=int, default=20)
    parser.add_argument("--patience", type=int, default=5, help="transformer: epochs without dev gain before stopping")
    parser.add_argument("--max-windows-per-doc", type=int, default=None,
                        help="transformer: training windows drawn per background document and epoch (CPU budget)")
    parser.add_argument("--learning-rate", type=float, default=5e-5, help="transformer: encoder learning rate")
    parser.add_argument("--max-seconds", type=float, default=None, help="transformer: training time budget")
    parser.add_argument("--head", default="wide_deep", choices=("wide_deep", "deep"),
                        help="transformer: encoder plus word-piece linear model (wide_deep), or the encoder alone")
    parser.add_argument("--out", default="docs/benchmarks")
    parser.add_argument("--cache", default="benchmarks/out/privacy_utility")
    parser.add_argument("--add-method", action="append", default=[], metavar="LABEL=PATH",
                        help="one more method: its texts as a {id: text} JSON (repeatable)")
    parser.add_argument("--save-methods", default=None, metavar="FILE",
                        help="transformer: write the attack's inputs (pre-processed; .gz compresses) and stop")
    parser.add_argument("--attack-result", default=None, metavar="FILE",
                        help="transformer: TRIR from benchmarks/attack_outputs.py's result, no training here")
    parser.add_argument("--combine", default=None, metavar="A.json,B.json",
                        help="only plot: the rows of several runs (one marker per attacker) into --out/privacy-"
                             "utility-<scenario>-attackers.png")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.combine:
        runs = [json.loads(Path(f).read_text(encoding="utf8")) for f in args.combine.split(",")]
        path = Path(args.out) / f"privacy-utility-{runs[0]['scenario']}-attackers.png"
        plot_attackers(runs, path, f"WikiActors {runs[0]['scenario']}: TRIR under each attacker")
        print(path)
        return

    from spacy_anon.risk import (ReidentificationAttack, load_background, load_texts, pipeline_anonymizer,
                                 text_preserved_information)

    t_start = time.time()
    if args.scenario == "tab_dev":
        background, original, dev, baselines = tab_scenario()
        pipeline = None if args.pipeline == "training/wikiactors/pipeline" else args.pipeline
    else:
        records_path = DATA / f"WikiActors_{args.scenario}.json"
        records = json.loads(records_path.read_text(encoding="utf8"))
        background = load_background(records)
        original = load_texts(records, field="original_abstract")
        dev = load_texts(records, field="dev_abstract")
        baselines = {label: load_texts(records, field=field) for label, field in BASELINES}
        pipeline = args.pipeline
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    bk_prime = cache / f"bk_anonymized_{args.scenario}.json"
    anonymized_background = None
    if bk_prime.exists():
        anonymized_background = json.loads(bk_prime.read_text(encoding="utf8"))
    methods = {"Clear text": original}
    methods.update(baselines)
    pipeline_seconds = {}
    for strategy in [s for s in args.strategies.split(",") if s]:
        cached = cache / f"pipeline_{strategy}_{args.scenario}.json"
        if cached.exists():
            methods[f"spacy-anon {strategy}"] = json.loads(cached.read_text(encoding="utf8"))
            continue
        t0 = time.time()
        methods[f"spacy-anon {strategy}"] = run_pipeline(pipeline, strategy, original,
                                                         subject=args.scenario != "tab_dev")
        pipeline_seconds[strategy] = round(time.time() - t0, 1)
        cached.write_text(json.dumps(methods[f"spacy-anon {strategy}"], ensure_ascii=False), encoding="utf8")
    for spec in args.add_method:
        label, sep, path = spec.partition("=")
        if not sep or not label or not path:
            parser.error(f"--add-method takes LABEL=PATH, got {spec!r}")
        data = json.loads(Path(path).read_text(encoding="utf8"))
        if isinstance(data, dict) and all(isinstance(v, dict) and "text" in v for v in data.values()):
            data = {k: v["text"] for k, v in data.items()}  # {id: {"text", "table"}} of the generalization benchmarks
        methods[label] = load_texts(data)

    if args.save_methods or args.attack_result:
        if args.attacker != "transformer":
            raise SystemExit("--save-methods and --attack-result are for --attacker transformer")
        import attack_outputs  # beside this file (benchmarks/ is on sys.path when it runs as a script)

    if args.save_methods:
        if anonymized_background is None:
            anonymized_background = pipeline_anonymizer()(list(background.values()))
            bk_prime.write_text(json.dumps(anonymized_background, ensure_ascii=False), encoding="utf8")
        attack_outputs.write_json(args.save_methods, attack_outputs.attack_inputs(
            args.scenario, background, anonymized_background, dev, original, methods))
        print(f"{args.save_methods}: {len(methods)} methods, {len(background)} background documents")
        return
    if args.attack_result:
        summary, rows = from_attack_result(attack_outputs, args.attack_result, methods, original)
        summary["pipeline_seconds"] = pipeline_seconds
        write_outputs(args, summary, rows)
        return

    settings = {}
    if args.attacker == "transformer":
        settings = {"max_epochs": args.max_epochs, "patience": args.patience,
                    "max_windows_per_doc": args.max_windows_per_doc, "learning_rate": args.learning_rate,
                    "max_seconds": args.max_seconds, "head": args.head}
    t0 = time.time()
    attack = ReidentificationAttack(background, attacker=args.attacker, dev=dev or None, dev_is_anonymized=True,
                                    anonymized_background=anonymized_background, **settings)
    train_seconds = time.time() - t0
    if anonymized_background is None:
        bk_prime.write_text(json.dumps(attack.anonymized_background, ensure_ascii=False), encoding="utf8")
    rows = []
    for label, texts in methods.items():
        t1 = time.time()
        risk = attack.report(texts, original)
        utility = text_preserved_information(original, texts)
        rows.append({"method": label, "trir": risk["trir"], "tpi": utility["tpi"],
                     "tpi_suppression": utility["tpi_suppression"], "utility_percent": utility["utility_percent"],
                     "ic_multiplier": utility["ic_multiplier"], "n": risk["n_protected"],
                     "seconds": round(time.time() - t1, 1)})
        if risk["parts"]:  # the wide-and-deep transformer: what each part alone re-identifies
            rows[-1]["parts"] = {part: r["trir"] for part, r in risk["parts"].items()}
        logging.info("%s: TRIR %.2f TPI %.3f%s", label, risk["trir"], utility["tpi"],
                     "".join(f", {p} {t:.2f}" for p, t in rows[-1].get("parts", {}).items()))
    summary = {"scenario": args.scenario, "attacker": attack.attacker.settings(), "n_background": len(background),
               "n_dev": len(attack.dev), "dev_accuracy": attack.attacker.dev_accuracy,
               "random_guess": 1 / len(background), "attack_train_seconds": round(train_seconds, 1),
               "pipeline_seconds": pipeline_seconds, "total_seconds": round(time.time() - t_start, 1),
               "log": attack.log, "rows": rows}
    write_outputs(args, summary, rows)
    print(f"attack trained in {train_seconds:.1f} s; total {time.time() - t_start:.1f} s")


def from_attack_result(attack_outputs, path, methods, original):
    """(summary, rows) of a result of `attack_outputs.py attack`: its TRIR, TPI computed here on the same
    texts (each method's digest must match the texts the attack scored)."""
    from spacy_anon.risk import text_preserved_information

    result = attack_outputs.read_json(path)
    by_method = {r["method"]: r for r in result["rows"]}
    rows = []
    for label, texts in methods.items():
        if label not in by_method:
            raise SystemExit(f"{path}: no row for {label!r}; rows: {sorted(by_method)}")
        row = by_method[label]
        if row["digest"] != attack_outputs.texts_digest(texts):
            raise SystemExit(f"{path}: {label!r} scored other texts than the ones here; save the inputs again")
        utility = text_preserved_information(original, texts)
        rows.append({"method": label, "trir": row["trir"], "tpi": utility["tpi"],
                     "tpi_suppression": utility["tpi_suppression"], "utility_percent": utility["utility_percent"],
                     "ic_multiplier": utility["ic_multiplier"], "n": row["n"], "seconds": row["seconds"]})
        if row.get("parts"):
            rows[-1]["parts"] = row["parts"]
        logging.info("%s: TRIR %.2f TPI %.3f", label, row["trir"], utility["tpi"])
    keys = ("scenario", "attacker", "n_background", "n_dev", "dev_accuracy", "random_guess", "attack_train_seconds")
    summary = {k: result[k] for k in keys}
    summary.update({"device_name": result["device_name"], "total_seconds": result["total_seconds"],
                    "log": result["log"], "rows": rows})
    return summary, rows


def write_outputs(args, summary, rows) -> None:
    """privacy-utility-<scenario>-<attacker>.json/.md/.png under --out."""
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"privacy-utility-{args.scenario}-{args.attacker}"
    stem.with_suffix(".json").write_text(json.dumps(summary, indent=2), encoding="utf8")
    parts = list(rows[0].get("parts", {})) if rows else []
    lines = [f"| Method | TRIR ({args.attacker}) | "
             + "".join(f"TRIR ({p} part) | " for p in parts)
             + "TPI | TPI (suppression only) | Utility % (Hassan et al.) | IC multiplier |",
             "|---|---:|" + "---:|" * len(parts) + "---:|---:|---:|---:|"]
    for r in rows:
        mult = f"{r['ic_multiplier']:.2f}" if r["ic_multiplier"] is not None else "n/a"
        lines.append(f"| {r['method']} | {r['trir']:.2f} | " + "".join(f"{r['parts'][p]:.2f} | " for p in parts)
                     + f"{r['tpi']:.3f} | {r['tpi_suppression']:.3f} | {r['utility_percent']:.1f} | {mult} |")
    stem.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf8")
    corpus = "TAB" if args.scenario == "tab_dev" else "WikiActors"
    plot(rows, stem.with_suffix(".png"), f"{corpus} {args.scenario}, {args.attacker} attacker")
    print("\n".join(lines))


def tab_scenario():
    """TAB dev: the 58 judgments protected, each case's full public judgment as background knowledge
    (127 cases of the TAB test split: 58 protected + 69 others), no development set; the baselines are
    the masks of tab/baselines applied to the texts (entity masks as [LABEL], INTACT's replacements)."""
    from spacy_anon.risk import load_background, load_masked

    background = load_background(TAB / "background" / "TAB_test_BK=Public.json")
    original = {}
    with (TAB / "tab_dev.jsonl").open(encoding="utf8") as f:
        for line in f:
            if line.strip():
                record = json.loads(line)
                original[str(record["doc_id"])] = record["text"]
    baselines = {label: load_masked(TAB / "baselines" / name, original) for label, name in TAB_BASELINES}
    return background, original, {}, baselines


def plot(rows, path, title):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 5))
    for r in rows:
        ours = r["method"].startswith("spacy-anon")
        ax.scatter(r["tpi"], r["trir"], marker="*" if ours else "o", s=120 if ours else 50,
                   color="tab:red" if ours else "tab:blue")
        ax.annotate(r["method"], (r["tpi"], r["trir"]), textcoords="offset points", xytext=(4, 4), fontsize=8)
    _save_plot(fig, ax, title, path)


def _save_plot(fig, ax, title, path):
    """The privacy-utility axes (TPI across, TRIR up), title and grid; writes the PNG."""
    ax.set_xlabel("TPI (information kept, higher is better)")
    ax.set_ylabel("TRIR (re-identified share, lower is better)")
    ax.set_xlim(0, 1.05)
    ax.set_ylim(0, 1.05)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def plot_attackers(runs, path, title):
    """One point per method and attacker (TPI does not depend on the attacker), joined per method."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    markers = {"tfidf": "o", "transformer": "^"}
    fig, ax = plt.subplots(figsize=(8, 5.5))
    by_method = {}
    for run in runs:
        name = run["attacker"]["name"]
        for r in run["rows"]:
            by_method.setdefault(r["method"], []).append((r["tpi"], r["trir"]))
            ours = r["method"].startswith("spacy-anon")
            ax.scatter(r["tpi"], r["trir"], marker=markers.get(name, "s"), s=70,
                       color="tab:red" if ours else "tab:blue", alpha=0.8)
    for method, points in by_method.items():
        xs, ys = zip(*points)
        ax.plot(xs, ys, color="grey", linewidth=0.8, alpha=0.6)
        ax.annotate(method, points[0], textcoords="offset points", xytext=(4, 4), fontsize=7)
    for name, marker in markers.items():
        ax.scatter([], [], marker=marker, color="grey", label=f"{name} attacker")
    ax.legend(loc="upper left", fontsize=8)
    _save_plot(fig, ax, title, path)


if __name__ == "__main__":
    main()
