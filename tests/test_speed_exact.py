"""Shortcuts of the default pipeline's hot paths give exactly what the plain code gives: each test
compares one with the straightforward computation it replaces (written out here), on texts built
to hit the shortcut's edges (line breaks inside tokens, capitals, non-ASCII letters, odd case and
spacing of the words a prefilter looks for)."""
from typing import List, Tuple

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.tagger.span_filters.generic_words import caps_lines


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def _reference_caps_lines(doc) -> Tuple[List[bool], List[bool]]:
    """The per-token, per-character loop `caps_lines` replaces."""
    flags, headings = [False] * len(doc), [False] * len(doc)
    line: List[int] = []
    upper = letters = 0
    for token in doc:
        line.append(token.i)
        for ch in token.text:
            if ch.isalpha():
                letters += 1
                upper += ch.isupper()
        if "\n" in token.whitespace_ or "\n" in token.text or token.i == len(doc) - 1:
            caps = letters >= 6 and upper >= 0.8 * letters
            short = caps and sum(1 for i in line if doc[i].is_alpha) <= 3 and not any(doc[i].text == ":" for i in line)
            for i in line:
                flags[i] = caps
                headings[i] = short
            line, upper, letters = [], 0, 0
    return flags, headings


CAPS_ATOMS = ["EDUCATION", "PARENT", "/", "CARER", "John", "SMITH", "met", ":", " ", "  ", "\n", "\n\n", " \n ",
              "ÉCOLE", "école", "Ⅷ", "ß", "İ", "ǅ", "12", "MRN", "a", "B", ".", "\t", "STATES HE WANTS"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CAPS_ATOMS), max_size=30), st.booleans())
def test_caps_lines_is_the_per_token_loop(atoms, spaced):
    text = (" " if spaced else "").join(atoms)
    for doc in (_nlp().make_doc(text), _blank().make_doc(text)):
        assert caps_lines(doc) == _reference_caps_lines(doc)


def test_caps_lines_on_a_letter_and_heading_mix(nlp):
    doc = nlp.make_doc("EDUCATION\nJohn Smith met HIS TEACHER AT SCHOOL\nPARENT / CARER: MARY\nok")
    assert caps_lines(doc) == _reference_caps_lines(doc)
    assert caps_lines(nlp.make_doc("")) == ([], [])


_CACHE = {}


def _nlp():
    if "nlp" not in _CACHE:
        _CACHE["nlp"] = spacy_anon.load()
    return _CACHE["nlp"]


def _blank():
    if "blank" not in _CACHE:
        _CACHE["blank"] = spacy.blank("en")
    return _CACHE["blank"]
