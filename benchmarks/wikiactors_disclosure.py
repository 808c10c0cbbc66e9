"""Reproduce the disclosure results of Hassan et al. (word embeddings) on WikiActors dev: P/R/F1, sweep, utility.

    python benchmarks/wikiactors_disclosure.py --vectors training/wikiactors/vectors \
        [--data ../shared/data/wikiactors/wikiactors_dev_TABformat.json] [--sweep] [--plot PNG]

Term-level metrics of the paper's §4.1 come from `spacy_anon.evaluate.spans.term_scores` (per document,
then averaged over documents, as the paper): precision = detected terms containing a tagged word /
detected terms; recall = tagged terms whose words are ALL covered by detected terms / tagged terms
(partial = miss; stop words included, which our stop-word-free phrases cannot always cover);
recall_partial = tagged terms touched at all. We add word recall (share of tagged content words
covered), the figure closest to how the paper's released outputs score.
"""
import argparse
import json
import sys
import time
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wikiactors" / "wikiactors_dev_TABformat.json"

from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

_WORD = __import__("re").compile(r"\w+")


def load_dev(path: Path) -> List[dict]:
    rows = json.loads(Path(path).read_text(encoding="utf8"))
    docs = []
    for row in rows:
        gold = []
        for ann in row["annotations"].values():
            gold.extend((m["start_offset"], m["end_offset"]) for m in ann["entity_mentions"])
        docs.append({"id": row["doc_id"], "text": row["text"], "gold": sorted(set(gold))})
    return docs


# fragments \w+ leaves of clitics ("Diaz's" -> "Diaz", "s"; "doesn't" -> "doesn", "t")
_CLITICS = {"s", "t", "ve", "ll", "d", "re", "m"}


def content_words(text: str, start: int, end: int) -> List[Tuple[int, int]]:
    words = [(m.start() + start, m.end() + start) for m in _WORD.finditer(text[start:end])]
    content = [w for w in words if text[w[0]:w[1]].lower() not in STOP_WORDS | _CLITICS]
    return content or words


def word_recall(text: str, gold: Sequence[Tuple[int, int]], detected: Sequence[Tuple[int, int]]) -> float:
    """Share of the tagged content words (stop words excluded) fully inside detected spans."""
    det_chars = set()
    for s, e in detected:
        det_chars.update(range(s, e))
    words = [w for s, e in gold for w in content_words(text, s, e)]
    if not words:
        return 1.0
    return sum(1 for ws, we in words if all(c in det_chars for c in range(ws, we))) / len(words)


def score(docs: List[dict], detections: List[List[Tuple[int, int]]]) -> Dict[str, float]:
    """Seed-003 term-level scores (macro = average over documents) plus word recall."""
    from spacy_anon.evaluate.spans import term_scores

    gold = {d["id"]: [(s, e, None) for s, e in d["gold"]] for d in docs}
    pred = {d["id"]: [(s, e, None) for s, e in spans] for d, spans in zip(docs, detections)}
    texts = {d["id"]: d["text"] for d in docs}
    res = term_scores(gold, pred, texts)
    macro, micro = res["macro"], res["micro"]
    rw = sum(word_recall(d["text"], d["gold"], spans) for d, spans in zip(docs, detections)) / len(docs)
    p = macro["precision"]
    return {
        "p": p, "r": macro["recall"], "f1": macro["f1"], "r_partial": macro["recall_partial"],
        "r_word": rw, "f1_word": 2 * p * rw / (p + rw) if p + rw else 0.0,
        "micro_p": micro["precision"], "micro_r": micro["recall"], "micro_f1": micro["f1"],
        "cv_f1": res["cv"]["f1"],
        "terms_per_doc": sum(len(set(x)) for x in detections) / len(docs),
    }


DEFAULT_THRESHOLDS = [round(0.05 * i, 2) for i in range(1, 19)]  # 0.05 ... 0.9


def build_nlp(vectors: str, pos_model: str = "", rules: bool = False, always: Sequence[str] = ()):
    """The detection pipeline measured: [POS tagger] + [anon_rules] + anon_disclosure."""
    import spacy

    if pos_model:
        nlp = spacy.load(pos_model, exclude=["ner", "parser", "lemmatizer"])
    else:
        nlp = spacy.blank("en")
    if rules:
        nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_disclosure", config={"vectors": vectors, "always": list(always)})
    return nlp


def detect_all(nlp, docs: List[dict], threshold: float) -> List[List[Tuple[int, int]]]:
    """Candidate spans (char offsets) of every doc at one threshold (subject = the doc's actor)."""
    nlp.get_pipe("anon_disclosure").threshold = threshold
    out = []
    for d in docs:
        doc = nlp.make_doc(d["text"])
        doc._.anon_subject = d["id"]
        for _, proc in nlp.pipeline:
            doc = proc(doc)
        out.append([(s.start_char, s.end_char) for s in doc.spans.get("anon", [])])
    return out


def shipped_spans(pipeline: str, docs: List[dict]) -> List[List[Tuple[int, int]]]:
    """What a user's run masks: `spacy_anon.load(PIPELINE)` on each document (subject = the actor), the
    spans of its replacement table (offsets in the original text) that were replaced: a row whose
    operator is "keep" (a word the generalizer left as written) masks nothing."""
    import spacy_anon

    nlp = spacy_anon.load(pipeline)
    out = []
    for d in docs:
        doc = nlp.make_doc(d["text"])
        doc._.anon_subject = d["id"]
        doc = nlp(doc)
        if doc._.anon_status != "ok":
            raise RuntimeError(f"{d['id']}: anonymization failed ({doc._.anon_status})")
        out.append(sorted((int(r["start"]), int(r["end"])) for r in doc._.anon_table or []
                          if r.get("operator") != "keep"))
    return out


def sweep(nlp, docs, thresholds):
    table = []
    for t in thresholds:
        row = score(docs, detect_all(nlp, docs, t))
        row["t"] = t
        table.append(row)
    return table


def utility(pipeline: str, docs: List[dict], show: str = "", gen_threshold: float = None,
            gen_cfg: Dict[str, object] = None, det_threshold: float = 0.25) -> Dict[str, object]:
    """The paper's §4.2 utility (IC from wordfreq, `spacy_anon.generalize.utility`) of the assembled pipeline's
    output: Semantics(D'') / Semantics(D) over the phrases of D (the disclosure chunker's units), with the
    replacements of doc._.anon_table (generalization) and with every replaced phrase suppressed.
    gen_threshold: override anon_generalize's threshold (> 1: the first generalization, no vector check).
    gen_cfg: other anon_generalize settings to override (e.g. {"safety": "absolute"}).
    Protection check: every generalization written into the text (dates/numbers coarsened by the mask not
    counted) is scored like anon_disclosure scores a phrase, cos(v(g), v(e)) with the vector of its words;
    `generalized_over_t` is the share above det_threshold."""
    import spacy

    from spacy_anon.disclosure.chunking import chunk_doc
    from spacy_anon.generalize.utility import utility_preserved

    nlp = spacy.load(pipeline)
    if gen_threshold is not None and "anon_generalize" in nlp.pipe_names:
        nlp.get_pipe("anon_generalize").cfg["threshold"] = gen_threshold
    if gen_cfg and "anon_generalize" in nlp.pipe_names:
        nlp.get_pipe("anon_generalize").cfg.update(gen_cfg)
    from spacy_anon.disclosure.vectors import cosine
    from spacy_anon.generalize.safety import candidate_vector

    genr = nlp.get_pipe("anon_generalize") if "anon_generalize" in nlp.pipe_names else None
    n_general, n_over = 0, 0
    gen, sup, masked, status, gen_terms = [], [], [], [], []
    reid_subjects, reid_anon, reid_orig = [], [], []
    sample = {}
    for d in docs:
        doc = nlp.make_doc(d["text"])
        doc._.anon_subject = d["id"]
        for _, proc in nlp.pipeline:
            doc = proc(doc)
        status.append(doc._.anon_status == "ok")
        rows = doc._.anon_table or []
        if genr is not None and genr.kv is not None:
            subj = genr.subject_vectors(doc, genr.kv)
            if subj:
                reid_subjects.append(subj[0])
                reid_anon.append(_text_vector(genr.kv, doc._.anon_text or ""))
                reid_orig.append(_text_vector(genr.kv, d["text"]))
            for r in rows:
                rep_ = (r.get("replacement") or "").strip()
                if r.get("label") in ("DATETIME", "AGE", "QUANTITY") or not rep_ or any(c.isdigit() for c in rep_):
                    continue
                words = [w for w in rep_.split() if w.lower() not in ("a", "an", "the", "some")]
                vec = candidate_vector(genr.kv, " ".join(words)) if words else None
                if vec is None or not subj:
                    continue
                n_general += 1
                n_over += any(cosine(vec, e) > det_threshold for e in subj)
        originals, generalized, suppressed = [], [], []
        used = set()
        for chunk in chunk_doc(doc):
            span = chunk.span(doc)
            originals.append(span.text)
            hit = next((i for i, r in enumerate(rows) if r["start"] < span.end_char and span.start_char < r["end"]), None)
            if hit is None:
                generalized.append(span.text)
                suppressed.append(span.text)
            else:
                generalized.append(None if hit in used else (rows[hit].get("replacement") or None))
                suppressed.append(None)
                used.add(hit)
        gen.append(utility_preserved(originals, generalized))
        # the same measure with the masked terms as the phrases: each table row (one replaced term, e.g.
        # a joined title "Lost in Translation") is one phrase p_i of D with p'_i = its replacement
        t_orig, t_gen = [], []
        for chunk in chunk_doc(doc):
            span = chunk.span(doc)
            if not any(r["start"] < span.end_char and span.start_char < r["end"] for r in rows):
                t_orig.append(span.text)
                t_gen.append(span.text)
        for r in rows:
            t_orig.append(d["text"][r["start"]:r["end"]])
            t_gen.append(r.get("replacement") or None)
        gen_terms.append(utility_preserved(t_orig, t_gen))
        sup.append(utility_preserved(originals, suppressed))
        masked.append(len(rows))
        if show and d["id"] == show:
            sample = {"id": d["id"], "original": d["text"], "anonymized": doc._.anon_text}
    return {
        "pipeline": pipeline, "pipe_names": nlp.pipe_names, "gen_threshold": gen_threshold,
        "utility_generalization": sum(gen) / len(gen), "utility_suppression": sum(sup) / len(sup),
        "utility_generalization_terms": sum(gen_terms) / len(gen_terms),
        "masked_terms_per_doc": sum(masked) / len(masked), "all_status_ok": all(status), "sample": sample,
        "reid_anonymized": _reid(reid_subjects, reid_anon), "reid_original": _reid(reid_subjects, reid_orig),
        "generalized_checked": n_general, "generalized_over_t": n_over / n_general if n_general else 0.0,
    }


def _text_vector(kv, text: str):
    """Mean unit vector of the chunker's units of a text that have a vector."""
    import numpy
    import spacy

    from spacy_anon.disclosure.chunking import chunk_doc

    global _BLANK
    if _BLANK is None:
        _BLANK = spacy.blank("en")
    vecs = [kv[c.key] for c in chunk_doc(_BLANK.make_doc(text)) if c.key in kv.key_to_index]
    if not vecs:
        return numpy.zeros(kv.vector_size)
    mat = numpy.vstack(vecs).astype("float64")
    mat /= numpy.maximum(numpy.linalg.norm(mat, axis=1, keepdims=True), 1e-12)
    return mat.mean(axis=0)


_BLANK = None


def _reid(subjects, texts) -> Dict[str, float]:
    """Re-identification proxy with the protector's own vectors: rank of each document's true subject
    among all the documents' subjects by cosine to the document's mean phrase vector (1 = re-identified)."""
    import numpy

    if not subjects:
        return {}
    S = numpy.vstack(subjects).astype("float64")
    S /= numpy.maximum(numpy.linalg.norm(S, axis=1, keepdims=True), 1e-12)
    ranks = []
    for i, vec in enumerate(texts):
        sims = S @ (vec / (numpy.linalg.norm(vec) or 1.0))
        ranks.append(int((sims > sims[i]).sum()) + 1)
    return {"top1": sum(r == 1 for r in ranks) / len(ranks), "mean_rank": sum(ranks) / len(ranks),
            "candidates": len(ranks)}


def plot_sweep(table, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ts = [r["t"] for r in table]
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    ax.plot(ts, [r["p"] for r in table], "o-", label="precision")
    ax.plot(ts, [r["r"] for r in table], "s-", label="recall (term, strict)")
    ax.plot(ts, [r["f1"] for r in table], "^-", label="F1 (term, strict)")
    ax.plot(ts, [r["f1_word"] for r in table], "--", label="F1 (word recall)")
    ax.set_xlabel("threshold t (flag phrase when cos(v(p), v(e)) > t)")
    ax.set_ylabel("average over documents")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower left", fontsize=8)
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def fmt(row: Dict[str, float]) -> str:
    return (f"t={row.get('t', float('nan')):.2f} P={row['p']:.3f} R={row['r']:.3f} F1={row['f1']:.3f} | "
            f"R_partial={row['r_partial']:.3f} | micro P/R/F1={row['micro_p']:.3f}/{row['micro_r']:.3f}/"
            f"{row['micro_f1']:.3f} | "
            f"R_word={row['r_word']:.3f} F1_word={row['f1_word']:.3f} | terms/doc={row['terms_per_doc']:.1f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vectors", default=str(ROOT / "training" / "wikiactors" / "vectors"))
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--threshold", type=float, default=0.25, help="the reported operating point")
    ap.add_argument("--pos-model", default="", help="spaCy pipeline whose tagger gives POS (optional)")
    ap.add_argument("--rules", action="store_true", help="add anon_rules before anon_disclosure")
    ap.add_argument("--always", default="", help="chunk kinds always flagged, e.g. date,number")
    ap.add_argument("--plot", default="", help="write the P/R/F1 sweep PNG here")
    ap.add_argument("--json", default="", help="write all numbers as JSON here")
    ap.add_argument("--baselines", default="", help="folder with the paper's released outputs to score")
    ap.add_argument("--pipeline", default="", help="assembled pipeline (anon_mask last) for the utility measure")
    ap.add_argument("--show", default="Scott Caan", help="doc id whose anonymized text is printed")
    ap.add_argument("--gen-thresholds", default="",
                    help="extra utility runs with these anon_generalize thresholds, e.g. 0.5,1.01")
    ap.add_argument("--gen-variants", default="",
                    help='extra utility runs with these anon_generalize settings (JSON list), e.g. '
                         '\'[{"safety": "absolute"}]\'')
    args = ap.parse_args(argv)

    if not Path(args.data).exists():
        print(f"missing data {args.data}", file=sys.stderr)
        return 2
    docs = load_dev(Path(args.data))
    results: Dict[str, object] = {"data": str(args.data), "documents": len(docs), "vectors": args.vectors,
                                  "pos_model": args.pos_model, "rules": args.rules, "always": args.always}
    if args.baselines:
        base = {}
        for f in sorted(Path(args.baselines).glob("WikiActors_*.json")):
            spans = json.loads(f.read_text(encoding="utf8"))
            base[f.stem] = score(docs, [[tuple(x) for x in spans.get(d["id"], [])] for d in docs])
            print(f"{f.stem:28s} {fmt(base[f.stem])}")
        results["baselines"] = base
    t0 = time.perf_counter()
    always = [k for k in args.always.split(",") if k]
    nlp = build_nlp(args.vectors, args.pos_model, args.rules, always)
    thresholds = sorted(set(DEFAULT_THRESHOLDS + [args.threshold]))
    table = sweep(nlp, docs, thresholds)
    results["sweep_seconds"] = round(time.perf_counter() - t0, 1)
    results["sweep"] = table
    for row in table:
        print(fmt(row))
    chosen = next(r for r in table if abs(r["t"] - args.threshold) < 1e-9)
    best = max(table, key=lambda r: r["f1"])
    results["chosen"] = chosen
    results["best_f1"] = best
    print("chosen:", fmt(chosen))
    print("best F1:", fmt(best))
    if args.pipeline:
        t1 = time.perf_counter()
        shipped = score(docs, shipped_spans(args.pipeline, docs))
        results["shipped"] = {"pipeline": args.pipeline, "seconds": round(time.perf_counter() - t1, 1), **shipped}
        print("shipped pipeline (spacy_anon.load, replacement table):", fmt(shipped))
        t1 = time.perf_counter()
        util = utility(args.pipeline, docs, args.show)
        util["seconds"] = round(time.perf_counter() - t1, 1)
        results["utility"] = util
        print(f"utility preserved: generalization {util['utility_generalization']:.1f}% "
              f"(masked terms as phrases: {util['utility_generalization_terms']:.1f}%)  "
              f"generalizations with cos > t: {util['generalized_over_t']:.3f}  "
              f"re-identified (top-1 of {len(docs)}): original {util['reid_original'].get('top1', 0):.2f}, "
              f"anonymized {util['reid_anonymized'].get('top1', 0):.2f} (mean rank "
              f"{util['reid_anonymized'].get('mean_rank', 0):.1f})  "
              f"suppression {util['utility_suppression']:.1f}%  masked terms/doc {util['masked_terms_per_doc']:.1f}  "
              f"pipeline {util['pipe_names']}  status ok: {util['all_status_ok']}")
        if util["sample"]:
            print("--- " + util["sample"]["id"] + " anonymized:\n" + (util["sample"]["anonymized"] or ""))
        extra = []
        variants = [({}, float(x)) for x in args.gen_thresholds.split(",") if x]
        variants += [(v, v.pop("threshold", None)) for v in json.loads(args.gen_variants or "[]")]
        for cfg, tg in variants:
            u = utility(args.pipeline, docs, gen_threshold=tg, gen_cfg=cfg)
            keys = ("gen_threshold", "utility_generalization", "utility_generalization_terms",
                    "utility_suppression", "generalized_over_t", "reid_anonymized")
            extra.append(dict({k: u[k] for k in keys}, gen_cfg=cfg))
            print(f"utility with anon_generalize {cfg} threshold {tg}: generalization "
                  f"{u['utility_generalization']:.1f}% (terms {u['utility_generalization_terms']:.1f}%), "
                  f"cos > t: {u['generalized_over_t']:.3f}, re-identified top-1 {u['reid_anonymized'].get('top1', 0):.2f} "
                  f"(mean rank {u['reid_anonymized'].get('mean_rank', 0):.1f})")
        results["utility_variants"] = extra
    if args.plot:
        title = (f"WikiActors dev ({len(docs)} docs): anon_disclosure"
                 f"{', always ' + args.always if args.always else ' (paper rule only)'}"
                 f"{' + POS' if args.pos_model else ''}{' + rules' if args.rules else ''}")
        plot_sweep(table, Path(args.plot), title)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
