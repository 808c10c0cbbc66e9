"""Signatures, handles and towns from fresh e-mails, posts and notes, through the default pipeline: a
signature's direct line after a job title with "Account" in it is a phone ("Senior Account Executive ...
Direct: (415) 555-0142"), a handle with a dot is one handle ("@sophie.w", not "@[PERSON].w"; "@gmail.com"
is none), a post over a department is a job title ("Director of Operations"), and a note's town whose words
are English words stays masked ("Lives with wife in Cedar Rapids, IA"; "in HALL", "from OSH" are no towns)."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def test_a_direct_line_under_an_account_executive_is_a_phone(nlp):
    text = ("Jordan Reyes | Senior Account Executive | Acme Corp\n"
            "Direct: (415) 555-0142 | jordan.reyes@acmecorp.com")
    found = table_rows(nlp, text)
    assert ("(415) 555-0142", "CONTACT") in found and ("jordan.reyes@acmecorp.com", "CONTACT") in found


@pytest.mark.parametrize("text,handle", [("@sophie.w is in too", "@sophie.w"), ("ping @raj.patel now", "@raj.patel"),
                                         ("end of sentence @sophie.w.", "@sophie.w")])
def test_a_handle_with_a_dot_is_one_handle(text, handle):
    assert (handle, "CONTACT", "HANDLE") in rule_values(text)


@pytest.mark.parametrize("text", ["email me @gmail.com", "see @example.co.uk"])
def test_a_domain_after_an_at_sign_is_no_handle(text):
    assert rule_values(text, "CONTACT") == []


def test_a_post_with_a_dotted_handle_is_masked_whole(nlp):
    doc = nlp("@marcus_t congrats on the new job at Deloitte!! drinks on friday? @sophie.w is in too")
    assert ".w" not in doc._.anon_text


@pytest.mark.parametrize("text,name", [
    ("Sincerely,\nKevin O'Brien\nDirector of Operations", "Kevin O'Brien"),
    ("Ask the Head of Customer Services, Jane Holt.", "Jane Holt"),
])
def test_a_post_over_a_department_is_a_job_title(nlp, text, name):
    values = [value for value, _ in table_rows(nlp, text)]
    assert values == [name]


def test_an_office_one_person_holds_stays(nlp):
    assert table_rows(nlp, "The Director of Public Prosecutions decided.") != []


def test_a_notes_town_of_english_words_is_masked(nlp):
    text = ("Patient is a 72 y/o male with history of CHF, DM2 and CKD stage 3 presenting with SOB x 3 days. "
            "Lives with wife in Cedar Rapids, IA. PCP Dr. Lisa Monroe.")
    assert "Cedar Rapids" not in nlp(text)._.anon_text
    assert "Salt Lake City" not in nlp("PT TRANSFERRED FROM SALT LAKE CITY. BP STABLE, HR 88. CONT HEPARIN GTT.")._.anon_text


@pytest.mark.parametrize("text,word", [
    ("DIZZINESS, BUT FATIGUED. AMBULATED X2 IN HALL . E/D FAIR. LARGE AMT OF STOOL.", "HALL"),
    ("80 yo female transferred from OSH s/p MI, requiring intubation. BP 100/60.", "OSH"),
])
def test_a_notes_word_is_no_town(nlp, text, word):
    assert word not in [value for value, _ in table_rows(nlp, text)]


def test_a_us_town_and_its_state_are_places(nlp):
    found = table_rows(nlp, "We are pleased to offer you the position at our Reno, NV facility, starting January 4, 2027.")
    assert ("Reno", "LOC") in found and ("NV", "LOC") in found


def test_a_word_in_capitals_after_a_comma_is_no_state(nlp):
    text = "LEAVE TO APPEAL WAS REFUSED ON 30 OCTOBER 2009. THE HIGH COURT, IN REFUSING THE APPLICATION, SAID NO."
    assert ("HIGH COURT", "LOC") not in table_rows(nlp, text)


@pytest.mark.parametrize("text", ["just landed in lisbon with my sister!! staying near alfama til sunday. dm me",
                                  "[10:03] ravi.k: yeah shes at the birmingham clinic til 4"])
def test_til_is_no_part_of_a_place(nlp, text):
    assert not any(" til" in value for value, _ in table_rows(nlp, text))


@pytest.mark.parametrize("text,address", [
    ("ADDRESS: 3 ROSE COTTAGES, HIGH STREET, WITNEY OX28 4BQ", "3 ROSE COTTAGES, HIGH STREET, WITNEY OX28 4BQ"),
    ("Address: 3 Rose Cottages, High Street, Witney OX28 4BQ", "3 Rose Cottages, High Street, Witney OX28 4BQ"),
    ("My address for the parcel is Unit 5, 22 Campbell Parade, Bondi Beach NSW 2026.",
     "Unit 5, 22 Campbell Parade, Bondi Beach NSW 2026"),
    ("Ship to 10 Main St, Seattle, WA 98101", "10 Main St, Seattle, WA 98101"),
])
def test_buildings_in_capitals_and_australian_postcodes_join_the_address(text, address):
    assert address in [value for value, _, _ in rule_values(text, "LOC")]


@pytest.mark.parametrize("text,name", [("The Prime Minister met President Macron in Paris on Tuesday.", "Macron"),
                                       ("Dated 26 November 2026\nDistrict Judge Okoro", "Okoro")])
def test_an_office_before_a_surname_is_no_part_of_it(nlp, text, name):
    assert (name, "PERSON") in table_rows(nlp, text)


@pytest.mark.parametrize("text", ["Prince Rupert Secondary School , Prince Rupert",
                                  "They built on a part of Princess Anne Park in Washington."])
def test_a_place_named_after_a_royal_is_no_person(nlp, text):
    assert not any(label == "PERSON" for _, label in table_rows(nlp, text))


def test_a_handles_name_parts_are_found_in_the_post(nlp):
    text = ("new PB on squats, 120kg!! coach will said i'd never get there before christmas, told u "
            "@will.fitzgerald.pt #legday\n\ncomments:\n@will.fitzgerald.pt: ok ok i was wrong.")
    doc = nlp(text)
    assert ".pt" not in doc._.anon_text and "coach will said" not in doc._.anon_text


def test_a_town_after_an_organisation_and_a_comma_is_a_place(nlp):
    text = "Margaret Ellison, 1938-2026, died peacefully at St Luke's Hospice, Sheffield, on 20 November, aged 88."
    found = table_rows(nlp, text)
    assert ("St Luke's Hospice", "ORG") in found and ("Sheffield", "LOC") in found


@pytest.mark.parametrize("text,kept", [("Dear Data Protection Officer,\nUnder Article 15 I request my data.", []),
                                       ("Dear Will Baker, thanks for coming.", ["Will Baker"]),
                                       ("Dear Dr Will Cook, thank you.", ["Dr Will Cook"])])
def test_a_job_title_after_dear_is_no_name(nlp, text, kept):
    assert [value for value, _ in table_rows(nlp, text)] == kept
