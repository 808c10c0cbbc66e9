"""Bugs found on a typed or scanned form that doubles its spaces, a dental reminder and a classified ad, each
fixed as a class.

- "NAME OF  EMPLOYEE :  KAREN  LOUISE  MATTHEWS" was three people (a run of two spaces read as a column's
  gap): a value whose every gap is two spaces is one value.
- "09 / 04 / 1979" was two contacts and a year: a numeric date with spaces around its slashes is a date.
- "47 ST  ANDREWS  ROAD ,  PAISLEY ,  PA2 6QT" was five places: a comma with a space before it joins an
  address's parts.
- "NI NO" masked "NI"; "Smile Dental, 88 Upper Street" opening a sentence lost "Smile" (a frequent word
  trimmed from a name whose last word is a firm's head).
"""
import pytest

from rules_support import rule_values
from tests.default_pipeline import masked_rows, masked_texts, nlp  # noqa: F401  (the module fixture)

FORM = ("NAME OF  EMPLOYEE :  KAREN  LOUISE  MATTHEWS\nNI NO :  NP 71 33 20 D\nDATE OF  BIRTH :  09 / 04 / 1979\n"
        "ADDRESS :  47 ST  ANDREWS  ROAD ,  PAISLEY ,  PA2 6QT")


def test_a_doubly_spaced_value_is_one_span(nlp):
    rows = masked_rows(nlp, FORM)
    assert ("KAREN  LOUISE  MATTHEWS", "PERSON") in rows
    assert ("09 / 04 / 1979", "DATETIME") in rows
    assert ("47 ST  ANDREWS  ROAD ,  PAISLEY ,  PA2 6QT", "LOC") in rows
    assert "NI" not in [v for v, _ in rows]


def test_a_column_gap_after_a_name_still_splits(nlp):
    rows = masked_rows(nlp, "Name: Robert J. Whitfield  DOB: 01/02/1960")
    assert ("Robert J. Whitfield", "PERSON") in rows


@pytest.mark.parametrize("text, value", [("DATE OF  BIRTH :  09 / 04 / 1979", "09 / 04 / 1979"),
                                         ("born 12 / 31 / 1999 in Ohio", "12 / 31 / 1999")])
def test_a_numeric_date_with_spaced_slashes(text, value):
    assert (value, "DATETIME", "DATE") in rule_values(text)


@pytest.mark.parametrize("text", ["a ratio of 40 / 50 / 2020", "pages 3 / 4"])
def test_no_spaced_date_without_a_day_and_month(text):
    assert not any(label == "DATETIME" and "/" in v for v, label, _ in rule_values(text))


@pytest.mark.parametrize("text, address", [
    ("ADDRESS :  47 ST  ANDREWS  ROAD ,  PAISLEY ,  PA2 6QT\n", "47 ST  ANDREWS  ROAD ,  PAISLEY ,  PA2 6QT"),
    ("at 8 Birch Lane , Norwich NR2 4TT.", "8 Birch Lane , Norwich NR2 4TT"),
])
def test_a_comma_with_a_space_before_it_joins_an_address(text, address):
    assert (address, "LOC", "ADDRESS") in rule_values(text)


def test_a_practice_named_twice_is_one_organisation(nlp):
    text = ("Your appointment at Smile Dental (Dr Oyinlola) is on Tue 2 Dec at 15:40. Reply Y to confirm. "
            "Smile Dental, 88 Upper Street, N1 0NP.")
    rows = masked_rows(nlp, text)
    assert rows.count(("Smile Dental", "ORG")) == 2
    assert "Smile" not in nlp(text)._.anon_text


# a society's minutes, an e-mail thread, a police message and a researcher's e-mail

def test_a_given_name_that_is_a_word_before_a_rare_surname_stays(nlp):
    text = "Present: Pat Oduya (Chair), Graham & Sue Whitlock, D. Henshaw"
    assert ("Pat Oduya", "PERSON") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", ["Will Smith called.", "May I help?"])
def test_given_names_that_are_words_keep_their_reading(nlp, text):
    assert "May" not in masked_texts(nlp, text)


def test_an_email_threads_prefixes_are_no_names(nlp):
    assert masked_texts(nlp, "Subject: Re: Re: Fwd: Holiday cover") == []


def test_a_surname_after_a_rank_and_collar_number_is_a_person(nlp):
    rows = masked_rows(nlp, "The officer dealing with your case is PC 5521 Hollis. Call us back.")
    assert ("Hollis", "PERSON") in rows and ("5521", "ID") in rows


@pytest.mark.parametrize("text, value", [("My ORCID is 0000-0002-1825-0097. Many thanks", "0000-0002-1825-0097"),
                                         ("ORCID: 0000-0002-1825-009X", "0000-0002-1825-009X")])
def test_an_orcid_is_an_id(nlp, text, value):
    assert (value, "ID", "ID_NUMBER") in rule_values(text)
    assert (value, "ID") in masked_rows(nlp, text)


# a nursery's enquiry, a classified ad and a garage's review

@pytest.mark.parametrize("text, value", [("We live on Hazel Grove in Sale, M33. My husband works", "Sale, M33"),
                                         ("Collection from Hove (BN3) only.", "Hove (BN3)")])
def test_a_known_town_and_its_postcode_district_are_an_address(nlp, text, value):
    assert (value, "LOC", "ADDRESS") in rule_values(text)
    assert value in masked_texts(nlp, text)


@pytest.mark.parametrize("text", ["drove up the A38 near Bromsgrove, A38.", "Team: Dudley, U11.", "Fault: F28 ignition"])
def test_a_road_or_a_code_after_a_town_is_no_district(text):
    assert not [v for v, label, kind in rule_values(text) if kind == "ADDRESS"]  # the road is `rules.road`'s


def test_a_reviews_signature_with_a_town_and_a_model_alone(nlp):
    text = '"Danny and the lads sorted my Corsa\'s clutch same day." – Bev, Tipton'
    rows = masked_rows(nlp, text)
    assert ("Bev", "PERSON") in rows and ("Corsa", "MISC") in rows


# a tenant's post in lower case

POST = ("im so done with my landlord. 3 weeks with no hot water at 41b cranbrook rd, ilford and he keeps saying the "
        'plumber (some guy called vlad) is coming "tomorrow". anyone know a good housing solicitor in redbridge??')


def test_a_lower_case_chats_street_person_and_people_word(nlp):
    rows = masked_rows(nlp, POST)
    assert ("41b cranbrook rd", "LOC") in rows and ("vlad", "PERSON") in rows
    assert "guy" not in [v for v, _ in rows]


@pytest.mark.parametrize("text, kept", [("Guy said hello.", "Guy"), ("A company called Acme Ltd sent it.", "Acme Ltd")])
def test_a_capitalised_name_and_a_firm_after_called_keep_their_reading(nlp, text, kept):
    assert kept in masked_texts(nlp, text)
    assert ("Acme Ltd", "PERSON") not in masked_rows(nlp, text)


# a councillor's letter in Wales and a leaving-do e-mail

def test_a_taggers_place_running_into_a_rules_address_is_cut(nlp):
    text = ("Good morning Cllr Hughes,\nI live at 7 Mill View, Llanfair PG and I'm writing about the bus shelter.\n"
            "Diolch,\nEleri Parry-Jones")
    rows = masked_rows(nlp, text)
    assert ("7 Mill View", "LOC") in rows and ("Llanfair PG", "LOC") in rows
    assert "Diolch" not in [v for v, _ in rows]


def test_a_sensitive_holiday_stays_masked():
    import spacy
    pipeline = spacy.blank("en")
    pipeline.add_pipe("anon_sensitive", config={"conditions": ["religion"]})
    pipeline.add_pipe("anon_mask")
    assert "Ramadan" not in pipeline("The patient fasted during Ramadan.")._.anon_text


def test_a_contractions_tail_is_no_name(nlp):
    text = "Hey Siobhan, quick one – can you send me Declan's new address? I've only got the old one in Drumcondra."
    assert "I've" in nlp(text)._.anon_text


def test_a_unit_in_a_building_named_with_the_opens_the_address():
    text = "our property at Flat 9, The Maltings, Bury St Edmunds IP33 1AB since March 2022"
    assert ("Flat 9, The Maltings, Bury St Edmunds IP33 1AB", "LOC", "ADDRESS") in rule_values(text)
    assert not [v for v, label, _ in rule_values("I read The Guardian, London SW1A 2AA") if "Guardian" in v]


@pytest.mark.parametrize("text, company", [("His insurer is Admiral, policy number ADM-77120934.", "Admiral"),
                                           ("I'm hiring for our team at Monzo (fully remote).", "Monzo"),
                                           ("Bank: Lloyds, sort code 30-94-57", "Lloyds")])
def test_a_company_everyone_knows_is_an_organisation(nlp, text, company):
    assert (company, "ORG") in masked_rows(nlp, text)


@pytest.mark.parametrize("text", ["Admiral Nelson won.", "Chase Smith called."])
def test_a_companys_word_in_a_persons_name_stays_a_person(nlp, text):
    assert not any(label == "ORG" for _, label in masked_rows(nlp, text))


def test_a_kinship_word_in_lower_case_is_no_part_of_a_name(nlp):
    rows = masked_rows(nlp, "need it back b4 sat, my cousin dwayne's coming down from brum.")
    assert ("dwayne", "PERSON") in rows and not any(v.startswith("cousin") for v, _ in rows)


def test_an_immigration_letters_numbers_are_ids_and_their_keys_stay(nlp):
    text = "UAN: 3303-0458-1182-9917   Appointment: UKVCAS Croydon\nPlease bring your BRP (ZX1234567) and passport."
    rows = masked_rows(nlp, text)
    assert ("3303-0458-1182-9917", "ID") in rows and ("ZX1234567", "ID") in rows
    assert not any(v in ("UAN", "BRP") for v, _ in rows)


@pytest.mark.parametrize("text, name", [
    ("Yours sincerely,\nMoira Sutherland ACA\nSutherland & Co Chartered Accountants, 14 George Street, Perth PH1 5LA",
     "Moira Sutherland"),
    ("Thank you! – Owen Baptiste, BSc PGCE", "Owen Baptiste"),
])
def test_a_signatures_name_before_its_letters_is_a_person(nlp, text, name):
    assert (name, "PERSON") in masked_rows(nlp, text)


def test_an_australian_greeting_is_no_name(nlp):
    assert masked_texts(nlp, "Gday Liam, just confirming your booking.") == ["Liam"]


@pytest.mark.parametrize("text, kept", [("in the case of tinnelly and sons ltd and others", "tinnelly and sons ltd")])
def test_a_kinship_word_inside_a_firms_name_stays(nlp, text, kept):
    assert (kept, "ORG") in masked_rows(nlp, text)


def test_a_town_that_names_a_bank_stays_a_place():
    from spacy_anon.lexicon.company_names import company
    assert not company("Halifax") and not company("Santander") and company("Monzo")


# grievance notes, a lower-case complaint and a planning objection

def test_a_surname_no_tagger_found_after_a_given_name_joins_it(nlp):
    text = "Attendees: Priya Sharma (HR Business Partner), Daniel Okeke (employee), Sam Reilly (union rep, Unite)"
    assert ("Sam Reilly", "PERSON") in masked_rows(nlp, text)
    assert ("Sam", "PERSON") in masked_rows(nlp, "I told Sam Monday would do.")


def test_a_lower_case_address_after_a_comma(nlp):
    text = ("my name is marguerite o'sullivan, 12 kiln lane, bishops stortford, cm23 3hd. phone 07700 900 321.")
    assert ("12 kiln lane, bishops stortford", "LOC", "ADDRESS") in rule_values(text)
    assert "12" not in nlp(text)._.anon_text
    assert not [v for v, label, _ in rule_values("i have 2 dogs, 3 cats and a hamster") if label == "LOC"]


def test_a_planning_applications_reference_is_whole():
    assert ("25/01234/FUL", "ID", "REFERENCE_NUMBER") in rule_values("Re: Planning application 25/01234/FUL – 9 "
                                                                      "Church Walk, Hexham NE46 1BS")


@pytest.mark.parametrize("text, name", [
    ("Appointment confirmation: Mrs Beatrice Fanshawe-Hill, Cardiology Outpatients, Queen Alexandra Hospital.",
     "Beatrice Fanshawe-Hill"),
    ("Tom Smith-Jones-Brown came", "Tom Smith-Jones-Brown"),
])
def test_a_double_barrelled_surname_is_whole(nlp, text, name):
    assert any(name in t for t in masked_texts(nlp, text))
    assert "-Hill" not in nlp(text)._.anon_text


def test_a_number_that_dials_after_an_accounts_label_is_the_account(nlp):
    rows = masked_rows(nlp, "CUSTOMER: ANDERSON, PAUL   ACCT: 7741-2290-55   PHONE: (312) 555-0184")
    assert ("7741-2290-55", "ID") in rows and ("(312) 555-0184", "CONTACT") in rows
    row = next(r for r in nlp("ACCT: 7741-2290-55")._.anon_table)
    assert row["type"] == "ACCOUNT_NUMBER"
