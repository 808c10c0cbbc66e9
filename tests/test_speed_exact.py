"""Shortcuts of the default pipeline's hot paths give exactly what the plain code gives: each test
compares one with the straightforward computation it replaces (written out here), on texts built
to hit the shortcut's edges (line breaks inside tokens, capitals, non-ASCII letters, odd case and
spacing of the words a prefilter looks for)."""
import importlib
import re
import sys
from typing import List, Tuple

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.lexicon.generic_words import dictionary_test, folded
from spacy_anon.mask import leak_guard
from spacy_anon.rules import dates, scanning
from spacy_anon.rules.recognizers import SPELLED_DATE, addresses, labelled_ids, names
from spacy_anon.tagger.span_filters.line_case import caps_lines

quoted = importlib.import_module("spacy_anon.tagger.span_filters.quoted_names")  # the package exports the function


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def _reference_caps_lines(doc) -> Tuple[List[bool], List[bool]]:
    """The per-token, per-character loop `caps_lines` replaces."""
    flags, headings = [False] * len(doc), [False] * len(doc)
    line: List[int] = []
    upper = letters = 0
    for token in doc:
        line.append(token.i)
        for ch in token.text:
            if ch.isalpha():
                letters += 1
                upper += ch.isupper()
        if "\n" in token.whitespace_ or "\n" in token.text or token.i == len(doc) - 1:
            caps = letters >= 6 and upper >= 0.8 * letters
            short = caps and sum(1 for i in line if doc[i].is_alpha) <= 3 and not any(doc[i].text == ":" for i in line)
            for i in line:
                flags[i] = caps
                headings[i] = short
            line, upper, letters = [], 0, 0
    return flags, headings


CAPS_ATOMS = ["EDUCATION", "PARENT", "/", "CARER", "John", "SMITH", "met", ":", " ", "  ", "\n", "\n\n", " \n ",
              "ÉCOLE", "école", "Ⅷ", "ß", "İ", "ǅ", "12", "MRN", "a", "B", ".", "\t", "STATES HE WANTS"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CAPS_ATOMS), max_size=30), st.booleans())
def test_caps_lines_is_the_per_token_loop(atoms, spaced):
    text = (" " if spaced else "").join(atoms)
    for doc in (_nlp().make_doc(text), _blank().make_doc(text)):
        assert caps_lines(doc) == _reference_caps_lines(doc)


def test_caps_lines_on_a_letter_and_heading_mix(nlp):
    doc = nlp.make_doc("EDUCATION\nJohn Smith met HIS TEACHER AT SCHOOL\nPARENT / CARER: MARY\nok")
    assert caps_lines(doc) == _reference_caps_lines(doc)
    assert caps_lines(nlp.make_doc("")) == ([], [])


def _reference_surname_pairs(text: str):
    """The loop over every word that `names._surname_pairs` replaces."""
    known = names.surnames()
    words = [(m.start(), m.end(), m.group().lower()) for m in names._SURNAME_WORD.finditer(text)]
    i = 0
    while i < len(words) - 1:
        run = [words[i]]
        while len(run) < 3 and i + len(run) < len(words):
            nxt = words[i + len(run)]
            if text[run[-1][1]:nxt[0]] != " " or nxt[2] not in known or run[-1][2] not in known:
                break
            run.append(nxt)
        if len(run) >= 2 and names._one_name(text, run):
            yield names._with_given_names(text, words, i, run[0][0]), run[-1][1], 0.7
            i += len(run)
        else:
            i += 1


SURNAME_ATOMS = ["García", "GARCÍA", "garcía", "López", "lopez", "Silva", "SANTOS", "santos", "Rosa", "Flores",
                 "blancas", "Costa", "Rica", "Porto", "María", "João", "Pedro", "da", "de", "y", "the", "Company",
                 "company", "x-Silva", "Silva-", "3Silva", "_Silva", "Ruiz", "Pérez"]
SEPARATORS = [" ", " ", " ", "  ", ", ", "\n", "-", " de ", " da "]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SURNAME_ATOMS), st.sampled_from(SEPARATORS)), max_size=12))
def test_surname_pairs_are_those_of_the_loop_over_every_word(pieces):
    text = "".join(word + sep for word, sep in pieces)
    assert list(names._surname_pairs(text, None)) == list(_reference_surname_pairs(text))


def test_surname_pairs_grow_over_given_names():
    text = "Ayer María García Pérez y João Pedro da Silva Santos; luego silva santos y Flores Blancas."
    found = list(names._surname_pairs(text, None))
    assert found == list(_reference_surname_pairs(text))
    assert [text[s:e] for s, e, _ in found][:2] == ["María García Pérez", "João Pedro da Silva Santos"]


SPELLED_ATOMS = ["the", "fourteenth", "FOURTEENTH", "Twenty-First", "3rd", "1st", "of", "OF", "Of", "March", "MARCH",
                 "march", "Sept.", "May", "nineteen", "NINETEEN", "Nineteen", "eighty-five", "Eighty", "five", "oh",
                 "twenty", "TWENTY", "twenty-one", "two", "Two", "thousand", "THOUSAND", "and", "three", "in", "IN",
                 "since", "born", "'85", "’85", "'", "85", "1985", "spring", "Summer", "people", "\u0130", "\u0131",
                 "\u017f", "\u212a", ",", "."]
SPACES = [" ", "  ", "\t", "\n", " \n ", "\u00a0", "-", ""]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SPELLED_ATOMS), st.sampled_from(SPACES)), max_size=10))
def test_spelled_date_needs_never_skip_a_match(pieces):
    text = "".join(word + space for word, space in pieces)
    for pattern in SPELLED_DATE.patterns:
        expected = [m.span() for m in pattern.regex.finditer(text)]
        assert [m.span() for m in scanning.finditer(pattern.regex, text)] == expected
        scanning.release()
        needs = dates.SPELLED_DATE_NEEDS.get(pattern.regex.pattern)
        if expected and needs is not None:
            assert re.search(needs, text) is not None


def test_spelled_date_needs_are_registered_and_found_in_what_they_stand_for():
    registered = [p.regex.pattern for p in SPELLED_DATE.patterns if p.regex.pattern in dates.SPELLED_DATE_NEEDS]
    assert len(registered) == len(dates.SPELLED_DATE_NEEDS) == 3
    for text in ("on the fourteenth of March", "born in NINETEEN eighty-five", "Since Two  Thousand and three",
                 "in '85", "class of ’85"):
        found = [m.group() for p in SPELLED_DATE.patterns for m in scanning.finditer(p.regex, text)]
        assert found == [m.group() for p in SPELLED_DATE.patterns for m in p.regex.finditer(text)] and found


def test_no_character_but_its_own_cases_folds_to_the_first_letters_of_a_year_in_words():
    # the year-in-words need spells its first letter as [EeNnTt]: valid only while `re` folds nothing else there
    first = re.compile("(?i)[ent]").fullmatch
    folding = [chr(c) for c in range(sys.maxunicode + 1) if first(chr(c))]
    assert sorted(folding) == sorted("EeNnTt")


def _reference_quoted_names(doc, spans, names, label="PERSON", score=0.5):
    """The loop over every token that `quoted_names` replaces."""
    if len(doc) < 3:
        return spans
    taken = {i for start, end, _, _ in spans for i in range(start, end)}
    is_common = dictionary_test(doc.lang_ or "en")
    found = []
    for i in range(1, len(doc) - 1):
        text = doc[i].text
        if i in taken or not (text[:1].isupper() and text[1:].islower() and text.isalpha() and len(text) > 2):
            continue
        if quoted.PAIRS.get(doc[i - 1].text) != doc[i + 1].text or doc[i - 1].whitespace_ or doc[i].whitespace_:
            continue
        w = folded(text)
        known, common = w in names, is_common(w)
        if (known and not common) or ((known or not common) and quoted.person_before(doc, i - 1)):
            found.append((i, i + 1, label, score))
    return sorted(spans + found) if found else spans


QUOTE_ATOMS = ['"', "“", "”", "(", ")", "[", "]", "‘", "’", "'", "''", "((", "Kowalski", "Nowak", "Table", "witness",
               "the", "called", "Xq", "Zbigniewska", " ", "  ", "\n", ",", "’s", "'s"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(QUOTE_ATOMS), max_size=20), st.booleans())
def test_quoted_names_are_those_of_the_loop_over_every_token(atoms, taken):
    text = "".join(atoms)
    names_ = frozenset({"kowalski", "nowak", "table"})
    for doc in (_nlp().make_doc(text), _blank().make_doc(text)):
        spans = [(1, 2, "PERSON", 0.9)] if taken and len(doc) > 2 else []
        assert quoted.quoted_names(doc, list(spans), names_) == _reference_quoted_names(doc, list(spans), names_)


def test_quoted_names_finds_a_surname_in_quotes_and_brackets(nlp):
    doc = nlp.make_doc('The witness "Kowalski" denied it; the defendant (Nowak) did not. "Table" is a word.')
    names_ = frozenset({"kowalski", "nowak", "table"})
    found = quoted.quoted_names(doc, [], names_)
    assert found == _reference_quoted_names(doc, [], names_)
    assert [doc[s:e].text for s, e, _, _ in found] == ["Kowalski", "Nowak"]


def _reference_street_shape(value: str, bare: bool = True) -> bool:
    """`addresses.street_shape` without its digit test: the finder run on every value."""
    value = value.strip()
    if not value or "\n\n" in value:
        return False
    if bare and addresses._BARE_STREET.fullmatch(value):
        return True
    return any(s == 0 and e == len(value) for s, e, _ in addresses.find_addresses(value))


def _reference_find_labelled(text: str):
    """`labelled_ids.find_labelled` with the typed prefixes found by a plain scan."""
    seen = set()
    for match in labelled_ids._LABELLED.finditer(text):
        if labelled_ids._enough_digits(match.group("code")):
            seen.add(match.span("code"))
            yield match.start("code"), match.end("code"), next(t for t, _ in labelled_ids.CUES
                                                               if match.group(t) is not None)
    for match in labelled_ids._PREFIXED.finditer(text):
        if match.span() not in seen:
            seen.add(match.span())
            yield match.start(), match.end(), labelled_ids._PREFIX_TYPES[match.group("prefix")]
    for match in labelled_ids._PATH_ID.finditer(text):
        if match.span("code") not in seen and labelled_ids._enough_digits(match.group("code")):
            yield match.start("code"), match.end("code"), next(t for t, _ in labelled_ids.PATH_CUES
                                                               if match.group(t) is not None)


def _reference_cue_type(value: str, before: str):
    """`labelled_ids.cue_type` without its digit test."""
    value = value.strip()
    full = before + value
    assert list(labelled_ids.find_labelled(full)) == list(_reference_find_labelled(full))
    for start, end, fine in _reference_find_labelled(full):
        if end == len(full) and start >= len(before):
            return fine
    return None


ADDRESS_ATOMS = ["8", "4417", "12B", "Birch", "Lane", "LANE", "N", "Kedzie", "Ave", "Strada", "Tighina", "Calle", "de",
                 "Alcalá", "Hauptstraße", "Leeds", "LS11", "5PZ", "Bristol", "BS1", "6XN", "Chicago,", "IL", "60625",
                 "Flat", "2/1", ",", " ", "\n", "Canal", "Street", "MD-2001", "٣", "Ⅷ", "²", "EMP-204518", "Employee",
                 "ID:", "account", "ref", "60018842", "INV-20931", "claim", "2019", "MRN", "00482913", "Mr", "John",
                 "/users/", "/patients/", "customer_id=", "NHS No:", "943 476 5918", "u923301", "/"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(ADDRESS_ATOMS), min_size=1, max_size=8), st.lists(st.sampled_from(ADDRESS_ATOMS), max_size=4),
       st.booleans())
def test_digit_tests_of_fine_types_never_change_a_type(words, before_words, bare):
    value, before = " ".join(words), " ".join(before_words) + " "
    assert addresses.street_shape(value, bare) == _reference_street_shape(value, bare)
    assert labelled_ids.cue_type(value, before) == _reference_cue_type(value, before)
    scanning.release()


def test_fine_type_shapes_with_and_without_digits():
    assert addresses.street_shape("8 Birch Lane") and addresses.street_shape("Canal Street")
    assert not addresses.street_shape("Canal Street", bare=False) and not addresses.street_shape("John Smith")
    assert labelled_ids.cue_type("EMP-204518", "") == "EMPLOYEE_ID"
    assert labelled_ids.cue_type("204518", "Employee ID: ") == "EMPLOYEE_ID"
    assert labelled_ids.cue_type("Smith", "Employee ID: ") is None


def _reference_join_hyphenated(text, mentions):
    """`leak_guard.join_hyphenated` trying every wrapped word for every mention."""
    if "-" not in text or "\n" not in text:
        return list(mentions)
    wrapped = [(m.start("head"), m.end("head"), m.start("tail"), m.end("tail"))
               for m in leak_guard._WRAPPED_WORD.finditer(text)]
    out = []
    for start, end in mentions:
        for head_start, head_end, tail_start, tail_end in wrapped:
            if head_start < end <= tail_start and start < head_end:
                end = tail_end
            if head_end <= start < tail_end and end > tail_start:
                start = min(start, head_start)
        out.append((start, end))
    return out


WRAP_ATOMS = ["Kowal", "-", "-\n", "- \n ", "\n", "ski", "Now", "ak", " ", "and", "12", "-\r\n", "é"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WRAP_ATOMS), max_size=16), st.lists(st.tuples(st.integers(0, 60), st.integers(0, 12)),
                                                                      max_size=6))
def test_join_hyphenated_is_the_loop_over_every_wrapped_word(atoms, spans):
    text = "".join(atoms)
    mentions = [(start, min(len(text), start + width)) for start, width in spans if start < len(text)]
    assert leak_guard.join_hyphenated(text, mentions) == _reference_join_hyphenated(text, mentions)


_CACHE = {}


def _nlp():
    if "nlp" not in _CACHE:
        _CACHE["nlp"] = spacy_anon.load()
    return _CACHE["nlp"]


def _blank():
    if "blank" not in _CACHE:
        _CACHE["blank"] = spacy.blank("en")
    return _CACHE["blank"]
