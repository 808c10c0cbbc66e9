"""Bug (issue 28, a GP referral, a witness statement and a parent's letter): "Dr J. O'Donnell, Riverside
Surgery, Nottingham" left the town in clear; "weakness 2/7 ago" masked "2/7" as a date; "His GP is Dr
Rahman" masked "His GP" as a place; "I was on duty in full uniform on Broad Street" masked "uniform on Broad
Street". The class: a known town after a capitalised name and a comma, last in its clause, is a place (as
one after "in" or "from" is); a clinician's interval before "ago" names no date; a possessive that opens
a sentence is no part of a name, and "GP" alone is a post; a tagger's span that opens with lower-case words
and a preposition of place before capitalised words starts at the name."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,town", [
    ("Referred by: Dr J. O'Donnell, Riverside Surgery, Nottingham\nReason: pain", "Nottingham"),
    ("He works at Barclays, Coventry.", "Coventry"),
])
def test_town_after_a_name_and_a_comma(text, town):
    assert texts(text, "rules.known_town") == [town]


@pytest.mark.parametrize("text", ["We met Sarah, Gemma and Paul.", "Thanks, Reading is fun", "Dear Sir, Madam"])
def test_no_town(text):
    assert texts(text, "rules.known_town") == []


def test_days_ago(nlp):
    assert rows(nlp, "Reason: ?TIA – transient L arm weakness 2/7 ago. PMH: AF.") == []


def test_his_gp(nlp):
    found = rows(nlp, "Our son Mateo has a peanut allergy. His GP is Dr Rahman at Ashfield Medical Centre.")
    assert not any("GP" in t for t, _ in found) and ("Dr Rahman", "PERSON") in found, found


def test_lower_words_before_a_street(nlp):
    found = rows(nlp, "At 23:40 hrs I was on duty in full uniform on Broad Street, Birmingham, when I saw a male.")
    # the street and its town after its comma are one address
    assert ("Broad Street, Birmingham", "LOC") in found and not any("uniform" in t for t, _ in found), found


@pytest.mark.parametrize("text,whole", [
    ("He lived in the northern part of Cyprus.", "part of Cyprus"),
    # a place's noun before the preposition: one description of a place, as court judgments mark it
    ("the two vehicles arrived at the post office in Adare, the police car was rammed", "post office in Adare"),
])
def test_a_description_stays_whole(nlp, text, whole):
    found = [t for t, _ in rows(nlp, text)]
    assert any(t.endswith(whole) for t in found), found


def test_our_lady_stays(nlp):
    assert ("Our Lady of the Rosary High School", "ORG") in rows(nlp, "Our Lady of the Rosary High School ( Baltimore )")
