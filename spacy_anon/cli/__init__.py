"""`spacy-anon` command line: one sub-command per module, each exposing `register(subparsers)`; the entry
point `register` sets reads the flags once into a frozen options object (`command_options.FromArgs`)."""
import argparse
import importlib
import sys
from typing import List, Optional

# Each module defines register(subparsers) which adds its sub-command(s) and sets `func`.
SUBCOMMAND_MODULES = (
    "spacy_anon.cli.anonymize",
    "spacy_anon.cli.deanonymize",
    "spacy_anon.cli.keygen",
    "spacy_anon.cli.convert",
    "spacy_anon.cli.evaluate",
    "spacy_anon.cli.embeddings",
    "spacy_anon.cli.wordnet",
    "spacy_anon.cli.tagger",
    "spacy_anon.cli.demo",
    "spacy_anon.cli.report",
    "spacy_anon.cli.risk",
    "spacy_anon.cli.utility",
    "spacy_anon.cli.index",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spacy-anon",
        description="Anonymize documents with spaCy pipelines and measure privacy and utility.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    return int(args.func(args) or 0)
