"""Bugs (issue 28) found on a reference letter, a school's trip letter and a GP's progress note, each fixed
as a class: a firm's legal form ends its name, so the town after "in" or "at" is a place of its own
("Hartley & Finch LLP in Leeds" was one ORG span); a school's head of department is a job title ("Head of
Geography" was a LOC); a score after its scale's name is no name ("PHQ-9 = 17" masked "17" as a LOC); a
follow-up's interval in weeks, days or months is no code ("r/v 4/52", "TCI 2/7"); a natural feature's
name is a place ("trip to Malham Cove" was a PERSON)."""
import pytest

from tests.default_pipeline import masked_rows as rows, masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,firm,town", [
    ("I was her line manager at Hartley & Finch LLP in Leeds, where she worked.", "Hartley & Finch LLP", "Leeds"),
    ("She works for Acme Widgets Ltd in Manchester.", "Acme Widgets Ltd", "Manchester"),
    ("He joined Smith & Co in Bristol last year.", "Smith & Co", "Bristol"),
])
def test_a_firms_legal_form_ends_its_name(nlp, text, firm, town):
    found = rows(nlp, text)
    assert (firm, "ORG") in found and (town, "LOC") in found, found


def test_a_place_name_with_in_stays_whole(nlp):
    found = masked_texts(nlp, "She grew up in Stratford-upon-Avon and studied at the University of Leeds.")
    assert "University of Leeds" in found, found


@pytest.mark.parametrize("text", ["Mrs G. Fairbrother\nHead of Geography", "Ms Ruth Dale, Head of Music, wrote."])
def test_a_schools_head_of_department_is_a_job_title(nlp, text):
    assert not any(t.startswith("Head") or t in ("Geography", "Music") for t in masked_texts(nlp, text))


@pytest.mark.parametrize("text,score", [
    ("Reports ongoing low mood. PHQ-9 = 17. Plan: increase sertraline.", "17"),
    ("GAD-7: 12 today, EPDS 14.", "12"),
])
def test_a_score_after_its_scale_is_no_name(nlp, text, score):
    assert score not in masked_texts(nlp, text)


@pytest.mark.parametrize("text", ["Plan: refer to CBT, r/v 4/52.", "F/U in 6/12 with bloods.", "TCI 2/7 for a wound check."])
def test_a_follow_up_interval_is_no_code(nlp, text):
    assert not any("/" in t for t in masked_texts(nlp, text)), masked_texts(nlp, text)


def test_a_date_with_a_slash_stays_a_date(nlp):
    assert ("4/12", "DATETIME") in rows(nlp, "Seen on 4/12 by Dr Khan")


def test_a_natural_feature_is_a_place(nlp):
    found = rows(nlp, "The Year 9 trip to Malham Cove will take place on Thursday.")
    assert ("Malham Cove", "LOC") in found, found
    assert ("Anna Bay", "PERSON") in rows(nlp, "Anna Bay called the office.")
