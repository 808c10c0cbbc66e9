"""Built-in coarsening (dates, ages, numbers, category phrases) and date shifting: pure functions."""
import pytest

from spacy_anon.generalize.coarsen import (
    category_phrase, coarsen_age, coarsen_date, coarsen_number, generalize, parse_date, shift_date,
)


@pytest.mark.parametrize("text,lang,expected", [
    ("12 March 2021", "en", "March 2021"),
    ("March 12, 2021", "en", "March 2021"),
    ("2021-03-12", "en", "March 2021"),
    ("03/12/2021", "en", "March 2021"),  # month first in English
    ("12/03/2021", "es", "marzo de 2021"),  # day first in Spanish
    ("12 de marzo de 2021", "es", "marzo de 2021"),
    ("15 de março de 2020", "pt", "março de 2020"),
    ("on Monday, 3rd of May 2019", "en", "May 2019"),
    ("31/12/99", "pt", "dezembro de 1999"),
    ("in 1998", "en", "1998"),
])
def test_coarsen_date_month(text, lang, expected):
    assert coarsen_date(text, "month", lang) == expected


def test_coarsen_date_year_and_unparseable():
    assert coarsen_date("12 March 2021", "year") == "2021"
    assert coarsen_date("yesterday") is None
    with pytest.raises(ValueError):
        coarsen_date("2021", "week")


def test_impossible_numeric_reading_is_swapped():
    parsed = parse_date("25/12/2020", dayfirst=False)  # no month 25: read day first
    assert (parsed.year, parsed.month, parsed.day) == (2020, 12, 25)


@pytest.mark.parametrize("text,days,expected", [
    ("12/03/2021", 10, "22/03/2021"),
    ("2021-03-05", 30, "2021-04-04"),
    ("12 March 2021", 40, "21 April 2021"),
    ("Mar. 2021", 40, "Apr. 2021"),
    ("12 de marzo de 2021", -12, "28 de febrero de 2021"),
    ("March 1st, 2020", 1, "March 2nd, 2020"),
    ("1998", 3, "1999"),  # partial dates move by at least one unit
])
def test_shift_date_keeps_shape(text, days, expected):
    assert shift_date(parse_date(text, dayfirst=True), days) == expected


def test_coarsen_age():
    assert coarsen_age("58 year old") == "50-59 year old"
    assert coarsen_age("aged 58", bucket=5) == "aged 55-59"
    assert coarsen_age("fifty") is None


@pytest.mark.parametrize("text,style,lang,expected", [
    ("1,234", "about", "en", "about 1,000"),
    ("1,234", "words", "en", "thousands"),
    ("1,234 euros", "words", "en", "thousands of euros"),
    ("1.234 euros", "words", "es", "miles de euros"),
    ("58000", "about", "pt", "cerca de 60.000"),
    ("2.5 million", "words", "en", "millions"),
    ("$1,234", "about", "en", "about $1,000"),
])
def test_coarsen_number(text, style, lang, expected):
    assert coarsen_number(text, style, lang) == expected


def test_generalize_falls_back_to_category_phrases():
    assert generalize("PERSON", "Cengiz Polat") == "a person"
    assert generalize("ORG", "Acme", "es") == "una organización"
    assert generalize("LOC", "Lisboa", "pt") == "um local"
    assert generalize("DATETIME", "yesterday") == "a date"
    assert generalize("AGE", "58", age_bucket=10) == "50-59"
    assert category_phrase("SOMETHING_NEW") == "something"


def test_shift_date_updates_a_stated_weekday():
    assert shift_date(parse_date("Monday, 3rd of May 2019"), 40) == "Wednesday, 12th of June 2019"
    assert shift_date(parse_date("el lunes 12 de marzo de 2018"), 3) == "el jueves 15 de marzo de 2018"
