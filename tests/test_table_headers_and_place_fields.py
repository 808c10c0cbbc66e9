"""A table's header row names columns, not people or places ("Name,DOB,Postcode,Diagnosis" masked
"Postcode" and "Diagnosis" as places; a markdown table's "| Name | Role | Phone | Start |" three
organisations); names written as a list above a line with commas stay names. And a later part of a place
field's value is a place ("Location: Albany Road, Cardiff" made Cardiff a person)."""
import pytest

import spacy_anon
from rules_support import table_rows
from spacy_anon.mask.name_context import place_field_before, table_header


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


CSV = 'Name,DOB,Postcode,Diagnosis\n"Hussain, Amir",12/03/1977,BD7 1DP,Type 2 diabetes\n'
MARKDOWN = ("| Name | Role | Phone | Start |\n|---|---|---|---|\n"
            "| Priya Natarajan | Team Lead | 07700 900 311 | 03/03/2022 |")


@pytest.mark.parametrize("text,header_words", [(CSV, ["Postcode", "Diagnosis"]),
                                               (MARKDOWN, ["Name", "Role", "Start"])])
def test_a_header_rows_cells_are_no_names(nlp, text, header_words):
    found = [value for value, _ in table_rows(nlp, text)]
    assert not set(found) & set(header_words)
    assert "Priya Natarajan" in found or "Hussain" in found


def test_names_listed_above_commas_stay_names(nlp):
    text = "Anna, Bob, Carla\nThen we ate, drank, and slept."
    assert not table_header(text, 0, 4)
    assert "Anna" in [value for value, _ in table_rows(nlp, text)]


@pytest.mark.parametrize("text,value,later,expected", [
    ("Location: Albany Road, Cardiff  Date: 19/11/2026", "Cardiff", True, True),
    ("Location: Albany Road, Cardiff  Date: 19/11/2026", "Cardiff", False, False),
    ("Town: Leyton", "Leyton", False, True),
    ("Billing address: Ana Dias", "Ana Dias", True, False),  # an address block opens with its recipient
    ("Contact: Ana Ruiz, Leeds", "Leeds", True, False),
])
def test_place_field_before(text, value, later, expected):
    assert place_field_before(text, text.index(value), later) is expected


def test_a_later_part_of_a_place_field_is_a_place(nlp):
    text = "PCN: WE78214563  Location: Albany Road, Cardiff  Date: 19/11/2026 14:32"
    assert ("Cardiff", "LOC") in table_rows(nlp, text)
