"""Agreement between two independent annotations of the confidential-attribute gold.

    python benchmarks/sensitive_agreement.py [--deid ../shared/data/deid/deid_notes_dev.jsonl]
        [--json benchmarks/out/sensitive_agreement.json] [--show]

The first annotation is tests/fixtures/sensitive_gold/*_gold.jsonl, the second
tests/fixtures/sensitive_gold/second_annotator/{written,written_dev,deid}.jsonl; both follow the
guideline of tests/fixtures/sensitive_gold/README.md and were made without seeing each other. The deid
notes are read from ../shared (GPL-2.0, never copied) and checked against the SHA-256 each annotation
stores. Sánchez, Batet and Viejo ("Utility-preserving privacy protection of textual healthcare
documents", §4.1) report 0.88 agreement between their two experts; this script gives the figures that
make ours comparable, per set and pooled:

- exact: a term of one annotation agrees with a term of the other at equal character offsets;
  F1 = 2 * agreed / (terms of first + terms of second) (symmetric, so no annotation is the reference);
- overlap: a term of one annotation is covered when a term of the other overlaps it; F1 of the two
  covered shares (the per-term overlap counting of benchmarks/sensitive_eval.py);
- condition and kind: over the pairs of overlapping terms, the share whose condition (kind) is equal,
  with Cohen's kappa for the kind;
- token kappa: Cohen's kappa of marked (sensitive or related) against unmarked over all tokens
  (`\\w+` runs and single punctuation marks), with the 2x2 counts.

The deid notes of the first annotation mark only the five health conditions, so the `deid (health)`
row scores that set with the GDPR-category terms of both annotations left out. `--show` prints every
disagreement with its words to the terminal (the notes' words are never written to a file).
"""
import argparse
import hashlib
import json
import platform
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[1]
FIRST_DIR = ROOT / "tests" / "fixtures" / "sensitive_gold"
SECOND_DIR = FIRST_DIR / "second_annotator"
DEFAULT_DEID = ROOT.parent / "shared" / "data" / "deid" / "deid_notes_dev.jsonl"
DEFAULT_JSON = ROOT / "benchmarks" / "out" / "sensitive_agreement.json"

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sensitive_eval import CONDITIONS, GDPR, HEALTH, KINDS  # noqa: E402  (one list of conditions and kinds)

SETS = ("written", "written_dev", "deid")
FIRST_FILES = {"written": "written_gold.jsonl", "written_dev": "written_dev_gold.jsonl", "deid": "deid_gold.jsonl"}
TOKEN = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True)
class Term:
    start: int
    end: int
    condition: str
    kind: str


@dataclass
class Doc:
    """One text with the terms of the first (`a`) and the second (`b`) annotation."""
    id: str
    text: str
    a: List[Term]
    b: List[Term]


# ---------------------------------------------------------------- reading and checking


def check_terms(spans: Iterable[dict], text: str, doc_id: str) -> List[Term]:
    """Terms of one document, sorted; raises on offsets out of range, unknown labels, overlap, or a
    stored `text` that is not the text at the offsets."""
    terms = []
    for s in spans:
        start, end = int(s["start"]), int(s["end"])
        if not 0 <= start < end <= len(text):
            raise ValueError(f"{doc_id}: offsets {start}-{end} outside the text ({len(text)} characters)")
        if s["condition"] not in CONDITIONS:
            raise ValueError(f"{doc_id}: unknown condition {s['condition']!r}")
        if s["kind"] not in KINDS:
            raise ValueError(f"{doc_id}: unknown kind {s['kind']!r}")
        if "text" in s and s["text"] != text[start:end]:
            raise ValueError(f"{doc_id}: term {start}-{end} is {text[start:end]!r}, stored {s['text']!r}")
        terms.append(Term(start, end, s["condition"], s["kind"]))
    terms.sort(key=lambda t: (t.start, t.end))
    for x, y in zip(terms, terms[1:]):
        if y.start < x.end:
            raise ValueError(f"{doc_id}: terms {x.start}-{x.end} and {y.start}-{y.end} overlap")
    return terms


def _rows(path: Path) -> List[dict]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf8").splitlines() if line.strip()]


def deid_id(row: dict) -> str:
    return f"{row['patient']}-{row['note']}"


def load_deid_texts(rows: Sequence[dict], notes: Path) -> Dict[str, str]:
    """The notes the rows name, read from the deid JSONL and checked against each row's SHA-256."""
    wanted = {(r["patient"], r["note"]): r for r in rows}
    texts: Dict[str, str] = {}
    with open(notes, encoding="utf8") as f:
        for line in f:
            row = json.loads(line)
            key = (row["patient"], row["note"])
            if key in wanted:
                texts[deid_id(row)] = row["text"]
    for key, row in wanted.items():
        doc_id = deid_id(row)
        if doc_id not in texts:
            raise ValueError(f"{doc_id}: note not found in {notes}")
        if hashlib.sha256(texts[doc_id].encode("utf8")).hexdigest() != row["sha256"]:
            raise ValueError(f"{doc_id}: the note in {notes} is not the annotated one (SHA-256 differs)")
    return texts


def pair_set(first_rows: Sequence[dict], second_rows: Sequence[dict],
             texts: Optional[Dict[str, str]] = None) -> List[Doc]:
    """Join the two annotations of one set by document id (written: `id`; deid: patient-note), with
    the text from the rows or from `texts`; both must hold the same documents."""
    def key(row):
        return row["id"] if "text" in row or "patient" not in row else deid_id(row)

    first = {key(r): r for r in first_rows}
    second = {key(r): r for r in second_rows}
    if set(first) != set(second):
        raise ValueError(f"the annotations hold different documents: only first {sorted(set(first) - set(second))}, "
                         f"only second {sorted(set(second) - set(first))}")
    docs = []
    for doc_id, ra in first.items():
        rb = second[doc_id]
        text = ra.get("text") if ra.get("text") is not None else (texts or {}).get(doc_id)
        if text is None:
            raise ValueError(f"{doc_id}: no text")
        if rb.get("text") not in (None, text):
            raise ValueError(f"{doc_id}: the two annotations are of different texts")
        if "sha256" in ra and "sha256" in rb and ra["sha256"] != rb["sha256"]:
            raise ValueError(f"{doc_id}: the two annotations store different SHA-256")
        docs.append(Doc(doc_id, text, check_terms(ra["spans"], text, doc_id), check_terms(rb["spans"], text, doc_id)))
    return docs


def load_sets(notes: Path = DEFAULT_DEID, first_dir: Path = FIRST_DIR,
              second_dir: Path = SECOND_DIR) -> Dict[str, List[Doc]]:
    out = {}
    for name in SETS:
        first, second = _rows(first_dir / FIRST_FILES[name]), _rows(second_dir / f"{name}.jsonl")
        texts = None
        if name == "deid":
            texts = load_deid_texts(first, notes)
            if load_deid_texts(second, notes) != texts:
                raise ValueError("the two deid annotations are of different notes")
        out[name] = pair_set(first, second, texts)
    return out


def restrict(docs: Sequence[Doc], conditions: Sequence[str]) -> List[Doc]:
    """The same documents with only the terms of `conditions` in both annotations."""
    keep = set(conditions)
    return [Doc(d.id, d.text, [t for t in d.a if t.condition in keep], [t for t in d.b if t.condition in keep])
            for d in docs]


# ---------------------------------------------------------------- agreement (pure)


def f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def overlaps(x: Term, y: Term) -> bool:
    return x.start < y.end and y.start < x.end


def exact_matches(a: Sequence[Term], b: Sequence[Term]) -> int:
    """Terms at equal offsets in both annotations (labels aside)."""
    return len({(t.start, t.end) for t in a} & {(t.start, t.end) for t in b})


def overlap_pairs(a: Sequence[Term], b: Sequence[Term]) -> List[Tuple[Term, Term]]:
    """Every pair of a term of `a` and a term of `b` that share a character."""
    return [(x, y) for x in a for y in b if overlaps(x, y)]


def cohen_kappa(table: Dict[Tuple[str, str], int]) -> Optional[float]:
    """Cohen's kappa from counts of (label of first, label of second); None when chance agreement is 1
    (both annotators gave one and the same label to everything, or there is nothing)."""
    n = sum(table.values())
    if not n:
        return None
    labels = sorted({k[0] for k in table} | {k[1] for k in table})
    po = sum(v for (x, y), v in table.items() if x == y) / n
    pe = sum((sum(v for (x, _), v in table.items() if x == lab) / n)
             * (sum(v for (_, y), v in table.items() if y == lab) / n) for lab in labels)
    return None if pe >= 1 else (po - pe) / (1 - pe)


def token_marks(text: str, terms: Sequence[Term]) -> List[bool]:
    """For each token of `text`, whether a term overlaps it."""
    marks = []
    for m in TOKEN.finditer(text):
        marks.append(any(t.start < m.end() and m.start() < t.end for t in terms))
    return marks


def token_table(docs: Sequence[Doc]) -> Dict[Tuple[str, str], int]:
    table = {(x, y): 0 for x in ("marked", "none") for y in ("marked", "none")}
    for d in docs:
        for ma, mb in zip(token_marks(d.text, d.a), token_marks(d.text, d.b)):
            table[("marked" if ma else "none", "marked" if mb else "none")] += 1
    return table


def agreement(docs: Sequence[Doc]) -> Dict[str, object]:
    """All agreement figures of a group of documents, pooled over its terms and tokens."""
    n_a = sum(len(d.a) for d in docs)
    n_b = sum(len(d.b) for d in docs)
    exact = sum(exact_matches(d.a, d.b) for d in docs)
    exact_labelled = sum(len(set(d.a) & set(d.b)) for d in docs)
    a_cov = sum(1 for d in docs for x in d.a if any(overlaps(x, y) for y in d.b))
    b_cov = sum(1 for d in docs for y in d.b if any(overlaps(x, y) for x in d.a))
    pairs = [p for d in docs for p in overlap_pairs(d.a, d.b)]
    same_cond = sum(1 for x, y in pairs if x.condition == y.condition)
    same_kind = sum(1 for x, y in pairs if x.kind == y.kind)
    kind_table: Dict[Tuple[str, str], int] = {}
    for x, y in pairs:
        kind_table[(x.kind, y.kind)] = kind_table.get((x.kind, y.kind), 0) + 1
    tokens = token_table(docs)
    kappa = cohen_kappa(tokens)
    kind_kappa = cohen_kappa(kind_table)

    def share(k, n):
        return round(k / n, 4) if n else None

    return {
        "documents": len(docs),
        "terms_first": n_a,
        "terms_second": n_b,
        "exact": {"agreed": exact, "f1": share(2 * exact, n_a + n_b),
                  "agreed_with_labels": exact_labelled, "f1_with_labels": share(2 * exact_labelled, n_a + n_b)},
        "overlap": {"first_covered": a_cov, "second_covered": b_cov,
                    "first_share": share(a_cov, n_a), "second_share": share(b_cov, n_b),
                    "f1": round(f1(a_cov / n_a, b_cov / n_b), 4) if n_a and n_b else None},
        "condition": {"pairs": len(pairs), "agreed": same_cond, "share": share(same_cond, len(pairs))},
        "kind": {"pairs": len(pairs), "agreed": same_kind, "share": share(same_kind, len(pairs)),
                 "kappa": None if kind_kappa is None else round(kind_kappa, 4),
                 "table": {f"{x}/{y}": v for (x, y), v in sorted(kind_table.items())}},
        "tokens": {"count": sum(tokens.values()), "kappa": None if kappa is None else round(kappa, 4),
                   "table": {f"{x}/{y}": v for (x, y), v in tokens.items()}},
    }


def per_condition(docs: Sequence[Doc]) -> Dict[str, Dict[str, object]]:
    """Terms of each annotation and overlap F1 per condition (a term counts as covered only by a term
    of the same condition)."""
    out = {}
    for c in CONDITIONS:
        sub = restrict(docs, [c])
        n_a, n_b = sum(len(d.a) for d in sub), sum(len(d.b) for d in sub)
        if n_a or n_b:
            a_cov = sum(1 for d in sub for x in d.a if any(overlaps(x, y) for y in d.b))
            b_cov = sum(1 for d in sub for y in d.b if any(overlaps(x, y) for x in d.a))
            out[c] = {"terms_first": n_a, "terms_second": n_b,
                      "overlap_f1": round(f1(a_cov / n_a, b_cov / n_b), 4) if n_a and n_b else 0.0}
    return out


def disagreements(doc: Doc) -> List[Dict[str, object]]:
    """Each disagreement of one document: a term only one annotation has (`only_first`,
    `only_second`), or overlapping terms that differ in offsets (`boundary`), condition or kind."""
    out = []
    for x in doc.a:
        if not any(overlaps(x, y) for y in doc.b):
            out.append({"type": "only_first", "first": x, "second": None})
    for y in doc.b:
        if not any(overlaps(x, y) for x in doc.a):
            out.append({"type": "only_second", "first": None, "second": y})
    for x, y in overlap_pairs(doc.a, doc.b):
        for what, differs in (("boundary", (x.start, x.end) != (y.start, y.end)),
                              ("condition", x.condition != y.condition), ("kind", x.kind != y.kind)):
            if differs:
                out.append({"type": what, "first": x, "second": y})
    out.sort(key=lambda r: min(t.start for t in (r["first"], r["second"]) if t is not None))
    return out


def disagreement_counts(docs: Sequence[Doc]) -> Dict[str, int]:
    counts = {k: 0 for k in ("only_first", "only_second", "boundary", "condition", "kind")}
    for d in docs:
        for r in disagreements(d):
            counts[r["type"]] += 1
    return counts


# ---------------------------------------------------------------- report


def _term_json(t: Optional[Term], text: Optional[str]) -> Optional[dict]:
    if t is None:
        return None
    row = {"start": t.start, "end": t.end, "condition": t.condition, "kind": t.kind}
    if text is not None:
        row["text"] = text[t.start:t.end]
    return row


def build_report(sets: Dict[str, List[Doc]]) -> Dict[str, object]:
    groups = {name: docs for name, docs in sets.items()}
    groups["deid (health)"] = restrict(sets["deid"], HEALTH)
    groups["all"] = [d for name in SETS for d in sets[name]]
    groups["all (deid health)"] = sets["written"] + sets["written_dev"] + groups["deid (health)"]
    report: Dict[str, object] = {"groups": {}, "published": {"sanchez_two_experts": 0.88}}
    for name, docs in groups.items():
        row = agreement(docs)
        row["per_condition"] = per_condition(docs)
        row["disagreements"] = disagreement_counts(docs)
        report["groups"][name] = row
    # the written texts are CC0 and may be quoted; the deid notes are listed by offsets only
    report["disagreements"] = {
        name: [{"id": d.id, "type": r["type"],
                "first": _term_json(r["first"], d.text if name != "deid" else None),
                "second": _term_json(r["second"], d.text if name != "deid" else None)}
               for d in sets[name] for r in disagreements(d)]
        for name in SETS}
    return report


def _fmt(x) -> str:
    return "-" if x is None else f"{x:.3f}"


def table(report: Dict[str, object]) -> str:
    lines = ["| set | docs | terms 1st / 2nd | exact F1 | overlap F1 | condition agr. (pairs) "
             "| kind agr. (kappa) | token kappa (tokens) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, g in report["groups"].items():
        lines.append(
            f"| {name} | {g['documents']} | {g['terms_first']} / {g['terms_second']} | {_fmt(g['exact']['f1'])} "
            f"| {_fmt(g['overlap']['f1'])} | {_fmt(g['condition']['share'])} ({g['condition']['pairs']}) "
            f"| {_fmt(g['kind']['share'])} ({_fmt(g['kind']['kappa'])}) "
            f"| {_fmt(g['tokens']['kappa'])} ({g['tokens']['count']}) |")
    return "\n".join(lines)


def show(sets: Dict[str, List[Doc]]) -> None:
    """Every disagreement with its words (terminal only)."""
    for name in SETS:
        print(f"\n## {name}")
        for d in sets[name]:
            for r in disagreements(d):
                parts = []
                for who in ("first", "second"):
                    t = r[who]
                    parts.append("-" if t is None else f"{d.text[t.start:t.end]!r} {t.condition}/{t.kind}")
                print(f"{d.id}\t{r['type']}\t1st: {parts[0]}\t2nd: {parts[1]}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deid", type=Path, default=DEFAULT_DEID, help="deid notes JSONL")
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where the JSON report goes")
    ap.add_argument("--show", action="store_true", help="print every disagreement with its words")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    sets = load_sets(args.deid)
    report = build_report(sets)
    report["wall_s"] = round(time.perf_counter() - t0, 3)
    report["python"] = platform.python_version()
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf8")
    print(table(report))
    print("\ndisagreements:", json.dumps({k: g["disagreements"] for k, g in report["groups"].items()}))
    if args.show:
        show(sets)
    print(f"\nwall {report['wall_s']} s; JSON: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
