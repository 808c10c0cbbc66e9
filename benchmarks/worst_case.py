"""Worst-case input sizes: time of the e-mail recognizer on one long token, of every rule recognizer on a
1 MB base64 blob, and (with --pipeline) of the default pipeline on that blob.

    python benchmarks/worst_case.py [--pipeline]

Quadratic regexes and quadratic span propagation once made a 1 MB blob run for minutes; this prints the
seconds so that a regression shows as a number, not only as a failing bound in the tests.
"""
import argparse
import base64
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def blob(n: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n * 3 // 4 + 3))).decode()[:n]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pipeline", action="store_true", help="also the default pipeline on the 1 MB blob")
    args = parser.parse_args()
    from spacy_anon.rules import find_matches, make_options
    from spacy_anon.rules.recognizers import REGISTRY, get_recognizers

    options = make_options()
    for n in (40_000, 80_000, 160_000):
        text = blob(n) + " mail me @ noon"
        start = time.perf_counter()
        find_matches(text, [REGISTRY["rules.email"]], options)
        print(f"rules.email on a {n:,}-character token: {time.perf_counter() - start:.3f} s")
    big = blob(1_000_000) + " write to a@b.com or see www.x.com, 10.0.0.1"
    start = time.perf_counter()
    find_matches(big, get_recognizers(), options)
    print(f"all default recognizers on a 1 MB base64 blob: {time.perf_counter() - start:.1f} s")
    if args.pipeline:
        import spacy_anon

        nlp = spacy_anon.load()
        nlp.max_length = 2_000_000
        start = time.perf_counter()
        doc = nlp("Attachment: " + big)
        print(f"default pipeline on the 1 MB blob: {time.perf_counter() - start:.1f} s "
              f"(anon_status {doc._.anon_status})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
