"""A word hyphenated across a line break ("Kowal-\\nski") is masked whole, with its label: no fragment of it
stays in clear (the tagger reads it as one word, the leak guard grows a mention that cuts it, and the sweep
reads it joined)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.mask.leak_guard import Term, find_occurrences, join_hyphenated


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def _grow(text, mention):
    start = text.index(mention)
    [(s, e)] = join_hyphenated(text, [(start, start + len(mention))])
    return text[s:e]


@pytest.mark.parametrize("text, mention, grown", [
    ("Mr Kowal-\nski came", "Mr Kowal-", "Mr Kowal-\nski"),
    ("Mr Kowal-\nski came", "Mr Kowal", "Mr Kowal-\nski"),
    ("Mr Kowal-\nski came", "ski", "Kowal-\nski"),
    ("Mr Kowal- \n  ski came", "Kowal", "Kowal- \n  ski"),
    ("Mr Kowal-\nski came", "Mr", "Mr"),  # does not touch the wrapped word
    ("Mr Kowal -\nski came", "Mr Kowal", "Mr Kowal"),  # a dash after a space is no hyphenation
    ("Anna Smith-\nJones came", "Anna Smith", "Anna Smith-\nJones"),
])
def test_join_hyphenated(text, mention, grown):
    assert _grow(text, mention) == grown


def test_the_sweep_reads_a_wrapped_word_joined():
    text = "Then kowal-\nski and Kowalski left."
    found = [text[s:e] for s, e, _ in find_occurrences(text, [Term(("kowalski",), 0)])]
    assert found == ["kowal-\nski", "Kowalski"]


@pytest.mark.parametrize("text", [
    "The applicant, Mr Jonathan Kowal-\nski, was born in Leeds.",
    "The applicant, Mr Jonathan Kowalski, was born in Leeds. Later Mr Kowal-\nski left.",
    "The applicant, Mr Jona-\nthan Kowalski, was born in Leeds.",
])
def test_a_wrapped_name_is_masked_whole_as_a_person(nlp, text):
    doc = nlp(text)
    out = doc._.anon_text
    for fragment in ("Kowal", "ski", "Jona", "than"):
        assert fragment not in out
    brk = text.index("-\n")
    assert any(r["start"] < brk < r["end"] and r["label"] == "PERSON" for r in doc._.anon_table)
    assert {r["label"] for r in doc._.anon_table if r["label"] != "LOC"} == {"PERSON"}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_name_wrapped_at_any_letter_leaves_no_fragment(nlp, data):
    name = "Kowalski"
    cut = data.draw(st.integers(2, len(name) - 2))
    text = f"The applicant, Mr Jonathan {name[:cut]}-\n{name[cut:]}, was born in Leeds in 1970."
    doc = nlp(text)
    out = doc._.anon_text
    assert name[:cut] not in out and name[cut:] not in out and "Jonathan" not in out
    assert [r["label"] for r in doc._.anon_table][:1] == ["PERSON"]
