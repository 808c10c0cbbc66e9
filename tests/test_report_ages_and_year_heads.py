"""Bugs (issue 28) found on an ambulance crew's note and a school's detention letter: "Pt: Male, 67, found
collapsed" left the age in clear (a sex word, a comma and a number is the patient's age); "Mr D. Walsh, Head
of Year 8" masked the post as an organisation (a head of a school year is a job title)."""
import pytest

from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,age", [
    ("Ambulance arrived 14:02. Pt: Male, 67, found collapsed at Tesco Extra.", "67"),
    ("Casualty: FEMALE, 45.", "45"), ("Victim: male, approx 25, head injury.", "25"),
    ("Gran's 80th was amazing, thanks to everyone who came!", "80"),
])
def test_a_sex_word_and_an_age(text, age):
    assert texts(text, "rules.age") == [age]


@pytest.mark.parametrize("text", ["The Male, 2 pin plug", "Male, 67 Wharf Road"])
def test_no_age_without_its_clause_end(text):
    assert texts(text, "rules.age") == []


def test_a_head_of_year(nlp):
    found = masked_texts(nlp, "Dear Parent/Carer, your child has a detention. Mr D. Walsh, Head of Year 8")
    assert "Mr D. Walsh" in found and not any("Head" in t for t in found), found


def test_an_age_after_a_name_ending_its_line(nlp):
    found = masked_texts(nlp, "Patient: Mr. Tomasz Wiśniewski, 52\nOccupation: HGV driver\nPresenting complaint: chest pain")
    assert "52" in found and "Tomasz Wiśniewski" in found, found


def test_a_stores_card_and_a_meetings_passcode(nlp):
    """Bugs: "My Nectar card is 9826 3001 2245 6789" typed the number as a contact; a video call's "passcode
    771204" masked the word "passcode" as a contact."""
    assert texts("My Nectar card is 9826 3001 2245 6789. Please refund.", "rules.account_number") == [
        "9826 3001 2245 6789"]
    found = masked_texts(nlp, "Meeting ID 845 2291 0043, passcode 771204.")
    assert "771204" in found and "passcode" not in found, found


def test_a_parking_appeal(nlp):
    """Bugs: a PCN appeal masked "reg" before a plate as a place, "Blue Badge" as a person and typed the
    badge's number as an employee's: "reg" is a value's label, a Blue Badge's number an ID number and its
    scheme's name no one's."""
    text = ("I am writing to appeal the PCN issued on 12/02/2026 in Market Street, Bury (vehicle reg YK19 HTP). I "
            "was unloading shopping for my disabled mother, Mrs Joan Healey, who holds Blue Badge number 1146 7789 0012.")
    found = masked_texts(nlp, text)
    assert {"YK19 HTP", "1146 7789 0012", "Mrs Joan Healey"} <= set(found), found
    assert not any(t in ("reg", "Blue Badge") for t in found), found
    assert texts(text, "rules.id_number") == ["1146 7789 0012"]


def test_a_name_in_brackets_after_a_person_word(nlp):
    """Bug: "My boss (Gary, the regional manager ...)" called Gary a place (Gary, Indiana): a listed given name
    opening a bracket after a word for a person is that person's."""
    text = "My boss (Gary, the regional manager for Aldi in Swindon) keeps texting me at 11pm."
    assert ("Gary", "PERSON") in [(text[r["start"]:r["end"]], r["label"]) for r in nlp(text)._.anon_table]


def test_a_sencos_post(nlp):
    """Bug: an EHCP review's "Mr Clarke (SENCo)" masked the post as a person: a school's SENCo and DSL are
    posts, as a CEO or a chair is."""
    found = masked_texts(nlp, "Attendees: yourself, Mr Clarke (SENCo), Ms Hall (class teacher) and Rebecca Stone.")
    assert "Mr Clarke" in found and "SENCo" not in found, found


def test_a_hospital_ending_in_a_greetings_word_and_an_iro(nlp):
    """Bugs: a football parent's "a hospital appt at Alder Hey" left "Hey" in clear (a greeting that opens
    messages ends no name after a capitalised word: it is the name's); child protection minutes' "Mrs Sandra
    Boyce (IRO)" masked the reviewing officer's post."""
    text = ("Hi Coach Reeves, Jamal won't make training Saturday - he's got a hospital appt at Alder Hey for his "
            "asthma. Thanks, Denise")
    assert "Alder Hey" in masked_texts(nlp, text)
    found = masked_texts(nlp, "Present: Chair - Mrs Sandra Boyce (IRO); SW - Kelly Owens.")
    assert "Mrs Sandra Boyce" in found and "IRO" not in found, found
