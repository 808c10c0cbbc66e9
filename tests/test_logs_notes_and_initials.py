"""Bug (issue 28, an incident log, a school's incident form and an obstetric note): "INCIDENT LOG
14/11\\n22:47 Call from ..." masked "LOG 14/11\\n22:47" as one reference number (a number wrapped onto the next
line was read into it); "Mr A. Kaur" became two people; "(male, approx 30)" masked "approx" as a place; "Pt:
34F, G2P1, 38+2/40" masked "G2" and the pieces of the gestation as codes; "CHI: 1201754432" masked the key.
The class: a day and a month after a cue is a date, not a reference; digits on the next line are not joined
to a number when that line opens with a clock time; a title and an initial before the full stop and the
surname are one name; writers' abbreviations ("approx", "esp", "incl") are words; an obstetric note's
gestation and gravida-parity counts name no one; a scheme's abbreviation before its value is a key."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


def test_a_log_entry_after_a_date(nlp):
    found = rows(nlp, "INCIDENT LOG 14/11\n22:47 Call from resident of 5 Mill Lane reporting loud music.")
    assert ("14/11", "DATETIME") in found and ("22:47", "DATETIME") in found, found
    assert texts("Incident 14/11\n22:47 Call", "rules.reference_number") == []


def test_a_wrapped_card_number_is_still_joined():
    assert texts("card 4111 1111\n1111 1111 ok", "rules.credit_card") == ["4111 1111\n1111 1111"]


@pytest.mark.parametrize("text,value", [("Claim ref 12/2024 paid", "12/2024"), ("Crime ref 4412/25", "4412/25")])
def test_references_with_slashes_stay(text, value):
    assert texts(text, "rules.reference_number") == [value]


@pytest.mark.parametrize("text,name", [
    ("Logged by Mr A. Kaur, Head of Year 10.", "Mr A. Kaur"),
    ("She met Dr R. Patel and Mrs S. Khan.", "Dr R. Patel"),
])
def test_title_and_initial(nlp, text, name):
    assert (name, "PERSON") in rows(nlp, text)


def test_approx(nlp):
    found = rows(nlp, "Occupant (male, approx 30, name given as Kyle Bennett) advised.")
    assert "approx" not in [t for t, _ in found] and ("Kyle Bennett", "PERSON") in found, found


def test_obstetric_shorthand(nlp):
    found = [t for t, _ in rows(nlp, "Pt: 34F, G2P1, 38+2/40, booked at St Mary's. CTG normal.")]
    assert not any(t in ("G2", "P1", "38", "2/40", "38+2/40", "G2P1") for t in found), found


def test_a_land_register_plan_is_no_gestation():
    from spacy_anon.mask.dateless import obstetric_notation
    text = "title registration number 5299, sheet/plan 13/40, plot no. 165"
    assert not obstetric_notation(text, text.index("13/40"), text.index("13/40") + 5)
    text = "booked at 32/40 today"
    assert obstetric_notation(text, text.index("32/40"), text.index("32/40") + 5)


def test_age_and_sex_after_a_dash(nlp):
    """"ED triage 03:14 - 19M brought in" left the age in clear: a dash's part opens on the patient too."""
    assert ("19", "AGE") in rows(nlp, "ED triage 03:14 - 19M brought in by friends from a nightclub.")
    # in capitals, which the truecasing reads "19m brought in"
    assert ("19", "AGE") in rows(nlp, "PT SEEN IN ED 03:14 - 19M BROUGHT IN BY FRIENDS FROM A NIGHTCLUB.")


def test_next_of_kin_line(nlp):
    """"NOK: mum (Leanne) 07911 123456." masked "NOK" and typed the phone a place (one tagger span over the
    line): "NOK" is a key, and a phone number's shape proves a contact whatever a tagger read."""
    doc = nlp("NOK: mum (Leanne) 07911 123456.")
    found = [(doc.text[r["start"]:r["end"]], r["label"], r.get("type")) for r in doc._.anon_table]
    assert found == [("Leanne", "PERSON", "PERSON"), ("07911 123456", "CONTACT", "PHONE")], found


@pytest.mark.parametrize("value,ok", [("07911 123456", True), ("+44 7911 123456", True), ("(0115) 496 0123", True),
                                      ("12345678", False), ("0876", False), ("2024 2025", False)])
def test_phone_shape(value, ok):
    from spacy_anon.mask.value_shapes import PHONE_SHAPE
    assert (PHONE_SHAPE.fullmatch(value) is not None) is ok


def test_chi_key(nlp):
    found = rows(nlp, "CHI: 1201754432. DOB 12.01.1975.")
    assert ("1201754432", "ID") in found and "CHI" not in [t for t, _ in found], found


@pytest.mark.parametrize("text,value", [("My hospital number is RF8842193.", "RF8842193"),
                                        ("My MRN is 8842193.", "8842193"), ("MRN IS 8842193", "8842193"),
                                        ("Hospital number: RF8842193", "RF8842193"), ("MRN RF 8842193", "RF 8842193")])
def test_record_number_after_is(text, value):
    """"My hospital number is RF8842193." left the number in clear, and "My MRN is 8842193." masked "is" with
    it: "is" or "was" between the key and the number is no letter prefix of the number."""
    assert texts(text, "rules.record_number") == [value]
