"""Throughput of the shipped tagger on TAB dev: the tagger pipeline alone and the full default pipeline.

  python benchmarks/tagger_speed.py [--data ../shared/data/tab/tab_dev.jsonl] [--model spacy_anon/data/default_model]

Reports wall-clock chars/s and chars per CPU-second (process time; robust when the machine is shared),
best of --runs runs. Compare with Presidio's row in BENCHMARKS.md (throughput section).
"""
import argparse
import json
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def measure(nlp, texts, runs):
    best = None
    for _ in range(runs):
        w0, c0 = time.perf_counter(), time.process_time()
        for doc in nlp.pipe(texts):
            pass
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        if best is None or cpu < best[1]:
            best = (wall, cpu)
    chars = sum(len(t) for t in texts)
    return {"chars": chars, "wall_s": round(best[0], 2), "cpu_s": round(best[1], 2),
            "chars_per_s": int(chars / best[0]), "chars_per_cpu_s": int(chars / best[1])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(REPO.parent / "shared" / "data" / "tab" / "tab_dev.jsonl"))
    parser.add_argument("--model", default=str(REPO / "spacy_anon" / "data" / "default_model"))
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    import spacy

    import spacy_anon

    texts = [json.loads(line)["text"] for line in open(args.data, encoding="utf8") if line.strip()]
    tagger = spacy.load(args.model)
    list(tagger.pipe(texts[:2]))
    full = spacy_anon.load(args.model)
    list(full.pipe(texts[:2]))
    report = {
        "tagger " + "+".join(tagger.pipe_names): measure(tagger, texts, args.runs),
        "spacy_anon.load(model) " + "+".join(full.pipe_names): measure(full, texts, args.runs),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
