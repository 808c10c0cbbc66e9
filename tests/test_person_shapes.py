"""Bug (issue 28, wrong types): a tagger's ORG or LOC piece that is a given name and a listed surname kept the
tagger's label: "... CF10 3AN. Helen Pritchard, Practice Manager, will take notes." gave "Helen Pritchard" as
an ORG (it was cut from one long span; the test uses a given name the gazetteers list), so a person's policy and surrogate never applied. The class: under
ORG, LOC or MISC, a piece of two to four words that opens with a given name of the gazetteer (no frequent
word) and ends with a listed surname, with no organisation head in it, is a person; "Pritchard Builders
Ltd" and "Helen Pritchard Foundation" keep ORG."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


def test_a_name_cut_from_an_address_span_is_a_person(nlp):
    text = ("The meeting will take place on Thursday 24 April at 1:30pm in the upstairs office at 58 Kingsway, "
            "Cardiff CF10 3AN. Helen Pritchard, Practice Manager, will take notes.")
    assert ("Helen Pritchard", "PERSON") in rows(nlp, text)


@pytest.mark.parametrize("value,label", [("Helen Pritchard", "ORG"), ("Priya Sharma", "LOC"), ("Helen Pritchard", "MISC")])
def test_a_given_name_and_surname_are_a_person_under_any_name_label(value, label):
    from spacy_anon.mask.span_kinds import person_shape
    assert person_shape(value, 0, len(value), label)


@pytest.mark.parametrize("value", ["Pritchard Builders Ltd", "Helen Pritchard Foundation", "Will Power", "Rose Garden",
                                   "gwen pritchard", "Helen Pritchard Smith Jones Clarke"])
def test_organisations_words_and_lower_case_are_no_person_shape(value):
    from spacy_anon.mask.span_kinds import person_shape
    assert not person_shape(value, 0, len(value), "ORG")


@pytest.mark.parametrize("text,value", [("published in the Helen Pritchard (a weekly)", "Helen Pritchard"),
                                        ("HELEN PRITCHARD WOMEN'S HOSPITAL", "HELEN PRITCHARD")])
def test_a_name_after_the_or_before_more_of_a_name_is_no_person(text, value):
    from spacy_anon.mask.span_kinds import person_shape
    start = text.index(value)
    assert not person_shape(text, start, start + len(value), "ORG")
