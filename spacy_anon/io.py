"""Readers and writers for the command line: text files, folders of them, JSONL records, atomic output.

Every error message here names a file, a line or a byte offset, never the content: the inputs are the
documents we are asked to protect.
"""
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Dict, Iterable, Iterator, List, Optional, Union

# Fields of an output JSONL record that the CLI writes itself (input fields with these names are replaced).
RESERVED_FIELDS = ("id", "text", "anonymized", "spans")
# Keys of each output span, in order (the public contract of `spacy-anon anonymize --format jsonl`).
SPAN_FIELDS = ("start", "end", "label", "entity", "identifier", "replacement")


class InputError(Exception):
    """Invalid input. The message names where (file, line, byte offset) and never quotes the content."""


@dataclass
class Record:
    """One document to anonymize.

    id: the record's id (any JSON value; the file's relative path for text inputs).
    text: the original text.
    extra: pass-through fields of a JSONL record (everything except "id" and "text").
    subject: the person(s) to protect ("subject" field), or None.
    where: where it came from, for messages ("data.jsonl line 3", "notes/a.txt").
    rel_path: relative path of a text file inside an input folder (for mirrored output names).
    """

    id: Any
    text: str
    extra: Dict[str, Any] = field(default_factory=dict)
    subject: Any = None
    where: str = ""
    rel_path: Optional[Path] = None


def decode_utf8(data: bytes, where: str, offset: int = 0) -> str:
    """Decode strictly; on failure raise InputError naming `where` and the absolute byte offset."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"{where}: invalid UTF-8 at byte offset {offset + err.start}") from None
    if text.startswith("\ufeff") and offset == 0:  # a byte-order mark is not part of the document
        text = text[1:]
    return text


def read_text_file(path: Union[str, Path]) -> str:
    """Read a whole UTF-8 file (strict; newlines kept exactly as they are, so offsets match the file)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"{path}: cannot read ({err.strerror or type(err).__name__})") from None
    return decode_utf8(data, str(path))


def list_text_files(folder: Union[str, Path]) -> List[Path]:
    """All `*.txt` files under `folder` (recursively), sorted, skipping hidden files and folders."""
    folder = Path(folder)
    found = []
    for path in folder.rglob("*.txt"):
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts) or not path.is_file():
            continue
        found.append(path)
    return sorted(found)


def iter_text_folder(folder: Union[str, Path]) -> Iterator[Record]:
    """One Record per text file of a folder; the id is the file's relative path (POSIX)."""
    folder = Path(folder)
    for path in list_text_files(folder):
        rel = path.relative_to(folder)
        yield Record(id=rel.as_posix(), text=read_text_file(path), where=str(path), rel_path=rel)


def parse_jsonl_line(raw: bytes, line_no: int, where: str, offset: int = 0) -> Optional[Record]:
    """Parse one JSONL line into a Record; None for a blank line; InputError when malformed."""
    loc = f"{where} line {line_no}"
    line = decode_utf8(raw, loc, offset)
    if line_no == 1 and line.startswith("\ufeff"):
        line = line[1:]
    if not line.strip():
        return None
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as err:
        # err.msg is the parser's reason ("Expecting ',' delimiter"), never the content.
        raise InputError(f"{loc}: not valid JSON ({err.msg} at column {err.colno})") from None
    if not isinstance(obj, dict):
        raise InputError(f"{loc}: expected a JSON object, got {type(obj).__name__}")
    if "text" not in obj:
        raise InputError(f"{loc}: missing \"text\" field")
    if not isinstance(obj["text"], str):
        raise InputError(f"{loc}: \"text\" must be a string, got {_json_type(obj['text'])}")
    text = obj.pop("text")
    rec_id = obj.pop("id") if "id" in obj else obj.get("doc_id", line_no)
    subject = obj.get("subject")
    return Record(id=rec_id, text=text, extra=obj, subject=subject, where=loc)


def _json_type(value: Any) -> str:
    return {dict: "object", list: "array", bool: "boolean", int: "number", float: "number",
            type(None): "null"}.get(type(value), type(value).__name__)


def iter_jsonl(
    source: Union[str, Path, IO[bytes]],
    skip_invalid: bool = False,
    on_skip: Optional[Callable[[InputError], None]] = None,
    where: Optional[str] = None,
) -> Iterator[Record]:
    """Records of a JSONL file (or binary stream), one `{"id", "text", ...}` object per line.

    Blank lines are ignored. A malformed line (invalid UTF-8, bad JSON, not an object, no "text", "text"
    not a string) raises InputError, or with `skip_invalid` is reported through `on_skip` and skipped.
    A record without "id" takes its "doc_id" (TAB-style corpora), else its line number, as id.
    """
    if isinstance(source, (str, Path)):
        where = where or str(source)
        try:
            stream: IO[bytes] = open(source, "rb")
        except OSError as err:
            raise InputError(f"{source}: cannot read ({err.strerror or type(err).__name__})") from None
        close = True
    else:
        stream, close = source, False
        where = where or "<stdin>"
    try:
        offset = 0
        for line_no, raw in enumerate(stream, 1):
            try:
                record = parse_jsonl_line(raw, line_no, where, offset)
            except InputError as err:
                if not skip_invalid:
                    raise
                if on_skip is not None:
                    on_skip(err)
                record = None
            offset += len(raw)
            if record is not None:
                yield record
    finally:
        if close:
            stream.close()


def output_record(
    record: Record,
    anonymized: str,
    table: Iterable[Dict[str, Any]],
    keep_original: bool = True,
    include_original_spans: bool = False,
) -> Dict[str, Any]:
    """The output JSONL object: `{"id", "text", "anonymized", "spans", ...pass-through fields}`.

    Span offsets point into the original text. `keep_original=False` drops "text" and the "subject"
    field (both hold original values); `include_original_spans` adds each span's original "text".
    """
    spans = []
    for row in table:
        span = {key: row.get(key) for key in SPAN_FIELDS}
        if include_original_spans:
            span["text"] = record.text[row["start"]:row["end"]]
        spans.append(span)
    out: Dict[str, Any] = {"id": record.id}
    if keep_original:
        out["text"] = record.text
    out["anonymized"] = anonymized
    out["spans"] = spans
    for key, value in record.extra.items():
        if key in RESERVED_FIELDS:
            continue
        if not keep_original and key == "subject":
            continue
        out[key] = value
    return out


def dumps_jsonl(obj: Dict[str, Any]) -> str:
    """One JSON line (UTF-8 characters kept as they are)."""
    return json.dumps(obj, ensure_ascii=False) + "\n"


class AtomicFile:
    """Write a file under a temporary name in its own folder and rename it into place on success.

    On an exception inside the `with` block (or `discard()`), the temporary file is removed and the target
    is left untouched: a reader never sees a half-written output.
    """

    def __init__(self, path: Union[str, Path]):
        self.path = Path(path)
        self._tmp: Optional[str] = None
        self._fh: Optional[IO[str]] = None

    def __enter__(self) -> IO[str]:
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        fd, self._tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
        self._fh = os.fdopen(fd, "w", encoding="utf-8", newline="")
        return self._fh

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            self.commit()
        else:
            self.discard()
        return False

    def commit(self) -> None:
        assert self._fh is not None and self._tmp is not None
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self._fh.close()
        os.replace(self._tmp, self.path)
        self._tmp = None

    def discard(self) -> None:
        if self._fh is not None and not self._fh.closed:
            self._fh.close()
        if self._tmp is not None:
            try:
                os.unlink(self._tmp)
            except FileNotFoundError:
                pass
            self._tmp = None


class StagedFolder:
    """All-or-nothing output into a folder: files are written into a hidden staging folder inside it and
    moved into place only when `commit()` is called; `discard()` removes the staging folder."""

    def __init__(self, folder: Union[str, Path]):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.staging = Path(tempfile.mkdtemp(prefix=".spacy-anon-", suffix=".tmp", dir=self.folder))
        self._written: List[Path] = []

    def write_text(self, rel_path: Union[str, Path], text: str) -> None:
        target = self.staging / rel_path
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        self._written.append(Path(rel_path))

    def commit(self) -> List[Path]:
        for rel in self._written:
            final = self.folder / rel
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.staging / rel, final)
        shutil.rmtree(self.staging, ignore_errors=True)
        return [self.folder / rel for rel in self._written]

    def discard(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)


class StdoutSink:
    """Collect output in a spooled temporary file; copy it to stdout only on success (fail closed)."""

    def __init__(self, stream: Optional[IO[str]] = None):
        self.stream = stream
        self._buf = tempfile.SpooledTemporaryFile(max_size=32 * 1024 * 1024, mode="w+", encoding="utf-8",
                                                  newline="")

    def __enter__(self) -> IO[str]:
        return self._buf  # type: ignore[return-value]

    def __exit__(self, exc_type, exc, tb) -> bool:
        try:
            if exc_type is None:
                out = self.stream or sys.stdout
                self._buf.seek(0)
                shutil.copyfileobj(self._buf, out)
                out.flush()
        finally:
            self._buf.close()
        return False
