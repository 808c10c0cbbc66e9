"""Words of a document's layout and content that a tagger reads as names, through the default pipeline: a
lab result ("HbA1c 58 mmol/mol", "eGFR 72", the "L" of "mmol/L"), a piece of a decimal number (the "9" of
"5.9"), the "Q." and "A." of a transcript, a post's title alone ("our CTO", "(Chair)", "Headteacher"),
a forum's tags ("AITA", "TIFU"), a past tense after a given name ("Steve rang me"), a relative by
relation ("his mum"; under DEM or MISC, as court judgments mark "their daughter", it stays), a police
rank ("PC Harris") and a number said after a verb ("it says 52"). The names around them stay masked."""
import pytest

import spacy_anon
from rules_support import table_rows
from spacy_anon.mask.measurements import measured_value


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def masked(nlp, text):
    return [value for value, _ in table_rows(nlp, text)]


def test_a_lab_report_keeps_its_results(nlp):
    text = ("Lab results - Jonathan Price (NHS No. 485 777 3456)\nSample taken: 26/11/2026 08:15\n"
            "HbA1c 58 mmol/mol (high)\neGFR 72\nCholesterol 5.9 mmol/L\n"
            "Comment: please book a review with the practice nurse. Dr H. Mensah, Riverside Medical Centre")
    values = masked(nlp, text)
    assert "Jonathan Price" in values and "485 777 3456" in values and "Riverside Medical Centre" in values
    doc = nlp(text)
    for result in ("HbA1c 58 mmol/mol", "eGFR 72", "Cholesterol 5.9 mmol/L"):
        assert result in doc._.anon_text


@pytest.mark.parametrize("text", [
    "Potassium 4.2 mmol/L, sodium 139, INR 2.4 on warfarin.",
    "Cholesterol 5.9 mmol/L and potassium 4.2 today.",
    "PT IS ON 850U/HR HEPARIN NOT 1400U/HR.",
    "Temp 38.5C, HR 96, RR 18, SpO2 97% on air. GCS 15.",
    "Preheat the oven to 200C. Mix the flour. Bake for 25 minutes.",
])
def test_results_and_units_are_no_names(nlp, text):
    assert not any(label in ("PERSON", "ORG", "LOC", "MISC", "ID") for _, label in table_rows(nlp, text))


@pytest.mark.parametrize("text,span,expected", [
    ("HbA1c 58 mmol/mol (high)", "HbA1c 58 mmol/mol", True),
    ("eGFR 72 today", "eGFR 72", True),
    ("Cholesterol 5.9 mmol/L", "mmol", True),
    ("Cholesterol 5.9 mmol/L", "L", True),
    ("INR 2.4", "INR 2.4", True),
    ("Ward 5 beds", "Ward 5", False),
    ("Dr Liu", "Liu", False),
    ("met Mol in Leeds", "Mol", False),
    ("Fax: 345-899-3560x4587", "345-899-3560x4587", False),  # a phone's extension is no unit
    ("ZIP: 7412 SL", "7412 SL", False),
    ("Flat 3", "Flat 3", False),
    ("on the 21 st", "st", False),
    ("Temp 38.5C today", "38.5C", True),
    ("58F with a hx of copd", "58F", False),  # a note's age and sex, no temperature
    ("Sat 14 Nov", "Sat 14", False),
    ("same building, flat 12C.", "12C", False),  # a flat's number
    ("Ward 5C, bed 2", "5C", False),
    ("Domicilio: Av. Litoral, 30, 1C .", "1C", False),  # a Spanish address's floor and door
    ("Preheat the oven to 200C.", "200C", True),
])
def test_measured_value(text, span, expected):
    start = text.index(span)
    assert measured_value(text, start, start + len(span)) is expected


def test_a_piece_of_a_decimal_number_is_not_masked(nlp):
    doc = nlp("Cholesterol 5.9 mmol/L and potassium 4.2 today.")
    assert "5.9" in doc._.anon_text and "4.2" in doc._.anon_text


def test_question_and_answer_marks_of_a_transcript_are_layout(nlp):
    text = ("Q. Please state your full name for the record.\nA. Graham Peter Whitfield.\n"
            "Q. And where were you on the night of 4 July?\nA. I was at the Red Lion in Stockport with my "
            "brother-in-law, Keith Barlow.\nQ. Did you see Mr Adeyemi that night?\nA. No, I didn't.")
    values = masked(nlp, text)
    assert "Q" not in values and "A" not in values
    assert {"Graham Peter Whitfield", "Keith Barlow", "Mr Adeyemi", "Stockport"} <= set(values)


def test_a_single_initial_outside_a_transcript_stays_with_its_name(nlp):
    assert "A. Smith" in masked(nlp, "A. Smith signed the form. Q. Jones did not.")


@pytest.mark.parametrize("text,name", [
    ("We'd like to invite you to a final interview with our CTO, Ewan McAllister, next week.", "Ewan McAllister"),
    ("Present: Gareth Lloyd (Chair), Sunita Rao, Tom Ellery", "Gareth Lloyd"),
    ("Many thanks,\nMr P. Gallagher\nHeadteacher, St Mark's Primary School", "Mr P. Gallagher"),
    ("Chair: Priya Shah", "Priya Shah"),
])
def test_a_posts_title_alone_is_not_masked(nlp, text, name):
    values = masked(nlp, text)
    assert name in values
    assert not {"CTO", "Chair", "Headteacher"} & set(values)


@pytest.mark.parametrize("text", ["WIBTA if I skipped my brother's wedding?", "TIFU by texting my boss. IMO it was fine.",
                                  "AITA for telling my mum no"])
def test_forum_tags_are_not_names(nlp, text):
    assert masked(nlp, text) == []


@pytest.mark.parametrize("text,name", [
    ("Your driver Steve rang me on Friday.", "Steve"),
    ("Priya drank the tea.", "Priya"),
    ("Then Marcus fled the scene.", "Marcus"),
])
def test_a_past_tense_after_a_name_is_not_part_of_it(nlp, text, name):
    assert name in masked(nlp, text)


@pytest.mark.parametrize("text,name", [("jake drove me home after, his mum lent us her car", "jake"),
                                       ("it's my mum's account, i'm her son erik", "erik")])
def test_a_relative_by_relation_is_no_name(nlp, text, name):
    values = masked(nlp, text)
    assert name in values
    assert not {"mum", "his mum", "son", "lent us her car"} & set(values)


@pytest.mark.parametrize("text,name", [("Dad (Kwame) asked about tutoring.", "Kwame"),
                                       ("My wife (Halina) called.", "Halina")])
def test_a_name_in_brackets_after_a_relative_is_a_person(nlp, text, name):
    assert (name, "PERSON") in table_rows(nlp, text)


@pytest.mark.parametrize("text,names", [
    ("22:19 Unit 4 (PC Harris, PC Obi) dispatched.", ["Harris", "Obi"]),
    ("DC Obi took the statement.", ["Obi"]),
    ("Investigating officer: DC Amir Haddad", ["Amir Haddad"]),
])
def test_a_police_rank_is_no_part_of_the_name(nlp, text, names):
    found = table_rows(nlp, text)
    assert all((name, "PERSON") in found for name in names)


def test_a_shop_named_with_pc_is_no_officer(nlp):
    assert not any(label == "PERSON" for _, label in table_rows(nlp, "I bought it at PC World in Leeds."))


def test_a_number_said_after_a_verb_is_no_name(nlp):
    text = "Hi Raj, the hours for w/c 16 Nov look wrong - it says 52 but I only did 37.5."
    assert "52" not in masked(nlp, text)


def test_a_past_tense_typed_in_lower_case_is_no_name():
    from spacy_anon.casing import truecased_text
    assert "lent us" in truecased_text("jake drove me home after, his mum lent us her car")


def test_a_ward_rounds_date_and_a_drug_in_capitals(nlp):
    assert "28/11" not in nlp("Ward round 28/11: Mr Evans (bed 14) much improved, plan d/c tomorrow.")._.anon_text
    assert "APIXABAN" in nlp("PMH: OA BOTH KNEES, HTN, AF ON APIXABAN\nREASON: FALLS X2 IN LAST MONTH")._.anon_text
