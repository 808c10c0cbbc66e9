"""Bug (issue 28, partial leaks and wrong types in notes): "Patient ID 2291-AX" masked "2291" and left "-AX"
in clear; a note in capitals' "DOB 01/02/1960" was a tagger's MISC over the key and the date, and the rule's
date lost to it. The classes: a record number's letter suffix after a hyphen or a slash is part of it (up
to three letters; after a space one letter, so "MRN 12345678 AND" keeps "AND"); a MISC or DEM span over a
rule's date that adds only a field key or filler is the date's."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,value", [
    ("Patient ID 2291-AX was discharged to the care of her husband.", "2291-AX"),
    ("MRN: 4471823/B seen today", "4471823/B"), ("MRN 12345678 AND DOB 01/02/1960", "12345678"),
])
def test_record_numbers_with_letter_suffixes(text, value):
    assert texts(text, "rules.record_number") == [value]


def test_a_keyed_date_is_the_rules_date(nlp):
    found = rows(nlp, "MRN 12345678 AND DOB 01/02/1960")
    assert ("01/02/1960", "DATETIME") in found and not any("DOB" in t for t, _ in found), found
