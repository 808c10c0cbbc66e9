"""Bug (issue 28, types): "I'm Laura, 34, from Galway." gave "Galway" PERSON, so a town got a person's
surrogate. A known town after a preposition of place was retyped LOC only from ORG or DEM. The class: a
one-word PERSON span that is a town GeoNames lists and no given name of the gazetteer, after a preposition
of place or movement, is a place; a given name there ("a letter from Kelly") stays a person. (A surname
that is also a town, "a call from Hamilton", is read as the town: both are masked, the type is a guess.)"""
import pytest

from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, value, label", [
    ("I'm Laura, 34, from Galway. Looking for a flatmate.", "Galway", "LOC"),
    ("She flew in from Galway on Monday.", "Galway", "LOC"),
    ("I got a letter from Kelly yesterday.", "Kelly", "PERSON"),
    ("Sarah is from Leeds.", "Sarah", "PERSON"),
])
def test_a_town_after_a_preposition_is_a_place(nlp, text, value, label):
    assert (value, label) in masked_rows(nlp, text)
