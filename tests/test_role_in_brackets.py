"""Bug (issue 28, wrong types): "Customer called re: refund for order #A-77812. Spoke to Kelly (supervisor)."
gave "Kelly" LOC, so a person's name got a place's surrogate and a LOCATION policy. The class: a given name
with a job or role noun in brackets after it ("Kelly (supervisor)", "Jordan (team lead)", "Florence (our HR
manager)") is a person, whatever the tagger took it for (`name_context.role_in_brackets`); a place with
other words in brackets after it stays a place."""
import pytest

from spacy_anon.mask.name_context import role_in_brackets
from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, name", [
    ("Customer called re: refund for order #A-77812. Spoke to Kelly (supervisor). Customer DOB 4th July 1979.",
     "Kelly"),
    ("Escalated to Jordan (team lead) after the second call.", "Jordan"),
    ("Ticket reassigned to Florence (our HR manager) on Monday.", "Florence"),
])
def test_a_name_before_a_bracketed_role_is_a_person(nlp, text, name):
    assert (name, "PERSON") in masked_rows(nlp, text)


@pytest.mark.parametrize("text, place", [("We met in Paris (the capital) last May.", "Paris"),
                                         ("The shop in Chelsea (owner: J. Price) closed.", "Chelsea")])
def test_a_place_before_other_brackets_stays_a_place(nlp, text, place):
    assert (place, "LOC") in masked_rows(nlp, text)


def test_the_role_must_end_the_brackets():
    text = "Kelly (supervisor) and Leeds (city centre)"
    assert role_in_brackets(text, 5)
    assert not role_in_brackets(text, text.index("Leeds") + 5)
    assert not role_in_brackets("Kelly supervisor", 5)
