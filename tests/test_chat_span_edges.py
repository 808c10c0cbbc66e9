"""Chat lines typed in lower case: a name's span stops at the name.

"meet at the costa on church street around 11" masked "church street around 11" as one place; "nope ask
lisa" masked "ask lisa" as a person; "anyone seen the keys" kept "seen the" as an organisation after
its capitalised reading was trimmed.
"""
import pytest

import spacy_anon


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def _masked(nlp, text):
    doc = nlp(text)
    return [text[r["start"]:r["end"]] for r in doc._.anon_table]


@pytest.mark.parametrize("text,place,time", [
    ("so i told my sister rachel we'd meet at the costa on church street around 11 and she never came",
     "church street", "around 11"),
    ("Meet me at the Red Lion by 8 tonight", "Red Lion", "by 8"),
])
def test_a_time_said_after_a_place_is_not_part_of_it(nlp, text, place, time):
    masked = _masked(nlp, text)
    assert any(place in m for m in masked), masked
    assert not any(time in m for m in masked), masked


@pytest.mark.parametrize("text,name", [
    ("[09:15] mo.ahmed: nope ask lisa", "lisa"),
    ("ok text sam when you're there", "sam"),
])
def test_an_imperative_after_an_interjection_is_not_part_of_the_name(nlp, text, name):
    masked = _masked(nlp, text)
    assert name in masked, masked


def test_a_span_left_with_only_a_verb_form_and_a_stop_word_is_dropped(nlp):
    masked = _masked(nlp, "[09:14] dan_k: anyone seen the keys for the van?")
    assert not any(m.startswith("seen") for m in masked), masked
