"""Posts, school letters, police logs, referral letters and chats showed seven more classes: names after a
wish or thanks typed in lower case were missed ("congrats to aoife & declan") or swallowed by the wish
("happy birthday niall" one organisation); a relative's possessive was an organisation ("my cousin's
wedding"); a name with the name its bearer goes by in quotes left the surname in clear ('Thomas "Tommy"
Baines'); a road's number and its street was an organisation ("A38 Bristol Road"); the district after a
street address was a person ("12 Orchard Way, Selly Oak"); a car's make and model were cut apart ("BMW 320d",
"Audi A4")."""
import pytest

from spacy_anon.mask.everyday_shapes import place_phrase
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


# ---------------------------------------------------------------- wishes and thanks

@pytest.mark.parametrize("text,names", [
    ("hey guys!! just got back from my cousin's wedding in galway 💍 congrats to aoife & declan!! the craic was unreal",
     ["aoife", "declan"]),
    ("happy birthday niall!! hope u have a good one", ["niall"]),
    ("thanks everyone for coming, and thanks jo for the cake", ["jo"]),
    ("Congrats to Aoife and Declan on the engagement!", ["Aoife", "Declan"]),
])
def test_names_after_a_wish_or_thanks_are_people(nlp, text, names):
    found = rows(nlp, text)
    for name in names:
        assert (name, "PERSON") in found, found
    assert not any(t.lower().startswith(("happy", "congrats", "thanks")) for t, _ in found), found


@pytest.mark.parametrize("text", [
    "thanks everyone for coming!!",
    "happy birthday to you, happy birthday to you",
    "congrats guys, well done all",
])
def test_a_wish_to_no_one_masks_nothing(nlp, text):
    assert rows(nlp, text) == [], rows(nlp, text)


def test_a_relatives_possessive_is_no_organisation(nlp):
    found = rows(nlp, "just got back from my cousin's wedding in galway, it was unreal")
    assert not any("cousin" in t for t, _ in found), found


# ---------------------------------------------------------------- a name with the name its bearer goes by

@pytest.mark.parametrize("text,names", [
    ('Re: Thomas "Tommy" Baines, NHS No 485 777 3456\nThank you for referring this man.', ["Thomas", "Tommy", "Baines"]),
    ('Patient: Margaret "Peggy" Okonkwo-Hill, seen today.', ["Margaret", "Peggy", "Okonkwo-Hill"]),
    ("Present: Robert 'Bobby' Dunn and Lisa Hart.", ["Robert", "Bobby", "Dunn"]),
])
def test_a_nicknamed_name_is_masked_whole(nlp, text, names):
    found = rows(nlp, text)
    people = [t for t, label in found if label == "PERSON"]
    for name in names:  # each part in a person's span: the whole one, or the parts as a tagger gives a nickname
        assert any(name in t for t in people), found
    assert not any(label != "PERSON" for _, label in found if _ != "485 777 3456"), found


# ---------------------------------------------------------------- roads, districts, vehicles

@pytest.mark.parametrize("words,expected", [
    (["A38", "Bristol", "Road"], True), (["M62", "Leeds", "Road"], True),
    (["A38", "Bristol"], False), (["A4", "Paper", "Ltd"], False),
])
def test_a_road_number_and_its_street_is_a_place(words, expected):
    assert place_phrase(words) is expected


POLICE_LOG = ("Officer: PC 4471 Danvers\nVehicle stop at 23:10 on the A38 Bristol Road. Driver identified as Leon "
              "Marcus WHYTE (DOB 08/08/1996) of 12 Orchard Way, Selly Oak. Vehicle: black BMW 320d reg BV19 KXT. "
              "Driver provided a breath sample (negative).")


@pytest.mark.parametrize("value,label", [
    ("A38 Bristol Road", "LOC"),
    ("Selly Oak", "LOC"),
    ("BMW 320d", "MISC"),
    ("Leon Marcus WHYTE", "PERSON"),
])
def test_a_police_log_types_its_places_and_vehicle(nlp, value, label):
    found = rows(nlp, POLICE_LOG)
    assert (value, label) in found, found


def test_a_make_and_model_cut_by_a_tagger_are_one_vehicle(nlp):
    found = rows(nlp, "He drives a silver Audi A4 and a Ford Focus.")
    assert ("Audi A4", "MISC") in found, found
    assert ("Ford Focus", "MISC") in found, found


def test_a_grade_before_a_name_in_a_field_is_no_part_of_it(nlp):
    text = "Incident ID: INC-2026-00413\nReported by: Staff Nurse Gemma Thorpe\nDescription: Patient found on floor."
    found = rows(nlp, text)
    assert ("Gemma Thorpe", "PERSON") in found, found


def test_a_computers_make_and_model_is_a_device(nlp):
    text = "Description: User Tomasz Benedetti (Finance, 3rd floor) reports his Dell Latitude 5520 shows a blue screen."
    found = rows(nlp, text)
    assert ("Dell Latitude 5520", "MISC") in found, found


# ---------------------------------------------------------------- a grade's surname, a name in brackets, a platform

def test_a_surname_no_list_holds_after_a_care_grade_is_found(nlp):
    text = "O: Afebrile. Wound clean, dressing changed by SN Okafor. Mobilised with physio to the window."
    found = rows(nlp, text)
    assert ("Okafor", "PERSON") in found, found  # the grade stays: it names no one


@pytest.mark.parametrize("text,value,label", [
    ("Contract goes to legal (Sam) for review next week. Can someone update Salesforce?", "Sam", "PERSON"),
    ("Contract goes to legal (Sam) for review next week. Can someone update Salesforce?", "Salesforce", "ORG"),
])
def test_a_name_alone_in_brackets_and_a_platform(nlp, text, value, label):
    found = rows(nlp, text)
    assert (value, label) in found, found


def test_a_care_title_before_a_word_is_no_name():
    from spacy_anon.rules import find_matches
    assert not any(m.label == "PERSON" for m in find_matches("The Nurse Manager and the Sister Act were there."))
