"""B³ of entity grouping on the hand-annotated coreference gold (tests/fixtures/coref_gold.jsonl).

Three systems group the same gold mentions (mentions given, as in the evaluation of Dias et al.'s
co-reference step, so only the grouping is measured):

- singletons: every mention its own entity (the baseline of that paper);
- name parts: the default grouper of `anon_mask` (spacy_anon.name_part_grouper.v1) on the named
  mentions; pronouns and role nouns stay singletons (it never sees them);
- anon_coref: the component with its default settings on a blank pipeline of the excerpt's language,
  the gold named mentions in doc.spans["anon"]; its doc.spans["anon_coref"] gives the entities of names
  and of the anaphora it linked.

Two scopes: "names" (named mentions and acronyms only) and "all" (with pronouns and role nouns). Rows
by corpus, by split ("dev": the excerpts the rules were developed on; "held-out": annotated after the
rules were frozen, never used to tune them) and for everything.

    python benchmarks/coref_b3.py [--gold tests/fixtures/coref_gold.jsonl] [--out FILE]
"""
import argparse
import json
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import spacy  # noqa: E402

from spacy_anon.coref.component import AnonCoref  # noqa: E402
from spacy_anon.evaluate.spans import b_cubed  # noqa: E402
from spacy_anon.mask.grouping import make_name_part_grouper  # noqa: E402

NAMED = ("name", "acronym")
CORPUS = {"tab": "TAB", "wikiactors": "WikiActors", "harem": "HAREM"}


def gold_doc(nlp, record):
    """A doc of the excerpt with its named gold mentions in doc.spans["anon"]."""
    doc = nlp.make_doc(record["text"])
    spans = []
    for start, end, label, kind, _ in record["mentions"]:
        if kind in NAMED:
            span = doc.char_span(start, end, label=label, alignment_mode="expand")
            if span is not None:
                spans.append(span)
    doc.spans["anon"] = spans
    return doc


def systems(record, nlps) -> Dict[str, List]:
    """doc mentions (start, end, entity id) of each system."""
    nlp = nlps[record["lang"]]
    named = [(m[0], m[1]) for m in record["mentions"] if m[3] in NAMED]
    out = {"singletons": [(s, e, f"m{s}") for s, e, *_ in record["mentions"]]}
    doc = gold_doc(nlp, record)
    spans = list(doc.spans["anon"])
    keys = make_name_part_grouper()(doc, spans)
    out["name parts"] = [(s.start_char, s.end_char, f"{s.label_}|{k}") for s, k in zip(spans, keys)]
    coref = AnonCoref(lang=record["lang"], add_mentions=False)
    doc = coref(gold_doc(nlp, record))
    out["anon_coref"] = [(s.start_char, s.end_char, s._.anon_entity) for s in doc.spans["anon_coref"]]
    assert len(named) == len(spans)
    return out


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold", type=Path, default=REPO / "tests" / "fixtures" / "coref_gold.jsonl")
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "out" / "coref_b3.json")
    args = parser.parse_args(argv)
    records = [json.loads(line) for line in args.gold.open(encoding="utf-8") if line.strip()]
    nlps = {lang: spacy.blank(lang) for lang in {r["lang"] for r in records}}
    start = time.perf_counter()
    groups = {name: [r for r in records if r["id"].split(":")[0] == key] for key, name in CORPUS.items()}
    groups["dev"] = [r for r in records if r.get("split") == "dev"]
    groups["held-out"] = [r for r in records if r.get("split") == "heldout"]
    groups["all"] = records
    report = {}
    for corpus, recs in groups.items():
        for scope in ("names", "all"):
            gold, pred = {}, {}
            for r in recs:
                keep = [m for m in r["mentions"] if scope == "all" or m[3] in NAMED]
                gold[r["id"]] = [(m[0], m[1], m[4]) for m in keep]
                for system, mentions in systems(r, nlps).items():
                    pred.setdefault(system, {})[r["id"]] = mentions
            for system, p in pred.items():
                score = b_cubed(gold, p)
                report[f"{corpus}/{scope}/{system}"] = {k: round(v, 3) if isinstance(v, float) else v
                                                         for k, v in score.items()}
    seconds = time.perf_counter() - start
    print(f"{len(records)} excerpts, {sum(len(r['mentions']) for r in records)} gold mentions, {seconds:.1f} s")
    print(f"{'corpus/scope':24s} {'system':12s} {'mentions':>8s} {'B3 P':>6s} {'B3 R':>6s} {'B3 F1':>6s}")
    for key, s in report.items():
        corpus, scope, system = key.split("/")
        print(f"{corpus + '/' + scope:24s} {system:12s} {s['mentions']:8d} {s['b3_precision']:6.3f} "
              f"{s['b3_recall']:6.3f} {s['b3_f1']:6.3f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
