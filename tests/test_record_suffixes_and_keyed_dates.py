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


@pytest.mark.parametrize("text,expected", [
    ("Reminder: your appointment is on Tue at 9am. NHS no ending 5918.", "5918"),
    ("Her NHS number is 943 476 5919 today.", "943 476 5919"),
])
def test_an_nhs_numbers_last_digits(text, expected):
    """Bug: a GP reminder's "NHS no ending 5918" was a tagger's CODE: the last four digits after the NHS's
    word are the NHS number's, type NHS."""
    assert texts(text, "rules.uk_nhs") == [expected]


@pytest.mark.parametrize("text,age", [
    ("Thanks to everyone who came to Nana Bernadette's 90th at the Royal Oak on Saturday!!", "90"),
    ("Happy days at Kwame's 40th party", "40"),
])
def test_a_birthday_after_a_name_in_the_possessive(text, age):
    """Bug: "Nana Bernadette's 90th at the Royal Oak" masked "90th" as an ORG: an ordinal after a name in
    the possessive, before a party's words or a sentence's end, is an age ("Chelsea's 90th minute" is not)."""
    assert texts(text, "rules.age") == [age]
    assert texts("Chelsea's 90th minute winner", "rules.age") == []


def test_rupees_are_money():
    assert texts("The refund of Rs. 14,250 will be credited.", "rules.money") == ["Rs. 14,250"]
