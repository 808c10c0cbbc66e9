"""Control and invisible characters glued to or inside a name do not hide it: the name is found and masked
(the tokenizer reads them as nothing inside a word and as a word break between a word and a capital)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.tagger.tokenizer import split_char_classes
from spacy_anon.text_views import visible_text

# C0/C1 controls (not tab, line breaks or NEL), zero-width space/non-joiner/joiner, word joiner, soft
# hyphen, BOM
HIDDEN = [chr(c) for c in (*range(0x09), 0x0e, 0x0f, *range(0x10, 0x20), 0x7f, *range(0x80, 0x85), *range(0x86, 0xa0))] \
    + ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff"]
NAME = "Jonathan Kowalski"


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def _leaks(out):
    seen = visible_text(out).lower()
    return [part for part in ("jonathan", "kowalski", "kowal", "alski") if part in seen]


@pytest.mark.parametrize("ch", ["\x00", "\x01", "\x1f", "\x7f", "\x9f", "\u200b", "\u200d", "\u00ad", "\ufeff"])
def test_a_hidden_character_glued_before_a_name_does_not_hide_it(nlp, ch):
    doc = nlp(f"Hello{ch}{NAME} said hi.")
    assert _leaks(doc._.anon_text) == []
    assert [r["label"] for r in doc._.anon_table] == ["PERSON"]


def test_tokenizer_breaks_between_a_word_and_a_capital_but_keeps_a_hidden_word_whole():
    assert split_char_classes("Hello\x00Jonathan")[0] == ["Hello", "\x00", "Jonathan"]
    assert split_char_classes("Hello\u200bJonathan")[0] == ["Hello", "\u200b", "Jonathan"]
    assert split_char_classes("Kow\x00alski KOW\u200bALSKI")[0] == ["Kow\x00alski", "KOW\u200bALSKI"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hidden_characters_anywhere_in_or_around_a_name_never_leak_it(nlp, data):
    """Any hidden characters inserted at any places of "Name: Jonathan Kowalski, born in 1970." leave no
    part of the name readable in the output."""
    text = f"Name: {NAME}, born in 1970."
    lo, hi = text.index(NAME) - 1, text.index(NAME) + len(NAME) + 1
    places = data.draw(st.lists(st.integers(lo, hi), min_size=1, max_size=4, unique=True))
    chars = data.draw(st.lists(st.sampled_from(HIDDEN), min_size=len(places), max_size=len(places)))
    for at, ch in sorted(zip(places, chars), reverse=True):
        text = text[:at] + ch + text[at:]
    assert _leaks(nlp(text)._.anon_text) == []
