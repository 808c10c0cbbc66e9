"""What a run of `spacy-anon anonymize` will read and write, and the contradictions refused before any
model loads (usage errors, exit status 2)."""
from pathlib import Path
from typing import List, Optional, Tuple

from spacy_anon.cli.messages import EXIT_USAGE, CLIError
from spacy_anon.cli.options import Options
from spacy_anon.errors import Errors
from spacy_anon.io import RESERVED_FIELDS, field_path

JSONL_SUFFIXES = (".jsonl", ".ndjson")
STRUCTURED_SUFFIXES = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".json": "json",  # cli/structured_inputs.py
                       ".parquet": "parquet", ".pq": "parquet"}
STRUCTURED_FORMATS = ("csv", "tsv", "json", "parquet")  # inputs of cli/structured_inputs.py
RESUMABLE_STRUCTURED = ("jsonl", "csv", "tsv", "json")  # outputs of structured inputs that --resume continues


def input_kind(options: Options) -> str:
    """'stdin-text' | 'stdin-jsonl' | 'folder' | 'text' | 'jsonl', or a structured format."""
    if options.input == "-":
        if options.input_format in STRUCTURED_SUFFIXES.values():
            return options.input_format  # read by cli/structured_inputs.py (stdin spooled)
        return "stdin-jsonl" if options.input_format == "jsonl" else "stdin-text"
    path = Path(options.input)
    if not path.exists():
        raise CLIError(Errors.E913.format(path=path), EXIT_USAGE)
    if path.is_dir():
        return "folder"
    if options.input_format != "auto":
        return options.input_format
    if path.suffix.lower() in STRUCTURED_SUFFIXES:
        return STRUCTURED_SUFFIXES[path.suffix.lower()]
    return "jsonl" if path.suffix.lower() in JSONL_SUFFIXES else "text"


def field_names(value: Optional[str], flag: str) -> List[str]:
    """The dotted field names of --keep-fields / --anonymize-fields (JSONL records)."""
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


def check_fields(options: Options, kind: str, out_format: str) -> Tuple[List[str], List[str]]:
    """RETURNS (kept, anonymized) field names of a text or JSONL input."""
    keep = field_names(options.keep_fields, "--keep-fields")
    anonymize = field_names(options.anonymize_fields, "--anonymize-fields")
    if (keep or anonymize) and (kind not in ("jsonl", "stdin-jsonl") or out_format != "jsonl"):
        raise CLIError(Errors.E914, EXIT_USAGE)
    named = [(n, "--keep-fields") for n in keep] + [(n, "--anonymize-fields") for n in anonymize]
    for i, (a, flag_a) in enumerate(named):
        for b, flag_b in named[i + 1:]:
            pa, pb = field_path(a), field_path(b)
            shorter = min(len(pa), len(pb))
            if pa[:shorter] == pb[:shorter]:
                raise CLIError(Errors.E939.format(flag_a=flag_a, a=a, flag_b=flag_b, b=b), EXIT_USAGE)
    return keep, anonymize


def check_sizes(options: Options) -> None:
    """Refuse process counts, batch sizes and length limits below 1 (text and structured inputs alike)."""
    if options.n_process < 1:
        raise CLIError(Errors.E915, EXIT_USAGE)
    if options.batch_size is not None and options.batch_size < 1:
        raise CLIError(Errors.E916, EXIT_USAGE)
    if options.max_length is not None and options.max_length < 1:
        raise CLIError(Errors.E917, EXIT_USAGE)


def check_plan(options: Options, kind: str, out_format: str) -> Optional[Path]:
    """Refuse contradictory options of a text or JSONL input; RETURNS the output file or folder (None:
    stdout)."""
    check_sizes(options)
    if options.include_original and options.no_original:
        raise CLIError(Errors.E918, EXIT_USAGE)
    check_scale_plan(options, kind, out_format)
    if kind in ("jsonl", "stdin-jsonl") and out_format == "text":
        raise CLIError(Errors.E919, EXIT_USAGE)
    out = options.output_target
    if kind == "folder" and out_format == "text":
        if out is None:
            raise CLIError(Errors.E925, EXIT_USAGE)
        if out.exists() and not out.is_dir():
            raise CLIError(Errors.E926.format(out=out), EXIT_USAGE)
        if out.resolve() == Path(options.input).resolve():
            raise CLIError(Errors.E927, EXIT_USAGE)
        return out
    if out is None:
        return None
    if out.is_dir():
        if not (kind == "text" and out_format == "text"):
            raise CLIError(Errors.E928.format(out=out), EXIT_USAGE)
        out = out / Path(options.input).name
    if options.input != "-" and out.resolve() == Path(options.input).resolve():
        raise CLIError(Errors.E920, EXIT_USAGE)
    return out


def check_scale_plan(options: Options, kind: str, out_format: str, structured: bool = False) -> None:
    """--engine, --scheduler, --resume: refuse what they cannot do (`structured`: a CSV/TSV/JSON/Parquet
    input, whose JSONL, CSV, TSV and JSON outputs resume)."""
    engine = options.engine
    if options.scheduler and engine != "dask":
        raise CLIError(Errors.E921, EXIT_USAGE)
    if engine != "local" and options.consistent_across_docs:
        raise CLIError(Errors.E905.format(name=f"--engine {engine}"), EXIT_USAGE)
    if options.resume:
        if options.consistent_across_docs:
            raise CLIError(Errors.E905.format(name="--resume"), EXIT_USAGE)
        folder = kind == "folder" and out_format == "text"
        target = options.output_target
        if structured:
            if target is None or out_format not in RESUMABLE_STRUCTURED:
                raise CLIError(Errors.E911.format(name=target or "<stdout>", kind=kind), EXIT_USAGE)
        elif target is None or not (folder or out_format == "jsonl"):
            raise CLIError(Errors.E904.format(name=target or "<stdout>"), EXIT_USAGE)
