"""anon_mask's score thresholds: `min_score` for every label, `label_min_scores` per fine type or category.

A candidate scoring below the threshold of its label is not masked, unless a confident mention established
its entity (the same coref entity id, or the same label and text); a candidate without a score counts as 1.0.
"""
import pytest
import spacy
from spacy.language import Language
from spacy.tokens import Span

import spacy_anon  # noqa: F401  (factories)
from spacy_anon.mask.thresholds import check_thresholds, kept_by_thresholds, threshold_for
from spacy_anon.pipeline import DEFAULT_MODEL_DIR

TEXT = ("Peter Maxwell met Ana Kowalski in Warsaw on 3 May 2019 at the Grand Hotel. Call 555-0134 or mail "
        "peter@example.com.")


def _load(**mask):
    return spacy.load(DEFAULT_MODEL_DIR, config={"components": {"anon_mask": mask}} if mask else {})


@pytest.fixture(scope="module")
def default_nlp():
    return _load()


# ------------------------------------------------------------------------------------ the shipped model
def test_a_raised_min_score_leaves_the_low_crf_spans_unmasked(default_nlp):
    doc = default_nlp(TEXT)
    low = [r for r in doc._.anon_table if r["source"] == "anon_crf" and r["score"] < 0.5]
    # 0.47: masked by default ("Call" before a number is no name: trim_generic_words drops it)
    assert "Warsaw" in {TEXT[r["start"]:r["end"]] for r in low}
    strict = _load(min_score=0.5)(TEXT)
    assert all(r["score"] >= 0.5 for r in strict._.anon_table)
    assert "Warsaw" in strict._.anon_text and "Call " in strict._.anon_text
    assert "Peter Maxwell" not in strict._.anon_text and "Kowalski" not in strict._.anon_text
    assert "peter@example.com" not in strict._.anon_text and "555-0134" not in strict._.anon_text


def test_a_zero_threshold_masks_as_without_one(default_nlp):
    doc = default_nlp(TEXT)
    zero = _load(min_score=0.0, label_min_scores={"PERSON": 0.0, "EMAIL": 0.0})(TEXT)
    assert zero._.anon_text == doc._.anon_text and zero._.anon_table == doc._.anon_table


def test_a_label_threshold_beats_the_global_one():
    doc = _load(min_score=0.5, label_min_scores={"LOC": 0.0})(TEXT)
    assert "Warsaw" not in doc._.anon_text and "Call " in doc._.anon_text  # LOC 0.47 kept, ORG 0.12 not


# ------------------------------------------------------------------------------------ controlled candidates
SPANS = []  # (start token, end token, label, fine type, score, entity) the test detector writes


@Language.component("threshold_test_detector")
def _detector(doc):
    group = []
    for start, end, label, fine, score, entity in SPANS:
        span = Span(doc, start, end, label=label)
        span._.anon_type, span._.anon_score, span._.anon_source = fine, score, "test"
        span._.anon_entity = entity
        group.append(span)
    doc.spans["anon"] = group
    return doc


def _mask(spans, ents=(), **mask):
    SPANS[:] = spans
    nlp = spacy.blank("en")
    nlp.add_pipe("threshold_test_detector")
    nlp.add_pipe("anon_mask", config={"run_rules": False, "leak_guard": False, "operators": {"tag": {"format": "[{label}]"}}, **mask})
    doc = nlp.make_doc("Anna Berg mailed anna@x.org and Zed Corp on Monday ; Berg and Anna Berg left")
    doc.ents = [Span(doc, s, e, label=label) for s, e, label in ents]
    return nlp.get_pipe("anon_mask")(nlp.get_pipe("threshold_test_detector")(doc))._.anon_text


def test_the_fine_type_s_threshold_beats_the_category_s():
    spans = [(3, 4, "CONTACT", "EMAIL", 0.6, None), (5, 7, "ORG", "ORG", 0.6, None)]
    assert _mask(spans, label_min_scores={"CONTACT": 0.9, "EMAIL": 0.5, "ORG": 0.7}) == \
        "Anna Berg mailed [CONTACT] and Zed Corp on Monday ; Berg and Anna Berg left"
    assert _mask(spans, label_min_scores={"CONTACT": 0.5, "EMAIL": 0.9}).startswith("Anna Berg mailed anna@x.org")


def test_a_low_mention_of_an_entity_a_confident_one_established_stays_masked():
    confident_name = (0, 2, "PERSON", "PERSON", 0.95, None)
    low_same_text = (12, 14, "PERSON", "PERSON", 0.1, None)
    low_surname_of_the_coref_entity = (10, 11, "PERSON", "PERSON", 0.1, "PERSON_1")
    assert _mask([confident_name, low_same_text, low_surname_of_the_coref_entity], min_score=0.5) == \
        "[PERSON] mailed anna@x.org and Zed Corp on Monday ; Berg and [PERSON] left"
    linked = (0, 2, "PERSON", "PERSON", 0.95, "PERSON_1")
    assert _mask([linked, low_same_text, low_surname_of_the_coref_entity], min_score=0.5) == \
        "[PERSON] mailed anna@x.org and Zed Corp on Monday ; [PERSON] and [PERSON] left"
    alone = [(10, 11, "PERSON", "PERSON", 0.1, "PERSON_2")]  # its entity has no confident mention
    assert _mask(alone, min_score=0.5) == "Anna Berg mailed anna@x.org and Zed Corp on Monday ; Berg and Anna Berg left"


def test_candidates_without_a_score_are_kept():
    text = _mask([(8, 9, "DATETIME", "DATETIME", None, None)], ents=[(5, 7, "ORG")], min_score=0.99)
    assert text == "Anna Berg mailed anna@x.org and [ORG] on [DATETIME] ; Berg and Anna Berg left"


# ------------------------------------------------------------------------------------ settings
@pytest.mark.parametrize("min_score", [1.5, -0.1, "high", True, None, float("nan")])
def test_a_min_score_outside_0_1_or_not_a_number_is_refused(min_score):
    with pytest.raises(ValueError, match=r"\[E127\] anon_mask: min_score must be a number in \[0, 1\]"):
        check_thresholds(min_score, {})


@pytest.mark.parametrize("label_min_scores,code", [
    ({"PERSON": 2}, "E127"), ({"PERSON": "0.5"}, "E127"), ([("PERSON", 0.5)], "E128"), ({"": 0.5}, "E128"),
])
def test_bad_label_min_scores_are_refused(label_min_scores, code):
    with pytest.raises(ValueError, match=rf"\[{code}\]"):
        check_thresholds(0.0, label_min_scores)


def test_the_component_refuses_bad_and_unknown_thresholds():
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="E127"):
        nlp.add_pipe("anon_mask", config={"min_score": 2.0})
    with pytest.raises(ValueError, match=r"\[E129\] anon_mask: unknown label or type PERSN"):
        nlp.add_pipe("anon_mask", config={"label_min_scores": {"PERSN": 0.5}})
    mask = nlp.add_pipe("anon_mask", config={"min_score": 0.3, "label_min_scores": {"EMAIL": 0.8, "PERSON": 0.6}})
    assert (mask.min_score, mask.label_min_scores) == (0.3, {"EMAIL": 0.8, "PERSON": 0.6})


def test_threshold_lookup_order():
    per_label = {"EMAIL": 0.8, "CONTACT": 0.4}
    assert threshold_for("CONTACT", "EMAIL", 0.1, per_label) == 0.8
    assert threshold_for("CONTACT", "PHONE", 0.1, per_label) == 0.4
    assert threshold_for("PERSON", None, 0.1, per_label) == 0.1
    assert kept_by_thresholds([("PERSON", None, 0.2, None, "Ann"), ("PERSON", None, 0.9, None, "ANN")], 0.5, {}) \
        == [True, True]


@pytest.mark.parametrize("score", [5.0, -1, "1"])
def test_a_deny_list_score_outside_0_1_is_refused(score):
    with pytest.raises(ValueError, match=r"\[E216\] anon_rules: a deny_list entry's score"):
        spacy.blank("en").add_pipe("anon_rules", config={"deny_list": [{"text": "Zorblax", "label": "ORG",
                                                                         "score": score}]})


def test_a_fine_type_threshold_applies_to_a_tagger_span_whose_value_proves_the_type():
    """label_min_scores by fine type reaches an e-mail a tagger labelled only CONTACT (its value is one)."""
    import spacy
    from spacy_anon.labels import SPAN_KEY

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"run_rules": False, "label_min_scores": {"EMAIL": 0.9}})
    doc = nlp.make_doc("Write to jane.roe@example.com or call 614 555 0198 today.")
    mail = doc.char_span(9, 29, label="CONTACT")
    mail._.anon_source, mail._.anon_score = "crf", 0.5
    doc.spans[SPAN_KEY] = [mail]
    doc = nlp.get_pipe("anon_mask")(doc)
    assert doc._.anon_status == "ok"
    assert "jane.roe@example.com" in doc._.anon_text  # 0.5 < the EMAIL threshold: not masked
