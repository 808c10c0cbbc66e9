"""`spacy-anon anonymize` on structured inputs: CSV/TSV columns, JSON arrays and JSON/JSONL fields.

The chosen fields of a record (`--anonymize-fields`: column names, or dotted patterns such as
`patient.notes` and `notes.*.text`) are anonymized together, with one replacement memory per record (or
the run's, `--consistent-across-docs`) and one leak guard: the same name in two fields of a record gets
the same replacement, a surname alone in one field the entity of the full name in another. Other
fields pass through only when `--keep-fields` names them (a name that reaches no field is refused). The
output is CSV/TSV with the input's header order (only the anonymized and kept columns), or JSON/JSONL
objects shaped as the input with the spans of each field under "field_spans". Invalid rows and lines
are reported by line number, and skipped with `--skip-invalid`. Fail closed and atomic, as every run of `anonymize`.

A record runs as one job of the shared code path (`runner.anonymize_records`): in this process, in
`--n-process` forked workers or on `--engine`'s workers, only its field values travel, and all of them
are in one job, so the replacements of one record stay consistent in every mode. `--resume` continues a
JSONL output as for text records, and a CSV/TSV/JSON output through an index of the records written
(`PartialIndexed`). INPUT may be `-` (stdin, spooled to a temporary file: it is read twice).
"""
import contextlib
import sys
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from spacy_anon.cli.messages import EXIT_USAGE, CLIError, info, skipped, warn
from spacy_anon.cli.options import Options
from spacy_anon.cli.plan import (
    JSONL_SUFFIXES,
    STRUCTURED_FORMATS,
    STRUCTURED_SUFFIXES,
    check_scale_plan,
    check_sizes,
)
from spacy_anon.cli.processing import Job
from spacy_anon.cli.readers import COLUMN_FORMATS, StructuredSource
from spacy_anon.cli.runner import anonymize_records, prepare_pipeline
from spacy_anon.cli.settings import resume_fingerprint
from spacy_anon.cli.writers import Output, discarded_on_failure, finish_summary, structured_line
from spacy_anon.errors import Errors, Warnings
from spacy_anon.structured.paths import STAR, overlapping, parse_pattern
from spacy_anon.structured.readers import TABLE_FORMATS, StructuredRecord
from spacy_anon.structured.writers import (
    format_table_row,
    json_array_end,
    json_array_start,
    output_columns,
    table_row,
)

OUTPUT_FORMATS = {"csv": ("csv", "tsv", "jsonl", "json", "parquet"), "tsv": ("tsv", "csv", "jsonl", "json", "parquet"),
                  "json": ("json", "jsonl"), "jsonl": ("jsonl", "json"),
                  "parquet": ("parquet", "jsonl", "json", "csv", "tsv")}


def is_structured(options: Options, kind: str) -> bool:
    """CSV/TSV/JSON inputs, and JSONL whose named fields reach into lists ("notes.*.text")."""
    names = ",".join([options.anonymize_fields or "", options.keep_fields or ""])
    return kind in STRUCTURED_FORMATS or (kind in ("jsonl", "stdin-jsonl")
                                          and STAR in names.replace(",", ".").split("."))


def _names(value: Optional[str], flag: str, table: bool) -> List[str]:
    names = list(dict.fromkeys(n.strip() for n in (value or "").split(",") if n.strip()))
    if not table:
        for name in names:
            try:
                parse_pattern(name)
            except ValueError:
                raise CLIError(Errors.E938.format(flag=flag, name=name), EXIT_USAGE) from None
    return names


def _format_of_output(options: Options) -> Optional[str]:
    """The format an -o file's suffix names ("out.parquet" is Parquet), so a CSV input never writes CSV
    text into a file called .parquet; None for stdout or another suffix."""
    if not options.output or options.output == "-":
        return None
    suffix = Path(options.output).suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return "jsonl"
    return STRUCTURED_SUFFIXES.get(suffix)


def _plan(options: Options, kind: str) -> Tuple[str, List[str], List[str], Optional[Path]]:
    out_format = options.format or _format_of_output(options) or kind
    if out_format not in OUTPUT_FORMATS[kind]:
        raise CLIError(Errors.E953.format(out_format=out_format, kind=kind,
                                          formats=", ".join(OUTPUT_FORMATS[kind])), EXIT_USAGE)
    table = kind in TABLE_FORMATS
    anonymize = _names(options.anonymize_fields, "--anonymize-fields", table)
    keep = _names(options.keep_fields, "--keep-fields", table)
    if not anonymize:
        raise CLIError(Errors.E954.format(kind=kind, value="columns" if table else "fields"), EXIT_USAGE)
    for a in anonymize:
        for k in keep:
            if a == k or (not table and overlapping(parse_pattern(a), parse_pattern(k))):
                raise CLIError(Errors.E960.format(a=a, k=k), EXIT_USAGE)
    if options.resume and out_format == "jsonl" and "id" in anonymize:
        raise CLIError(Errors.E989, EXIT_USAGE)
    if options.include_original and out_format in COLUMN_FORMATS:
        raise CLIError(Errors.E955, EXIT_USAGE)
    if out_format in COLUMN_FORMATS and not table:
        nested = [n for n in [*anonymize, *keep] if len(parse_pattern(n)) > 1]
        if nested:
            raise CLIError(Errors.E957.format(out_format=out_format, nested=", ".join(nested)), EXIT_USAGE)
    if out_format == "parquet" and options.output_target is None:
        raise CLIError(Errors.E956, EXIT_USAGE)
    check_sizes(options)
    check_scale_plan(options, kind, out_format, structured=True)
    target = options.output_target
    if target is not None:
        if target.is_dir():
            raise CLIError(Errors.E958.format(target=target), EXIT_USAGE)
        if options.input != "-" and target.resolve() == Path(options.input).resolve():
            raise CLIError(Errors.E920, EXIT_USAGE)
    return out_format, anonymize, keep, target


def structured_job(index: int, record: StructuredRecord) -> Job:
    """A record's job: no text, its chosen fields (anonymized together, with one memory)."""
    return Job(index, "", None, record.field_jobs())


def run_structured(options: Options, kind: str) -> int:
    """Anonymize a structured input (see the module docstring); RETURNS the exit status."""
    kind = "jsonl" if kind == "stdin-jsonl" else kind
    out_format, anonymize, keep, target = _plan(options, kind)
    try:
        source = StructuredSource(options, kind, anonymize, keep)
    except ImportError as err:  # pyarrow missing (a Parquet input)
        raise CLIError(str(err), EXIT_USAGE) from None
    for message in source.skipped:
        skipped(message)
    if keep:
        warn(Warnings.W901.format(fields=", ".join(keep)))
    if options.include_original:
        warn(Warnings.W902.format(what="value of each span"))
    resume = resume_fingerprint(options, kind, out_format) if options.resume else None
    output = Output(target, folder=False, resume=resume, indexed=out_format != "jsonl",
                    private=options.include_original or bool(keep))
    with discarded_on_failure(output):
        if output.removed:
            info(f"removed {len(output.removed)} temporary output(s) left by an interrupted run", options.quiet)
        n_docs, n_spans = _anonymize_into(options, source, output, out_format, anonymize, keep)
    summary = f"anonymized {n_docs} record(s), {n_spans} span(s) replaced"
    if source.skipped:
        summary += f"; skipped {len(source.skipped)} invalid record(s)"
    return finish_summary(summary, output, target, options.quiet)


def _anonymize_into(options: Options, source: StructuredSource, output: Output, out_format: str,
                    anonymize: Sequence[str], keep: Sequence[str]) -> Tuple[int, int]:
    """Load the pipeline, anonymize every record, write it and commit; RETURNS (records, spans)."""
    nlp, run_memory, n_process = prepare_pipeline(options, source.count)
    columns = output_columns(source.header, anonymize, keep) if out_format in COLUMN_FORMATS else []
    preamble = (format_table_row(columns, out_format, not options.keep_formulas) if out_format in TABLE_FORMATS
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
        results = anonymize_records(nlp, todo, options, stack, run_memory=run_memory, n_process=n_process,
                                    job_of=structured_job)
        # the bar (and its thread) only after the workers are forked; it counts what a resumed run kept
        progress = stack.enter_context(tqdm(total=source.count, unit="record", file=sys.stderr,
                                            desc="anonymizing", initial=output.done,
                                            disable=options.quiet or source.count <= 1))
        for record, outcome in results:
            values = dict(record.field_jobs())
            fields = {name: (values[name], r.anonymized, r.table) for name, r in outcome.fields.items()}
            if parquet is not None:
                parquet.write(dict(zip(columns, table_row(record, columns, fields))))
            else:
                output.write(structured_line(record, fields, columns, out_format,
                                             first=output.done + n_docs == 0,
                                             include_original=options.include_original,
                                             escape_formulas=not options.keep_formulas,
                                             original_offsets=options.original_offsets),
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
