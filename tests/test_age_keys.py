"""Bug (issue 28, wrong types): an age after its key came out as a name: "My son Luca (age 7)" masked "age 7"
as a PERSON, "she left school at age 16" as DEM. A policy for ages (a range surrogate, "40-49") then never
saw them. The class: a tagger's span of a key ("age", "aged", "ages", "edad", "idade"), an optional colon
and a number, under any label the mask decides by shape, is an AGE, key and all, as the tagger found it (the
court judgments mark "age 60" whole; cutting it to the number cost a held-out word). The rules' own ages
stay the number ("aged [54]")."""
import pytest

from spacy_anon.mask.stated_ages import AGE_KEYED
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,age", [
    ("My son Luca (age 7) goes to Oakfield Primary School.", "7"),
    ("she left school at age 16 and moved to Leeds.", "16"),
    ("The patient, aged 54, was admitted on Monday.", "54"),
    ("Name: Tom Reed\nAge: 47\nOccupation: teacher", "47"),
])
def test_an_age_after_its_key_is_an_age(nlp, text, age):
    found = rows(nlp, text)
    assert any(label == "AGE" and t.endswith(age) for t, label in found), found
    assert not any(age in t and label != "AGE" for t, label in found), found


@pytest.mark.parametrize("value,number", [("age 7", "7"), ("Aged: 54", "54"), ("AGE 47", "47"), ("edad 45", "45"),
                                          ("idade 80", "80"), ("ages 12", "12")])
def test_the_key_pattern_gives_the_number(value, number):
    m = AGE_KEYED.match(value)
    assert m is not None and m.group(1) == number


@pytest.mark.parametrize("value", ["Age UK", "Age Concern", "age 1234", "agency 12", "image 7", "Age 5x"])
def test_names_and_other_numbers_are_no_keyed_age(value):
    assert AGE_KEYED.match(value) is None
