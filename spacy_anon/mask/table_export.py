"""The replacement table (`doc._.anon_table`) as CSV or JSON: the audit trail of a masking run
(entity, position, replacement), for review, re-identification by the key holder, or a spreadsheet.

    from spacy_anon.mask.table_export import table_to_csv, table_to_json, write_table
    doc = nlp(text)
    table_to_csv(doc)                        # CSV text, one row per replaced mention
    write_table([doc1, doc2], "table.json")  # several docs: a "doc" column (0, 1, ... or given ids)

Rows hold original text only when `anon_mask` ran with `include_original = true` (the "text" column);
otherwise the table reveals positions, labels and replacements, never the values. Its `start`/`end`
are offsets into the original text, so they give each value's length: keep such a table as you keep the
original. `original_offsets=False` writes, for docs, where each replacement stands in `doc._.anon_text`
(`anon_start`/`anon_end`) instead, as `spacy-anon anonymize` does by default.
"""
import csv
import io
import json
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from spacy.tokens import Doc

from spacy_anon.errors import Errors
from spacy_anon.io import ORIGINAL_OFFSETS, anon_offsets

COLUMNS = ("start", "end", "label", "entity", "identifier", "replacement", "anon_start", "anon_end", "source",
           "score", "text")
FORMATS = ("csv", "json")
Table = Sequence[Mapping[str, Any]]


Tables = Union[Doc, Table, Iterable[Union[Doc, Table]]]


def _rows(tables: Tables, doc_ids: Optional[Sequence[Any]], original_offsets: bool = True) -> List[Dict[str, Any]]:
    """Flat rows; with several docs/tables a leading "doc" column (their index, or `doc_ids`)."""
    if isinstance(tables, Doc) or (isinstance(tables, Sequence) and (not tables or isinstance(tables[0], Mapping))):
        return _table_of(tables, original_offsets)
    rows = []
    for i, item in enumerate(tables):
        doc_id = doc_ids[i] if doc_ids is not None else i
        rows.extend({"doc": doc_id, **r} for r in _table_of(item, original_offsets))
    return rows


def _table_of(item: Union[Doc, Table], original_offsets: bool = True) -> List[Dict[str, Any]]:
    """The rows of a doc or table; without `original_offsets`, no start/end (a doc's rows get
    anon_start/anon_end, where each replacement stands in its anonymized text)."""
    if isinstance(item, Doc):
        if item._.anon_table is None:
            raise ValueError(Errors.E136)
        rows = [dict(r) for r in item._.anon_table]
        if not original_offsets:
            for row, (a_start, a_end) in zip(rows, anon_offsets(len(item.text), item._.anon_text, rows)):
                row["anon_start"], row["anon_end"] = a_start, a_end
    else:
        rows = [dict(r) for r in item]
    if not original_offsets:
        rows = [{k: v for k, v in row.items() if k not in ORIGINAL_OFFSETS} for row in rows]
    return rows


def _columns(rows: Sequence[Mapping[str, Any]]) -> List[str]:
    present = {k for r in rows for k in r}
    known = [c for c in ("doc", *COLUMNS) if c in present]
    return known + sorted(present - set(known))


def table_to_csv(tables: Tables, doc_ids: Optional[Sequence[Any]] = None, original_offsets: bool = True) -> str:
    """The table(s) as CSV text with a header row (columns in `COLUMNS` order, then any others)."""
    rows = _rows(tables, doc_ids, original_offsets)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=_columns(rows) or list(COLUMNS[:6]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
    return out.getvalue()


def table_to_json(tables: Tables, doc_ids: Optional[Sequence[Any]] = None,
                  indent: Optional[int] = 1, original_offsets: bool = True) -> str:
    """The table(s) as a JSON array of row objects."""
    return json.dumps(_rows(tables, doc_ids, original_offsets), ensure_ascii=False, indent=indent)


def write_table(tables: Tables, path: Union[str, Path], format: Optional[str] = None,
                doc_ids: Optional[Sequence[Any]] = None, original_offsets: bool = True) -> Path:
    """Write the table(s) to `path`; the format is `format` or the file's suffix (.csv, .json)."""
    path = Path(path)
    fmt = (format or path.suffix.lstrip(".")).lower()
    if fmt not in FORMATS:
        raise ValueError(Errors.E137.format(value=fmt, valid=FORMATS))
    text = (table_to_csv(tables, doc_ids, original_offsets) if fmt == "csv"
            else table_to_json(tables, doc_ids, original_offsets=original_offsets))
    path.write_text(text, encoding="utf-8")
    return path
