"""Bug (issue 28, social posts): a travel post's "road trip 🚐 Left Inverness" was one ORG across the emoji;
"Shoutout to Morag at the Ferry Boat Inn" masked "Shoutout" and made "Morag" a place. The class: an emoji
ends a phrase as a full stop does, so no span runs across one; "shoutout" is a greeting's word; the one
rare capitalised word after "shoutout to", "thanks to", "congrats to" is a person unless it is a place."""
import pytest

from spacy_anon.mask.given_names import thanked_name
from spacy_anon.mask.handles import is_emoji
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("token,expected", [("🚐", True), ("🙄", True), ("👍🏽", True), ("❤️", True), ("#", False),
                                            ("£", False), ("x", False)])
def test_is_emoji(token, expected):
    assert is_emoji(token) is expected


def test_no_span_runs_across_an_emoji(nlp):
    found = rows(nlp, "Day 3 of our road trip 🚐 Left Inverness this morning, now in Ullapool.")
    assert not any("🚐" in t for t, _ in found), found


@pytest.mark.parametrize("text,piece,expected", [
    ("Shoutout to Morag at the Ferry Boat Inn", "Morag", True),
    ("Massive thanks to Priya for organising", "Priya", True),
    ("Thanks to Leeds for hosting", "Leeds", False),  # a known place
    ("Thanks to Tesco for the voucher", "Tesco", False),  # a frequent word, no given name
])
def test_thanked_name(text, piece, expected):
    start = text.index(piece)
    assert thanked_name(text, start, start + len(piece)) is expected


def test_a_shoutout(nlp):
    found = rows(nlp, "Shoutout to Morag at the Ferry Boat Inn for the best fish supper")
    assert ("Morag", "PERSON") in found and not any(t == "Shoutout" for t, _ in found), found
