"""The IC-based utility measure of seed 003 §4.2, on hand-worked cases."""
import math

import pytest
import spacy
from spacy.tokens import Span

import spacy_anon  # noqa: F401
from spacy_anon.generalize.utility import (
    doc_utility_preserved,
    information_content,
    semantics,
    utility_preserved,
)

# Hand-made probabilities: IC = 1, 2, 3, 5 bits.
PROBS = {"city": 0.5, "actor": 0.25, "Barcelona": 0.125, "film actor": 1 / 32}
freq = PROBS.get


def test_information_content_is_minus_log2_p():
    assert information_content("actor", frequency=freq) == pytest.approx(2.0)
    assert information_content("Barcelona", frequency=freq) == pytest.approx(3.0)
    assert information_content(None) == 0.0
    assert information_content("  ") == 0.0


def test_unseen_terms_get_the_floor():
    assert information_content("zzqx", frequency=lambda t: 0.0, floor=2 ** -20) == pytest.approx(20.0)


def test_utility_of_a_generalized_document():
    # D = [Barcelona, film actor, city]; D'' = [city, actor, city]
    # Semantics(D) = 3 + 5 + 1 = 9; Semantics(D'') = 1 + 2 + 1 = 4 -> 44.44 %
    assert semantics(["Barcelona", "film actor", "city"], frequency=freq) == pytest.approx(9.0)
    u = utility_preserved(["Barcelona", "film actor", "city"], ["city", "actor", "city"], frequency=freq)
    assert u == pytest.approx(400 / 9)


def test_suppression_keeps_less_than_generalization():
    original = ["Barcelona", "film actor", "city"]
    suppressed = utility_preserved(original, [None, "", "city"], frequency=freq)
    assert suppressed == pytest.approx(100 / 9)
    assert suppressed < utility_preserved(original, ["city", "actor", "city"], frequency=freq)
    assert utility_preserved(original, original, frequency=freq) == pytest.approx(100.0)
    assert utility_preserved([], []) == 100.0


def test_lengths_must_match():
    with pytest.raises(ValueError, match="differ in length"):
        utility_preserved(["a"], [])


def test_wordfreq_default():
    # more general words are more frequent, hence carry less information
    assert information_content("Barcelona") > information_content("city") > 0
    assert math.isfinite(information_content("qwxzyvvk"))


def test_doc_utility_uses_span_replacements():
    nlp = spacy.blank("en")
    doc = nlp("He lived in Barcelona with a lawyer")
    doc.spans["anon"] = [Span(doc, 3, 4, "LOC"), Span(doc, 6, 7, "MISC")]
    doc.spans["anon"][0]._.anon_replacement = "a city"
    # the unreplaced span counts as suppressed
    expected = utility_preserved(["Barcelona", "lawyer"], ["a city", None])
    assert doc_utility_preserved(doc) == pytest.approx(expected)
    phrases = [doc[1:2], doc[3:4], doc[6:7]]
    assert doc_utility_preserved(doc, phrases) == pytest.approx(
        utility_preserved(["lived", "Barcelona", "lawyer"], ["lived", "a city", None]))
