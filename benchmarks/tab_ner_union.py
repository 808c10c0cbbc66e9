"""Would a second, different tagger help the CRF on TAB? Trains spaCy's CNN `ner` on TAB CV folds.

For each fold of `scripts/tagger_eval.py`'s 5-fold split by document, trains a `tok2vec` + `ner` pipeline
(`spacy init config --pipeline ner --optimize efficiency`, fixed epochs, no model selection on the
held-out fold) on the other folds' paragraphs plus the extra training files, predicts the held-out
documents, and scores (TAB token metrics, `spacy_anon.evaluate.tab`) the NER alone and its union with
the CRF's held-out predictions at each threshold (`scripts/tagger_eval.py --predictions DIR/pred.json
--thresholds ...`, files pred.json and pred.T.json).

  python benchmarks/tab_ner_union.py --crf-predictions /tmp/tab/cv1 --folds-to-run 0 3 --epochs 15 --out a.json
  python benchmarks/tab_ner_union.py --crf-predictions /tmp/tab/cv1 --pool a.json b.json   # all folds together
"""
import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TAB_DEV = "corpus/tab/tab_dev.spacy"  # the gold the CRF's predictions are scored against


def train_fold(k, tab, parts, extra_files, epochs, work: Path):
    import spacy
    from spacy.cli.train import train as spacy_train
    from spacy.tokens import DocBin

    from spacy_anon.tagger.data import paragraphs

    held_out = set(parts[k])
    train = [p for i, d in enumerate(tab) if i not in held_out for p in paragraphs(d)]
    for path in extra_files:
        for d in DocBin().from_disk(path).get_docs(tab[0].vocab):
            train.extend(paragraphs(d))
    DocBin(docs=train).to_disk(work / "train.spacy")
    DocBin(docs=train[:50]).to_disk(work / "dev.spacy")  # required by spacy train; not used to select
    config = work / "ner.cfg"
    subprocess.run([sys.executable, "-m", "spacy", "init", "config", str(config), "--lang", "en",
                    "--pipeline", "ner", "--optimize", "efficiency", "--force"], check=True, capture_output=True)
    t0 = time.time()
    spacy_train(config, work / "model", overrides={
        "paths.train": str(work / "train.spacy"), "paths.dev": str(work / "dev.spacy"),
        "training.max_epochs": epochs, "training.max_steps": 0, "training.patience": 0,
        "training.eval_frequency": 10 ** 9})
    seconds = time.time() - t0
    model = spacy.load(work / "model" / "model-last")
    texts = [tab[i].text for i in sorted(held_out)]
    cpu = time.process_time()
    list(model.pipe(texts))  # speed with spaCy's own tokenizer, as a user would run it
    speed = sum(len(t) for t in texts) / max(time.process_time() - cpu, 1e-9)
    preds = {}
    for i in sorted(held_out):
        gold_doc = tab[i]
        doc = spacy.tokens.Doc(model.vocab, words=[t.text for t in gold_doc],
                               spaces=[bool(t.whitespace_) for t in gold_doc])
        for _, proc in model.pipeline:
            doc = proc(doc)
        preds[str(gold_doc.user_data.get("doc_id"))] = [[e.start_char, e.end_char, e.label_] for e in doc.ents]
    return preds, seconds, speed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tab", default=str(ROOT / "corpus/tab/tab_dev.spacy"))
    parser.add_argument("--extra-train", nargs="*", default=[str(ROOT / "corpus/english/presidio.spacy"),
                                                             str(ROOT / "corpus/english/wikiann_3k.spacy")])
    parser.add_argument("--crf-predictions", required=True, help="directory with tagger_eval's pred*.json")
    parser.add_argument("--folds-to-run", nargs="*", type=int, default=[0, 1, 2, 3, 4])
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--out", default=None)
    parser.add_argument("--pool", nargs="*", default=None, help="score the union over these --out files' folds")
    args = parser.parse_args(argv)
    if args.pool:
        print(json.dumps(pool(args.pool, args.crf_predictions), indent=1))
        return 0

    from spacy.tokens import DocBin

    from spacy_anon.evaluate.crossval import split_folds
    from spacy_anon.evaluate.error_analysis import load_gold, scores
    from spacy_anon.tagger.data import tagger_nlp

    nlp = tagger_nlp("en")
    tab = list(DocBin().from_disk(args.tab).get_docs(nlp.vocab))
    parts = split_folds(tab, "doc", 5)  # tagger_eval's folds
    records, _ = load_gold(TAB_DEV)
    crf_files = sorted(Path(args.crf_predictions).glob("pred*.json"))
    report = {}
    for k in args.folds_to_run:
        with tempfile.TemporaryDirectory() as tmp:
            ner, seconds, speed = train_fold(k, tab, parts, args.extra_train, args.epochs, Path(tmp))
        ids = set(ner)
        recs = [r for r in records if r.doc_id in ids]
        fold = {"train_seconds": round(seconds, 1), "ner_chars_per_cpu_second": round(speed), "ner": scores(recs, ner)}
        for path in crf_files:
            crf = json.load(open(path))
            crf = {d: crf.get(d, []) for d in ids}
            union = {d: list(crf[d]) + list(ner.get(d, [])) for d in ids}
            fold[path.name] = {"crf": scores(recs, crf), "union": scores(recs, union)}
        print(json.dumps({f"fold {k}": fold}), flush=True)
        fold["predictions"] = ner
        report[f"fold {k}"] = fold
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1))
    return 0


def pool(reports, crf_dir) -> dict:
    """Scores over all documents of several runs' folds (the NER predictions saved in --out files)."""
    from spacy_anon.evaluate.error_analysis import load_gold, scores

    ner = {}
    for path in reports:
        for fold in json.load(open(path)).values():
            ner.update(fold["predictions"])
    records = [r for r in load_gold(TAB_DEV)[0] if r.doc_id in ner]
    out = {"documents": len(records), "ner": scores(records, ner)}
    for path in sorted(Path(crf_dir).glob("pred*.json")):
        crf = json.load(open(path))
        union = {d: list(crf.get(d, [])) + list(ner.get(d, [])) for d in ner}
        out[path.name] = {"crf": scores(records, {d: crf.get(d, []) for d in ner}), "union": scores(records, union)}
    return out


if __name__ == "__main__":
    sys.exit(main())
