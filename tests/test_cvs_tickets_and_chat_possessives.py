"""CVs, HR mail, support tickets and chats showed seven classes of mistakes: a clinician's CV read as a
clinical note lost its owner's name and cut a saint's hospital at its apostrophe, a care grade ran into the
name after it, a verb ran into the company or person it addresses, a ticket's people fields kept their user
names in clear, a possessive typed without its apostrophe was read as a place, and an infirmary was a place."""
import pytest

from spacy_anon.mask.name_edges import verb_lead
from spacy_anon.mask.person_starts import care_grade_end
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


# ---------------------------------------------------------------- a clinician's CV, read as a note

CV = ("CV: Aisha Karimi. Phone 07700 900123. Experience: 2019-2023 Nurse, St Thomas' Hospital, London. "
      "Skills: phlebotomy, triage, Epic EHR.")


def test_the_owner_of_a_clinicians_cv_is_masked(nlp):
    found = rows(nlp, CV)
    assert ("Aisha Karimi", "PERSON") in found, found


@pytest.mark.parametrize("text,hospital", [
    (CV, "St Thomas' Hospital"),
    ("PT TRANSFERRED FROM ST MARY'S HOSPITAL. BP 120/80.", "ST MARY'S HOSPITAL"),
    ("pt transferred from st. luke's hospital. bp 120/80, hr 88, cxr clear.", "st. luke's hospital"),
    ("Seen at St. Luke's Hospital for CXR and ECG; BP 130/85.", "St. Luke's Hospital"),
])
def test_a_saints_hospital_is_one_organisation_in_a_note(nlp, text, hospital):
    found = rows(nlp, text)
    assert (hospital, "ORG") in found, found


def test_the_ecg_st_segment_stays_no_hospital(nlp):
    found = rows(nlp, "12 LEAD SHOWS ST ELEVATION. TRANSFERRED TO CATH LAB. BP 90/60.")
    assert not any("ST" in t.split() for t, _ in found), found


# ---------------------------------------------------------------- a care grade before a name

@pytest.mark.parametrize("text,name", [
    ("Witnessed by HCA Dorota Nowak.", "Dorota Nowak"),
    ("Witnessed by Staff Nurse Dorota Nowak.", "Dorota Nowak"),
    ("Witnessed by HCA Jane Smith.", "Jane Smith"),
    ("Seen by Charge Nurse Grace Owusu, who called Dr Patel.", "Grace Owusu"),
])
def test_a_care_grade_is_no_part_of_the_name(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found
    assert not any(t != name and name in t for t, _ in found), found


def test_care_grade_end_needs_a_given_name_after_the_grade(nlp):
    doc = nlp.make_doc("HCA Dorota Nowak and Staff Nurse Grace Owusu; HCA Rules Apply; Staff Room")
    assert care_grade_end(doc, 0, 3) == 1
    assert care_grade_end(doc, 4, 8) == 6
    assert care_grade_end(doc, 9, 12) is None  # "Rules" is no given name
    assert care_grade_end(doc, 13, 15) is None  # "Staff Room": no grade


# ---------------------------------------------------------------- a verb before whom it addresses

@pytest.mark.parametrize("text,name,label", [
    ("Can someone in billing chase Evri?", "Evri", "ORG"),
    ("Can someone chase DPD about it?", "DPD", "ORG"),
    ("pls email Sarah Jones the form", "Sarah Jones", "PERSON"),
])
def test_the_verb_before_a_name_is_the_sentences(nlp, text, name, label):
    found = rows(nlp, text)
    assert (name, label) in found, found
    assert not any(t.split()[0] in ("chase", "email") for t, _ in found), found


def test_verb_lead_reads_lower_case_verbs_only(nlp):
    doc = nlp.make_doc("chase Evri Chase Bank")
    assert verb_lead(doc, 0, 2)
    assert not verb_lead(doc, 2, 4)  # "Chase Bank": written with a capital, the name's


# ---------------------------------------------------------------- a ticket's people fields

@pytest.mark.parametrize("text,users", [
    ("Ticket 55120 | Priority: High | Reporter: m.okafor | Summary: User cannot log in.", ["m.okafor"]),
    ("Assignee: jsmith2 | Reporter: okafor.m", ["jsmith2", "okafor.m"]),
    ("Watchers: a.li, bko_22", ["a.li", "bko_22"]),
])
def test_a_tickets_people_fields_are_user_names(nlp, text, users):
    found = rows(nlp, text)
    for user in users:
        assert (user, "CONTACT") in found, found


def test_a_tickets_field_keys_are_no_names(nlp):
    found = rows(nlp, "Requester: dmorgan\nSubmitter: p_ortiz")
    assert [t for t, _ in found] == ["dmorgan", "p_ortiz"], found  # a tagger's PERSON may type "p_ortiz"


@pytest.mark.parametrize("text", ["The reporter: the Guardian said so.", "Reporter: unassigned"])
def test_a_field_without_a_user_name_stays(nlp, text):
    assert rows(nlp, text) == [] or all(t not in ("unassigned", "the") for t, _ in rows(nlp, text))


def test_a_login_key_is_no_name(nlp):
    found = rows(nlp, "Login: priya_r\nPassword reset requested.")
    assert not any(t == "Login" for t, _ in found) and any(t == "priya_r" for t, _ in found), found


# ---------------------------------------------------------------- a possessive typed without its apostrophe

@pytest.mark.parametrize("text,name", [
    ("hey r u coming to jakes bday thing on sat?", "jakes"),
    ("going to sams party later", "sams"),
])
def test_a_bare_possessive_names_the_person(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found


def test_a_relatives_bare_possessive_names_no_one(nlp):
    assert rows(nlp, "staying at my mums house") == []


# ---------------------------------------------------------------- an infirmary

@pytest.mark.parametrize("text,name", [
    ("He works at Bristol Royal Infirmary.", "Bristol Royal Infirmary"),
    ("She was admitted to Leeds General Infirmary on Monday.", "Leeds General Infirmary"),
])
def test_an_infirmary_is_an_organisation(nlp, text, name):
    assert (name, "ORG") in rows(nlp, text)


# ---------------------------------------------------------------- an age's unit written out

@pytest.mark.parametrize("text", [
    "Thank you for seeing Mrs Beatrice Hale, an 82-year-old retired teacher, who presents with memory loss.",
    "Mrs Hale, an 82-year-old retired teacher, presents with memory loss.",
    "She is an 82-year-old woman.",
])
def test_an_ages_unit_is_no_value_of_its_own(nlp, text):
    found = rows(nlp, text)
    ages = [t for t, label in found if label == "AGE"]
    assert ages in (["82"], ["82-year-old"]), found  # the number, or the whole age a tagger read as a trait
    assert all(label == "AGE" for t, label in found if "82" in t or "year" in t or "old" in t), found


def test_a_trait_read_as_a_whole_age_phrase_stays_whole(nlp):
    found = rows(nlp, "He has had no contact with his son since he was eight years old.")
    assert not any(t in ("years", "old", "years old") for t, _ in found), found


# ---------------------------------------------------------------- a town typed in lower case

@pytest.mark.parametrize("text,town", [
    ("shes moving to manchester", "manchester"),
    ("lol did u see what kayleigh posted about her ex?? shes moving to manchester with that guy from work",
     "manchester"),
])
def test_a_town_in_lower_case_after_a_preposition_is_a_place(nlp, text, town):
    assert (town, "LOC") in rows(nlp, text)


def test_a_town_that_is_a_word_needs_its_capital(nlp):
    assert not any(t == "reading" for t, _ in rows(nlp, "i am going to reading later"))


# ---------------------------------------------------------------- a legal form that ends a sentence

def test_a_legal_forms_full_stop_ends_the_name_when_a_sentence_follows(nlp):
    found = rows(nlp, "Respondent: Harbour Foods Ltd. Hearing listed for 9 September 2025.")
    assert ("Harbour Foods Ltd", "ORG") in found, found


def test_a_name_after_a_legal_form_stays(nlp):
    found = rows(nlp, "We bought it from Acme Ltd. Holdings are up.")
    assert any(t.startswith("Acme Ltd") for t, _ in found), found
