"""`spacy-anon report`: one self-contained HTML page to review an anonymized JSONL output.

The page shows the original values next to their replacements, so it is written only when
`--include-original` says so, from an output that holds them (`anonymize --include-original`), to a file
(never stdout), atomically, and never over its own input.
"""
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.errors import Errors
from spacy_anon.io import AtomicFile, remove_stale_temporaries
from spacy_anon.review import ReviewError, read_review_records, render_report

PROG = "spacy-anon report"
EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write an HTML page to review an anonymized JSONL output (spans by label, replacements, filters)",
        description="Write one self-contained HTML page (inline CSS and JS, no network) from the JSONL that "
                    "`spacy-anon anonymize --include-original` wrote: per document the original text with the "
                    "replaced spans highlighted by label, the anonymized text and the replacement table; "
                    "filters by label, source and score; totals per label. The page holds the original "
                    "values: --include-original is required.",
    )
    parser.add_argument("input", metavar="OUT.jsonl", help="output of spacy-anon anonymize --include-original")
    parser.add_argument("-o", "--output", metavar="REPORT.html", required=True, help="the HTML file to write")
    parser.add_argument("--include-original", action="store_true",
                        help="required: the page shows the original values (keep it as you keep the documents)")
    parser.add_argument("--title", default=None, help="page title (default: the input's file name)")
    parser.add_argument("--quiet", action="store_true", help="no summary line")
    parser.set_defaults(func=run)


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


@dataclass(frozen=True)
class ReportOptions(FromArgs):
    """The flags of `spacy-anon report`."""

    input: str
    output: str
    include_original: bool = False
    title: Optional[str] = None
    quiet: bool = False


def run(args) -> int:
    """The sub-command's entry point: the flags are read here, once."""
    return report(ReportOptions.from_args(args))


def report(options: ReportOptions) -> int:
    """Write the review page the options name; RETURNS the exit status."""
    source, target = Path(options.input), Path(options.output)
    if not options.include_original:
        _error(Errors.E801)
        return EXIT_USAGE
    if options.output == "-":
        _error(Errors.E802)
        return EXIT_USAGE
    if not source.is_file():
        _error(f"{source}: no such file")
        return EXIT_USAGE
    if target.exists() and target.resolve() == source.resolve():
        _error("the output file is the input file: refusing to overwrite it")
        return EXIT_USAGE
    try:
        docs = list(read_review_records(source))
    except ReviewError as err:
        _error(str(err))
        return EXIT_FAILURE
    page = render_report(docs, title=options.title or f"spacy-anon review: {source.name}")
    remove_stale_temporaries(target)
    try:
        with AtomicFile(target, private=True) as fh:  # the page holds original values
            fh.write(page)
    except OSError as err:
        _error(f"{target}: cannot write ({err.strerror or type(err).__name__}); nothing written")
        return EXIT_FAILURE
    if not options.quiet:
        n_spans = sum(len(d.spans) for d in docs)
        print(f"{PROG}: {len(docs)} document(s), {n_spans} span(s) -> {target} (it holds original values)",
              file=sys.stderr)
    return EXIT_OK
