"""The batch prefilter's relaxed patterns match wherever the recognizer patterns match (ASCII text), so
skipping the texts they do not flag changes no result; with `hyperscan` installed, the batch scan with
the prefilter equals the texts scanned one by one."""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacy_anon.fast_path import structured_recognizers
from spacy_anon.rules import prefilter
from spacy_anon.rules.matching import find_matches, find_matches_batch, make_options, recognizers_for
from spacy_anon.rules.recognizers import REGISTRY

PATTERNS = [p.regex for rec in recognizers_for(("all",)) if rec.finder is None for p in rec.patterns]
RELAXED = [(regex, re.compile(form[0].decode("ascii"), re.IGNORECASE if form[1] else 0))
           for regex in PATTERNS for form in [prefilter.relaxed(regex)] if form is not None]
ASCII_LINE = st.lists(st.one_of(
    st.text(alphabet=st.sampled_from(list("0123456789 -./:@+#()[]=_\n\tabcEFGXYZkK")), max_size=60),
    st.sampled_from(["ana@example.com", "10.0.0.1", "4111 1111 1111 1111", "GB82WEST12345698765432",
                     "123-45-6789", "2024-03-06T20:14:52Z", "12/03/2021", "12.03.2021", "+44 20 7946 0958",
                     "user=u12345", "token=abcdEFGH1234ijklMNOP5678", "fe80::1", "MORGA753116SM9IJ",
                     "[28/Jun/2024:09:31:04 +0000]", "AKIAIOSFODNN7EXAMPLE", "https://example.com/x?a=1",
                     "3 March 2024", "MRN 00482913", "ssn", "IBAN", "hxxp://evil[.]example"])),
    max_size=6).map("".join)


def test_most_patterns_are_relaxed():
    assert len(RELAXED) >= 0.7 * len(PATTERNS)


@pytest.mark.parametrize("source, text", [
    (r"(?<![\w.])\d{3}-\d{2}-\d{4}(?!\d)", "x123-45-6789"),      # lookarounds left out
    (r"\b(\d)([/.\-])\d\2\d\b", "1.2.3"),                          # a back reference: its group
    (r"(?i:march)\s\d{4}", "MARCH\x1f2024"),                     # case-blind group, Python's ASCII \s
    (r"[^\W\d_]+@\w+", "ab@c_d"),                                 # negated categories in a class
])
def test_relaxed_pattern_matches_what_the_pattern_matches(source, text):
    regex = re.compile(source)
    form = prefilter.relaxed(regex)
    assert form is not None
    assert re.search(form[0].decode("ascii"), text, re.IGNORECASE if form[1] else 0)


def test_unicode_flags_are_not_relaxed():
    assert prefilter.relaxed(re.compile(r"a.b", re.DOTALL)) is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ASCII_LINE)
def test_every_match_is_flagged(text):
    for regex, loose in RELAXED:
        if regex.search(text):
            assert loose.search(text), (regex.pattern, text)


@pytest.mark.skipif(prefilter.hyperscan is None, reason="hyperscan (the `fast` extra) is not installed")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ASCII_LINE, min_size=2, max_size=8))
def test_prefiltered_batch_equals_one_by_one(texts):
    options, recognizers = make_options(), recognizers_for(structured_recognizers())
    assert find_matches_batch(texts, recognizers, options) == [find_matches(t, recognizers, options) for t in texts]


@pytest.mark.skipif(prefilter.hyperscan is None, reason="hyperscan (the `fast` extra) is not installed")
def test_prefilter_flags_texts_per_pattern():
    email = REGISTRY["rules.email"].patterns[0].regex
    filt = prefilter.prefilter_for((email,))
    hits = filt.hits(["mail ana@example.com", "no address here", "caf\u00e9 ana@example.com"])
    assert hits[0] == {filt.ids[email]} and hits[1] == frozenset() and hits[2] is None
