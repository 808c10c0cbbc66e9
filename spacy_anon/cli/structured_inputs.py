"""`spacy-anon anonymize` on structured inputs: CSV/TSV columns, JSON arrays and JSON/JSONL fields.

The chosen fields of a record (`--anonymize-fields`: column names, or dotted patterns such as
`patient.notes` and `notes.*.text`) are anonymized together, with one replacement memory per record (or
the run's, `--consistent-across-docs`): the same name in two fields of a record gets the same
replacement. Other fields pass through only when `--keep-fields` names them. The output is CSV/TSV with
the input's header order (only the anonymized and kept columns), or JSON/JSONL objects shaped as the
input with the spans of each field under "field_spans". Invalid rows and lines are reported by line
number, and skipped with `--skip-invalid`. Fail closed and atomic, as every run of `anonymize`.
"""
import argparse
import contextlib
import sys
from pathlib import Path
from typing import Dict, List, Sequence

from spacy_anon.cli.anonymize import (
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CLIError,
    _batches,
    _failure_error,
    _info,
    _Output,
    _output_target,
    _warn,
    check_coverage,
    load_pipeline,
)
from spacy_anon.cli.processing import Failure, Job, anonymize_batch, fail_closed
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

SUFFIX_FORMATS = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".json": "json"}
STRUCTURED_FORMATS = ("csv", "tsv", "json")
OUTPUT_FORMATS = {"csv": ("csv", "tsv", "jsonl", "json"), "tsv": ("tsv", "csv", "jsonl", "json"),
                  "json": ("json", "jsonl"), "jsonl": ("jsonl", "json")}


def is_structured(args: argparse.Namespace, kind: str) -> bool:
    """CSV/TSV/JSON inputs, and JSONL whose named fields reach into lists ("notes.*.text")."""
    names = ",".join([args.anonymize_fields or "", args.keep_fields or ""])
    return kind in STRUCTURED_FORMATS or (kind == "jsonl" and STAR in names.replace(",", ".").split("."))


def _names(value: str, flag: str, table: bool) -> List[str]:
    names = list(dict.fromkeys(n.strip() for n in (value or "").split(",") if n.strip()))
    if not table:
        for name in names:
            try:
                parse_pattern(name)
            except ValueError:
                raise CLIError(f"{flag}: bad field name {name!r}", EXIT_USAGE) from None
    return names


def _plan(args: argparse.Namespace, kind: str):
    if args.input == "-":
        raise CLIError("CSV, TSV and JSON inputs are read from a file, not stdin", EXIT_USAGE)
    out_format = args.format or kind
    if out_format not in OUTPUT_FORMATS[kind]:
        raise CLIError(f"--format {out_format} is not an output of {kind} input (use one of "
                       f"{', '.join(OUTPUT_FORMATS[kind])})", EXIT_USAGE)
    table = kind in TABLE_FORMATS
    anonymize = _names(args.anonymize_fields, "--anonymize-fields", table)
    keep = _names(args.keep_fields, "--keep-fields", table)
    if not anonymize:
        raise CLIError(f"{kind} input: --anonymize-fields must name the " + ("columns" if table else "fields")
                       + " to anonymize", EXIT_USAGE)
    for a in anonymize:
        for k in keep:
            if a == k or (not table and overlapping(parse_pattern(a), parse_pattern(k))):
                raise CLIError(f"--anonymize-fields {a} and --keep-fields {k} name the same field", EXIT_USAGE)
    if args.include_original and out_format in TABLE_FORMATS:
        raise CLIError("--include-original needs --format jsonl or json (a table has no place for spans)",
                       EXIT_USAGE)
    target = _output_target(args)
    if target is not None:
        if target.is_dir():
            raise CLIError(f"{target}: is a folder; give an output file", EXIT_USAGE)
        if target.resolve() == Path(args.input).resolve():
            raise CLIError("the output file is the input file: refusing to overwrite the original", EXIT_USAGE)
    return out_format, anonymize, keep, target


def run_structured(args: argparse.Namespace, kind: str) -> int:
    """Anonymize a structured input (see the module docstring); RETURNS the exit status."""
    out_format, anonymize, keep, target = _plan(args, kind)
    skipped: List[str] = []
    header: List[str] = []

    def records(report: bool):
        def on_skip(err: InputError) -> None:
            if report:
                skipped.append(str(err))

        kwargs = {"header_out": header} if kind in TABLE_FORMATS else {}
        return read_records(args.input, kind, anonymize, keep, where=str(args.input),
                            skip_invalid=args.skip_invalid, on_skip=on_skip, **kwargs)

    count = sum(1 for _ in records(report=True))  # validate (and count) before the model loads
    for message in skipped:
        print(f"{PROG}: skipped: {message}", file=sys.stderr)
    if keep:
        _warn(f"--keep-fields: the output holds the original values of {', '.join(keep)}")
    if args.include_original:
        _warn("--include-original: the output holds the original value of each span")
    if args.n_process > 1:
        _info(args, "structured inputs run in one process")
    output = _Output(target, folder=False)
    try:
        n_docs, n_spans = _anonymize_into(args, records(report=False), count, output, kind, out_format,
                                          header, anonymize, keep)
        output.commit()
    except BaseException:
        output.discard()
        raise
    summary = f"anonymized {n_docs} record(s), {n_spans} span(s) replaced"
    if skipped:
        summary += f"; skipped {len(skipped)} invalid record(s)"
    if target is not None:
        summary += f" -> {target}"
    _info(args, summary)
    return EXIT_OK


def _anonymize_into(args, records, count: int, output: _Output, kind: str, out_format: str,
                    header: Sequence[str], anonymize: Sequence[str], keep: Sequence[str]):
    nlp = load_pipeline(args)
    check_coverage(args, nlp)
    fail_closed(nlp)
    if args.max_length:
        nlp.max_length = args.max_length
    run_memory = new_memory() if args.consistent_across_docs else None
    columns = output_columns(header, anonymize, keep) if kind in TABLE_FORMATS else []
    if out_format in TABLE_FORMATS:
        output.write(format_table_row(columns, out_format))
    elif out_format == "json":
        output.write(json_array_start())
    from tqdm import tqdm

    n_docs = n_spans = 0
    pending: Dict[int, StructuredRecord] = {}
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(tqdm(total=count, unit="record", file=sys.stderr, desc="anonymizing",
                                            disable=args.quiet or count <= 1))
        jobs = ((i, r) for i, r in enumerate(records))
        for batch in _batches(jobs, args.batch_size or 32):
            for i, record in batch:
                pending[i] = record
            reply = anonymize_batch(nlp, [Job(i, "", None, r.field_jobs()) for i, r in batch],
                                    run_memory=run_memory, batch_size=args.batch_size, debug=bool(args.debug))
            if isinstance(reply, Failure):
                raise _failure_error(reply, pending)
            for outcome in reply:
                record = pending.pop(outcome.index)
                values = dict(record.field_jobs())
                results = {name: (values[name], r.anonymized, r.table) for name, r in outcome.fields.items()}
                if out_format in TABLE_FORMATS:
                    row = table_row(record, columns, results)
                    output.write(format_table_row(row, out_format))
                else:
                    obj = output_object(record, results, include_original=args.include_original)
                    try:
                        output.write(format_object(obj, out_format, first=n_docs == 0))
                    except ValueError as err:
                        raise CLIError(f"{record.where}: cannot write the output record ({err}); "
                                       "no output written") from None
                n_docs += 1
                n_spans += sum(len(r.table) for r in outcome.fields.values())
                progress.update(1)
    if out_format == "json":
        output.write(json_array_end(n_docs))
    if n_docs != count:
        raise CLIError(f"{count} record(s) read but {n_docs} anonymized; no output written")
    return n_docs, n_spans
