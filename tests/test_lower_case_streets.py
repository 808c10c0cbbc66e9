"""A numbered street typed in lower case, as chats and messages write it ("i live at 42b crescent road"):
an address, found after the words that say where; numbers before ordinary words are not."""
import pytest

import spacy_anon
from rules_support import rule_values


def places(text):
    return [value for value, _, _ in rule_values(text, "LOC")]


@pytest.mark.parametrize("text,street", [
    ("i live at 42b crescent road in reading.", "42b crescent road"),
    ("we moved to 7 mill lane last year", "7 mill lane"),
    ("he is at 10 downing street", "10 downing street"),
    ("address: 14 birch lane\nthanks", "14 birch lane"),
    ("parcel went to 3 old church road, not mine", "3 old church road"),
])
def test_a_lower_case_numbered_street_is_an_address(text, street):
    assert street in places(text)


@pytest.mark.parametrize("text", ["meet at 3 of the road", "scored at 2 main road crossings",
                                  "we met at 5 the grove", "add 2 cups at 4 street food stalls"])
def test_numbers_before_other_words_are_not(text):
    assert places(text) == []


def test_through_the_default_pipeline():
    text = "so my landlord still hasnt fixed the boiler. i live at 42b crescent road in reading."
    doc = spacy_anon.load()(text)
    assert "crescent road" not in doc._.anon_text and "42b" not in doc._.anon_text


def test_a_numbered_building_before_its_town_and_postcode_is_in_the_address():
    text = "regarding her tenancy at 5 Elm Court, Dundee DD1 4HN. Our reference follows."
    assert places(text) == ["5 Elm Court, Dundee DD1 4HN"]


@pytest.mark.parametrize("text,address", [
    ("hi i live at flat 3, 18 cavendish road, leicester and ive lived here since 2024.", "flat 3, 18 cavendish road"),
    ("i moved to apt 4b, 220 west street last year", "apt 4b, 220 west street"),
    ("Send it to Flat 2, 14 Elm Street, Leeds LS6 2AB please.", "Flat 2, 14 Elm Street, Leeds LS6 2AB"),
])
def test_a_flat_or_unit_before_the_street_is_part_of_the_address(text, address):
    assert any(value.startswith(address) for value in places(text))


@pytest.mark.parametrize("text,address", [
    ("The tree fell onto our garage at 27 Willow Bank, Harrogate HG2 8QT.", "27 Willow Bank, Harrogate HG2 8QT"),
    ("We met at 4 Mill Chase in 2019.", "4 Mill Chase"),
    ("I moved to 12 Oak Ridge last year", "12 Oak Ridge"),
    ("Her flat is at 9 Beech Croft, Ilkley LS29 8AB.", "9 Beech Croft, Ilkley LS29 8AB"),
])
def test_british_street_types_end_a_street(text, address):
    assert address in places(text)


def test_a_unit_word_in_lower_case_without_a_street_is_no_address():
    assert places("we met on level 3, 2 of us stayed") == []
