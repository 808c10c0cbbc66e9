"""Build spacy_anon/data/lexicon/en_word_case.txt: the usual written form of words that are not written in
lower case (names, places, acronyms) and of rare words that are, counted in cased running text.

Sources: TAB's background judgments (ECHR, `tab/background/*.json`, MIT licence, Norsk Regnesentral) and,
with `--wikiann`, the sentences of WikiANN's English train split (Wikipedia text, CC BY-SA; only counts of
word forms are kept).
Only mid-sentence occurrences count (a sentence's first word is capitalised whatever it is). A word is kept
when it was seen `--min-count` times and one form has at least `--min-share` of them; it is written when
that form is not the lower-case one, or when it is but the word is rare in English (wordfreq Zipf below
`--common-zipf`), since a rare word that is not listed is read as a name.

    python scripts/build_case_table.py ../shared/data/tab/background --wikiann ../shared/data/ner/wikiann_en/train \
        -o spacy_anon/data/lexicon/en_word_case.txt
"""
import argparse
import collections
import json
import re
from pathlib import Path

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
SENT_END = re.compile(r"[.!?:;]\s*$|\n\s*$|^\s*$")


def texts(folder: Path):
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf8"))
        yield from (data.values() if isinstance(data, dict) else (d.get("text", "") for d in data))


def wikiann_lines(path: Path):
    """WikiANN's "en:word<TAB>tag" lines as one text line per sentence."""
    words = []
    for line in Path(path).read_text(encoding="utf8").splitlines():
        if not line.strip():
            if words:
                yield " ".join(words)
            words = []
            continue
        words.append(line.split("\t")[0].split(":", 1)[-1])
    if words:
        yield " ".join(words)


def count_forms(lines, forms) -> None:
    """Add the mid-sentence forms of each word of `lines` to `forms` (lower -> Counter of forms)."""
    for line in lines:
        letters = [c for c in line if c.isalpha()]
        if letters and sum(c.isupper() for c in letters) > 0.6 * len(letters):
            continue  # headings in capitals say nothing of a word's usual form
        prev_end = 0
        for m in WORD.finditer(line):
            if prev_end and not SENT_END.search(line[max(0, prev_end - 3):m.start()]):
                forms[m.group().lower()][m.group()] += 1
            prev_end = m.end()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--wikiann", default=None, help="WikiANN English train file (optional)")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--min-count", type=int, default=3)
    ap.add_argument("--min-share", type=float, default=0.6)
    ap.add_argument("--common-zipf", type=float, default=3.0)
    a = ap.parse_args(argv)
    from wordfreq import zipf_frequency

    forms = collections.defaultdict(collections.Counter)
    for text in texts(Path(a.folder)):
        count_forms(text.splitlines(), forms)
    if a.wikiann:
        count_forms(wikiann_lines(Path(a.wikiann)), forms)
    out = []
    for lower, counter in forms.items():
        total = sum(counter.values())
        form, n = counter.most_common(1)[0]
        if total < a.min_count or n < a.min_share * total or len(lower) < 2:
            continue
        if form == lower and zipf_frequency(lower, "en") >= a.common_zipf:
            continue
        if form not in (lower, lower.upper(), lower[:1].upper() + lower[1:]) and not form[:1].isupper():
            continue
        out.append(form)
    out.sort(key=str.lower)
    Path(a.out).write_text(
        "# Usual written form of English words (scripts/build_case_table.py): counted in TAB's background\n"
        "# judgments (MIT licence, Norsk Regnesentral)" + (" and WikiANN English train (CC BY-SA)" if a.wikiann else "")
        + ". One form per line.\n" + "\n".join(out) + "\n",
        encoding="utf8")
    print(f"{len(out)} forms from {len(forms)} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
