"""The leak benchmark's pure parts: planted values, their forms, and what counts as surviving."""
import random

from spacy_anon.evaluate.leaks import (
    COMMON_WORD_PEOPLE,
    DATE_FORMS,
    DIGIT_FORMS,
    EMAIL_FORMS,
    NAME_FORMS,
    STRUCTURED_TEMPLATES,
    Plant,
    core_of,
    make_plants,
    plant_into,
    survives,
    tally,
)
from spacy_anon.rules.validators import credit_card_valid, iban_valid, us_ssn_valid


def test_core_ignores_separators_case_accents_and_invisible_characters():
    assert core_of("536-22-\n17\u00ad84") == core_of("536 22 1784") == "536221784"
    assert core_of("JOSÉ Kow\u200balski") == "josekowalski"
    assert core_of("\uff15\uff13\uff16") == "536"


def test_survival_counts_against_the_unplanted_document():
    name = Plant("name", "lower case", "", "king")
    assert not survives(name, "He was seeking help.")  # whole words only
    assert survives(name, "Later king signed.")
    assert not survives(name, "Later king signed.", unplanted="the king's court")  # already a word there
    ssn = Plant("ssn", "line break", "", "536221784")
    assert survives(ssn, "SSN 536-22-\n1784") and not survives(ssn, "SSN [ID_1]")


def test_every_kind_and_form_is_planted_with_valid_values():
    plants = make_plants(random.Random(3), [("Anna", "Kowalski")])
    kinds = {(p.kind, p.form) for p in plants}
    assert kinds == ({(k, f) for k in STRUCTURED_TEMPLATES for f in DIGIT_FORMS}
                     | {("email", f) for f in EMAIL_FORMS} | {("name", f) for f in NAME_FORMS}
                     | {("date", f) for f in DATE_FORMS}
                     | {("ordinary", last.lower()) for _, last in COMMON_WORD_PEOPLE})
    plain = {p.kind: p for p in plants if p.form == "plain"}
    assert us_ssn_valid(plain["ssn"].core) and credit_card_valid(plain["card"].core)
    assert iban_valid(plain["iban"].core)
    assert all(p.core in core_of(p.sentence) for p in plants if p.kind != "name")
    assert all(survives(p, p.sentence.split("court. ")[1]) for p in plants if p.kind == "ordinary")
    common = [p for p in plants if p.form.startswith("common word")]
    assert len(common) == 2 and all(p.core in {core_of(last) for _, last in COMMON_WORD_PEOPLE} for p in common)
    assert all(p.core == "kowalski" for p in plants if p.kind == "name" and p not in common
               and p.form != "line-break hyphen" and not p.form.endswith("glued"))
    [wrapped] = [p for p in plants if p.form == "line-break hyphen"]
    assert wrapped.core == "alski" and "Kow-\nalski" in wrapped.sentence
    [glued] = [p for p in plants if p.form == "control glued"]
    assert "witness\x00Anna Kowalski" in glued.sentence and glued.core == "anna"
    chunked = [p for p in plants if p.form.startswith("other chunk")]
    assert len(chunked) == 2 and all(p.far and p.max_length for p in chunked)


def test_a_name_glued_after_a_word_is_read_as_a_word():
    glued = Plant("name", "control glued", "", "anna")
    assert survives(glued, "signed by the witness\x00Anna [PERSON_1] on that day")
    assert survives(glued, "signed by the witness\u200bAnna [PERSON_1] on that day")
    assert not survives(glued, "signed by the witness\x00[PERSON_1] on that day")
    assert survives(Plant("name", "zero-width space", "", "kowalski"), "Later Mr Kow\u200balski signed")


def test_homoglyph_forms_survive_when_read_as_latin():
    plants = make_plants(random.Random(3), [("Anna", "Kowalski")])
    [email] = [p for p in plants if p.kind == "email" and p.form == "homoglyph"]
    assert not email.sentence.isascii() and email.core in core_of(email.sentence)
    [name] = [p for p in plants if p.kind == "name" and p.form == "homoglyph"]
    assert "Kowalski" not in name.sentence.split("court.")[1] and survives(name, name.sentence.split("court.")[1])
    assert not survives(name, "Later Mr [PERSON_1] signed the record.")


def test_a_far_plant_goes_at_both_ends():
    plant = Plant("name", "other chunk after", "Later KOWALSKI signed.", "kowalski",
                  far="The witness Anna Kowalski was heard.", max_length=500)
    text = plant_into("First line.\nSecond line.", plant, random.Random(0))
    assert text.startswith("Later KOWALSKI signed.\n\n") and text.endswith("The witness Anna Kowalski was heard.\n")


def test_plant_goes_in_as_its_own_paragraph_and_tally_counts():
    plant = Plant("ssn", "plain", "Her SSN is 536-22-1784.", "536221784")
    text = plant_into("First line.\nSecond line.", plant, random.Random(0))
    assert "Her SSN is 536-22-1784.\n\n" in text and "First line." in text and "Second line." in text
    table = tally([(plant, True), (plant, False)])
    assert table == {"ssn": {"plain": {"planted": 2, "survived": 1}}}
