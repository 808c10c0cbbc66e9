"""A pattern's twin (`spacy_anon.rules.first_chars.twin`) and its skipper (`matches`) find exactly the
pattern's matches, groups and spans; a pattern whose first characters are not proven has neither."""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.rules.first_chars import matches, skipper, twin
from spacy_anon.rules.recognizers import BUILT_IN

PATTERNS = [p.regex for rec in BUILT_IN for p in rec.patterns]
PIECES = ["2024-03-05", "10.0.0.1", "555-123-4567", "jane.doe@example.com", "GB29 NWBK 6016 1331 9268 19", " ",
          "\n", "-", "/", ".", ":", "on", "March", "Mr", "the", "MRN", "#", "(", ")", "ext", "x", "2", "11",
          "0", "a", "Z", "é", "ſ", "K", "İ", "\u212a", "\t", "_", "@", "'", "15th", "age", "https://a.b/c"]


def _found(regex, text):
    return [m.regs for m in regex.finditer(text)]


def test_every_built_in_pattern_has_a_twin():
    assert all(twin(r) is not r for r in PATTERNS)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=24).map("".join))
def test_twins_of_the_built_in_patterns_find_the_same_matches(text):
    for regex in PATTERNS:
        assert _found(twin(regex), text) == _found(regex, text), regex.pattern


@pytest.mark.parametrize("source,flags,text", [
    (r"(?i)(?<!\w)abc", 0, "x ABC abc aBc"),
    (r"(?<![\w.])(?i:st)\d", 0, "ST1 st2 St3 \u017ft4"),
    (r"(?-i:A)b", re.I, "aB AB Ab"),
    (r"(?a:\w)x", 0, "éx ax"),
    (r"\d  # a digit", re.X, "a1b2"),
    (r"(?:[^\W\d_]|[^a-z\s])q", 0, "aq 1q  q"),
    (r"(?:x?|y)z", 0, "xz yz z"),
    (r"\b(?:Ms|[12]\d{3})(?=\W)", 0, "Ms 2024 1999x"),
    (r"(?>ab|a)c", 0, "abc ac"),
    (r"[^x]{2}", 0, "xxab\nxy"),
])
def test_twin_finds_the_same_matches(source, flags, text):
    regex = re.compile(source, flags)
    assert twin(regex) is not regex
    assert _found(twin(regex), text) == _found(regex, text)


@pytest.mark.parametrize("source", [r"a*", r".b", r"(a?)\1b", r"(?=a)|b", r"\b", r"(x)?(?(1)a|b)"])
def test_no_twin_where_the_first_characters_are_not_proven(source):
    regex = re.compile(source)
    assert twin(regex) is regex



def _scanned_directly():
    """(pattern, what runs) of the patterns the recognizers run on whole texts themselves: the spoken
    words' patterns (both compilations) and the candidate scans of addresses, contacts, keys and IDs."""
    from spacy_anon.rules import phones
    from spacy_anon.rules.recognizers import (addresses, contacts, credentials, iberian_ids, labelled_ids,
                                              payment, spoken)
    plain = [addresses.STREET, addresses.CITY_POSTCODE, contacts._USER_CUE, credentials._PEM_BEGIN,
             iberian_ids._DNI_CANDIDATE, labelled_ids._LABELLED, payment._BECH32_ADDRESS, phones._CANDIDATE]
    found = [(regex, twin(regex)) for regex in plain]
    for value in vars(spoken).values():
        if isinstance(value, spoken._Rx):
            found += [(re.compile(value.source), value.plain), (re.compile(value.source, re.I), value.blind)]
    return found


SPOKEN_PIECES = ["mon", "wed", "thurs", "fri", "on", "the", "next", "this", "ninth", "of", "march", "may", "at",
                 "two", "fourteen", "o'clock", "twenty", "first", "oh", "seven", "call", "s", "n", " ", ", ", "/",
                 " & ", "\n", "Wed", "FRI", "22", "Orchard", "Rise", "Norwich", "NR2 4TT", "BEGIN", "-----",
                 "user", ":", "12345678Z", "MRN", "bc1", "qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "+44", "7911 123456"]


def test_the_patterns_scanned_directly_run_through_twins():
    assert all(runs is not regex and runs.pattern.startswith("(?=") for regex, runs in _scanned_directly())


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(SPOKEN_PIECES), min_size=1, max_size=24).map("".join))
def test_the_patterns_scanned_directly_find_through_their_twins_what_they_find_alone(text):
    for regex, runs in _scanned_directly():
        assert _found(runs, text) == _found(regex, text), regex.pattern
        assert [m.regs for m in matches(regex, text)] == _found(regex, text), regex.pattern


# ---------------------------------------------------------------- skippers


def _matched(regex, text, pos=0):
    return [m.regs for m in matches(regex, text, pos)]


def test_most_built_in_patterns_have_a_skipper_and_those_opening_at_a_digit_all_do():
    with_skipper = [r for r in PATTERNS if skipper(r) is not None]
    assert len(with_skipper) >= 0.6 * len(PATTERNS)
    assert skipper(re.compile(r"(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d")).pattern.startswith("[")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=24).map("".join), st.integers(0, 30))
def test_skippers_of_the_built_in_patterns_find_the_same_matches(text, pos):
    for regex in PATTERNS:
        assert _matched(regex, text) == _found(regex, text), regex.pattern
        assert _matched(regex, text, pos) == [m.regs for m in regex.finditer(text, pos)], regex.pattern


@pytest.mark.parametrize("source,flags,text", [
    (r"(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d", 0, "at 12:30, 9:05 and 123:45, 1.2:30 x:10:15 07:00"),
    (r"\b\d{2}-\d{2}\b", 0, "12-34 a12-34 123-45 _12-34 (12-34)"),
    (r"\b(?=[0-9])(?:1[0-2]|0?[1-9])/\d\d", 0, "3/14 12/25 x1/12 13/11"),
    (r"(?<!-)\d{3}", 0, "-123 4567 -89012"),
    (r"(?<!al\. \()(?<=\()(?:19\d\d)(?=\))", 0, "et al. (1999) (1998) (19999)"),
    (r"(?i)(?<![\w\-])x\d", 0, "X1 -x2 x3 ax4"),
    (r"(?<![\w.])(?:[0-9]{2}([:\-]))(?:[0-9]{2}\1){2}[0-9]{2}", 0, "12:34:56:78 12-34-56-78 12:34-56:78"),
    (r"\d  # a digit", re.X, "a1b2"),
    (r"[^x]{2}", 0, "xxab\nxy"),
    (r"(?a:\d)\d", 0, "١٢ 12"),
    (r"\d\d$", re.M, "12\n345\n6"),
])
def test_matches_finds_what_finditer_finds(source, flags, text):
    regex = re.compile(source, flags)
    assert _matched(regex, text) == _found(regex, text)
    for pos in range(len(text) + 1):
        assert _matched(regex, text, pos) == [m.regs for m in regex.finditer(text, pos)]


@pytest.mark.parametrize("source,flags", [
    (r"(?<![\w.])(?:[0-9]{2}([:\-]))(?:[0-9]{2}\1){2}", 0),  # a back reference cannot go into a lookbehind
    (r"(?i)(?<!\w)[^a-z]x", 0),  # a negated class under case folding
    (r"(?i)\béx", 0),  # a cased letter beyond ASCII under case folding
    (r"(?:(?a:\w)|é)x", 0),  # first characters under and outside ASCII
    (r"[^a]x|bx", 0),  # a negated class beside another
    (r"a*", 0),
])
def test_no_skipper_where_it_cannot_be_built(source, flags):
    assert skipper(re.compile(source, flags)) is None


@pytest.mark.parametrize("source,flags,text", [
    (r"(?i)(?<!\w)abc", 0, "x ABC abc aBc xabc"),
    (r"(?:ab|\d)c", re.I, "abc ABC 1c Ac"),
    (r"(?:[a-z]|(?i:Q))x", 0, "ax Qx qx Ax"),
    (r"(?i)\b(?:user|login|ski)\b", 0, "USER uſer login LOGİN Login \u212ai ski SKI \u0131"),
    (r"(?i)[i-k]\d", 0, "i1 I2 \u01303 \u01314 K5 \u212a6 j7 J8"),
    (r"(?-i:A)b|(?i:c)d", re.I, "aB AB Ab cD Cd"),
    (r"\b(?=[A-Za-z])(?i:mrn|nhs)\W", 0, "MRN: nhs no Mrn. xmrn"),
])
def test_case_blind_patterns_have_skippers_that_find_what_finditer_finds(source, flags, text):
    regex = re.compile(source, flags)
    assert skipper(regex) is not None and skipper(regex).pattern.startswith("(?-i:[") == bool(flags & re.I or "(?i)" in source)
    assert _matched(regex, text) == _found(regex, text)
    for pos in range(len(text) + 1):
        assert _matched(regex, text, pos) == [m.regs for m in regex.finditer(text, pos)]


def test_the_folds_beyond_ascii_are_all_that_case_folding_adds_to_an_ascii_letter():
    from spacy_anon.rules.first_chars import _FOLDS_BEYOND_ASCII
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        folded = set(re.findall(letter, every, re.IGNORECASE))
        assert folded == {letter, letter.upper()} | set(_FOLDS_BEYOND_ASCII.get(letter, "")), letter


def test_a_skipper_rejects_a_position_inside_a_run_before_trying_the_pattern():
    assert "(?<![\\w" in skipper(re.compile(r"(?<![\w:.])\d\d:\d\d")).pattern
    assert "(?<!\\w[\\s\\S])" in skipper(re.compile(r"\b\d{3}\b")).pattern
    assert "(?<!\\w[" not in skipper(re.compile(r"\b[-+]\d")).pattern  # \b before a sign is no such guard


def test_a_skipper_checks_the_character_an_opening_choice_of_lookbehinds_needs_before_trying_the_pattern():
    # every lookbehind ends with "(" or "[": the character before the digit must be one of them
    regex = re.compile(r"(?:(?<=\bI [(\[])|(?<=\bmy son [(\[]))(\d{1,2})[MF](?=[)\]])")
    assert "(?<=(?:[" in skipper(regex).pattern
    text = "I (34F) and 34F, my son [12M], I(3M) x(4F) I [5"
    assert _matched(regex, text) == _found(regex, text)
    assert [text[m.start():m.end()] for m in matches(regex, text)] == ["34F", "12M"]
    # a negative lookbehind allows the text's start too
    regex = re.compile(r"(?:(?<![^\n])|(?<=[:(]))\d\d[MF]\b")
    assert "(?<![\\s\\S][\\s\\S])" in skipper(regex).pattern
    text = "12M\n34F (56M) :78F 90M a12M"
    assert _matched(regex, text) == _found(regex, text)
    for pos in range(len(text) + 1):
        assert _matched(regex, text, pos) == [m.regs for m in regex.finditer(text, pos)]


def test_a_shortened_weekday_in_a_list_of_weekdays_is_still_left_alone():
    from spacy_anon.rules.recognizers import spoken
    rx = spoken._Rx(spoken.spoken.NAMED_DAYS[1][0])
    assert [m.group() for m in rx.plain.finditer("home wed. mon wed fri crew")] == ["wed"]
