"""Bug (issue 28, clinical text): "Plan: Holter monitor, review in clinic" masked "Holter" as a person, "Known
Crohn's disease and Parkinson's disease" masked "Known Crohn" (ORG) and "Parkinson" (PERSON), "Glasgow Coma
Scale" was an ORG, "Hickman", "Doppler" and "Apgar" persons, and a nurse's "pulled out her hickman" lost
the device's name to a tag. The class: a medical eponym (a surname naming a device, a test, a score, a
procedure, a sign or a disease) names nobody (`lexicon.eponyms.eponym_span`); a title keeps a person ("Dr
Foley said", "Mrs Patel's test"), and so does a given name ("John Smith's disease progressed")."""
import pytest

from spacy_anon.lexicon.eponyms import eponym_span
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, word", [
    ("Plan: Holter monitor, review in clinic.", "Holter"),
    ("Known Crohn's disease and Parkinson's disease.", "Crohn"),
    ("Known Crohn's disease and Parkinson's disease.", "Parkinson"),
    ("Hickman line flushed. Doppler of left leg negative. Apgar score 9 at 5 minutes.", "Doppler"),
    ("Hickman line flushed. Doppler of left leg negative. Apgar score 9 at 5 minutes.", "Apgar"),
    ("Pt while asleep slightly pulled out her hickman, a CXR has been ordered.", "hickman"),
])
def test_an_eponym_names_nobody(nlp, text, word):
    assert not any(word in masked for masked in masked_texts(nlp, text))


@pytest.mark.parametrize("text, value, expected", [
    ("Plan: Holter monitor, review", "Holter", True), ("Glasgow Coma Scale normal", "Glasgow Coma Scale", True),
    ("a Whipple procedure at", "Whipple", True), ("FOLEY CATHETER DRAINING", "FOLEY CATHETER", True),
    ("Dr Foley said", "Foley", False), ("Mrs Patel's test", "Patel", False), ("Smith's results", "Smith", False),
    ("John Smith's disease progressed", "John Smith", False), ("The Score (disambiguation)", "The Score", False),
])
def test_eponym_span(text, value, expected):
    start = text.index(value)
    assert eponym_span(text, start, start + len(value)) is expected


def test_a_doctor_named_like_an_eponym_is_masked(nlp):
    assert "Dr Foley" in masked_texts(nlp, "Seen by Dr Foley on the ward round.")


def test_a_group_named_like_a_device_is_no_eponym():
    """HAREM: "Black Mask" (an art collective) was dropped as an eponym ending in "Mask"."""
    text = "Art Workers Coalition , Black Mask , neoístas"
    start = text.index("Black Mask")
    assert not eponym_span(text, start, start + len("Black Mask"))


def test_a_place_before_a_clinical_head_is_no_eponym():
    """deid notes: "start IV insulin per U Maryland scale" lost "Maryland" (annotated) to the eponym rule."""
    text = "now to start IV insulin per U Maryland scale."
    start = text.index("Maryland")
    assert not eponym_span(text, start, start + len("Maryland"))


@pytest.mark.parametrize("text, word", [
    ("My mother was diagnosed with Parkinson's in 2019 and now needs help with dressing.", "Parkinson"),
    ("She has early onset Alzheimer's.", "Alzheimer"),
    ("His Crohn's flared up after Christmas.", "Crohn"),
    ("living with alzheimers since 2020", "alzheimers"),
])
def test_a_disease_named_by_its_eponym_alone_names_nobody(nlp, text, word):
    """Bug: "diagnosed with Parkinson's in 2019" masked "Parkinson" as a person: a disease written by its
    eponym alone, with no noun after the possessive, is the disease."""
    assert not any(word in masked for masked in masked_texts(nlp, text))


@pytest.mark.parametrize("text, value", [
    ("Mr Parkinson's car was towed.", "Parkinson"), ("Anne Parkinson's car was towed.", "Anne Parkinson"),
    ("I lent Parkinson's bike to Tom.", "Parkinson"),
])
def test_a_persons_possessive_is_no_disease(text, value):
    start = text.index(value)
    assert not eponym_span(text, start, start + len(value))
