"""Bug (issue 28, "spans swallow their neighbours"): on a line typed in lower case or in capitals a place's
span ran on over the next clause into the next place: "the claimant lives in co. limerick and works in cork
city." masked "co. limerick and works in cork city" as one place. Where the writer's capitals show the names,
`split_span_edges` cuts at the words that join two of them; where case says nothing, a conjunction, a verb
form and a preposition ("and works in", "AND MOVED TO") still open a new clause, and the span is cut there.

The class: any conjunction of "and", "but", "or", any verb form, any of the prepositions that follow such
verbs, between two names of any name label, in lower case and in capitals; mixed-case lines keep their
rules ("Marks and Spencer", "Campaign to Protect Rural England")."""
import pytest

from spacy_anon.tagger.span_filters.span_edges import CLAUSE_CONJUNCTIONS, CLAUSE_PREPOSITIONS
from tests.default_pipeline import masked_texts as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text", [
    "the claimant lives in co. limerick and works in cork city.",
    "she was born in galway and moved to dublin in 2001.",
    "he studied at leeds university but worked at york hospital.",
    "THE CLAIMANT LIVES IN COUNTY LIMERICK AND WORKS IN CORK CITY.",
])
def test_no_span_runs_over_a_new_clause(nlp, text):
    found = [r.lower() for r in rows(nlp, text)]
    assert found, text
    for r in found:
        words = r.split()
        assert not any(a in CLAUSE_CONJUNCTIONS and c in CLAUSE_PREPOSITIONS
                       for a, c in zip(words, words[2:])), found


def test_the_places_on_both_sides_stay_masked(nlp):
    found = [r.lower() for r in rows(nlp, "the claimant lives in co. limerick and works in cork city.")]
    assert any("limerick" in r for r in found) and any("cork" in r for r in found), found


def test_mixed_case_lines_keep_their_own_rules(nlp):
    # the writer's capitals decide there: a name joined by "and" stays one span, a clause is cut by `join_pieces`
    assert any("Marks and Spencer" in r for r in rows(nlp, "She shops at Marks and Spencer in Leeds."))
    assert rows(nlp, "She lives in Leeds and works in York.") == ["Leeds", "York"]
