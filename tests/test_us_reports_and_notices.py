"""Bug (issue 28, wrong types and leaks in US text): a police report's "1900 block of W. Fullerton Ave,
Chicago, IL" left the block number in clear and masked the street as an ORG; "a silver 2014 Nissan Altima"
was two places; a review's "Scottsdale AZ" an ORG; an obituary's "88, of Duluth" a group of people (DEM)
and 'Harold "Hal" Lindquist' left "Hal" (and, alone, "Lindquist") in clear. The classes: a US hundred
block is a street address, a state without its ZIP code ends an address; a model year before a make is no
part of a name; a known town before a state's code is a place, and so is a known town after a notice's age and "of"
("88, of Duluth"; "three United Kingdom nationals" stays a nationality); a name someone goes by, in quotes inside a full name, is a person's, and
so are the names either side of it."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,address", [
    ("Location: 1900 block of W. Fullerton Ave, Chicago, IL\nNarrative: R/O responded.",
     "1900 block of W. Fullerton Ave, Chicago, IL"),
    ("Officers attended the 300 block of North Main Street, Springfield, OR.", "300 block of North Main Street"),
    ("He lives at 4417 Ridgecrest Dr, Boise, ID. Call him.", "4417 Ridgecrest Dr, Boise, ID"),
])
def test_a_hundred_block_and_a_state_are_part_of_the_address(nlp, text, address):
    found = rows(nlp, text)
    assert any(address in t and label == "LOC" for t, label in found), found


@pytest.mark.parametrize("text,model", [
    ("Vance fled in a silver 2014 Nissan Altima, IL plate BX 47792.", "Nissan Altima"),
    ("She bought a 2019 Honda Pilot last week.", "Honda Pilot"),
    ("He drives a Nissan Altima.", "Nissan Altima"),
])
def test_a_model_year_and_a_us_model_leave_a_vehicle(nlp, text, model):
    found = rows(nlp, text)
    assert (model, "MISC") in found, found


@pytest.mark.parametrize("text,place", [
    ("Great food, rude staff.\n- Jennifer M., Scottsdale AZ", "Scottsdale AZ"),
    ("Harold Lindquist, 88, of Duluth, passed away peacefully on Sunday.", "Duluth"),
])
def test_towns_are_places(nlp, text, place):
    found = rows(nlp, text)
    assert (place, "LOC") in found, found


@pytest.mark.parametrize("text,names", [
    ('Harold "Hal" Lindquist, 88, passed away on Sunday. Hal was born in Two Harbors.',
     ["Harold", "Hal", "Lindquist", "Hal"]),
    ('Robert "Bobby" Kowalczyk was there.', ["Robert", "Bobby", "Kowalczyk"]),
])
def test_a_nickname_inside_a_full_name_is_masked_everywhere(nlp, text, names):
    found = rows(nlp, text)
    assert [t for t, label in found if label == "PERSON"] == names, found


def test_a_country_before_nationals_stays_a_nationality(nlp):
    found = rows(nlp, "The case was brought by three United Kingdom nationals, Mrs Eileen Appleby and others.")
    assert not any(t == "United Kingdom" and label == "LOC" for t, label in found), found


def test_a_full_name_with_a_nickname_is_a_person(nlp):
    assert rows(nlp, "Margaret “Peggy” Okonkwo-Hill retired.") == [("Margaret “Peggy” Okonkwo-Hill", "PERSON")]


def test_a_report_in_capitals_keeps_its_address_and_town(nlp):
    """The same classes in a report typed in capitals: the address rule reads the text as written too (the
    truecased reading writes "AVE" as "ave"), and "88, OF DULUTH" is a town."""
    found = rows(nlp, "LOCATION: 1900 BLOCK OF W. FULLERTON AVE, CHICAGO, IL\nNARRATIVE: R/O RESPONDED TO A CALL.")
    assert ("1900 BLOCK OF W. FULLERTON AVE, CHICAGO, IL", "LOC") in found, found
    found = rows(nlp, 'OBITUARY\nHAROLD "HAL" LINDQUIST, 88, OF DULUTH, PASSED AWAY ON SUNDAY.')
    assert ("DULUTH", "LOC") in found and ("HAL", "PERSON") in found and ("LINDQUIST", "PERSON") in found, found
