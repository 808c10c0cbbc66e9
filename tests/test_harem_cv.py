"""benchmarks/harem_cv.py: the folds never share a document, and the fold's recipe is project.yml's shipped
commands with only the paths replaced."""
import importlib.util
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.evaluate.crossval import split_folds

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
_spec = importlib.util.spec_from_file_location("harem_cv", ROOT / "benchmarks" / "harem_cv.py")
hc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hc)
PROJECT = yaml.safe_load((ROOT / "project.yml").read_text(encoding="utf8"))


class _Doc:
    def __init__(self, doc_id):
        self.user_data = {"doc_id": doc_id}


@given(st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=4), min_size=3, max_size=40, unique=True),
       st.integers(2, 5))
@settings(max_examples=100, deadline=None)
def test_folds_are_disjoint_and_cover_every_document(ids, n_folds):
    docs = [_Doc(i) for i in ids]
    parts = split_folds(docs, "doc", n_folds)
    held_all = []
    for k in range(n_folds):
        train, held = hc.train_test_indices(parts, k)
        assert not set(train) & set(held)  # no held-out document is trained on
        assert sorted(train + held) == list(range(len(docs)))
        held_all.extend(held)
    assert sorted(held_all) == list(range(len(docs)))  # every document is held out exactly once


def test_recipe_is_the_shipped_commands_with_fold_paths():
    fold = "training/harem-cv/fold0"
    lines = hc.recipe_lines(PROJECT, fold, case_copies=False)
    commands = {c["name"]: c["script"] for c in PROJECT["commands"]}
    expected = commands["train-crf-pt"] + commands["assemble-pt"]
    assert len(lines) == len(expected)
    for got, shipped in zip(lines, expected):
        assert got == hc.substitute(shipped, hc.fold_paths(fold))
        for path in ("corpus/harem/all", "training/harem/"):  # no shipped path is left
            assert path not in got
    train = next(ln for ln in lines if "spacy train" in ln)
    assert f"--paths.train {fold}/train " in train and f"--output {fold}/out " in train
    assert "entity_threshold=0.2" in lines[-1]  # the shipped decode settings of assemble-pt
    with_copies = hc.recipe_lines(PROJECT, fold, case_copies=True)
    assert "tagger_case_copies.py" in with_copies[0] and f"-o {fold}/train/case_copies.spacy" in with_copies[0]
    assert hc.recipe_lines(PROJECT, fold, only=("assemble-pt",)) == lines[-len(commands["assemble-pt"]):]


def test_substitution_is_one_pass():
    # a fold path under training/harem-cv must not be replaced again by the training/harem rule
    assert hc.substitute("a training/harem/x corpus/harem/all", {"training/harem": "training/harem-cv/f0/out",
                                                                  "corpus/harem/all": "training/harem-cv/f0/train"}) \
        == "a training/harem-cv/f0/out/x training/harem-cv/f0/train"


def test_a_changed_recipe_is_refused():
    project = yaml.safe_load(yaml.safe_dump(PROJECT))
    for c in project["commands"]:
        if c["name"] == "train-crf-pt":
            c["script"] = [ln.replace("corpus/harem/all", "corpus/harem/everything") for ln in c["script"]]
    with pytest.raises(ValueError, match="E774"):
        hc.recipe_lines(project, "f0")
