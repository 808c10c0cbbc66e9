"""Bugs (issue 28, forms): "Place of birth: Gdańsk, Poland" gave "Gdańsk" PERSON, and "National Insurance No:
QQ123456C" masked "No" as an organisation (the tagger's span "No: QQ123456C" was cut at the colon and its
key kept). The classes: the value of a place's field ("Place of birth:", "Town:", "Country of residence:")
is a place whatever the tagger took it for (`name_context.place_field_before`); a field key alone before
its colon is no name (`name_context.field_words`)."""
import pytest

from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)

FORM = ("APPLICATION FORM\nSurname: KOWALCZYK\nPlace of birth: Gdańsk, Poland\n"
        "National Insurance No: QQ123456C\nTown: Leyton\n")


def test_a_place_field_holds_a_place(nlp):
    rows = masked_rows(nlp, FORM)
    assert ("Gdańsk", "LOC") in rows and ("Poland", "LOC") in rows, rows


def test_a_key_before_its_colon_is_no_name(nlp):
    rows = masked_rows(nlp, FORM)
    assert not any(value == "No" for value, _ in rows), rows
    assert ("QQ123456C", "ID") in rows


@pytest.mark.parametrize("text", ["Place of birth: Gdańsk", "Country of residence: Poland", "Town:  Leyton"])
def test_place_field_before(text):
    from spacy_anon.mask.name_context import place_field_before

    assert place_field_before(text, text.rindex(" ") + 1)
