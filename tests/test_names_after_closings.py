"""Bug (issue 28, e-mails and tickets): "Order 7731-XQ. Thanks, Kieran" gave "Kieran" LOC, "Best wishes,\\nRose
(9 Larch Close)" gave "Rose" ORG: a writer's given name after a closing got a place's or a company's type and
surrogate. The class: a given name after a closing on its line or the line above ("Thanks,", "Cheers,",
"Best wishes,", "Kind regards,") is a person (`name_context.after_closing`); "Thanks to Florence for
hosting" names a place."""
import pytest

from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, name", [
    ("Order 7731-XQ was delivered to the wrong address. Thanks, Kieran", "Kieran"),
    ("See you soon. Cheers, Kieran", "Kieran"),
    ("Please call me back.\n\nThanks,\nKieran", "Kieran"),
    ("The fete is at St Aidan's Church Hall.\n\nBest wishes,\nRose (9 Larch Close)", "Rose"),
])
def test_a_given_name_after_a_closing_is_a_person(nlp, text, name):
    assert (name, "PERSON") in masked_rows(nlp, text)


def test_thanks_to_a_place(nlp):
    assert ("Florence", "LOC") in masked_rows(nlp, "Thanks to Florence for hosting the summit.")
