"""Views that undo hiding tricks (`spacy_anon.text_views`): what they join, and that every offset maps back."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.text_views import (
    INVISIBLE_CHARS,
    compact_view,
    normalized_view,
    touches_change,
    visible_text,
    windows,
)


@pytest.mark.parametrize("text, seen", [
    ("Kow\u200balski", "Kowalski"),
    ("Kow\u00adalski", "Kowalski"),
    ("john.doe\x00@gmail.com", "john.doe@gmail.com"),
    ("212\u2013555\u20130199", "212-555-0199"),
    ("\uff11\uff12\uff13-45-6789", "123-45-6789"),
    ("Anna\u00a0Smith", "Anna Smith"),
    ("plain ASCII stays as it is", "plain ASCII stays as it is"),
])
def test_normalized_view_is_what_a_reader_sees(text, seen):
    view = normalized_view(text)
    assert view.text == seen
    assert view.to_original(0, len(view.text)) == (0, len(text))


@pytest.mark.parametrize("text, joined", [
    ("SSN 536-22-\n1784 on file", "SSN 536-22-1784 on file"),
    ("SSN 5 3 6 2 2 1 7 8 4 on file", "SSN 536221784 on file"),
    ("SSN 536 - 22 - 1784", "SSN 536-22-1784"),
    ("john [at] gmail [dot] com", "john@gmail.com"),
    ("john(at)gmail(dot)com", "john@gmail.com"),
    ("write to john at gmail.com", "write to john@gmail.com"),
    ("mail a@b dot com now", "mail a@b.com now"),
])
def test_compact_view_joins_hidden_separators(text, joined):
    assert compact_view(text).text == joined


@pytest.mark.parametrize("text", [
    "we met at noon and left at once",  # " at " with no domain after it
    "1 2 3 apples",  # fewer than four spaced digits
    "line one\nline two",
])
def test_compact_view_leaves_ordinary_text(text):
    assert compact_view(text).text == text


def test_hidden_ssn_maps_back_over_the_whole_hidden_form():
    text = "SSN 536-22-\n1784 on file"
    view = compact_view(text)
    start = view.text.index("536")
    assert view.to_original(start, start + len("536-22-1784")) == (4, 16)
    assert touches_change(view, start, start + 11) and not touches_change(view, 0, 3)


def test_windows_cover_each_change_and_merge():
    view = normalized_view("a" * 1000 + "\u200b" + "b" * 1000 + "\u200b" + "c" * 10)
    assert windows(view, 50) == [(950, 1050), (1950, 2010)]
    assert windows(view, 600) == [(400, 2010)]


def test_visible_text_removes_only_invisible_characters():
    assert visible_text("Kow\u200balski\u00ad") == "Kowalski"
    assert visible_text("1990\u20131995") == "1990\u20131995"  # a dash is visible


HIDDEN = st.sampled_from(list(INVISIBLE_CHARS) + ["\x00", "\u2013", "\uff15", "\u00a0", "\n", " ", "-"])
TEXT = st.lists(st.one_of(st.sampled_from(list("abcXYZ019@.[]() ")), HIDDEN, st.sampled_from([" at ", " dot "])),
                max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_offset_map_is_monotone_and_faithful(text):
    """For any text: offsets only grow, the whole view maps onto the whole text, and a character the
    view did not change is the original character it points at."""
    for view in (normalized_view(text), compact_view(text)):
        origin = list(view.origin)
        assert len(origin) == len(view.text) + 1
        assert origin == sorted(origin)
        assert origin[-1] == len(text)
        if view.text:
            start, end = view.to_original(0, len(view.text))
            assert 0 <= start <= end <= len(text)
        changed = set(view.changes)
        for i, ch in enumerate(view.text):
            if i not in changed and (i == 0 or i - 1 not in changed):
                assert text[origin[i]] == ch or normalized_view(text[origin[i]]).text == ch


@settings(max_examples=200, deadline=None)
@given(TEXT, st.data())
def test_any_view_range_maps_to_a_range_holding_it(text, data):
    """Mapping a view range back gives an original range that, seen as a reader sees it, contains it."""
    view = normalized_view(text)
    if not view.text:
        return
    start = data.draw(st.integers(0, len(view.text) - 1))
    end = data.draw(st.integers(start + 1, len(view.text)))
    o_start, o_end = view.to_original(start, end)
    assert normalized_view(text[o_start:o_end]).text == view.text[start:end]
