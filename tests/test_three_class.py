"""spacy_anon.evaluate.three_class: seed 004's Person / Location / Organization scores (Table III)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.evaluate.three_class import SEED004_TABLE_III, compare_rows, three_class_scores

GOLD = {"d1": [(0, 4, "PESSOA"), (10, 16, "LOCAL"), (20, 30, "ORGANIZACAO"), (40, 45, "TEMPO")],
        "d2": [(5, 9, "PESSOA")]}


def test_exact_spans_and_class_per_row():
    preds = {"d1": [(0, 4, "PERSON"), (10, 16, "ORG"), (20, 29, "ORG"), (40, 45, "DATETIME")],
             "d2": [(5, 9, "PERSON"), (50, 55, "LOC")]}
    s = three_class_scores(GOLD, preds)
    assert s["Person"] == {"recall": 1.0, "precision": 1.0, "f1": 1.0, "tp": 2, "predicted": 2, "gold": 2}
    # the place predicted as an organization misses Location, and the boundary error misses Organization
    assert (s["Location"]["tp"], s["Location"]["predicted"], s["Location"]["gold"]) == (0, 1, 1)
    assert (s["Organization"]["tp"], s["Organization"]["predicted"], s["Organization"]["gold"]) == (0, 2, 1)
    # untyped: the place found as an organization counts, the short organization does not
    assert (s["All Classes"]["tp"], s["All Classes"]["predicted"], s["All Classes"]["gold"]) == (3, 5, 4)
    assert s["All Classes"]["recall"] == 0.75 and s["All Classes"]["precision"] == 0.6
    assert (s["All Classes typed"]["tp"], s["All Classes typed"]["gold"]) == (2, 4)
    # TEMPO / DATETIME are outside the three classes on both sides
    assert all(v["gold"] <= 4 for v in s.values())


def test_empty_inputs_give_zeros_not_errors():
    s = three_class_scores({}, {})
    assert s["All Classes"] == {"recall": 0.0, "precision": 0.0, "f1": 0.0, "tp": 0, "predicted": 0, "gold": 0}
    s = three_class_scores(GOLD, {})  # no predictions at all; a document missing from preds has none
    assert s["All Classes"]["recall"] == 0.0 and s["All Classes"]["gold"] == 4


def test_duplicate_predictions_count_once_and_other_labels_are_ignored():
    preds = {"d1": [(0, 4, "PERSON"), (0, 4, "PERSON"), (0, 4, "PESSOA"), (60, 70, "MISC"), (70, 80, "ID")]}
    s = three_class_scores(GOLD, preds)
    assert s["Person"]["predicted"] == 1 and s["All Classes"]["predicted"] == 1


def test_a_span_with_two_classes_counts_once_untyped():
    preds = {"d1": [(0, 4, "PERSON"), (0, 4, "ORG")]}
    s = three_class_scores(GOLD, preds)
    assert s["All Classes"]["predicted"] == 1 and s["All Classes typed"]["predicted"] == 2


def test_a_map_to_an_unscored_class_is_refused():
    with pytest.raises(ValueError, match="E773"):
        three_class_scores(GOLD, {}, label_map={"PESSOA": "Human"})


def test_compare_rows_against_table_iii():
    perfect = three_class_scores(GOLD, {d: [(s, e, lab) for s, e, lab in v] for d, v in GOLD.items()})
    rows = compare_rows(perfect)
    assert [r["row"] for r in rows] == list(SEED004_TABLE_III)
    assert all(all(r["above"].values()) for r in rows)
    assert not any(compare_rows(three_class_scores(GOLD, {}))[0]["above"].values())


SPAN = st.tuples(st.integers(0, 20), st.integers(1, 5), st.sampled_from(["PESSOA", "LOCAL", "ORGANIZACAO", "TEMPO"]))


@given(st.lists(SPAN, max_size=8, unique_by=lambda x: x[:2]), st.lists(SPAN, max_size=8))
@settings(max_examples=200, deadline=None)
def test_untyped_never_below_typed_and_ratios_in_range(gold, pred):
    # gold: one class per span (a span annotated with two classes counts once untyped, twice typed)
    g = {"d": [(s, s + n, lab) for s, n, lab in gold]}
    p = {"d": [(s, s + n, lab) for s, n, lab in pred]}
    out = three_class_scores(g, p)
    assert out["All Classes"]["tp"] >= max(out[c]["tp"] for c in ("Person", "Location", "Organization"))
    assert out["All Classes"]["recall"] >= out["All Classes typed"]["recall"]
    for v in out.values():
        assert 0.0 <= v["precision"] <= 1.0 and 0.0 <= v["recall"] <= 1.0 and v["tp"] <= min(v["predicted"], v["gold"])
    assert three_class_scores(g, g)["All Classes"]["f1"] == (1.0 if out["All Classes"]["gold"] else 0.0)
