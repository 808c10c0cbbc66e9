"""Bug (issue 28, letters): "has lived at the property since 2017 and pays £950" masked "2017 and pays" as one
date: a date that ends with its year lost a conjunction right after it ("21 February 2007 | and"), but not
the conjunction and the clause's verb after it. The class: after a date that ends with its year, "and" or
"or" and what follows are no part of it; a range without a year goes on ("28 February and 3 March")."""
from spacy_anon.tagger.span_filters.span_edges import EdgeWords, value_edges
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


def test_a_clause_after_a_year_is_no_part_of_the_date(nlp):
    text = "The tenant has lived at the property since 2017 and pays rent monthly."
    masked = masked_texts(nlp, text)
    assert "2017" in masked and not any("pays" in m for m in masked), masked


def _edges(nlp, text, value):
    doc = nlp.make_doc(text)
    start = next(t.i for t in doc if text[t.idx:].startswith(value))
    end = next(t.i for t in doc if t.idx + len(t) == text.index(value) + len(value)) + 1
    ew = EdgeWords(doc, frozenset(), frozenset(), frozenset(), frozenset())
    s, e = value_edges(ew, start, end, "DATETIME", frozenset({"ID"}), "DATETIME")
    return doc[s:e].text


def test_value_edges_of_dates(nlp):
    assert _edges(nlp, "since 2017 and pays rent", "2017 and pays") == "2017"
    assert _edges(nlp, "on 21 February 2007 and later", "21 February 2007 and") == "21 February 2007"
    assert _edges(nlp, "between 28 February and 3 March", "28 February and 3 March") == "28 February and 3 March"
