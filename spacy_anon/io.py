"""Readers and writers for the command line: text files, folders of them, JSONL records, atomic output.

Every error message here names a file, a line or a byte offset, never the content: the inputs are the
documents we are asked to protect. For the same reason output records hold no original value unless the
caller asks for it (`output_record`), and temporary output carries the writing process's pid in its name
so that a later run can recognize and remove what a killed run left behind (`remove_stale_temporaries`).
"""
import errno
import json
import math
import os
import re
import secrets
import shutil
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from spacy_anon.errors import Errors, located

# JSON nested deeper than this is refused: Python's json (reading or writing) would run out of recursion.
MAX_JSON_DEPTH = 500
# Top-level names of an output JSONL record that the CLI writes itself (input fields cannot be kept
# under these names).
RESERVED_FIELDS = ("id", "text", "anonymized", "spans", "field_spans")
# Keys of each output span, in order (the public contract of `spacy-anon anonymize --format jsonl`):
# start/end index the original text, anon_start/anon_end the anonymized text.
SPAN_FIELDS = ("start", "end", "label", "type", "entity", "identifier", "replacement", "anon_start", "anon_end")
_ROW_FIELDS = SPAN_FIELDS[:7]  # copied from the replacement table ("type": the fine type beside the category)
# With include_original, each span also says which detector found it and its score (`spacy-anon report`).
REVIEW_FIELDS = ("text", "source", "score")
# Input fields whose name may appear in a message (schema names, never content).
_NAMED_FIELDS = ("id", "text", "subject", "doc_id")
# Marker in the names of our temporary files and staging folders: `.NAME.spacy-anon-PID-HEX.tmp`.
TEMP_TAG = "spacy-anon"


class InputError(Exception):
    """Invalid input. The message names where (file, line, byte offset) and never quotes the content."""


@dataclass
class Record:
    """One document to anonymize.

    id: the record's id (any JSON value; the file's relative path for text inputs).
    text: the original text.
    extra: the other fields of a JSONL record (everything except "id" and "text").
    subject: the person(s) to protect ("subject" field), or None.
    where: where it came from, for messages ("data.jsonl line 3", "notes/a.txt").
    rel_path: relative path of a text file inside an input folder (for mirrored output names).
    line: line number in a JSONL input.
    """

    id: Any
    text: str
    extra: Dict[str, Any] = field(default_factory=dict)
    subject: Any = None
    where: str = ""
    rel_path: Optional[Path] = None
    line: Optional[int] = None


def decode_utf8(data: bytes, where: str, offset: int = 0) -> str:
    """Decode strictly; on failure raise InputError naming `where` and the absolute byte offset."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(Errors.E810.format(where=where, offset=offset + err.start)) from None
    if text.startswith("\ufeff") and offset == 0:  # a byte-order mark is not part of the document
        text = text[1:]
    return text


def read_text_file(path: Union[str, Path]) -> str:
    """Read a whole UTF-8 file (strict; newlines kept exactly as they are, so offsets match the file)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(Errors.E811.format(path=path, reason=err.strerror or type(err).__name__)) from None
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


# ---------------------------------------------------------------------------------------------------------
# Strict JSON: what Python's json module accepts but cannot be written back as valid UTF-8 JSON
# (NaN, Infinity, 1e999, lone surrogate escapes), duplicate keys (which one is the document?) and
# nesting deep enough to exhaust the recursion limit are all invalid lines.


class _Rejected(ValueError):
    """A value the strict reader refuses; the message is the reason, never the content."""


def _reject_constant(_name: str) -> Any:
    raise _Rejected("non-finite number (NaN or Infinity)")


def _finite_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _Rejected("number out of range (not finite)")
    return value


def _unique_keys(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    obj: Dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _Rejected(f'duplicate key "{key}"' if key in _NAMED_FIELDS else "duplicate key in an object")
        obj[key] = value
    return obj


# A \uD800-\uDFFF escape; only then can a parsed string hold a surrogate (the bytes are strict UTF-8).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _has_lone_surrogate(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _deeper_than(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def loads_strict(line: str) -> Any:
    """`json.loads` that raises ValueError (a reason without content) for what `dumps_jsonl` could not
    write back: non-finite numbers, duplicate keys, lone surrogate escapes, excessive nesting."""
    try:
        obj = json.loads(line, parse_constant=_reject_constant, parse_float=_finite_float,
                         object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as err:
        # err.msg is the parser's reason ("Expecting ',' delimiter"), never the content.
        raise ValueError(Errors.E812.format(msg=err.msg, colno=err.colno)) from None
    except _Rejected as err:
        raise ValueError(Errors.E813.format(err=err)) from None
    except RecursionError:
        raise ValueError(Errors.E814) from None
    except ValueError:  # an integer with more digits than Python converts
        raise ValueError(Errors.E815) from None
    if line.count("[") + line.count("{") > MAX_JSON_DEPTH and _deeper_than(obj, MAX_JSON_DEPTH):
        raise ValueError(Errors.E803.format(max_json_depth=MAX_JSON_DEPTH))
    if _SURROGATE_ESCAPE.search(line) and _has_lone_surrogate(obj):
        raise ValueError(Errors.E804)
    return obj


def parse_jsonl_line(raw: bytes, line_no: int, where: str, offset: int = 0) -> Optional[Record]:
    """Parse one JSONL line into a Record; None for a blank line; InputError when malformed."""
    loc = f"{where} line {line_no}"
    line = decode_utf8(raw, loc, offset)
    if line_no == 1 and line.startswith("\ufeff"):
        line = line[1:]
    if not line.strip():
        return None
    try:
        obj = loads_strict(line)
    except ValueError as err:
        raise InputError(located(loc, err)) from None
    if not isinstance(obj, dict):
        raise InputError(Errors.E805.format(loc=loc, kind=_json_type(obj)))
    if "text" not in obj:
        raise InputError(Errors.E806.format(loc=loc))
    if not isinstance(obj["text"], str):
        raise InputError(Errors.E807.format(loc=loc, kind=_json_type(obj['text'])))
    text = obj.pop("text")
    rec_id = obj.pop("id") if "id" in obj else obj.get("doc_id", line_no)
    subject = obj.get("subject")
    return Record(id=rec_id, text=text, extra=obj, subject=subject, where=loc, line=line_no)


def _json_type(value: Any) -> str:
    return {dict: "object", list: "array", bool: "boolean", int: "number", float: "number",
            type(None): "null", str: "string"}.get(type(value), type(value).__name__)


def _id_key(value: Any) -> str:
    """Ids compare as JSON text: 1, 1.0 and true are different ids (they are written differently)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


def iter_jsonl(
    source: Union[str, Path, IO[bytes]],
    skip_invalid: bool = False,
    on_skip: Optional[Callable[[InputError], None]] = None,
    where: Optional[str] = None,
    check: Optional[Callable[[Record], None]] = None,
) -> Iterator[Record]:
    """Records of a JSONL file (or binary stream), one `{"id", "text", ...}` object per line.

    Blank lines are ignored. A malformed line (invalid UTF-8, bad or non-strict JSON, not an object, no
    "text", "text" not a string), a record that `check` rejects (InputError) and a record whose id an
    earlier line already has raise InputError, or with `skip_invalid` are reported through `on_skip` and
    skipped (for a duplicate id: the later record). A record without "id" takes its "doc_id"
    (TAB-style corpora), else its line number, as id.
    """
    if isinstance(source, (str, Path)):
        where = where or str(source)
        try:
            stream: IO[bytes] = open(source, "rb")
        except OSError as err:
            raise InputError(Errors.E817.format(source=source, reason=err.strerror or type(err).__name__)) from None
        close = True
    else:
        stream, close = source, False
        where = where or "<stdin>"
    seen: Dict[str, int] = {}
    try:
        offset = 0
        for line_no, raw in enumerate(stream, 1):
            try:
                record = parse_jsonl_line(raw, line_no, where, offset)
                if record is not None:
                    if check is not None:
                        check(record)
                    key = _id_key(record.id)
                    if key in seen:
                        raise InputError(Errors.E818.format(where=record.where, seen=seen[key]))
                    seen[key] = line_no
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


# ---------------------------------------------------------------------------------------------------------
# Record fields named on the command line ("meta.notes": dots go down into nested objects)


def field_path(name: str) -> Tuple[str, ...]:
    """The parts of a dotted field name; ValueError for an empty part."""
    parts = tuple(name.split("."))
    if not all(parts):
        raise ValueError(Errors.E808.format(name=name))
    return parts


def get_field(obj: Dict[str, Any], parts: Sequence[str]) -> Tuple[bool, Any]:
    """(found, value) of a nested field; not found when a level is missing or is not an object."""
    value: Any = obj
    for part in parts:
        if not isinstance(value, dict) or part not in value:
            return False, None
        value = value[part]
    return True, value


def put_field(obj: Dict[str, Any], parts: Sequence[str], value: Any) -> None:
    """Set a nested field, creating the objects above it."""
    for part in parts[:-1]:
        obj = obj.setdefault(part, {})
    obj[parts[-1]] = value


# ---------------------------------------------------------------------------------------------------------
# Output records


def anon_offsets(text_length: int, anonymized: str, table: Sequence[Dict[str, Any]]) -> List[Tuple[int, int]]:
    """(anon_start, anon_end) of each table row: where its replacement stands in the anonymized text.

    Raises ValueError when the table does not describe the anonymized text (overlapping rows, a
    replacement that is not where the offsets say, or a length that does not add up).
    """
    order = sorted(range(len(table)), key=lambda i: (table[i]["start"], table[i]["end"]))
    result: List[Tuple[int, int]] = [(0, 0)] * len(table)
    shift, last_end = 0, 0
    for i in order:
        row = table[i]
        start, end, replacement = row["start"], row["end"], row.get("replacement")
        if not isinstance(replacement, str) or start < last_end or end < start or end > text_length:
            raise ValueError(Errors.E816)
        a_start = start + shift
        a_end = a_start + len(replacement)
        if anonymized[a_start:a_end] != replacement:
            raise ValueError(Errors.E809)
        result[i] = (a_start, a_end)
        shift += len(replacement) - (end - start)
        last_end = end
    if text_length + shift != len(anonymized):
        raise ValueError(Errors.E809)
    return result


def _plain_score(value: Any) -> Optional[float]:
    """A JSON-safe score (a numpy float or NaN from a detector becomes a float or None)."""
    try:
        score = float(value)
    except (TypeError, ValueError):
        return None
    return round(score, 4) if math.isfinite(score) else None


def output_spans(original: str, anonymized: str, table: Sequence[Dict[str, Any]],
                 include_original: bool = False) -> List[Dict[str, Any]]:
    """The "spans" of an output record (SPAN_FIELDS; + the original "text", "source" and "score" with
    `include_original`)."""
    spans = []
    for row, (a_start, a_end) in zip(table, anon_offsets(len(original), anonymized, table)):
        span = {key: row.get(key) for key in _ROW_FIELDS}
        span["anon_start"], span["anon_end"] = a_start, a_end
        if include_original:  # review material: the value, and which detector found it how surely
            span["text"] = original[row["start"]:row["end"]]
            span["source"], span["score"] = row.get("source"), _plain_score(row.get("score"))
        spans.append(span)
    return spans


def output_record(
    record: Record,
    anonymized: str,
    table: Iterable[Dict[str, Any]],
    include_original: bool = False,
    keep_fields: Sequence[str] = (),
    anonymized_fields: Optional[Dict[str, Tuple[Optional[str], Optional[str], Sequence[Dict[str, Any]]]]] = None,
) -> Dict[str, Any]:
    """The output JSONL object. By default `{"id", "anonymized", "spans"}`: no original value.

    include_original: add the original "text" after "id" and each span's original "text" (sensitive).
    keep_fields: dotted names of input fields copied unchanged (the caller asked for their originals).
    anonymized_fields: {dotted name: (original, anonymized, table)} of string fields anonymized too
        (original None: the field is null and stays null); each value goes where the field was, its
        spans (offsets into the field's value) under "field_spans"[name].
    Raises ValueError when a table does not describe its anonymized text.
    """
    out: Dict[str, Any] = {"id": record.id}
    if include_original:
        out["text"] = record.text
    out["anonymized"] = anonymized
    out["spans"] = output_spans(record.text, anonymized, list(table), include_original)
    for name in keep_fields:
        found, value = get_field(record.extra, field_path(name))
        if found:
            put_field(out, field_path(name), value)
    if anonymized_fields is not None:
        field_spans: Dict[str, List[Dict[str, Any]]] = {}
        for name, (original, anon, rows) in anonymized_fields.items():
            put_field(out, field_path(name), anon)
            if original is not None and anon is not None:
                field_spans[name] = output_spans(original, anon, list(rows), include_original)
        out["field_spans"] = field_spans
    return out


def dumps_jsonl(obj: Dict[str, Any]) -> str:
    """One JSON line (UTF-8 characters kept as they are; NaN/Infinity refused: they are not JSON)."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False) + "\n"


# ---------------------------------------------------------------------------------------------------------
# Temporary output: recognizable names, cleanup of what a killed run left behind


def temp_name(prefix: str) -> str:
    """`{prefix}spacy-anon-{pid}-{random}.tmp`: ours, and whose."""
    return f"{prefix}{TEMP_TAG}-{os.getpid()}-{secrets.token_hex(4)}.tmp"


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, another user's
        return True
    return True


def remove_stale_temporaries(target: Union[str, Path], folder_output: bool = False) -> List[Path]:
    """Remove the temporary files (or staging folders, `folder_output`) that runs writing `target` left
    behind and whose process is gone (a SIGKILL cannot be handled: the next run cleans up).

    RETURNS the paths removed.
    """
    target = Path(target)
    if folder_output:
        where, prefix = target, "."
    else:
        where, prefix = target.parent, f".{target.name}."
    pattern = re.compile(re.escape(prefix + TEMP_TAG) + r"-(\d+)-[0-9a-f]+\.tmp")
    removed: List[Path] = []
    try:
        entries = list(os.scandir(where))
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if not match or _pid_alive(int(match.group(1))):
            continue
        path = Path(entry.path)
        try:
            if folder_output and entry.is_dir(follow_symlinks=False):
                shutil.rmtree(path)
            elif not folder_output and not entry.is_dir(follow_symlinks=False):
                path.unlink()
            else:
                continue
        except OSError:
            continue
        removed.append(path)
    return removed


def _missing_folders(folder: Path) -> List[Path]:
    """The folders `mkdir(parents=True)` would create, outermost first."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
    return missing[::-1]


def _remove_if_empty(folders: Sequence[Path]) -> None:
    for folder in reversed(folders):
        try:
            folder.rmdir()
        except OSError:
            return


def _existing_mode(path: Path) -> Optional[int]:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else None


class AtomicFile:
    """Write a file under a temporary name in its own folder and rename it into place on success.

    The temporary file (`.NAME.spacy-anon-PID-HEX.tmp`) is created by `open()`, so a caller can check
    that the output is writable before doing any work. On an exception inside the `with` block, or
    `discard()`, it is removed (with any folder `open()` created) and the target is left untouched: a
    reader never sees a half-written output. The result has the mode a new file gets (0o666 less the
    umask), or the mode of the file it replaces.
    """

    def __init__(self, path: Union[str, Path], private: bool = False):
        self.path = Path(path)
        self.private = private  # it holds original values: created 0o600 at most, whatever it replaces
        self._tmp: Optional[Path] = None
        self._fh: Optional[IO[str]] = None
        self._created: List[Path] = []

    def open(self) -> IO[str]:
        if self._fh is not None:
            return self._fh
        folder = self.path.parent
        self._created = _missing_folders(folder)
        folder.mkdir(parents=True, exist_ok=True)
        mode = _existing_mode(self.path)
        if self.private:
            mode = 0o600 if mode is None else mode & 0o600
        self._tmp = folder / temp_name(f".{self.path.name}.")  # named before it exists: discard() finds it
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self._tmp, flags, 0o666 if mode is None else mode)
        try:
            if mode is not None:
                os.fchmod(fd, mode)  # the umask may have taken bits the replaced file had
            self._fh = os.fdopen(fd, "w", encoding="utf-8", newline="")
        except BaseException:
            os.close(fd)
            self.discard()
            raise
        return self._fh

    def __enter__(self) -> IO[str]:
        try:
            return self.open()
        except BaseException:
            self.discard()
            raise

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            self.commit()
        else:
            self.discard()
        return False

    def commit(self) -> None:
        assert self._fh is not None and self._tmp is not None
        try:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            os.replace(self._tmp, self.path)
        except BaseException:
            self.discard()
            raise
        self._tmp = None

    def discard(self) -> None:
        if self._fh is not None and not self._fh.closed:
            try:
                self._fh.close()  # flushing may fail again (disk full): the file goes anyway
            except OSError:
                pass
        if self._tmp is not None:
            try:
                os.unlink(self._tmp)
            except FileNotFoundError:
                pass
            self._tmp = None
        _remove_if_empty(self._created)
        self._created = []


class StagedFolder:
    """All-or-nothing output into a folder: files are written into a hidden staging folder inside it
    (`.spacy-anon-PID-HEX.tmp`) and moved into place only when `commit()` is called; `discard()` removes
    the staging folder (and the output folder when this object created it and it is still empty).
    A moved file that replaces an existing one keeps that file's mode."""

    def __init__(self, folder: Union[str, Path]):
        self.folder = Path(folder)
        self._created = _missing_folders(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.staging: Optional[Path] = self.folder / temp_name(".")
        try:
            os.mkdir(self.staging, 0o700)
        except BaseException:
            self.staging = None
            _remove_if_empty(self._created)
            raise
        self._written: List[Path] = []

    def write_text(self, rel_path: Union[str, Path], text: str) -> None:
        assert self.staging is not None
        target = self.staging / rel_path
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        self._written.append(Path(rel_path))

    def commit(self) -> List[Path]:
        assert self.staging is not None
        for rel in self._written:
            final = self.folder / rel
            final.parent.mkdir(parents=True, exist_ok=True)
            mode = _existing_mode(final)
            if mode is not None:
                os.chmod(self.staging / rel, mode)
            os.replace(self.staging / rel, final)
        shutil.rmtree(self.staging, ignore_errors=True)
        self.staging = None
        return [self.folder / rel for rel in self._written]

    def discard(self) -> None:
        if self.staging is not None:
            shutil.rmtree(self.staging, ignore_errors=True)
            self.staging = None
        _remove_if_empty(self._created)
        self._created = []


class StdoutSink:
    """Collect output in a spooled temporary file (memory, then an unnamed file); copy it to stdout only
    on success (fail closed)."""

    def __init__(self, stream: Optional[IO[str]] = None):
        self.stream = stream
        self._buf = tempfile.SpooledTemporaryFile(max_size=32 * 1024 * 1024, mode="w+", encoding="utf-8",
                                                  newline="")

    def __enter__(self) -> IO[str]:
        return self._buf  # type: ignore[return-value]

    def __exit__(self, exc_type, exc, tb) -> bool:
        try:
            if exc_type is None:
                self.commit()
        finally:
            self.discard()
        return False

    def commit(self) -> None:
        out = self.stream or sys.stdout
        self._buf.seek(0)
        shutil.copyfileobj(self._buf, out)
        out.flush()

    def discard(self) -> None:
        self._buf.close()
