"""Privacy (TRIR) and utility (TPI) of every method on WikiActors, one attacker per background knowledge.

    python benchmarks/privacy_utility.py [--scenario 50_eval|500_random] [--attacker tfidf|transformer]
        [--pipeline training/wikiactors/pipeline] [--strategies generalize,suppress,tag]
        [--out docs/benchmarks] [--cache benchmarks/out/privacy_utility]

Methods: the clear text, the shipped baselines (fields of the re-identification records: manual, Stanford
NER3/4/7, Presidio, spaCy, Word2Vec t=0.25/0.5) and this package's pipeline with each strategy, run
through `spacy_anon.load(PIPELINE, strategy=...)` on the original abstracts with the actor as
`doc._.anon_subject` (what `spacy-anon anonymize` sets from a JSONL \"subject\"), as a user would. The attacker
is trained once (background + background anonymized by the shipped NER pipeline, cached), early-stopped
/ selected on the records' development abstracts, and attacks every method. TPI uses wordfreq.
Writes privacy-utility-<scenario>-<attacker>.json/.md/.png under --out.
"""
import argparse
import json
import logging
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "wikiactors" / "reidentification"
BASELINES = [("Manual", "manual_abstract"), ("NER3", "ner3_abstract"), ("NER4", "ner4_abstract"),
             ("NER7", "ner7_abstract"), ("Presidio", "presidio_abstract"), ("spaCy", "spacy_abstract"),
             ("Word2Vec t=0.25", "word2vec_t=0.25_abstract"), ("Word2Vec t=0.5", "word2vec_t=0.5_abstract")]


def run_pipeline(path, strategy, texts):
    import spacy_anon

    nlp = spacy_anon.load(path, strategy=strategy)
    out = {}
    for name, text in texts.items():
        doc = nlp.make_doc(text)
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
    parser.add_argument("--strategies", default="generalize,suppress,tag")
    parser.add_argument("--max-epochs", type=int, default=20)
    parser.add_argument("--out", default="docs/benchmarks")
    parser.add_argument("--cache", default="benchmarks/out/privacy_utility")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    from spacy_anon.risk import ReidentificationAttack, load_background, load_texts, text_preserved_information

    t_start = time.time()
    records_path = DATA / f"WikiActors_{args.scenario}.json"
    records = json.loads(records_path.read_text(encoding="utf8"))
    background = load_background(records)
    original = load_texts(records, field="original_abstract")
    dev = load_texts(records, field="dev_abstract")
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    bk_prime = cache / f"bk_anonymized_{args.scenario}.json"
    anonymized_background = None
    if bk_prime.exists():
        anonymized_background = json.loads(bk_prime.read_text(encoding="utf8"))
    methods = {"Clear text": original}
    methods.update({label: load_texts(records, field=field) for label, field in BASELINES})
    pipeline_seconds = {}
    for strategy in [s for s in args.strategies.split(",") if s]:
        cached = cache / f"pipeline_{strategy}_{args.scenario}.json"
        if cached.exists():
            methods[f"spacy-anon {strategy}"] = json.loads(cached.read_text(encoding="utf8"))
            continue
        t0 = time.time()
        methods[f"spacy-anon {strategy}"] = run_pipeline(args.pipeline, strategy, original)
        pipeline_seconds[strategy] = round(time.time() - t0, 1)
        cached.write_text(json.dumps(methods[f"spacy-anon {strategy}"], ensure_ascii=False), encoding="utf8")

    settings = {"max_epochs": args.max_epochs} if args.attacker == "transformer" else {}
    t0 = time.time()
    attack = ReidentificationAttack(background, attacker=args.attacker, dev=dev, dev_is_anonymized=True,
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
        logging.info("%s: TRIR %.2f TPI %.3f", label, risk["trir"], utility["tpi"])
    summary = {"scenario": args.scenario, "attacker": attack.attacker.settings(), "n_background": len(background),
               "n_dev": len(attack.dev), "dev_accuracy": attack.attacker.dev_accuracy,
               "random_guess": 1 / len(background), "attack_train_seconds": round(train_seconds, 1),
               "pipeline_seconds": pipeline_seconds, "total_seconds": round(time.time() - t_start, 1),
               "log": attack.log, "rows": rows}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"privacy-utility-{args.scenario}-{args.attacker}"
    stem.with_suffix(".json").write_text(json.dumps(summary, indent=2), encoding="utf8")
    lines = [f"| Method | TRIR ({args.attacker}) | TPI | TPI (suppression only) | Utility % (Hassan et al.) | IC multiplier |",
             "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        mult = f"{r['ic_multiplier']:.2f}" if r["ic_multiplier"] is not None else "n/a"
        lines.append(f"| {r['method']} | {r['trir']:.2f} | {r['tpi']:.3f} | {r['tpi_suppression']:.3f} | "
                     f"{r['utility_percent']:.1f} | {mult} |")
    stem.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf8")
    plot(rows, stem.with_suffix(".png"), f"WikiActors {args.scenario}, {args.attacker} attacker")
    print("\n".join(lines))
    print(f"attack trained in {train_seconds:.1f} s; total {time.time() - t_start:.1f} s")


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
    ax.set_xlabel("TPI (information kept, higher is better)")
    ax.set_ylabel("TRIR (re-identified share, lower is better)")
    ax.set_xlim(0, 1.05)
    ax.set_ylim(0, 1.05)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
