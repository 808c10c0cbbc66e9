"""Bug (issue 28, one entity, one replacement): a school report's "Ellie-Mae has worked hard" came out
"[PERSON_1]-[PERSON_1]" (the tagger found "Ellie", coreference "Mae"); "Lily-Rose Evans is absent" and
"Lily Evans is absent; Lily is ill" were ORGs with "Lily" left in clear after them; when the leak guard cut a
common word opening the sentence, "Lily" of "Lily-Rose Evans" stayed in clear. The class: a name written with
a hyphen is one span; given names that are also words ("Lily", "Rose", "Grace") before a surname that is
none make a person, whose other mentions are that person's."""
import pytest

from spacy_anon.mask.grouping import person_forms
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,name", [
    ("Pupil: Ellie-Mae Turner. Ellie-Mae has worked hard this term.", "Ellie-Mae"),
    ("Jean-Paul Martin called. Jean-Paul said no.", "Jean-Paul"),
    ("Lily-Rose Evans is absent; Lily-Rose is ill.", "Lily-Rose"),
])
def test_a_hyphenated_name_is_one_span(nlp, text, name):
    doc = nlp(text)
    assert "]-[" not in doc._.anon_text and name not in doc._.anon_text, doc._.anon_text
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found
    assert len({row["entity"] for row in doc._.anon_table if row["label"] == "PERSON"}) == 1


@pytest.mark.parametrize("text,leaked", [
    ("Lily Evans is absent; Lily is ill.", "Lily"),
    ("Lily-Rose Evans is absent; Lily-Rose is ill.", "Lily"),
])
def test_given_names_that_are_words_make_a_person(nlp, text, leaked):
    doc = nlp(text)
    assert leaked not in doc._.anon_text, doc._.anon_text
    assert {row["label"] for row in doc._.anon_table} == {"PERSON"}, doc._.anon_table


def test_a_hyphen_in_lower_case_or_after_a_place_is_no_name(nlp):
    found = rows(nlp, "A London-based firm hired Ellie-Mae.")
    assert ("London", "LOC") in found and ("Ellie-Mae", "PERSON") in found, found


def test_person_forms_given_names_then_a_surname():
    given = {"lily", "rose", "grace"}.__contains__
    common = {"lily", "rose", "grace", "garden", "road"}.__contains__
    out = person_forms([("ORG", "Lily-Rose Evans"), ("ORG", "Lily-Rose"), ("LOC", "Rose Garden"),
                        ("ORG", "Mr Grace Road")], is_given_name=given, is_common=common)
    assert out.get(0) == "PERSON" and out.get(1) == "PERSON"
    assert 2 not in out  # "Garden" is a word: a place's name
