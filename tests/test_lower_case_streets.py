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
