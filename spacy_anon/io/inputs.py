"""Input documents: text files, folders of them and JSONL records (`Record`).

Every error message here names a file, a line or a byte offset, never the content: the inputs are the
documents we are asked to protect.
"""
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Dict, Iterator, List, Optional, Union

from spacy_anon.errors import Errors, located
from spacy_anon.io.strict_json import loads_strict


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
