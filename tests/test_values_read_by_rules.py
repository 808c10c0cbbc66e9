"""When a tagger's span holds nothing but rule values and filler ("tomas@x.com or 07723 441 908", a URL and
the sentence's full stop), the rules read it all: each value keeps its own span, type and entity, and the
sentence keeps its full stop. A date range stays one span ("28 February and 6 March 1990"), as court
judgments mark it. A score or a reading written with a slash is no date ("MoCA 21/30", "BP 140/90"), a
day written first is ("seen on 21/11"), and a month with its year ("echo 8/87") stays one."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows
from spacy_anon.mask.dateless import no_day_and_month


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def test_two_contacts_joined_by_or_are_two_values(nlp):
    text = "You can reach me at tomas.garcia.dev@gmail.com or 07723 441 908. My GitHub is github.com/tgarcia-dev."
    found = table_rows(nlp, text)
    assert ("tomas.garcia.dev@gmail.com", "CONTACT") in found and ("07723 441 908", "CONTACT") in found
    assert ("github.com/tgarcia-dev", "CONTACT") in found  # the full stop stays the sentence's
    assert "GitHub" not in [value for value, _ in found]  # no name part taken from the address
    assert nlp(text)._.anon_text.endswith(".")


def test_a_date_range_stays_one_span(nlp):
    text = "The applicant and the Government filed memorials on 28 February and 6 March 1990 respectively."
    assert ("28 February and 6 March 1990", "DATETIME") in table_rows(nlp, text)


@pytest.mark.parametrize("value,expected", [
    ("21/30", True), ("140/90", True), ("24/30", True), ("8/87", False), ("21/11", False), ("3/4", False),
    ("12/25", False), ("7/81", False), ("2026-11-19", False),
])
def test_no_day_and_month(value, expected):
    assert no_day_and_month(value) is expected


def test_scores_and_readings_are_no_dates(nlp):
    found = table_rows(nlp, "Her MoCA was 21/30 and her MMSE 24/30 today. BP 140/90.")
    assert not any(label == "DATETIME" for _, label in found)


def test_a_month_and_year_in_a_note_stays_a_date(nlp):
    assert ("8/87", "DATETIME") in table_rows(nlp, "CAD, CABG '92, all grafts occluded. echo 8/87 showing EF 20-25%")


@pytest.mark.parametrize("text,date", [("Seen on 21/11 and 3/4 of the plan agreed.", "21/11"),
                                       ("appointment on 21/11", "21/11"), ("from 13/2 to 20/2", "13/2")])
def test_a_day_written_first_is_a_date(text, date):
    assert date in [value for value, _, _ in rule_values(text, "DATETIME")]


@pytest.mark.parametrize("text", ["she scored 21/30", "ratio 15/10", "BP 140/90", "it was 14/10 pain"])
def test_scores_are_no_day_first_dates(text):
    assert rule_values(text, "DATETIME") == []


def test_a_day_first_date_is_masked_whole(nlp):
    doc = nlp("Seen on 21/11 by the team.")
    assert "/11" not in doc._.anon_text


def test_a_pupils_reading_after_a_review_heading_is_no_date(nlp):
    assert table_rows(nlp, "Review of Systems: \n\n NeurO: PERRLA 3/3 brisk. As noted, awakes to voice.") == []


def test_a_csv_rows_fields_are_read_apart(nlp):
    text = ("name,email,phone,city\nAisha Khan,aisha.khan@example.com,07700 900111,Bradford\n"
            "Tom O'Neill,tom.oneill@example.org,07700 900222,Cork")
    found = table_rows(nlp, text)
    for value in ("Aisha Khan", "Tom O'Neill"):  # the surname was trimmed off with the e-mail's chunk
        assert (value, "PERSON") in found
    assert ("aisha.khan@example.com", "CONTACT") in found and ("07700 900111", "CONTACT") in found
    assert ("jane.roe@x.org", "CONTACT") in table_rows(nlp, "Mail jane.roe@x.org now")
