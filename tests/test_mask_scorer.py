"""anon_mask exposes the TAB/span metrics to `nlp.evaluate` (and so to `python -m spacy evaluate`)."""
import spacy
from spacy.training import Example

import spacy_anon  # noqa: F401


def test_nlp_evaluate_reports_tab_and_span_metrics():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask")
    text = "Mail jane@example.com or call +1 415 555 2671 today."
    ref = nlp.make_doc(text)
    ref.spans["anon_gold"] = [ref.char_span(5, 21, label="CONTACT"), ref.char_span(30, 45, label="CONTACT")]
    scores = nlp.evaluate([Example(nlp.make_doc(text), ref)])
    assert scores["token_recall"] == 1.0
    assert scores["mention_recall"] == 1.0
    assert scores["spans_anon_p"] == 1.0 and scores["spans_anon_r"] == 1.0
    assert "token_precision" in scores and "weighted_token_precision" in scores
