"""`spacy-anon anonymize`: anonymize a text file, a folder of them, or JSONL records, failing closed.

The output holds no original value unless asked for (`--include-original`, `--keep-fields`): a JSONL
output record is `{"id", "anonymized", "spans"}`. Output is written to a temporary name, created before
the model loads (an unwritable output fails at once), and renamed into place only when every record came
back anonymized (`doc._.anon_status == "ok"`), one output record per input record. On any failure, on
Ctrl-C, SIGTERM or SIGHUP nothing is left behind and the exit status is non-zero; what a SIGKILLed run
leaves (named `.NAME.spacy-anon-PID-HEX.tmp`) is removed by the next run writing the same output.
Messages name files, line numbers and byte offsets, never document content.
"""
import argparse
import contextlib
import functools
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

import spacy_anon.mask.component  # noqa: F401  (registers the anon_mask factory before entry points are read)
from spacy_anon.cli.processing import Failure, Job, anonymize_batch, fail_closed
from spacy_anon.cli.signals import exit_status, signals_as_interrupts
from spacy_anon.errors import Errors, Warnings, located
from spacy_anon.io import (
    RESERVED_FIELDS,
    AtomicFile,
    InputError,
    Record,
    StagedFolder,
    StdoutSink,
    decode_utf8,
    dumps_jsonl,
    field_path,
    get_field,
    iter_jsonl,
    list_text_files,
    output_record,
    read_text_file,
    remove_stale_temporaries,
)
from spacy_anon.engines import PartitionError, PipelineSpec, PipelineTask, engine_names, make_engine
from spacy_anon.engines.base import partitions
from spacy_anon.engines.resume import (
    PartialFolder,
    PartialIndexed,
    PartialJsonl,
    ResumeError,
    fingerprint,
    meta_file,
    partial_file,
    partial_folder,
)
from spacy_anon.longdocs import new_memory
from spacy_anon.mask.allow_list import compile_occurrence_patterns
from spacy_anon.mask.coverage import RULES_ONLY, mark_warned, pipeline_detects_names
from spacy_anon.mask.operators.base import operator_names
from spacy_anon.pipeline import load, load_keywords
from spacy_anon.policy import read_config_overrides, read_policy, read_recognizers
from spacy_anon.workers import WorkerError, WorkerPool, fork_context

PROG = "spacy-anon anonymize"
EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
JSONL_SUFFIXES = (".jsonl", ".ndjson")
STRUCTURED_SUFFIXES = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".json": "json",  # cli/structured_inputs.py
                       ".parquet": "parquet", ".pq": "parquet"}
# Names under which an `anon_mask` may take the secret key of keyed (pseudonym) replacements.
KEY_CONFIG_NAMES = ("key", "secret", "secret_key", "pseudonym_key", "hmac_key")
STRATEGIES = operator_names()  # those of anon_mask: the registered operators
DEFAULT_BATCH = 32  # records per batch (and per task of a worker process)
RESUMABLE_STRUCTURED = ("jsonl", "csv", "tsv", "json")  # outputs of structured inputs that --resume continues

DESCRIPTION = (
    "Anonymize documents with the default pipeline (or --model). INPUT is a .txt file, a folder of .txt "
    "files (output: a folder with the same relative names), a .jsonl file with one "
    '{"id", "text", ...} object per line, or - for stdin; -o - is stdout. '
    'With --format jsonl each output line is {"id", "anonymized", "spans": [{"start", "end", "label", "type", '
    '"entity", "identifier", "replacement", "anon_start", "anon_end"}]}: start/end are offsets into the '
    'original text, anon_start/anon_end into "anonymized". No original value is written by default: the '
    'original "text" and each span\'s original "text" only with --include-original; other input fields '
    '(including "subject") only when --keep-fields names them (copied as they are) or --anonymize-fields '
    'does (replaced by their anonymized text, their spans under "field_spans"). '
    "Output goes to a temporary name (.NAME.spacy-anon-PID-HEX.tmp) and is renamed into place only when "
    "every record is anonymized: an error, Ctrl-C, SIGTERM or SIGHUP leaves no output. SIGKILL cannot be "
    "handled: the next run writing the same output removes what it left."
)


class CLIError(Exception):
    """An error whose message is safe to print (no document content); `code` is the exit status."""

    def __init__(self, message: str, code: int = EXIT_FAILURE):
        super().__init__(message)
        self.code = code


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
    parser.add_argument("--input-format", choices=("auto", "text", "jsonl", "json", "csv", "tsv", "parquet"),
                        default="auto",
                        help="how to read INPUT (default: by suffix; stdin is read as text)")
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
                        help="accept a pipeline without a detector of names (a language without a tagger, "
                             "a blank --model): only the rule recognizers run, names stay in clear")
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
    parser.add_argument("--no-original", action="store_true",
                        help="accepted for backward compatibility; does nothing: the output holds no "
                             "original value by default")
    parser.add_argument("--keep-fields", metavar="F1,F2", default=None,
                        help='jsonl: copy these input fields unchanged (dots reach nested fields: "meta.source"; '
                             '"subject" included); you take responsibility for what they hold')
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
    try:
        with signals_as_interrupts():
            try:
                return _run(args)
            except InputError as err:
                _error(_kept_message(args, str(err)))
                return EXIT_FAILURE
            except CLIError as err:
                _error(_kept_message(args, str(err)))
                return err.code
    except KeyboardInterrupt as err:  # Ctrl-C, SIGTERM, SIGHUP (spacy_anon.cli.signals)
        _error(_kept_message(args, "interrupted; no output written"))
        return exit_status(err)


NOTHING_WRITTEN = "; no output written"


def _kept_message(args: argparse.Namespace, message: str) -> str:
    """`message`, saying what --resume kept when a partial output stays behind (set by `_Output.discard`
    through `args.partial_kept`) instead of claiming that nothing was written."""
    kept = getattr(args, "partial_kept", None)
    if not kept:
        return message
    if message.endswith(NOTHING_WRITTEN):
        message = message[:-len(NOTHING_WRITTEN)]
    elif NOTHING_WRITTEN + "." in message:
        message = message.replace(NOTHING_WRITTEN + ".", ".")
    if message.endswith("."):
        return f"{message} {kept[0].upper()}{kept[1:]}"
    return f"{message}; {kept}"


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _info(args: argparse.Namespace, message: str) -> None:
    if not args.quiet:
        print(f"{PROG}: {message}", file=sys.stderr)


def _warn(message: str) -> None:
    """Printed even with --quiet: the user should know when the output holds original values."""
    print(f"{PROG}: warning: {message}", file=sys.stderr)


def _reason(err: OSError) -> str:
    return err.strerror or type(err).__name__


# ---------------------------------------------------------------------------------------------------------
# Input / output plan


def _input_kind(args: argparse.Namespace) -> str:
    """'stdin-text' | 'stdin-jsonl' | 'folder' | 'text' | 'jsonl'."""
    if args.input == "-":
        if args.input_format in STRUCTURED_SUFFIXES.values():
            return args.input_format  # read by cli/structured_inputs.py (stdin spooled)
        return "stdin-jsonl" if args.input_format == "jsonl" else "stdin-text"
    path = Path(args.input)
    if not path.exists():
        raise CLIError(Errors.E913.format(path=path), EXIT_USAGE)
    if path.is_dir():
        return "folder"
    if args.input_format != "auto":
        return args.input_format
    if path.suffix.lower() in STRUCTURED_SUFFIXES:
        return STRUCTURED_SUFFIXES[path.suffix.lower()]
    return "jsonl" if path.suffix.lower() in JSONL_SUFFIXES else "text"


def _field_names(value: Optional[str], flag: str) -> List[str]:
    names = [name.strip() for name in (value or "").split(",") if name.strip()]
    for name in names:
        try:
            parts = field_path(name)
        except ValueError:
            raise CLIError(Errors.E938.format(flag=flag, name=name), EXIT_USAGE) from None
        if parts[0] in RESERVED_FIELDS:
            hint = " (use --include-original)" if parts[0] == "text" else ""
            raise CLIError(Errors.E924.format(flag=flag, parts=parts[0], hint=hint), EXIT_USAGE)
    return list(dict.fromkeys(names))


def _check_fields(args: argparse.Namespace, kind: str, out_format: str) -> Tuple[List[str], List[str]]:
    keep = _field_names(args.keep_fields, "--keep-fields")
    anonymize = _field_names(args.anonymize_fields, "--anonymize-fields")
    if (keep or anonymize) and (kind not in ("jsonl", "stdin-jsonl") or out_format != "jsonl"):
        raise CLIError(Errors.E914, EXIT_USAGE)
    named = [(n, "--keep-fields") for n in keep] + [(n, "--anonymize-fields") for n in anonymize]
    for i, (a, flag_a) in enumerate(named):
        for b, flag_b in named[i + 1:]:
            pa, pb = field_path(a), field_path(b)
            shorter = min(len(pa), len(pb))
            if pa[:shorter] == pb[:shorter]:
                raise CLIError(Errors.E939.format(flag_a=flag_a, a=a, flag_b=flag_b, b=b),
                               EXIT_USAGE)
    return keep, anonymize


def _output_target(args: argparse.Namespace) -> Optional[Path]:
    """The output path, None for stdout (no -o, or -o -)."""
    return None if args.output in (None, "-") else Path(args.output)


def _check_sizes(args: argparse.Namespace) -> None:
    """Refuse process counts, batch sizes and length limits below 1 (text and structured inputs alike)."""
    if args.n_process < 1:
        raise CLIError(Errors.E915, EXIT_USAGE)
    if args.batch_size is not None and args.batch_size < 1:
        raise CLIError(Errors.E916, EXIT_USAGE)
    if args.max_length is not None and args.max_length < 1:
        raise CLIError(Errors.E917, EXIT_USAGE)


def _check_plan(args: argparse.Namespace, kind: str, out_format: str) -> Optional[Path]:
    """Refuse contradictory options; RETURNS the output file or folder (None: stdout)."""
    _check_sizes(args)
    if args.include_original and args.no_original:
        raise CLIError(Errors.E918, EXIT_USAGE)
    _check_scale_plan(args, kind, out_format)
    if kind in ("jsonl", "stdin-jsonl") and out_format == "text":
        raise CLIError(Errors.E919, EXIT_USAGE)
    out = _output_target(args)
    if kind == "folder" and out_format == "text":
        if out is None:
            raise CLIError(Errors.E925, EXIT_USAGE)
        if out.exists() and not out.is_dir():
            raise CLIError(Errors.E926.format(out=out), EXIT_USAGE)
        if out.resolve() == Path(args.input).resolve():
            raise CLIError(Errors.E927,
                           EXIT_USAGE)
        return out
    if out is None:
        return None
    if out.is_dir():
        if not (kind == "text" and out_format == "text"):
            raise CLIError(Errors.E928.format(out=out), EXIT_USAGE)
        out = out / Path(args.input).name
    if args.input != "-" and out.resolve() == Path(args.input).resolve():
        raise CLIError(Errors.E920, EXIT_USAGE)
    return out


def _check_scale_plan(args: argparse.Namespace, kind: str, out_format: str, structured: bool = False) -> None:
    """--engine, --scheduler, --resume: refuse what they cannot do (`structured`: a CSV/TSV/JSON/Parquet
    input, whose JSONL, CSV, TSV and JSON outputs resume)."""
    engine = getattr(args, "engine", "local")
    if getattr(args, "scheduler", None) and engine != "dask":
        raise CLIError(Errors.E921, EXIT_USAGE)
    if engine != "local" and args.consistent_across_docs:
        raise CLIError(Errors.E905.format(name=f"--engine {engine}"), EXIT_USAGE)
    if getattr(args, "resume", False):
        if args.consistent_across_docs:
            raise CLIError(Errors.E905.format(name="--resume"), EXIT_USAGE)
        folder = kind == "folder" and out_format == "text"
        if structured:
            if _output_target(args) is None or out_format not in RESUMABLE_STRUCTURED:
                raise CLIError(Errors.E911.format(name=_output_target(args) or "<stdout>", kind=kind),
                               EXIT_USAGE)
        elif _output_target(args) is None or not (folder or out_format == "jsonl"):
            raise CLIError(Errors.E904.format(name=_output_target(args) or "<stdout>"), EXIT_USAGE)


def resume_fingerprint(args: argparse.Namespace, kind: str, out_format: str) -> str:
    """The settings that decide the output of a run (a resumed run must have the same)."""
    import hashlib

    def file_digest(name: Optional[str]) -> Optional[str]:
        return hashlib.sha256(Path(name).read_bytes()).hexdigest() if name else None

    settings = {
        "input": "<stdin>" if args.input == "-" else str(Path(args.input).resolve()), "kind": kind,
        "format": out_format, "model": args.model, "lang": args.lang, "strategy": args.strategy,
        "seed": args.seed, "allow_list": file_digest(getattr(args, "allow_list", None)),
        "include_original": args.include_original, "keep_fields": args.keep_fields,
        "anonymize_fields": args.anonymize_fields, "max_length": args.max_length,
        "skip_invalid": args.skip_invalid,
    }
    digest = settings_digest(args)
    if digest:  # only when given, so that runs without these files keep their fingerprint
        settings["settings_files"] = digest
    secret = os.environ.get(args.key_env) if args.key_env else None
    return fingerprint(settings, secret)


def settings_digest(args: argparse.Namespace) -> Optional[str]:
    """A digest of what --policy, --recognizers and --config set (a recognizer file a policy names too)."""
    import hashlib
    import json

    if not any(getattr(args, flag, None) for flag in ("policy", "recognizers", "config")):
        return None
    settings = json.dumps(settings_from_files(args), sort_keys=True, default=str)
    return hashlib.sha256(settings.encode("utf8")).hexdigest()


def _spool_stdin() -> "tempfile.SpooledTemporaryFile":
    import shutil

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
                raise InputError(Errors.E940.format(where=record.where, parts='.'.join(parts[:depth]), name=name))
        found, value = get_field(record.extra, parts)
        if not found or value is None:
            continue
        if not isinstance(value, str):
            raise InputError(Errors.E929.format(where=record.where, name=name, kind=type(value).__name__))
        found_fields.append((name, value))
    return tuple(found_fields)


class _Inputs:
    """The records of a run, readable twice (a validating/counting pass, then the processing pass)."""

    def __init__(self, args: argparse.Namespace, kind: str, anonymize_fields: Sequence[str] = ()):
        self.args, self.kind = args, kind
        self.anonymize_fields = list(anonymize_fields)
        self.skipped: List[str] = []
        self._stdin_spool = None
        self._text: Optional[str] = None
        self._files: List[Path] = []
        if kind == "stdin-text":
            self._text = decode_utf8(sys.stdin.buffer.read(), "<stdin>")
        elif kind == "stdin-jsonl":
            self._stdin_spool = _spool_stdin()
        elif kind == "folder":
            folder = Path(args.input)
            out = _output_target(args)
            out = out.resolve() if out is not None else None
            self._files = [
                p for p in list_text_files(folder)
                if out is None or not _is_within(p.resolve(), out)
            ]
        self.count = self._validate()

    def _check(self, record: Record) -> None:
        fields_to_anonymize(record, self.anonymize_fields)

    def rel_paths(self) -> List[Path]:
        """The output names of a folder's files (relative to the input folder)."""
        return [p.relative_to(Path(self.args.input)) for p in self._files]

    def _jsonl(self, report: bool) -> Iterator[Record]:
        def on_skip(err: InputError) -> None:
            if report:
                self.skipped.append(str(err))

        check = self._check if self.anonymize_fields else None
        if self.kind == "stdin-jsonl":
            self._stdin_spool.seek(0)
            return iter_jsonl(self._stdin_spool, self.args.skip_invalid, on_skip, where="<stdin>", check=check)
        return iter_jsonl(self.args.input, self.args.skip_invalid, on_skip, check=check)

    def _validate(self) -> int:
        if self.kind in ("jsonl", "stdin-jsonl"):
            return sum(1 for _ in self._jsonl(report=True))
        if self.kind == "folder":
            for path in self._files:  # fail early (before loading a model) on an unreadable file
                read_text_file(path)
            return len(self._files)
        if self.kind == "text":
            self._text = read_text_file(self.args.input)  # fails early on invalid UTF-8
        return 1

    def __iter__(self) -> Iterator[Record]:
        if self.kind in ("jsonl", "stdin-jsonl"):
            yield from self._jsonl(report=False)
        elif self.kind == "folder":
            folder = Path(self.args.input)
            for path in self._files:
                rel = path.relative_to(folder)
                yield Record(id=rel.as_posix(), text=read_text_file(path), where=str(path), rel_path=rel)
        elif self.kind == "text":
            path = Path(self.args.input)
            yield Record(id=path.name, text=self._text, where=str(path), rel_path=Path(path.name))
        else:
            yield Record(id="<stdin>", text=self._text, where="<stdin>", rel_path=None)


def _is_within(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


class _Output:
    """Where results go: a file (AtomicFile), a folder (StagedFolder) or stdout (StdoutSink).

    Created before the model loads, so an unwritable output fails at once; leftovers of killed runs
    writing the same output are removed first. OSErrors while writing (a full disk) become CLIErrors.
    """

    def __init__(self, target: Optional[Path], folder: bool, resume: Optional[str] = None, indexed: bool = False):
        """indexed: with --resume, records that the file cannot identify itself (CSV/TSV rows, items of a
        JSON array): their ids and ends go to an index beside the partial output (PartialIndexed)."""
        self.label = str(target) if target is not None else "<stdout>"
        self.removed: List[Path] = []
        self.kept: Optional[str] = None  # what discard() left for --resume, said in the final message
        self._atomic: Optional[AtomicFile] = None
        self._staged: Optional[StagedFolder] = None
        self._sink: Optional[StdoutSink] = None
        self._partial: Any = None  # PartialJsonl | PartialFolder (--resume: `resume` is the run's fingerprint)
        self._fh: Any = None
        try:
            if target is not None:
                self.removed = remove_stale_temporaries(target, folder_output=folder)
                partial = partial_folder(target) if folder else partial_file(target)
                if resume is None and partial.exists():
                    raise CLIError(Errors.E901.format(name=partial, meta=meta_file(partial).name), EXIT_USAGE)
            if resume is not None:
                kind = PartialFolder if folder else PartialIndexed if indexed else PartialJsonl
                self._partial = kind(target, resume, resume=True).open()
            elif folder:
                self._staged = StagedFolder(target)
            elif target is not None:
                self._atomic = AtomicFile(target)
                self._fh = self._atomic.open()
            else:
                self._sink = StdoutSink()
                self._fh = self._sink.__enter__()
        except ResumeError as err:
            self.discard()
            raise CLIError(str(err), EXIT_USAGE) from None
        except OSError as err:
            self.discard()
            raise CLIError(Errors.E941.format(label=self.label, reason=_reason(err))) from None
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
            raise CLIError(Errors.E942.format(label=self.label, reason=_reason(err))) from None

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
            raise CLIError(Errors.E942.format(label=self.label, reason=_reason(err))) from None

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
                _silence_stdout()
            raise CLIError(Errors.E942.format(label=self.label, reason=_reason(err))) from None

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


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so that the interpreter's final flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# ---------------------------------------------------------------------------------------------------------
# Pipeline


def mask_config_from_args(args: argparse.Namespace, default_config: Dict[str, Any]) -> Dict[str, Any]:
    """The `spacy_anon.load` keywords of the command line: --policy's, then the flags' (checked against
    anon_mask's settings), --recognizers' entries and --config's overrides. Files are read here, so a bad
    one is a usage error before anything loads, and workers get the settings, not file names."""
    config: Dict[str, Any] = settings_from_files(args)

    def put(name: str, value: Any, flag: str) -> None:
        if default_config and name not in default_config:
            raise CLIError(Errors.E930.format(flag=flag, name=name), EXIT_USAGE)
        config[name] = value

    if args.strategy:
        put("strategy", args.strategy, "--strategy")
    if args.seed is not None:
        put("seed", args.seed, "--seed")
    if getattr(args, "allow_list", None):
        put("allow_list", list(config.get("allow_list") or []) + read_allow_list(Path(args.allow_list)),
            "--allow-list")
    if args.key_env:
        if args.key_env not in os.environ or not os.environ[args.key_env]:
            raise CLIError(Errors.E931.format(key_env=args.key_env), EXIT_USAGE)
        name = next((n for n in KEY_CONFIG_NAMES if n in default_config), None)
        if name is None:
            raise CLIError(Errors.E932, EXIT_USAGE)
        config[name] = os.environ[args.key_env]
    return config


def settings_from_files(args: argparse.Namespace) -> Dict[str, Any]:
    """`load` keywords of --policy, --recognizers and --config (`spacy_anon.policy`)."""
    settings: Dict[str, Any] = {}
    flag = ""
    try:
        if getattr(args, "policy", None):
            flag = "--policy"
            settings = read_policy(args.policy, [k for k in load_keywords() if k != "config"])
            if settings.get("recognizers") is not None:
                settings["recognizers"] = read_recognizers(settings["recognizers"])[0]
        if getattr(args, "recognizers", None):
            flag = "--recognizers"
            settings["recognizers"] = list(settings.get("recognizers") or []) + read_recognizers(args.recognizers)[0]
        if getattr(args, "config", None):
            flag = "--config"
            settings["config"] = read_config_overrides(args.config)
    except ValueError as err:
        raise CLIError(located(flag, err), EXIT_USAGE) from None
    return settings


def read_allow_list(path: Path) -> List[Any]:
    """Allow-list entries of a text file (see --allow-list); a bad regex is a usage error naming its line."""
    try:
        lines = decode_utf8(path.read_bytes(), str(path)).splitlines()
    except OSError as err:
        raise CLIError(Errors.E933.format(path=path, strerror=err.strerror), EXIT_USAGE) from None
    entries: List[Any] = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry: Any = {"pattern": line[len("regex:"):]} if line.startswith("regex:") else line
        try:
            compile_occurrence_patterns([entry])
        except ValueError as err:
            raise CLIError(Errors.E943.format(path=path, number=number, err=err), EXIT_USAGE) from None
        entries.append(entry)
    return entries


def mask_default_config() -> Dict[str, Any]:
    """The default settings of the `anon_mask` factory ({} when it cannot be found).

    The factory is registered by importing its module: in a fresh process spaCy has not yet read the
    entry points, and `get_factory_meta` alone would not find it.
    """
    import spacy

    try:
        meta = spacy.Language.get_factory_meta("anon_mask")
        return dict(meta.default_config or {})
    except Exception:  # noqa: BLE001
        return {}


def load_pipeline(args: argparse.Namespace):
    """`spacy_anon.load(...)` with the command line's mask settings; errors are CLIErrors."""
    mask_config = mask_config_from_args(args, mask_default_config())
    try:
        return load(model=args.model, lang=args.lang, **mask_config)
    except CLIError:
        raise
    except Exception as err:  # noqa: BLE001
        if args.debug:
            traceback.print_exc()
        what = f"model {args.model!r}" if args.model else f"the default pipeline ({args.lang})"
        raise CLIError(Errors.E934.format(what=what, kind=type(err).__name__, detail=_first_line(err))) from None


def check_coverage(args: argparse.Namespace, nlp) -> None:
    """Refuse a pipeline without a detector of names unless --rules-only accepts it (then say what runs,
    once, instead of the component's warning)."""
    if pipeline_detects_names(nlp):
        return
    if not args.rules_only:
        what = f"model {args.model!r}" if args.model else f"the default pipeline for {args.lang!r}"
        raise CLIError(Errors.E800.format(what=what, runs=RULES_ONLY), EXIT_USAGE)
    for _, proc in nlp.pipeline:
        mark_warned(proc)  # said once here, not by the component
    _info(args, f"--rules-only: {RULES_ONLY}")


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:300] if text else ""


# ---------------------------------------------------------------------------------------------------------
# Processing


def _failure_error(failure, pending: Dict[int, Record]) -> CLIError:
    records = [pending[i] for i in failure.indices if i in pending]
    if len(records) == 1:
        where = records[0].where
    elif records:
        where = f"one of {len(records)} records from {records[0].where} to {records[-1].where}"
    else:
        where = "a record"
    if failure.part is not None:
        where += f", field {failure.part}"
    message = f"{where}: {failure.reason}; no output written"
    if failure.trace:
        print(failure.trace, file=sys.stderr, end="")
    elif failure.reason.startswith("anonymization failed"):
        message += ". Run with --debug to see the traceback (it may quote document content)."
    return CLIError(message)


def _process_count(args: argparse.Namespace, count: int) -> int:
    n_process = args.n_process
    if n_process > 1 and args.consistent_across_docs:
        _info(args, "--consistent-across-docs shares one replacement memory: running in one process")
        return 1
    if n_process > 1 and count <= 1:
        return 1
    if n_process > 1:
        if fork_context() is None:
            _info(args, f"--n-process {n_process}: worker processes need the 'fork' start method, which "
                        "this platform lacks; running in one process")
            return 1
    return n_process


def record_job(index: int, record: Record, anonymize_fields: Sequence[str] = ()) -> Job:
    """The job of a text or JSONL record: its text, subject and the string fields named."""
    return Job(index, record.text, record.subject, fields_to_anonymize(record, anonymize_fields))


def anonymize_records(nlp, records, args: argparse.Namespace, stack: contextlib.ExitStack,
                      anonymize_fields: Sequence[str] = (), run_memory: Any = None,
                      n_process: int = 1, job_of=None) -> Iterator[Tuple[Any, Any]]:
    """(record, Outcome) pairs in input order, computed in this process, in `n_process` forked workers
    (started now, before the caller starts threads; `stack` closes the pool) or on `--engine`'s workers.
    `job_of(index, record)` makes the Job (default: `record_job`; a structured record gives its fields).
    Iterating raises CLIError naming the record when one is not anonymized (fail closed)."""
    pending: Dict[int, Any] = {}
    job_of = job_of or functools.partial(record_job, anonymize_fields=anonymize_fields)

    def jobs() -> Iterator[Job]:
        for index, record in enumerate(records):
            pending[index] = record
            yield job_of(index, record)

    work = functools.partial(anonymize_batch, nlp, run_memory=run_memory, batch_size=args.batch_size,
                             debug=bool(args.debug))
    batches = partitions(jobs(), args.batch_size or DEFAULT_BATCH)
    if getattr(args, "engine", "local") != "local":
        return _engine_outcomes(args, batches, pending, stack)
    if n_process == 1:
        return _outcomes(map(work, batches), pending)
    pool = stack.enter_context(WorkerPool(n_process, work))
    return _outcomes(pool.imap(batches), pending)


def engine_batch(nlp, jobs: Sequence[Job], batch_size: Optional[int] = None, debug: bool = False) -> Any:
    """The task of an engine's worker (importable by name, so it pickles by reference)."""
    fail_closed(nlp)
    return anonymize_batch(nlp, jobs, batch_size=batch_size, debug=debug)


def _engine_outcomes(args: argparse.Namespace, batches: Iterator[List[Job]], pending: Dict[int, Record],
                     stack: contextlib.ExitStack) -> Iterator[Tuple[Record, Any]]:
    """--engine NAME: the batches run as partitions on the engine's workers, each loading the pipeline
    once (from a PipelineSpec: the settings, not the loaded pipeline, travel)."""
    spec = PipelineSpec.from_config(args.model, args.lang, mask_config_from_args(args, mask_default_config()),
                                    args.max_length)
    task = PipelineTask(spec, functools.partial(engine_batch, batch_size=args.batch_size, debug=bool(args.debug)))
    try:
        engine = stack.enter_context(make_engine(args.engine, scheduler=args.scheduler, n_workers=args.n_process))
    except (ImportError, ValueError) as err:
        raise CLIError(str(err), EXIT_USAGE) from None
    except OSError as err:
        raise CLIError(Errors.E935.format(engine=args.engine, reason=_reason(err))) from None
    return _engine_replies(args.engine, engine.map(task, batches), pending)


def _engine_replies(name: str, replies: Iterator[Any], pending: Dict[int, Record]) -> Iterator[Tuple[Record, Any]]:
    try:
        yield from _outcomes(replies, pending)
    except PartitionError as err:
        records = [pending[job.index].where for job in err.items if job.index in pending]
        named = ", ".join(records[:20]) + (f" and {len(records) - 20} more" if len(records) > 20 else "")
        raise CLIError(Errors.E908.format(name=name, number=err.number + 1,
                                          attempts=err.attempts, reason=err.reason, records=named)) from None


def _outcomes(replies: Iterator[Any], pending: Dict[int, Record]) -> Iterator[Tuple[Record, Any]]:
    try:
        for reply in replies:
            if isinstance(reply, Failure):
                raise _failure_error(reply, pending)
            for outcome in reply:
                yield pending.pop(outcome.index), outcome
    except WorkerError as err:
        raise CLIError(Errors.E936.format(err=err)) from None


# ---------------------------------------------------------------------------------------------------------
# Main


def _run(args: argparse.Namespace) -> int:
    kind = _input_kind(args)
    # lazy: import cycle (structured_inputs reuses this module's output and pipeline helpers)
    from spacy_anon.cli.structured_inputs import STRUCTURED_FORMATS, is_structured, run_structured

    if is_structured(args, kind):
        return run_structured(args, kind)
    if args.format in STRUCTURED_FORMATS:
        raise CLIError(Errors.E922.format(format=args.format), EXIT_USAGE)
    out_format = args.format or ("jsonl" if kind in ("jsonl", "stdin-jsonl") else "text")
    target = _check_plan(args, kind, out_format)
    keep_fields, anonymize_fields = _check_fields(args, kind, out_format)
    inputs = _Inputs(args, kind, anonymize_fields)
    for message in inputs.skipped:
        print(f"{PROG}: skipped: {message}", file=sys.stderr)
    if kind == "folder" and inputs.count == 0:
        _info(args, f"warning: no .txt files in {args.input}")
    if out_format == "jsonl" and args.include_original:
        _warn(Warnings.W902.format(what="text of each record and span"))
    if keep_fields:
        _warn(Warnings.W901.format(fields=", ".join(keep_fields)))

    resume = resume_fingerprint(args, kind, out_format) if getattr(args, "resume", False) else None
    output = _Output(target, folder=kind == "folder" and out_format == "text", resume=resume)
    try:
        if output.removed:
            _info(args, f"removed {len(output.removed)} temporary output(s) left by an interrupted run")
        n_docs, n_spans, n_chunked = _anonymize_into(args, inputs, output, out_format, keep_fields,
                                                     anonymize_fields)
        output.commit()
    except BaseException:
        output.discard()
        args.partial_kept = output.kept
        raise
    summary = f"anonymized {n_docs} document(s), {n_spans} span(s) replaced"
    if n_chunked:
        summary += f", {n_chunked} long document(s) processed in chunks"
    if inputs.skipped:
        summary += f"; skipped {len(inputs.skipped)} invalid line(s)"
    return finish_summary(args, summary, output, target)


def finish_summary(args: argparse.Namespace, summary: str, output, target: Optional[Path]) -> int:
    """Print the run's last line (what an interrupted run had written, where the output went)."""
    if output.done:
        summary += f" (resumed: {output.done} more were written by the interrupted run)"
    if target is not None:
        summary += f" -> {target}"
    _info(args, summary)
    return EXIT_OK


def _anonymize_into(args: argparse.Namespace, inputs: _Inputs, output: _Output, out_format: str,
                    keep_fields: Sequence[str], anonymize_fields: Sequence[str]) -> Tuple[int, int, int]:
    """Load the pipeline, anonymize every record and write it; RETURNS (documents, spans, chunked)."""
    nlp = load_pipeline(args)
    check_coverage(args, nlp)
    fail_closed(nlp)
    if args.max_length:
        nlp.max_length = args.max_length
    run_memory = None
    if args.consistent_across_docs:
        run_memory = new_memory()
    n_process = _process_count(args, inputs.count)

    from tqdm import tqdm

    n_docs = n_spans = n_chunked = 0
    with contextlib.ExitStack() as stack:
        todo = output.pending(iter(inputs))
        results = anonymize_records(nlp, todo, args, stack, anonymize_fields, run_memory, n_process)
        # the bar (and its thread) only after the workers are forked; it counts what a resumed run kept
        progress = stack.enter_context(tqdm(total=inputs.count, unit="doc", file=sys.stderr, desc="anonymizing",
                                            initial=output.done_of(inputs.rel_paths()),
                                            disable=args.quiet or inputs.count <= 1))
        for record, outcome in results:
            result = outcome.text
            if out_format == "jsonl":
                line = _jsonl_line(args, record, outcome, keep_fields, anonymize_fields)
                output.write(line)
            else:
                output.write(result.anonymized, record.rel_path)
            n_docs, n_spans = n_docs + 1, n_spans + len(result.table)
            n_chunked += result.n_chunks > 1
            progress.update(1)
    if n_docs + output.done != inputs.count:
        raise CLIError(Errors.E923.format(count=inputs.count, n_docs=n_docs + output.done))
    return n_docs, n_spans, n_chunked


def _jsonl_line(args: argparse.Namespace, record: Record, outcome: Any, keep_fields: Sequence[str],
                anonymize_fields: Sequence[str]) -> str:
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
                                         include_original=args.include_original, keep_fields=keep_fields,
                                         anonymized_fields=fields))
    except ValueError as err:  # a table that does not match its text; a value JSON cannot hold
        raise CLIError(Errors.E937.format(where=record.where, detail=_first_line(err))) from None
