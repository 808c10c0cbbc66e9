"""Per-label minimum scores (`label_min_scores`, the Portuguese model's recall setting for persons) and
HAREM-typed scoring: our categories mapped to HAREM's classes, labels HAREM does not annotate left out."""
import pytest
import spacy

import spacy_anon  # noqa: F401  (the span extensions gold records read)
from spacy_anon.evaluate.crossval import HAREM_SCORE_MAP, map_predictions, score_docs
from spacy_anon.tagger.span_filters import label_min_scores


def test_label_min_scores_keep_low_scoring_persons_and_drop_other_labels():
    # "O Papa Clemente VII recebeu Henrique em Lisboa em 1531 ." as (start, end, label, mean marginal)
    spans = [(1, 4, "PESSOA", 0.92), (5, 6, "PESSOA", 0.31), (7, 8, "LOCAL", 0.34), (9, 10, "TEMPO", 0.81)]
    out = label_min_scores(spans, {"LOCAL": 0.5, "TEMPO": 0.5})
    assert out == [(1, 4, "PESSOA", 0.92), (5, 6, "PESSOA", 0.31), (9, 10, "TEMPO", 0.81)]
    assert label_min_scores(spans, {}) == spans


def test_the_filter_is_registered_for_configs():
    from spacy.util import registry

    span_filter = registry.misc.get("spacy_anon.label_min_scores.v1")(min_scores={"LOCAL": 0.5})
    assert span_filter(None, ([], [], []), [(0, 1, "LOCAL", 0.4), (2, 3, "PESSOA", 0.2)], None) == \
        [(2, 3, "PESSOA", 0.2)]


@pytest.mark.parametrize("value", [1.5, -0.1, "0.5"])
def test_label_min_scores_refuses_a_minimum_outside_zero_one(value):
    from spacy_anon.tagger.span_filters import LabelMinScores

    with pytest.raises(ValueError, match="E620"):
        LabelMinScores({"LOCAL": value})


def _harem_doc(text, spans):
    doc = spacy.blank("pt")(text)
    doc.user_data["doc_id"] = "d1"
    doc.spans["anon_gold"] = [doc.char_span(s, e, label=lab) for s, e, lab in spans]
    return doc


TEXT = "Rui Carvalho escreveu de Lisboa a 3 de maio: rui.carvalho@exemplo.pt"


def at(part):
    return TEXT.index(part), TEXT.index(part) + len(part)


GOLD = [(*at("Rui Carvalho"), "PESSOA"), (*at("Lisboa"), "LOCAL"), (*at("3 de maio"), "TEMPO")]


def test_harem_scoring_maps_our_categories_and_ignores_unannotated_labels():
    doc = _harem_doc(TEXT, GOLD)
    ours = ("PERSON", "LOC", "DATETIME")
    preds = {"d1": [(s, e, lab) for (s, e, _), lab in zip(GOLD, ours)] + [(*at("rui.carvalho@exemplo.pt"), "CONTACT")]}
    old = score_docs("meddocan", [doc], preds)["subtrack1"]
    new = score_docs("harem", [doc], preds)["subtrack1"]
    assert (old["tp"], old["n_pred"]) == (0, 4)  # every label differs, and the e-mail counts against P
    assert (new["tp"], new["n_pred"], new["n_gold"]) == (3, 3, 3) and new["f1"] == 1.0
    # HAREM labels (a model trained without label_map) score as themselves
    assert score_docs("harem", [doc], {"d1": list(GOLD)})["subtrack1"]["f1"] == 1.0
    assert map_predictions({"d": [(0, 2, "ID"), (3, 5, "AGE")]}, HAREM_SCORE_MAP) == {"d": [(3, 5, "VALOR")]}


def test_masked_recall_counts_hidden_characters_whatever_the_label_or_boundary():
    doc = _harem_doc(TEXT, GOLD)
    # "Carvalho" masked as a place, "Rui" left in clear; the date masked whole inside a longer span
    start, end = at("Carvalho")
    preds = {"d1": [(start, end, "LOC"), (at("3 de maio")[0] - 2, at("3 de maio")[1], "DATETIME")]}
    scores = score_docs("harem", [doc], preds)
    assert scores["subtrack1"]["tp"] == 0
    assert scores["masked_char_recall"] == {"LOCAL": 0.0, "PESSOA": round(8 / 11, 4), "TEMPO": 1.0}


@pytest.mark.parametrize("label", ["CONTACT", "ID", "CODE", "MISC"])
def test_labels_harem_does_not_annotate_are_not_scored(label):
    assert label not in HAREM_SCORE_MAP
