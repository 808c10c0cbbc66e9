"""Bugs found on claims, bookings, bug reports, press releases, care logs and FOI letters, each fixed as a class.

- A booking's short code after its cue ("booking ref XK7P2Q", "PNR: 4QJ7TZ") was half a QUANTITY and half
  in clear, a frequent flyer number a place with its key, a bag's tag ("tag BA 482913") in clear.
- An office's reference ("FOI/2025/0912") was cut into "FOI/" and a contact; "2024/25" (a financial year) a
  court's case number.
- "QuickFix Ltd, Darren, attended" made Darren the firm's town; "Parent (Ms Kerry Clarke)" masked "Parent";
  "Annual salary:" and "Media contact:" masked their keys.
- A bug report's "click CSV", "KeyError" and "go to Reports > Export" were names.
- "prescribed amoxicillin 500mg TDS" was a place and an organisation; a care log's home ("Daily care log –
  Rosewood House") was left in clear once the log read as a note.
"""
import pytest

from rules_support import rule_values
from spacy_anon.mask.measurements import measured_value
from spacy_anon.mask.machine_text import menu_step
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, value, kind", [
    ("I'm Priyanka Deshmukh, booking ref XK7P2Q, frequent flyer 38829104.", "XK7P2Q", "REFERENCE_NUMBER"),
    ("I'm Priyanka Deshmukh, booking ref XK7P2Q, frequent flyer 38829104.", "38829104", "ACCOUNT_NUMBER"),
    ("PNR: 4QJ7TZ", "4QJ7TZ", "REFERENCE_NUMBER"),
    ("Your reservation number is RX2J9K.", "RX2J9K", "REFERENCE_NUMBER"),
    ("my suitcase (tag BA 482913) never showed up", "BA 482913", "REFERENCE_NUMBER"),
    ("Re: Freedom of Information request FOI/2025/0912", "FOI/2025/0912", "REFERENCE_NUMBER"),
    ("Our ref SAR/2024/118 applies", "SAR/2024/118", "REFERENCE_NUMBER"),
])
def test_a_bookings_and_an_offices_references_are_identifiers(nlp, text, value, kind):
    assert (value, "ID", kind) in rule_values(text)
    assert (value, "ID") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", ["Booking ref: ABCDEF", "the confirmation email came at 9", "order 2019 shipped",
                                  "Councillor expenses for 2024/25 are attached.", "the school year 2019/20"])
def test_no_reference_without_a_code(text):
    assert not any(kind in ("REFERENCE_NUMBER", "CASE_NUMBER") for _, _, kind in rule_values(text))


def test_a_case_number_is_still_one():
    assert ("40593/04", "CODE", "CASE_NUMBER") in rule_values("Application no. 40593/04 was lodged.")


@pytest.mark.parametrize("text, keys", [
    ("I'm Priyanka Deshmukh, booking ref XK7P2Q, frequent flyer 38829104.", ("frequent", "flyer")),
    ("Annual salary: £48,500\nPrevious landlord: Mr Graham Doyle", ("salary",)),
    ("Press release.\nMedia contact: press@harbourside.gov.uk", ("Media",)),
    ("Parent (Ms Kerry Clarke) phoned at 12:55 and collected him.", ("Parent",)),
])
def test_keys_and_role_words_stay_in_clear(nlp, text, keys):
    assert not any(key in masked for masked in masked_texts(nlp, text) for key in keys)


def test_the_name_after_a_parent_word_is_masked(nlp):
    assert ("Ms Kerry Clarke", "PERSON") in masked_rows(nlp, "Parent (Ms Kerry Clarke) phoned at 12:55.")


@pytest.mark.parametrize("text, value, label", [
    ("The plumber from QuickFix Ltd, Darren, attended on 14/10.", "Darren", "PERSON"),
    ("Contact Velloway Foods Ltd, Chester, for details.", "Chester", "LOC"),
    ("Send it to Kestrel Avionics Ltd, Leeds.", "Leeds", "LOC"),
])
def test_a_given_name_after_a_firm_is_its_person_a_place_its_town(nlp, text, value, label):
    assert (value, label) in masked_rows(nlp, text)


@pytest.mark.parametrize("text, words", [
    ("Steps: log in, go to Reports > Export, click CSV.\nKeyError: 'surname'", ("Reports", "Export", "CSV",
                                                                               "KeyError")),
    ("Open Settings › Privacy › Location and turn it off, Sam.", ("Settings", "Privacy", "Location")),
    ("java.lang.NullPointerException at line 3", ("NullPointerException",)),
])
def test_software_words_are_no_names(nlp, text, words):
    assert not any(word in masked for masked in masked_texts(nlp, text) for word in words)


def test_names_beside_an_arrow_are_names(nlp):
    masked = masked_texts(nlp, "Alice Brown > Bob: thanks")
    assert "Alice Brown" in masked and "Bob" in masked


@pytest.mark.parametrize("text, value, expected", [
    ("go to Reports > Export", "Reports", True), ("go to Reports > Export", "Export", True),
    ("Alice Brown > Bob: hi", "Alice Brown", False), ("Alice Brown > Bob: hi", "Bob", False),
    ("Reports are due", "Reports", False),
])
def test_menu_step(text, value, expected):
    start = text.index(value)
    assert menu_step(text, start, start + len(value)) is expected


@pytest.mark.parametrize("text, value, expected", [
    ("prescribed amoxicillin 500mg TDS for", "amoxicillin 500mg TDS", True),
    ("prescribed amoxicillin 500mg for", "amoxicillin 500mg", True), ("Sertraline 50 mg daily", "Sertraline 50 mg", True),
    ("amoxicillin 500mg TDS", "TDS", True), ("Ward TDS", "TDS", False), ("Flat 12 Leeds", "Flat 12", False),
])
def test_a_medicine_and_its_dose_is_measured(text, value, expected):
    start = text.index(value)
    assert measured_value(text, start, start + len(value)) is expected


def test_a_medicine_and_its_dose_names_nobody(nlp):
    assert not any("amoxicillin" in m or "TDS" in m for m in masked_texts(
        nlp, "GP reviewed her chest; prescribed amoxicillin 500mg TDS for 5 days."))


def test_a_care_homes_name_in_a_log_read_as_a_note_is_masked(nlp):
    text = ("Daily care log – Rosewood House\nResident: Edith Marsh, Room 12\n14:30 GP Dr Sandhu reviewed her chest; "
            "prescribed amoxicillin 500mg TDS for 5 days.\nCarer: Lisa P.")
    masked = masked_texts(nlp, text)
    assert "Rosewood House" in masked and "Edith Marsh" in masked


def test_an_identifier_in_inline_code_and_an_os_are_no_names(nlp):
    """A GitHub issue: "Run `pip install spacy-anon==0.2.0`" masked "spacy" as an organisation (twice, the leak
    guard following), "Ubuntu 22.04" a place. A quoted name in the same report is still masked."""
    text = ('### Steps to reproduce\n1. Run `pip install spacy-anon==0.2.0`\n2. Call `spacy_anon.load()` on the '
            'text "Contact Jane Doe at jane@example.com"\nEnvironment: Ubuntu 22.04, Python 3.11')
    masked = masked_texts(nlp, text)
    assert "Jane Doe" in masked and not any(m in ("spacy", "Ubuntu") for m in masked)


@pytest.mark.parametrize("text, value, expected", [
    ("Run `pip install spacy-anon` now", "spacy", True), ("Call `spacy_anon.load()`", "spacy_anon", True),
    ("Run pip install spacy-anon now", "spacy", False), ("`x` then Jane", "Jane", False),
])
def test_inline_code(text, value, expected):
    from spacy_anon.mask.machine_text import inline_code
    start = text.index(value)
    assert inline_code(text, start, start + len(value)) is expected
