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


# Bug: "Mr. and Mrs. Oyelaran will move into Flat 12B, Harbour Court on the 1st" gave "Flat [ID_1], [ORG_1]": a
# unit in a named building is an address without a street or postcode (`addresses.UNIT_BUILDING`).
@pytest.mark.parametrize("text, address", [
    ("They will move into Flat 12B, Harbour Court on the 1st of next month.", "Flat 12B, Harbour Court"),
    ("Deliveries to Unit 7, Riverside Business Park, Leeds LS11 5DR only.",
     "Unit 7, Riverside Business Park, Leeds LS11 5DR"),
    ("She rents Apartment 4, The Willows from her aunt.", "Apartment 4, The Willows"),
])
def test_a_unit_in_a_named_building_is_an_address(nlp, text, address):
    rows = [(text[r["start"]:r["end"]], r["type"]) for r in nlp(text)._.anon_table]
    assert (address, "ADDRESS") in rows, rows


@pytest.mark.parametrize("text", ["The hearing moved to Room 12, Court of Appeal.", "Block 4, Building 7 is closed."])
def test_a_room_and_a_bare_building_word_are_no_address(text):
    from spacy_anon.rules.recognizers.addresses import find_addresses

    assert find_addresses(text) == []


# Bug: "officers attended 14 Mill Lane, Ashford following a report" masked "14 Mill Lane" and left the town in
# clear: a town after the street counted only before a comma, a bracket or the end of its line or
# sentence. A known town that is no English word may go on with the sentence ("Reading the letter" may not).
@pytest.mark.parametrize("text, address", [
    ("At approx 02:15 hrs officers attended 14 Mill Lane, Ashford following a report.", "14 Mill Lane, Ashford"),
    ("She lives at 5 High Street, Leeds with her mum.", "5 High Street, Leeds"),
])
def test_a_town_after_the_street_goes_on_with_the_sentence(nlp, text, address):
    from spacy_anon.rules.recognizers.addresses import find_addresses

    assert [text[s:e] for s, e, _ in find_addresses(text)] == [address]
    assert any(address in masked for masked in [text[r["start"]:r["end"]] for r in nlp(text)._.anon_table])


def test_a_town_that_is_a_word_needs_its_comma():
    from spacy_anon.rules.recognizers.addresses import find_addresses

    text = "8 Birch Lane, Reading the letter aloud"
    assert [text[s:e] for s, e, _ in find_addresses(text)] == ["8 Birch Lane"]
