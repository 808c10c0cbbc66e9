"""A value its key names right before it is that identifier, whatever its check says: a mistyped, example
or invalid number after "NI number", "NHS number", "IBAN", "Card number" or "SSN" was left in clear
("my NI number QQ 12 34 56 C was entered wrongly": QQ is no issued prefix) or split into a code and a
phone. Without the key, a value that fails its check is still no identifier of that kind."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows
from spacy_anon.rules.recognizers.base import keyed_before


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


KEYED = [
    ("Hello team, my NI number QQ 12 34 56 C was entered wrongly on my payslip.", "QQ 12 34 56 C", "NINO"),
    ("national insurance number TN 31 12 58 F", "TN 31 12 58 F", "NINO"),
    ("NI No: QQ123456C", "QQ123456C", "NINO"),
    ("NHS number: 123 456 7890", "123 456 7890", "NHS"),
    ("IBAN: GB29 NWBK 6016 1331 9268 18 and the sort code", "GB29 NWBK 6016 1331 9268 18", "IBAN"),
    ("Card number: 4111 1111 1111 1112", "4111 1111 1111 1112", "CARD"),
    ("SSN: 000-12-3456", "000-12-3456", "SSN"),
]


@pytest.mark.parametrize("text,value,kind", KEYED)
def test_a_keyed_value_is_found_whatever_its_check(text, value, kind):
    assert (value, "ID", kind) in rule_values(text)


@pytest.mark.parametrize("text,value,kind", KEYED)
def test_a_keyed_value_is_masked_whole(nlp, text, value, kind):
    assert (value, "ID") in table_rows(nlp, text)


@pytest.mark.parametrize("text", [
    "Ref AB 12 34 56 X for the parcel", "my number is AB 12 34 56 X", "order 4111 1111 1111 1112 shipped",
    "Batch GB29 NWBK 6016 1331 9268 18 tested", "the code 000-12-3456 expired",
])
def test_without_its_key_a_failed_check_is_no_such_identifier(text):
    kinds = {kind for _, _, kind in rule_values(text)}
    assert not kinds & {"NINO", "NHS", "IBAN", "CARD", "SSN"}


@pytest.mark.parametrize("before,keys,expected", [
    ("NI number: ", ("ni number",), True), ("NHS No. is ", ("nhs",), True), ("IBAN ", ("iban",), True),
    ("my NI number ", ("ni number",), True), ("UNI number: ", ("ni number",), False),
    ("NI number was sent to ", ("ni number",), False), ("iban", (">iban",), False),
])
def test_keyed_before(before, keys, expected):
    assert keyed_before(before + "X", len(before), keys) is expected
