"""The structured fast path pauses the cyclic garbage collector only while it scans and masks a batch:
the caller reads results with the collector as it set it, and a failure still comes after the texts
before it."""
import gc

import pytest

import spacy_anon.fast_path as fast_path
from spacy_anon.fast_path import anonymize_structured, structured_pipeline

LINES = ["user=u1 ip=10.0.0.1 at 2024-03-06T20:14:52Z", "call (555) 010-4477", "nothing here", "a@example.com"]


@pytest.fixture()
def nlp():
    return structured_pipeline()


def test_collector_paused_in_a_batch_and_running_while_the_caller_reads(nlp, monkeypatch):
    rules = nlp.get_pipe("anon_rules")
    seen = []
    match_batch = rules.match_batch
    monkeypatch.setattr(rules, "match_batch", lambda batch: seen.append(gc.isenabled()) or match_batch(batch))
    assert gc.isenabled()
    reading = [gc.isenabled() for _out in anonymize_structured(LINES * 3, nlp, batch_size=4)]
    assert seen == [False, False, False]
    assert reading == [True] * 12 and gc.isenabled()


def test_a_caller_that_disabled_the_collector_keeps_it_disabled(nlp):
    gc.disable()
    try:
        assert len(list(anonymize_structured(LINES, nlp))) == len(LINES)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_failure_comes_after_the_texts_before_it(nlp, monkeypatch):
    masked = fast_path._masked

    def failing(nlp_, rules, mask, batch, found, memory):
        for k, item in enumerate(masked(nlp_, rules, mask, batch, found, memory)):
            if k == 2:
                raise ValueError("the third text failed")
            yield item

    monkeypatch.setattr(fast_path, "_masked", failing)
    got = []
    with pytest.raises(ValueError, match="third text"):
        for item in anonymize_structured(LINES, nlp):
            got.append(item)
    assert len(got) == 2 and "10.0.0.1" not in got[0][0]
    assert gc.isenabled()
