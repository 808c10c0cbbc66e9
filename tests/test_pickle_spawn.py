"""Importing the package keeps pipelines picklable and spawn-safe (Spark, Ray, Dask, macOS, Windows)."""
import multiprocessing
import pickle

import spacy
from spacy.tokens import Doc, Span

import spacy_anon  # noqa: F401  (registers the extensions)


def test_registered_extensions_are_picklable():
    for name in ("anon_source", "anon_score", "anon_validated"):
        pickle.dumps(Span.get_extension(name))
    pickle.dumps(Doc.get_extension("anon_text"))


def test_a_plain_pipeline_runs_under_spawn_after_import():
    """spaCy sends every registered extension to its workers; closures there broke n_process > 1 under
    spawn for any pipeline once spacy_anon was imported."""
    nlp = spacy.blank("en")
    ctx = multiprocessing.get_start_method(allow_none=True)
    try:
        multiprocessing.set_start_method("spawn", force=True)
        docs = list(nlp.pipe(["one text", "another text", "a third"], n_process=2, batch_size=1))
    finally:
        multiprocessing.set_start_method(ctx, force=True)
    assert [d.text for d in docs] == ["one text", "another text", "a third"]


TEXTS = ["Anna Kowalski called 212-555-0199 on 3 May 2020.", "Write to jan.novak@example.com.",
         "Mr Benham's solicitor wrote to the court."]


def test_the_default_pipeline_pickles_and_masks_the_same_after():
    nlp = spacy_anon.load()
    again = pickle.loads(pickle.dumps(nlp))
    assert [again(t)._.anon_text for t in TEXTS] == [nlp(t)._.anon_text for t in TEXTS]


def test_the_default_pipeline_runs_under_spawn_with_two_processes():
    nlp = spacy_anon.load()
    ctx = multiprocessing.get_start_method(allow_none=True)
    try:
        multiprocessing.set_start_method("spawn", force=True)
        docs = list(nlp.pipe(TEXTS, n_process=2, batch_size=1))
    finally:
        multiprocessing.set_start_method(ctx, force=True)
    assert [d._.anon_status for d in docs] == ["ok"] * 3
    assert [d._.anon_text for d in docs] == [nlp(t)._.anon_text for t in TEXTS]
