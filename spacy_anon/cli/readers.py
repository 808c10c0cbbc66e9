"""The records of a run's input, readable twice: a validating and counting pass before the model loads
(so a malformed input fails at once), then the processing pass. Stdin is read or spooled once."""
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from spacy_anon.cli.messages import EXIT_USAGE, CLIError
from spacy_anon.cli.options import Options
from spacy_anon.errors import Errors
from spacy_anon.io import (
    InputError,
    Record,
    decode_utf8,
    field_path,
    get_field,
    iter_jsonl,
    list_text_files,
    read_text_file,
)
from spacy_anon.structured.paths import expand, parse_pattern
from spacy_anon.structured.readers import TABLE_FORMATS, listed, read_records

# formats with one column per top-level name (a header; no place for nested fields or spans)
COLUMN_FORMATS = (*TABLE_FORMATS, "parquet")


def spool_stdin() -> "tempfile.SpooledTemporaryFile":
    """Stdin copied to a temporary file, so that it can be read twice."""
    spool = tempfile.SpooledTemporaryFile(max_size=64 * 1024 * 1024, mode="w+b")
    shutil.copyfileobj(sys.stdin.buffer, spool)
    spool.seek(0)
    return spool


def fields_to_anonymize(record: Record, names: Sequence[str]) -> Tuple[Tuple[str, str], ...]:
    """(name, value) of the named string fields of `record`; absent and null fields are left out.
    InputError (naming the record and the field, not its value) for another type."""
    found_fields = []
    for name in names:
        parts = field_path(name)
        for depth in range(1, len(parts)):
            found, above = get_field(record.extra, parts[:depth])
            if found and not isinstance(above, dict) and above is not None:
                raise InputError(Errors.E940.format(where=record.where, parts=".".join(parts[:depth]), name=name))
        found, value = get_field(record.extra, parts)
        if not found or value is None:
            continue
        if not isinstance(value, str):
            raise InputError(Errors.E929.format(where=record.where, name=name, kind=type(value).__name__))
        found_fields.append((name, value))
    return tuple(found_fields)


class NameCoverage:
    """Which names of --keep-fields/--anonymize-fields reach a field of at least one record. The fields of
    JSON/JSONL records vary by record, so a name is checked against all of them while the input is
    validated; one that reaches none (a typo, a wrong path) is refused before the model loads (E988),
    naming it and the top-level fields seen (names, never values). `reach(obj, name)`: whether `name`
    reaches a field of the object `obj` (a null field counts: it is there)."""

    def __init__(self, names: Sequence[str], reach: Callable[[Any, str], bool]) -> None:
        self.todo = list(dict.fromkeys(names))
        self.reach = reach
        self.keys: Dict[str, None] = {}  # top-level fields seen, in order (bounded)
        self.count = 0

    def see(self, obj: Any) -> None:
        self.count += 1
        if not self.todo:
            return
        if isinstance(obj, dict) and len(self.keys) < 1000:
            self.keys.update((str(k), None) for k in obj)
        self.todo = [name for name in self.todo if not self.reach(obj, name)]

    def check(self, where: str) -> None:
        """CLIError (usage) naming the names that reached no field; nothing when there were no records."""
        if self.todo and self.count:
            raise CLIError(Errors.E988.format(names=", ".join(self.todo), count=self.count, where=where,
                                              fields=listed(list(self.keys))), EXIT_USAGE)


def reaches_pattern(obj: Any, name: str) -> bool:
    """Whether a pattern ("patient.notes", "notes.*.text") reaches a place in `obj`."""
    return next(expand(obj, parse_pattern(name)), None) is not None


def reaches_field(obj: Any, name: str) -> bool:
    """Whether a dotted field name of a JSONL text record reaches a field of `obj` (its fields but "id"
    and "text", which the output writes itself)."""
    return get_field(obj, field_path(name))[0]


def is_within(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


class TextInputs:
    """The records of a text, folder or JSONL run: `count` of them, `skipped` (invalid lines reported).

    A folder's files are its `*.txt` files whose real path lies inside it: a symbolic link to a file
    elsewhere would read (and write into the output) what the folder given does not hold, so it is left
    out and named in `outside_links`; a link to another file of the folder is read under its own name.
    Linked folders are not entered."""

    def __init__(self, options: Options, kind: str, anonymize_fields: Sequence[str] = (),
                 keep_fields: Sequence[str] = ()):
        self.options, self.kind = options, kind
        self.anonymize_fields = list(anonymize_fields)
        self._coverage = NameCoverage([*anonymize_fields, *keep_fields], reaches_field)
        self.skipped: List[str] = []
        self._stdin_spool = None
        self._text: Optional[str] = None
        self._files: List[Path] = []
        self.outside_links: List[str] = []  # files of a folder that are links out of it (relative names)
        if kind == "stdin-text":
            self._text = decode_utf8(sys.stdin.buffer.read(), "<stdin>")
        elif kind == "stdin-jsonl":
            self._stdin_spool = spool_stdin()
        elif kind == "folder":
            folder = Path(options.input)
            root = folder.resolve()
            out = options.output_target
            out = out.resolve() if out is not None else None
            for path in list_text_files(folder):
                real = path.resolve()
                if out is not None and is_within(real, out):
                    continue
                if not is_within(real, root):  # a link out of the tree: never read (W988)
                    self.outside_links.append(path.relative_to(folder).as_posix())
                    continue
                self._files.append(path)
        self.count = self._validate()

    def _check(self, record: Record) -> None:
        fields_to_anonymize(record, self.anonymize_fields)

    def rel_paths(self) -> List[Path]:
        """The output names of a folder's files (relative to the input folder)."""
        return [p.relative_to(Path(self.options.input)) for p in self._files]

    def _jsonl(self, report: bool) -> Iterator[Record]:
        def on_skip(err: InputError) -> None:
            if report:
                self.skipped.append(str(err))

        check = self._check if self.anonymize_fields else None
        if self.kind == "stdin-jsonl":
            self._stdin_spool.seek(0)
            return iter_jsonl(self._stdin_spool, self.options.skip_invalid, on_skip, where="<stdin>", check=check)
        return iter_jsonl(self.options.input, self.options.skip_invalid, on_skip, check=check)

    def _validate(self) -> int:
        if self.kind in ("jsonl", "stdin-jsonl"):
            count = 0
            for record in self._jsonl(report=True):
                self._coverage.see(record.extra)
                count += 1
            self._coverage.check("<stdin>" if self.kind == "stdin-jsonl" else str(self.options.input))
            return count
        if self.kind == "folder":
            for path in self._files:  # fail early (before loading a model) on an unreadable file
                read_text_file(path)
            return len(self._files)
        if self.kind == "text":
            self._text = read_text_file(self.options.input)  # fails early on invalid UTF-8
        return 1

    def __iter__(self) -> Iterator[Record]:
        if self.kind in ("jsonl", "stdin-jsonl"):
            yield from self._jsonl(report=False)
        elif self.kind == "folder":
            folder = Path(self.options.input)
            for path in self._files:
                rel = path.relative_to(folder)
                yield Record(id=rel.as_posix(), text=read_text_file(path), where=str(path), rel_path=rel)
        elif self.kind == "text":
            path = Path(self.options.input)
            yield Record(id=path.name, text=self._text, where=str(path), rel_path=Path(path.name))
        else:
            yield Record(id="<stdin>", text=self._text, where="<stdin>", rel_path=None)


class StructuredSource:
    """The records of a structured input (CSV/TSV/JSON/Parquet, or JSONL with list patterns): `count`,
    `skipped`, and the `header` of a table (filled by the first pass)."""

    def __init__(self, options: Options, kind: str, anonymize: Sequence[str], keep: Sequence[str]):
        self.options, self.kind, self.anonymize, self.keep = options, kind, anonymize, keep
        self.where = "<stdin>" if options.input == "-" else str(options.input)
        self.header: List[str] = []
        self.skipped: List[str] = []
        self._spool: Optional[tempfile.SpooledTemporaryFile] = spool_stdin() if options.input == "-" else None
        coverage = NameCoverage([] if kind in TABLE_FORMATS else [*anonymize, *keep], reaches_pattern)
        for record in self.records(report=True):  # validate (and count) before the model loads
            coverage.see(record.data)
        coverage.check(self.where)
        self.count = coverage.count

    def records(self, report: bool = False):
        def on_skip(err: InputError) -> None:
            if report:
                self.skipped.append(str(err))

        kwargs = {"header_out": self.header} if self.kind in COLUMN_FORMATS else {}
        source: Any = self.options.input
        if self._spool is not None:
            self._spool.seek(0)
            source = self._spool
        return read_records(source, self.kind, self.anonymize, self.keep, where=self.where,
                            skip_invalid=self.options.skip_invalid, on_skip=on_skip, **kwargs)

    def schema(self) -> Any:
        """The arrow schema of a Parquet input (kept columns keep their types); None for others."""
        if self.kind != "parquet":
            return None
        import pyarrow.parquet as pq

        if self._spool is not None:
            self._spool.seek(0)
        return pq.ParquetFile(self._spool if self._spool is not None else self.options.input).schema_arrow
