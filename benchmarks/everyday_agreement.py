"""Agreement between the two annotators of the everyday set.

    python benchmarks/everyday_agreement.py [--second assets/everyday/second_annotator]
        [--first assets/everyday/docs] [--out benchmarks/out/everyday_agreement.json]

The first annotation is assets/everyday/docs/<genre>/<nn>.txt; the second,
assets/everyday/second_annotator/<genre>/<nn>.txt, was made by another annotator from the stripped texts
and GUIDELINE.md alone, without seeing the first. Both are read with `parse_markup`. Only the documents
the second annotator covered are compared, and their plain texts must be identical (a mismatch is an
error, not a silent skip). Figures, pooled over those documents, with annotator 1 as the reference:

- span exact match: a span of annotator 2 is a true positive when annotator 1 has a span with the same
  character offsets (and, for the "labelled" row, the same label; "fine type" also compares the fine
  type); precision = TP / spans of annotator 2, recall = TP / spans of annotator 1. F1 is symmetric, so
  it does not depend on which annotator is taken as the reference.
- token kappa: Cohen's kappa over word tokens (`\\w+` runs: text split on whitespace and punctuation),
  each token labelled with the label of the span that covers (overlaps) it, O when none; also the
  binary kappa of marked against unmarked.
- per label: exact-match precision / recall / F1 of the spans of that label.
- disagreements: the spans that are not labelled exact matches, grouped into connected sets of
  overlapping spans and counted by kind (label only, boundary, split, only one annotator) and label.
  Only counts are printed and written; no text of the documents.
"""
import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spacy_anon.corpora.everyday import LABELS, default_folder, iter_everyday  # noqa: E402

DEFAULT_SECOND = ROOT / "assets" / "everyday" / "second_annotator"
TOKEN = re.compile(r"\w+")
OUTSIDE = "O"

Span = Tuple[int, int, str, str]  # start, end, label, fine type (the label when there is none)


def prf(tp: int, n_pred: int, n_gold: int) -> Dict[str, float]:
    """Precision, recall and F1 (0.0 where undefined) with the counts."""
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": p, "recall": r, "f1": f, "tp": tp, "n_second": n_pred, "n_first": n_gold}


def cohen_kappa(first: Sequence[str], second: Sequence[str]) -> float:
    """Cohen's kappa of two equally long label sequences (1.0 when both are constant and equal)."""
    if len(first) != len(second):
        raise ValueError("label sequences differ in length")
    n = len(first)
    if n == 0:
        return 1.0
    observed = sum(a == b for a, b in zip(first, second)) / n
    c1, c2 = Counter(first), Counter(second)
    expected = sum(c1[lab] * c2[lab] for lab in set(c1) | set(c2)) / (n * n)
    if expected == 1.0:
        return 1.0 if observed == 1.0 else 0.0
    return (observed - expected) / (1.0 - expected)


def token_labels(text: str, spans: Iterable[Span]) -> List[str]:
    """Label of every `\\w+` token of text: the label of the first span overlapping it, else O."""
    spans = sorted(spans)
    labels = []
    for match in TOKEN.finditer(text):
        label = OUTSIDE
        for start, end, lab, _ in spans:
            if start < match.end() and match.start() < end:
                label = lab
                break
        labels.append(label)
    return labels


def span_sets(spans: Iterable[Span]):
    spans = list(spans)
    return ({(s, e, lab) for s, e, lab, _ in spans}, {(s, e) for s, e, _, _ in spans},
            {(s, e, lab, t) for s, e, lab, t in spans})


def disagreements(first: List[Span], second: List[Span]) -> Counter:
    """Kinds of disagreement of one document, as counts keyed by (kind, detail)."""
    exact = {(s, e, lab) for s, e, lab, _ in first} & {(s, e, lab) for s, e, lab, _ in second}
    rest = [(1, sp) for sp in first if sp[:3] not in exact] + [(2, sp) for sp in second if sp[:3] not in exact]
    # connected sets of overlapping spans (spans of one annotator never overlap each other)
    parent = list(range(len(rest)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (wa, a) in enumerate(rest):
        for j in range(i + 1, len(rest)):
            wb, b = rest[j]
            if wa != wb and a[0] < b[1] and b[0] < a[1]:
                parent[find(i)] = find(j)
    groups: Dict[int, List[Tuple[int, Span]]] = {}
    for i, item in enumerate(rest):
        groups.setdefault(find(i), []).append(item)
    kinds: Counter = Counter()
    for items in groups.values():
        ones = [sp for who, sp in items if who == 1]
        twos = [sp for who, sp in items if who == 2]
        if not twos:
            kinds[("only annotator 1", ones[0][2])] += 1
        elif not ones:
            kinds[("only annotator 2", twos[0][2])] += 1
        elif len(ones) == 1 and len(twos) == 1:
            a, b = ones[0], twos[0]
            labels = a[2] if a[2] == b[2] else f"{a[2]}->{b[2]}"
            if a[:2] == b[:2]:
                kinds[("label", labels)] += 1
            elif b[0] <= a[0] and a[1] <= b[1]:
                kinds[("boundary: annotator 2 wider", labels)] += 1
            elif a[0] <= b[0] and b[1] <= a[1]:
                kinds[("boundary: annotator 2 narrower", labels)] += 1
            else:
                kinds[("boundary: crossing", labels)] += 1
        else:
            la = "+".join(sorted({sp[2] for sp in ones}))
            lb = "+".join(sorted({sp[2] for sp in twos}))
            labels = la if la == lb else f"{la}->{lb}"
            kinds[(f"split: {len(ones)} span(s) vs {len(twos)}", labels)] += 1
    return kinds


def load(folder: Optional[Path]) -> Dict[str, dict]:
    return {doc["doc_id"]: doc for doc in iter_everyday(folder)}


def as_spans(doc: dict) -> List[Span]:
    return [(s["start"], s["end"], s["label"], s["type"]) for s in doc["spans"]]


def agreement(first_docs: Dict[str, dict], second_docs: Dict[str, dict]) -> dict:
    """All figures over the documents of `second_docs` (each must be in `first_docs` with the same text)."""
    missing = sorted(set(second_docs) - set(first_docs))
    if missing:
        raise ValueError(f"documents of annotator 2 without annotator 1: {', '.join(missing)}")
    differ = sorted(d for d in second_docs if second_docs[d]["text"] != first_docs[d]["text"])
    if differ:
        raise ValueError(f"plain texts differ between the annotators: {', '.join(differ)}")
    tp_lab = tp_span = tp_fine = n1 = n2 = 0
    per_label_tp: Counter = Counter()
    per_label_1: Counter = Counter()
    per_label_2: Counter = Counter()
    per_genre: Dict[str, Counter] = {}
    tok1: List[str] = []
    tok2: List[str] = []
    kinds: Counter = Counter()
    for doc_id in sorted(second_docs):
        text = first_docs[doc_id]["text"]
        s1, s2 = as_spans(first_docs[doc_id]), as_spans(second_docs[doc_id])
        lab1, off1, fine1 = span_sets(s1)
        lab2, off2, fine2 = span_sets(s2)
        both = lab1 & lab2
        tp_lab += len(both)
        tp_span += len(off1 & off2)
        tp_fine += len(fine1 & fine2)
        n1 += len(s1)
        n2 += len(s2)
        per_label_tp.update(lab for _, _, lab in both)
        per_label_1.update(sp[2] for sp in s1)
        per_label_2.update(sp[2] for sp in s2)
        genre = per_genre.setdefault(second_docs[doc_id]["genre"], Counter())
        genre.update({"tp": len(both), "n_first": len(s1), "n_second": len(s2), "docs": 1})
        tok1.extend(token_labels(text, s1))
        tok2.extend(token_labels(text, s2))
        kinds.update(disagreements(s1, s2))
    binary1 = [lab != OUTSIDE for lab in tok1]
    binary2 = [lab != OUTSIDE for lab in tok2]
    labels = [lab for lab in LABELS if per_label_1[lab] or per_label_2[lab]]
    return {
        "documents": len(second_docs),
        "doc_ids": sorted(second_docs),
        "splits": dict(Counter(second_docs[d]["split"] for d in second_docs)),
        "spans_first": n1,
        "spans_second": n2,
        "exact_labelled": prf(tp_lab, n2, n1),
        "exact_unlabelled": prf(tp_span, n2, n1),
        "exact_fine_type": prf(tp_fine, n2, n1),
        "tokens": len(tok1),
        "token_kappa": cohen_kappa(tok1, tok2),
        "token_kappa_binary": cohen_kappa(binary1, binary2),
        "token_observed_agreement": sum(a == b for a, b in zip(tok1, tok2)) / len(tok1) if tok1 else 1.0,
        "per_label": {lab: prf(per_label_tp[lab], per_label_2[lab], per_label_1[lab]) for lab in labels},
        "per_genre": {g: {**prf(c["tp"], c["n_second"], c["n_first"]), "docs": c["docs"]}
                      for g, c in sorted(per_genre.items())},
        "disagreements": [{"kind": k, "labels": lab, "count": n}
                          for (k, lab), n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))],
    }


def table(result: dict) -> str:
    lines = [f"everyday set agreement: {result['documents']} documents "
             f"({', '.join(f'{k} {v}' for k, v in sorted(result['splits'].items()))}), "
             f"spans annotator 1: {result['spans_first']}, annotator 2: {result['spans_second']}, "
             f"tokens: {result['tokens']}", "",
             "| measure | P | R | F1 | agreed |", "|---|---|---|---|---|"]
    for name, key in (("span exact, same label", "exact_labelled"), ("span exact, any label", "exact_unlabelled"),
                      ("span exact, same fine type", "exact_fine_type")):
        m = result[key]
        lines.append(f"| {name} | {m['precision']:.3f} | {m['recall']:.3f} | {m['f1']:.3f} | {m['tp']} |")
    lines += ["", f"token kappa (11 labels + O): {result['token_kappa']:.3f}   "
              f"binary kappa (marked/unmarked): {result['token_kappa_binary']:.3f}   "
              f"observed token agreement: {result['token_observed_agreement']:.3f}", "",
              "| label | spans 1 | spans 2 | agreed | P | R | F1 |", "|---|---|---|---|---|---|---|"]
    for lab, m in result["per_label"].items():
        lines.append(f"| {lab} | {m['n_first']} | {m['n_second']} | {m['tp']} | {m['precision']:.3f} | "
                     f"{m['recall']:.3f} | {m['f1']:.3f} |")
    lines += ["", "| genre | docs | F1 (exact, labelled) |", "|---|---|---|"]
    for genre, m in result["per_genre"].items():
        lines.append(f"| {genre} | {m['docs']} | {m['f1']:.3f} |")
    lines += ["", "| disagreement | labels (annotator 1->2) | count |", "|---|---|---|"]
    for row in result["disagreements"]:
        lines.append(f"| {row['kind']} | {row['labels']} | {row['count']} |")
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--second", type=Path, default=DEFAULT_SECOND,
                        help="second annotation, <genre>/<nn>.txt (default: assets/everyday/second_annotator)")
    parser.add_argument("--first", type=Path, default=None,
                        help="first annotation (default: assets/everyday/docs of the checkout)")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON here")
    args = parser.parse_args(argv)
    try:
        result = agreement(load(args.first or default_folder()), load(args.second))
    except (ValueError, FileNotFoundError) as err:
        print(f"everyday_agreement: {err}", file=sys.stderr)
        return 1
    print(table(result))
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf8")
        print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
