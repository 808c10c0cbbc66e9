"""The default English pipeline, loaded once for the test modules that run it on made-up text."""
from functools import lru_cache

import pytest

import spacy_anon


@lru_cache(maxsize=1)
def default_nlp():
    """`spacy_anon.load()`, built once per test process."""
    return spacy_anon.load()


@pytest.fixture(scope="module")
def nlp():
    return default_nlp()


def masked_texts(nlp, text):
    """The original text of each row of the replacement table, in order."""
    return [text[row["start"]:row["end"]] for row in nlp(text)._.anon_table]


def masked_rows(nlp, text):
    """(original text, label) of each row of the replacement table, in order."""
    return [(text[row["start"]:row["end"]], row["label"]) for row in nlp(text)._.anon_table]
