"""Codes in lines typed in capitals or in lower case keep the case they were typed in, and a number's
ending is read as English writes it, so that the rules find postcodes, references and ordinal dates in
every casing.

A chat's "customer: sw9 8ap" was read "Customer: Sw9 8ap" and "leeds ls6 2pq" as "Leeds ls6 2Pq" (a
run of letters glued to digits was cased as a word), so the postcode rule found nothing and the
postcode stayed in clear; in capitals "SW9 8AP" was read "SW9 8ap" and "SW" masked as an age. "THE 21ST
MARCH" was read "the 21St March" and only "March 1990" was a date.
"""
import pytest

import spacy_anon
from spacy_anon.casing import truecased_text


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,expected", [
    ("customer: sw9 8ap", "Customer: sw9 8ap"),
    ("lives at 12 mill lane, leeds ls6 2pq now", "Lives at 12 Mill Lane, Leeds ls6 2pq now"),
    ("MY POSTCODE IS SW9 8AP THANKS", "My postcode is SW9 8AP thanks"),
    ("ADMITTED TO WARD 7B, BED 12C, REF AB12CD", "Admitted to Ward 7B, bed 12C, ref AB12CD"),
    ("ON THE 21ST MARCH 1990 IN THE 1990S", "On the 21st March 1990 in the 1990s"),
])
def test_codes_keep_their_case_and_number_endings_are_lower_case(text, expected):
    assert truecased_text(text) == expected


@pytest.mark.parametrize("text,postcode", [
    ("customer: hi my order hasnt arrived\nagent: can i take your postcode please\ncustomer: sw9 8ap\n"
     "agent: thanks", "sw9 8ap"),
    ("my postcode is sw9 8ap and i live at 14 elm road, london", "sw9 8ap"),
    ("she moved to 22 kings road, reading rg1 3ab last year", "rg1 3ab"),
    ("MY POSTCODE IS SW9 8AP AND I LIVE AT 14 ELM ROAD, LONDON", "SW9 8AP"),
    ("PT LIVES AT 9 HIGH STREET, OXFORD OX1 4AB WITH HER SON", "OX1 4AB"),
])
def test_postcodes_in_lower_case_and_in_capitals_are_masked_whole(nlp, text, postcode):
    doc = nlp(text)
    assert postcode not in doc._.anon_text
    assert not any(piece in doc._.anon_text.split() for piece in postcode.split())
    assert all(row["label"] != "AGE" for row in doc._.anon_table)


def test_an_ordinal_date_in_capitals_is_one_date(nlp):
    text = "THE HEARING TOOK PLACE ON THE 21ST MARCH 1990 IN LEEDS"
    doc = nlp(text)
    dates = [text[r["start"]:r["end"]] for r in doc._.anon_table if r["label"] == "DATETIME"]
    assert any(d.startswith("21ST") for d in dates), dates


@pytest.mark.parametrize("text,expected", [
    ("he was so kind to me and your sister", "He was so kind to me and your sister"),
    ("THANK YOU FOR YOUR LETTER", "Thank you for your letter"),
])
def test_pronouns_are_never_read_as_names(text, expected):
    """The word-case table counted "Me", "You", "Your" capitalised in headings and titles ("Others" stays
    capitalised after "and": a case name's "Stec and Others")."""
    assert truecased_text(text) == expected
