"""Bug (issue 28, fairness of types): "Attendees: Sarah Mitchell (HR), Tom Brennan, Aisha Rahman (Legal)" typed
"Aisha Rahman" an organisation while "Sarah Mitchell" was a person; "Reference for Chukwuemeka (Emeka) Eze"
typed "Chukwuemeka" an organisation. The mask tells a person by a given name of Faker's lists, which held
European, American and Indian names only. The class: given names of more locales (Nigeria, Ghana, Kenya,
Pakistan, South and East Africa, Brazil, Romania, the Netherlands; none that is a frequent word) type a
span as a person (`names.world_given_names`, asked by `anon_mask`; the rules keep `first_names`)."""
import pytest

from spacy_anon.rules.recognizers.names import first_names, world_given_names
from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, name", [
    ("Attendees: Sarah Mitchell (HR), Tom Brennan, Aisha Rahman (Legal)\nApologies: none", "Aisha Rahman"),
    ("To whom it may concern,\n\nReference for Chukwuemeka (Emeka) Eze\n\nI am pleased to", "Chukwuemeka"),
    ("Kofi told me his mum works at the Asda.", "Kofi"),
])
def test_a_given_name_of_any_region_is_a_person(nlp, text, name):
    assert (name, "PERSON") in masked_rows(nlp, text)


def test_frequent_words_are_left_out():
    names = world_given_names()
    assert first_names() <= names and {"aisha", "kofi", "wanjiru", "thandiwe"} <= names
    assert not {"patience", "job", "floor", "said", "man"} & (names - first_names())


def test_words_of_the_shipped_languages_are_no_world_names():
    """HAREM: "Rua Sampaio Pina" (a street) became a person when "rua" counted as a given name."""
    assert not {"rua"} & (world_given_names() - first_names())
