"""Bug (issue 28, leaks): "He was absent on 12, 13 and 14 August" came out as "absent on 12, 13 and
[DATETIME_1]", "from 12-14 August" as "from 12-[DATETIME_1]", and "Sessions were held on March 3, 4 and 5,
2021" was not masked at all: the date rules knew one day of a month, not several. The class: days of one
month listed or as a range, before or after the month, with or without a year, are one date
(`dates.DAY_LIST_EN`, appended to `rules.date`); a list needs a conjunction or a dash."""
import pytest

from spacy_anon.rules.matching import find_matches
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, date", [
    ("He was absent on 12, 13 and 14 August without notice.", "12, 13 and 14 August"),
    ("The hearing was held between 12 and 14 August 2024.", "12 and 14 August 2024"),
    ("She was on leave from 12-14 August.", "12-14 August"),
    ("The festival ran on 3rd, 4th and 5th March 2023.", "3rd, 4th and 5th March 2023"),
    ("The flat was viewed on the 12th and 13th of May.", "12th and 13th of May"),
    ("Sessions were held on March 3, 4 and 5, 2021.", "March 3, 4 and 5, 2021"),
    ("The applicant was detained from 12 to 14 August 1996.", "12 to 14 August 1996"),
    ("Memorials were filed on 13 and 16 December 1996 respectively.", "13 and 16 December 1996"),
])
def test_days_of_one_month_are_one_date(nlp, text, date):
    assert [(text[m.start:m.end], m.label) for m in find_matches(text) if m.label == "DATETIME"] == [(date, "DATETIME")]
    assert any(date in masked for masked in masked_texts(nlp, text))


@pytest.mark.parametrize("text", ["On March 3, 4 people died.", "Pages 3, 4 and 5 were missing."])
def test_numbers_that_are_no_days_of_a_month_stay(text):
    assert [m for m in find_matches(text) if m.label == "DATETIME"] == []
