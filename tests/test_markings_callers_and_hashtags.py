"""Bugs (issue 28) found on a disciplinary letter and a lost-dog post, each fixed as a class: a letter's
marking on a line of its own is no place ("Private and Confidential" was a LOC); the one to call before
"on" and a number is a person, where a tagger said place ("Please call Steph on 07700 900461"); a post's
hashtags are pieces of their own ("#Rochdale #LostDog" was one PERSON span): a town's hashtag is a place,
a hashtag of dictionary words ("#LostDog", "#ThrowbackThursday") names nobody."""
import pytest

from tests.default_pipeline import masked_rows as rows, masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,name", [
    ("Ref: HR/ER/2026/014\nPrivate and Confidential\nMr Callum Reid\nFlat 9, 41 Sauchiehall Street", "Mr Callum Reid"),
    ("PRIVATE & CONFIDENTIAL\nMR JOHN SMITH", "MR JOHN SMITH"),
    ("WITHOUT PREJUDICE\nDear Ms Patel,", "Ms Patel"),
])
def test_a_letters_marking_is_no_name(nlp, text, name):
    found = masked_texts(nlp, text)
    assert name in found, found
    assert not any(w in t.lower() for t in found for w in ("confidential", "prejudice")), found


def test_the_one_to_call(nlp):
    text = "Lost dog!! She went missing near Hollingworth Lake on Sunday. Please call Steph on 07700 900461 if you see her."
    assert ("Steph", "PERSON") in rows(nlp, text)


def test_hashtags(nlp):
    text = "Please call Steph on 07700 900461 if you see her. #Rochdale #LostDog"
    found = rows(nlp, text)
    assert ("Rochdale", "LOC") in found, found
    assert not any("LostDog" in t for t, _ in found), found
    found = masked_texts(nlp, "Great night out! #ThrowbackThursday #Manchester")
    assert "Manchester" in found and not any("Throwback" in t for t in found), found


def test_the_one_to_contact(nlp):
    """Bug: a leaving-do e-mail's "contact Sunita in Finance" called Sunita a place: a listed given name after
    "contact" (or "ask", "tell", "email") is a person where a tagger said place."""
    text = ("Hi Team, Kwame's leaving drinks will be at The Crown on Friday from 5.30. Please chip in for a card/gift "
            "via the link - contact Sunita in Finance if you have questions. Thanks! Jo")
    assert ("Sunita", "PERSON") in rows(nlp, text)


def test_attendees_after_a_headings_dash(nlp):
    """Bug: "MEETING NOTES 4/2 – attendees: Raj, Helen M, Tomasz (remote), Aoife" called Aoife a place: a list
    field after a heading's dash opens the names as it does at a line's start."""
    text = "MEETING NOTES 4/2 – attendees: Raj, Helen M, Tomasz (remote), Aoife. Actions: Helen to chase Capita."
    assert ("Aoife", "PERSON") in rows(nlp, text)


def test_a_writer_introducing_themselves(nlp):
    """Bug: a team chat's "Hey its Tash from the Bristol team" called Tash an organisation: one capitalised
    word, no dictionary word or known place, between "it's" (or "this is", "I'm") and "from" is a person."""
    text = "Hey its Tash from the Bristol team 👋 quick q - does anyone have Marcus's mobile?"
    assert ("Tash", "PERSON") in rows(nlp, text)
