"""Bugs (issue 28, support tickets and letters): "My username is k.obrien" left the user name in clear (a user
field's value counted after "username:" or "username k.obrien", not after "is"; "Username is sunnyokoye77"
split into a CONTACT and an AGE), and "employed ... from 01/09/2019 to 31/03/2024" was one CONTACT: the
tagger's span over the two dates was longer than either and won, so the range got a phone number's type.
The classes: a user field's value after "is" or "was" is a user name (words stay: "the user is happy");
a rule's date cuts back a tagger's span over it that calls it a contact, an ID or a code
(`overlaps._CUT_BY`), while a description around a date stays the tagger's."""
import pytest

from spacy_anon.rules.matching import find_matches
from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, value", [
    ("Hi Support, I can't log in. My username is k.obrien and my email is kieran@example.ie.", "k.obrien"),
    ("It says too many attempts. Username is sunnyokoye77, registered with this email.", "sunnyokoye77"),
    ("my login was jdoe_22 before the change", "jdoe_22"),
])
def test_a_user_name_after_is(nlp, text, value):
    rows = [(text[r["start"]:r["end"]], r["type"]) for r in nlp(text)._.anon_table]
    assert (value, "USERNAME") in rows, rows  # under PERSON when made of a person's names ("k.obrien")


@pytest.mark.parametrize("text", ["the user is happy with it", "The user is Maria"])
def test_words_after_user_is_stay(text):
    assert [m for m in find_matches(text) if m.source == "rules.username"] == []


def test_a_date_range_is_two_dates_not_a_contact(nlp):
    text = "I confirm that Ms Zhang was employed as a Software Engineer from 01/09/2019 to 31/03/2024."
    rows = masked_rows(nlp, text)
    assert ("01/09/2019", "DATETIME") in rows and ("31/03/2024", "DATETIME") in rows, rows
    assert not any(label == "CONTACT" for _, label in rows)
