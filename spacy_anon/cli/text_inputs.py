"""`spacy-anon anonymize` on a text file, a folder of them, stdin or JSONL {"id", "text", ...} records.

A text output is the anonymized text (a folder output keeps the input's relative names); a JSONL output
record is `{"id", "anonymized", "spans"}`, with the original values only where --include-original,
--keep-fields or --anonymize-fields ask for them."""
import contextlib
import sys
from pathlib import Path
from typing import Sequence, Tuple

from spacy_anon.cli.messages import EXIT_USAGE, CLIError, info, skipped, warn
from spacy_anon.cli.options import Options
from spacy_anon.cli.plan import STRUCTURED_FORMATS, check_fields, check_plan
from spacy_anon.cli.readers import TextInputs, is_within
from spacy_anon.cli.runner import anonymize_records, prepare_pipeline
from spacy_anon.cli.settings import resume_fingerprint
from spacy_anon.cli.writers import Output, discarded_on_failure, finish_summary, jsonl_line
from spacy_anon.errors import Errors, Warnings


def run_text(options: Options, kind: str) -> int:
    """Anonymize a text, folder or JSONL input of `kind` (`plan.input_kind`); RETURNS the exit status."""
    if options.format in STRUCTURED_FORMATS:
        raise CLIError(Errors.E922.format(format=options.format), EXIT_USAGE)
    out_format = options.format or ("jsonl" if kind in ("jsonl", "stdin-jsonl") else "text")
    target = check_plan(options, kind, out_format)
    keep_fields, anonymize_fields = check_fields(options, kind, out_format)
    inputs = TextInputs(options, kind, anonymize_fields, keep_fields)
    for message in inputs.skipped:
        skipped(message)
    for rel in inputs.outside_links:
        warn(Warnings.W988.format(folder=options.input, path=rel))
    if kind == "folder" and out_format == "text" and target is not None:
        check_output_tree(target, inputs.rel_paths())
    if kind == "folder" and inputs.count == 0:
        info(f"warning: no .txt files in {options.input}", options.quiet)
    if out_format == "jsonl" and options.include_original:
        warn(Warnings.W902.format(what="text of each record and span"))
    if keep_fields:
        warn(Warnings.W901.format(fields=", ".join(keep_fields)))

    resume = resume_fingerprint(options, kind, out_format) if options.resume else None
    output = Output(target, folder=kind == "folder" and out_format == "text", resume=resume,
                    private=out_format == "jsonl" and options.include_original or bool(keep_fields))
    with discarded_on_failure(output):
        if output.removed:
            info(f"removed {len(output.removed)} temporary output(s) left by an interrupted run", options.quiet)
        n_docs, n_spans, n_chunked = anonymize_into(options, inputs, output, out_format, keep_fields,
                                                    anonymize_fields)
        output.commit()
    summary = f"anonymized {n_docs} document(s), {n_spans} span(s) replaced"
    if n_chunked:
        summary += f", {n_chunked} long document(s) processed in chunks"
    if inputs.skipped:
        summary += f"; skipped {len(inputs.skipped)} invalid line(s)"
    return finish_summary(summary, output, target, options.quiet)


def check_output_tree(target: Path, rel_paths: Sequence[Path]) -> None:
    """Refuse a folder output whose subfolders are links out of it: the files written there would land
    outside the output folder given (E878). A file that is a link is replaced, not written through."""
    root = target.resolve()
    for rel in rel_paths:
        parent = (target / rel).parent
        if parent.exists() and not is_within(parent.resolve(), root):
            raise CLIError(Errors.E878.format(target=target, path=rel.parent.as_posix()), EXIT_USAGE)


def anonymize_into(options: Options, inputs: TextInputs, output: Output, out_format: str,
                   keep_fields: Sequence[str], anonymize_fields: Sequence[str]) -> Tuple[int, int, int]:
    """Load the pipeline, anonymize every record and write it; RETURNS (documents, spans, chunked)."""
    nlp, run_memory, n_process = prepare_pipeline(options, inputs.count)

    from tqdm import tqdm

    n_docs = n_spans = n_chunked = 0
    with contextlib.ExitStack() as stack:
        todo = output.pending(iter(inputs))
        results = anonymize_records(nlp, todo, options, stack, anonymize_fields, run_memory, n_process)
        # the bar (and its thread) only after the workers are forked; it counts what a resumed run kept
        progress = stack.enter_context(tqdm(total=inputs.count, unit="doc", file=sys.stderr, desc="anonymizing",
                                            initial=output.done_of(inputs.rel_paths()),
                                            disable=options.quiet or inputs.count <= 1))
        for record, outcome in results:
            result = outcome.text
            if out_format == "jsonl":
                output.write(jsonl_line(record, outcome, options.include_original, keep_fields, anonymize_fields,
                                        options.original_offsets))
            else:
                output.write(result.anonymized, record.rel_path)
            n_docs, n_spans = n_docs + 1, n_spans + len(result.table)
            n_chunked += result.n_chunks > 1
            progress.update(1)
    if n_docs + output.done != inputs.count:
        raise CLIError(Errors.E923.format(count=inputs.count, n_docs=n_docs + output.done))
    return n_docs, n_spans, n_chunked
