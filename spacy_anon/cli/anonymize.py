"""`spacy-anon anonymize`: anonymize a text file, a folder of them, or JSONL records, failing closed.

The output holds no original value unless asked for (`--include-original`, `--keep-fields`): a JSONL
output record is `{"id", "anonymized", "spans"}`. Output is written to a temporary name, created before
the model loads (an unwritable output fails at once), and renamed into place only when every record came
back anonymized (`doc._.anon_status == "ok"`), one output record per input record. On any failure, on
Ctrl-C, SIGTERM or SIGHUP nothing is left behind and the exit status is non-zero; what a SIGKILLed run
leaves (named `.NAME.spacy-anon-PID-HEX.tmp`) is removed by the next run writing the same output.
Messages name files, line numbers and byte offsets, never document content.

This module holds the flags and the entry point, which reads them once into `options.Options`; below it:
`plan` (what is read and written, usage errors), `readers`, `settings` (the pipeline), `runner` (records
through the pipeline, one code path for every input), `writers`, and the two paths `text_inputs` and
`structured_inputs`.
"""
import argparse

import spacy_anon.mask.component  # noqa: F401  (registers the anon_mask factory before its operators are listed)
from spacy_anon.cli.messages import EXIT_FAILURE, CLIError, error, kept_message
from spacy_anon.cli.line_inputs import LINES, run_lines
from spacy_anon.cli.options import DEFAULT_BATCH, Options
from spacy_anon.cli.plan import input_kind
from spacy_anon.cli.signals import exit_status, signals_as_interrupts
from spacy_anon.cli.structured_inputs import is_structured, run_structured
from spacy_anon.cli.text_inputs import run_text
from spacy_anon.engines import engine_names
from spacy_anon.io import InputError
from spacy_anon.mask.operators.base import operator_names

STRATEGIES = operator_names()  # those of anon_mask: the registered operators

DESCRIPTION = (
    "Anonymize documents with the default pipeline (or --model). INPUT is a .txt file, a folder of .txt "
    "files (output: a folder with the same relative names), a .jsonl file with one "
    '{"id", "text", ...} object per line, or - for stdin; -o - is stdout. '
    'With --format jsonl each output line is {"id", "anonymized", "spans": [{"label", "type", '
    '"entity", "identifier", "replacement", "anon_start", "anon_end"}]}: anon_start/anon_end are offsets '
    'into "anonymized"; the offsets into the original text ("start", "end", which give each value\'s '
    'length) only with --original-offsets or --include-original. No original value is written by default: the '
    'original "text" and each span\'s original "text" only with --include-original; other input fields '
    '(including "subject") only when --keep-fields names them (copied as they are) or --anonymize-fields '
    'does (replaced by their anonymized text, their spans under "field_spans"). '
    "Output goes to a temporary name (.NAME.spacy-anon-PID-HEX.tmp) and is renamed into place only when "
    "every record is anonymized: an error, Ctrl-C, SIGTERM or SIGHUP leaves no output. SIGKILL cannot be "
    "handled: the next run writing the same output removes what it left."
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "anonymize",
        help="anonymize a .txt file, a folder of .txt files, or a .jsonl file of {id, text} records",
        description=DESCRIPTION,
    )
    parser.add_argument("input", metavar="INPUT", help=".txt file, folder of .txt files, .jsonl file, or -")
    parser.add_argument("-o", "--output", metavar="OUTPUT",
                        help="output file (or folder for a folder input); none or -: stdout")
    parser.add_argument("--format", choices=("text", "jsonl", "json", "csv", "tsv", "parquet"), default=None,
                        help="output format (default: jsonl for .jsonl input, the input's for .csv/.tsv/.json/"
                             ".parquet, text otherwise)")
    parser.add_argument("--input-format", choices=("auto", "text", "lines", "jsonl", "json", "csv", "tsv", "parquet"),
                        default="auto",
                        help="how to read INPUT (default: by suffix; stdin is read as text); lines: each line a "
                             "document, streamed (logs; with --rules-only, no --model)")
    parser.add_argument("--model", metavar="NAME_OR_PATH", default=None,
                        help="spaCy pipeline to use (our components are added); default: embedded pipeline")
    parser.add_argument("--strategy", default=None, choices=STRATEGIES,
                        help="replacement strategy of anon_mask (default: the pipeline's, tag)")
    parser.add_argument("--policy", metavar="FILE", default=None,
                        help="YAML or JSON file of spacy_anon.load settings: strategy, label_strategies, operators, "
                             "min_score, allow_list, deny_list, recognizers (a file next to it), ...; flags given "
                             "too win (--allow-list adds to its allow_list)")
    parser.add_argument("--recognizers", metavar="FILE", default=None,
                        help="YAML or JSON file of custom recognizers for anon_rules (Presidio's ad-hoc fields: "
                             "name, supported_entity, patterns with regex and score, context, deny_list, "
                             "validator); saved with the pipeline's settings, not by file name")
    parser.add_argument("--config", metavar="FILE", default=None,
                        help="spaCy config overrides (.cfg) merged into the pipeline's config before it is built, "
                             "e.g. [components.anon_crf] min_score = 0.5; only [nlp] and [components.*]")
    parser.add_argument("--lang", default="en", help="language of the default pipeline (default: en)")
    parser.add_argument("--rules-only", action="store_true",
                        help="only the rule recognizers run, names stay in clear: without --model, the "
                             "structured fast path (e-mails, phones, cards, IBANs, national ids, IPs, URLs, dates, "
                             "credentials: spacy.blank + anon_rules + anon_mask, for logs and exports); with "
                             "--model, accept a pipeline without a detector of names")
    parser.add_argument("--n-process", type=int, default=1, metavar="N",
                        help="worker processes, forked from this one after the pipeline is loaded "
                             "(default 1; where fork is not available: one process)")
    parser.add_argument("--engine", default="local", choices=["local"] + engine_names(),
                        help="where documents run: local (this process, or --n-process forked workers; "
                             "default), dask (a Dask cluster: --scheduler ADDRESS, or a local cluster of "
                             "--n-process worker processes; needs spacy-anon[dask]); see docs/scale.md")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="--engine dask: address of a running Dask scheduler (tcp://host:8786); "
                             "default: start a local cluster")
    parser.add_argument("--resume", action="store_true",
                        help="write the output under a partial name (.NAME.spacy-anon.partial) that an "
                             "interrupted run leaves behind; running the same command again with --resume "
                             "skips the documents already written and continues (JSONL file or folder "
                             "output; CSV, TSV or JSON output of a structured input)")
    parser.add_argument("--batch-size", type=int, default=None, metavar="B",
                        help=f"records per batch (and per task of a worker; default {DEFAULT_BATCH})")
    parser.add_argument("--max-length", type=int, default=None, metavar="CHARS",
                        help="process texts longer than this in chunks cut at paragraph/sentence "
                             "boundaries (default: the pipeline's nlp.max_length)")
    parser.add_argument("--skip-invalid", action="store_true",
                        help="skip malformed JSONL lines and records with an id seen before (reported on "
                             "stderr by line number) instead of failing")
    parser.add_argument("--include-original", action="store_true",
                        help='jsonl: also write the original "text" of each record and of each span '
                             "(sensitive: the output then holds the originals)")
    parser.add_argument("--original-offsets", action="store_true",
                        help='jsonl/json: also write each span\'s offsets into the original text ("start", "end"): '
                             "they give the length of every replaced value (for evaluation against gold spans, "
                             "or the holder of the originals)")
    parser.add_argument("--no-original", action="store_true",
                        help="accepted for backward compatibility; does nothing: the output holds no "
                             "original value by default")
    parser.add_argument("--keep-fields", metavar="F1,F2", default=None,
                        help='jsonl: copy these input fields unchanged (dots reach nested fields: "meta.source"; '
                             '"subject" included); you take responsibility for what they hold')
    parser.add_argument("--keep-formulas", action="store_true",
                        help="csv/tsv: write cells that start with = + - @ as they are (by default an apostrophe "
                             "is put before them so that a spreadsheet does not run them as formulas)")
    parser.add_argument("--anonymize-fields", metavar="F1,F2", default=None,
                        help='jsonl: anonymize these string fields too ("meta.notes"), with the same '
                             'replacements as the text; their spans go under "field_spans"')
    parser.add_argument("--consistent-across-docs", action="store_true",
                        help="one replacement memory for the whole run: an entity gets the same replacement "
                             "in every document (runs in one process)")
    parser.add_argument("--seed", type=int, default=None, help="a public number that rotates keyed surrogates (needs a secret key: --key-env or "
                             "SPACY_ANON_KEY; a seed alone is refused, it is no secret)")
    parser.add_argument("--allow-list", metavar="FILE", default=None,
                        help="terms never masked, whichever detector found them: one per line (whole words, "
                             "case-insensitive); a line 'regex:PATTERN' is a regular expression; blank lines "
                             "and lines starting with # are ignored")
    parser.add_argument("--key-env", metavar="VAR", default=None,
                        help="environment variable holding the secret key for keyed pseudonyms")
    parser.add_argument("--quiet", action="store_true", help="no progress bar or summary")
    parser.add_argument("--debug", action="store_true",
                        help="print tracebacks of failures (they may quote document content)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """The sub-command's entry point: the options are read here, once; RETURNS the exit status."""
    options = Options.from_args(args)
    try:
        with signals_as_interrupts():
            try:
                return anonymize(options)
            except InputError as err:
                error(kept_message(str(err), getattr(err, "partial_kept", None)))
                return EXIT_FAILURE
            except CLIError as err:
                error(kept_message(str(err), getattr(err, "partial_kept", None)))
                return err.code
    except KeyboardInterrupt as err:  # Ctrl-C, SIGTERM, SIGHUP (spacy_anon.cli.signals)
        error(kept_message("interrupted; no output written", getattr(err, "partial_kept", None)))
        return exit_status(err)


def anonymize(options: Options) -> int:
    """Anonymize the input the options name (text, folder, JSONL or structured); RETURNS the exit status."""
    if options.input_format == LINES:
        return run_lines(options)
    kind = input_kind(options)
    if is_structured(options, kind):
        return run_structured(options, kind)
    return run_text(options, kind)
