"""Bug (issue 28, addresses in pieces): a court list's "Apt 3, The Elms, Douglas, Co. Cork" was four spans
(the unit a place, "Douglas" a person, "Co. Cork" an ORG), "14 Ballyhooly Road, Cork - s.4 ..." left
"Cork" out of the address, and "5 Church Lane, Navan, County Meath" the county. The class: an Irish
county after "Co." or "County" is an element of an address, a town before one is an address's anchor
(units and buildings before it join it), a known town before a list's dash ends its element, and a county
alone is a place."""
import pytest

from spacy_anon.rules.recognizers.addresses import find_addresses
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,address", [
    ("2. DPP v Aoife Kavanagh (19), Apt 3, The Elms, Douglas, Co. Cork - drink driving",
     "Apt 3, The Elms, Douglas, Co. Cork"),
    ("1. DPP v Seán Ó Briain (28), 14 Ballyhooly Road, Cork - s.4 theft", "14 Ballyhooly Road, Cork"),
    ("Send it to 5 Church Lane, Navan, County Meath.", "5 Church Lane, Navan, County Meath"),
    ("She lives at 22 Main Street, Ennis, Co. Clare, V95 X2P3.", "22 Main Street, Ennis, Co. Clare, V95 X2P3"),
])
def test_irish_addresses_are_one_span(nlp, text, address):
    assert (address, "LOC") in rows(nlp, text)


@pytest.mark.parametrize("text", ["Smith & Co. Ltd, 4 staff", "The Cork County Council met on 3 May.",
                                  "Jones, Co. Director since 2019"])
def test_companies_and_councils_are_no_county_anchor(text):
    assert not any("Co" in text[s:e] for s, e, _ in find_addresses(text))


def test_a_county_alone_is_a_place(nlp):
    found = rows(nlp, "Garda Niamh Walsh v Patrick Fitzgerald, of Ballincollig, Co. Cork - public order")
    assert ("Co. Cork", "LOC") in found, found
