"""Bug (issue 28, leaks): an age said with "is", "was" or "am" stayed in clear: "she's 91 and still drives"
(over 89: an identifier under HIPAA's Safe Harbor), "I am 34 and work in IT", "my son is 7 and loves lego".
The age rules knew "91 years old", "aged 91", "turned 91" and notes' "91 YO", not how people say it. The
class: a pronoun or "my/his/her ... <kin word>" with "is", "was", "am" or "'s", then a number that ends the
clause (punctuation, "and", "but", "now", "when", "years"); a number of something ("she's 5 minutes late",
"I am 6 foot", "it is 5 pm") is no age."""
import pytest

from spacy_anon.rules.matching import find_matches


def ages(text):
    return [text[m.start:m.end] for m in find_matches(text) if m.label == "AGE"]


@pytest.mark.parametrize("text,age", [
    ("she's 91 and still drives lol", "91"), ("she’s 91 and still drives", "91"), ("I am 34 and work in IT.", "34"),
    ("I'm 27, single, no kids", "27"), ("my son is 7 and loves lego", "7"), ("My gran is 94!", "94"),
    ("he was 15 when he left school", "15"), ("Her husband was 62.", "62"), ("they are 40 now", "40"),
])
def test_an_age_said_with_a_copula_is_found(text, age):
    assert ages(text) == [age]


@pytest.mark.parametrize("text", [
    "she's 5 minutes late", "I am 6 foot tall", "it is 5 pm", "he is 1 of 3 applicants", "she is 91% sure",
    "I'm 2 weeks pregnant", "my son is 7 years behind", "there are 91 rooms", "Tom is 12 points ahead",
])
def test_a_number_of_something_is_no_age(text):
    assert ages(text) == []
