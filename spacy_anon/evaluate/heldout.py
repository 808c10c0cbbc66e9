"""Held-out folds of a corpus the default model trains on, through the project's own recipe.

The default English model trains on every TAB dev document, so its TAB scores measure what it learned.
`benchmarks/tab_heldout.py` trains the recipe of project.yml (the commands that train and assemble the
default) once per fold, on a copy of the recipe's training folder without the held-out documents, and
anonymizes the held-out documents with the CLI. This module holds the pure parts: reading the recipe's
commands, rewriting their paths for a fold, and removing held-out documents (any copy of them, recased
or renamed) from the training data, with a check that none is left.
"""
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Sequence, Tuple

from spacy_anon.errors import Errors
from spacy_anon.tagger.data import split_groups

# a training text this long or longer that a held-out document contains (any case) is that document's copy;
# shorter ones (a WikiANN sentence "London") may occur anywhere by chance
MIN_COPY_CHARS = 40


@dataclass(frozen=True)
class Recipe:
    """The commands of project.yml that train and assemble the default: argv lists, vars filled in.
    `train_corpus` and `output` are the values of --paths.train and --output of the training command."""

    train: Tuple[Tuple[str, ...], ...]
    assemble: Tuple[Tuple[str, ...], ...]
    train_corpus: str
    output: str


def fill_vars(text: str, variables: Mapping[str, object]) -> str:
    """${vars.NAME} replaced by its value (as `spacy project run` does)."""
    return re.sub(r"\$\{vars\.([A-Za-z0-9_]+)\}", lambda m: str(variables.get(m.group(1), m.group(0))), text)


def option_value(argv: Sequence[str], option: str) -> str:
    """The value after `option` in argv ("" when absent)."""
    for i, arg in enumerate(argv[:-1]):
        if arg == option:
            return argv[i + 1]
        if arg.startswith(option + "="):
            return arg.split("=", 1)[1]
    return argv[-1].split("=", 1)[1] if argv and argv[-1].startswith(option + "=") else ""


def read_recipe(project: Mapping, train_command: str, assemble_command: str) -> Recipe:
    """The recipe from a loaded project.yml: the script lines of the two commands (mkdir lines left out)."""
    commands: Dict[str, Mapping] = {c.get("name"): c for c in project.get("commands", [])}
    variables = project.get("vars", {}) or {}
    steps = {}
    for name in (train_command, assemble_command):
        if name not in commands:
            raise ValueError(Errors.E760.format(command=name, what="no such command"))
        lines = [shlex.split(fill_vars(line, variables)) for line in commands[name].get("script", [])]
        steps[name] = tuple(tuple(a) for a in lines if a and a[0] != "mkdir")
    train_lines = [a for a in steps[train_command] if "--paths.train" in a or any(x.startswith("--paths.train=") for x in a)]
    if len(train_lines) != 1:
        raise ValueError(Errors.E760.format(command=train_command, what="not one line with --paths.train"))
    corpus, output = option_value(train_lines[0], "--paths.train"), option_value(train_lines[0], "--output")
    if not corpus or not output:
        raise ValueError(Errors.E760.format(command=train_command, what="--paths.train or --output missing"))
    return Recipe(steps[train_command], steps[assemble_command], corpus, output)


def fold_commands(recipe: Recipe, train_corpus: str, dev: str, output: str, python: str) -> List[List[str]]:
    """The recipe's commands for one fold: --paths.train, --paths.dev and --output of the training command
    and every path under the recipe's output folder point at the fold's; "python" runs `python`."""
    old = recipe.output.rstrip("/")
    replaced = {"--paths.train": train_corpus, "--paths.dev": dev, "--output": output}
    out = []
    for argv in recipe.train + recipe.assemble:
        new: List[str] = []
        skip = False
        for i, arg in enumerate(argv):
            if skip:
                skip = False
                continue
            if arg in replaced and i + 1 < len(argv):
                new += [arg, replaced[arg]]
                skip = True
            elif arg.split("=", 1)[0] in replaced and "=" in arg:
                new.append(f"{arg.split('=', 1)[0]}={replaced[arg.split('=', 1)[0]]}")
            elif arg == old or arg.startswith(old + "/"):
                new.append(output.rstrip("/") + arg[len(old):])
            else:
                new.append(arg)
        if new and new[0] == "python":
            new[0] = python
        out.append(new)
    return out


def split_by_group(ids: Sequence[str], n_folds: int) -> List[List[int]]:
    """Indices of `ids` in n_folds folds, a document in one fold only: the split of
    `spacy_anon.evaluate.crossval.split_folds` (the tagger CV of docs/benchmarks/tab.md)."""
    if not 2 <= n_folds <= len(set(ids)):
        raise ValueError(Errors.E761.format(folds=n_folds, docs=len(set(ids))))
    return split_groups(list(ids), lambda doc_id: doc_id, n_folds)


@dataclass(frozen=True)
class HeldOut:
    """The held-out documents: ids and lower-cased texts (a recased or renamed copy is still the document)."""

    ids: frozenset
    texts: Tuple[str, ...]

    @classmethod
    def of(cls, docs: Iterable[Tuple[str, str]]) -> "HeldOut":
        pairs = list(docs)
        return cls(frozenset(str(i) for i, _ in pairs), tuple(t.lower() for _, t in pairs))


def is_held_out(doc_id: str, text: str, held: HeldOut) -> bool:
    """Whether a training document is (a copy or a part of) a held-out one: same id, an id that extends a
    held-out id ("001-12-upper"), or a text of MIN_COPY_CHARS or more that a held-out text contains in any case."""
    doc_id = str(doc_id or "")
    if doc_id and (doc_id in held.ids or any(doc_id.startswith(h) and not doc_id[len(h):len(h) + 1].isalnum()
                                             for h in held.ids if h)):
        return True
    low = text.lower().strip()
    if len(low) < MIN_COPY_CHARS:
        return False
    return any(low in h or h in low for h in held.texts)


def without_held_out(docs: Sequence[Tuple[str, str]], held: HeldOut) -> List[int]:
    """Indices of the (doc_id, text) pairs that are not held out."""
    return [i for i, (doc_id, text) in enumerate(docs) if not is_held_out(doc_id, text, held)]


def assert_disjoint(train: Iterable[Tuple[str, str]], held: HeldOut, where: str = "training data") -> None:
    """Raise E762 when a training document is a held-out one (see `is_held_out`)."""
    bad = sum(1 for doc_id, text in train if is_held_out(doc_id, text, held))
    if bad:
        raise ValueError(Errors.E762.format(n=bad, where=where))
