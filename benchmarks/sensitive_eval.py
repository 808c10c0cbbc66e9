"""Confidential attributes: `anon_sensitive` against hand-annotated gold, and the utility it keeps.

    python benchmarks/sensitive_eval.py [--deid ../shared/data/deid/deid_notes_dev.jsonl] [--index DIR]
        [--json docs/benchmarks/sensitive.json] [--md docs/benchmarks/sensitive.md]

Gold (tests/fixtures/sensitive_gold/README.md): 30 deid nursing notes (offsets only; the text is read
from ../shared and checked by SHA-256), 32 short development texts (`written_dev`) and 33 held-out
texts (`written`) written for this benchmark (CC0). Choices are made on the development sets (deid,
written_dev; `--show` prints their errors, `--sets deid,written_dev` runs them alone). Every term
that reveals a protected condition is marked, as `sensitive` (the condition, its synonyms and kinds) or
`related` (anything else that reveals it: drugs, tests, treatments, behaviour).

Detection is scored per term, as Sánchez et al. (eqs. 14-16) count terms:
- overlap: a gold term is found when a predicted span overlaps it; a predicted span is correct when
  it overlaps a gold term (precision over predicted spans);
- strict: the same with equal character offsets.
Per condition, recall uses the gold term's condition; precision counts a predicted span of condition c
correct when it overlaps a gold term of condition c (only when the component says the condition).

Utility (Sánchez et al. eqs. 17-18, with this package's TPI, `spacy_anon.risk.document_information`):
the information content of a text's terms after sanitizing over before, IC from wordfreq, once with the
predicted spans replaced by their generalization (`span._.anon_replacement`) and once with the same
spans removed. The reference rows remove the gold terms (what perfect removal would keep).

Without the `anon_sensitive` component (or with its placeholder) the script stops with a message, or
with `--gold-only` reports the gold counts and the reference utilities only.
"""
import argparse
import hashlib
import json
import platform
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[1]
GOLD_DIR = ROOT / "tests" / "fixtures" / "sensitive_gold"
DEV_GOLD = GOLD_DIR / "written_dev_gold.jsonl"
# a second held-out set, written blind; scored only when asked for (`--sets written_test2`) and present
TEST2_GOLD = GOLD_DIR / "written_test2_gold.jsonl"
DEFAULT_DEID = ROOT.parent / "shared" / "data" / "deid" / "deid_notes_dev.jsonl"
DEFAULT_INDEX = ROOT / "benchmarks" / "out" / "sensitive_index_deid"

HEALTH = ("hiv", "sexually_transmitted_disease", "mental_disorder", "alcohol_abuse", "substance_abuse")
GDPR = ("religion", "political_opinion", "sexual_orientation", "ethnic_origin")
CONDITIONS = HEALTH + GDPR
KINDS = ("sensitive", "related")

# Sánchez, Batet and Viejo, "Utility-preserving privacy protection of textual healthcare documents",
# Table 2 (whole method, averages) and Table 3 (Step-1 & 2 utility, averages; see docs/references.md).
PUBLISHED = {
    "no_context": {"precision": 54.54, "recall": 96.31, "f1": 69.27},
    "context": {"precision": 75.29, "recall": 93.45, "f1": 83.05},
    "step1_only": {"precision": 100.0, "recall": 13.38, "f1": 22.84},
    "utility_generalization_context": 74.13,
    "utility_removal": 34.46,  # Table 3 heading; the prose pairs 74.13 with 31.53 instead
}

# The configurations of the component that are run; "{index}" is the corpus index built for the run.
CONFIGS = [
    {"name": "sensitive terms only", "config": {"related": False, "contextualize": False, "ic_source": "wordfreq"}},
    {"name": "related, no context", "config": {"related": True, "contextualize": False, "ic_source": "{index}"}},
    {"name": "related, contextualized", "config": {"related": True, "contextualize": True, "ic_source": "{index}"}},
]

Span = Tuple[int, int, Optional[str]]  # start, end, condition (None: not said)


@dataclass
class GoldTerm:
    start: int
    end: int
    condition: str
    kind: str


@dataclass
class GoldDoc:
    id: str
    text: str
    terms: List[GoldTerm] = field(default_factory=list)


# ------------------------------------------------------------------------------------------------
# gold


def _terms(spans: Iterable[dict], text: str, doc_id: str) -> List[GoldTerm]:
    terms = []
    for s in spans:
        term = GoldTerm(int(s["start"]), int(s["end"]), s["condition"], s["kind"])
        if not 0 <= term.start < term.end <= len(text):
            raise ValueError(f"{doc_id}: span {term.start}-{term.end} outside the text ({len(text)} characters)")
        if term.condition not in CONDITIONS or term.kind not in KINDS:
            raise ValueError(f"{doc_id}: unknown condition or kind {term.condition!r}/{term.kind!r}")
        if "text" in s and text[term.start:term.end] != s["text"]:
            raise ValueError(f"{doc_id}: span {term.start}-{term.end} does not read {s['text']!r}")
        terms.append(term)
    terms.sort(key=lambda t: (t.start, t.end))
    for a, b in zip(terms, terms[1:]):
        if b.start < a.end:
            raise ValueError(f"{doc_id}: gold terms {a.start}-{a.end} and {b.start}-{b.end} overlap")
    return terms


def load_written_gold(path: Path = GOLD_DIR / "written_gold.jsonl") -> List[GoldDoc]:
    """The written texts (text included) and their gold terms."""
    docs = []
    for line in Path(path).read_text(encoding="utf8").splitlines():
        if line.strip():
            row = json.loads(line)
            docs.append(GoldDoc(row["id"], row["text"], _terms(row["spans"], row["text"], row["id"])))
    return docs


def note_id(patient, note) -> str:
    return f"deid-{patient}-{note}"


def load_deid_gold(notes: Path = DEFAULT_DEID, path: Path = GOLD_DIR / "deid_gold.jsonl") -> List[GoldDoc]:
    """The annotated deid notes: text read from `notes` (the deid JSONL), checked against the stored hash."""
    wanted = {}
    for line in Path(path).read_text(encoding="utf8").splitlines():
        if line.strip():
            row = json.loads(line)
            wanted[(row["patient"], row["note"])] = row
    texts = {}
    with open(notes, encoding="utf8") as f:
        for line in f:
            row = json.loads(line)
            key = (row["patient"], row["note"])
            if key in wanted:
                texts[key] = row["text"]
    docs = []
    for key, row in wanted.items():
        doc_id = note_id(*key)
        if key not in texts:
            raise ValueError(f"{doc_id}: note not found in {notes}")
        digest = hashlib.sha256(texts[key].encode("utf8")).hexdigest()
        if digest != row["sha256"]:
            raise ValueError(f"{doc_id}: the note in {notes} is not the annotated one (SHA-256 differs)")
        docs.append(GoldDoc(doc_id, texts[key], _terms(row["spans"], texts[key], doc_id)))
    return docs


def gold_counts(docs: Sequence[GoldDoc]) -> Dict[str, object]:
    """Documents, terms, and terms per condition and kind."""
    per: Dict[str, Dict[str, int]] = {}
    for d in docs:
        for t in d.terms:
            row = per.setdefault(t.condition, {"sensitive": 0, "related": 0})
            row[t.kind] += 1
    return {
        "documents": len(docs),
        "documents_without_terms": sum(1 for d in docs if not d.terms),
        "characters": sum(len(d.text) for d in docs),
        "terms": sum(len(d.terms) for d in docs),
        "per_condition": {c: per[c] for c in CONDITIONS if c in per},
    }


# ------------------------------------------------------------------------------------------------
# detection scores


def _overlaps(a: Tuple[int, int], b: Tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _prf(correct_pred: int, n_pred: int, found: int, n_gold: int) -> Dict[str, object]:
    p = correct_pred / n_pred if n_pred else None
    r = found / n_gold if n_gold else None
    f = (2 * p * r / (p + r) if (p + r) else 0.0) if p is not None and r is not None else None
    return {"precision": p, "recall": r, "f1": f, "n_pred": n_pred, "n_gold": n_gold,
            "found": found, "correct_pred": correct_pred}


def score_terms(docs: Sequence[GoldDoc], predicted: Dict[str, Sequence[Span]],
                conditions: Optional[Sequence[str]] = None) -> Dict[str, object]:
    """Term-level P/R/F1 (overlap and strict), overall, per condition and per kind.

    `predicted` maps doc id -> (start, end, condition or None). `conditions` restricts the overall
    figures, per condition and per kind, to gold terms of those conditions and to predicted spans that
    overlap none of the other conditions' gold terms.
    """
    keep = set(conditions) if conditions else set(CONDITIONS)
    n = {m: {"found": 0, "gold": 0, "correct": 0, "pred": 0} for m in ("overlap", "strict")}
    by_cond: Dict[str, Dict[str, int]] = {}
    by_kind: Dict[str, Dict[str, int]] = {}
    for d in docs:
        gold = d.terms
        pred = sorted(set((int(s), int(e), c) for s, e, c in predicted.get(d.id, [])))
        in_scope = [g for g in gold if g.condition in keep]
        out_scope = [g for g in gold if g.condition not in keep]
        for g in in_scope:
            hit = any(_overlaps((g.start, g.end), (p[0], p[1])) for p in pred)
            exact = any((g.start, g.end) == (p[0], p[1]) for p in pred)
            for table, key in ((by_cond, g.condition), (by_kind, g.kind)):
                row = table.setdefault(key, {"found": 0, "gold": 0, "correct": 0, "pred": 0, "strict": 0})
                row["gold"] += 1
                row["found"] += hit
                row["strict"] += exact
            n["overlap"]["gold"] += 1
            n["overlap"]["found"] += hit
            n["strict"]["gold"] += 1
            n["strict"]["found"] += exact
        for p in pred:
            span = (p[0], p[1])
            if any(_overlaps(span, (g.start, g.end)) for g in out_scope) and not any(
                    _overlaps(span, (g.start, g.end)) for g in in_scope):
                continue  # a hit on a condition outside the scope counts neither way
            n["overlap"]["pred"] += 1
            n["strict"]["pred"] += 1
            n["overlap"]["correct"] += any(_overlaps(span, (g.start, g.end)) for g in in_scope)
            n["strict"]["correct"] += any(span == (g.start, g.end) for g in in_scope)
            if p[2] is not None:
                row = by_cond.setdefault(p[2], {"found": 0, "gold": 0, "correct": 0, "pred": 0, "strict": 0})
                row["pred"] += 1
                row["correct"] += any(_overlaps(span, (g.start, g.end)) and g.condition == p[2] for g in gold)
    said = any(p[2] is not None for ps in predicted.values() for p in ps)
    per_condition = {}
    for c in CONDITIONS:
        if c not in by_cond:
            continue
        row = by_cond[c]
        scores = _prf(row["correct"], row["pred"], row["found"], row["gold"]) if said else \
            _prf(0, 0, row["found"], row["gold"])
        scores["recall_strict"] = row["strict"] / row["gold"] if row["gold"] else None
        per_condition[c] = scores
    per_kind = {k: {"recall": v["found"] / v["gold"], "recall_strict": v["strict"] / v["gold"], "n_gold": v["gold"]}
                for k, v in by_kind.items() if v["gold"]}
    return {
        "overlap": _prf(n["overlap"]["correct"], n["overlap"]["pred"], n["overlap"]["found"], n["overlap"]["gold"]),
        "strict": _prf(n["strict"]["correct"], n["strict"]["pred"], n["strict"]["found"], n["strict"]["gold"]),
        "per_condition": per_condition,
        "per_kind": per_kind,
        "conditions_said": said,
    }


def errors(docs: Sequence[GoldDoc], predicted: Dict[str, Sequence[Span]]) -> Iterable[str]:
    """Lines naming each missed gold term and each predicted span that overlaps no gold term (with text)."""
    for d in docs:
        pred = sorted(set((int(s), int(e)) for s, e, _ in predicted.get(d.id, [])))
        for g in d.terms:
            if not any(_overlaps((g.start, g.end), p) for p in pred):
                yield f"{d.id}\tmissed\t{g.condition}/{g.kind}\t{d.text[g.start:g.end]!r}"
        for p in pred:
            if not any(_overlaps(p, (g.start, g.end)) for g in d.terms):
                yield f"{d.id}\tfalse positive\t-\t{d.text[p[0]:p[1]]!r}"


# ------------------------------------------------------------------------------------------------
# utility


def sanitize(text: str, spans: Sequence[Tuple[int, int, Optional[str]]]) -> str:
    """`text` with each (start, end, replacement) span replaced (None or "": removed). Overlapping
    spans are merged into the first one's replacement."""
    out, last = [], 0
    for s, e, rep in sorted(spans, key=lambda x: (x[0], -x[1])):
        if s < last:
            if e > last:
                last = e
            continue
        out.append(text[last:s])
        if rep:
            out.append(rep)
        last = e
    out.append(text[last:])
    return "".join(out)


# mask tokens of the TPI alignment: only bracketed tags, so a note's upper-case words are never masks
_MASKS = (r"\[[A-Z][A-Z0-9_]*\]",)


def utility(docs: Sequence[GoldDoc], replaced: Dict[str, Sequence[Tuple[int, int, Optional[str]]]],
            source=None) -> Dict[str, object]:
    """Information content kept (percent of the original's) when the given spans are replaced by their
    generalization and when the same spans are removed: per-document mean and corpus total.

    Terms are the words of the lower-cased text (numbers and dates as one term), IC from `source`
    (wordfreq by default); a generalization keeps at most the IC of what it replaces."""
    from spacy_anon.risk import document_information, make_probabilities

    source = source or make_probabilities("wordfreq")
    rows = []
    for d in docs:
        spans = replaced.get(d.id, [])
        # lower-cased (IC ignores case): the model-free chunker would merge a note's capitalised words
        # into name-like chunks, and a removed word inside one would then cost nothing
        text = d.text.lower()
        general = document_information(text, sanitize(d.text, spans).lower(), source, mask_patterns=_MASKS)
        removed = document_information(text, sanitize(d.text, [(s, e, None) for s, e, _ in spans]).lower(),
                                       source, mask_patterns=_MASKS)
        rows.append({"id": d.id, "tic": general["tic_original"], "tic_generalized": general["tic_anonymized"],
                     "tic_removed": removed["tic_anonymized"], "spans": len(spans)})
    total = sum(r["tic"] for r in rows)

    def pct(key):
        mean = sum(r[key] / r["tic"] for r in rows if r["tic"]) / max(1, sum(1 for r in rows if r["tic"]))
        corpus = 100 * sum(r[key] for r in rows) / total if total else None
        return {"mean_percent": 100 * mean, "corpus_percent": corpus}

    return {"generalization": pct("tic_generalized"), "removal": pct("tic_removed"),
            "documents": len(rows), "spans": sum(r["spans"] for r in rows)}


def gold_removal(docs: Sequence[GoldDoc]) -> Dict[str, Sequence[Tuple[int, int, None]]]:
    return {d.id: [(t.start, t.end, None) for t in d.terms] for d in docs}


# ------------------------------------------------------------------------------------------------
# the component


def check_component(default_config: Optional[dict]) -> None:
    """Stop with a message when `anon_sensitive` is missing or still the placeholder without settings."""
    if default_config is None:
        raise SystemExit("anon_sensitive is not registered: install spacy-anon with the confidential-attributes "
                         "component (spacy_anon/sensitive) to run this benchmark, or pass --gold-only")
    needed = ("conditions", "contextualize", "ic_source", "related", "generalize")
    missing = [k for k in needed if k not in default_config]
    if missing:
        raise SystemExit(f"anon_sensitive is a placeholder (no setting {', '.join(missing)}): the component is not "
                         "implemented yet; run with --gold-only for the gold counts and reference utility")


def component_default_config() -> Optional[dict]:
    import spacy_anon  # noqa: F401  (registers the factories)
    from spacy.language import Language

    if not Language.has_factory("anon_sensitive"):
        return None
    return dict(Language.get_factory_meta("anon_sensitive").default_config)


def span_condition(span) -> Optional[str]:
    """The condition a predicted span names, if the component says it (type, label or KB id)."""
    for value in (getattr(span._, "anon_type", None), span.label_, span.kb_id_):
        if isinstance(value, str) and value.lower() in CONDITIONS:
            return value.lower()
    return None


def confidential_spans(doc, key: str = "anon") -> List[Tuple[int, int, Optional[str], Optional[str]]]:
    """(start, end, condition, replacement) of the CONFIDENTIAL spans of a processed doc."""
    from spacy_anon.labels import CONFIDENTIAL

    out = []
    for span in doc.spans.get(key, []):
        if span.label_ == CONFIDENTIAL or getattr(span._, "anon_identifier", None) == CONFIDENTIAL:
            out.append((span.start_char, span.end_char, span_condition(span), span._.anon_replacement))
    return out


def build_index(corpus: Path, out: Path) -> float:
    """`spacy-anon index CORPUS -o DIR` unless DIR exists; returns the seconds it took."""
    if out.exists():
        return 0.0
    t0 = time.time()
    out.parent.mkdir(parents=True, exist_ok=True)
    run = subprocess.run([sys.executable, "-m", "spacy_anon", "index", str(corpus), "-o", str(out)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"spacy-anon index failed ({run.returncode}): {run.stderr[-1500:]}")
    return time.time() - t0


def make_nlp(conditions: Sequence[str], config: dict):
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_sensitive", config={"conditions": list(conditions), "generalize": True, **config})
    return nlp


def run_config(docs: Sequence[GoldDoc], conditions: Sequence[str], config: dict):
    """Predicted (start, end, condition) and (start, end, replacement) per doc, and the seconds taken."""
    nlp = make_nlp(conditions, config)
    t0 = time.time()
    predicted, replaced = {}, {}
    for d, doc in zip(docs, nlp.pipe(d.text for d in docs)):
        spans = confidential_spans(doc)
        predicted[d.id] = [(s, e, c) for s, e, c, _ in spans]
        replaced[d.id] = [(s, e, r) for s, e, _, r in spans]
    return predicted, replaced, time.time() - t0


# Which conditions each set is run and scored with: the deid notes were annotated for the health
# conditions only (a note's "Spanish speaking" or "Russian interpreter" is not in their gold), the written texts
# for all nine, and also scored with the health conditions alone (the conditions of Sánchez et al.).
SCOPES = {"deid": {"health": HEALTH}, "written_dev": {"health": HEALTH, "all": CONDITIONS},
          "written": {"health": HEALTH, "all": CONDITIONS}, "written_test2": {"health": HEALTH, "all": CONDITIONS}}
# the sets run without --sets (written_test2 is run once, on request)
DEFAULT_SETS = ("deid", "written_dev", "written")
# development sets (errors may be read with --show) and the held-out set (only its figures are read)
DEV_SETS = ("deid", "written_dev")


# ------------------------------------------------------------------------------------------------
# report


def _pct(x) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def machine() -> str:
    import os

    cpu = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo", encoding="utf8"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPU cores ({cpu}), no GPU used, Python {platform.python_version()}"


START, END = "<!-- sensitive_eval:start -->", "<!-- sensitive_eval:end -->"
PAGE = """# Confidential attributes: detection and utility (`anon_sensitive`)

Does `anon_sensitive` find the terms that reveal a protected condition (HIV, sexually transmitted
disease, mental disorder, alcohol abuse, substance abuse; religion, political opinion, sexual
orientation, ethnic origin), and how much information is kept when they are generalized rather
than removed? Gold: [tests/fixtures/sensitive_gold](../../tests/fixtures/sensitive_gold/README.md).

{start}
{body}
{end}
"""


def write_markdown(path: Path, body: str) -> None:
    """Write the results between the page's markers, keeping the prose around them (a new page otherwise)."""
    old = path.read_text(encoding="utf8") if path.exists() else ""
    if START in old and END in old:
        text = old[:old.index(START) + len(START)] + "\n" + body + "\n" + old[old.index(END):]
    else:
        text = PAGE.format(start=START, body=body, end=END)
    path.write_text(text, encoding="utf8")


def to_markdown(report: dict) -> str:
    """The generated part of the page: set-up, gold, detection, utility, the published figures."""
    lines = [
        f"Machine: {report['machine']}. Date: {report['date']}. Wall time of the whole script: "
        f"{report['wall_s']:.0f} s.",
        "",
        "```bash",
        report["command"],
        "```",
        "",
        "Scores are per term (Sánchez et al. eqs. 14-16). **overlap**: a gold term is found when a predicted",
        "span overlaps it; precision is the share of predicted spans that overlap a gold term. **strict**: the",
        "same with equal offsets. Utility (their eqs. 17-18) is the information content of the text's terms",
        "after sanitizing over before, with `spacy_anon.risk.document_information`: the terms are the words of",
        "the lower-cased text (numbers and dates one term each), IC = -log2 of the wordfreq frequency, and a",
        "generalization keeps at most the IC of what it replaces. The same spans are generalized",
        "(`span._.anon_replacement`) or removed.",
        "",
        "## Gold",
        "",
        "| set | documents (without terms) | terms | sensitive | related |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, s in report["sets"].items():
        g = s["gold"]
        sens = sum(v["sensitive"] for v in g["per_condition"].values())
        rel = sum(v["related"] for v in g["per_condition"].values())
        lines.append(f"| {name} | {g['documents']} ({g['documents_without_terms']}) | {g['terms']} | {sens} | {rel} |")
    lines += ["", "## Detection", ""]
    if report.get("component_error"):
        lines += [f"Not run: {report['component_error']}", ""]
    else:
        lines += ["| set | configuration | conditions run | P overlap | R overlap | F1 overlap | P strict | R strict | "
                  "F1 strict | R sensitive | R related | seconds |",
                  "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for name, s in report["sets"].items():
            for run in s.get("runs", []):
                o, st, k = run["scores"]["overlap"], run["scores"]["strict"], run["scores"]["per_kind"]
                lines.append(
                    f"| {name} | {run['name']} | {run['scope']} | {_pct(o['precision'])} | {_pct(o['recall'])} | "
                    f"{_pct(o['f1'])} | {_pct(st['precision'])} | {_pct(st['recall'])} | {_pct(st['f1'])} | "
                    f"{_pct(k.get('sensitive', {}).get('recall'))} | {_pct(k.get('related', {}).get('recall'))} | "
                    f"{run['seconds']:.1f} |")
        lines += ["", "Recall per condition (overlap; precision where the component names the condition), "
                  "with the widest set of conditions run:", "",
                  "| set | configuration | condition | gold terms | R | P |", "|---|---|---|---:|---:|---:|"]
        for name, s in report["sets"].items():
            widest = list(SCOPES[name])[-1]
            for run in s.get("runs", []):
                if run["scope"] != widest:
                    continue
                for c, v in run["scores"]["per_condition"].items():
                    lines.append(f"| {name} | {run['name']} | {c} | {v['n_gold']} | {_pct(v['recall'])} | "
                                 f"{_pct(v['precision'])} |")
    lines += ["", "## Utility: generalization versus removal", "",
              "IC kept, in percent of the original's: mean over documents (whole set pooled in brackets).", "",
              "| set | spans replaced | generalized | removed |", "|---|---|---:|---:|"]

    def kept(u, key):
        return f"{u[key]['mean_percent']:.1f} ({u[key]['corpus_percent']:.1f})"

    for name, s in report["sets"].items():
        u = s["utility_gold_removal"]
        lines.append(f"| {name} | the gold terms (reference: perfect removal) | – | {kept(u, 'removal')} |")
        for run in s.get("runs", []):
            u = run["utility"]
            lines.append(f"| {name} | {run['name']}, {run['scope']} ({u['spans']} spans) | "
                         f"{kept(u, 'generalization')} | {kept(u, 'removal')} |")
    pub = report["published"]
    lines += ["", "## Against Sánchez et al.", "",
              "Sánchez, Batet and Viejo report, on six Wikipedia articles with Web hit counts and SNOMED CT:",
              "",
              "| their setting | P | R | F |", "|---|---:|---:|---:|",
              f"| step 1 only (sensitive terms) | {pub['step1_only']['precision']} | {pub['step1_only']['recall']} | "
              f"{pub['step1_only']['f1']} |",
              f"| steps 1 and 2, no context | {pub['no_context']['precision']} | {pub['no_context']['recall']} | "
              f"{pub['no_context']['f1']} |",
              f"| steps 1 and 2, contextualized | {pub['context']['precision']} | {pub['context']['recall']} | "
              f"{pub['context']['f1']} |",
              "",
              f"and utility {pub['utility_generalization_context']}% with generalization against "
              f"{pub['utility_removal']}% with removal",
              "(steps 1 and 2, contextualized; Table 3's column headings, which the paper's prose contradicts).",
              "Their terms are noun phrases and their probabilities Web hit counts; ours are words and n-grams",
              "with an index of 2,152 nursing notes, and our texts are clinical notes and short case texts, so",
              "the figures compare in kind, not in value.", ""]
    if report.get("notes"):
        lines += ["Notes:", ""] + [f"- {n}" for n in report["notes"]] + [""]
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deid", type=Path, default=DEFAULT_DEID, help="deid notes JSONL (2,152 notes)")
    ap.add_argument("--index", type=Path, default=DEFAULT_INDEX,
                    help="corpus index for related terms (built from --deid with `spacy-anon index` if missing)")
    ap.add_argument("--json", type=Path, default=ROOT / "docs" / "benchmarks" / "sensitive.json")
    ap.add_argument("--md", type=Path, default=ROOT / "docs" / "benchmarks" / "sensitive.md")
    ap.add_argument("--gold-only", action="store_true", help="gold counts and reference utility, no component")
    ap.add_argument("--configs", help="JSON list of {name, config} to run instead of the default three")
    ap.add_argument("--show", nargs="?", const="deid", default=None, choices=sorted(SCOPES),
                    help="print every missed term and false positive of one set with its text (prints the notes' "
                         "words); only a development set (deid, written_dev) unless named: the written texts are "
                         "held out")
    ap.add_argument("--sets", default=",".join(DEFAULT_SETS),
                    help="comma-separated sets to run (default: deid,written_dev,written; the development sets "
                         "alone: deid,written_dev; the second held-out set, when its file exists: written_test2)")
    ap.add_argument("--replacements", action="store_true",
                    help="print every replacement the first configuration writes, per set (original -> replacement)")
    args = ap.parse_args(argv)
    t0 = time.time()
    wanted = [n.strip() for n in args.sets.split(",") if n.strip()]
    unknown = sorted(set(wanted) - set(SCOPES))
    if unknown:
        raise SystemExit(f"unknown set(s) {unknown}; known: {sorted(SCOPES)}")
    if "written_test2" in wanted and not TEST2_GOLD.exists():
        raise SystemExit(f"--sets written_test2: {TEST2_GOLD} does not exist")
    loaders = {"deid": lambda: load_deid_gold(args.deid), "written_dev": lambda: load_written_gold(DEV_GOLD),
               "written": load_written_gold, "written_test2": lambda: load_written_gold(TEST2_GOLD)}
    sets = {name: loaders[name]() for name in SCOPES if name in wanted}
    report = {
        "schema": "spacy-anon/sensitive-eval/1",
        "command": " ".join(["python benchmarks/sensitive_eval.py", *(sys.argv[1:] if argv is None else argv)]),
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
        "published": PUBLISHED,
        "sets": {name: {"gold": gold_counts(docs), "utility_gold_removal": utility(docs, gold_removal(docs))}
                 for name, docs in sets.items()},
        "notes": [],
    }
    if args.gold_only:
        report["component_error"] = "--gold-only"
    else:
        check_component(component_default_config())
        configs = json.loads(args.configs) if args.configs else CONFIGS
        if any("{index}" in json.dumps(c) for c in configs):
            seconds = build_index(args.deid, args.index)
            shown = args.index.relative_to(ROOT) if args.index.is_relative_to(ROOT) else args.index
            report["index"] = {"path": str(shown), "built_seconds": round(seconds, 1)}
        for name, docs in sets.items():
            runs = []
            for c in configs:
                config = json.loads(json.dumps(c["config"]).replace("{index}", str(args.index)))
                for scope, conditions in SCOPES[name].items():
                    predicted, replaced, seconds = run_config(docs, conditions, config)
                    if args.show == name:
                        print(f"# {name}: {c['name']}, {scope} conditions")
                        print("\n".join(errors(docs, predicted)))
                    if args.replacements and c is configs[0] and scope == list(SCOPES[name])[-1]:
                        print(f"# replacements, {name}: {c['name']}, {scope} conditions")
                        for d in docs:
                            for start, end, value in replaced[d.id]:
                                print(f"{d.text[start:end]!r} -> {value!r}")
                    runs.append({"name": c["name"], "scope": scope, "config": config, "conditions": list(conditions),
                                 "seconds": round(seconds, 2), "scores": score_terms(docs, predicted, conditions),
                                 "utility": utility(docs, replaced)})
            report["sets"][name]["runs"] = runs
    report["wall_s"] = time.time() - t0
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf8")
    if args.md:
        write_markdown(args.md, to_markdown(report))
    return report


if __name__ == "__main__":
    main()
