"""Property-based fuzzing of the rule engine and the masking step: any text, any hiding of a value."""
import re

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.rules.matching import find_matches
from spacy_anon.rules.recognizers import REGISTRY
from spacy_anon.text_views import INVISIBLE_CHARS

ALL = tuple(REGISTRY.values())
HIDERS = list(INVISIBLE_CHARS[:12]) + ["\x00", "\u00ad", "\u200b", "\u2060", "\ufeff"]
# characters that make rules work hard: digits, separators, @ . / : - and letters
NOISY = st.text(alphabet=st.sampled_from(list("0123456789 -./:@+#()[]\n\tabcXYZ\u2013\u200b\u00ad\x00é€$£")),
                max_size=300)
ANY = st.text(max_size=200)


def check_matches(text, matches):
    previous_end = 0
    for m in matches:
        assert 0 <= m.start < m.end <= len(text)
        assert m.start >= previous_end  # sorted, not overlapping
        previous_end = m.end
        assert 0.0 <= m.score <= 1.0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(NOISY, ANY))
def test_rule_engine_never_fails_and_returns_valid_matches(text):
    check_matches(text, find_matches(text, ALL))


VALUES = [  # (value, label, context) of structured identifiers with valid checksums
    ("536-22-1784", "ID", "SSN"),
    ("4111 1111 1111 1111", "ID", "card"),
    ("GB82 WEST 1234 5698 7654 32", "ID", "IBAN"),
    ("212-555-0199", "CONTACT", "call"),
    ("anna.kowalski@example.com", "CONTACT", "mail"),
    ("192.168.10.45", "CONTACT", "IP address"),
    ("12345678Z", "ID", "DNI"),
]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(VALUES), st.sampled_from(HIDERS), st.data())
def test_a_value_with_a_hidden_character_is_still_found_whole(value_label, hider, data):
    value, label, context = value_label
    i = data.draw(st.integers(1, len(value) - 1))
    hidden = value[:i] + hider + value[i:]
    text = f"The {context} is {hidden} as stated."
    start = text.index(hidden)
    matches = find_matches(text, ALL)
    check_matches(text, matches)
    assert any(m.start <= start and start + len(hidden) <= m.end and m.label == label for m in matches), \
        [(text[m.start:m.end], m.label) for m in matches]


def apply_table(text, rows):
    out, pos = [], 0
    for row in sorted(rows, key=lambda r: r["start"]):
        out += [text[pos:row["start"]], row["replacement"]]
        pos = row["end"]
    return "".join(out + [text[pos:]])


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(NOISY, ANY, st.sampled_from(["", " ", "\n\n", "Mr", "Mr Smith's", "@", "a@b"])))
def test_the_default_pipeline_masks_any_text_and_its_table_rebuilds_the_output(nlp, text):
    doc = nlp(text)
    assert doc._.anon_status == "ok"
    rows = doc._.anon_table
    assert apply_table(text, rows) == doc._.anon_text
    for a, b in zip(rows, rows[1:]):
        assert a["end"] <= b["start"]
    assert all("text" not in row for row in rows)  # no original value unless asked


def test_spaced_and_wrapped_forms_of_each_value_are_found():
    for value, label, context in VALUES:
        if not re.search(r"\d-\d", value):
            continue
        for hidden in (value.replace("-", "-\n"), value.replace("-", " - "), value.replace("-", "\u2013")):
            text = f"The {context} is {hidden} as stated."
            start = text.index(hidden)
            assert any(m.start <= start and start + len(hidden) <= m.end and m.label == label
                       for m in find_matches(text, ALL)), hidden
