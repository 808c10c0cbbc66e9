"""Bugs found on forms and letters. "Job title: Senior Forklift Operator" masked "Forklift Operator" as a
person: an occupation a tagger took for a name (capitalised words ending in a job noun, or the value of a
job's field) is a demographic trait, DEM. "Mr and Mrs Hargreaves" masked "Mr and" as one span: a title's
span ends before the conjunction. "We stayed at the Smiths' house in Leeds over Easter" was one ORG span:
a tagger's run over names and the prose between them is split at the lower-case words inside it that no
name holds ("house", "visited"), while "Bank of England" and "the northern part of Cyprus" stay whole."""
import pytest

from spacy_anon.mask.job_titles import occupation
from spacy_anon.mask.name_runs import split_at_inner_words
from tests.default_pipeline import default_nlp, masked_rows, masked_texts, nlp  # noqa: F401  (the fixture)


@pytest.mark.parametrize("text, value", [
    ("Name: Priya Raman\nJob title: Senior Forklift Operator\nEmployer: Castlegate Logistics Ltd", "Forklift Operator"),
    ("JOB TITLE: SENIOR FORKLIFT OPERATOR", "SENIOR FORKLIFT OPERATOR"),
    ("The Forklift Operator, Dariusz Wolak, said the racking was unsafe.", "Forklift Operator"),
])
def test_an_occupation_a_tagger_took_for_a_name_is_dem(nlp, text, value):
    rows = masked_rows(nlp, text)
    assert (value, "DEM") in rows
    assert not any(label == "PERSON" and value in masked for masked, label in rows)


def test_the_person_beside_an_occupation_stays_a_person(nlp):
    text = "The Forklift Operator, Dariusz Wolak, said the racking was unsafe."
    assert ("Dariusz Wolak", "PERSON") in masked_rows(nlp, text)


@pytest.mark.parametrize("text, value, expected", [
    ("The Forklift Operator said", "Forklift Operator", True), ("Occupation: Welder", "Welder", True),
    ("Job title: Senior Forklift Operator", "Forklift Operator", True),
    ("Will Baker said", "Will Baker", False), ("Lord Chancellor said", "Lord Chancellor", False),
    ("Job: Head Chef at Rosa's", "Rosa's", False), ("Kestrel Avionics said", "Kestrel Avionics", False),
])
def test_occupation(text, value, expected):
    doc = default_nlp().make_doc(text)
    span = doc.char_span(text.index(value), text.index(value) + len(value))
    given = {"will", "anna"}.__contains__
    assert occupation(doc, span.start, span.end, given) is expected


@pytest.mark.parametrize("text, title", [
    ("Mr and Mrs Hargreaves attended the viewing with their son.", "Mr"),
    ("Dr. & Mrs. Okafor sent a card.", "Dr."),
    ("MR AND MRS PATEL were informed.", "MR"),
])
def test_a_titles_span_ends_before_the_conjunction(nlp, text, title):
    masked = masked_texts(nlp, text)
    assert not any(m.lower().endswith((" and", " &")) for m in masked)
    assert any("Hargreaves" in m or "Okafor" in m or "PATEL" in m for m in masked)


@pytest.mark.parametrize("text, name, unmasked", [
    ("We stayed at the Smiths' house in Leeds over Easter.", "Leeds", ("house", "stayed")),
    ("We stayed at the Patels' flat in Leeds over Easter.", "Leeds", ("flat",)),
])
def test_a_run_over_names_and_prose_is_split_at_the_prose(nlp, text, name, unmasked):
    masked = masked_texts(nlp, text)
    assert any(name in m for m in masked)
    assert not any(word in m for m in masked for word in unmasked)


@pytest.mark.parametrize("text, parts", [
    ("Smiths' house in Leeds over Easter", ["Smiths'", "Leeds over Easter"]),
    ("List of mayors of Tirana", ["Tirana"]), ("Mont des Cats", ["Mont des Cats"]),
    ("Thomas Cranmer visited Canterbury", ["Thomas Cranmer", "Canterbury"]),
    ("Feels like Home", ["Feels like Home"]), ("Caxias do Sul", ["Caxias do Sul"]),
    ("Bank of England", ["Bank of England"]), ("the northern part of Cyprus", ["the northern part of Cyprus"]),
    ("Committee against Torture", ["Committee against Torture"]), ("Leonardo da Vinci", ["Leonardo da Vinci"]),
    ("Stoke-on-Trent City Council", ["Stoke-on-Trent City Council"]), ("Diyarbakır prison", ["Diyarbakır prison"]),
])
def test_split_at_inner_words(text, parts):
    doc = default_nlp().make_doc(text)
    assert [doc[s:e].text for s, e in split_at_inner_words(doc, 0, len(doc))] == parts


def test_a_later_piece_of_one_frequent_word_stays():
    doc = default_nlp().make_doc("List of sovereign states in Europe")
    assert [doc[s:e].text for s, e in split_at_inner_words(doc, 0, len(doc))] == ["Europe"]
