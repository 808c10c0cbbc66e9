"""The fast paths of the default pipeline give exactly what the plain code gives.

Each test compares a shortcut with the straightforward computation it replaces, on real edge cases
(a reference written out here, or Python's own `re` on the same pattern)."""
import gc
import random
import re

import pytest
import spacy

from spacy_anon import text_views
from spacy_anon.coref.resolve import PlainWords, fold, plain_words, sentence_index
from spacy_anon.extensions import doc_text
from spacy_anon.mask import leak_guard
from spacy_anon.rules import scanning
from spacy_anon.rules.recognizers import URL, bare_domain_starts
from spacy_anon.tagger.regex_generator import Rule, RuleIndex
from spacy_anon.tagger.tokenizer import TOKEN_RE, split_char_classes
from test_tagger_fast_paths import _reference_candidates  # the plain algorithm

BARE_DOMAIN_PATTERNS = [p.regex for p in URL.patterns[2:]]


@pytest.mark.parametrize("text", [
    "see example.com or bbc.co.uk/news, not chart.pt.",
    "mail.example.org/path?q=1 and sub.domain.example.io",
    "x" * 70 + ".com is too long a label; " + ".".join(["a"] * 12) + ".com has too many labels",
    "é.example.com and _x.example.com and -a.example.com start after a word character",
    "3.14.example.com has a digit label; 1.2 is a number; a.b",
    "www.example.com https://example.com/a example.com",
    ("a." * 400) + "com",
])
def test_bare_domain_patterns_find_what_re_finds(text):
    for regex in BARE_DOMAIN_PATTERNS:
        expected = [m.span() for m in regex.finditer(text)]
        assert [m.span() for m in scanning.finditer(regex, text)] == expected
        scanning.release()


def test_bare_domain_starts_fuzz():
    rng = random.Random(7)
    atoms = ["a", "b", "x1", "co", ".", ".", "-", "/", "@", " ", "\n", "com", "uk", "org", "é", "_", "9"]
    for _ in range(3000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 30)))
        for regex in BARE_DOMAIN_PATTERNS:
            assert [m.span() for m in scanning.finditer(regex, text)] == [m.span() for m in regex.finditer(text)]
            scanning.release()
    assert bare_domain_starts("no dots here") == []
    assert bare_domain_starts("visit example.com today") == [6]


def test_compact_view_rules_rewritten_with_a_leading_space_match_as_before():
    # rule 5 and the spelled-out dot open with the space, the lookbehind checked over it
    before_at = re.compile(r"(?<=[A-Za-z0-9._%+\-])[ ]+" + text_views._AT + r"[ ]+" + text_views._TLD_AHEAD)
    before_dot = re.compile(r"(?<=[A-Za-z0-9\-])[ ]+" + text_views._DOT + r"[ ]+(?=[A-Za-z0-9])")
    rng = random.Random(3)
    atoms = ["john", " ", "  ", " at ", " AT ", " dot ", "gmail", ".", "com", "-", "@", "(", "1"]
    for _ in range(3000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 12)))
        assert [m.span() for m in text_views.COMPACT_RULES[5][0].finditer(text)] == \
            [m.span() for m in before_at.finditer(text)]
        assert [m.span() for m in text_views._SPELLED_DOT.finditer(text)] == \
            [m.span() for m in before_dot.finditer(text)]


@pytest.mark.parametrize("text, expected", [
    ("SSN 536-22-\n1784 on file", "SSN 536-22-1784 on file"),
    ("number 5 3 6 2 2 1 7 8 4 here", "number 536221784 here"),
    ("ref 536 - 22 - 1784", "ref 536-22-1784"),
    ("write to john [at] gmail (dot) com", "write to john@gmail.com"),
    ("write to john at gmail dot com", "write to john@gmail.com"),
    ("a plain line\nand another", "a plain line\nand another"),
])
def test_compact_view_joins_hidden_separators(text, expected):
    assert text_views.compact_view(text).text == expected


def test_rule_prefilters_are_implied_by_their_rules():
    rng = random.Random(11)
    atoms = ["a", "1", "2", " ", "-", "\n", "\r\n", "[", "]", "(", ")", "at", "dot", "AT", "\t"]
    for _ in range(5000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 14)))
        for (pattern, _), needs in zip(text_views.COMPACT_RULES, text_views._RULE_NEEDS):
            if needs is not None and pattern.search(text):
                assert needs.search(text), (pattern.pattern, text)


def test_fold_words_equals_fold_per_word():
    # the leak guard folds a text's words in bulk (`plain_words(...).folded()`): the same as its `fold` of
    # each word, on words whose case or accents fold in special ways
    words = ["José", "GARCÍA", "ΟΔΟΣ", "Σ", "İstanbul", "straße", "Kelvin", "e\u0301", "plain", "ǅ"]
    plain = plain_words(" ".join(words))
    assert plain.folded() == [leak_guard.fold(w) for w in plain.texts]
    assert plain_words("").folded() == []


def test_find_occurrences_matches_whole_folded_words():
    terms = leak_guard.sweep_terms([("PERSON", "José García")], ["PERSON"], ["mr"], lambda w: False)
    text = "JOSE GARCIA came; García left, Garcías stayed and josé garcía spoke."
    found = [(text[s:e], t) for s, e, t in leak_guard.find_occurrences(text, terms)]
    whole = next(i for i, term in enumerate(terms) if len(term.words) == 2)
    assert ("JOSE GARCIA", whole) in found and ("josé garcía", whole) in found
    assert "García" in [f for f, _ in found] and all(f != "Garcías" for f, _ in found)


def test_plain_words_are_the_regex_words():
    text = "Mr Benham’s wife, ΟΔΟΣ and José-María (no. 12) said: «ok»."
    words = plain_words(text)
    assert isinstance(words, PlainWords)
    matches = list(re.finditer(r"[^\W_]+", text))
    assert words.texts == [m.group() for m in matches]
    assert list(zip(words.starts, words.ends)) == [m.span() for m in matches]
    assert words.lower() == [m.group().lower() for m in matches]
    assert words.folded() == [fold(m.group()) for m in matches]
    assert len(plain_words("")) == 0 and plain_words("").folded() == []


def test_sentence_index_is_the_last_start_at_or_before():
    rng = random.Random(5)
    for _ in range(2000):
        starts = sorted({0} | {rng.randint(1, 60) for _ in range(rng.randint(0, 6))})
        offset = rng.randint(0, 70)
        assert sentence_index(starts, offset) == max(i for i, s in enumerate(starts) if s <= offset)
    assert sentence_index([], 5) == 0


def _split_reference(text):
    """The tokenizer's rule written as a loop: a single space after a token is its trailing space."""
    words, spaces = [], []
    for match in TOKEN_RE.finditer(text):
        piece = match.group()
        if piece[0].isspace() and words and not spaces[-1] and not words[-1].isspace() and piece[0] == " ":
            spaces[-1] = True
            piece = piece[1:]
            if not piece:
                continue
        words.append(piece)
        spaces.append(False)
    return words, spaces


@pytest.mark.parametrize("text", [
    "", " ", "  lead", "a  b", "a \nb", "x_y", "Kow\u200balski 12\u00ad34", "end. ", "tab\there", "\u3000a",
    "Mr. J. Smith, born 3/4/1970 in   Paris.\n\nNext line",
])
def test_split_char_classes_keeps_one_trailing_space(text):
    assert split_char_classes(text) == _split_reference(text)


def test_doc_text_is_the_text_of_each_doc():
    nlp = spacy.blank("en")
    first, second = nlp("One doc here."), nlp("Another  one.")
    assert doc_text(first) == first.text and doc_text(second) == second.text
    assert doc_text(first) is doc_text(first)  # built once
    with first.retokenize() as retokenizer:  # merging tokens keeps the text
        retokenizer.merge(first[0:2])
    assert doc_text(first) == first.text
    del first
    gc.collect()
    assert doc_text(second) == "Another  one."




def test_regex_generator_candidates_equal_the_per_token_contexts():
    index = RuleIndex([
        Rule(["born", "on"], "D", "DATETIME"), Rule(["on"], "DSCSD", "DATETIME"), Rule(["mr"], "C", "PERSON"),
        Rule(["application", "no"], r"D/D", "CODE"), Rule([], r"D\.D\.D\.D", "CONTACT"),
    ])
    tokens = ["Mr", " ", "Smith", " ", "was", " ", "born", " ", "on", " ", "3", " ", "May", " ", "1970", "\n",
              "on", " ", "12", " ", "June", " ", "2001", ";", " ", "application", " ", "no", " ", "123", "/", "04",
              " ", "ip", " ", "10", ".", "0", ".", "0", ".", "1", "\n", "MR", " ", "Jones"]
    assert sorted(index.candidates(tokens), key=lambda c: (c[0], c[1], id(c[2]))) == \
        sorted(_reference_candidates(index, tokens), key=lambda c: (c[0], c[1], id(c[2])))


def _distance_reference(before, after, words):
    """`context_distance` comparing every token with every phrase."""
    def nearest(tokens, phrases, limit):
        for d in range(1, len(tokens) + 1):
            if limit is not None and d >= limit:
                return None
            for phrase in phrases:
                if tuple(tokens[d - 1:d - 1 + len(phrase)]) == phrase:
                    return d
        return None

    def nearer(a, b):
        return b if a is None else (a if b is None else min(a, b))

    sides = [(w[:2], w[2:]) if w[:2] in ("<<", ">>") else ((w[0], w[1:]) if w[:1] in "<>" else ("", w))
             for w in words]
    before_phrases = [tuple(word.split())[::-1] for side, word in sides if side in ("", "<")]
    after_phrases = [tuple(word.split()) for side, word in sides if side in ("", ">")]
    right_before = [tuple(word.split())[::-1] for side, word in sides if side == "<<"]
    right_after = [tuple(word.split()) for side, word in sides if side == ">>"]
    best = nearer(nearest(before, before_phrases, None), nearest(before, right_before, 2))
    after_best = nearer(nearest(after, after_phrases, best),
                        nearest(after, right_after, 2 if best is None else min(2, best)))
    return after_best if after_best is not None else best


def test_context_distance_looks_phrases_up_by_their_first_token():
    from spacy_anon.rules.matching import context_distance
    from spacy_anon.rules.recognizers import PHONE, US_SSN

    rng = random.Random(9)
    vocab = ["phone", "number", "my", "call", "the", "social", "security", "ss", "#", "tel", "card", "euros"]
    for words in (PHONE.context, PHONE.negative_context, US_SSN.context, ("social security", "<my number", ">call me"),
                  ("<<card", ">>euros", "<<my number", ">>call me", "phone", "<tel")):
        for _ in range(2000):
            before = [rng.choice(vocab) for _ in range(rng.randint(0, 5))]
            after = [rng.choice(vocab) for _ in range(rng.randint(0, 5))]
            assert context_distance(before, after, words) == _distance_reference(before, after, words)
