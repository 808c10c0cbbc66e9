"""Bug (issue 28, "spans swallow their neighbours"): "she lives in leeds and worked in york." masked
"leeds and". The span filters read the words of the tagger's country gazetteer as place evidence, and that
list holds the function words of the names it splits ("and" of "Trinidad and Tobago", "of", "the", "see" of
"Holy See"): so "and" after a place was read as part of it. The class: no function word of the language is
place evidence, in any filter that reads the gazetteers (`span_filters.base.place_words`)."""
import pytest

from spacy_anon.tagger.span_filters.base import place_words, stop_words
from tests.default_pipeline import nlp  # noqa: F401  (the module fixture)


def rows(nlp, text):
    doc = nlp(text)
    return [text[r["start"]:r["end"]] for r in doc._.anon_table]


@pytest.mark.parametrize("text,expected", [
    ("she lives in leeds and worked in york.", ["leeds", "york"]),
    ("She lives in Leeds and worked in York.", ["Leeds", "York"]),
    ("he grew up in cardiff and moved to bristol.", ["cardiff", "bristol"]),
])
def test_a_conjunction_after_a_place_is_not_part_of_it(nlp, text, expected):
    assert rows(nlp, text) == expected


def test_place_words_hold_no_function_word(nlp):
    crf = nlp.get_pipe("anon_crf")
    listed = crf.gazetteer_terms["countries"]
    assert {"and", "of", "the"} <= listed  # the gazetteer splits "Trinidad and Tobago" into its words
    words = place_words(crf, "en")
    assert not words & stop_words("en")
    assert {"trinidad", "tobago", "gambia", "norway"} <= words
    assert place_words(crf, "en", ("countries", "regions")) >= words


def test_a_tagger_without_gazetteers_has_no_place_words():
    class Bare:
        gazetteer_terms = None
    assert place_words(Bare(), "en") == frozenset()
