"""A participle that opens a note's sentence ("Seen by Dr Cook", "Discussed with the family") is the
note's verb, not a name: the tagger read "Seen" by its capital as a place or an organisation. And a care
role before a given name that is also a word ("Nurse Will Cook") opens a person's name, whatever label
the tagger gave the whole."""
import pytest

from default_pipeline import default_nlp


def _table(text):
    return [(text[r["start"]:r["end"]], r["label"]) for r in default_nlp()(text)._.anon_table]


@pytest.mark.parametrize("participle", ["Seen", "Reviewed", "Discussed", "Examined", "Taken", "SEEN", "REVIEWED"])
@pytest.mark.parametrize("link,rest", [("by", "Dr Anna Cook today."), ("with", "Mr Tom Okafor on the ward.")])
def test_a_participle_opening_a_note_stays_and_the_name_is_masked(participle, link, rest):
    text = f"{participle} {link} {rest}"
    if participle.isupper():
        text = text.upper()
    table = _table(text)
    assert not any(value.lower() == participle.lower() for value, _ in table), table
    assert any(label == "PERSON" for _, label in table), table


def test_nurse_will_cook_is_a_person():
    table = _table("Seen by Nurse Will Cook on the ward.")
    assert ("Will Cook", "PERSON") in table or ("Nurse Will Cook", "PERSON") in table, table
    assert all(label == "PERSON" for _, label in table), table


def test_a_name_before_by_that_is_no_participle_is_still_masked():
    from spacy_anon.mask.name_context import opening_participle
    text = "Fielding by the pool. Will by then."
    assert not opening_participle(text, 0, 8)  # "-ing": a surname as often as a verb
    assert not opening_participle(text, 22, 26)  # "Will": no participle
    assert opening_participle("Notes: Seen by Dr Rao.", 7, 11)
    assert not opening_participle("He was Seen by Dr Rao.", 7, 11)  # not opening a sentence


@pytest.mark.parametrize("text,name", [
    ("Patient admitted to St. Olaf General Hospital, ward 4B.", "Olaf"),
    ("She was seen at Riverside Clinic on Monday.", "Riverside"),
    ("ADMITTED TO CALVERT HOSPITAL FROM HOME.", "CALVERT"),
])
def test_a_name_before_an_organisation_s_head_is_an_organisation(text, name):
    """A clinical note's filters keep a hospital's name without its head (the deid notes' gold marks
    "CALVERT", not "HOSPITAL"); the name is still the organisation's, not a place."""
    table = _table(text)
    labels = [label for value, label in table if name in value]
    assert labels and all(label == "ORG" for label in labels), table
