"""Bugs found on exports, chats, police logs, vet records and letters, each fixed as a class.

- A CSV export ("first_name,last_name,email,company,city") had its header's "city" masked, "Hannah" and
  "Okafor" as places, "Bergen" as a person and "Brightwave Media,Bristol" as one organisation: a delimited
  table's cells are typed by the key of their column (a person's, a place's, an organisation's), and a
  tagger's span run across the comma between two cells no longer joins them.
- "Cheers, Priti" and "See you, Sam" signed as places: one rare capitalised word after a closing, alone
  to its line's end, is the writer.
- "0214 HRS" was a place and a person: a 24-hour time with its unit is a time.
- "5 Heol y Felin" (Welsh) and "3 Rue des Lilas" were a number and a person or an organisation: street
  words written before the name in more languages, with their particles ("y", "des", "della").
- "Microchip 985112004471236" was a person: a pet's microchip is a device's identifier.
- "The Al Mansouri family" was an organisation, "Lycée Voltaire" a place.
- "i moved out of 22 ashgrove terrace" was no address; "on 22 September you were" masked "you".
"""
import pytest

from rules_support import rule_values
from spacy_anon.rules.recognizers.fields import table_header
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)

CSV = ("first_name,last_name,email,company,city\n"
       "Hannah,Okafor,h.okafor@brightwave.co.uk,Brightwave Media,Bristol\n"
       "Tomasz,Wiśniewski,tomasz.w@fjordtech.no,Fjordtech AS,Bergen\n")
MARKDOWN = ("| Name | Role | Company | Phone |\n|------|------|---------|-------|\n"
            "| Ayesha Siddiqui | Buyer | Northgate Foods | 0161 496 0123 |\n"
            "| Ben Thorne | Driver | Northgate Foods | 0161 496 0456 |\n")
TSV = "Name\tTown\tEmployer\nGareth Lewis\tPontypridd\tValleys Bakery\n"


@pytest.mark.parametrize("text, value, label", [
    (CSV, "Hannah", "PERSON"), (CSV, "Okafor", "PERSON"), (CSV, "Brightwave Media", "ORG"), (CSV, "Bristol", "LOC"),
    (CSV, "Fjordtech AS", "ORG"), (CSV, "Bergen", "LOC"), (MARKDOWN, "Ayesha Siddiqui", "PERSON"),
    (MARKDOWN, "Northgate Foods", "ORG"), (TSV, "Gareth Lewis", "PERSON"), (TSV, "Pontypridd", "LOC"),
    (TSV, "Valleys Bakery", "ORG"),
])
def test_a_tables_cells_are_typed_by_their_columns_key(nlp, text, value, label):
    assert (value, label) in masked_rows(nlp, text)


@pytest.mark.parametrize("text, keys", [(CSV, ("city", "company", "first_name")), (TSV, ("Town", "Employer")),
                                        (MARKDOWN, ("Role", "Company", "Buyer"))])
def test_a_tables_header_and_plain_cells_stay_in_clear(nlp, text, keys):
    assert not any(key in masked for masked in masked_texts(nlp, text) for key in keys)


@pytest.mark.parametrize("line, expected", [
    ("first_name,last_name,email,company,city", ("first name", "last name", "email", "company", "city")),
    ("| Name | Role | Company |", ("name", "role", "company")),
    ("We met at 10, then lunch, then the review", None), ("a,b,c", None), ("Anna, Bob, Carla", None),
])
def test_table_header(line, expected):
    found = table_header(line)
    assert (found[1] if found else None) == expected


@pytest.mark.parametrize("text", [
    "name,city\nAnna Kowalska,\"Leeds, UK\"\n",  # a quoted cell may hold the separator: not read
    "name,city\nAnna Kowalska\n",  # a row of another shape ends the table
    "We met Anna, then Leeds.\nThen Bob, then York.",
])
def test_no_cell_outside_a_tables_shape(text):
    assert not [v for v, _, kind in rule_values(text) if kind in ("NAME", "PLACE", "ORGANIZATION")]


@pytest.mark.parametrize("text, name", [
    ("He's the owner. His number is 07700 900456. Cheers, Priti", "Priti"),
    ("Thanks for the update.\nSee you, Sam", "Sam"), ("ok thanks, Priti", "Priti"),
])
def test_a_sign_off_is_the_writer(nlp, text, name):
    assert (name, "PERSON") in masked_rows(nlp, text)


def test_a_closing_before_a_frequent_word_signs_nothing(nlp):
    assert masked_texts(nlp, "Thanks, All") == []


def test_a_24_hour_time_with_its_unit_is_a_time(nlp):
    text = "0214 HRS CALL FROM MS DENISE OKORO REPORTING A MALE ON BEECH AVENUE."
    assert ("0214 HRS", "DATETIME", "TIME") in rule_values(text)
    assert not any("HRS" == m for m in masked_texts(nlp, text))
    assert ("1200 hours", "DATETIME", "TIME") not in rule_values("The job took 1200 hours of work")


@pytest.mark.parametrize("text, address", [
    ("Owner: Mrs Gwen Pritchard, 5 Heol y Felin, Llandeilo SA19 6AA", "5 Heol y Felin, Llandeilo SA19 6AA"),
    ("They have lived at 3 Rue des Lilas, 75020 Paris since 2011.", "3 Rue des Lilas, 75020 Paris"),
])
def test_a_street_word_before_the_name_in_more_languages(nlp, text, address):
    assert (address, "LOC", "ADDRESS") in rule_values(text)
    assert (address, "LOC") in masked_rows(nlp, text)


def test_a_pets_microchip_is_a_device_id(nlp):
    text = "Vaccinations up to date. Microchip 985112004471236."
    assert ("985112004471236", "ID", "DEVICE_ID") in rule_values(text)
    assert masked_texts(nlp, text) == ["985112004471236"]


@pytest.mark.parametrize("text, value, label", [
    ("The Al Mansouri family have lived in Paris since 2011.", "The Al Mansouri", "PERSON"),
    ("Their son Youssef attends Lycée Voltaire.", "Lycée Voltaire", "ORG"),
])
def test_a_family_and_a_school_by_their_words(nlp, text, value, label):
    assert (value, label) in masked_rows(nlp, text)


def test_a_lower_case_street_after_out_of(nlp):
    text = "i moved out of 22 ashgrove terrace in cardiff on the 1st of june and left it spotless."
    assert ("22 ashgrove terrace", "LOC", "ADDRESS") in rule_values(text)
    masked = " ".join(masked_texts(nlp, text))
    assert "22" in masked and "ashgrove" in masked


def test_a_dates_span_ends_before_the_subject(nlp):
    masked = masked_texts(nlp, "The allegation is that on 22 September you were abusive towards a customer.")
    assert "22 September" in masked and not any("you" in m for m in masked)
