"""Bug (issue 28, social posts): "Just landed in Lisbon with @tomwalsh89 for his 40th" typed "40th" an ID (its
surrogate a random code, "his 33oj"), and "her 18th birthday party" was no age to the rules. The class: a
birthday said by its ordinal after a possessive ("his 40th", "my 21st on Saturday") or before "birthday"
is an age (`dates.AGE_ORDINAL_EN`, appended to `rules.age`), whose rule span cuts back an ID, code or
contact span a tagger laid over it (`overlaps._CUT_BY`); an anniversary or an attempt is none."""
import pytest

from spacy_anon.rules.matching import find_matches
from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, age", [
    ("Just landed in Lisbon with @tomwalsh89 for his 40th 🎉 first stop Time Out Market", "40"),
    ("Planning her 18th birthday party at the golf club.", "18"),
    ("my 21st on Saturday was mad", "21"),
])
def test_an_ordinal_birthday_is_an_age(nlp, text, age):
    assert (age, "AGE") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", ["the 40th anniversary of the war", "on his 3rd attempt", "for her 2nd time"])
def test_other_ordinals_are_no_age(text):
    assert [m for m in find_matches(text) if m.label == "AGE"] == []
