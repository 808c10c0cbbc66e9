"""The settings of one `spacy-anon anonymize` run, read once from the command line.

`Options.from_args` is called by the sub-command's entry point only; everything below it takes an
`Options` (a frozen value: a run's settings cannot change half-way), never argparse's Namespace. Tests
build one directly: every field has the command line's default."""
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Optional

DEFAULT_BATCH = 32  # records per batch (and per task of a worker process)


@dataclass(frozen=True)
class Options:
    """One field per flag of `spacy-anon anonymize` (docs/cli.md), named as argparse names them."""

    input: str = "-"
    output: Optional[str] = None
    format: Optional[str] = None
    input_format: str = "auto"
    model: Optional[str] = None
    strategy: Optional[str] = None
    policy: Optional[str] = None
    recognizers: Optional[str] = None
    config: Optional[str] = None
    lang: str = "en"
    rules_only: bool = False
    n_process: int = 1
    engine: str = "local"
    scheduler: Optional[str] = None
    resume: bool = False
    batch_size: Optional[int] = None
    max_length: Optional[int] = None
    skip_invalid: bool = False
    include_original: bool = False
    original_offsets: bool = False
    no_original: bool = False
    keep_fields: Optional[str] = None
    anonymize_fields: Optional[str] = None
    keep_formulas: bool = False
    consistent_across_docs: bool = False
    seed: Optional[int] = None
    allow_list: Optional[str] = None
    key_env: Optional[str] = None
    quiet: bool = False
    debug: bool = False

    @classmethod
    def from_args(cls, args: Any) -> "Options":
        """The options of parsed arguments (argparse's other attributes, such as `func`, are left out)."""
        names = {f.name for f in fields(cls)}
        return cls(**{name: value for name, value in vars(args).items() if name in names})

    @property
    def output_target(self) -> Optional[Path]:
        """The output path, None for stdout (no -o, or -o -)."""
        return None if self.output in (None, "-") else Path(self.output)
