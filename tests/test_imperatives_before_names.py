"""Bug (issue 28, everyday text): "Text Sam on 07911 123456 after lunch." masked "Text Sam" as one place, "Call
Sam" and "ring me" the same ("ring" PERSON). At a sentence start a capitalised word before another one was
read as a given name ("Will Smith called"), and "text", "ring", "message" were no imperatives. The class:
an imperative that opens a sentence ("Call", "Text", "Ring", "Message", "Contact") is no part of the name
after it; "Will Smith called" keeps "Will"."""
import pytest

from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, name", [
    ("Text Sam on 07911 123456 after lunch.", "Sam"),
    ("Call Sam on 07911 123456 after lunch.", "Sam"),
    ("Message Priya when you land.", "Priya"),
])
def test_an_imperative_is_no_part_of_the_name(nlp, text, name):
    assert name in masked_texts(nlp, text)


@pytest.mark.parametrize("text, word", [("ring me on 0113 496 0000 tonight", "ring"),
                                        ("[09:16] raj.patel: just ring him, 07700 900127", "ring")])
def test_a_chat_verb_is_no_name(nlp, text, word):
    assert not any(word in masked.split() for masked in masked_texts(nlp, text))


def test_a_given_name_that_opens_a_sentence_stays(nlp):
    assert "Will Smith" in masked_texts(nlp, "Will Smith called.")
