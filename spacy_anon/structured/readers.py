"""Read CSV/TSV rows and JSON/JSONL objects as records whose chosen fields are anonymized together.

An invalid row or object (a CSV row with another number of fields than the header, bad quoting, a JSON
line that is not strict JSON, a chosen field that is not a string) raises InputError naming the file and
line, or with `skip_invalid` is reported to `on_skip` and left out. Invalid UTF-8 or a broken JSON array
stops the whole file (nothing after it can be read reliably). Messages never quote values.
"""
import codecs
import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from spacy_anon.errors import Errors, located
from spacy_anon.io import InputError, loads_strict
from spacy_anon.structured.paths import FieldPattern, Path, expand, parse_pattern, path_name

TABLE_FORMATS = {"csv": ",", "tsv": "\t"}
JSON_FORMATS = ("json", "jsonl")


@dataclass
class StructuredRecord:
    """One row or object. id: its "id" field (JSON, Parquet; a CSV/TSV row's when kept), else its
    row/line/item number (counting the
    invalid ones: a skipped record does not shift the numbers after it); data: the row (column ->
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



def listed(names: Sequence[Any], most: int = 30) -> str:
    """Names for a message: the first `most`, then how many more."""
    names = [str(n) for n in names]
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return (", ".join(names[:most]) or "none") + more


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
                raise InputError(Errors.E842.format(where=where, path=path_name(path), kind=type(value).__name__))
            fields.append((path, value))
    kept = [(path, value) for pattern in keep for path, value in expand(data, pattern)]
    return fields, kept


CHUNK_CHARS = 1 << 16  # bytes read at a time: memory stays constant in the number of rows
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # where str.splitlines breaks a line


def _read_chunks(source: Union[str, FilePath, io.IOBase], where: str, size: Optional[int] = None) -> Iterator[str]:
    """The text of a path or an open file, decoded strictly as UTF-8 a chunk at a time (a leading byte
    order mark dropped, as `decode_utf8` does). Invalid UTF-8 is an InputError naming its absolute byte
    offset when the reading reaches it: the records before it have been read by then."""
    size = size or CHUNK_CHARS
    if not isinstance(source, (str, FilePath)):
        yield from _decode_stream(source, where, size)
        return
    try:
        stream = open(source, "rb")
    except OSError as err:
        raise InputError(Errors.E840.format(where=where, reason=err.strerror or type(err).__name__)) from None
    with stream:
        yield from _decode_stream(stream, where, size)


def _decode_stream(stream: Any, where: str, size: int) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    offset, first = 0, True  # bytes handed to the decoder so far; no text yielded yet
    while True:
        try:
            data = stream.read(size)
        except OSError as err:
            raise InputError(Errors.E840.format(where=where, reason=err.strerror or type(err).__name__)) from None
        if isinstance(data, str):  # a text stream: already decoded
            if not data:
                return
            yield data
            continue
        pending = len(decoder.getstate()[0])  # bytes of a character cut by the previous chunk
        try:
            text = decoder.decode(data, final=not data)
        except UnicodeDecodeError as err:
            raise InputError(Errors.E810.format(where=where, offset=offset - pending + err.start)) from None
        offset += len(data)
        if first and text:
            first = False
            if text.startswith("\ufeff"):  # a byte-order mark is not part of the document
                text = text[1:]
        if text:
            yield text
        if not data:
            return


def _lines(chunks: Iterable[str]) -> Iterator[str]:
    """The lines of the text the chunks make up, with their line breaks: what
    `"".join(chunks).splitlines(keepends=True)` gives, without holding the text."""
    pending: List[str] = []  # the start of a line whose break has not been read yet
    for chunk in chunks:
        if pending and pending[-1].endswith("\r"):  # "\r" then "\n" is one break
            if chunk.startswith("\n"):
                pending.append("\n")
                chunk = chunk[1:]
            yield "".join(pending)
            pending = []
            if not chunk:
                continue
        lines = chunk.splitlines(keepends=True)
        last = lines.pop()
        if lines:
            lines[0] = "".join(pending) + lines[0]
            pending = []
            yield from lines
        pending.append(last)
        if last[-1] in _LINE_BREAKS and last[-1] != "\r":  # complete ("\r" may be followed by "\n")
            yield "".join(pending)
            pending = []
    if pending:
        yield "".join(pending)


class _RowLines:
    """The lines a csv.reader reads, counted, with those of the current row kept: after a bad row the
    reading starts again on the line after the row's first line (a stray quote must not swallow the rows
    after it), so only those lines are held, never the file."""

    def __init__(self, lines: Iterator[str]) -> None:
        self._lines = lines
        self._again: List[str] = []  # lines to read again, last first
        self._row: List[str] = []  # lines read since `start_row`
        self.count = 0  # lines read

    def __iter__(self) -> "_RowLines":
        return self

    def __next__(self) -> str:
        line = self._again.pop() if self._again else next(self._lines)
        self._row.append(line)
        self.count += 1
        return line

    def start_row(self) -> None:
        self._row = []

    def restart_after_first_line(self) -> None:
        """Give back every line of the current row but its first."""
        again = self._row[1:]
        self._again.extend(reversed(again))
        self.count -= len(again)
        self._row = []


def read_table(source, fmt: str, anonymize: Sequence[str], keep: Sequence[str], where: str = "",
               skip_invalid: bool = False, on_skip: Optional[Callable[[InputError], None]] = None,
               header_out: Optional[List[str]] = None) -> Iterator[StructuredRecord]:
    """Rows of a CSV ("csv") or TSV ("tsv") file with a header line, read a row at a time. `anonymize`/
    `keep` are column names (a name the header lacks is an InputError). `header_out`, when given,
    receives the header."""
    where = where or str(source)
    lines = _RowLines(_lines(_read_chunks(source, where)))
    delimiter = TABLE_FORMATS[fmt]
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as err:
        raise InputError(Errors.E841.format(where=where, err=err)) from None
    if header_out is not None:
        header_out[:] = header
    if len(set(header)) != len(header):
        raise InputError(Errors.E836.format(where=where))
    missing = [name for name in [*anonymize, *keep] if name not in header]
    if missing:
        raise InputError(Errors.E837.format(where=where, missing=', '.join(missing), columns=listed(header)))
    patterns = [(name,) for name in anonymize]
    kept = [(name,) for name in keep]
    row_number = 0
    while True:
        start = lines.count + 1
        lines.start_row()
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as err:
            row_number += 1  # a bad row still has its number: the rows after it keep theirs
            report_invalid(InputError(Errors.E877.format(where=where, start=start, err=err)), skip_invalid, on_skip)
            lines.restart_after_first_line()
            reader = csv.reader(lines, delimiter=delimiter, strict=True)
            continue
        if not row:
            continue  # a blank line
        row_number += 1
        rec_where = f"{where} line {start}"
        try:
            if len(row) != len(header):
                raise InputError(Errors.E843.format(rec_where=rec_where, n_row=len(row), n_header=len(header)))
            data = dict(zip(header, row))
            fields, kept_values = _select(data, rec_where, patterns, kept)
        except InputError as err:
            report_invalid(err, skip_invalid, on_skip)
            continue
        record_id = data["id"] if "id" in keep else row_number  # a kept id is the row's own
        yield StructuredRecord(record_id, rec_where, data, fields, kept_values, start)


def structured_record(obj: Any, where: str, default_id: int, patterns, kept, line: int) -> StructuredRecord:
    if not isinstance(obj, dict):
        raise InputError(Errors.E838.format(where=where))
    fields, kept_values = _select(obj, where, patterns, kept)
    return StructuredRecord(obj.get("id", default_id), where, obj, fields, kept_values, line)


class _ArrayReader:
    """A text read in chunks with a read position: what the incremental JSON array parser needs. Text
    before the position is dropped once a chunk's worth has been passed (its line breaks counted)."""

    def __init__(self, chunks: Iterator[str]) -> None:
        self._chunks = chunks
        self.buf, self.pos = "", 0
        self.line_base = 1  # line number of buf[0]
        self._counted = (0, 1)  # (a position in buf, its line number): lines are counted once

    def more(self, grow: bool = False) -> bool:
        """Read one more chunk (`grow`: as many as double the unread text, so an item longer than a
        chunk is parsed a number of times logarithmic, not linear, in its length); False at the end."""
        wanted = max(1, len(self.buf) - self.pos) if grow else 1
        added: List[str] = []
        size = 0
        for chunk in self._chunks:
            added.append(chunk)
            size += len(chunk)
            if size >= wanted:
                break
        if not size:
            return False
        if self.pos > len(self.buf) // 2:
            self.line_base = self.line()
            self.buf, self.pos = self.buf[self.pos:], 0
            self._counted = (0, self.line_base)
        self.buf += "".join(added)
        return True

    def peek(self) -> str:
        """The character at the position ("" at the end of the text)."""
        while self.pos >= len(self.buf):
            if not self.more():
                return ""
        return self.buf[self.pos]

    def skip(self, chars: Optional[str]) -> None:
        """Move past the characters in `chars` (None: past any whitespace, as str.lstrip does)."""
        while True:
            c = self.peek()
            if not c or not (c.isspace() if chars is None else c in chars):
                return
            self.pos += 1

    def line(self) -> int:
        """Line number (from 1) of the position (positions asked for only move forward)."""
        at, line = self._counted
        if self.pos < at:
            at, line = 0, self.line_base
        line += self.buf.count("\n", at, self.pos)
        self._counted = (self.pos, line)
        return line


def _json_items(chunks: Iterable[str], where: str) -> Iterator[Tuple[int, int, str]]:
    """(item number, line, item source) of a top-level JSON array, read incrementally (one item in
    memory at a time); a broken array is an InputError."""
    decoder = json.JSONDecoder()
    text = _ArrayReader(iter(chunks))
    text.skip(None)
    if text.peek() != "[":
        raise InputError(Errors.E839.format(where=where))
    text.pos += 1
    number = 0
    while True:
        text.skip(" \t\r\n")
        if text.peek() == "]":
            line = text.line()
            text.pos += 1
            while True:  # only whitespace may follow, read a chunk at a time
                if text.buf[text.pos:].strip():
                    raise InputError(Errors.E845.format(where=where, line=line))
                text.pos = len(text.buf)
                if not text.more():
                    return
        if number and text.peek() == ",":
            text.pos += 1
            text.skip(" \t\r\n")
        elif number:
            raise InputError(Errors.E844.format(where=where, line=text.line()))
        text.peek()  # at least one character of the item is read (or the end of the text)
        while True:
            try:
                _, end = decoder.raw_decode(text.buf, text.pos)
            except json.JSONDecodeError as err:
                if text.more(grow=True):  # the item may go on in the next chunk
                    continue
                raise InputError(Errors.E846.format(where=where, line_base=text.line_base + err.lineno - 1,
                                                    msg=err.msg)) \
                    from None
            if end < len(text.buf) or not text.more(grow=True):  # a number at the end of the text read may go on
                break
        number += 1
        yield number, text.line(), text.buf[text.pos:end]
        text.pos = end


def read_json(source, fmt: str, anonymize: Sequence[str], keep: Sequence[str], where: str = "",
              skip_invalid: bool = False, on_skip: Optional[Callable[[InputError], None]] = None
              ) -> Iterator[StructuredRecord]:
    """Objects of a JSON array ("json") or of a JSONL file ("jsonl"), read one at a time; `anonymize`/
    `keep` are patterns ("patient.notes", "notes.*.text"). A record's id is its "id" field, else its
    item or line number."""
    where = where or str(source)
    patterns = [parse_pattern(n) for n in anonymize]
    kept = [parse_pattern(n) for n in keep]
    chunks = _read_chunks(source, where)
    if fmt == "json":
        items = ((n, line, item, f"{where} item {n} (line {line})") for n, line, item in _json_items(chunks, where))
    else:
        items = ((n, n, item, f"{where} line {n}")
                 for n, item in enumerate((line.splitlines()[0] for line in _lines(chunks)), 1) if item.strip())
    for number, line, item, rec_where in items:
        try:
            try:
                obj = loads_strict(item)
            except ValueError as err:
                raise InputError(located(rec_where, err)) from None
            record = structured_record(obj, rec_where, number, patterns, kept, line)
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
    raise ValueError(Errors.E835.format(fmt=fmt))


