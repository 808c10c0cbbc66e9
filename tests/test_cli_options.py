"""Every flag of every sub-command reaches the options object its entry point builds (a flag without a
field would have no effect), and every field is a flag."""
import argparse
import ast
import inspect
import sys
from dataclasses import fields

import pytest

from spacy_anon.cli import build_parser
from spacy_anon.cli.command_options import FromArgs
from spacy_anon.errors import Errors


def leaf_parsers(parser: argparse.ArgumentParser, path=()):
    """(command path, parser) of each sub-command that runs something."""
    groups = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for group in groups:
        for name, sub in group.choices.items():
            yield from leaf_parsers(sub, path + (name,))
    if not groups and "func" in parser._defaults:
        yield path, parser


def options_class(entry):
    """The class whose `from_args` the entry point calls (None: it reads no options object)."""
    tree = ast.parse(inspect.cleandoc("\n" + inspect.getsource(entry)))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "from_args":
            return getattr(sys.modules[entry.__module__], node.func.value.id)
    return None


LEAVES = sorted(leaf_parsers(build_parser()), key=lambda leaf: leaf[0])


def test_every_sub_command_is_found():
    names = {path[0] for path, _ in LEAVES}
    assert {"anonymize", "convert", "evaluate", "demo", "report", "risk", "utility", "index", "tagger",
            "wordnet", "train-embeddings", "assemble-disclosure", "wordnet-glosses"} <= names


@pytest.mark.parametrize("path, parser", LEAVES, ids=[" ".join(p) for p, _ in LEAVES])
def test_the_options_of_a_sub_command_are_its_flags(path, parser):
    cls = options_class(parser._defaults["func"])
    if cls is None:
        pytest.skip(f"{' '.join(path)} reads no options object yet")
    dests = {a.dest for a in parser._actions if a.dest != argparse.SUPPRESS and a.dest != "help"}
    assert {f.name for f in fields(cls)} == dests
    if issubclass(cls, FromArgs):
        values = {a.dest: a.default for a in parser._actions if a.dest in dests}
        options = cls.from_args(argparse.Namespace(func=None, command=path[0], **values))
        assert {f.name: getattr(options, f.name) for f in fields(cls)} == values


def test_a_flag_without_a_field_is_refused():
    from spacy_anon.cli.convert import ConvertOptions

    args = argparse.Namespace(format="tab", input="a.json", output="b.spacy", colour="red", func=None)
    with pytest.raises(TypeError, match=r"\[E984\].*colour.*ConvertOptions"):
        ConvertOptions.from_args(args)
    assert "Fix:" in Errors.E984
