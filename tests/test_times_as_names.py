"""Bug (issue 28, chat): "she's at the dentist till 3" masked "till 3" as a person ("till" is also a given name)
and "the shift runs from 6 to 10 tonight" masked "6 to 10 tonight" as an organisation. The class: a tagger's
name span that holds a number and otherwise only function words and words of the time of day, in lower
case or all in capitals, is a time or a count, no name (`counts.small_words_and_numbers`); a name with
a number ("US Top 40", "Studio 54") and a bare number (a house number, an age) are left as they were."""
import pytest

from spacy_anon.mask.counts import small_words_and_numbers
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, clear", [
    ("[14:03] jen: she's at the dentist till 3", "till 3"),
    ("the shift runs from 6 to 10 tonight", "6 to 10 tonight"),
])
def test_a_time_in_chat_is_no_name(nlp, text, clear):
    assert not any(clear in masked or masked in clear for masked in masked_texts(nlp, text) if masked != "jen")


@pytest.mark.parametrize("value, expected", [
    ("till 3", True), ("6 to 10 tonight", True), ("TILL 3", True), ("from 9 till 5pm", True),
    ("US Top 40", False), ("Studio 54", False), ("22", False), ("Till 3", False), ("till then", False),
])
def test_small_words_and_numbers(value, expected):
    assert small_words_and_numbers(value, "en") is expected


@pytest.mark.parametrize("value", ["for 1980", "and 776", "no 4471"])
def test_a_year_or_a_code_is_no_clock_time(value):
    """Held-out TAB in lower case lost "for 1980" (a tax year) and "and 776" (a plot number), tagged ORG."""
    assert not small_words_and_numbers(value, "en")


@pytest.mark.parametrize("value", ["12 E", "8 A", "7E", "10A"])
def test_a_floor_or_a_door_is_no_clock_time(value):
    """MEDDOCAN's addresses: "12 E", "8 A" (a floor and a door; "e" and "a" are Spanish stop words)."""
    assert not small_words_and_numbers(value, "es")
