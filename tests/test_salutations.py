"""Bug (issue 28, generic words masked): the addressee of a letter to nobody in particular was masked as a
name: "Dear Sir/Madam," gave an ORG, "Dear Sir or Madam," and "Dear Hiring Manager," a PERSON. The class:
after a greeting, a span made only of the words that address a reader by role or courtesy ("sir", "madam",
"team", "colleague", "customer", "hiring manager"), joined by "/", "or", "and", is no name; a name among
them keeps the span ("Dear Sir Ian", "Dear Team Sky")."""
import pytest

from spacy_anon.lexicon.generic_words import SALUTATION_NOUNS
from tests.default_pipeline import masked_texts as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("addressee", ["Sir/Madam", "Sir or Madam", "Hiring Manager", "Sirs", "Madam", "Colleagues",
                                       "Valued Customer", "Recruitment Team", "SIR/MADAM"])
def test_a_letter_to_a_role_masks_no_addressee(nlp, addressee):
    assert rows(nlp, f"Dear {addressee},\nI am writing about my account 44102.") == ["44102"]


@pytest.mark.parametrize("text,name", [("Dear Sir Ian, thank you for your letter.", "Ian"),
                                       ("Dear Mr Grosu, thank you for your letter.", "Grosu")])
def test_a_name_among_them_keeps_its_mask(nlp, text, name):
    assert any(name in r for r in rows(nlp, text))


def test_the_words_are_lower_case_and_no_given_names(nlp):
    assert all(w == w.lower() and w.isalpha() for w in SALUTATION_NOUNS)
    assert not SALUTATION_NOUNS & nlp.get_pipe("anon_crf").name_terms


@pytest.mark.parametrize("words", [["and"], ["775", "and", "776"], ["or"], []])
def test_numbers_and_conjunctions_alone_are_no_salutation(words):
    # a plot list "775 and 776" once lost its numbers: the conjunction alone was read as a salutation
    from spacy_anon.lexicon.generic_words import salutation_only
    assert not salutation_only(words)
