"""Dates written in words, as people tell a date of birth (`rules.date_spelled`): found whole, and counts,
ordinals of other things and ordinary words left alone."""
import pytest

from spacy_anon.rules import find_matches


def dates(text):
    """The DATETIME matches of the default recognizers, longest first where they overlap."""
    spans = sorted(((m.start, m.end) for m in find_matches(text) if m.label == "DATETIME"),
                   key=lambda se: (se[0], -se[1]))
    out, end = [], -1
    for s, e in spans:
        if s >= end:
            out.append(text[s:e])
            end = e
    return out


ORDINALS = ["first", "second", "third", "fourth", "fifth", "ninth", "tenth", "eleventh", "twelfth",
            "fourteenth", "nineteenth", "twentieth", "twenty-first", "twenty second", "thirtieth", "thirty-first",
            "1st", "2nd", "3rd", "14th", "22nd", "31st"]
YEARS = ["nineteen eighty-five", "nineteen ninety", "eighteen seventy-two", "nineteen oh five", "two thousand and three",
         "twenty twenty-one", "1985", "'85", "’92"]
MONTHS = ["March", "May", "SEPTEMBER", "December"]


@pytest.mark.parametrize("day", ORDINALS)
@pytest.mark.parametrize("month", MONTHS)
def test_day_of_month(day, month):
    assert dates(f"She was born on the {day} of {month} and lived here.") == [f"{day} of {month}"]


@pytest.mark.parametrize("year", YEARS)
def test_day_of_month_with_a_year(year):
    text = f"He was born on the fourteenth of March, {year}, in Leeds."
    assert dates(text) == [f"fourteenth of March, {year}"]


@pytest.mark.parametrize("text, expected", [
    ("Her birthday is March the fourteenth.", "March the fourteenth"),
    ("born March fourteenth, nineteen eighty-five.", "March fourteenth, nineteen eighty-five"),
    ("It happened in the spring of '85.", "spring of '85"),
    ("in the summer of nineteen ninety", "summer of nineteen ninety"),
    ("He was born in nineteen eighty-five.", "nineteen eighty-five"),
    ("We moved there in '85 after the war.", "'85"),
    ("She graduated in May '92.", "May '92"),
    ("The firm was founded since two thousand and three.", "two thousand and three"),
    ("the 3rd of May, nineteen ninety", "3rd of May, nineteen ninety"),
])
def test_spelled_dates(text, expected):
    assert dates(text) == [expected]


@pytest.mark.parametrize("text", [
    "The first of many hearings was held.",
    "Twenty one people were present.",
    "There were two thousand and three cases.",
    "She was the fourth of five children.",
    "Nineteen twenty-year-olds signed up.",
    "A sum of nineteen fifty euros was paid.",
    "He will march in the parade.",
    "They scored '85 points' in the quiz.",
])
def test_not_dates(text):
    assert dates(text) == []
