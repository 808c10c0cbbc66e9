"""`spacy-anon anonymize` on structured inputs: CSV/TSV columns, JSON arrays and JSON/JSONL fields.

The chosen fields of a record (`--anonymize-fields`: column names, or dotted patterns such as
`patient.notes` and `notes.*.text`) are anonymized together, with one replacement memory per record (or
the run's, `--consistent-across-docs`): the same name in two fields of a record gets the same
replacement. Other fields pass through only when `--keep-fields` names them. The output is CSV/TSV with
the input's header order (only the anonymized and kept columns), or JSON/JSONL objects shaped as the
input with the spans of each field under "field_spans". Invalid rows and lines are reported by line
number, and skipped with `--skip-invalid`. Fail closed and atomic, as every run of `anonymize`.

A record runs as one job of the shared code path (`anonymize_records`): in this process, in
`--n-process` forked workers or on `--engine`'s workers, only its field values travel, and all of them
are in one job, so the replacements of one record stay consistent in every mode. `--resume` continues a
JSONL output as for text records, and a CSV/TSV/JSON output through an index of the records written
(`PartialIndexed`). INPUT may be `-` (stdin, spooled to a temporary file: it is read twice).
"""
import argparse
import contextlib
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from spacy_anon.cli.anonymize import (
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CLIError,
    _check_scale_plan,
    _check_sizes,
    _info,
    _Output,
    _output_target,
    _process_count,
    _spool_stdin,
    _warn,
    anonymize_records,
    check_coverage,
    resume_fingerprint,
)
from spacy_anon.cli import anonymize as _anonymize_cli
from spacy_anon.cli.processing import Job, fail_closed
from spacy_anon.errors import Errors, Warnings
from spacy_anon.io import InputError
from spacy_anon.longdocs import new_memory
from spacy_anon.structured.paths import STAR, overlapping, parse_pattern
from spacy_anon.structured.readers import TABLE_FORMATS, StructuredRecord, read_records
from spacy_anon.structured.writers import (
    format_object,
    format_table_row,
    json_array_end,
    json_array_start,
    output_columns,
    output_object,
    table_row,
)

SUFFIX_FORMATS = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".json": "json", ".parquet": "parquet",
                  ".pq": "parquet"}
STRUCTURED_FORMATS = ("csv", "tsv", "json", "parquet")
OUTPUT_FORMATS = {"csv": ("csv", "tsv", "jsonl", "json", "parquet"), "tsv": ("tsv", "csv", "jsonl", "json", "parquet"),
                  "json": ("json", "jsonl"), "jsonl": ("jsonl", "json"),
                  "parquet": ("parquet", "jsonl", "json", "csv", "tsv")}
# outputs with one column per top-level name (no place for nested fields or spans)
COLUMN_OUTPUTS = (*TABLE_FORMATS, "parquet")


def is_structured(args: argparse.Namespace, kind: str) -> bool:
    """CSV/TSV/JSON inputs, and JSONL whose named fields reach into lists ("notes.*.text")."""
    names = ",".join([args.anonymize_fields or "", args.keep_fields or ""])
    return kind in STRUCTURED_FORMATS or (kind in ("jsonl", "stdin-jsonl")
                                          and STAR in names.replace(",", ".").split("."))


def _names(value: str, flag: str, table: bool) -> List[str]:
    names = list(dict.fromkeys(n.strip() for n in (value or "").split(",") if n.strip()))
    if not table:
        for name in names:
            try:
                parse_pattern(name)
            except ValueError:
                raise CLIError(Errors.E938.format(flag=flag, name=name), EXIT_USAGE) from None
    return names


def _format_of_output(args: argparse.Namespace) -> Optional[str]:
    """The format an -o file's suffix names ("out.parquet" is Parquet), so a CSV input never writes CSV
    text into a file called .parquet; None for stdout or another suffix."""
    if not args.output or args.output == "-":
        return None
    suffix = Path(args.output).suffix.lower()
    if suffix in _anonymize_cli.JSONL_SUFFIXES:
        return "jsonl"
    return _anonymize_cli.STRUCTURED_SUFFIXES.get(suffix)


def _plan(args: argparse.Namespace, kind: str):
    out_format = args.format or _format_of_output(args) or kind
    if out_format not in OUTPUT_FORMATS[kind]:
        raise CLIError(Errors.E953.format(out_format=out_format, kind=kind,
                                          formats=", ".join(OUTPUT_FORMATS[kind])), EXIT_USAGE)
    table = kind in TABLE_FORMATS
    anonymize = _names(args.anonymize_fields, "--anonymize-fields", table)
    keep = _names(args.keep_fields, "--keep-fields", table)
    if not anonymize:
        raise CLIError(Errors.E954.format(kind=kind, value='columns' if table else 'fields'), EXIT_USAGE)
    for a in anonymize:
        for k in keep:
            if a == k or (not table and overlapping(parse_pattern(a), parse_pattern(k))):
                raise CLIError(Errors.E960.format(a=a, k=k), EXIT_USAGE)
    if args.include_original and out_format in COLUMN_OUTPUTS:
        raise CLIError(Errors.E955,
                       EXIT_USAGE)
    if out_format in COLUMN_OUTPUTS and not table:
        nested = [n for n in [*anonymize, *keep] if len(parse_pattern(n)) > 1]
        if nested:
            raise CLIError(Errors.E957.format(out_format=out_format, nested=', '.join(nested)), EXIT_USAGE)
    if out_format == "parquet" and _output_target(args) is None:
        raise CLIError(Errors.E956, EXIT_USAGE)
    _check_sizes(args)
    _check_scale_plan(args, kind, out_format, structured=True)
    target = _output_target(args)
    if target is not None:
        if target.is_dir():
            raise CLIError(Errors.E958.format(target=target), EXIT_USAGE)
        if args.input != "-" and target.resolve() == Path(args.input).resolve():
            raise CLIError(Errors.E920, EXIT_USAGE)
    return out_format, anonymize, keep, target


class _Source:
    """The records of a structured input, readable twice (a validating/counting pass, then the
    processing pass); stdin is spooled to a temporary file first."""

    def __init__(self, args: argparse.Namespace, kind: str, anonymize: Sequence[str], keep: Sequence[str]):
        self.args, self.kind, self.anonymize, self.keep = args, kind, anonymize, keep
        self.where = "<stdin>" if args.input == "-" else str(args.input)
        self.header: List[str] = []
        self.skipped: List[str] = []
        self._spool: Optional[tempfile.SpooledTemporaryFile] = _spool_stdin() if args.input == "-" else None
        self.count = sum(1 for _ in self.records(report=True))  # validate (and count) before the model loads

    def records(self, report: bool = False):
        def on_skip(err: InputError) -> None:
            if report:
                self.skipped.append(str(err))

        kwargs = {"header_out": self.header} if self.kind in COLUMN_OUTPUTS else {}
        source: Any = self.args.input
        if self._spool is not None:
            self._spool.seek(0)
            source = self._spool
        return read_records(source, self.kind, self.anonymize, self.keep, where=self.where,
                            skip_invalid=self.args.skip_invalid, on_skip=on_skip, **kwargs)


    def schema(self) -> Any:
        """The arrow schema of a Parquet input (kept columns keep their types); None for others."""
        if self.kind != "parquet":
            return None
        import pyarrow.parquet as pq

        if self._spool is not None:
            self._spool.seek(0)
        return pq.ParquetFile(self._spool if self._spool is not None else self.args.input).schema_arrow


def structured_job(index: int, record: StructuredRecord) -> Job:
    """A record's job: no text, its chosen fields (anonymized together, with one memory)."""
    return Job(index, "", None, record.field_jobs())


def run_structured(args: argparse.Namespace, kind: str) -> int:
    """Anonymize a structured input (see the module docstring); RETURNS the exit status."""
    kind = "jsonl" if kind == "stdin-jsonl" else kind
    out_format, anonymize, keep, target = _plan(args, kind)
    try:
        source = _Source(args, kind, anonymize, keep)
    except ImportError as err:  # pyarrow missing (a Parquet input)
        raise CLIError(str(err), EXIT_USAGE) from None
    for message in source.skipped:
        print(f"{PROG}: skipped: {message}", file=sys.stderr)
    if keep:
        _warn(Warnings.W901.format(fields=", ".join(keep)))
    if args.include_original:
        _warn(Warnings.W902.format(what="value of each span"))
    resume = resume_fingerprint(args, kind, out_format) if getattr(args, "resume", False) else None
    output = _Output(target, folder=False, resume=resume, indexed=out_format != "jsonl")
    try:
        if output.removed:
            _info(args, f"removed {len(output.removed)} temporary output(s) left by an interrupted run")
        n_docs, n_spans = _anonymize_into(args, source, output, kind, out_format, anonymize, keep)
    except BaseException:
        output.discard()
        args.partial_kept = output.kept
        raise
    summary = f"anonymized {n_docs} record(s), {n_spans} span(s) replaced"
    if source.skipped:
        summary += f"; skipped {len(source.skipped)} invalid record(s)"
    return _anonymize_cli.finish_summary(args, summary, output, target)


def _anonymize_into(args, source: _Source, output: _Output, kind: str, out_format: str,
                    anonymize: Sequence[str], keep: Sequence[str]):
    """Load the pipeline, anonymize every record, write it and commit; RETURNS (records, spans)."""
    nlp = _anonymize_cli.load_pipeline(args)  # looked up at call time (tests wrap it)
    check_coverage(args, nlp)
    fail_closed(nlp)
    if args.max_length:
        nlp.max_length = args.max_length
    run_memory = new_memory() if args.consistent_across_docs else None
    n_process = _process_count(args, source.count)
    columns = output_columns(source.header, anonymize, keep) if out_format in COLUMN_OUTPUTS else []
    preamble = (format_table_row(columns, out_format) if out_format in TABLE_FORMATS
                else json_array_start() if out_format == "json" else "")
    parquet = None
    if out_format == "parquet":
        from spacy_anon.structured.parquet import ParquetRows  # lazy: pyarrow is optional

        try:
            parquet = ParquetRows(output.binary(), columns, anonymize, source.schema())
        except ImportError as err:
            raise CLIError(str(err), EXIT_USAGE) from None
    from tqdm import tqdm

    n_docs = n_spans = 0
    with contextlib.ExitStack() as stack:
        todo = output.pending(source.records(), preamble=preamble)
        results = anonymize_records(nlp, todo, args, stack, run_memory=run_memory, n_process=n_process,
                                    job_of=structured_job)
        # the bar (and its thread) only after the workers are forked; it counts what a resumed run kept
        progress = stack.enter_context(tqdm(total=source.count, unit="record", file=sys.stderr,
                                            desc="anonymizing", initial=output.done,
                                            disable=args.quiet or source.count <= 1))
        for record, outcome in results:
            values = dict(record.field_jobs())
            fields = {name: (values[name], r.anonymized, r.table) for name, r in outcome.fields.items()}
            if parquet is not None:
                parquet.write(dict(zip(columns, table_row(record, columns, fields))))
            else:
                output.write(_format(args, record, fields, columns, out_format, first=output.done + n_docs == 0),
                             record_id=record.id)
            n_docs += 1
            n_spans += sum(len(r.table) for r in outcome.fields.values())
            progress.update(1)
    if n_docs + output.done != source.count:
        raise CLIError(Errors.E923.format(count=source.count, n_docs=n_docs + output.done))
    if parquet is not None:
        try:
            parquet.close()
        except OSError as err:
            raise CLIError(Errors.E942.format(label=output.label, reason=err.strerror or type(err).__name__)) from None
    output.commit(json_array_end(n_docs + output.done) if out_format == "json" else "")
    return n_docs, n_spans


def _format(args, record: StructuredRecord, fields: Dict[str, Any], columns: Sequence[str], out_format: str,
            first: bool) -> str:
    if out_format in TABLE_FORMATS:
        return format_table_row(table_row(record, columns, fields), out_format)
    obj = output_object(record, fields, include_original=args.include_original)
    try:
        return format_object(obj, out_format, first=first)
    except ValueError as err:
        raise CLIError(Errors.E959.format(where=record.where, err=err)) from None
