"""Sanity checks on the real TAB dev baselines (skipped when ../shared/data is missing)."""
from pathlib import Path

import pytest

from spacy_anon.corpora import iter_records
from spacy_anon.evaluate.io import load_system
from spacy_anon.evaluate.tab import FunctionWordList, tab_metrics

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
TAB = SHARED / "tab"


@pytest.fixture(scope="module")
def tab_records():
    if not (TAB / "tab_dev.jsonl").exists():
        pytest.skip("shared data not available")
    return list(iter_records(TAB / "tab_dev.jsonl"))


@pytest.mark.parametrize("name,recall,precision", [
    ("spaCy_Entity.json", 0.838, 0.610),
    # Presidio's file has overlapping spans; counted once each (`union_of_masks`), 0.912 before
    ("Presidio_Entity.json", 0.532, 0.915),
])
def test_tab_baseline_word_token_scores(tab_records, name, recall, precision):
    r = tab_metrics(tab_records, load_system(TAB / "baselines" / name))
    assert r["token_recall"] == pytest.approx(recall, abs=0.001)
    assert r["token_precision"] == pytest.approx(precision, abs=0.001)
    # TAB's function-word exemption can only raise recall; precision is unchanged
    r2 = tab_metrics(tab_records, load_system(TAB / "baselines" / name), function_words=FunctionWordList())
    assert r2["token_recall"] >= r["token_recall"]
    assert r2["token_precision"] == r["token_precision"]


def test_manual_baseline_is_perfect(tab_records):
    r = tab_metrics(tab_records, load_system(TAB / "baselines" / "Manual_INTACT.json"))
    assert r["token_recall"] == 1.0 and r["token_precision"] == 1.0
