"""Bug (issue 28, dates): "Seen 2026.11.30" left the year in clear beside a tagger's "11.30"; "Born 1961-02"
left a year and month of birth in clear. The class: a year-first date with dots is a date, and so is ISO's
year and month, unless its month is the next year's two digits ("2007-08", "2000–01": a season)."""
import pytest

from tests.default_pipeline import nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,value", [("Seen 2026.11.30 and again on 30-Nov-26.", "2026.11.30"),
                                        ("Born 1961-02.", "1961-02"), ("DOB: 1988-07", "1988-07")])
def test_year_first_dates(text, value):
    assert value in texts(text, "rules.date")


@pytest.mark.parametrize("text", ["the 2011-12 season", "v2.0.1 released", "the 1990-91 recession",
                                  "room 2019-B", "2007–08 Danish 2nd Divisions", "the 2000-01 season"])
def test_no_date(text):
    assert texts(text, "rules.date") == []


def test_nothing_of_a_birth_month_left_in_clear(nlp):
    out = nlp("Seen 2026.11.30 and again on 30-Nov-26. Born 1961-02.")._.anon_text
    assert "2026" not in out and "1961" not in out, out
