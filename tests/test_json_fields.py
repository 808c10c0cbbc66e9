"""A record written into text as JSON or a Python dict: the value under a key that names a person or a place
is that person's name or that place, whole (`rules.field_name`, `rules.field_place`). `{"customer": "Fatima
Zahra Benali", "city": "Lyon"}` left "Benali" and "Lyon" in clear; the quoted keys were masked as
organisations ("firstName"), and a single-quoted value kept its closing quote inside the mask."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows
from spacy_anon.rules.recognizers.fields import field_key


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


RECORD = ('{"customer": "Fatima Zahra Benali", "email": "fz.benali@proton.me", "phone": "+33 6 12 34 56 78", '
          '"city": "Lyon", "notes": "prefers contact after 6pm"}')


def test_a_json_records_name_and_city(nlp):
    found = table_rows(nlp, RECORD)
    assert ("Fatima Zahra Benali", "PERSON") in found and ("Lyon", "LOC") in found
    assert ("fz.benali@proton.me", "CONTACT") in found and ("+33 6 12 34 56 78", "CONTACT") in found
    assert "Benali" not in nlp(RECORD)._.anon_text


@pytest.mark.parametrize("text,value,label", [
    ("{'firstName': 'Ana', 'lastName': 'Ruiz'}", "Ruiz", "PERSON"),
    ('{"name": "O\'Neill", "role": "Team Lead"}', "O'Neill", "PERSON"),
    ('{"last_name": "Kowalczyk", "town": "Swindon"}', "Swindon", "LOC"),
    ('{"Address Line 1": "Flat 2, 19 Belvoir Road"}', "Flat 2, 19 Belvoir Road", "LOC"),
])
def test_a_keys_value_is_found_whole(text, value, label):
    assert any(v == value and lab == label for v, lab, _ in rule_values(text))


@pytest.mark.parametrize("text", [
    '{"contact": "07700 900123"}', '{"name": "jo@example.com"}',  # a contact's value: the contact rules'
    '{"role": "Team Lead"}', '{"status": "ok"}', '"name" is required',
])
def test_other_values_are_not_names_or_places(text):
    assert not [v for v in rule_values(text) if v[1] in ("PERSON", "LOC") and v[2] in ("NAME", None, "LOC")
                and v[0] not in ("Team Lead",)]


def test_keys_and_quotes_stay(nlp):
    text = "{'firstName': 'Ana', 'lastName': 'Ruiz'}"
    assert nlp(text)._.anon_text == "{'firstName': '[PERSON_1]', 'lastName': '[PERSON_2]'}"


@pytest.mark.parametrize("key,expected", [("firstName", "first name"), ("first_name", "first name"),
                                          ("First-Name", "first name"), ("CITY", "city")])
def test_field_key(key, expected):
    assert field_key(key) == expected
