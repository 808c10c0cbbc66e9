"""Bug (issue 28, leaks): a year after "in", "from", "since" was dropped by `rules.year` whenever "at" or
"by" stood anywhere in the five words before it: "She studied at Leeds in 2015", "He was arrested by police
in 2015", "He was born at home in 1961" (the negative word, nearer than "born", won), "worked at Google in
Zurich from 2015 to 2019" (only 2019 found). Those negative words are meant for a time right after them
("at 1930", "by 1700"). The class: a context word can be bound to the word next to the match ("<<w" right
before it, ">>w" right after it); the year rule's "at" and "by" are."""
import pytest

from spacy_anon.rules.matching import context_distance, find_matches


@pytest.mark.parametrize("before,after,words,expected", [
    (["by"], [], ("<<by",), 1),
    (["in", "police", "by"], [], ("<<by",), None),
    (["in", "police", "by"], [], ("<by",), 3),
    ([], ["hours"], (">>hours",), 1),
    ([], ["long", "hours"], (">>hours",), None),
    (["at", "born"], ["hours"], ("<<at", ">>hours"), 1),
    (["the", "at"], ["x", "hours"], ("<<at", ">hours"), 2),
])
def test_a_context_word_can_be_bound_to_the_next_word(before, after, words, expected):
    assert context_distance(before, after, words) == expected


def years(text):
    return [text[m.start:m.end] for m in find_matches(text) if m.source == "rules.year"]


@pytest.mark.parametrize("text,expected", [
    ("She studied at Leeds in 2015.", ["2015"]),
    ("He was arrested by police in 2015.", ["2015"]),
    ("He was born at home in 1961.", ["1961"]),
    ("Jan worked at Google in Zurich from 2015 to 2019 before joining.", ["2015", "2019"]),
])
def test_a_year_is_found_whatever_stands_further_before_it(text, expected):
    assert years(text) == expected


@pytest.mark.parametrize("text", ["The nurse came at 1930 on Friday.", "Bloods are due by 1700 today."])
def test_a_time_right_after_at_or_by_is_still_no_year(text):
    assert years(text) == []
