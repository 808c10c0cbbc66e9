"""Bug (issue 28, field keys masked): the scheme that issues an identifier was masked as an organisation:
"The claimant's National Insurance number is AB 12 34 56 C." gave "National Insurance" as an ORG, "Her
Social Security number is 078-05-1120." the same. The words name the kind of number (a field key), not a
body the person deals with. The class: a tagger's span made only of the words of identifier schemes
(national insurance, social security, tax, passport, driving licence, student, employee, membership...)
right before "number", "no.", "#", "ID", "code" or "card"; a body's own name before it stays ("Barclays
account number")."""
import pytest

from spacy_anon.mask.name_context import identifier_scheme
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,value", [
    ("The claimant's National Insurance number is AB 12 34 56 C.", "AB 12 34 56 C"),
    ("Her Social Security number is 078-05-1120.", "078-05-1120"),
])
def test_the_scheme_is_not_masked_and_the_number_is(nlp, text, value):
    found = rows(nlp, text)
    assert not any("Insurance" in t or "Security" in t for t, _ in found), found
    assert any(value in t for t, _ in found), found


@pytest.mark.parametrize("text,start,end", [
    ("National Insurance number: AB", 0, 18), ("his Student ID 88213", 4, 11), ("Driving Licence no. 5", 0, 15),
    ("Tax code 1257L", 0, 3),
])
def test_scheme_words_before_a_number_key_are_a_key(text, start, end):
    assert identifier_scheme(text, start, end)


@pytest.mark.parametrize("text,start,end", [
    ("Barclays account number 1", 0, 8), ("National Insurance was raised", 0, 18), ("Security Council", 0, 8),
])
def test_a_body_or_a_scheme_without_a_number_key_is_no_key(text, start, end):
    assert not identifier_scheme(text, start, end)
