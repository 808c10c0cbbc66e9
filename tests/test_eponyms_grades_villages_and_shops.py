"""Handovers, statements, CVs and chats showed eight classes of mistakes: a surname that is also a device's
name ("RN Bernard Foley") was cut from the name, and once kept it swept the catheter too; a care grade or role
before a surname alone made an organisation ("HCA Brennan"); a note's "Obs" was an organisation; a village
named after its town ("Great Bromley") and a town's centre ("LEEDS CITY CENTRE") were organisations; a
university named after a king ("King's College London") was a person; a shop named by its possessive
("Sainsbury's") was a place; a given name in a lower-case chat was an organisation ("with sarah"); a given
name typed in the possessive without its apostrophe before a home ("toms place") was missed, and "Tom's
place" was read as a street."""
import pytest

from spacy_anon.lexicon.clinical_terms import is_care_abbreviation
from spacy_anon.lexicon.company_names import company
from spacy_anon.mask.everyday_shapes import lower_case_given_name, place_phrase
from spacy_anon.rules.recognizers.addresses import find_addresses
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


# ---------------------------------------------------------------- a device's eponym that is someone's surname

@pytest.mark.parametrize("text,name", [
    ("Handover given to RN Bernard Foley at 07:30.", "Bernard Foley"),
    ("HANDOVER TO RN BERNARD FOLEY AT 0730. FOLEY DRAINING WELL.", "BERNARD FOLEY"),
    ("Night shift: Staff Nurse Tom Hickman reviewed. Hickman line flushed.", "Tom Hickman"),
])
def test_an_eponym_after_a_titled_given_name_is_the_surname(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found


@pytest.mark.parametrize("text,device", [
    ("Handover given to RN Bernard Foley at 07:30. Foley catheter draining well.", "Foley catheter"),
    ("Night shift: Staff Nurse Tom Hickman reviewed. Hickman line flushed.", "Hickman line"),
    ("HANDOVER TO RN BERNARD FOLEY AT 0730. FOLEY DRAINING WELL.", "FOLEY DRAINING"),
])
def test_the_device_named_like_the_person_stays(nlp, text, device):
    anonymized = nlp(text)._.anon_text
    assert device in anonymized, anonymized


def test_an_eponym_device_alone_is_still_no_name(nlp):
    found = rows(nlp, "Bernard Foley catheter inserted by RN Smith.")
    assert not any("catheter" in t for t, _ in found), found


# ---------------------------------------------------------------- a grade or role before a surname alone

@pytest.mark.parametrize("text,name", [
    ("Catheter inserted by RN Smith at 14:00.", "Smith"),
    ("Reviewed by Staff Nurse Okafor. Obs stable.", "Okafor"),
    ("Spoke to HCA Brennan, pt ate half of lunch.", "Brennan"),
    ("Plan agreed with Consultant Whitfield.", "Whitfield"),
    ("Seen by physio Jones, mobilising with frame.", "Jones"),
])
def test_a_surname_after_a_care_grade_or_role_is_a_person(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found
    assert not any(t != name and name in t for t, _ in found), found  # the grade or role stays


@pytest.mark.parametrize("value,expected", [
    ("Obs", True), ("OBS", True), ("UTI", True), ("Resus", True),
    ("obs", False), ("Salt", False), ("Uti", False),
])
def test_a_care_abbreviation_with_its_capital(value, expected):
    assert is_care_abbreviation(value) is expected


def test_obs_opening_a_note_sentence_is_no_organisation(nlp):
    found = rows(nlp, "Reviewed by Staff Nurse Okafor. Obs stable.")
    assert not any(t == "Obs" for t, _ in found), found


# ---------------------------------------------------------------- villages, town centres, a king's college

@pytest.mark.parametrize("words,expected", [
    (["Great", "Bromley"], True), (["Little", "Wenham"], True), (["Upper", "Norwood"], True),
    (["LEEDS", "CITY", "CENTRE"], True), (["Leeds", "city", "centre"], True),
    (["Little", "Chef"], False), (["Great", "Western"], False), (["Little", "Richard"], False),
    (["city", "centre"], False), (["the", "city", "centre"], False),
])
def test_a_place_by_its_shape(words, expected):
    assert place_phrase(words) is expected


@pytest.mark.parametrize("text,place", [
    ("The farm is near Little Wenham, about four miles from Great Bromley.", "Great Bromley"),
    ("JOHN SMITH WAS SEEN IN LEEDS CITY CENTRE AT 2200 HRS. HE THEN TRAVELLED TO BRADFORD.", "LEEDS CITY CENTRE"),
])
def test_villages_and_town_centres_are_places(nlp, text, place):
    found = rows(nlp, text)
    assert (place, "LOC") in found, found


def test_a_college_named_after_a_king_is_one_organisation(nlp):
    found = rows(nlp, "Education: King's College London, BSc Nursing (2015-2018).")
    assert ("King's College London", "ORG") in found, found


# ---------------------------------------------------------------- shops by their possessive

@pytest.mark.parametrize("value,after,expected", [
    ("Sainsbury", "'s on", True), ("Sainsbury", "’s", True), ("Sainsburys", "", True),
    ("Sainsbury", " on", False), ("Smith", "'s", False),
])
def test_a_company_named_by_its_possessive(value, after, expected):
    assert company(value, "at ", after) is expected


def test_a_shop_named_by_its_possessive_is_an_organisation(nlp):
    found = rows(nlp, "Picked up milk at Sainsbury's on the way home, then met Priya outside Tesco.")
    assert ("Sainsbury", "ORG") in found, found
    assert ("Tesco", "ORG") in found, found


# ---------------------------------------------------------------- given names in lower-case chat

@pytest.mark.parametrize("text,expected", [
    ("dinner at nandos with sarah", True),
    ("membership of the ira. a total", False),
    ("school choirs (carol-singing and collection", False),
    ("Dinner with sarah and Tom", False),  # a line written with capitals: case speaks there
])
def test_a_lower_case_given_name_by_its_place(text, expected):
    word = {True: "sarah", False: None}.get(expected) or next(w for w in ("sarah", "ira", "carol") if w in text)
    start = text.index(word)
    assert lower_case_given_name(text, start, start + len(word)) is expected


def test_a_given_name_in_a_lower_case_chat_is_a_person(nlp):
    found = rows(nlp, "heading to toms place after work, then dinner at nandos with sarah")
    assert ("sarah", "PERSON") in found, found


@pytest.mark.parametrize("text,owner", [
    ("heading to toms place after work, then dinner at nandos with sarah", "toms"),
    ("left my coat at amys flat lol", "amys"),
])
def test_a_lower_case_possessive_before_a_home_is_a_person(nlp, text, owner):
    found = rows(nlp, text)
    assert (owner, "PERSON") in found, found


@pytest.mark.parametrize("text", [
    "the bills party was a success and the marks place is closed",
    "we sat in the others car",
])
def test_plurals_that_are_words_are_no_owner(nlp, text):
    assert rows(nlp, text) == [], rows(nlp, text)


def test_a_possessive_home_is_no_street():
    assert find_addresses("Meet at Jo's place") == []
    assert find_addresses("We had a party at Tom's place on Friday.") == []
    assert find_addresses("Turn left on St John's Road, then right.") != []


def test_the_owner_of_a_place_is_a_person(nlp):
    found = rows(nlp, "We had a party at Tom's place on Friday.")
    assert ("Tom", "PERSON") in found, found


# ---------------------------------------------------------------- a name joined by "and" to a found one

@pytest.mark.parametrize("text,name", [
    ("[18:03] Raj: I can do 3.15, ill take ollie and freya", "ollie"),
])
def test_a_given_name_joined_to_a_found_name_is_a_person(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found


def test_a_kin_word_joined_to_a_name_stays(nlp):
    found = rows(nlp, "ill take mum and freya to the shops")
    assert not any(t == "mum" for t, _ in found), found


def test_coordinated_names_keep_their_case():
    from spacy_anon.mask.coordinated_names import coordinated_name

    class FakeSpan:  # the offsets and text of a found one-word name
        def __init__(self, text, start):
            self.text, self.start_char, self.end_char = text, start, start + len(text)

    text = "ill take ollie and freya"
    assert coordinated_name(text, FakeSpan("freya", 19), lambda w: w == "ollie") == [(9, 14)]
    text = "ill take Ollie and freya"
    assert coordinated_name(text, FakeSpan("freya", 19), lambda w: w == "ollie") == []


# ---------------------------------------------------------------- a preposition, a room's kind

def test_a_preposition_alone_is_no_description(nlp):
    text = "I was parked outside the Co-op on Wellington Street at about 10.40pm when I saw a car."
    found = rows(nlp, text)
    assert not any(t == "outside" for t, _ in found), found
    assert ("Wellington Street", "LOC") in found, found


def test_the_kind_of_a_meeting_room_is_no_organisation(nlp):
    text = "Your hearing will take place at 2pm on Friday 24 April 2026 in Meeting Room 4, Quayside Offices."
    found = rows(nlp, text)
    assert not any(t == "Meeting" for t, _ in found), found
    assert ("Quayside Offices", "ORG") in found, found


# ---------------------------------------------------------------- who someone is, by the words around

@pytest.mark.parametrize("text,name", [
    ("Thanks for seeing my dad last week. He still gets dizzy. His carer, Bronwyn, noticed his ankles were "
     "swollen on Tuesday. Could you ring me on 07845 221907? I work nights at the Royal Free.", "Bronwyn"),
    ("I, Olumide Adeyemi-Cole, of 5 Marlowe Road, Exeter EX4 2QP, make this statutory declaration believing it "
     "to be true.", "Olumide Adeyemi-Cole"),
])
def test_a_person_by_apposition_or_declaration(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found, found


@pytest.mark.parametrize("text,start,end,expected", [
    ("I, Olumide Adeyemi-Cole, of 5 Marlowe Road", 3, 23, True),
    ("I, Jane Doe, make oath and say", 3, 11, True),
    ("Then I, Jane Doe went", 8, 16, False),  # no comma after the name
])
def test_a_declarant(text, start, end, expected):
    from spacy_anon.mask.given_names import declarant
    assert declarant(text, start, end) is expected


def test_a_role_in_lower_case_before_a_name_is_no_person(nlp):
    text = "Notes: Tenant says payment delayed. Spoke with his caseworker Ms Priya Raghunathan at Hounslow Jobcentre Plus."
    found = rows(nlp, text)
    assert not any(t == "caseworker" for t, _ in found), found
    assert ("Ms Priya Raghunathan", "PERSON") in found, found


def test_an_inverted_name_keeps_its_middle_initial(nlp):
    text = "Patient ID: 8842197\nName: GONZALEZ, MARIA L\nAge: 54 F\nAllergies: Penicillin (rash)"
    found = rows(nlp, text)
    assert ("GONZALEZ, MARIA L", "PERSON") in found, found


# ---------------------------------------------------------------- words no name: contractions, post markers

@pytest.mark.parametrize("text,word", [
    ("Hi Priti,\nSorry for the delay - our finance lead Jonas is off until the 14th. I've cc'd his deputy, "
     "Aoife Brennan (aoife.brennan@kestrelfreight.ie), who can approve the payment to Halden Print Ltd.", "'ve"),
    ("Subject: RE: Invoice 20931 overdue", "overdue"),
    ("Any advice?? Edit: he just texted me from 07723 118 406 saying he'll see me in court lol", "Edit"),
])
def test_words_that_name_no_one_stay(nlp, text, word):
    found = rows(nlp, text)
    assert not any(t == word for t, _ in found), found


def test_a_possessive_before_a_home_names_its_owner(nlp):
    text = ("Good morning everyone, a quick reminder that Thursday's book club meets at Marjorie's house "
            "(14 Elm Grove) at 7.30.")
    found = rows(nlp, text)
    assert ("Marjorie", "PERSON") in found, found


def test_a_signature_line_opened_by_a_given_name_is_a_person(nlp):
    text = "Cheers,\nCiarán\nCiarán Ó Súilleabháin | Operations | Kestrel Freight, Dublin 12"
    doc = nlp(text)
    found = [(text[r["start"]:r["end"]], r["label"]) for r in doc._.anon_table]
    assert ("Ciarán Ó Súilleabháin", "PERSON") in found, found


@pytest.mark.parametrize("text,word,expected", [
    ("Subject: RE: Invoice 20931 overdue", "overdue", True),
    ("compared to tuesday and overnight. THICK, YELLOW secretions", "tuesday", False),  # a weekday: a date
    ("family in the dominican republic but are returning soon. his wife, Janet", "dominican", False),
    ("mrs cohen is a nice woman admitted to the MICU", "cohen", False),  # a surname English capitalises
    ("re: invoice 20931 is overdue now, pls pay asap", "overdue", False),  # a line in lower case: case says nothing
])
def test_a_lone_lower_case_word_is_no_name_only_where_english_writes_it_so(nlp, text, word, expected):
    from spacy_anon.mask.everyday_shapes import lone_lower_word
    doc = nlp.make_doc(text)
    start = text.index(word)
    span = doc.char_span(start, start + len(word))
    assert lone_lower_word(text, span, lambda w: False) is expected
