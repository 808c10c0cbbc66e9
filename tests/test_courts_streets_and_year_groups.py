"""School letters, witness statements, support tickets, recruitment e-mails and messages showed these
classes: a block of flats named "Court" left its house number in clear ("of 9 [ORG_1], Kirkcaldy"), while a
court of law after a year or a number must stay no street; a street without its number was a description or
a person and an organisation ("Praed Street", "Praed" + "Street"); a school's year group cut by a tagger was a
person and an organisation ("Dear Year 6 parents"); an endearment was a place ("hey hun"); browsers and
sign-in programs were places ("tried Safari and Chrome", "the code from Authenticator")."""
import pytest

from spacy_anon.mask.everyday_shapes import everyday_no_name
from spacy_anon.mask.software_words import software_word
from spacy_anon.rules.recognizers.addresses import find_addresses
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,address", [
    ("Witness 2: Mr Colin Fairbairn, 63, retired postman, of 9 Thistle Court, Kirkcaldy. He told officers.",
     "9 Thistle Court, Kirkcaldy"),
    ("He lives at 9 Thistle Court, Kirkcaldy.", "9 Thistle Court, Kirkcaldy"),
    ("Send it to 14 Beech Ct, Leeds.", "14 Beech Ct, Leeds"),
])
def test_a_block_of_flats_named_court_is_an_address_with_its_number(nlp, text, address):
    found = rows(nlp, text)
    street, town = address.split(", ")
    places = [t for t, label in found if label == "LOC"]
    assert any(t.startswith(street) for t in places), found  # the house number with its street
    assert any(town in t for t in places), found


@pytest.mark.parametrize("text", [
    "On 5 May 1996 Supreme Court held that the appeal failed.",
    "The case was heard at 3 Crown Court.",
    "Listed before Court 4 County Court at 10am.",
    "In 2001 High Court judges ruled on it.",
])
def test_a_court_of_law_after_a_number_is_no_street(text):
    assert not any(text[s:e].endswith("Court") for s, e, _ in find_addresses(text)), find_addresses(text)


@pytest.mark.parametrize("text,street", [
    ("at St Mary's Hospital, Praed Street, on Thursday", "Praed Street"),
    ("Just confirming your interview on Ward 22 at St Mary's Hospital, Praed Street, on Thursday 20 March.",
     "Praed Street"),
])
def test_a_street_without_its_number_is_a_place(nlp, text, street):
    found = rows(nlp, text)
    assert (street, "LOC") in found, found


def test_a_school_year_group_names_no_one(nlp):
    text = ("Dear Year 6 parents,\n\nThe residential trip leaves from the school car park at 8.30am on Monday 24 "
            "March. Please hand medication to Mrs Flanagan by Friday.")
    found = rows(nlp, text)
    assert not any(t.startswith(("Year", "6")) for t, _ in found), found
    assert ("Mrs Flanagan", "PERSON") in found, found


@pytest.mark.parametrize("text,start,end,expected", [
    ("Dear Year 6 parents,", 5, 9, True),
    ("Dear Year 6 parents,", 10, 19, True),
    ("hey hun, it's me", 4, 7, True),
    ("We met 6 parents at the gate", 7, 16, False),  # no year group before the count
    ("Dear Yearwood,", 5, 13, False),
])
def test_everyday_no_name(text, start, end, expected):
    assert everyday_no_name(text, start, end) is expected


def test_an_endearment_is_no_place(nlp):
    found = rows(nlp, "hey hun, it's me. got the results back from the clinic in salford, all clear!!")
    assert not any(t == "hun" for t, _ in found), found
    assert any(t == "salford" for t, _ in found), found


@pytest.mark.parametrize("value,expected", [
    ("Safari and Chrome", True), ("Outlook, Excel & OneDrive", True), ("Authenticator", True),
    ("Safari and John", False), ("Chrome 119", True), ("Kensington", False),
])
def test_software_word(value, expected):
    assert software_word(value) is expected


def test_a_ticket_names_its_programs_in_clear(nlp):
    text = ("User reports MFA prompt loops after entering the code from Authenticator. Tried clearing cookies in "
            "Safari and Chrome. Last successful login 04/03 from IP 81.2.69.142 (Warsaw).")
    found = rows(nlp, text)
    assert not any(t in ("Authenticator", "Safari and Chrome", "Safari", "Chrome") for t, _ in found), found
    assert any(t == "81.2.69.142" for t, _ in found), found


# ---------------------------------------------------------------- forms, incident reports, notes

def test_a_kind_of_condition_is_no_organisation(nlp):
    found = rows(nlp, "Emergency contact: Lena Grünewald (sister)\nMedical conditions: Type 1 diabetes")
    assert not any(t.startswith("Type") for t, _ in found), found
    assert ("Lena Grünewald", "PERSON") in found, found


def test_a_year_group_is_no_date(nlp):
    found = rows(nlp, "At approx 16:45 on 11/03 a Year 9 pupil (name withheld) was injured in the sports hall.")
    assert not any("Year" in t for t, _ in found), found
    assert ("11/03", "DATETIME") in found, found


@pytest.mark.parametrize("text,code", [
    ("Incident report IR-2025-0311", "IR-2025-0311"),
    ("Incident report IR-2025-0311\nAt approx 16:45 a pupil was injured.", "IR-2025-0311"),
])
def test_a_references_letters_stay_with_its_number(nlp, text, code):
    found = rows(nlp, text)
    assert (code, "ID") in found, found


def test_a_phone_with_a_hyphen_stays_a_phone(nlp):
    assert rows(nlp, "call 0161-496 0732") == [("0161-496 0732", "CONTACT")]


def test_a_notes_opening_verb_is_no_name(nlp):
    text = ("Presented via police s136 after being found on the bridge. Denies current SI. Brother Marcus visits "
            "weekly.")
    found = rows(nlp, text)
    assert not any(t == "Denies" for t, _ in found), found
    assert any("Marcus" in t for t, _ in found), found


def test_a_wards_name_in_a_discharge_summary_is_a_place(nlp):
    text = ("DISCHARGE SUMMARY\nPatient: Gwendolyn Harker   MRN: 00482719   DOB: 14/07/1949\n"
            "Admitted: 02/03/2025   Discharged: 09/03/2025   Ward: Elm Ward, Royal Derby Hospital\n"
            "Diagnosis: Community acquired pneumonia, acute kidney injury (resolved)\n"
            "Follow up: GP review in 2 weeks, repeat CXR in 6 weeks. District nurse to visit daily for IV antibiotics.")
    found = rows(nlp, text)
    assert ("Elm Ward", "LOC") in found, found
    assert not any(t == "Ward" for t, _ in found), found  # no surname swept over the field's key


# ---------------------------------------------------------------- police logs and planning notes

def test_a_motorway_junction_is_a_place_and_police_systems_name_no_one(nlp):
    text = ("ANPR hit 21:14 on M6 J15 northbound, vehicle KX19 ZPT registered keeper Mr Darren Pike. Driver gave "
            "name as Daniel Pike, later confirmed as Darren via PNC.")
    found = rows(nlp, text)
    assert ("M6 J15", "LOC") in found, found
    assert not any(t in ("ANPR", "PNC") for t, _ in found), found
    assert ("Mr Darren Pike", "PERSON") in found, found


@pytest.mark.parametrize("value", ["q3", "Q4", "H1", "FY25", "FY 2024/25"])
def test_a_quarter_or_a_financial_year_is_no_name(value):
    assert software_word(value)


def test_planning_notes_keep_their_quarter_in_clear(nlp):
    found = rows(nlp, "q3 planning - notes\n- next sync thurs 3pm")
    assert not any(t == "q3" for t, _ in found), found


@pytest.mark.parametrize("text,person", [
    ("Party at Tom's place on Saturday!", "Tom"),
    ("Drinks with Sam tonight?", "Sam"),
])
def test_an_occasion_opening_a_sentence_is_no_part_of_the_name(nlp, text, person):
    found = rows(nlp, text)
    assert (person, "PERSON") in found, found
    assert not any(t.startswith(("Party", "Drinks")) for t, _ in found), found


@pytest.mark.parametrize("text,name", [
    ("Hospital at Home team visited.", "Hospital at Home"),
])
def test_a_service_named_with_at_stays_whole(nlp, text, name):
    assert any(t == name for t, _ in rows(nlp, text)), rows(nlp, text)
