"""Do span scores mean what they say, on text the model never saw: reliability per detector and genre,
a calibration fitted on held-out folds, and the span-score thresholds the genres support.

Held-out spans, each with its detector ("source") and score, as `spacy-anon anonymize
--include-original` writes them:

- TAB CV: the cross-validated court judgments of benchmarks/tab_heldout.py (each fold's model never saw
  its documents), as written;
- everyday dev, WikiANN English dev (a seeded sample) and WNUT17 dev, anonymized by the default model
  (`spacy-anon anonymize`, no --model: trained on TAB dev, Presidio's synthetic set and WikiANN train,
  none of these documents).

A span's outcome is its character precision against the gold (TAB: the mentions that need masking;
others: every gold span; on WikiANN and WNUT17, which annotate persons, places, organisations and
miscellany only, only spans of those categories count; `spacy_anon.evaluate.reliability`). Per genre and detector: a reliability table
(score bins, observed precision, calibration error) and the plot docs/benchmarks/reliability.png.
Calibration (`spacy_anon.calibrate_scores.v1`, isotonic per label on anon_crf's spans) is fitted on the
TAB CV spans and scored cross-fitted (each TAB fold calibrated by the curve of the other four; the other
genres by the curve of all five). The sweep drops spans scored below a threshold (after the run, as
anon_mask's min_score would; spans without a score kept) and gives token recall / precision per genre.

    python benchmarks/score_reliability.py --tab-heldout training/tab-heldout --out benchmarks/out/reliability.json \
        --plot docs/benchmarks/reliability.png --calibration training/calibration/anon_crf.json
"""
import argparse
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import genre_benchmark as gb  # noqa: E402

from spacy_anon.corpora import iter_records  # noqa: E402
from spacy_anon.evaluate.reliability import expected_calibration_error, reliability_bins, span_precision  # noqa: E402
from spacy_anon.evaluate.tab import FunctionWordList, gold_entities  # noqa: E402
from spacy_anon.tagger.span_filters.calibration import CalibrateScores  # noqa: E402

THRESHOLDS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
CALIBRATED = "anon_crf"  # the detector whose scores the span filter calibrates


def gold_intervals(record, tab: bool) -> List[tuple]:
    if not tab:
        return [(s.start, s.end) for s in record.spans]
    return [(s, e) for ents in gold_entities(record).values() for ent in ents for s, e, _, flag in ent.mentions
            if flag or flag is None]


def load_genres(args) -> Dict[str, Dict]:
    """{genre: {"records", "preds", "tab", "fold_of"}}: TAB CV from the fold files, the others run (cached)."""
    genres = {}
    folds = sorted(Path(args.tab_heldout).glob("fold*/predictions.json"))
    if folds:
        by_id = {r.doc_id: r for r in iter_records(Path(args.shared) / "tab" / "tab_dev.jsonl", "jsonl")}
        preds, fold_of = {}, {}
        for f in folds:
            run = json.loads(f.read_text(encoding="utf8"))
            preds.update(run["predictions"]["as-written"])
            fold_of.update({d: run["fold"] for d in run["held_out"]})
        genres["TAB CV (held out)"] = {"records": [by_id[d] for d in fold_of], "preds": preds, "tab": True,
                                       "fold_of": fold_of}
    shared = Path(args.shared)
    wanted = {"wikiann": "WikiANN dev", "wnut17": "WNUT17 dev"}
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    sources = [(g.key, wanted[g.key], g.load) for g in gb.corpus_genres(shared, wikiann_sample=args.wikiann_sample)
               if g.key in wanted]
    sources.append(("everyday", "everyday dev", lambda: (gb.everyday_records(ROOT / "assets" / "everyday", "dev"), [])))
    for key, name, load in sources:
        records, _ = load()
        path = cache / f"{key}.json"
        if path.exists():
            preds = json.loads(path.read_text(encoding="utf8"))
        else:
            with tempfile.TemporaryDirectory() as tmp:
                preds = gb.cli_spans_with_sources(records, Path(tmp))
            path.write_text(json.dumps(preds), encoding="utf8")  # offsets, labels, detector, score: no text
        genres[name] = {"records": records, "preds": preds, "tab": False, "fold_of": {}}
    return genres


# gold schemes that annotate only some categories: a predicted date on WikiANN is not wrong, only unannotated
PARTIAL_SCHEMES = ("wikiann", "wnut17")


def outcomes(genre) -> List[Dict]:
    """One row per predicted span with a score: doc, fold, detector, label, score, outcome. On a gold
    scheme of PARTIAL_SCHEMES only spans of the categories it annotates count."""
    rows = []
    covered = set(gb.LABEL_TABLES[genre["gold_table"]].values())
    for r in genre["records"]:
        gold = gold_intervals(r, genre["tab"])
        for s, e, label, _type, source, score in genre["preds"].get(r.doc_id, []):
            if score is None:
                continue
            if genre["gold_table"] in PARTIAL_SCHEMES and gb.SAME_CATEGORY.get(label, label) not in covered:
                continue
            rows.append({"doc": r.doc_id, "fold": genre["fold_of"].get(r.doc_id), "source": source or "?",
                         "label": label, "score": float(score), "outcome": span_precision(r.text, s, e, gold)})
    return rows


def table(rows: List[Dict], key: str = "score") -> Dict:
    bins = reliability_bins([(min(1.0, max(0.0, x[key])), x["outcome"]) for x in rows])
    return {"n": len(rows), "ece": expected_calibration_error(bins), "bins": bins}


def fit(rows: List[Dict], min_spans: int) -> CalibrateScores:
    sel = [x for x in rows if x["source"] == CALIBRATED]
    return CalibrateScores(min_spans).fit([x["label"] for x in sel], [x["score"] for x in sel],
                                          [x["outcome"] for x in sel])


def calibrate_rows(rows: List[Dict], cal: CalibrateScores) -> None:
    for x in rows:
        x["calibrated"] = cal.calibrate(x["label"], x["score"]) if x["source"] == CALIBRATED else x["score"]


def sweep(genre, key: str, fw) -> List[Dict]:
    """Token R / P when spans scored below t are dropped (spans without a score kept)."""
    out = []
    cal_of = {}
    for x in genre.get("rows", []):
        cal_of[(x["doc"], x["score"], x["label"], x["source"])] = x.get("calibrated", x["score"])
    for t in THRESHOLDS:
        system = {}
        for r in genre["records"]:
            kept = []
            for s, e, label, typ, source, score in genre["preds"].get(r.doc_id, []):
                value = None if score is None else (
                    cal_of.get((r.doc_id, float(score), label, source or "?"), score) if key == "calibrated" else score)
                if value is None or value >= t:
                    kept.append((s, e, label, typ))
            system[r.doc_id] = kept
        rep = gb.score(genre["records"], system, genre["gold_table"], "spacy-anon", fw)
        out.append({"threshold": t, "token_recall": rep["token_recall"], "token_precision": rep["token_precision"]})
    return out


def plot(results: Dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(results)
    fig, axes = plt.subplots(1, len(names), figsize=(4.2 * len(names), 4.2), squeeze=False)
    for ax, name in zip(axes[0], names):
        ax.plot([0, 1], [0, 1], color="grey", lw=0.8, ls="--")
        for source, rel in sorted(results[name]["raw"].items()):
            if rel["n"] < 30:
                continue
            bins = [b for b in rel["bins"] if b["n"] >= 5]
            ax.plot([b["mean_score"] for b in bins], [b["precision"] for b in bins], marker="o", ms=3,
                    label=f"{source} (n={rel['n']}, ECE {rel['ece']:.2f})")
        cal = results[name].get("calibrated")
        if cal and cal["n"] >= 30:
            bins = [b for b in cal["bins"] if b["n"] >= 5]
            ax.plot([b["mean_score"] for b in bins], [b["precision"] for b in bins], marker="s", ms=3, ls=":",
                    color="black", label=f"{CALIBRATED} calibrated (ECE {cal['ece']:.2f})")
        ax.set_title(name, fontsize=9)
        ax.set_xlabel("span score (bin mean)")
        ax.set_ylabel("observed precision")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.02)
        ax.legend(fontsize=6, loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def markdown(results: Dict) -> str:
    lines = ["| genre | detector | spans | ECE raw | ECE calibrated | bins (score range: n, mean score → precision) |",
             "|---|---|---:|---:|---:|---|"]
    for name, res in results.items():
        for source, rel in sorted(res["raw"].items(), key=lambda kv: -kv[1]["n"]):
            if rel["n"] < 10:
                continue
            cal = res.get("calibrated") if source == CALIBRATED else None
            bins = "; ".join(f"{b['lo']:.1f}-{b['hi']:.1f}: {b['n']}, {b['mean_score']:.2f} → {b['precision']:.2f}"
                             for b in rel["bins"])
            after = f"{cal['ece']:.3f}" if cal else "–"
            lines.append(f"| {name} | {source} | {rel['n']} | {rel['ece']:.3f} | {after} | {bins} |")
    lines += ["", "| genre | scores | " + " | ".join(f"t={t:.1f}" for t in THRESHOLDS) + " |",
              "|---|---|" + "---:|" * len(THRESHOLDS)]
    for name, res in results.items():
        for key in ("raw", "calibrated"):
            sw = res.get(f"sweep_{key}")
            if sw:
                lines.append(f"| {name} | {key} | " + " | ".join(
                    f"{x['token_recall']:.3f} / {x['token_precision']:.3f}" for x in sw) + " |")
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", default=os.environ.get("SPACY_ANON_SHARED", "../shared/data"))
    parser.add_argument("--tab-heldout", default=str(ROOT / "training" / "tab-heldout"))
    parser.add_argument("--cache", default=str(ROOT / "benchmarks" / "out" / "reliability"),
                        help="the default model's spans per genre (offsets, labels, detectors, scores; no text)")
    parser.add_argument("--wikiann-sample", type=int, default=1000)
    parser.add_argument("--min-spans", type=int, default=50, help="held-out spans a label needs for its own curve")
    parser.add_argument("--no-sweep", action="store_true")
    parser.add_argument("--out", default=None)
    parser.add_argument("--plot", default=None)
    parser.add_argument("--write-page", default=None, metavar="PAGE.md",
                        help="rewrite the tables between the reliability markers of this page")
    parser.add_argument("--calibration", default=None,
                        help="write the calibration fitted on all TAB CV folds here (scripts/calibrate_scores.py apply)")
    args = parser.parse_args(argv)
    genres = load_genres(args)
    gold_tables = {"WikiANN dev": "wikiann", "WNUT17 dev": "wnut17", "everyday dev": "everyday"}
    for name, g in genres.items():
        g["gold_table"] = gold_tables.get(name, "tab")
        g["rows"] = outcomes(g)
    tab_name = "TAB CV (held out)"
    tab_rows = genres.get(tab_name, {}).get("rows", [])
    full = fit(tab_rows, args.min_spans) if tab_rows else None
    if tab_rows:  # cross-fitted on TAB: fold k calibrated by the curve of the other folds
        for k in sorted({x["fold"] for x in tab_rows}):
            cal = fit([x for x in tab_rows if x["fold"] != k], args.min_spans)
            calibrate_rows([x for x in tab_rows if x["fold"] == k], cal)
    for name, g in genres.items():
        if name != tab_name and full is not None:
            calibrate_rows(g["rows"], full)
    fw = FunctionWordList()
    results = {}
    for name, g in genres.items():
        by_source = defaultdict(list)
        for x in g["rows"]:
            by_source[x["source"]].append(x)
        res = {"raw": {s: table(rows) for s, rows in by_source.items()}}
        crf = [x for x in g["rows"] if x["source"] == CALIBRATED and "calibrated" in x]
        if crf:
            res["calibrated"] = table(crf, "calibrated")
        if not args.no_sweep:
            res["sweep_raw"] = sweep(g, "raw", fw)
            if crf:
                res["sweep_calibrated"] = sweep(g, "calibrated", fw)
        results[name] = res
        print(f"{name}: " + ", ".join(f"{s} n={r['n']} ECE {r['ece']:.3f}" for s, r in res["raw"].items())
              + (f"; {CALIBRATED} calibrated ECE {res['calibrated']['ece']:.3f}" if "calibrated" in res else ""),
              flush=True)
    text = markdown(results)
    print(text)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(results, indent=1), encoding="utf8")
    if args.plot:
        try:
            plot(results, Path(args.plot))
        except ImportError as err:  # matplotlib comes with the bench extra
            print(f"no plot: {err} (pip install -e '.[bench]')", file=sys.stderr)
    if args.write_page:
        import peer_comparison  # the page writer of the benchmarks

        peer_comparison.write_section(Path(args.write_page), text, "<!-- reliability:start -->",
                                      "<!-- reliability:end -->")
    if args.calibration and full is not None:
        Path(args.calibration).parent.mkdir(parents=True, exist_ok=True)
        Path(args.calibration).write_text(json.dumps(full.to_dict(), indent=1), encoding="utf8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
