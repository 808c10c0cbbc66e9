"""Dates typed in lower case ("on 27 december 1993", "released on 9 january") are found by the date rules,
not left to the tagger alone. The written-date rules want a capital month, because "may" and "march" are
also words: they read the text with its lower-case month names capitalised where they date something
(`rules.dates.months_capitalised`); a month that is also a word counts only beside a day or a year ("you
may go", "we will march 4 miles" stay words). Without truecasing, so the fast path finds the same."""
import pytest

import spacy_anon
from spacy_anon.casing import truecased_text
from spacy_anon.fast_path import anonymize_structured
from spacy_anon.rules.dates import months_capitalised
from spacy_anon.rules.matching import find_matches


def _dates(text):
    reading = truecased_text(text, "en")
    return [text[m.start:m.end] for m in find_matches(text, reading=reading) if m.label == "DATETIME"]


@pytest.mark.parametrize("text,dates", [
    ("following promulgation of the law of 27 december 1993, which abolished the jurisdiction",
     ["27 december 1993"]),
    ("the applicant was released on 9 january. in the subsequent asylum proceedings, he appealed",
     ["9 january"]),
    ("subsequently, on 14 may and 16 august 1999, the applicant's detention was extended",
     ["14 may", "16 august 1999"]),
    ("hi tom, can we move the call to monday 3 march 2025? thanks", ["monday 3 march 2025"]),
    ("she was born on march 4, 1988 in leeds", ["march 4, 1988"]),
])
def test_dates_in_lower_case_are_found_by_the_rules(text, dates):
    assert _dates(text) == dates


@pytest.mark.parametrize("text", [
    "you may 2 weeks from now want to call again",
    "we will march 4 miles to the station",
    "the applicant may appeal within 14 days",
])
def test_month_words_read_as_words_stay_words(text):
    assert _dates(text) == []


def test_only_month_names_that_date_something_are_capitalised():
    text = "on 27 december 1993 you may leave; monday 3 jan 2005 and may 2001. we march on. sat 4 hours"
    read = months_capitalised(text)
    assert len(read) == len(text)
    assert read == ("on 27 December 1993 you may leave; Monday 3 Jan 2005 and May 2001. we march on. "
                    "Sat 4 hours")
    assert months_capitalised("On 27 December 1993") == "On 27 December 1993"
    plain = "nothing to see here"
    assert months_capitalised(plain) is plain


def test_the_fast_path_finds_lower_case_dates_too():
    (text, table), = anonymize_structured(["released on 9 january 2004, again on 3 may 2005."])
    assert [row["label"] for row in table] == ["DATETIME", "DATETIME"] and "january" not in text


def test_the_default_pipeline_masks_a_lower_case_date_as_a_rule_match():
    nlp = spacy_anon.load()
    doc = nlp("the hearing was adjourned until 27 december 1993 at the request of counsel.")
    rows = [row for row in doc._.anon_table if row["label"] == "DATETIME"]
    assert rows and doc.text[rows[0]["start"]:rows[0]["end"]] == "27 december 1993"
    assert "27 december" not in doc._.anon_text
