"""`spacy-anon anonymize`: anonymize a text file, a folder of them, or JSONL records, failing closed.

Output is written to a temporary name and renamed into place only when every document came back with
`doc._.anon_status == "ok"`; on any failure nothing is left behind and the exit status is non-zero.
Messages name files, line numbers and byte offsets, never document content.
"""
import argparse
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

from spacy_anon.io import (
    RESERVED_FIELDS,
    AtomicFile,
    InputError,
    decode_utf8,
    Record,
    StagedFolder,
    StdoutSink,
    dumps_jsonl,
    iter_jsonl,
    list_text_files,
    output_record,
    read_text_file,
)

PROG = "spacy-anon anonymize"
EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
JSONL_SUFFIXES = (".jsonl", ".ndjson")
# Names under which an `anon_mask` may take the secret key of keyed (pseudonym) replacements.
KEY_CONFIG_NAMES = ("key", "secret", "secret_key", "pseudonym_key", "hmac_key")
STRATEGIES = ("suppress", "tag", "surrogate", "pseudonym", "generalize")  # those of anon_mask
_DEBUG = False  # --debug: print tracebacks of processing failures


class CLIError(Exception):
    """An error whose message is safe to print (no document content); `code` is the exit status."""

    def __init__(self, message: str, code: int = EXIT_FAILURE):
        super().__init__(message)
        self.code = code


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "anonymize",
        help="anonymize a .txt file, a folder of .txt files, or a .jsonl file of {id, text} records",
        description=(
            "Anonymize documents with the default pipeline (or --model). INPUT is a .txt file, a folder "
            "of .txt files (output: a folder with the same relative names), a .jsonl file with one "
            '{"id", "text", ...} object per line, or - for stdin. With --format jsonl each output line is '
            '{"id", "text", "anonymized", "spans": [{"start", "end", "label", "entity", "identifier", '
            '"replacement"}], ...other input fields}; offsets point into the original "text" (drop it '
            "with --no-original)."
        ),
    )
    parser.add_argument("input", metavar="INPUT", help=".txt file, folder of .txt files, .jsonl file, or -")
    parser.add_argument("-o", "--output", metavar="OUTPUT",
                        help="output file (or folder for a folder input); default: stdout")
    parser.add_argument("--format", choices=("text", "jsonl"), default=None,
                        help="output format (default: jsonl for .jsonl input, text otherwise)")
    parser.add_argument("--input-format", choices=("auto", "text", "jsonl"), default="auto",
                        help="how to read INPUT (default: by suffix; stdin is read as text)")
    parser.add_argument("--model", metavar="NAME_OR_PATH", default=None,
                        help="spaCy pipeline to use (our components are added); default: embedded pipeline")
    parser.add_argument("--strategy", default=None, choices=STRATEGIES,
                        help="replacement strategy of anon_mask (default: the pipeline's, tag)")
    parser.add_argument("--lang", default="en", help="language of the default pipeline (default: en)")
    parser.add_argument("--n-process", type=int, default=1, metavar="N", help="worker processes (default 1)")
    parser.add_argument("--batch-size", type=int, default=None, metavar="B", help="documents per batch")
    parser.add_argument("--max-length", type=int, default=None, metavar="CHARS",
                        help="process texts longer than this in chunks cut at paragraph/sentence "
                             "boundaries (default: the pipeline's nlp.max_length)")
    parser.add_argument("--skip-invalid", action="store_true",
                        help="skip malformed JSONL lines (reported on stderr by line number) instead "
                             "of failing")
    parser.add_argument("--include-original", action="store_true",
                        help='add each span\'s original "text" to the jsonl spans (sensitive!)')
    parser.add_argument("--no-original", action="store_true",
                        help='jsonl: drop the original "text" (and "subject") fields from the output records')
    parser.add_argument("--consistent-across-docs", action="store_true",
                        help="one replacement memory for the whole run: an entity gets the same replacement "
                             "in every document (runs in one process)")
    parser.add_argument("--seed", type=int, default=None, help="random seed of the replacement strategy")
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
        return _run(args)
    except InputError as err:
        _error(str(err))
        return EXIT_FAILURE
    except CLIError as err:
        _error(str(err))
        return err.code
    except KeyboardInterrupt:
        _error("interrupted; no output written")
        return 130


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _info(args: argparse.Namespace, message: str) -> None:
    if not args.quiet:
        print(f"{PROG}: {message}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------------------
# Input / output plan


def _input_kind(args: argparse.Namespace) -> str:
    """'stdin-text' | 'stdin-jsonl' | 'folder' | 'text' | 'jsonl'."""
    if args.input == "-":
        return "stdin-jsonl" if args.input_format == "jsonl" else "stdin-text"
    path = Path(args.input)
    if not path.exists():
        raise CLIError(f"{path}: no such file or folder", EXIT_USAGE)
    if path.is_dir():
        return "folder"
    if args.input_format != "auto":
        return args.input_format
    return "jsonl" if path.suffix.lower() in JSONL_SUFFIXES else "text"


def _check_plan(args: argparse.Namespace, kind: str, out_format: str) -> None:
    if args.n_process < 1:
        raise CLIError("--n-process must be at least 1", EXIT_USAGE)
    if args.batch_size is not None and args.batch_size < 1:
        raise CLIError("--batch-size must be at least 1", EXIT_USAGE)
    if args.max_length is not None and args.max_length < 1:
        raise CLIError("--max-length must be at least 1", EXIT_USAGE)
    if args.include_original and args.no_original:
        raise CLIError("--include-original and --no-original contradict each other", EXIT_USAGE)
    if kind in ("jsonl", "stdin-jsonl") and out_format == "text":
        raise CLIError("--format text needs a text input (file, folder or stdin); use --format jsonl "
                       "for .jsonl input", EXIT_USAGE)
    out = Path(args.output) if args.output else None
    if kind == "folder" and out_format == "text":
        if out is None:
            raise CLIError("a folder input needs -o OUTPUT_FOLDER", EXIT_USAGE)
        if out.exists() and not out.is_dir():
            raise CLIError(f"{out}: exists and is not a folder", EXIT_USAGE)
        if out.resolve() == Path(args.input).resolve():
            raise CLIError("the output folder is the input folder: refusing to overwrite the originals",
                           EXIT_USAGE)
    elif out is not None:
        if out.is_dir() and not (kind == "text" and out_format == "text"):
            raise CLIError(f"{out}: is a folder; give an output file", EXIT_USAGE)
        if args.input != "-" and _output_path(args, kind, out_format).resolve() == Path(args.input).resolve():
            raise CLIError("the output file is the input file: refusing to overwrite the original",
                           EXIT_USAGE)


def _output_path(args: argparse.Namespace, kind: str, out_format: str) -> Path:
    out = Path(args.output)
    if kind == "text" and out_format == "text" and out.is_dir():
        return out / Path(args.input).name
    return out


def _spool_stdin() -> "tempfile.SpooledTemporaryFile":
    spool = tempfile.SpooledTemporaryFile(max_size=64 * 1024 * 1024, mode="w+b")
    import shutil

    shutil.copyfileobj(sys.stdin.buffer, spool)
    spool.seek(0)
    return spool


class _Inputs:
    """The records of a run, readable twice (a validating/counting pass, then the processing pass)."""

    def __init__(self, args: argparse.Namespace, kind: str):
        self.args, self.kind = args, kind
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
            out = Path(args.output).resolve() if args.output else None
            self._files = [
                p for p in list_text_files(folder)
                if out is None or not _is_within(p.resolve(), out)
            ]
        self.count = self._validate()

    def _jsonl(self, report: bool) -> Iterator[Record]:
        def on_skip(err: InputError) -> None:
            if report:
                self.skipped.append(str(err))

        if self.kind == "stdin-jsonl":
            self._stdin_spool.seek(0)
            return iter_jsonl(self._stdin_spool, self.args.skip_invalid, on_skip, where="<stdin>")
        return iter_jsonl(self.args.input, self.args.skip_invalid, on_skip)

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


# ---------------------------------------------------------------------------------------------------------
# Pipeline


def mask_config_from_args(args: argparse.Namespace, default_config: Dict[str, Any]) -> Dict[str, Any]:
    """Overrides for `anon_mask` from the command line, checked against its factory's settings."""
    config: Dict[str, Any] = {}

    def put(name: str, value: Any, flag: str) -> None:
        if default_config and name not in default_config:
            raise CLIError(f"{flag}: this pipeline's anon_mask has no '{name}' setting", EXIT_USAGE)
        config[name] = value

    if args.strategy:
        put("strategy", args.strategy, "--strategy")
    if args.seed is not None:
        put("seed", args.seed, "--seed")
    if getattr(args, "allow_list", None):
        put("allow_list", read_allow_list(Path(args.allow_list)), "--allow-list")
    if args.key_env:
        if args.key_env not in os.environ or not os.environ[args.key_env]:
            raise CLIError(f"--key-env: environment variable {args.key_env} is not set or empty", EXIT_USAGE)
        name = next((n for n in KEY_CONFIG_NAMES if n in default_config), None)
        if name is None:
            raise CLIError("--key-env: this pipeline's anon_mask takes no secret key", EXIT_USAGE)
        config[name] = os.environ[args.key_env]
    return config


def read_allow_list(path: Path) -> List[Any]:
    """Allow-list entries of a text file (see --allow-list); a bad regex is a usage error naming its line."""
    from spacy_anon.mask.allow_list import compile_occurrence_patterns

    try:
        lines = decode_utf8(path.read_bytes(), str(path)).splitlines()
    except OSError as err:
        raise CLIError(f"--allow-list: cannot read {path}: {err.strerror}", EXIT_USAGE) from None
    entries: List[Any] = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry: Any = {"pattern": line[len("regex:"):]} if line.startswith("regex:") else line
        try:
            compile_occurrence_patterns([entry])
        except ValueError as err:
            raise CLIError(f"--allow-list: {path}, line {number}: {err}", EXIT_USAGE) from None
        entries.append(entry)
    return entries


def load_pipeline(args: argparse.Namespace):
    """`spacy_anon.load(...)` with the command line's mask settings; errors are CLIErrors."""
    import spacy

    import spacy_anon

    try:
        meta = spacy.Language.get_factory_meta("anon_mask")
        default_config = dict(meta.default_config or {})
    except Exception:  # noqa: BLE001  (the factory is registered lazily through entry points)
        default_config = {}
    mask_config = mask_config_from_args(args, default_config)
    try:
        return spacy_anon.load(model=args.model, lang=args.lang, **mask_config)
    except CLIError:
        raise
    except Exception as err:  # noqa: BLE001
        if args.debug:
            traceback.print_exc()
        what = f"model {args.model!r}" if args.model else f"the default pipeline ({args.lang})"
        raise CLIError(f"cannot load {what}: {type(err).__name__}: {_first_line(err)}") from None


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:300] if text else ""


def multiprocess_safe(nlp) -> Tuple[bool, str]:
    """Whether anonymized Docs survive the trip back from worker processes (`Doc.to_bytes`).

    spaCy's workers send Docs back as bytes; extension values live in `doc.user_data` and must pass
    through msgpack. We check it on a probe document rather than assume it.
    """
    from spacy.tokens import Doc

    probe = "Write to probe@example.com or call Anna Smith on 3 May 2021."
    try:
        doc = nlp(probe)
        restored = Doc(nlp.vocab).from_bytes(doc.to_bytes())
    except Exception as err:  # noqa: BLE001
        return False, f"{type(err).__name__} while serializing an anonymized Doc"
    for attr in ("anon_status", "anon_text", "anon_table"):
        if getattr(restored._, attr) != getattr(doc._, attr):
            return False, f"doc._.{attr} does not survive Doc.to_bytes"
    return True, ""


def _doc_for(nlp, record: Record, memory: Any = None):
    doc = nlp.make_doc(record.text)
    if record.subject is not None:
        doc._.anon_subject = record.subject
    if memory is not None:
        from spacy_anon.longdocs import MEMORY_KEY

        doc.user_data[MEMORY_KEY] = memory
    return doc


def anonymize_records(nlp, records, n_process: int = 1, batch_size: Optional[int] = None,
                      run_memory: Any = None):
    """Yield (record, AnonResult) in input order.

    Records longer than `nlp.max_length` are processed in chunks in this process (one ReplacementMemory
    per document, or `run_memory`); the others go through `nlp.pipe(n_process, batch_size)`.
    Raises CLIError when a document is not anonymized (fail closed).
    """
    from spacy_anon.longdocs import NotAnonymizedError, anonymize_long_text, new_memory, result_from_doc

    long_records: Dict[int, Record] = {}
    started: Dict[int, Record] = {}

    def short_docs():
        for i, record in enumerate(records):
            if len(record.text) > nlp.max_length:
                long_records[i] = record
                continue
            started[i] = record
            yield _doc_for(nlp, record, run_memory), i

    def do_long(i: int):
        record = long_records.pop(i)
        memory = run_memory if run_memory is not None else new_memory()
        try:
            result = anonymize_long_text(nlp, record.text, record.subject, memory)
        except NotAnonymizedError as err:
            raise CLIError(f"{record.where}: {err}; no output written") from None
        except Exception as err:  # noqa: BLE001
            raise _processing_error(record.where, err) from None
        return record, result

    pipe_kwargs: Dict[str, Any] = {"as_tuples": True, "n_process": n_process}
    if batch_size:
        pipe_kwargs["batch_size"] = batch_size
    next_i = 0
    stream = nlp.pipe(short_docs(), **pipe_kwargs)
    while True:
        try:
            doc, i = next(stream)
        except StopIteration:
            break
        except (InputError, CLIError):
            raise
        except Exception as err:  # noqa: BLE001
            if not started:
                where = "a document"
            elif len(started) == 1:
                where = started[min(started)].where
            else:
                where = f"one of {len(started)} documents from {started[min(started)].where}"
            raise _processing_error(where, err) from None
        while next_i < i:
            yield do_long(next_i)
            next_i += 1
        record = started.pop(i)
        result = result_from_doc(doc)
        if result.status != "ok" or result.anonymized is None:
            raise CLIError(f"{record.where}: not anonymized (anon_status={result.status!r}); "
                           "no output written")
        yield record, result
        next_i = i + 1
    while long_records:
        yield do_long(min(long_records))


def _processing_error(where: str, err: BaseException) -> CLIError:
    if _DEBUG:
        traceback.print_exception(type(err), err, err.__traceback__)
    return CLIError(f"{where}: anonymization failed ({type(err).__name__}); no output written. "
                    "Run with --debug to see the traceback (it may quote document content).")


# ---------------------------------------------------------------------------------------------------------
# Main


def _run(args: argparse.Namespace) -> int:
    kind = _input_kind(args)
    out_format = args.format or ("jsonl" if kind in ("jsonl", "stdin-jsonl") else "text")
    _check_plan(args, kind, out_format)
    inputs = _Inputs(args, kind)
    for message in inputs.skipped:
        print(f"{PROG}: skipped: {message}", file=sys.stderr)
    if kind == "folder" and inputs.count == 0:
        _info(args, f"warning: no .txt files in {args.input}")
    global _DEBUG
    _DEBUG = bool(args.debug)

    nlp = load_pipeline(args)
    if args.max_length:
        nlp.max_length = args.max_length
    n_process = args.n_process
    run_memory = None
    if args.consistent_across_docs:
        from spacy_anon.longdocs import new_memory

        run_memory = new_memory()
        if n_process > 1:
            _info(args, "--consistent-across-docs shares one replacement memory: running in one process")
            n_process = 1
    if n_process > 1 and inputs.count > 1:
        ok, why = multiprocess_safe(nlp)
        if not ok:
            _info(args, f"--n-process {n_process}: {why}; falling back to one process")
            n_process = 1
    elif n_process > 1:
        n_process = 1

    from tqdm import tqdm

    progress = tqdm(total=inputs.count, unit="doc", file=sys.stderr, desc="anonymizing",
                    disable=args.quiet or inputs.count <= 1)
    results = anonymize_records(nlp, iter(inputs), n_process, args.batch_size, run_memory)
    n_docs = n_spans = n_chunked = 0
    warned_clash = False
    try:
        if kind == "folder" and out_format == "text":
            staged = StagedFolder(args.output)
            try:
                for record, result in results:
                    staged.write_text(record.rel_path, result.anonymized)
                    n_docs, n_spans = n_docs + 1, n_spans + len(result.table)
                    n_chunked += result.n_chunks > 1
                    progress.update(1)
                staged.commit()
            except BaseException:
                staged.discard()
                raise
        else:
            if args.output:
                sink = AtomicFile(_output_path(args, kind, out_format))
            else:
                sink = StdoutSink()
            with sink as fh:
                for record, result in results:
                    clash = sorted(set(record.extra) & set(RESERVED_FIELDS))
                    if clash and not warned_clash:
                        warned_clash = True
                        _info(args, f"input field(s) {', '.join(clash)} replaced by the output's own "
                                    f"(first at {record.where})")
                    if out_format == "jsonl":
                        fh.write(dumps_jsonl(output_record(
                            record, result.anonymized, result.table,
                            keep_original=not args.no_original,
                            include_original_spans=args.include_original,
                        )))
                    else:
                        fh.write(result.anonymized)
                    n_docs, n_spans = n_docs + 1, n_spans + len(result.table)
                    n_chunked += result.n_chunks > 1
                    progress.update(1)
    finally:
        progress.close()
    summary = f"anonymized {n_docs} document(s), {n_spans} span(s) replaced"
    if n_chunked:
        summary += f", {n_chunked} long document(s) processed in chunks"
    if inputs.skipped:
        summary += f"; skipped {len(inputs.skipped)} invalid line(s)"
    if args.output:
        summary += f" -> {args.output}"
    _info(args, summary)
    return EXIT_OK
