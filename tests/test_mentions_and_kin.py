"""Bug (issue 28, chats and notes): "@dev-oncall heads up: prod DB is down" masked "@dev-oncall heads up" as
one speaker; "his mam was raging" masked "mam" as a person; "UR: 00884213" (an Australian hospital's unit
record number) was typed a phone number, and "ur number is 07700 900123" a place. The class: a turn's
label after "@" is the mention alone, the words after it are the message; what children call their
relatives is kinship, no name; "UR"/"URN" in capitals keys a record number; chat's "ur number" and "new
number" are a phone's context."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,mention,message", [
    ("@dev-oncall heads up: prod DB is down", "@dev-oncall", "heads up"),
    ("@sam.k quick q: can you review?", "@sam.k", "quick q"),
])
def test_a_mention_then_the_message(nlp, text, mention, message):
    found = [t for t, _ in rows(nlp, text)]
    assert mention in found and not any(message in t for t in found), found


@pytest.mark.parametrize("text", ["his mam was raging", "my nan was there", "Her Mammy was there.",
                                  "our granny was there"])
def test_kin_words(nlp, text):
    assert rows(nlp, text) == []


def test_kin_word_before_a_name(nlp):
    assert ("Joan", "PERSON") in rows(nlp, "My nan Joan is 90 today")


def test_unit_record_number(nlp):
    assert ("00884213", "ID") in rows(nlp, "PATIENT: LEUNG, Wai Man (Mr)   DOB: 14/06/1952   UR: 00884213")


def test_chat_number(nlp):
    doc = nlp("ur number is 07700 900123 ok")
    assert [(row["label"], row.get("type")) for row in doc._.anon_table] == [("CONTACT", "PHONE")]
