"""`spacy project run COMMAND` works on a fresh checkout and writes into the source tree only when asked:
every command makes the folders its outputs go into before it writes them, and only the package-*
commands (which install a trained pipeline as a shipped default) have outputs inside spacy_anon/."""
import posixpath
import shlex
from pathlib import Path

import pytest
import srsly

ROOT = Path(__file__).resolve().parents[1]
# options after which a script line names a file or folder it writes
OUTPUT_OPTIONS = {"-o", "--output", "--out", "--json", "--plot", "--predictions", "--write-benchmarks", "--index"}
SOURCE_PACKAGE = "spacy_anon"
PACKAGING_PREFIX = "package"


def script_words(line: str):
    """The words of a script line, or None for a `python -c` line (its argument is code, not paths)."""
    words = shlex.split(line)
    return None if "-c" in words[:3] else words


def written_paths(command: dict):
    """(path, index of the first script line other than a mkdir that names it, or None) for every output
    of a command: its declared outputs and the paths after OUTPUT_OPTIONS in its script."""
    lines = [script_words(line) for line in command.get("script", [])]
    paths = list(command.get("outputs", []))
    for words in lines:
        for option, value in zip(words or [], (words or [])[1:]):
            if option in OUTPUT_OPTIONS and value not in paths:
                paths.append(value)
    found = []
    for path in paths:
        first = next((i for i, words in enumerate(lines) if words and words[:1] != ["mkdir"] and path in words), None)
        found.append((posixpath.normpath(path), first))
    return found


def made_before(command: dict, folder: str, line: int) -> bool:
    """Does a `mkdir -p` line before script line `line` make `folder` (itself or a folder inside it)?"""
    for words in (script_words(s) for s in command.get("script", [])[:line]):
        if words and words[:2] == ["mkdir", "-p"]:
            if any(posixpath.normpath(d) == folder or posixpath.normpath(d).startswith(folder + "/")
                   for d in words[2:]):
                return True
    return False


def problems(commands):
    """What keeps a command from running on a fresh checkout, or lets it write into the package."""
    out = []
    for command in commands:
        name = command["name"]
        lines = command.get("script", [])
        first_work = next((i for i, s in enumerate(lines) if (script_words(s) or [""])[:1] != ["mkdir"]), len(lines))
        for path, first in written_paths(command):
            if (path == SOURCE_PACKAGE or path.startswith(SOURCE_PACKAGE + "/")) \
                    and not name.startswith(PACKAGING_PREFIX):
                out.append(f"{name}: writes {path} inside the package")
            folder = posixpath.dirname(path)
            if folder and not made_before(command, folder, first_work if first is None else first):
                out.append(f"{name}: nothing makes {folder}/ before {path} is written")
    return out


@pytest.fixture(scope="module")
def commands():
    return srsly.read_yaml(ROOT / "project.yml")["commands"]


def test_every_output_folder_is_made_and_only_packaging_writes_into_the_package(commands):
    assert problems(commands) == []
    checked = [(c["name"], path) for c in commands for path, _ in written_paths(c)]
    assert len(checked) >= 60  # the check saw the project's outputs, not an empty list
    assert sum(1 for _, path in checked if posixpath.dirname(path)) >= 60
    assert sum(1 for name, _ in checked if name.startswith(PACKAGING_PREFIX)) == 3


def test_packaging_is_explicit_and_no_workflow_runs_it(commands):
    project = srsly.read_yaml(ROOT / "project.yml")
    packaging = {c["name"] for c in commands if c["name"].startswith(PACKAGING_PREFIX)}
    assert packaging == {"package-default", "package-pt", "package-es"}
    for command in commands:
        if command["name"] in packaging:
            assert all(o.startswith(SOURCE_PACKAGE + "/data/") for o in command["outputs"])
            assert all(d.startswith("training/") for d in command["deps"])
    for name, steps in project["workflows"].items():
        assert not packaging & set(steps), name
    assert project["workflows"]["train"][-1] == "assemble-english"
    text = (ROOT / "project.yml").read_text(encoding="utf-8")
    for area in ("evaluation", "tagger", "disclosure", "kb", "risk", "languages"):
        assert text.count(f"# {area}:start") == 1 and text.count(f"# {area}:end") == 1


@pytest.mark.parametrize("command, expected", [
    ({"name": "score", "script": ["python x.py --out benchmarks/out/a.json"]},
     ["score: nothing makes benchmarks/out/ before benchmarks/out/a.json is written"]),
    ({"name": "score", "script": ["python x.py --out benchmarks/out/a.json", "mkdir -p benchmarks/out"]},
     ["score: nothing makes benchmarks/out/ before benchmarks/out/a.json is written"]),
    ({"name": "train", "script": ["mkdir -p training/m", "spacy train c.cfg --output training/m"],
      "outputs": ["training/m/model-best"]}, []),
    ({"name": "train", "script": ["spacy train c.cfg --output training/m"], "outputs": ["training/m/model-best"]},
     ["train: nothing makes training/m/ before training/m/model-best is written",
      "train: nothing makes training/ before training/m is written"]),
    ({"name": "save", "script": ["mkdir -p spacy_anon/data", "cp -r training/m spacy_anon/data/m"],
      "outputs": ["spacy_anon/data/m"]}, ["save: writes spacy_anon/data/m inside the package"]),
    ({"name": "package-x", "script": ["mkdir -p spacy_anon/data", "cp -r training/m spacy_anon/data/m"],
      "outputs": ["spacy_anon/data/m"]}, []),
    ({"name": "made-inside", "script": ["mkdir -p corpus/a/all", "convert in corpus/a/x.spacy"],
      "outputs": ["corpus/a/x.spacy"]}, []),
])
def test_the_check_finds_missing_folders_and_writes_into_the_package(command, expected):
    assert problems([command]) == expected
