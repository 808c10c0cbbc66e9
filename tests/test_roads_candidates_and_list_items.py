"""Bugs (issue 28) found on a commuter's message, residents' minutes and a parent's admissions letter, each
fixed as a class: a road by its number and a motorway's junction are places ("stuck on the M62 near Junction
26" typed "M62" as an ID and left "26" in clear; new `rules.road`); an exam's candidate number is an ID
("candidate number 4471" was left in clear); a list's item number opening its line is no place ("1.
Parking on ..." masked "1"); a British "Ta," before the writer's name is a closing, no organisation."""
import pytest

from spacy_anon.mask.counts import bare_count
from tests.default_pipeline import masked_rows as rows, masked_texts, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,expected", [
    ("stuck on the M62 near Junction 26 because of an accident", ["M62", "Junction 26"]),
    ("the A1(M) northbound is shut", ["A1(M)"]), ("exit at J26 then left", ["J26"]),
    ("on Route 9 near Poughkeepsie", ["Route 9"]), ("I-95 northbound", ["I-95"]),
    ("the M4 and the A38", ["M4", "A38"]),
])
def test_roads_and_junctions(text, expected):
    assert texts(text, "rules.road") == expected


@pytest.mark.parametrize("text", ["print it on the A4 paper", "the B12 injection", "he got an A1 grade",
                                  "Part A1 of the form", "EKG: SR 65. PR.20"])
def test_no_road_in_paper_sizes_vitamins_or_grades(text):
    assert texts(text, "rules.road") == []


def test_a_commuters_message(nlp):
    text = ("Hi Jo - running late, stuck on the M62 near Junction 26 because of an accident. Should be at the "
            "Bradford office by 10. Can you tell Marcus? Ta, Bilal")
    found = rows(nlp, text)
    assert ("M62", "LOC") in found and ("Junction 26", "LOC") in found and ("Bilal", "PERSON") in found, found
    assert not any(t == "Ta" for t, _ in found), found


@pytest.mark.parametrize("text,value", [
    ("my daughter, Zara Ahmed (candidate number 4471), who sat her A-levels", "4471"),
    ("Candidate No: 0193", "0193"), ("UPN: H801200001001", "H801200001001"),
])
def test_candidate_and_pupil_numbers(text, value):
    assert texts(text, "rules.id_number") == [value]


@pytest.mark.parametrize("text,value,label,expected", [
    ("1. Parking on Elmfield Crescent", "1", "LOC", True),
    ("Minutes\n  2) Next meeting: 9 March", "2", "LOC", True),
    ("Flat 2. Second floor", "2", "LOC", False),  # not at its line's start: a flat's number
    ("22. Oak Road", "22", "ORG", True),
])
def test_a_list_items_number(text, value, label, expected):
    start = text.index(value, text.index("\n") + 1 if "\n" in text else 0)
    assert bare_count(text, start, start + len(value), label) is expected


def test_minutes_with_numbered_items(nlp):
    text = "1. Parking on Elmfield Crescent: Cllr Hamid to raise it.\n2. Next meeting: 9 March 2026."
    found = masked_texts(nlp, text)
    assert "Elmfield Crescent" in found and "1" not in found and "2" not in found, found


def test_a_dispatch_logs_motorway_and_junction(nlp):
    assert texts("Dispatch 0342: RTC, M6 J10 northbound, 2 vehicles.", "rules.road") == ["M6", "J10"]
    found = masked_texts(nlp, "Dispatch 0342: RTC, M6 J10 northbound, 2 vehicles. Driver 1: female, 34, conscious.")
    assert any("M6" in t and "J10" in t for t in found) and "34" in found, found  # the tagger's span is longer
