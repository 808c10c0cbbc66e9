"""A given name that is also a word is a name when a verb in the past follows it: "Will and May went home
early because Will felt sick" left both in clear (no modal or noun takes "felt": "will felt" is no
English). A month's name alone before a verb may be the month; "be" and "have" prove nothing ("Hope was
lost"); after "in", "the", "last" the word is no name (`rules.word_name`)."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def test_word_names_before_a_verb_are_masked(nlp):
    text = "Will and May went home early because Will felt sick."
    doc = nlp(text)
    assert doc._.anon_text == "[PERSON_1] and [PERSON_2] went home early because [PERSON_1] felt sick."


@pytest.mark.parametrize("text,names", [
    ("Bill paid the bill.", ["Bill"]),
    ("Mark said no and left.", ["Mark"]),
    ("Jack and Sarah went out.", ["Jack", "Sarah"]),
])
def test_the_rule_reads_the_name(text, names):
    assert [v for v, label, _ in rule_values(text) if label == "PERSON"] == names


@pytest.mark.parametrize("text", [
    "It will rain. May I go?", "In May went the last of the snow.", "The Will was read.", "Hope was lost.",
    "June said hello", "Grace has gone from the hymn.", "I will be there; Will is here",
])
def test_words_stay_words(text):
    assert not [v for v in rule_values(text) if v[1] == "PERSON" and v[2] == "NAME"]
