"""Bug (issue 28, a dating profile): "Tinder bio: Rob, 34. Firefighter in Swansea." left "Rob" in clear and
masked "34" as a place. The class: a given name (a word-name such as "Rob", "Will" too) that opens a
profile or an introduction (a line, a colon, "I'm", "name is") before a comma and its age is the person, the
number its age; a word that is no given name, or a number that runs on, is neither."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,name,age", [
    ("Tinder bio: Rob, 34. Firefighter in Swansea.", "Rob", "34"),
    ("hi im mark, 29, from leeds. into gigs", "mark", "29"),
])
def test_a_name_before_its_age(nlp, text, name, age):
    found = rows(nlp, text)
    assert (name, "PERSON") in found and (age, "AGE") in found, found


@pytest.mark.parametrize("text", ["Article: Section, 12. The court held", "Mark, 12 students came."])
def test_no_introduction(nlp, text):
    assert not any(label == "AGE" for _, label in rows(nlp, text))


def test_the_source(nlp):
    doc = nlp("Tinder bio: Rob, 34.")
    assert {r["source"] for r in doc._.anon_table if doc.text[r["start"]:r["end"]] == "Rob"} == {"anon_mask.introduced_name"}
