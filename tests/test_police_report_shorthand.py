"""Bug (issue 28, wrong types in reports): a police report's shorthand was masked as names and places:
"R/O responded" gave "R" as an ORG, "(F/B, 34 YOA)" gave "F" an ORG, "B" a PERSON and "YOA" a LOC, and
"Victim is a 27 y.o.a. male" masked "Victim" as a PERSON. The class: single letters joined by slashes are
shorthand (kept), except a sex and a race ("F/B", "W/M", "B/M"), which are demographic (DEM); "YOA" and
"y.o.a." (years of age) after a number make it an age; a party named by its role ("Victim", "Suspect",
"Offender") is no name."""
import pytest

from spacy_anon.mask.shorthand import slash_code_label
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)

REPORT = ("Narrative: R/O responded to a call of a domestic disturbance. Upon arrival R/O made contact with the "
          "complainant, Tasha Reynolds (F/B, 34 YOA), who stated her boyfriend struck her. Weapon: N/A\n")


def test_a_reports_shorthand_is_read_as_written(nlp):
    found = rows(nlp, REPORT)
    assert ("Tasha Reynolds", "PERSON") in found and ("34", "AGE") in found, found
    assert ("F", "DEM") in found and ("B", "DEM") in found, found
    assert not any(t in ("R", "O", "N", "A", "YOA") for t, _ in found), found


@pytest.mark.parametrize("text,start,label", [
    ("(F/B, 34 YOA)", 1, "DEM"), ("(F/B, 34 YOA)", 3, "DEM"), ("a W/M in his 30s", 2, "DEM"),
    ("R/O responded", 0, ""), ("R/O responded", 2, ""), ("Weapon: N/A", 8, ""), ("c/o the manager", 0, ""),
])
def test_slash_codes(text, start, label):
    assert slash_code_label(text, start, start + 1) == label


@pytest.mark.parametrize("text,start,end", [("Dr A. Cook", 3, 4), ("Block B, Flat 2", 6, 7), ("A/B/C/D test", 0, 1)])
def test_letters_outside_slash_codes(text, start, end):
    assert slash_code_label(text, start, end) is None


@pytest.mark.parametrize("text,age", [
    ("The complainant (F/B, 34 YOA) stated", "34"), ("Victim is a 27 y.o.a. male.", "27"),
])
def test_years_of_age_make_an_age(nlp, text, age):
    found = rows(nlp, text)
    assert any(label == "AGE" and age in t for t, label in found), found
    assert not any("YOA" in t or "Victim" in t for t, _ in found), found


@pytest.mark.parametrize("role", ["Victim", "Suspect", "Offender"])
def test_a_party_by_its_role_is_no_name(nlp, role):
    found = rows(nlp, f"{role} stated that he was at home on the night in question.")
    assert not any(role in t for t, _ in found), found
