"""Bugs found on a car insurance claim, a parking charge appeal, a parish newsletter, a dating profile, a lost
property report, a tutoring invoice and a vet's reminder, each fixed as a class.

- "my silver Ford Focus", "a blue Nissan Qashqai", "black Samsung Galaxy S23" were a person, a place and a
  person: a vehicle's or a phone's make and model is MISC, without the colour before it.
- "Castle Street car park" left "Castle" in clear (a frequent word trimmed from a street's name); "Flat 3, 22
  Wyle Cop, Shrewsbury SY1 1XB" was three places (a street type no list knows).
- "Revd Paul Hughes" was an organisation; "Advent", "Christmas and before Easter", "Ramadan", "Diwali" were
  names; "The" of "The service" an organisation; "Sunday 7 December at" a date with its "at".
- "PCN number: BX40981276" was a contact; "I drive a" a place; "insta" an organisation; "snap tasha_r" left
  "_r" in clear.
"""
import pytest

from rules_support import rule_values
from spacy_anon.lexicon.product_makes import model_words
from spacy_anon.mask.fine_types import category_of, decide_fine_type
from spacy_anon.mask.dateless import holiday
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, model", [
    ("I was driving my silver Ford Focus (reg WX19 KTP) along the A38.", "Ford Focus"),
    ("We drove a Ford Focus to Leeds.", "Ford Focus"),
    ("Item: black Samsung Galaxy S23 in a pink case", "Samsung Galaxy S23"),
    ("He owns a Land Rover Defender and a Mercedes-Benz C200.", "Land Rover Defender"),
    ("He owns a Land Rover Defender and a Mercedes-Benz C200.", "Mercedes-Benz C200"),
    ("My Honda Civic broke down on the M6.", "Honda Civic"),
])
def test_a_vehicles_or_a_phones_make_and_model_is_misc(nlp, text, model):
    rows = masked_rows(nlp, text)
    assert (model, "MISC") in rows
    assert not any(value in ("silver", "black", "a", "drive a") for value, _ in rows)


def test_a_town_after_a_model_is_decided_alone(nlp):
    assert ("Leeds", "LOC") in masked_rows(nlp, "We drove a Ford Focus to Leeds.")


@pytest.mark.parametrize("words, found", [
    (["silver", "Ford", "Focus"], (1, 3)), (["Ford", "Focus", "to", "Leeds"], (0, 2)),
    (["iPhone", "15", "Pro"], (0, 3)), (["Toyota", "Prius"], (0, 2)),
    (["Harrison", "Ford"], None), (["Ford"], None), (["Ford", "Foundation"], None),
    (["Honda", "Takashi"], None), (["Suzuki", "Ichiro"], None), (["Ford", "Madison"], None),
])
def test_make_and_model_words(words, found):
    assert model_words(words, lambda w: w in {"madison", "harrison"}) == found


@pytest.mark.parametrize("text, person", [("Harrison Ford met Tom Ford.", "Harrison Ford"),
                                          ("Honda Takashi is the witness.", "Honda Takashi")])
def test_a_make_in_a_persons_name_stays_a_person(nlp, text, person):
    assert not any(label == "MISC" for _, label in masked_rows(nlp, text))


@pytest.mark.parametrize("text, street", [
    ("Location: Castle Street car park, Shrewsbury", "Castle Street"),
    ("Meet me on Church Road.", "Church Road"),
])
def test_a_frequent_word_that_names_a_street_stays_in_it(nlp, text, street):
    assert street in masked_texts(nlp, text)


@pytest.mark.parametrize("text, address", [
    ("I live at Flat 3, 22 Wyle Cop, Shrewsbury SY1 1XB.", "Flat 3, 22 Wyle Cop, Shrewsbury SY1 1XB"),
    ("Send it to 4 The Pentagon, Bristol BS1 6XN please", "4 The Pentagon, Bristol BS1 6XN"),
])
def test_a_numbered_street_of_any_type_before_a_town_and_postcode_is_one_address(nlp, text, address):
    assert (address, "LOC", "ADDRESS") in rule_values(text)
    assert (address, "LOC") in masked_rows(nlp, text)


@pytest.mark.parametrize("text, address", [
    ("Article 8 Convention, London SW1A 2AA", "London SW1A 2AA"),
    ("in Year 9 Maths, Leeds LS1 4AB", "Leeds LS1 4AB"),
])
def test_a_numbered_thing_is_no_house_number(text, address):
    assert [v for v, label, _ in rule_values(text) if label == "LOC"] == [address]


@pytest.mark.parametrize("text, person", [
    ("Revd Paul Hughes will lead the Advent carol service on Sunday 7 December at 6pm.", "Paul Hughes"),
    ("The Revd Canon Anne Lewis preached.", "Anne Lewis"),
])
def test_a_clergy_title_before_a_name_makes_a_person(nlp, text, person):
    assert (person, "PERSON") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", [
    "We will meet after Christmas and before Easter.", "The Advent carol service is at 6pm.",
    "During Ramadan she fasted; at Diwali they visit family.",
])
def test_a_holiday_is_no_name(nlp, text):
    assert not any(label in ("PERSON", "ORG", "LOC") for _, label in masked_rows(nlp, text))


@pytest.mark.parametrize("value, kind", [
    ("Christmas", "no name"), ("Christmas and before Easter", "no name"), ("Eid al-Fitr", "no name"),
    ("Advent 2025", "DATETIME"), ("Christmas Island", None), ("Easter Road", None), ("Paul Hughes", None),
])
def test_holiday_words(value, kind):
    assert holiday(value) == kind


def test_a_date_span_ends_before_the_time_it_is_at(nlp):
    text = "The service is on Sunday 7 December at 6pm in the hall."
    texts = masked_texts(nlp, text)
    assert not any(t.endswith(" at") for t in texts)
    assert "The" not in texts


@pytest.mark.parametrize("text, value", [
    ("PARKING CHARGE NOTICE APPEAL\n\nPCN number: BX40981276\nVehicle registration: LD68 XRW", "BX40981276"),
    ("I got a penalty charge notice BX40981276 yesterday.", "BX40981276"),
    ("Fixed penalty notice 7731204 was issued.", "7731204"),
])
def test_a_fines_notice_number_is_an_id(nlp, text, value):
    assert (value, "ID", "REFERENCE_NUMBER") in rule_values(text)
    rows = masked_rows(nlp, text)
    assert (value, "ID") in rows
    assert not any(v == "PCN" for v, _ in rows)


@pytest.mark.parametrize("value, category", [("BX40981276", "ID"), ("QX1234ZZ", "ID"), ("tasha2024", "CONTACT"),
                                             ("07823 441902", "CONTACT"), ("a@b.com", "CONTACT")])
def test_a_taggers_contact_of_mostly_digits_and_letters_is_an_id(value, category):
    assert category_of(decide_fine_type(value, "CONTACT", None, "it is "), "CONTACT") == category


@pytest.mark.parametrize("text", ["I drive a Ford Focus.", "I will meet you there."])
def test_a_subject_and_common_words_are_no_name(nlp, text):
    assert not any(t.startswith(("I", "drive")) for t in masked_texts(nlp, text))


def test_an_article_left_alone_is_no_name(nlp):
    assert masked_texts(nlp, "The service starts at noon.") == []


def test_a_place_does_not_open_with_of(nlp):
    text = "when a blue Nissan Qashqai pulled out of the Tesco car park and hit my passenger side."
    assert not any(t.startswith(("of ", "out ")) for t in masked_texts(nlp, text))


@pytest.mark.parametrize("text", ["insta is @tasha.runs if u want more pics", "Add me on Insta!",
                                  "follow me on ig @tasha.runs"])
def test_a_platforms_short_name_is_no_name(nlp, text):
    assert not any(t.lower() in ("insta", "ig") for t in masked_texts(nlp, text))


@pytest.mark.parametrize("text, handle", [("follow me on ig @tasha.runs or snap tasha_r", "tasha_r"),
                                          ("my discord is blaze_99", "blaze_99"),
                                          ("insta: tasha.runs", "tasha.runs")])
def test_an_account_after_a_platforms_name_is_a_username(nlp, text, handle):
    assert (handle, "CONTACT", "USERNAME") in rule_values(text)
    assert handle in masked_texts(nlp, text)


@pytest.mark.parametrize("text", ["Instagram is great and snap me later", "I saw it on TikTok yesterday"])
def test_a_platforms_name_before_a_word_is_no_username(text):
    assert not any(kind == "USERNAME" for _, _, kind in rule_values(text))
