"""Whole units and the knowledge base on WikiActors 50_eval: how many spans get a unit class from each source.

    python benchmarks/kb_units.py [--pipeline training/wikiactors/pipeline]
        [--data ../shared/data/wikiactors/reidentification/WikiActors_50_eval.json]
        [--kb ../shared/data/wikiactors/corpus/entities_generalizations.csv] [--json benchmarks/out/kb_units.json]

Runs the pipeline (strategy generalize) on each record's original_abstract with doc._.anon_subject =
record["name"], three times: units off (`unit_generalization` replaced by a function returning None: the
word-by-word WordNet walk only), units without a knowledge base (anon_generalize's knowledge_base unset),
and units with the knowledge base. For each run it counts the spans whose replacement is a unit class and
the source that gave it (`spacy_anon.generalize.units.unit_class`), the top unit classes, the share of
vacuous replacements ("thing", "entity", ...), and prints 10 spans whose replacement the knowledge base
changed. The anonymized texts are in the JSON, for the TRIR and utility benchmarks to reuse.
"""
import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "wikiactors"
DEFAULT_DATA = SHARED / "reidentification" / "WikiActors_50_eval.json"
DEFAULT_KB = SHARED / "corpus" / "entities_generalizations.csv"
DEFAULT_PIPELINE = ROOT / "training" / "wikiactors" / "pipeline"
_ARTICLES = ("a ", "an ", "the ")


def bare(replacement: str) -> str:
    """"An entity" -> "entity"."""
    text = replacement.strip().lower()
    for article in _ARTICLES:
        if text.startswith(article):
            return text[len(article):]
    return text


def run(nlp, records: List[dict], kb, units_on: bool) -> Dict[str, Any]:
    """Anonymize every record; per span: text, label, replacement and unit source."""
    from spacy_anon.generalize import component as gen_component
    from spacy_anon.evaluate.generalization_quality import VACUOUS
    from spacy_anon.generalize.units import unit_class, unit_generalization

    gen = nlp.get_pipe("anon_generalize")
    gen.cfg["knowledge_base"] = str(kb) if kb else None
    gen._kb = None
    original = gen_component.unit_generalization
    gen_component.unit_generalization = unit_generalization if units_on else (lambda span, **kw: None)
    lang = gen.cfg["lang"]
    sources: Counter = Counter()
    classes: Counter = Counter()
    spans_out: List[Dict[str, Any]] = []
    texts: Dict[str, str] = {}
    replaced = vacuous = 0
    start = time.perf_counter()
    try:
        for record in records:
            doc = nlp.make_doc(record["original_abstract"])
            doc._.anon_subject = record["name"]
            for _, proc in nlp.pipeline:
                doc = proc(doc)
            texts[record["name"]] = doc._.anon_text
            for span in doc.spans["anon"]:
                rep = span._.anon_replacement
                if rep is None:
                    continue
                replaced += 1
                vacuous += bare(rep) in VACUOUS
                found = unit_class(span, lang, gen.knowledge_base) if units_on else None
                source: Optional[str] = None
                if found and bare(rep) == found[0].lower():
                    source = found[1]
                    sources[source] += 1
                    classes[found[0]] += 1
                spans_out.append({"doc": record["name"], "start": span.start_char, "end": span.end_char,
                                  "text": span.text, "label": span.label_, "replacement": rep, "source": source})
    finally:
        gen_component.unit_generalization = original
    return {
        "seconds": round(time.perf_counter() - start, 1),
        "replaced": replaced,
        "vacuous": vacuous,
        "vacuous_share": round(vacuous / replaced, 4) if replaced else 0.0,
        "unit_spans": sum(sources.values()),
        "unit_sources": dict(sources.most_common()),
        "top_unit_classes": classes.most_common(15),
        "texts": texts,
        "spans": spans_out,
    }


def changed_examples(before: Dict[str, Any], after: Dict[str, Any], n: int = 10) -> List[Dict[str, str]]:
    """Spans whose replacement differs between two runs, the multiword and title-like ones first."""
    old = {(s["doc"], s["start"], s["end"]): s for s in before["spans"]}
    out = []
    for s in after["spans"]:
        prev = old.get((s["doc"], s["start"], s["end"]))
        if prev and prev["replacement"] != s["replacement"]:
            out.append({"doc": s["doc"], "text": s["text"], "label": s["label"], "before": prev["replacement"],
                        "after": s["replacement"], "source": s["source"] or ""})
    out.sort(key=lambda e: (-len(e["text"].split()), e["doc"], e["text"]))
    seen, picked = set(), []
    for e in out:  # one example per term
        if e["text"] not in seen:
            seen.add(e["text"])
            picked.append(e)
    return picked[:n]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pipeline", default=str(DEFAULT_PIPELINE))
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--kb", default=str(DEFAULT_KB))
    parser.add_argument("--limit", type=int, default=0, help="first N records only (0: all)")
    parser.add_argument("--json", default=str(ROOT / "benchmarks" / "out" / "kb_units.json"))
    args = parser.parse_args(argv)

    import spacy_anon

    records = json.loads(Path(args.data).read_text(encoding="utf8"))
    if args.limit:
        records = records[: args.limit]
    nlp = spacy_anon.load(args.pipeline, strategy="generalize")
    t0 = time.perf_counter()
    from spacy_anon.generalize.knowledge_base import KnowledgeBase

    kb_size = len(KnowledgeBase.from_path(args.kb))
    kb_seconds = round(time.perf_counter() - t0, 1)
    runs = {
        "units_off": run(nlp, records, None, units_on=False),
        "units_no_kb": run(nlp, records, None, units_on=True),
        "units_kb": run(nlp, records, args.kb, units_on=True),
    }
    report = {
        "data": str(args.data), "pipeline": str(args.pipeline), "kb": str(args.kb), "records": len(records),
        "kb_terms": kb_size, "kb_load_seconds": kb_seconds,
        "runs": runs,
        "examples_kb_vs_no_kb": changed_examples(runs["units_no_kb"], runs["units_kb"]),
        "examples_units_vs_off": changed_examples(runs["units_off"], runs["units_kb"]),
    }
    for name, r in runs.items():
        print(f"{name:12s} replaced {r['replaced']:5d}  vacuous {r['vacuous']:4d} ({100 * r['vacuous_share']:.1f}%)  "
              f"unit spans {r['unit_spans']:4d} {r['unit_sources']}  [{r['seconds']} s]")
    for name in ("units_no_kb", "units_kb"):
        print(f"top unit classes, {name}: {runs[name]['top_unit_classes']}")
    print(f"knowledge base: {kb_size} terms, read in {kb_seconds} s")
    for title, key in (("knowledge base vs none", "examples_kb_vs_no_kb"),
                       ("units vs word by word", "examples_units_vs_off")):
        print(f"\n{title}:")
        for e in report[key]:
            print(f"  {e['text']!r} ({e['label']}): {e['before']!r} -> {e['after']!r} [{e['source']}]")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
