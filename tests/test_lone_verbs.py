"""Bug (issue 28, "no span of ... a lone verb"): "Caller stated his name was Darren" masked "stated" as DEM.
The tagger's guess of one verb form under a label that needs no name signal (DEM, MISC) stayed, as no
filter asks a description for one. The class: a span of one lower-case verb in the past or progressive
under DEM or MISC is dropped ("stated", "reported", "confirmed", "attending"); a word of someone's state
stays ("married", "widowed", "retired"), and names that are verb forms are a person's ("will", "rose")."""
import pytest

from spacy_anon.tagger.span_filters import trim_generic_words
from tests.default_pipeline import nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("verb", ["stated", "reported", "confirmed", "attending", "explained"])
@pytest.mark.parametrize("label", ["DEM", "MISC"])
def test_a_lone_verb_is_no_description(nlp, verb, label):
    doc = nlp.make_doc(f"The caller {verb} that the car was red.")
    assert trim_generic_words(doc, [(2, 3, label, 0.5)]) == []


@pytest.mark.parametrize("word", ["married", "widowed", "retired", "divorced"])
def test_a_state_of_someone_stays(nlp, word):
    doc = nlp.make_doc(f"She is {word} and lives alone.")
    assert trim_generic_words(doc, [(2, 3, "DEM", 0.5)]) == [(2, 3, "DEM", 0.5)]


def test_the_verb_is_not_masked_end_to_end(nlp):
    text = 'Caller stated his name was Darren, no surname given, and that he lived "near the Asda in Hartlepool".'
    doc = nlp(text)
    found = [text[r["start"]:r["end"]] for r in doc._.anon_table]
    assert "stated" not in found and "Darren" in found
