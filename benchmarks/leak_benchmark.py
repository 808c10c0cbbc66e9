"""Leak benchmark: plant hidden, inflected and cased identifiers into real documents, run the shipped
pipeline, count what survives (`spacy_anon.evaluate.leaks`).

Each document (a TAB judgment excerpt or a deid nursing note) receives one planted sentence per run;
every kind and form is planted into every document. The "other chunk" name forms plant the detected
name and its capitalised form at the two ends of the document and anonymize it in chunks
(`anonymize_long_text`, as `spacy-anon anonymize --max-length 500`). Values are generated (valid checksums), names come
from Faker's en_US lists with a fixed seed. The pipeline is what a user runs: `spacy_anon.load(MODEL)`
(default: the embedded default model).

    python benchmarks/leak_benchmark.py [--model PATH] [--tab ../shared/data/tab/tab_dev.jsonl]
        [--deid ../shared/data/deid/deid_notes_dev.jsonl] [--deid-notes 60] [--excerpt 3000] [--out FILE]
"""
import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import List, Optional, Tuple

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from spacy_anon.evaluate.leaks import make_plants, plant_into, survives, tally  # noqa: E402
from spacy_anon.longdocs import anonymize_long_text  # noqa: E402

SHARED = REPO.parent / "shared" / "data"


def read_texts(path: Path, field: str = "text", limit: Optional[int] = None) -> List[str]:
    texts = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                texts.append(json.loads(line)[field])
                if limit and len(texts) >= limit:
                    break
    return texts


def excerpt(text: str, size: int, rng: random.Random) -> str:
    """A window of about `size` characters starting at a line start (judgments are long; the plant's
    neighbourhood is what matters)."""
    if len(text) <= size:
        return text
    starts = [0] + [i + 1 for i, c in enumerate(text[: len(text) - size]) if c == "\n"]
    start = rng.choice(starts)
    return text[start:start + size]


def people(n: int, seed: int) -> List[Tuple[str, str]]:
    from faker import Faker

    fake = Faker("en_US")
    fake.seed_instance(seed)
    return [(fake.first_name(), fake.last_name()) for _ in range(n)]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=None, help="pipeline path or name (default: the embedded default)")
    parser.add_argument("--tab", type=Path, default=SHARED / "tab" / "tab_dev.jsonl")
    parser.add_argument("--deid", type=Path, default=SHARED / "deid" / "deid_notes_dev.jsonl")
    parser.add_argument("--deid-notes", type=int, default=60, help="how many deid notes (default 60)")
    parser.add_argument("--excerpt", type=int, default=3000, help="characters of each judgment (default 3000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "out" / "leak_benchmark.json")
    args = parser.parse_args(argv)

    import spacy_anon

    rng = random.Random(args.seed)
    corpora = {}
    if args.tab.exists():
        corpora["TAB"] = [excerpt(t, args.excerpt, rng) for t in read_texts(args.tab)]
    if args.deid.exists():
        corpora["deid"] = read_texts(args.deid, limit=args.deid_notes)
    if not corpora:
        print("no corpus found (give --tab or --deid)", file=sys.stderr)
        return 2
    names = people(200, args.seed)
    nlp = spacy_anon.load(args.model)
    report = {"model": args.model or "default", "machine": platform.platform(), "corpora": {}}
    for corpus, texts in corpora.items():
        jobs = []
        for text in texts:
            for plant in make_plants(rng, names):
                jobs.append((plant, text, plant_into(text, plant, rng)))
        start = time.perf_counter()
        results = []
        whole = [job for job in jobs if not job[0].max_length]
        for (plant, unplanted, _), doc in zip(whole, nlp.pipe(planted for _, _, planted in whole)):
            if doc._.anon_status != "ok":
                raise SystemExit(f"{corpus}: a document was not anonymized")
            results.append((plant, survives(plant, doc._.anon_text, unplanted)))
        for plant, unplanted, planted in (job for job in jobs if job[0].max_length):
            result = anonymize_long_text(nlp, planted, max_length=plant.max_length)  # raises unless all ok
            results.append((plant, survives(plant, result.anonymized, unplanted)))
        seconds = time.perf_counter() - start
        table = tally(results)
        report["corpora"][corpus] = {"documents": len(texts), "runs": len(jobs), "seconds": round(seconds, 1),
                                     "survived": table}
        print(f"\n{corpus}: {len(texts)} documents, {len(jobs)} planted runs, {seconds:.0f} s")
        for kind, forms in table.items():
            cells = ", ".join(f"{form} {c['survived']}/{c['planted']}" for form, c in forms.items())
            print(f"  {kind:6s} {cells}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    print(f"\nwritten {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
