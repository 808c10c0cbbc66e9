"""Bug (issue 28, found on a parcel scam text): "Reschedule at royalmail-redelivery-uk.com/track?id=GB88312"
was read as an e-mail address "Reschedule@royalmail-redelivery-uk.com", so the masked span took in the word
before it; "Please log in at portal.example.com" the same ("in@portal..."). A spelled-out " at " is an
e-mail's "@" only when no URL path follows the domain and the word before it is no word of the sentence
("in", "us", "visit", "available" ...); "john at example.com" and "piotr.k at example.com" still are."""
import pytest

from spacy_anon.rules.matching import find_matches


def found(text):
    return [(text[m.start:m.end], m.source) for m in find_matches(text)]


@pytest.mark.parametrize("text,value", [
    ("Contact john at example.com for details", "john at example.com"),
    ("write to piotr.k at example.com", "piotr.k at example.com"),
])
def test_a_spelled_at_address(text, value):
    assert (value, "rules.email") in found(text)


@pytest.mark.parametrize("text", [
    "Reschedule at royalmail-redelivery-uk.com/track?id=GB88312", "Please log in at portal.example.com today",
    "Tickets available at example.com", "Visit us at example.org", "Find it at example.com",
])
def test_no_address_from_a_sentences_word(text):
    assert not any(source == "rules.email" for _, source in found(text)), found(text)
