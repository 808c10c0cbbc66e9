"""Bugs found on a team chat, a membership record, a group chat and an appointment letter.

- "@channel heads up:" was a speaker's name (PERSON); "UTC" an organisation; "midnight" a trait.
- "Member: Kowalski, Jan" masked "Jan" as a date, "Kowalski, Zofia (child)" "Zofia" as a place: a given
  name after a surname and a comma is that person's.
- "r u coming to kayleigh's 21st" masked "r" as a person and "kayleigh's" as a place.
- "Royal Berkshire Hospital, Craven Road, Reading RG1 5AN" lost the address's wholeness to a tagger's
  organisation over the hospital and the street: a rule's whole address cuts a tagger's organisation or
  person that runs into it.
"""
import pytest

from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)


def test_a_broadcast_mention_is_no_speaker_and_time_words_no_names(nlp):
    text = ("@channel heads up: the VPN cert expires tonight at 23:59 UTC. @marta.s and @devon are on call; "
            "escalate to Priya Raghunathan if anything breaks.")
    masked = masked_texts(nlp, text)
    assert not any("channel" in m or m == "UTC" for m in masked)
    assert "@marta.s" in masked and "Priya Raghunathan" in masked
    assert "midnight" not in masked_texts(nlp, "Mr Osagie reports loud music most weekends after midnight.")


@pytest.mark.parametrize("name", ["Kowalski", "Jan", "Ewa", "Zofia"])
def test_a_given_name_after_a_surname_and_a_comma_is_a_person(nlp, name):
    text = ("Member: Kowalski, Jan   Membership no: 00418827\n"
            "Dependants: Kowalski, Ewa (spouse); Kowalski, Zofia (child, DOB 04/05/2016)")
    assert any(name in masked and label == "PERSON" for masked, label in masked_rows(nlp, text))


def test_an_inverted_name_keeps_a_place_a_place(nlp):
    assert ("Paris", "PERSON") not in masked_rows(nlp, "They flew Smith, Paris and Rome in one week.")


def test_a_possessive_given_name_is_a_person_and_a_letter_no_name(nlp):
    rows = masked_rows(nlp, "anyway r u coming to kayleigh's 21st on sat? its at the red lion in wigan")
    assert ("kayleigh's", "PERSON") in rows and not any(m == "r" for m, _ in rows)
    assert ("Feliciano", "PERSON") not in masked_rows(nlp, "Before Labor Day we returned to Feliciano by helicopter.")


@pytest.mark.parametrize("text, address, org", [
    ("Radiology Dept (Level 2), Royal Berkshire Hospital, Craven Road, Reading RG1 5AN. Please arrive early.",
     "Craven Road, Reading RG1 5AN", "Royal Berkshire Hospital"),
])
def test_a_rules_address_stays_whole_beside_an_organisation(nlp, text, address, org):
    rows = masked_rows(nlp, text)
    assert (address, "LOC") in rows and (org, "ORG") in rows


def test_a_quoted_nickname_after_a_kinship_word_is_a_person(nlp):
    """A safeguarding referral: 'his mum's boyfriend ("Big Steve")' left the nickname in clear."""
    text = 'Concern: Tyler disclosed that his mum\'s boyfriend ("Big Steve") hits him when he misbehaves.'
    assert ("Big Steve", "PERSON") in masked_rows(nlp, text)


@pytest.mark.parametrize("text, name", [
    ("Employee: DSOUZA, Marian (ID 204417)\nManager: Holt, Vanessa\nReason for absence: bereavement", "Vanessa"),
    ("Employee: DSOUZA, Marian (ID 204417)\nManager: Holt, Vanessa\nReason for absence: bereavement", "Holt"),
    ("said they want us out by the end of jan. my flatmate chloe is freaking out", "chloe"),
])
def test_a_managers_field_and_a_flatmate_name_people(nlp, text, name):
    assert any(name in masked and label == "PERSON" for masked, label in masked_rows(nlp, text))


@pytest.mark.parametrize("text, address", [
    ("hey it's me again, the guy with the broken boiler at 17 orchard way. engineer came tues", "17 orchard way"),
    ("i live at 4 beech close now", "4 beech close"),
])
def test_a_lower_case_street_of_more_street_words(nlp, text, address):
    """A boiler complaint typed in lower case left "17 orchard way" in clear."""
    assert any(address in m for m in masked_texts(nlp, text))


@pytest.mark.parametrize("text", ["we met at 2 close friends house", "it went a long way to 3 other way",
                                  "parking at level 2 car park"])
def test_no_lower_case_street_from_prose(text):
    from rules_support import rule_values
    assert not [v for v, label, _ in rule_values(text) if label == "LOC"]


def test_an_attendance_list_names_people(nlp):
    rows = masked_rows(nlp, "Attendance: Priya (Sales), Tom K (Ops), Dr Lena Vogt (R&D), Sam from Legal")
    assert ("Sam", "PERSON") in rows and ("Priya", "PERSON") in rows


@pytest.mark.parametrize("text, name", [
    ("PATIENT: HENDERSON, MARGARET   MRN 00283746   DOB 01/03/1941", "HENDERSON, MARGARET"),
    ("Employee: DSOUZA, Marian (ID 204417)\nManager: Holt, Vanessa", "Holt, Vanessa"),
    ("Member: Kowalski, Jan   Membership no: 00418827", "Kowalski, Jan"),
])
def test_an_inverted_name_in_a_name_field_is_one_person(nlp, text, name):
    """"PATIENT: HENDERSON, MARGARET" gave two entities, [PERSON_1], [PERSON_2]: two people by the output."""
    assert (name, "PERSON") in masked_rows(nlp, text)


def test_a_list_of_given_names_stays_apart(nlp):
    rows = masked_rows(nlp, "Present: Anna, Bob, Carla")
    assert ("Anna", "PERSON") in rows and ("Bob", "PERSON") in rows and ("Carla", "PERSON") in rows
