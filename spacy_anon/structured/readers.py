"""Read CSV/TSV rows and JSON/JSONL objects as records whose chosen fields are anonymized together.

An invalid row or object (a CSV row with another number of fields than the header, bad quoting, a JSON
line that is not strict JSON, a chosen field that is not a string) raises InputError naming the file and
line, or with `skip_invalid` is reported to `on_skip` and left out. Invalid UTF-8 or a broken JSON array
stops the whole file (nothing after it can be read reliably). Messages never quote values.
"""
import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from spacy_anon.io import InputError, decode_utf8, loads_strict
from spacy_anon.structured.paths import FieldPattern, Path, expand, parse_pattern, path_name

TABLE_FORMATS = {"csv": ",", "tsv": "\t"}
JSON_FORMATS = ("json", "jsonl")


@dataclass
class StructuredRecord:
    """One row or object. id: its "id" field, else its row/line/item number; data: the row (column ->
    value) or object; fields: (path, string) to anonymize, in order; kept: (path, value) copied as they are."""

    id: Any
    where: str
    data: Any
    fields: List[Tuple[Path, str]] = field(default_factory=list)
    kept: List[Tuple[Path, Any]] = field(default_factory=list)
    line: int = 0

    def field_jobs(self) -> Tuple[Tuple[str, str], ...]:
        """(dotted name, value) of the fields to anonymize (the shape `cli.processing.Job` takes)."""
        return tuple((path_name(p), v) for p, v in self.fields)



def report_invalid(error: InputError, skip_invalid: bool, on_skip: Optional[Callable[[InputError], None]]) -> None:
    """An invalid record stops the run, or with `skip_invalid` is reported to `on_skip` (and the caller
    goes on with the next record)."""
    if not skip_invalid:
        raise error from None
    if on_skip:
        on_skip(error)


def _select(data: Any, where: str, anonymize: Sequence[FieldPattern], keep: Sequence[FieldPattern]):
    fields: List[Tuple[Path, str]] = []
    for pattern in anonymize:
        for path, value in expand(data, pattern):
            if value is None:
                continue
            if not isinstance(value, str):
                raise InputError(f"{where}: field {path_name(path)} must be a string or null, got "
                                 f"{type(value).__name__}")
            fields.append((path, value))
    kept = [(path, value) for pattern in keep for path, value in expand(data, pattern)]
    return fields, kept


def _read_text(source: Union[str, FilePath, io.IOBase], where: str) -> str:
    if isinstance(source, (str, FilePath)):
        try:
            data = FilePath(source).read_bytes()
        except OSError as err:
            raise InputError(f"{where}: cannot read ({err.strerror or type(err).__name__})") from None
    else:
        data = source.read()
    return decode_utf8(data, where) if isinstance(data, bytes) else data


def read_table(source, fmt: str, anonymize: Sequence[str], keep: Sequence[str], where: str = "",
               skip_invalid: bool = False, on_skip: Optional[Callable[[InputError], None]] = None,
               header_out: Optional[List[str]] = None) -> Iterator[StructuredRecord]:
    """Rows of a CSV ("csv") or TSV ("tsv") file with a header line. `anonymize`/`keep` are column names
    (a name the header lacks is an InputError). `header_out`, when given, receives the header."""
    where = where or str(source)
    text = _read_text(source, where)
    lines = text.splitlines(keepends=True)
    delimiter = TABLE_FORMATS[fmt]
    reader = csv.reader(iter(lines), delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as err:
        raise InputError(f"{where} line 1: bad header ({err})") from None
    if header_out is not None:
        header_out[:] = header
    if len(set(header)) != len(header):
        raise InputError(f"{where} line 1: the header repeats a column name")
    missing = [name for name in [*anonymize, *keep] if name not in header]
    if missing:
        raise InputError(f"{where}: no column named {', '.join(missing)} in the header")
    patterns = [(name,) for name in anonymize]
    kept = [(name,) for name in keep]
    base, row_number = 0, 0  # line numbers of `reader` count from lines[base]
    while True:
        start = base + reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as err:
            report_invalid(InputError(f"{where} line {start}: bad row ({err})"), skip_invalid, on_skip)
            # start again on the line after the bad row's first line: a stray quote must not swallow the
            # rows after it
            base = start
            reader = csv.reader(iter(lines[base:]), delimiter=delimiter, strict=True)
            continue
        if not row:
            continue  # a blank line
        row_number += 1
        rec_where = f"{where} line {start}"
        try:
            if len(row) != len(header):
                raise InputError(f"{rec_where}: {len(row)} fields, the header has {len(header)}")
            data = dict(zip(header, row))
            fields, kept_values = _select(data, rec_where, patterns, kept)
        except InputError as err:
            report_invalid(err, skip_invalid, on_skip)
            continue
        yield StructuredRecord(row_number, rec_where, data, fields, kept_values, start)


def _record(obj: Any, where: str, default_id: int, patterns, kept, line: int) -> StructuredRecord:
    if not isinstance(obj, dict):
        raise InputError(f"{where}: not a JSON object")
    fields, kept_values = _select(obj, where, patterns, kept)
    return StructuredRecord(obj.get("id", default_id), where, obj, fields, kept_values, line)


def _json_items(text: str, where: str) -> Iterator[Tuple[int, int, str]]:
    """(item number, line, item source) of a top-level JSON array; a broken array is an InputError."""
    decoder = json.JSONDecoder()
    pos = len(text) - len(text.lstrip())
    if not text.startswith("[", pos):
        raise InputError(f"{where}: a JSON input must be an array of objects (use .jsonl for one object a line)")
    pos += 1
    number = 0
    while True:
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        if text.startswith("]", pos):
            if text[pos + 1:].strip():
                raise InputError(f"{where} line {text.count(chr(10), 0, pos) + 1}: text after the array")
            return
        if number and text.startswith(",", pos):
            pos += 1
            while pos < len(text) and text[pos] in " \t\r\n":
                pos += 1
        elif number:
            raise InputError(f"{where} line {text.count(chr(10), 0, pos) + 1}: expected ',' or ']' in the array")
        line = text.count("\n", 0, pos) + 1
        try:
            _, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as err:
            raise InputError(f"{where} line {err.lineno}: not valid JSON ({err.msg})") from None
        number += 1
        yield number, line, text[pos:end]
        pos = end


def read_json(source, fmt: str, anonymize: Sequence[str], keep: Sequence[str], where: str = "",
              skip_invalid: bool = False, on_skip: Optional[Callable[[InputError], None]] = None
              ) -> Iterator[StructuredRecord]:
    """Objects of a JSON array ("json") or of a JSONL file ("jsonl"); `anonymize`/`keep` are patterns
    ("patient.notes", "notes.*.text"). A record's id is its "id" field, else its item or line number."""
    where = where or str(source)
    patterns = [parse_pattern(n) for n in anonymize]
    kept = [parse_pattern(n) for n in keep]
    text = _read_text(source, where)
    if fmt == "json":
        items = ((n, line, item, f"{where} item {n} (line {line})") for n, line, item in _json_items(text, where))
    else:
        items = ((n, n, item, f"{where} line {n}") for n, item in enumerate(text.splitlines(), 1) if item.strip())
    for number, line, item, rec_where in items:
        try:
            try:
                obj = loads_strict(item)
            except ValueError as err:
                raise InputError(f"{rec_where}: {err}") from None
            record = _record(obj, rec_where, number, patterns, kept, line)
        except InputError as err:
            report_invalid(err, skip_invalid, on_skip)
            continue
        yield record


def read_records(source, fmt: str, anonymize: Sequence[str], keep: Sequence[str] = (), **kwargs
                 ) -> Iterator[StructuredRecord]:
    """Records of `source` in format csv, tsv, json, jsonl or parquet (see read_table / read_json /
    structured.parquet.read_parquet)."""
    if fmt in TABLE_FORMATS:
        return read_table(source, fmt, anonymize, keep, **kwargs)
    if fmt in JSON_FORMATS:
        kwargs.pop("header_out", None)
        return read_json(source, fmt, anonymize, keep, **kwargs)
    if fmt == "parquet":
        from spacy_anon.structured.parquet import read_parquet  # lazy: pyarrow is optional

        return read_parquet(source, anonymize, keep, **kwargs)
    raise ValueError(f"unknown structured format {fmt!r}")


