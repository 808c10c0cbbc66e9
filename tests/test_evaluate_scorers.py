"""Registered scorers reach Language.evaluate through a component's `score` method."""
from unittest import mock

import pytest
import spacy
from spacy.language import Language
from spacy.tokens import Span
from spacy.training import Example
from spacy.util import registry

from spacy_anon.corpora import GoldRecord, GoldSpan, record_to_doc
from spacy_anon.evaluate import scorers  # noqa: F401  (registers the scorers)

TEXT = "Mr John Smith of Oslo met Ann."


def blank(lang="en"):
    try:
        return spacy.blank(lang)
    except ImportError:
        with mock.patch.object(registry._entry_point_factories, "get_all", return_value={}):
            return spacy.blank(lang)


class _DummyMasker:
    """Marks 'John Smith' and 'met' in doc.spans['anon']; scores with its configured scorer."""

    def __init__(self, scorer):
        self.scorer = scorer

    def __call__(self, doc):
        doc.spans["anon"] = [Span(doc, 1, 3, "PERSON"), Span(doc, 5, 6, "MISC")]
        return doc

    def score(self, examples, **kwargs):
        return self.scorer(examples, **kwargs)


@Language.factory("test_eval_dummy_masker", default_config={"scorer": {"@scorers": "spacy_anon.anon_scorer.v1"}})
def _make_dummy(nlp, name, scorer):
    return _DummyMasker(scorer)


def _examples(nlp):
    rec = GoldRecord("d", TEXT, [
        GoldSpan(3, 13, "PERSON", entity="e1", identifier="DIRECT", annotator="a1"),
        GoldSpan(17, 21, "LOC", entity="e2", identifier="QUASI", annotator="a1"),
    ])
    ref = record_to_doc(nlp, rec)
    return [Example(nlp.make_doc(TEXT), ref)]


def test_scorer_registry_names():
    assert callable(registry.scorers.get("spacy_anon.tab_scorer.v1")())
    assert callable(registry.scorers.get("spacy_anon.span_scorer.v1")())


def test_language_evaluate_reports_tab_and_span_scores():
    nlp = blank("en")
    nlp.add_pipe("test_eval_dummy_masker")
    scores = nlp.evaluate(_examples(nlp))
    # gold: John Smith (masked), Oslo (missed); system tokens John, Smith, met
    assert scores["token_recall"] == pytest.approx(2 / 3)
    assert scores["recall_direct_entities"] == pytest.approx(1.0)
    assert scores["recall_quasi_entities"] == pytest.approx(0.0)
    assert scores["token_precision"] == pytest.approx(2 / 3)
    assert "weighted_token_precision" in scores
    assert scores["spans_anon_p"] == pytest.approx(0.5)
    assert scores["spans_anon_r"] == pytest.approx(0.5)
    assert scores["b3_recall"] == pytest.approx(1.0)


def test_predictions_prefer_anon_table():
    nlp = blank("en")
    doc = nlp.make_doc(TEXT)
    doc.spans["anon"] = [Span(doc, 5, 6, "MISC")]
    doc._.anon_table = [{"start": 17, "end": 21, "label": "LOC", "entity": "x"}]
    assert scorers.predicted_spans(doc) == [(17, 21, "LOC", "x")]


def test_spacy_cli_evaluate_on_docbin(tmp_path):
    from spacy.cli.evaluate import evaluate

    from spacy_anon.corpora import write_docbin

    nlp = blank("en")
    nlp.add_pipe("test_eval_dummy_masker")
    nlp.to_disk(tmp_path / "pipeline")
    write_docbin([eg.reference for eg in _examples(nlp)], tmp_path / "dev.spacy")
    scores = evaluate(str(tmp_path / "pipeline"), tmp_path / "dev.spacy", spans_key="anon")
    assert scores["token_recall"] == pytest.approx(2 / 3)
    assert scores["spans_anon_f"] == pytest.approx(0.5)
