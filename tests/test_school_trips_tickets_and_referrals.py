"""Bugs found on a school trip letter, a wedding's RSVP list, a support ticket, a GP's referral and a family
message, each fixed as a class.

- "Mon 9 – Wed 11 March" left "9" in clear: a range of days named with their weekdays is one date.
- "Dr A. Bhattacharya" was an organisation, "Precious N." and "Rahul S." too: a surname after a title and
  initials, and a given name with a surname's initial, are people.
- "account ID CUS-00918273" was a user name: a code after an account's id is the account's number.
- "Chrome 119", "Windows 11", "Tier 2", "GP", "RSVP" were masked: programs with their version, a scheme's
  level and messages' abbreviations name nobody.
- "Jordan & Kezia" was a place: two given names joined by "&" are two people (a firm named after two
  founders stays one: "Simon & Schuster").
- "lorry driver for" kept its preposition.
"""
import pytest

from rules_support import rule_values
from spacy_anon.mask.software_words import software_word
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, value", [
    ("the residential trip (Mon 9 – Wed 11 March). Thanks", "Mon 9 – Wed 11 March"),
    ("We are away Fri 3 to Sun 5 May 2024 ok", "Fri 3 to Sun 5 May 2024"),
])
def test_a_range_of_days_with_their_weekdays_is_one_date(nlp, text, value):
    assert (value, "DATETIME", "DATE") in rule_values(text)
    assert value in masked_texts(nlp, text)


def test_a_weekday_and_a_number_alone_is_no_range():
    assert not any(v.startswith("Mon 9") for v, _, _ in rule_values("Mon 9 – Wed 11 people came"))


REFERRAL = ("Patient: Grzegorz Nowicki   DOB: 17/03/1962   NHS: 401 023 2137\n"
            "Referral from: Dr A. Bhattacharya, Riverside Medical Practice\n"
            "Reason: ? bowel cancer – 2ww. 6 wk change in bowel habit, 4kg weight loss, FIT 148. FHx: father had "
            "colorectal ca at 58. Lives with wife in Hebden Bridge, works as a lorry driver for Eddie Stobart.")


def test_a_surname_after_a_title_and_initials_is_a_person(nlp):
    assert ("Bhattacharya", "PERSON") in masked_rows(nlp, REFERRAL)


def test_a_description_ends_before_its_preposition(nlp):
    texts = masked_texts(nlp, REFERRAL)
    assert "lorry driver" in texts and "lorry driver for" not in texts


TICKET = ("Ticket #58213 – Login issue\n"
          "Customer: marco.bianchi@tiscali.it (Marco Bianchi), account ID CUS-00918273\n"
          "Agent: Precious N.\n"
          "Marco reports he cannot log in since the password reset on 12/11. Error \"Invalid token\" on Chrome 119, "
          "Windows 11. Escalated to Tier 2 (Rahul S.).")


def test_a_given_name_and_an_initial_is_a_person(nlp):
    rows = masked_rows(nlp, TICKET)
    assert ("Precious N", "PERSON") in rows and ("Rahul S", "PERSON") in rows


def test_programs_and_levels_in_a_ticket_are_no_names(nlp):
    texts = masked_texts(nlp, TICKET)
    assert not any(t in texts for t in ("Chrome 119", "Windows 11", "Tier 2"))


def test_an_account_ids_code_is_its_number():
    assert ("CUS-00918273", "ID", "ACCOUNT_NUMBER") in rule_values(TICKET)
    assert ("AB1234", "CONTACT", "USERNAME") in rule_values("login: AB1234")


@pytest.mark.parametrize("value, expected", [
    ("Chrome 119", True), ("Windows 11", True), ("Python 3.12", True), ("Tier 2", True), ("Band 5", True),
    ("Key Stage 2", True), ("RSVP", True), ("GP", True), ("Chester 2", False), ("Ward 7", False),
])
def test_software_and_message_words(value, expected):
    assert software_word(value) is expected


@pytest.mark.parametrize("text", ["Mum's GP appointment moved to Thursday.", "Please see your GP if it gets worse.",
                                  "RSVP by Friday please."])
def test_a_family_doctor_and_a_reply_request_are_no_names(nlp, text):
    assert not any(t in ("GP", "RSVP") for t in masked_texts(nlp, text))


@pytest.mark.parametrize("text, people", [("No: Grandma Iris (hip), Jordan & Kezia", ["Jordan", "Kezia"])])
def test_two_given_names_are_two_people(nlp, text, people):
    rows = masked_rows(nlp, text)
    assert all((p, "PERSON") in rows for p in people)


@pytest.mark.parametrize("text, org", [("Published by Simon & Schuster.", "Simon & Schuster"),
                                       ("We stayed at Marks & Spencer", "Marks & Spencer")])
def test_a_firm_named_after_its_founders_stays_one(nlp, text, org):
    assert (org, "ORG") in masked_rows(nlp, text)


@pytest.mark.parametrize("text, piece, expected", [
    ("at 11.30am. Family flowers only", "Family flowers", True),  # a sentence's words
    ("Kid vs Kat", "Kid vs", False),  # a title's particle
    ("Brown left early", "Brown left", False),  # a surname
    ("He saw Family flowers", "Family flowers", False),  # inside a sentence
])
def test_sentence_prose(nlp, text, piece, expected):
    from spacy_anon.mask.name_runs import sentence_prose
    doc = nlp.make_doc(text)
    span = doc.char_span(text.index(piece), text.index(piece) + len(piece))
    assert sentence_prose(doc, span.start, span.end, lambda w: w in {"will"}) is expected
