"""An address after "of", "at" or "from" is one address: "Mr Desmond Achterberg of 5 Quay Street, Truro,
TR1 2HE" was three places, the first "of 5 Quay Street" (the tagger's span opened with the preposition,
so the mask did not read it as a street and split it at its commas). A span opening with a preposition
before a house number starts at the number."""
import pytest

import spacy_anon
from rules_support import table_rows


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,address", [
    ("Our client, Mr Desmond Achterberg of 5 Quay Street, Truro, TR1 2HE, instructs us.",
     "5 Quay Street, Truro, TR1 2HE"),
    ("The tenant of 14 Rowan Court, Burton-on-Trent DE14 2QT has complained.", "14 Rowan Court, Burton-on-Trent DE14 2QT"),
    ("Mrs Patel, of 3 Station Road, Long Eaton, wrote to us.", "3 Station Road, Long Eaton"),
])
def test_an_address_after_of_is_one_address(nlp, text, address):
    rows = table_rows(nlp, text)
    assert (address, "LOC") in rows
    assert not any(value.startswith("of ") for value, _ in rows)


def test_a_sentence_ends_after_a_postcode(nlp):
    """"LA9 4PQ. Old one was 18 Fell View" was one tagger span over two sentences, which split the address
    before it into three places: a full stop after a postcode's last letters (or after a number) ends a
    sentence inside a span."""
    text = ("Please can you update my address - it's now 3 Millbrook Mews, Kendal, LA9 4PQ. Old one was "
            "18 Fell View, Windermere. Thanks, Imogen Thwaite (member no. 00931277)")
    rows = table_rows(nlp, text)
    assert ("3 Millbrook Mews, Kendal, LA9 4PQ", "LOC") in rows
    assert not any("4PQ. " in value for value, _ in rows)
