"""Bug (issue 28, addresses): "22 Rosebery Avenue, London EC1R 4SX" on a line of its own came out as "[LOC_1],
[LOC_2]", and "Flat 5, 61 Cowley Road, Oxford OX4 1HR" as three places: the tagger's span of the whole
address won the overlap (same extent as the rule's, higher score) and was then split at its commas as a
list of places. The class: a detector's span whose whole text has an address's shape (house number, street,
town, postcode) is one span of type ADDRESS, at the start of a line, after a key or in a sentence."""
import pytest

from tests.default_pipeline import nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, address", [
    ("22 Rosebery Avenue, London EC1R 4SX", "22 Rosebery Avenue, London EC1R 4SX"),
    ("Meadowfield Health Centre\n41 Station Parade, Stockport SK4 2AB\n", "41 Station Parade, Stockport SK4 2AB"),
    ("My address is Flat 5, 61 Cowley Road, Oxford OX4 1HR. Could it have gone to number 51?",
     "Flat 5, 61 Cowley Road, Oxford OX4 1HR"),
    ("Address: Flat 4, 19 Coldharbour Lane, London SE5 9NR\nMobile: +44 7700 900388",
     "Flat 4, 19 Coldharbour Lane, London SE5 9NR"),
    ("PT LIVES ALONE AT 1180 CEDAR HOLLOW RD, ATHENS OH 45701, 2 STORY HOUSE.", "1180 CEDAR HOLLOW RD, ATHENS OH 45701"),
])
def test_an_address_is_one_span(nlp, text, address):
    rows = [(text[r["start"]:r["end"]], r["type"]) for r in nlp(text)._.anon_table]
    assert (address, "ADDRESS") in rows, rows


def test_a_list_of_places_is_still_split(nlp):
    text = "She has lived in Leeds, Manchester, Bristol and Hull."
    masked = [text[r["start"]:r["end"]] for r in nlp(text)._.anon_table]
    assert "Leeds" in masked and "Manchester" in masked, masked
