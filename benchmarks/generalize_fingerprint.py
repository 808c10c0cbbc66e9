"""Check that a change to anon_generalize leaves its output unchanged, document by document.

Runs pipelines that use anon_generalize and writes, for every document, `doc._.anon_text`,
`doc._.anon_table`, `doc._.anon_stats` and every span's attributes (`anon_replacement` included), as
`benchmarks/pipeline_fingerprint.py` does; `--compare` checks a new run against a file saved before.

Set-ups (each runs every document):
- `gold`: spacy.blank("en") + anon_rules + the WikiActors dev gold spans added to doc.spans["anon"] +
  anon_generalize (defaults) + anon_mask(strategy="generalize");
- `shipped`: the same with the settings of project.yml's assemble-wikiactors (thresholds 0.25, the
  crowd test on the actor abstracts) and small word vectors trained here, so the safety tests run;
- `variants`: the same with the other settings switched (vacuous, sense, safety, keep_share,
  levels_up, regions, article, knowledge base);
- `levels`: without vectors, `levels_up` 2 and the other switches off;
- `tab`: the first 15 TAB dev documents through spacy_anon.load(strategy="generalize"), with
  anon_generalize added before anon_mask when the default pipeline has none.

    python benchmarks/generalize_fingerprint.py --out /tmp/gen_before.json      # with the old code
    python benchmarks/generalize_fingerprint.py --compare /tmp/gen_before.json  # with the new code

The vectors, frequency table and knowledge base are built once into --work (default
/tmp/generalize_fingerprint) and reused, so both runs see the same ones. The output holds the corpus's
sensitive values: write it outside the repository.
"""
import argparse
import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
if not SHARED.exists():
    SHARED = Path("/work/shared/data")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pipeline_fingerprint import compare, fingerprint  # noqa: E402

WIKIACTORS_DEV = SHARED / "wikiactors" / "wikiactors_dev_TABformat.json"
ABSTRACTS = SHARED / "wikiactors" / "corpus" / "all_actor_abstracts.jsonl.gz"
ENTITY_CLASSES = SHARED / "wikiactors" / "corpus" / "entities_generalizations.csv"
TAB_DEV = SHARED / "tab" / "tab_dev.jsonl"


def resources(work: Path, n_abstracts: int = 3000) -> Dict[str, str]:
    """Small word vectors (first n_abstracts abstracts, one thread: reproducible), the document frequency
    table of all abstracts and the knowledge base of entity classes, built once into `work`."""
    from spacy_anon.disclosure.vectors import read_texts, train_from_corpus
    from spacy_anon.generalize.crowds import load_frequencies
    from spacy_anon.generalize.knowledge_base import KnowledgeBase

    work.mkdir(parents=True, exist_ok=True)
    vectors, table, kb = work / "vectors", work / "frequencies.json", work / "kb.json"
    if not (vectors / "vectors.kv").exists():
        texts = [t for _, t in zip(range(n_abstracts), read_texts(ABSTRACTS))]
        train_from_corpus(texts, vectors, vector_size=50, epochs=5, workers=1, seed=1)
    if not table.exists():
        load_frequencies(ABSTRACTS).to_disk(table)
    if not kb.exists():
        KnowledgeBase.from_path(ENTITY_CLASSES).to_disk(kb)
    return {"vectors": str(vectors), "frequencies": str(table), "kb": str(kb)}


def gold_pipeline(generalize: Dict[str, Any]):
    """anon_rules + the gold spans as candidates + anon_generalize(generalize) + anon_mask(generalize)."""
    import spacy
    from spacy.language import Language

    import spacy_anon  # noqa: F401  (registers the factories)
    from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY

    if "generalize_fingerprint_gold" not in Language.factories:
        @Language.component("generalize_fingerprint_gold")
        def add_gold(doc):
            spans = list(doc.spans[SPAN_KEY]) if SPAN_KEY in doc.spans else []
            doc.spans[SPAN_KEY] = spans + list(doc.spans.get(GOLD_SPAN_KEY, []))
            return doc

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("generalize_fingerprint_gold")
    nlp.add_pipe("anon_generalize", config=generalize)
    nlp.add_pipe("anon_mask", config={"strategy": "generalize"})
    return nlp


def run_gold(generalize: Dict[str, Any], frequencies: Optional[str] = None) -> List[Dict[str, Any]]:
    from spacy_anon.corpora.readers import read_tab_json
    from spacy_anon.generalize.crowds import load_frequencies

    nlp = gold_pipeline(generalize)
    if frequencies:
        nlp.get_pipe("anon_generalize").set_document_frequencies(load_frequencies(frequencies))
    docs = list(read_tab_json(WIKIACTORS_DEV, nlp))
    return [fingerprint(doc) for doc in nlp.pipe(docs)]


def run_tab(limit: int = 15) -> List[Dict[str, Any]]:
    import spacy_anon

    with open(TAB_DEV, encoding="utf-8") as fh:
        texts = [json.loads(line)["text"] for line in fh if line.strip()][:limit]
    nlp = spacy_anon.load(strategy="generalize")
    if "anon_generalize" not in nlp.pipe_names:  # the default pipeline leaves generalizing to anon_mask
        nlp.add_pipe("anon_generalize", before="anon_mask")
    return [fingerprint(doc) for doc in nlp.pipe(texts)]


def run_all(work: Path, only: Optional[List[str]] = None) -> Dict[str, List[Dict[str, Any]]]:
    res = resources(work)
    shipped = {"threshold": 0.25, "class_threshold": 0.25, "vectors": res["vectors"]}
    setups = {
        "gold": lambda: run_gold({}),
        "shipped": lambda: run_gold(shipped, res["frequencies"]),
        "variants": lambda: run_gold({**shipped, "vacuous": "suppress", "sense": "first", "safety": "absolute",
                                      "keep_share": 0.02, "crowd_share": 0.2, "regions": False,
                                      "knowledge_base": res["kb"], "oov_candidates": "safe"}, res["frequencies"]),
        "levels": lambda: run_gold({"levels_up": 2, "article": False, "simplify": False, "keep_common": False,
                                    "classes": False, "date_granularity": "year", "number_style": "words"}),
        "tab": run_tab,
    }
    return {name: run() for name, run in setups.items() if not only or name in only}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("/tmp/generalize_fingerprint.json"))
    parser.add_argument("--compare", type=Path, default=None, help="a file written before the change")
    parser.add_argument("--work", type=Path, default=Path("/tmp/generalize_fingerprint"))
    parser.add_argument("--only", nargs="*", default=None, help="set-ups to run (default: all)")
    args = parser.parse_args(argv)
    prints = run_all(args.work, args.only)
    if args.compare is None:
        args.out.write_text(json.dumps(prints), encoding="utf-8")
        print(", ".join(f"{name}: {len(docs)} docs" for name, docs in prints.items()) + f" written to {args.out}")
        return 0
    old = json.loads(args.compare.read_text(encoding="utf-8"))
    n_docs, problems = 0, []
    for name, docs in prints.items():
        problems += [f"{name}: {p}" for p in compare(old[name], docs)]
        n_docs += len(docs)
    for line in problems:
        print(line)
    n_spans = sum(len(rows) for docs in prints.values() for p in docs for rows in p["spans"].values())
    print(f"{n_docs} documents ({', '.join(f'{k} {len(v)}' for k, v in prints.items())}), {n_spans} spans: "
          + ("identical" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
