"""A date's edges: the full stop of an abbreviated month that also ends the sentence stays in the text
("on 3 Feb. It arrived" -> "on [DATETIME_1]. It arrived"), and a tagger's name span that starts inside a
rule's date is cut back to what lies after it ("3 Feb. 1990 in Leeds" was one ORG)."""
import pytest

import spacy_anon
from rules_support import rule_values


def dates(text):
    return [value for value, _, _ in rule_values(text, "DATETIME")]


@pytest.mark.parametrize("text,value", [
    ("I ordered a blender on 3 Feb. It arrived broken.", "3 Feb"),
    ("Due 3 Feb.", "3 Feb"),
    ("We met 12-14 Aug. Then we left.", "12-14 Aug"),
    ("on the fourteenth of Feb. It was cold", "fourteenth of Feb"),
    ("on 3 Feb. 2020 he left", "3 Feb. 2020"),  # the date goes on: the stop is the abbreviation's
    ("Seen on 14 Sept. the wound had healed", "14 Sept."),
    ("on the fourteenth of Feb. 1985 he", "fourteenth of Feb. 1985"),
])
def test_an_abbreviated_month_keeps_a_sentence_end_out(text, value):
    assert dates(text) == [value]


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def test_the_masked_sentence_keeps_its_full_stop(nlp):
    doc = nlp("I ordered a blender on 3 Feb. It arrived broken.")
    assert doc._.anon_text == "I ordered a blender on [DATETIME_1]. It arrived broken."


@pytest.mark.parametrize("text,date,place", [
    ("Born 3 Feb. 1990 in Leeds.", "3 Feb. 1990", "Leeds"),
    ("He was arrested on 12 May 1999 in Bristol.", "12 May 1999", "Bristol"),
])
def test_a_name_span_starting_inside_a_date_is_cut_back(nlp, text, date, place):
    doc = nlp(text)
    rows = [(text[r["start"]:r["end"]], r["label"]) for r in doc._.anon_table]
    assert rows == [(date, "DATETIME"), (place, "LOC")]


@pytest.mark.parametrize("text,value", [
    ("Engineer visit booked 12/12 AM slot.", "12/12"),  # was "12/[DATETIME_1]": the time took "12 AM"
    ("appt moved to 6/9", "6/9"),
])
def test_a_short_date_before_its_half_of_the_day_is_a_date(nlp, text, value):
    rows = [(text[r["start"]:r["end"]], r["label"]) for r in nlp(text)._.anon_table]
    assert rows == [(value, "DATETIME")]
