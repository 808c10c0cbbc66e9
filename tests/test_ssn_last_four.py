"""Bug (issue 28, wrong types): a lease's "SSN (last 4): 7731" was masked as a place (a tagger's LOC over
the bare number), "Last 4 of SSN: 7731" the same; "SSN: XXX-XX-7731" left "XXX-XX" as an ORG. The class:
the last four digits of a social security number, as forms and letters give them (in brackets after the
key, "last 4 of", "ending in", behind a mask of X's or stars), are an SSN: ID, type SSN; four digits with
no such words stay what they are."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,expected", [
    ("SSN (last 4): 7731\nEmployer: Delta Air Lines", "7731"),
    ("Last 4 of SSN: 7731", "7731"),
    ("last four digits of my SSN are 5520", "5520"),
    ("Her social security number ending in 0042 was given.", "0042"),
    ("SSN: XXX-XX-7731", "XXX-XX-7731"),
    ("SSN ***-**-1204 verified", "***-**-1204"),
])
def test_the_last_four_digits_of_an_ssn(text, expected):
    assert texts(text, "rules.us_ssn") == [expected]


@pytest.mark.parametrize("text", ["Room 7731 is on the left.", "Last 4 of the card: 7731", "SSN pending, PIN 7731"])
def test_four_digits_without_an_ssn_s_words(text):
    assert texts(text, "rules.us_ssn") == []


def test_a_forms_ssn_tail_is_an_identifier(nlp):
    found = rows(nlp, "Tenant: Shaniqua Brooks\nSSN (last 4): 7731\nSSN: XXX-XX-7731\n")
    assert ("7731", "ID") in found and ("XXX-XX-7731", "ID") in found, found
    assert not any(label in ("LOC", "ORG") for _, label in found), found
