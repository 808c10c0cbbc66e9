"""Where a run's results go, and how one record is written.

`Output` is a file (AtomicFile), a folder (StagedFolder), stdout (StdoutSink) or, with --resume, a partial
output that an interrupted run leaves behind. It is created before the model loads (an unwritable output
fails at once) and put in place only by `commit`; `discarded_on_failure` removes it on any exception."""
import contextlib
import os
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, Optional, Sequence

from spacy_anon.cli.messages import EXIT_OK, EXIT_USAGE, CLIError, first_line, info, reason
from spacy_anon.engines.resume import (
    PartialFolder,
    PartialIndexed,
    PartialJsonl,
    ResumeError,
    meta_file,
    partial_file,
    partial_folder,
)
from spacy_anon.errors import Errors
from spacy_anon.io import (
    AtomicFile,
    Record,
    StagedFolder,
    StdoutSink,
    dumps_jsonl,
    field_path,
    get_field,
    output_record,
    remove_stale_temporaries,
)
from spacy_anon.structured.readers import TABLE_FORMATS, StructuredRecord
from spacy_anon.structured.writers import format_object, format_table_row, output_object, table_row


class Output:
    """Where results go. Leftovers of killed runs writing the same output are removed first. OSErrors
    while writing (a full disk) become CLIErrors."""

    def __init__(self, target: Optional[Path], folder: bool, resume: Optional[str] = None, indexed: bool = False,
                 private: bool = False):
        """resume: the run's fingerprint (--resume). indexed: with --resume, records that the file cannot
        identify itself (CSV/TSV rows, items of a JSON array): their ids and ends go to an index beside
        the partial output (PartialIndexed). private: the output holds original values (--include-original,
        --keep-fields): its files, temporary, partial and final, are created 0o600 (never wider, even
        when they replace a file that was)."""
        self.label = str(target) if target is not None else "<stdout>"
        self.removed: list = []
        self.kept: Optional[str] = None  # what discard() left for --resume, said in the final message
        self._atomic: Optional[AtomicFile] = None
        self._staged: Optional[StagedFolder] = None
        self._sink: Optional[StdoutSink] = None
        self._partial: Any = None  # PartialJsonl | PartialFolder | PartialIndexed (--resume)
        self._fh: Any = None
        try:
            if target is not None:
                self.removed = remove_stale_temporaries(target, folder_output=folder)
                partial = partial_folder(target) if folder else partial_file(target)
                if resume is None and partial.exists():
                    raise CLIError(Errors.E901.format(name=partial, meta=meta_file(partial).name), EXIT_USAGE)
            if resume is not None:
                kind = PartialFolder if folder else PartialIndexed if indexed else PartialJsonl
                self._partial = kind(target, resume, resume=True, private=private).open()
            elif folder:
                self._staged = StagedFolder(target)  # text files: no original values
            elif target is not None:
                self._atomic = AtomicFile(target, private=private)
                self._fh = self._atomic.open()
            else:
                self._sink = StdoutSink()
                self._fh = self._sink.__enter__()
        except ResumeError as err:
            self.discard()
            raise CLIError(str(err), EXIT_USAGE) from None
        except OSError as err:
            self.discard()
            raise CLIError(Errors.E941.format(label=self.label, reason=reason(err))) from None
        except BaseException:  # an interruption: leave nothing
            self.discard()
            raise

    def pending(self, records: Iterator[Any], preamble: str = "") -> Iterator[Any]:
        """--resume: the records not yet in the partial output (a CLIError when its records are not the
        input's first ones: checked now for a file, so `done` is known on return); otherwise all of
        them. `preamble` (a CSV header, the "[" of a JSON array) starts a file output."""
        if self._partial is None:
            if preamble:
                self.write(preamble)
            return records
        try:
            if isinstance(self._partial, PartialIndexed):
                return self._partial.skip(records, preamble=preamble)
            return self._partial.skip(records)
        except ResumeError as err:
            raise CLIError(str(err), EXIT_USAGE) from None
        except OSError as err:
            raise CLIError(Errors.E942.format(label=self.label, reason=reason(err))) from None

    def done_of(self, rel_paths: Sequence[Path] = ()) -> int:
        """Records an interrupted run had already written, known before processing starts: for a folder,
        those of `rel_paths` already staged."""
        if isinstance(self._partial, PartialFolder):
            return self._partial.count_done(rel_paths)
        return self.done

    @property
    def done(self) -> int:
        """Records an interrupted run had already written (--resume)."""
        return self._partial.done if self._partial is not None else 0

    def binary(self) -> Any:
        """The binary stream under a file output (a Parquet writer writes to it); None for other outputs."""
        return self._fh.buffer if self._atomic is not None else None

    def write(self, text: str, rel_path: Optional[Path] = None, record_id: Any = None) -> None:
        try:
            if isinstance(self._partial, PartialFolder):
                self._partial.write(rel_path, text)
            elif isinstance(self._partial, PartialIndexed):
                self._partial.write(text, record_id)
            elif self._partial is not None:
                self._partial.write(text)
            elif self._staged is not None:
                self._staged.write_text(rel_path, text)
            else:
                self._fh.write(text)
        except OSError as err:
            raise CLIError(Errors.E942.format(label=self.label, reason=reason(err))) from None

    def commit(self, ending: str = "") -> None:
        """Put the output in place; `ending` (the "]" of a JSON array) is written last."""
        try:
            if isinstance(self._partial, PartialIndexed):
                self._partial.commit(ending)
            elif self._partial is not None:
                self._partial.commit()
            elif self._staged is not None:
                self._staged.commit()
            elif self._atomic is not None:
                self._fh.write(ending)
                self._atomic.commit()
            else:
                self._fh.write(ending)
                self._sink.commit()
                self._sink.discard()
        except OSError as err:
            if isinstance(err, BrokenPipeError):
                silence_stdout()
            raise CLIError(Errors.E942.format(label=self.label, reason=reason(err))) from None

    def discard(self) -> None:
        for part in (self._staged, self._atomic, self._sink):
            if part is not None:
                part.discard()
        if self._partial is not None and self._partial.empty:
            self._partial.discard()  # nothing written yet: nothing to resume
        elif self._partial is not None:  # --resume: what was written stays, under its partial name
            self._partial.keep()
            n_kept = self._partial.done + self._partial.written
            self.kept = (f"partial output kept: {n_kept} record(s) in {self._partial.path}; run the same "
                         "command with --resume to continue")
            self._partial = None


@contextlib.contextmanager
def discarded_on_failure(output: Output) -> Iterator[Output]:
    """Discard `output` on any exception (an interruption too) and re-raise it; the exception carries
    what --resume kept as `partial_kept` (None when nothing), for the entry point's last message."""
    try:
        yield output
    except BaseException as err:
        output.discard()
        err.partial_kept = output.kept  # type: ignore[attr-defined]
        raise


def silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so that the interpreter's final flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def jsonl_line(record: Record, outcome: Any, include_original: bool, keep_fields: Sequence[str],
               anonymize_fields: Sequence[str], original_offsets: bool = False) -> str:
    """The output line of a text or JSONL record: {"id", "anonymized", "spans", ...}."""
    fields = None
    if anonymize_fields:
        fields = {}
        for name in anonymize_fields:
            found, value = get_field(record.extra, field_path(name))
            if not found:
                continue
            if value is None:
                fields[name] = (None, None, [])
            else:
                result = outcome.fields[name]
                fields[name] = (value, result.anonymized, result.table)
    try:
        return dumps_jsonl(output_record(record, outcome.text.anonymized, outcome.text.table,
                                         include_original=include_original, keep_fields=keep_fields,
                                         anonymized_fields=fields,
                                         original_offsets=include_original or original_offsets))
    except ValueError as err:  # a table that does not match its text; a value JSON cannot hold
        raise CLIError(Errors.E937.format(where=record.where, detail=first_line(err))) from None


def structured_line(record: StructuredRecord, fields: Dict[str, Any], columns: Sequence[str], out_format: str,
                    first: bool, include_original: bool, escape_formulas: bool = True,
                    original_offsets: bool = False) -> str:
    """The output of a structured record: a CSV/TSV row (formula cells neutralized unless
    `escape_formulas` is False), or a JSON/JSONL object shaped as the input."""
    if out_format in TABLE_FORMATS:
        return format_table_row(table_row(record, columns, fields), out_format, escape_formulas)
    obj = output_object(record, fields, include_original=include_original,
                        original_offsets=include_original or original_offsets)
    try:
        return format_object(obj, out_format, first=first)
    except ValueError as err:
        raise CLIError(Errors.E959.format(where=record.where, err=err)) from None


def finish_summary(summary: str, output: Output, target: Optional[Path], quiet: bool) -> int:
    """Print the run's last line (what an interrupted run had written, where the output went)."""
    if output.done:
        summary += f" (resumed: {output.done} more were written by the interrupted run)"
    if target is not None:
        summary += f" -> {target}"
    info(summary, quiet)
    return EXIT_OK
