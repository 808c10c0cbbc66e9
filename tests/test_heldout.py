"""The held-out evaluation of the default recipe: fold split by document, held-out documents (and their
recased or renamed copies) kept out of training, the recipe read from project.yml and rewritten per fold."""
from pathlib import Path

import pytest
import srsly
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.evaluate.heldout import (
    HeldOut, assert_disjoint, fold_commands, is_held_out, read_recipe, split_by_group, without_held_out,
)

ROOT = Path(__file__).resolve().parents[1]
JUDGMENT = ("The applicant, Mr Jan Kowalski, was born in 1961 and lives in Gdansk. On 3 May 2001 the "
            "Regional Court dismissed his appeal.")
OTHER = ("The applicant, Ms Ayse Demir, is a Turkish national who lives in Izmir. The Government contested "
         "the admissibility of the application.")


@given(st.lists(st.text("abcdef0123-", min_size=1, max_size=6), min_size=2, max_size=40), st.integers(2, 8))
@settings(max_examples=60, deadline=None)
def test_split_by_group_puts_each_document_in_one_fold(ids, n_folds):
    distinct = len(set(ids))
    if n_folds > distinct:
        with pytest.raises(ValueError, match="E761"):
            split_by_group(ids, n_folds)
        return
    folds = split_by_group(ids, n_folds)
    assert sorted(i for f in folds for i in f) == list(range(len(ids)))
    owner = {}
    for k, fold in enumerate(folds):
        for i in fold:
            assert owner.setdefault(ids[i], k) == k  # a document never in two folds


def test_split_is_the_tagger_cv_split():
    from spacy_anon.tagger.data import split_groups

    ids = [f"001-{n}" for n in range(58)]
    assert split_by_group(ids, 5) == split_groups(ids, lambda x: x, 5)


@pytest.mark.parametrize("doc_id,text", [
    ("001-1", "unrelated text"),                 # same id
    ("001-1-upper", "whatever"),                 # an id that extends the held-out one
    ("aug-7", JUDGMENT.upper()),                 # a recased copy under another id
    ("aug-8", JUDGMENT[:80].lower()),            # a part of it, long enough to be a copy
])
def test_copies_of_held_out_documents_are_held_out(doc_id, text):
    held = HeldOut.of([("001-1", JUDGMENT)])
    assert is_held_out(doc_id, text, held)
    with pytest.raises(ValueError, match="E762"):
        assert_disjoint([(doc_id, text)], held)


@pytest.mark.parametrize("doc_id,text", [
    ("001-10", OTHER),          # another document; its id only starts with the same digits
    ("wikiann-3", "Gdansk"),    # a short sentence the judgment happens to contain
    ("", OTHER.upper()),
])
def test_other_documents_are_kept(doc_id, text):
    held = HeldOut.of([("001-1", JUDGMENT)])
    assert not is_held_out(doc_id, text, held)
    assert without_held_out([(doc_id, text)], held) == [0]
    assert_disjoint([(doc_id, text)], held)


def test_recipe_is_read_from_project_yml_and_rewritten_per_fold():
    recipe = read_recipe(srsly.read_yaml(ROOT / "project.yml"), "train-crf-english", "assemble-english")
    assert recipe.train_corpus and recipe.output
    cmds = fold_commands(recipe, "W/corpus", "W/dev.spacy", "W/model", "PY")
    train = cmds[0]
    assert train[0] == "PY" and "train" in train
    assert train[train.index("--paths.train") + 1] == "W/corpus"
    assert train[train.index("--paths.dev") + 1] == "W/dev.spacy"
    assert train[train.index("--output") + 1] == "W/model"
    # the config and every other setting are the recipe's own, not copied
    assert [a for a in train if a.endswith(".cfg")] == [a for a in recipe.train[0] if a.endswith(".cfg")]
    for argv in cmds[1:]:
        assert not any(a == recipe.output or a.startswith(recipe.output + "/") for a in argv)


def test_recipe_rewrites_equals_form_and_vars():
    project = {"vars": {"cfg": "configs/x.cfg"}, "commands": [
        {"name": "t", "script": ["mkdir -p out", "python -m spacy train ${vars.cfg} --paths.train=data/all "
                                 "--output out/en --components.anon_crf.c1 0.1"]},
        {"name": "a", "script": ["python scripts/pkg.py out/en/model-best out/en/pipeline"]}]}
    recipe = read_recipe(project, "t", "a")
    assert recipe.train_corpus == "data/all" and recipe.output == "out/en" and len(recipe.train) == 1
    train, assemble = fold_commands(recipe, "F/c", "F/d", "F/m", "PY")
    assert "configs/x.cfg" in train and "--paths.train=F/c" in train and "0.1" in train
    assert assemble[-2:] == ["F/m/model-best", "F/m/pipeline"]


@pytest.mark.parametrize("project,name", [
    ({"commands": [{"name": "a", "script": ["python x.py"]}]}, "t"),  # no training command
    ({"commands": [{"name": "t", "script": ["python -m spacy train c.cfg --output o"]},
                   {"name": "a", "script": ["python x.py"]}]}, "t"),  # no --paths.train
])
def test_recipe_without_its_commands_is_refused(project, name):
    with pytest.raises(ValueError, match="E760"):
        read_recipe(project, name, "a")


def test_refilter_compares_every_setting_but_the_span_filters():
    """`tab_heldout.py --refilter` reuses a trained fold only when the config changed in its span filters:
    a setting the config sets to another value is reported; defaults spaCy filled in are not."""
    import sys
    from pathlib import Path

    from thinc.api import Config

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import tab_heldout

    source = Config().from_str(
        "[nlp]\nlang = \"en\"\n[components]\n[components.anon_crf]\nfactory = \"anon_crf\"\nc1 = 0.1\n"
        "[components.anon_crf.span_filters]\n[components.anon_crf.span_filters.a]\n@misc = \"x.v1\"\n")
    trained = Config().from_str(
        "[nlp]\nlang = \"en\"\nbatch_size = 1000\n[components]\n[components.anon_crf]\nfactory = \"anon_crf\"\n"
        "c1 = 0.1\nc2 = 0.01\n[components.anon_crf.span_filters]\n")
    assert tab_heldout.settings_differing(tab_heldout._without_filters(source),
                                          tab_heldout._without_filters(trained)) == []
    trained["components"]["anon_crf"]["c1"] = 0.5
    assert tab_heldout.settings_differing(tab_heldout._without_filters(source),
                                          tab_heldout._without_filters(trained)) == [".components.anon_crf.c1"]
