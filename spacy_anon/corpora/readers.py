"""Readers for the annotated corpora we train and evaluate on, and the choice of reader by format.

Each format has a record parser `iter_<format>_records(path)` (plain `GoldRecord`s with exact
character offsets; used by the metrics, no pipeline needed) and a `read_<format>(path, nlp)` that
yields `Doc`s made by `nlp.make_doc(text)` with gold spans in `doc.spans["anon_gold"]` (see
`spacy_anon.corpora.base.record_to_doc`). brat (MEDDOCAN) and HAREM have their own modules
(`brat.py`, `harem.py`); TAB, span JSONL, Presidio and IOB columns are read here.
"""
import gzip
import json
import re
from pathlib import Path
from typing import Iterator, List, Optional, Tuple, Union

from spacy.tokens import Doc

from spacy_anon.corpora.base import (
    CorpusFormatError,
    GoldRecord,
    GoldSpan,
    records_to_docs,
)
from spacy_anon.corpora.brat import iter_brat_records
from spacy_anon.corpora.docbin import iter_docbin_records
from spacy_anon.corpora.harem import iter_harem_records
from spacy_anon.errors import Errors, located
from spacy_anon.io import loads_strict

PathLike = Union[str, Path]


def _load_json(path: Path):
    try:
        with path.open(encoding="utf8") as f:
            return json.load(f)
    except json.JSONDecodeError as err:
        raise CorpusFormatError(Errors.E714.format(path=path, lineno=err.lineno, msg=err.msg)) from None
    except FileNotFoundError:
        raise CorpusFormatError(Errors.E715.format(path=path)) from None


def iter_jsonl_objects(path: PathLike) -> Iterator[Tuple[int, dict]]:
    """(line number, object) of a JSONL file (.gz allowed); blank lines skipped, bad lines raise with
    their line number. Lines are parsed by `spacy_anon.io.loads_strict`, as the CLI's input is."""
    path = Path(path)
    try:
        f = gzip.open(path, "rt", encoding="utf8") if path.suffix == ".gz" else path.open(encoding="utf8")
    except FileNotFoundError:
        raise CorpusFormatError(Errors.E715.format(path=path)) from None
    with f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = loads_strict(line)  # the CLI's reader: the same JSON is valid everywhere
            except ValueError as err:
                raise CorpusFormatError(located(f"{path}:{lineno}", err)) from None
            if not isinstance(obj, dict):
                raise CorpusFormatError(Errors.E726.format(path=path, lineno=lineno))
            yield lineno, obj


def _require(obj: dict, keys, where: str):
    missing = [k for k in keys if k not in obj]
    if missing:
        raise CorpusFormatError(Errors.E705.format(where=where, missing=missing))


def _int(value, where: str, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise CorpusFormatError(Errors.E716.format(where=where, name=name)) from None


# ---------------------------------------------------------------------------------------------
# TAB JSON (echr_*.json, wikiactors_dev_TABformat.json) and span JSONL (tab_dev.jsonl, deid)


def _tab_doc_record(obj: dict, where: str) -> GoldRecord:
    _require(obj, ["doc_id", "text"], where)
    doc_id = str(obj["doc_id"])
    spans: List[GoldSpan] = []
    annotations = obj.get("annotations") or {}
    if not isinstance(annotations, dict):
        raise CorpusFormatError(Errors.E706.format(where=where))
    for annotator, ann in annotations.items():
        mentions = ann.get("entity_mentions", []) if isinstance(ann, dict) else None
        if mentions is None:
            raise CorpusFormatError(Errors.E717.format(where=where, annotator=annotator))
        for k, m in enumerate(mentions):
            w = f"{where} annotator {annotator} mention {k}"
            _require(m, ["start_offset", "end_offset"], w)
            spans.append(
                GoldSpan(
                    start=_int(m["start_offset"], w, "start_offset"),
                    end=_int(m["end_offset"], w, "end_offset"),
                    label=str(m.get("entity_type") or "MISC"),
                    text=m.get("span_text"),
                    entity=None if m.get("entity_id") is None else str(m["entity_id"]),
                    identifier=m.get("identifier_type"),
                    annotator=str(annotator),
                    where=w,
                )
            )
    meta = {k: obj[k] for k in ("dataset_type", "task", "meta") if k in obj}
    return GoldRecord(doc_id=doc_id, text=obj["text"], spans=spans, where=where, meta=meta)


def _span_doc_record(obj: dict, where: str, default_id: str) -> GoldRecord:
    if "text" not in obj:
        raise CorpusFormatError(Errors.E707.format(where=where))
    if "doc_id" in obj:
        doc_id = str(obj["doc_id"])
    elif "id" in obj:
        doc_id = str(obj["id"])
    elif "patient" in obj and "note" in obj:
        doc_id = f"{obj['patient']}-{obj['note']}"
    else:
        doc_id = default_id
    spans = []
    raw_spans = obj.get("spans") or []
    if not isinstance(raw_spans, list):
        raise CorpusFormatError(Errors.E708.format(where=where))
    for k, s in enumerate(raw_spans):
        w = f"{where} span {k}"
        if isinstance(s, (list, tuple)):
            if len(s) < 2:
                raise CorpusFormatError(Errors.E727.format(w=w))
            s = {"start": s[0], "end": s[1], "label": s[2] if len(s) > 2 else "MISC"}
        _require(s, ["start", "end"], w)
        spans.append(
            GoldSpan(
                start=_int(s["start"], w, "start"),
                end=_int(s["end"], w, "end"),
                label=str(s.get("label") or "MISC"),
                text=s.get("text"),
                entity=None if s.get("entity") is None else str(s["entity"]),
                identifier=s.get("identifier"),
                annotator=s.get("annotator"),
                where=w,
            )
        )
    meta = {k: obj[k] for k in ("patient", "note") if k in obj}
    return GoldRecord(doc_id=doc_id, text=obj["text"], spans=spans, where=where, meta=meta)


def iter_tab_records(path: PathLike) -> Iterator[GoldRecord]:
    """TAB JSON: a list of `{doc_id, text, annotations: {annotator: {entity_mentions: [...]}}}`.

    Also accepts JSONL with one such object per line, and JSONL in the span format (see
    `iter_span_records`) so `tab_dev.jsonl` reads with either reader.
    """
    path = Path(path)
    if path.suffix == ".jsonl":
        for lineno, obj in iter_jsonl_objects(path):
            where = f"{path}:{lineno}"
            if "annotations" in obj:
                yield _tab_doc_record(obj, where)
            else:
                yield _span_doc_record(obj, where, default_id=f"{path.stem}-{lineno}")
        return
    data = _load_json(path)
    if isinstance(data, dict):  # {doc_id: doc} variant
        data = [dict(v, doc_id=v.get("doc_id", k)) for k, v in data.items()]
    if not isinstance(data, list):
        raise CorpusFormatError(Errors.E709.format(path=path))
    for i, obj in enumerate(data):
        if not isinstance(obj, dict):
            raise CorpusFormatError(Errors.E718.format(path=path, i=i))
        yield _tab_doc_record(obj, f"{path} doc {i}")


def iter_span_records(path: PathLike) -> Iterator[GoldRecord]:
    """Span JSONL: one `{doc_id|id|patient+note, text, spans: [{start, end, label, text?}]}` per line.

    This is the format of `tab/tab_dev.jsonl` and `deid/deid_notes_dev.jsonl` (deid ids become
    "<patient>-<note>"). Span lists may also be `[start, end, label]` triples.
    """
    path = Path(path)
    for lineno, obj in iter_jsonl_objects(path):
        yield _span_doc_record(obj, f"{path}:{lineno}", default_id=f"{path.stem}-{lineno}")


def read_tab_json(
    path: PathLike, nlp, annotator: Optional[str] = None, strict: bool = True,
    warnings: Optional[List[str]] = None,
) -> Iterator[Doc]:
    """Docs from a TAB JSON file; `annotator` picks the layer copied into `anon_gold` (default first).

    Every annotator also gets its own span group `anon_gold_<annotator>`. Span label = TAB
    `entity_type`; `_.anon_entity` = `entity_id`; `_.anon_identifier` = `identifier_type`.
    """
    return records_to_docs(nlp, iter_tab_records(path), annotator=annotator, strict=strict, warnings=warnings)


def read_span_jsonl(
    path: PathLike, nlp, strict: bool = True, warnings: Optional[List[str]] = None
) -> Iterator[Doc]:
    """Docs from span JSONL (`tab_dev.jsonl`, `deid_notes_dev.jsonl`)."""
    return records_to_docs(nlp, iter_span_records(path), strict=strict, warnings=warnings)


# ---------------------------------------------------------------------------------------------
# Presidio synthetic set


def iter_presidio_records(path: PathLike) -> Iterator[GoldRecord]:
    """presidio-research JSON: `[{full_text, spans: [{entity_type, entity_value, start_position, end_position}]}]`."""
    path = Path(path)
    data = _load_json(path)
    if not isinstance(data, list):
        raise CorpusFormatError(Errors.E711.format(path=path))
    for i, obj in enumerate(data):
        where = f"{path} sample {i}"
        if not isinstance(obj, dict):
            raise CorpusFormatError(Errors.E723.format(where=where))
        _require(obj, ["full_text"], where)
        spans = []
        for k, s in enumerate(obj.get("spans") or []):
            w = f"{where} span {k}"
            _require(s, ["entity_type", "start_position", "end_position"], w)
            spans.append(
                GoldSpan(
                    start=_int(s["start_position"], w, "start_position"),
                    end=_int(s["end_position"], w, "end_position"),
                    label=str(s["entity_type"]), text=s.get("entity_value"), where=w,
                )
            )
        spans.sort(key=lambda s: (s.start, s.end))
        meta = {"template_id": obj.get("template_id")}
        yield GoldRecord(doc_id=f"synth-{i}", text=obj["full_text"], spans=spans, where=where, meta=meta)


def read_presidio_synth(
    path: PathLike, nlp, strict: bool = True, warnings: Optional[List[str]] = None
) -> Iterator[Doc]:
    """Docs from Presidio's `synth_dataset_v2.json`; doc ids `synth-<index>`."""
    return records_to_docs(nlp, iter_presidio_records(path), strict=strict, warnings=warnings)


# ---------------------------------------------------------------------------------------------
# IOB columns (WikiANN, WNUT17)


def iter_iob_records(path: PathLike, sentences_per_doc: int = 1) -> Iterator[GoldRecord]:
    """Token-per-line IOB files: `token<TAB>tag` (WNUT17) or `en:token<TAB>tag` (WikiANN).

    Blank lines end sentences; `-DOCSTART-` lines are skipped. The last whitespace-separated column is
    the tag (`O`, `B-X`, `I-X`; an `I-X` that does not continue an `X` starts a new span, as in IOB1).
    Tokens are joined with single spaces; a `xx:` language prefix (WikiANN) is removed. Doc ids are
    `<file>:<first line of the sentence>`.
    """
    path = Path(path)
    try:
        f = path.open(encoding="utf8")
    except FileNotFoundError:
        raise CorpusFormatError(Errors.E715.format(path=path)) from None

    def build(rows, group_start):
        words, spans, pos = [], [], 0
        cur = None
        for lineno, word, tag in rows:
            start = pos
            end = start + len(word)
            words.append(word)
            pos = end + 1
            if tag == "O":
                cur = None
                continue
            prefix, _, label = tag.partition("-")
            if prefix not in ("B", "I") or not label:
                raise CorpusFormatError(Errors.E728.format(path=path, lineno=lineno))
            if prefix == "I" and cur is not None and cur.label == label:
                cur.end = end
            else:
                cur = GoldSpan(start, end, label, where=f"{path}:{lineno}")
                spans.append(cur)
        return GoldRecord(
            doc_id=f"{path.name}:{group_start}", text=" ".join(words), spans=spans,
            where=f"{path}:{group_start}",
        )

    with f:
        rows: List[Tuple[int, str, str]] = []
        n_sent = 0
        group_start = None
        sent_sep = False
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\r\n").replace("\ufeff", "")  # stray BOMs (WNUT17 dev)
            if not line.strip():
                if rows:
                    n_sent += 1
                    sent_sep = True
                    if n_sent % sentences_per_doc == 0:
                        yield build(rows, group_start)
                        rows, group_start = [], None
                continue
            if line.startswith("-DOCSTART-"):
                continue
            cols = line.split("\t") if "\t" in line else line.split()
            if len(cols) < 2:
                raise CorpusFormatError(Errors.E729.format(path=path, lineno=lineno))
            word, tag = cols[0], cols[-1].strip()
            if re.match(r"^[a-z]{2,3}:.", word):
                word = word.split(":", 1)[1]
            if not word:
                raise CorpusFormatError(Errors.E730.format(path=path, lineno=lineno))
            if group_start is None:
                group_start = lineno
            if sent_sep and rows:
                # keep a sentence break inside multi-sentence docs: the I- of a new sentence must not continue
                rows.append((lineno, "\n", "O"))
            sent_sep = False
            rows.append((lineno, word, tag))
        if rows:
            yield build(rows, group_start)


def read_iob(
    path: PathLike, nlp, sentences_per_doc: int = 1, strict: bool = True,
    warnings: Optional[List[str]] = None,
) -> Iterator[Doc]:
    """Docs from WikiANN / WNUT17 IOB files (labels PER/LOC/ORG, person/location/corporation/...)."""
    return records_to_docs(
        nlp, iter_iob_records(path, sentences_per_doc=sentences_per_doc), strict=strict, warnings=warnings
    )



def iter_everyday_records(path: Optional[PathLike] = None) -> Iterator[GoldRecord]:
    """Records of the everyday set (`spacy_anon.corpora.everyday`, imported here on use so that
    `python -m spacy_anon.corpora.everyday` runs the module once)."""
    from spacy_anon.corpora import everyday  # lazy: `python -m spacy_anon.corpora.everyday` runs it once

    return everyday.iter_everyday_records(path)


def read_everyday(
    path: Optional[PathLike], nlp, strict: bool = True, warnings: Optional[List[str]] = None
) -> Iterator[Doc]:
    """Docs of the everyday set with gold spans (labels PERSON ... MISC and ADDRESS)."""
    return records_to_docs(nlp, iter_everyday_records(path), strict=strict, warnings=warnings)


# ---------------------------------------------------------------------------------------------

RECORD_READERS = {
    "tab": iter_tab_records,
    "wikiactors": iter_tab_records,
    "jsonl": iter_span_records,
    "deid": iter_span_records,
    "brat": iter_brat_records,
    "meddocan": iter_brat_records,
    "presidio": iter_presidio_records,
    "iob": iter_iob_records,
    "wikiann": iter_iob_records,
    "wnut17": iter_iob_records,
    "harem": iter_harem_records,
    "everyday": iter_everyday_records,
}


def guess_format(path: PathLike) -> str:
    """Best guess of the corpus format of a path (folder -> brat, .jsonl -> jsonl, ...)."""
    path = Path(path)
    if path.is_dir() or path.suffix == ".ann":
        return "brat"
    if path.suffix == ".spacy":
        return "spacy"
    if path.suffix == ".jsonl":
        return "jsonl"
    if path.suffix == ".xml" or "harem" in path.name.lower():
        return "harem"
    if path.suffix == ".json":
        with path.open(encoding="utf8") as f:
            head = f.read(4096)
        if "full_text" in head and "start_position" in head:
            return "presidio"
        return "tab"
    return "iob"


def iter_records(path: PathLike, fmt: Optional[str] = None) -> Iterator[GoldRecord]:
    """Gold records of any supported format (`fmt` None guesses from the path)."""
    fmt = fmt or guess_format(path)
    if fmt == "spacy":
        return iter_docbin_records(path)
    if fmt not in RECORD_READERS:
        raise ValueError(Errors.E713.format(fmt=fmt, known=sorted(RECORD_READERS) + ['spacy']))
    return RECORD_READERS[fmt](path)
