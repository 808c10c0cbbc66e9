"""Speakers of chat and transcript turns (`rules.recognizers.speakers`): names and user names found, roles
and form keys left alone, through the recognizers and through the default pipeline."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.rules.recognizers.speakers import SPEAKER_HANDLE, SPEAKER_NAME, is_role_turn, turns


def found(text):
    return [(text[s:e], kind) for s, e, kind, _score in turns(text)]


def test_timestamped_chat_user_names_are_people_or_handles():
    text = ("[08:02] tomek_w: anyone seen the keys\n[08:03] lucy.ferraro: on the hook\n"
            "[08:03] zzNightOwlzz: lol\n[08:04] gamer_4412: same")
    assert found(text) == [("tomek_w", "name"), ("lucy.ferraro", "name"), ("zzNightOwlzz", "handle"),
                           ("gamer_4412", "handle")]


def test_dialogue_names_in_lower_case_even_when_they_are_words():
    text = "bob: ready?\nwill: yes, will bring it\nbob: great\nwill: see you"
    assert found(text) == [("bob", "name"), ("will", "name"), ("bob", "name"), ("will", "name")]


@pytest.mark.parametrize("role", ["caller", "agent", "interviewer", "operator", "mum", "second voice",
                                  "SPEAKER 2", "Customer", "Q"])
def test_roles_are_no_names(role):
    text = f"{role}: hello\nagent: hi there\n{role}: thanks\nagent: bye"
    kinds = {kind for _s, _e, kind, _sc in turns(text)}
    assert kinds == {"role"}


def test_form_keys_written_once_are_no_turns():
    text = "Name: Oskar Lindahl\nPlan: review in clinic\nSignature: O. Lindahl"
    assert found(text) == []


def test_email_headers_repeated_in_a_thread_are_roles():
    text = "From: a@example.com\nSubject: rota\n\n> From: b@example.org\n> Subject: Re: rota"
    assert all(kind == "role" for _t, kind in found(text))


def test_handle_marks_and_titles_stay_outside():
    text = "@sofia.marlowe: miss you\n↳ u/quiet_tenant_9: thanks\ndr okafor: morning\ndr okafor: bye"
    assert found(text) == [("sofia.marlowe", "name"), ("quiet_tenant_9", "handle"), ("okafor", "name"),
                           ("okafor", "name")]


def test_recognizers_label_names_person_and_handles_contact():
    text = "[10:00] jan_k: hi\n[10:01] frostfire_99: yo"
    assert [(text[s:e], lab) for s, e, _sc, _v in SPEAKER_NAME.raw_matches(text, None)
            for lab in [SPEAKER_NAME.label]] == [("jan_k", "PERSON")]
    assert [text[s:e] for s, e, _sc, _v in SPEAKER_HANDLE.raw_matches(text, None)] == ["frostfire_99"]


def test_is_role_turn_only_on_the_whole_label():
    text = "caller: hi\nagent: hello\ncaller: bye"
    assert is_role_turn(text, 0, 6)
    assert not is_role_turn(text, 0, 3)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["kai_r", "mo.s", "noor_b", "zed_12x"]), min_size=2, max_size=6),
       st.sampled_from(["", "[09:1{}] "]))
def test_every_marked_turn_is_found_once(speakers, clock):
    """The class: whatever the user names and the order, each timestamped or repeated turn's label is
    found, exactly it (no colon, no clock)."""
    lines = [f"{clock.format(i % 10)}{who}: message {i}" for i, who in enumerate(speakers)]
    text = "\n".join(lines)
    got = [text[s:e] for s, e, _k, _sc in turns(text)]
    expected = [who for who in speakers if clock or speakers.count(who) >= 2]
    assert got == expected


@pytest.fixture(scope="module")
def nlp():
    import spacy_anon

    return spacy_anon.load()


def test_default_pipeline_masks_speakers_not_roles(nlp):
    text = ("[19:02] pavel_n: did u call the garage\n[19:03] ingrid.holm: yes, friday\n"
            "[19:05] pavel_n: cool\n")
    out = nlp(text)._.anon_text
    assert "pavel_n" not in out and "ingrid.holm" not in out
    transcript = "caller: hi, my boiler broke\nagent: sorry to hear, name please\ncaller: it's greta\nagent: thanks\n"
    doc = nlp(transcript)
    assert doc._.anon_text.count("caller:") == 2 and doc._.anon_text.count("agent:") == 2
