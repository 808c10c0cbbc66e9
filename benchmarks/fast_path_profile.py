"""Where the structured fast path spends its CPU time: one pass of `anonymize_structured` over the
generated PII sentences or log lines (`fast_path_data.py`), each step's CPU time summed by wrapping
it (cProfile's per-call cost would swamp the short steps).

    taskset -c 0 python benchmarks/fast_path_profile.py --input logs --n 3000

Steps: joined pattern passes (`batch_scan.batch_hits`, per recognizer), finders' candidate searches
(`batch_scan.finder_skips`), recognizers run on each text (`Recognizer.raw_matches`, per recognizer:
finders and what a view rescans), context windows, hidden-form views, masking on the string
(`RawMasker.mask_text`) and garbage collection. The steps nest (views rescan with recognizers), so
their shares do not add up to one; a garbage collection counts also in the step it interrupts; the
wrappers add a little time of their own.
"""
import argparse
import gc
import itertools
import json
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _timed(owner, name: str, key: str, acc: Counter) -> None:
    inner = getattr(owner, name)

    def wrapper(*args, **kwargs):
        started = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            acc[key] += time.process_time() - started
    setattr(owner, name, wrapper)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", choices=("sentences", "logs"), default="logs")
    parser.add_argument("--n", type=int, default=3000, help="texts (sentences: at most 2,109)")
    parser.add_argument("--top", type=int, default=8, help="recognizers listed per step")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE))
    from fast_path_data import log_lines, pii_sentences

    import spacy_anon.fast_path as fast_path
    import spacy_anon.rules.matching as matching
    from spacy_anon.mask.raw_text import RawMasker
    from spacy_anon.rules.recognizers.base import Recognizer

    texts = ([r["text"] for r in pii_sentences()][:args.n] if args.input == "sentences"
             else list(itertools.islice(log_lines(), args.n)))
    nlp = fast_path.structured_pipeline()
    list(fast_path.anonymize_structured(texts[:50], nlp))  # loads and warms up, as the benchmark does
    acc: Counter = Counter()
    per: Counter = Counter()
    batch_hits, finder_skips, raw_matches = matching.batch_hits, matching.finder_skips, Recognizer.raw_matches

    def timed_batch_hits(batch, rec, options):
        started = time.process_time()
        out = batch_hits(batch, rec, options)
        per["joined passes: " + rec.name] += time.process_time() - started
        return out

    def timed_raw(self, text, options):
        started = time.process_time()
        out = list(raw_matches(self, text, options))
        per["per text: " + self.name] += time.process_time() - started
        return iter(out)

    matching.batch_hits, Recognizer.raw_matches = timed_batch_hits, timed_raw
    _timed(matching, "finder_skips", "finders' candidate searches (finder_skips)", acc)
    _timed(matching, "context_sides", "context windows (context_sides)", acc)
    for view in ("normalized_view", "compact_view", "_scan_view"):
        _timed(matching, view, "hidden-form views", acc)
    _timed(RawMasker, "mask_text", "masking on the string (mask_text)", acc)
    collecting = {}

    def on_gc(phase, _info):
        if phase == "start":
            collecting["t"] = time.process_time()
        elif "t" in collecting:
            acc["garbage collection"] += time.process_time() - collecting.pop("t")
    gc.callbacks.append(on_gc)
    started = time.process_time()
    list(fast_path.anonymize_structured(texts, nlp))
    total = time.process_time() - started
    gc.callbacks.remove(on_gc)
    matching.batch_hits, matching.finder_skips, Recognizer.raw_matches = batch_hits, finder_skips, raw_matches
    acc["joined pattern passes (batch_hits)"] = sum(v for k, v in per.items() if k.startswith("joined"))
    acc["recognizers run per text (raw_matches)"] = sum(v for k, v in per.items() if k.startswith("per text"))
    chars = sum(map(len, texts))
    print(json.dumps({"input": args.input, "texts": len(texts), "chars": chars, "cpu_seconds": round(total, 3),
                      "chars_per_cpu_s": round(chars / total)}))
    for name, seconds in acc.most_common():
        print(f"{seconds:8.3f} s {100 * seconds / total:5.1f} %  {name}")
    for name, seconds in per.most_common(args.top):
        print(f"{seconds:8.3f} s {100 * seconds / total:5.1f} %    {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
