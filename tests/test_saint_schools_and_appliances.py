"""Bugs (issue 28) found on a safeguarding referral and a delivery text: a school named after a saint was
split into a person and an organisation ("St Peter" + "'s CE Primary"): a saint's name in the possessive
right before an organisation's name is that organisation's; an appliance's make and model was a person
("Your Dyson V15 will be delivered"): a device's make with a model is a product (MISC), as phones and cars
are."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


def test_a_school_named_after_a_saint(nlp):
    found = rows(nlp, "REFERRAL: 6 yo boy, Leo Barker, attends St Peter's CE Primary, Year 1.")
    assert ("St Peter's CE Primary", "ORG") in found and ("Leo Barker", "PERSON") in found, found


@pytest.mark.parametrize("text,product", [
    ("Order #3381-2291 update: Your Dyson V15 will be delivered by DPD on Tue 17 Mar.", "Dyson V15"),
    ("My Dyson V11 stopped working last week.", "Dyson V11"), ("The engineer fixed our Miele W1 on Monday.", "Miele W1"),
])
def test_an_appliances_make_and_model(nlp, text, product):
    assert (product, "MISC") in rows(nlp, text)


def test_a_person_named_like_a_make_stays_a_person(nlp):
    assert ("Sony Brown", "PERSON") in rows(nlp, "Sony Brown called about the order.")
