"""What the held-out TAB folds miss, and how consistently the judgments mark it.

Reads the fold predictions that `benchmarks/tab_heldout.py` saved (`training/tab-heldout/fold*/predictions.json`)
and lists the gold mentions whose words were all left in clear, most words first; for each it counts how
often the same text occurs in the 58 judgments and how many of those occurrences the annotators marked.
A mention marked once in three occurrences ("the Government": 7 of 139) is no target a detector can reach
without masking the other two; a mention marked wherever it occurs (an offence's description) is.

    python benchmarks/tab_heldout_misses.py --shared ../shared/data [--casing as-written] [--top 40]

The output quotes the judgments' text (public court decisions); it is printed, not written to a file.
"""
import argparse
import collections
import json
import re
import sys
from pathlib import Path
from typing import Dict, Iterable, List, Sequence, Tuple

REPO = Path(__file__).resolve().parents[1]
WORD = re.compile(r"\w+")


def masked_chars(length: int, spans: Iterable[Sequence]) -> bytearray:
    """One byte per character of a text: 1 where a predicted span (start, end, ...) covers it."""
    mask = bytearray(length)
    for span in spans:
        for i in range(int(span[0]), min(int(span[1]), length)):
            mask[i] = 1
    return mask


def missed_mentions(text: str, gold: Sequence[Tuple[int, int]], mask: bytearray) -> List[Tuple[str, int]]:
    """(text, words) of each gold mention none of whose words a prediction covers."""
    out = []
    for start, end in gold:
        words = list(WORD.finditer(text, start, end))
        if words and not any(any(mask[w.start():w.end()]) for w in words):
            out.append((text[start:end], len(words)))
    return out


def marked_share(phrase: str, documents: Sequence[Tuple[str, Sequence[Tuple[int, int]]]]) -> Tuple[int, int]:
    """(occurrences the gold covers whole, occurrences) of `phrase` as a whole phrase in the documents."""
    pattern = re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)")
    marked = seen = 0
    for text, gold in documents:
        cover = masked_chars(len(text), gold)
        for m in pattern.finditer(text):
            seen += 1
            marked += all(cover[m.start():m.end()])
    return marked, seen


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", default=str(REPO.parent / "shared" / "data"))
    parser.add_argument("--work", default=str(REPO / "training" / "tab-heldout"), help="the folds' folder")
    parser.add_argument("--casing", default="as-written", choices=("as-written", "upper", "lower"))
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from spacy_anon.corpora import iter_records

    predictions: Dict[str, list] = {}
    paths = sorted(Path(args.work).glob("fold*/predictions.json"))
    if not paths:
        print(f"no fold predictions under {args.work}: run benchmarks/tab_heldout.py first", file=sys.stderr)
        return 2
    for path in paths:
        predictions.update(json.loads(path.read_text(encoding="utf8"))["predictions"][args.casing])
    records = list(iter_records(str(Path(args.shared) / "tab" / "tab_dev.jsonl"), "tab"))
    documents = [(r.text, [(s.start, s.end) for s in r.spans]) for r in records]
    missed: collections.Counter = collections.Counter()
    for record, (text, gold) in zip(records, documents):
        for phrase, words in missed_mentions(text, gold, masked_chars(len(text), predictions.get(record.doc_id, []))):
            missed[phrase] += words
    print(f"gold words in mentions left wholly in clear ({args.casing}): {sum(missed.values())}")
    print("| words | mention | marked / occurrences in the 58 judgments |")
    print("|---:|---|---|")
    for phrase, words in missed.most_common(args.top):
        marked, seen = marked_share(phrase, documents)
        print(f"| {words} | {phrase[:60]!r} | {marked} / {seen} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
