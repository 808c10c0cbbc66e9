"""Bug (issue 28, leaks and wrong types in tickets, messages and school reports): an IT ticket's "Closed by
j.abara" left the user name in clear and its error "AUTH_TOKEN_EXPIRED" gave "TOKEN" as an ORG; a
message's "G'day Mick," was one ORG and a French "Merci," a PERSON; a school report's "SPRING TERM 2025"
was a place. The classes: a user name after a ticket's, a repository's or a forum's actor words ("closed
by", "assigned to", "merged by", "comment by u/") is a user name; a piece of a snake_case or SCREAMING_CASE word is a program's
identifier, no name; greetings and closings of other languages ("Merci", "Gracias", "Danke") and "G'day"
are no name, and one capitalised word a greeting opens its line with is the reader's name; a school's
term with its year is a date."""
import pytest

from spacy_anon.mask.given_names import greeted_name
from spacy_anon.mask.machine_text import snake_piece
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,user", [
    ("Resolution: Reset credentials, token reissued. Closed by j.abara on 2025-02-11 16:42 UTC.", "j.abara"),
    ("Ticket assigned to mkowalski, escalated to the network team.", "mkowalski"),
    ("PR #412 merged by dev_ops1 after review.", "dev_ops1"),
    ("⬆ 312 · top comment by u/tenancy_nerd\n  No, he has to give 24 hours notice.", "tenancy_nerd"),
    ("r/AskUK · Posted by u/throwaway_landlord_q\n\nLandlord keeps turning up.", "throwaway_landlord_q"),
])
def test_a_tickets_actor_is_a_user_name(nlp, text, user):
    found = rows(nlp, text)
    assert any(t == user and label in ("CONTACT", "PERSON") for t, label in found), found


@pytest.mark.parametrize("text", ["Closed by admin.", "Assigned to the network team.", "Resolved by phone."])
def test_words_after_a_tickets_actor_words_stay(nlp, text):
    assert rows(nlp, text) == []


@pytest.mark.parametrize("text,start,end,piece", [
    ('Error "AUTH_TOKEN_EXPIRED".', 12, 17, True), ("call get_Smith_record()", 9, 14, True),
    ("call Anna_Kowalski today", 5, 18, False), ("Anna Smith", 0, 4, False), ("by u/tenancy_nerd", 5, 12, False),
])
def test_snake_pieces(text, start, end, piece):
    assert snake_piece(text, start, end) is piece


def test_an_error_code_is_no_name(nlp):
    found = rows(nlp, 'Description: User unable to log in since the update. Error "AUTH_TOKEN_EXPIRED".')
    assert not any("TOKEN" in t for t, _ in found), found


@pytest.mark.parametrize("text,name", [
    ("G'day Mick,\n\nJust confirming the booking for Thursday.\n\nCheers,\nBec", "Mick"),
    ("Bonjour Professor Okoye,\n\nI attach my paper.\n\nMerci,\nÉmilie", "Émilie"),
])
def test_greetings_and_closings_are_no_names(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found
    assert not any(t.startswith(("G'day", "Merci")) for t, _ in found), found


@pytest.mark.parametrize("text,start,end,greeted", [
    ("G'day Mick,", 6, 10, True), ("Hi Anya! Can you send it?", 3, 7, True), ("Hi Team, see below.", 3, 7, False),
    ("Hello Leeds! Great to be back.", 6, 11, False), ("We met Anya, then left.", 7, 11, False),
])
def test_greeted_names(text, start, end, greeted):
    assert greeted_name(text, start, end) is greeted


def test_a_school_term_with_its_year_is_a_date(nlp):
    found = rows(nlp, "SCHOOL REPORT - SPRING TERM 2025\nPupil: Oliver Chukwuemeka   Class: 5B\n")
    assert ("SPRING TERM 2025", "DATETIME") in found and ("Oliver Chukwuemeka", "PERSON") in found, found
