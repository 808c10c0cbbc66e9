"""`spacy-anon anonymize --rules-only --input-format lines`: a text file or stdin read line by line, each
line one document of the structured fast path (`spacy_anon.fast_path`), written as it is done.

For logs and exports of any size: memory holds one batch of lines, not the file (unless
--consistent-across-docs asks for one replacement memory for the run, which grows with the distinct
values). Line ends are kept as they are. A line is a document: a value wrapped over two lines is two
halves, which is why lines are asked for, never assumed for a text file. Output goes to a temporary
name and is renamed into place only when every line is anonymized, as for every other input.
"""
import sys
from collections import deque
from typing import BinaryIO, Deque, Iterator, Tuple

from spacy_anon.cli.messages import EXIT_USAGE, CLIError
from spacy_anon.cli.options import Options
from spacy_anon.cli.plan import check_plan
from spacy_anon.cli.settings import check_coverage, load_pipeline
from spacy_anon.cli.writers import Output, discarded_on_failure, finish_summary
from spacy_anon.errors import Errors
from spacy_anon.fast_path import anonymize_structured
from spacy_anon.io import decode_utf8
from spacy_anon.mask.memory import ReplacementMemory

LINES = "lines"
BATCH = 256  # lines per batch of the fast path (--batch-size sets it)


def check_lines_plan(options: Options, out_format: str) -> None:
    """Refuse what line-by-line reading cannot do (every flag takes effect or is refused)."""
    if not options.rules_only or options.model is not None:
        raise CLIError(Errors.E963, EXIT_USAGE)
    refused = [flag for flag, given in (("--format " + str(out_format), out_format != "text"),
                                        ("--resume", options.resume), ("--engine " + options.engine, options.engine != "local"),
                                        ("--keep-fields", bool(options.keep_fields)),
                                        ("--anonymize-fields", bool(options.anonymize_fields)),
                                        ("--skip-invalid", options.skip_invalid),
                                        ("--n-process", options.n_process > 1)) if given]
    if refused:
        raise CLIError(Errors.E964.format(flags=", ".join(refused)), EXIT_USAGE)


def _lines(stream: BinaryIO, where: str) -> Iterator[Tuple[str, str]]:
    """(line without its end, the end) of each line, decoded strictly (a bad byte names its offset)."""
    offset = 0
    for raw in stream:
        text = decode_utf8(raw, where, offset)
        if offset == 0 and raw.startswith(b"\xef\xbb\xbf"):
            offset = 3  # decode_utf8 dropped the byte-order mark of the first line
        offset += len(raw)
        body = text.rstrip("\r\n")
        yield body, text[len(body):]


def run_lines(options: Options) -> int:
    """Anonymize INPUT line by line with the structured fast path; RETURNS the exit status."""
    out_format = options.format or "text"
    check_lines_plan(options, out_format)
    target = check_plan(options, "text", out_format)
    output = Output(target, folder=False)
    n_lines = n_spans = 0
    with discarded_on_failure(output):
        nlp = load_pipeline(options)
        check_coverage(options, nlp)
        if options.max_length:
            nlp.max_length = options.max_length
        memory = ReplacementMemory() if options.consistent_across_docs else None
        where = "<stdin>" if options.input == "-" else str(options.input)
        stream = sys.stdin.buffer if options.input == "-" else open(options.input, "rb")
        try:
            ends: Deque[str] = deque()  # the line ends of the batch in flight

            def bodies() -> Iterator[str]:
                for number, (body, end) in enumerate(_lines(stream, where), 1):
                    if len(body) > nlp.max_length:
                        raise CLIError(Errors.E965.format(where=where, number=number, limit=nlp.max_length))
                    ends.append(end)
                    yield body

            for anonymized, table in anonymize_structured(bodies(), nlp, memory=memory,
                                                     batch_size=options.batch_size or BATCH):
                output.write(anonymized + ends.popleft())
                n_lines, n_spans = n_lines + 1, n_spans + len(table)
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
        output.commit()
    return finish_summary(f"anonymized {n_lines} line(s), {n_spans} span(s) replaced", output, target, options.quiet)
