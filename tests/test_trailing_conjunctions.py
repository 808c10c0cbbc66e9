"""Bug (issue 28, "spans swallow their neighbours"): "she lives in leeds and worked in york." masked "leeds
and": the country gazetteer splits "Trinidad and Tobago" into words, and its "and" counted as a word of a
place, so `trim_name_tails` kept it at the end of the span. The class: a conjunction ("and", "or") after the
last word of a name, in any casing, is cut; inside a name it stays ("Wilson and Co.", "Trinidad and Tobago").
(An earlier fix that took every function word out of the place evidence cost held-out recall: "the" and
"and" inside lower-case names, and plot numbers after "and".)"""
import pytest

from tests.default_pipeline import masked_texts as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,expected", [
    ("she lives in leeds and worked in york.", ["leeds", "york"]),
    ("She lives in Leeds and worked in York.", ["Leeds", "York"]),
])
def test_a_conjunction_after_a_place_is_not_part_of_it(nlp, text, expected):
    assert rows(nlp, text) == expected


def test_a_conjunction_inside_a_name_stays(nlp):
    from spacy_anon.tagger.span_filters.name_tails import trim_name_tails
    doc = nlp.make_doc("He was born in Trinidad and Tobago in 1970.")
    assert trim_name_tails(doc, [(4, 7, "LOC", 0.9)], ["LOC"]) == [(4, 7, "LOC", 0.9)]
