"""Invoices, chats, witness statements, referral letters, property listings, claims and club notes showed
these classes: a tagger's span over a rule's sum of money cut the sum into a place and a code ("£[LOC_1],
[ID_2]"); a clause in lower case on a cased line was a place ("is now 30 days overdue"); function words alone
were an organisation ("the one"); a trim joined to a street's type by a hyphen made a car an address ("2019
Ford Focus ST-Line"); the emergency number and "and" opened an officer's name ("999 and PC Ahmed"); a make of
clothing before the garment was a person ("a grey North Face jacket"); a hyphenated pair of given names was an
organisation ("Ava-Rose"), and given names popular since 2000 were not known ("Alfie", "Isla"); a town after a
street address whose name ends like a firm's stayed an organisation ("Leamington Spa"); a general practice
in a clinical letter lost its name ("Riverside Medical Practice"); a describing word and a count opening a
sentence was a place ("Stunning 3 bed semi"); an ordinal birthday and the one it is for were organisations
("Happy 30th birthday Dan")."""
import pytest

from spacy_anon.mask.everyday_shapes import (after_wish, function_words_only, hyphened_given_names, lower_prose,
                                             opening_word_and_count, service_number_end)
from spacy_anon.rules.recognizers.names import world_given_names
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


# ---------------------------------------------------------------- sums of money

@pytest.mark.parametrize("text,amount", [
    ("Our invoice 2025-0187 dated 15 January for £4,320.00 (consultancy, December) is now 30 days overdue.",
     "£4,320.00"),
    ("Our invoice dated 15 January for £4,320.00 (consultancy, December) is now 30 days overdue.", "£4,320.00"),
    ("The bill was $12,500.50 in total.", "$12,500.50"),
])
def test_a_sum_of_money_stays_one_amount(nlp, text, amount):
    found = rows(nlp, text)
    assert (amount, "QUANTITY") in found, found
    assert not any(label in ("LOC", "ID", "ORG", "PERSON") and t in amount for t, label in found), found


@pytest.mark.parametrize("text,words", [
    ("Our invoice 2025-0187 dated 15 January for £4,320.00 (consultancy, December) is now 30 days overdue.",
     ["is now", "overdue"]),
    ("Hi Tom, the parcel is still not here and it is now two weeks late.", ["is still", "late"]),
])
def test_a_clause_in_lower_case_on_a_cased_line_is_no_name(nlp, text, words):
    found = rows(nlp, text)
    for word in words:
        assert not any(word in t for t, _ in found), found


def test_lower_prose_keeps_a_description_in_brackets_after_a_name(nlp):
    doc = nlp.make_doc("the Blood Transfusion Service (blood collection), the Legion")
    span = doc.char_span(doc.text.index("blood collection"), doc.text.index("blood collection") + 16)
    assert not lower_prose(doc.text, span, lambda w: False)
    doc = nlp.make_doc("The account is now 30 days overdue.")
    span = doc.char_span(doc.text.index("is now"), doc.text.index("overdue") + 7)
    assert lower_prose(doc.text, span, lambda w: False)
    doc = nlp.make_doc("He lives at 12 orchard way now.")
    span = doc.char_span(doc.text.index("12"), doc.text.index("way") + 3)
    assert not lower_prose(doc.text, span, lambda w: False)  # a house's number is no duration


@pytest.mark.parametrize("text,words,keep", [
    ("[10:04] jess.k: the one on deansgate by the station", ["the one"], []),
    ("operator: how old is he\ncaller: seventy four. he had a stroke", [], ["seventy four"]),
])
def test_function_words_alone_are_no_name(nlp, text, words, keep):
    found = rows(nlp, text)
    for word in words:
        assert not any(t == word for t, _ in found), found
    for word in keep:
        doc = nlp.make_doc(text)
        start = text.index(word)
        assert not function_words_only(doc.char_span(start, start + len(word)))  # number words are not


# ---------------------------------------------------------------- vehicles, services, clothing

@pytest.mark.parametrize("text", [
    "Vehicle: 2019 Ford Focus ST-Line, reg BD19 XKT",
    "He drives a 2019 Ford Focus ST-Line.",
])
def test_a_trim_after_a_hyphen_makes_no_street(nlp, text):
    found = rows(nlp, text)
    assert not any(label == "LOC" for _, label in found), found
    assert any("Focus" in t and label == "MISC" for t, label in found), found


def test_a_street_type_before_a_comma_still_ends_an_address(nlp):
    assert ("12 Ford St, Leeds", "LOC") in rows(nlp, "He lives at 12 Ford St, Leeds.")


@pytest.mark.parametrize("text,person", [
    ("I called 999 and PC Ahmed arrived about ten minutes later.", "Ahmed"),
    ("She dialled 911, then Officer Ruiz came to the door.", "Ruiz"),
])
def test_an_emergency_number_is_no_part_of_a_name(nlp, text, person):
    found = rows(nlp, text)
    assert any(person in t and label == "PERSON" for t, label in found), found
    assert not any(t.startswith(("999", "911")) for t, _ in found), found


def test_service_number_end():
    import spacy

    nlp = spacy.blank("en")
    doc = nlp("I called 999 and PC Ahmed arrived")
    assert service_number_end(doc.text, doc[2:6]) == 4
    doc = nlp("Room 999 and PC Ahmed")
    assert service_number_end(doc.text, doc[1:5]) == 1  # no verb of calling: not a service's number


@pytest.mark.parametrize("text", [
    "He was wearing a grey North Face jacket.",
    "She had on her black Nike trainers and a Superdry coat.",
])
def test_a_make_of_clothing_names_no_one(nlp, text):
    found = rows(nlp, text)
    assert not any(label in ("PERSON", "ORG") for _, label in found), found


# ---------------------------------------------------------------- given names, towns, practices

@pytest.mark.parametrize("value,expected", [
    ("Ava-Rose", True), ("Mary-Jane", True), ("Jean-Luc", True), ("Winston-Salem", False), ("Rolls-Royce", False),
])
def test_hyphened_given_names(value, expected):
    is_given = lambda w: w in world_given_names()  # noqa: E731
    assert hyphened_given_names(value, is_given) is expected


def test_given_names_popular_since_2000_are_known():
    names = world_given_names()
    for name in ("alfie", "maisie", "lottie", "archie", "millie", "freya", "esme", "ollie", "aoife", "tadhg"):
        assert name in names, name
    for word in ("willow", "ivy", "nova"):  # words, read through the lists of names that are words
        assert word not in names, word


def test_club_notes_name_their_players(nlp):
    found = rows(nlp, "Great win 3-1 away. Goals: Maisie (2), Ava-Rose. Player of the match: Lottie Brennan.")
    for name in ("Maisie", "Ava-Rose", "Lottie Brennan"):
        assert (name, "PERSON") in found, found


def test_a_town_after_a_street_address_is_a_place_though_it_ends_like_a_firm(nlp):
    found = rows(nlp, "Description: While parked outside 17 Regent Street, Leamington Spa, the vehicle was struck.")
    assert ("Leamington Spa", "LOC") in found, found


def test_a_general_practice_keeps_its_name_in_a_clinical_letter(nlp):
    text = ("Thank you for seeing this 66 year old with exertional chest tightness. He has type 2 diabetes and "
            "hypertension. ECG today showed sinus rhythm with T wave inversion in V4-V6.\n\nCurrent medication: "
            "metformin 1g BD, ramipril 5mg OD, atorvastatin 40mg ON.\n\nYours sincerely,\nDr Aisling Byrne\n"
            "Riverside Medical Practice")
    found = rows(nlp, text)
    assert any(t == "Riverside Medical Practice" for t, _ in found), found


@pytest.mark.parametrize("text,expected", [
    ("Stunning 3 bed semi on Hawthorn Avenue.", True),
    ("Approximately 20 officers attended.", True),
    ("Ward 7 at St James's.", False),
    ("Flat 3 is vacant.", False),
])
def test_opening_word_and_count(nlp, text, expected):
    doc = nlp.make_doc(text)
    assert opening_word_and_count(text, doc[0:2]) is expected


def test_a_listing_opening_with_a_count_masks_no_count(nlp):
    found = rows(nlp, "Stunning 3 bed semi on Hawthorn Avenue, Didsbury, M20 6TY. Viewings via Jonathan.")
    assert not any(t.startswith("Stunning") for t, _ in found), found
    assert ("Hawthorn Avenue, Didsbury, M20 6TY", "LOC") in found, found


# ---------------------------------------------------------------- birthdays

@pytest.mark.parametrize("text,age,person", [
    ("Happy 30th birthday Dan", "30", "Dan"),
    ("Happy 21st Birthday Chloe!", "21", "Chloe"),
    ("It was her 50th birthday party.", "50", None),
    ("Happy birthday Dan", None, "Dan"),
])
def test_an_ordinal_birthday_is_an_age_and_the_one_wished_a_person(nlp, text, age, person):
    found = rows(nlp, text)
    if age:
        assert (age, "AGE") in found, found
    if person:
        assert (person, "PERSON") in found, found
    assert not any(label in ("ORG", "LOC") for _, label in found), found


def test_after_wish():
    assert after_wish("Congrats Chloe", len("Congrats "))
    assert after_wish("Happy 30th birthday Dan", len("Happy 30th birthday "))
    assert not after_wish("I met Dan", len("I met "))


# ---------------------------------------------------------------- school reports, tenancy notes, family chats

def test_a_percentage_is_no_contact(nlp):
    found = rows(nlp, "He needs to focus on his handwriting. Attendance: 96.4%.")
    assert not any(label == "CONTACT" for _, label in found), found


@pytest.mark.parametrize("text,name", [
    ("Tenant Ruth Gallagher (flat 3B) reported damp in the bathroom again on Monday.", "Ruth Gallagher"),
    ("Pupil Harvey Mitchell was absent on 3 May.", "Harvey Mitchell"),
])
def test_a_partys_role_is_no_part_of_the_name(nlp, text, name):
    assert (name, "PERSON") in rows(nlp, text), rows(nlp, text)


def test_an_age_unit_is_no_date(nlp):
    found = rows(nlp, "Ruth has a 2 year old and asthma.")
    assert not any(label == "DATETIME" for _, label in found), found
    assert any(label == "AGE" and "2" in t for t, label in found), found


@pytest.mark.parametrize("text", [
    "Mum: Oh good. Remember it's the graduation on Friday!",
    "caller: oh no, he's not breathing properly",
])
def test_oh_said_is_no_name(nlp, text):
    assert not any(t.lower() == "oh" for t, _ in rows(nlp, text)), rows(nlp, text)


def test_oh_read_out_in_a_number_is_still_the_numbers(nlp):
    found = rows(nlp, "call me on oh seven seven double oh nine")
    assert any(t.startswith("oh seven") and label == "CONTACT" for t, label in found), found
