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
