"""Amounts, units and enumerations in lines typed in capitals or in lower case read as written English
writes them, so that the amount rules find them in every casing.

A land register's "area: 3,862 sq. m and 3,405 sq. m" typed in lower case was read "3,862 Sq. M" (a
rare word is read as a name, and a unit's full stop as a sentence's end), and no measure was found; an
enumeration's "(b)" and a word after a dash inside a sentence were capitalised as if a sentence began.
"""
import pytest

import spacy_anon
from spacy_anon.casing import truecased_text, usual_form, LOWER, UPPER


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


LAND_REGISTER = ("plots nos. 511 and 513, plots of land, area: 3,862 sq. m and 3,405 sq. m respectively; "
                 "a residence of an area of 152.25 sq. m; two shops of 56 sq. ft")


@pytest.mark.parametrize("word,form", [
    ("sq", "sq"), ("SQ", "sq"), ("approx", "approx"), ("kwh", "kwh"),  # clipped words and units
    ("usd", "USD"), ("dkk", "DKK"), ("GBP", "GBP"),  # currency codes that are no English words
    ("try", "try"),  # Turkey's lira code is a word first
])
def test_units_and_currency_codes_keep_their_usual_form(word, form):
    regime = UPPER if word.isupper() else LOWER
    assert usual_form(word, regime) == form


@pytest.mark.parametrize("text,expected", [
    ("area 2,282 sq. m; (b) plots nos. 511", "Area 2,282 sq. m; (b) plots nos. 511"),
    ("AREA 2,282 SQ. M; (B) PLOTS NOS. 511", "Area 2,282 sq. m; (b) plots nos. 511"),
    ("he paid usd 5,000, approx. half", "He paid USD 5,000, approx. half"),
    # a dash inside a sentence continues it; a bullet, or a dash after a sentence's end, opens one
    ("a plot of land – a farm and its barn", "A plot of land – a farm and its barn"),
    ("- item one\n• two - three. - four", "- Item one\n• Two - three. - Four"),
    ("e.g. in a car, i.e. here", "E.g. in a car, i.e. here"),
])
def test_measures_and_enumerations_in_recased_lines(text, expected):
    assert truecased_text(text) == expected


@pytest.mark.parametrize("recase", [str, str.lower, str.upper], ids=["as-written", "lower", "upper"])
def test_land_areas_are_masked_in_every_casing(nlp, recase):
    text = recase(LAND_REGISTER)
    doc = nlp(text)
    found = {text[row["start"]:row["end"]].lower(): row["label"] for row in doc._.anon_table}
    for area in ("3,862 sq. m", "3,405 sq. m", "152.25 sq. m", "56 sq. ft"):
        assert found.get(area) == "QUANTITY", (area, found)
