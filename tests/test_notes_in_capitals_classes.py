"""Notes typed in capitals (ambulance records, nursing handovers, police logs, safeguarding referrals) and the
classes of mistakes they showed: frequent words the case table capitalises read as names, a verb after its
subject read as a place, an ECG's leads and ST segment read as names and a street, an age glued to a name,
an officer's collar number read as a house number, a saint's school in capitals split in two."""
import pytest

from spacy_anon.casing import truecased_text
from spacy_anon.lexicon.clinical_terms import ecg_terms
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)

HANDOVER = ("HANDOVER 30/11 NIGHTS. BAY 3 BED 2: MRS EILEEN FOSTER 84, ADMITTED WITH UTI AND FALLS. PRETTY SETTLED "
            "TONIGHT. DAUGHTER RANG, HAPPY FOR US TO CALL ANYTIME ON 07700 900412.")


@pytest.mark.parametrize("line,word", [
    ("DISCUSSED WITH DR OKONKWO WHO IS HAPPY WITH PLAN.", "happy"),
    ("LEO SAID HIS DAD HITS HIM WHEN HE IS BAD.", "bad"),
    ("PT SETTLED TONIGHT, WAITING FOR OT.", "tonight"),
    ("COLLAPSED IN KITCHEN AT HOME.", "kitchen"),
])
def test_a_frequent_word_in_a_line_of_capitals_is_read_as_a_word(line, word):
    assert word in truecased_text(line, "en").split(" ") or f"{word}," in truecased_text(line, "en") \
        or f"{word}." in truecased_text(line, "en"), truecased_text(line, "en")


@pytest.mark.parametrize("line,expected", [
    ("CALLER STATES PT COLLAPSED.", "Caller states pt"),
    ("FAMILY STATES SHE HAS BEEN CONFUSED.", "Family states she"),
    ("MUM STATES THIS IS NOT TRUE.", "Mum states this"),
    ("IN THE UNITED STATES THE LAW", "United States"),  # a name's end keeps its capital
])
def test_a_verb_after_its_subject_is_no_name(line, expected):
    assert expected in truecased_text(line, "en"), truecased_text(line, "en")


def test_a_case_name_and_others_keeps_its_capital():
    assert "Others" in truecased_text("TINNELLY AND SONS LIMITED AND OTHERS V. THE UNITED KINGDOM", "en")


@pytest.mark.parametrize("text", [
    "CALLER STATES PT (MALE 67) COLLAPSED IN KITCHEN. WIFE JANET REPORTS HX OF AF.",
    "PT STATES PAIN 3/10. FAMILY STATES SHE IS MORE CONFUSED. MUM STATES THIS IS NOT TRUE.",
])
def test_states_in_a_note_is_no_place_or_person(nlp, text):
    assert not any(t == "STATES" for t, _ in rows(nlp, text)), rows(nlp, text)


@pytest.mark.parametrize("text", [
    "AMBULANCE PCR 14/11/2026 21:42. 12 LEAD SHOWS ST ELEVATION II III AVF. CONVEYED TO ROYAL BERKSHIRE HOSPITAL.",
    "ECG: 12 lead shows ST elevation II III aVF, ST depression V1-V3.",
])
def test_an_ecgs_leads_and_st_segment_name_no_one(nlp, text):
    found = rows(nlp, text)
    assert not any(any(w in t.upper().split() for w in ("ST", "II", "AVF", "LEAD")) for t, _ in found), found


def test_st_elevation_is_no_street_but_a_high_st_is():
    assert "ST elevation" in truecased_text("12 LEAD SHOWS ST ELEVATION II III AVF.", "en")
    assert "14 High St" in truecased_text("LIVES AT 14 HIGH ST, WITNEY.", "en")


@pytest.mark.parametrize("text,start,value,expected", [
    ("12 lead ST elevation II III aVF", 8, "ST", True),
    ("12 lead ST elevation II III aVF", 21, "II III aVF", True),
    ("ST depression V1-V3", 14, "V1-V3", True),
    ("along with St. Raymond Cathedral in St. Louis", 36, "St", False),  # a saint's
    ("'' II ''", 3, "II", False),  # a lone numeral
    ("School: St Mary", 8, "St Mary", False),
])
def test_ecg_terms(text, start, value, expected):
    assert text[start:start + len(value)] == value
    assert ecg_terms(text, start, start + len(value)) is expected


def test_an_age_a_tagger_ran_into_the_name_is_an_age(nlp):
    found = rows(nlp, HANDOVER)
    assert ("MRS EILEEN FOSTER", "PERSON") in found and ("84", "AGE") in found, found
    assert not any(t in ("HAPPY", "TONIGHT", "PRETTY") for t, _ in found), found


@pytest.mark.parametrize("text,name,age", [
    ("BAY 4: MR DENNIS OKAFOR 79 - CHEST PAIN", "MR DENNIS OKAFOR", "79"),
    ("Seen: John Smith 45, chest pain.", "John Smith", "45"),
])
def test_a_bare_age_after_a_name_before_a_comma_or_dash(nlp, text, name, age):
    found = rows(nlp, text)
    assert (name, "PERSON") in found and (age, "AGE") in found, found


def test_a_number_range_after_a_name_is_no_age(nlp):
    assert not any(label == "AGE" for _, label in rows(nlp, "Notes: Jane Doe 3-4 times a week, Tom Hill 2 - 3 times."))


@pytest.mark.parametrize("text,surname", [("Police log. PC 2231 Holloway attended.", "Holloway"),
                                          ("PC 2231 HOLLOWAY ATTENDED.", "HOLLOWAY")])
def test_an_officers_collar_number_is_no_house_number(nlp, text, surname):
    found = rows(nlp, text)
    assert ("2231", "ID") in found and (surname, "PERSON") in found, found


def test_a_numbered_street_still_an_address(nlp):
    assert ("2231 Broadway", "LOC") in rows(nlp, "She lives at 2231 Broadway, New York.")


def test_a_saints_school_in_capitals_is_one_organisation(nlp):
    found = rows(nlp, "SCHOOL: ST MARY'S CE PRIMARY, ABINGDON. CLASS TEACHER MS BAKER.")
    assert ("ST MARY'S CE", "ORG") in found and not any(label == "PERSON" and t.startswith("ST")
                                                        for t, label in found), found


@pytest.mark.parametrize("line,expected", [
    ("ALAN STATES HE IS MANAGING BUT FRIDGE ALMOST EMPTY.", "Alan states he"),
    ("NEIGHBOUR SUE HELPS WITH SHOPPING.", "Neighbour Sue helps"),  # a given name that is a word, after kin
    ("WILL REFER TO OT FOR GRAB RAILS.", "to OT for"),  # care's abbreviation in capitals
    ("THE UNITED STATES IT SAYS.", "United States"),
])
def test_names_verbs_and_abbreviations_of_a_note_in_capitals(line, expected):
    assert expected in truecased_text(line, "en"), truecased_text(line, "en")


@pytest.mark.parametrize("line,expected", [
    ("GOT OUT AND RAN TOWARDS STATION ROAD.", "Station Road"),
    ("LIVES ON MILL LANE.", "Mill Lane"),
    ("ON THE MAIN ROAD. HE LIVES IN A SIDE STREET.", "main Road"),  # a phrase: no name made of it
    ("CROSSED THE ROAD.", "the road"),
])
def test_a_street_named_without_a_number_in_capitals(line, expected):
    assert expected in truecased_text(line, "en"), truecased_text(line, "en")


def test_a_street_after_a_preposition_of_movement_is_an_address(nlp):
    found = rows(nlp, "THE DRIVER GOT OUT AND RAN TOWARDS STATION ROAD.\nHe ran past Mill Lane.")
    assert ("STATION ROAD", "LOC") in found and ("Mill Lane", "LOC") in found, found


@pytest.mark.parametrize("text,word", [
    ("POLICE LOG. PC 2231 HOLLOWAY ATTENDED. STATES HE WAS ATTACKED FIRST.", "STATES"),
    ("DISCUSSED AT MDT. NEXT STEPS: STRATEGY MEETING MONDAY 10AM.", "STRATEGY"),
])
def test_a_frequent_word_opening_a_sentence_in_capitals_is_no_name(nlp, text, word):
    assert not any(t == word for t, _ in rows(nlp, text)), rows(nlp, text)


@pytest.mark.parametrize("word,dropped", [("states", True), ("strategy", True),
                                          ("baker", False),  # a listed surname that is a word
                                          ("reading", False), ("government", False), ("hospital", False)])
def test_which_frequent_words_name_nothing(word, dropped):
    from spacy_anon.tagger.span_filters.common_word_names import frequent_word
    assert frequent_word(word) is dropped


def test_a_phrase_with_an_irregular_verb_is_no_name(nlp):
    found = rows(nlp, "THE DRIVER, A YOUNG MAN WITH A GREY HOODIE, GOT OUT AND RAN TOWARDS STATION ROAD.")
    assert not any("RAN" in t.split() or "TOWARDS" in t.split() for t, _ in found), found


CHAT = ("[19:02] priya_k: anyone going to the quiz at the crown tonight?\n"
        "[19:03] dan.w: yeah me and saz, we got a table for 6\n"
        "[19:06] dan.w: tell him to bring the trivia book lol. we meet outside at 7:30")


def test_a_chats_names_without_their_neighbours(nlp):
    found = rows(nlp, CHAT)
    assert ("crown", "ORG") in found and any(t == "saz" for t, _ in found), found  # not "crown tonight", "and saz"
    assert not any("lol" in t or "tonight" in t or t.startswith("and ") for t, _ in found), found


def test_a_name_called_today_keeps_it(nlp):
    assert any(t == "USA Today" for t, _ in rows(nlp, "She wrote for USA Today until 2019."))


@pytest.mark.parametrize("line,expected", [
    ("PHARMACY INFORMED RE MISSING DOSE OF APIXABAN.", "apixaban"),  # a drug is a word
    ("BED 2 MRS P WALSH: REFUSED METFORMIN, STATES SHE FEELS SICK.", "metformin, states she"),
])
def test_drugs_and_a_verb_after_a_comma_in_capitals(line, expected):
    assert expected in truecased_text(line, "en"), truecased_text(line, "en")


def test_a_drug_and_a_verb_in_a_medication_round_name_no_one(nlp):
    found = rows(nlp, "MEDICATION ROUND 08:00\nBED 2 MRS P WALSH: REFUSED METFORMIN, STATES SHE FEELS SICK. "
                      "PHARMACY INFORMED RE MISSING DOSE OF APIXABAN.")
    assert ("MRS P WALSH", "PERSON") in found and not any(t in ("STATES", "APIXABAN") for t, _ in found), found


def test_a_model_number_after_a_letter_is_no_age(nlp):
    assert not any(label == "AGE" for _, label in rows(nlp, "gotta love that Canon g 7 x focus seeking ."))


@pytest.mark.parametrize("line,name", [("jess said she'll drive, gaz is skint", "Jess"), ("GAZ RANG AT 10", "Gaz")])
def test_a_short_form_of_a_given_name_is_read_as_a_name(line, name):
    assert name in truecased_text(line, "en").split(" "), truecased_text(line, "en")


def test_a_disease_named_by_an_eponym_before_an_organ_names_no_one(nlp):
    found = rows(nlp, "She has a background of Barrett's oesophagus and Hashimoto's thyroiditis. Seen by Mr Okoye.")
    assert ("Mr Okoye", "PERSON") in found and not any(t in ("Barrett", "Hashimoto") for t, _ in found), found


@pytest.mark.parametrize("text,day", [("can you tell me where you were on the night of the 14th?", "14th"),
                                      ("She has been off since the 3rd, and back on the 21st.", "3rd")])
def test_a_day_of_the_month_said_alone_dates_an_event(nlp, text, day):
    assert (day, "DATETIME") in rows(nlp, text), rows(nlp, text)


def test_an_ordinal_before_a_noun_is_no_date(nlp):
    assert not any(label == "DATETIME" for _, label in rows(nlp, "They live on the 14th floor since the 19th century."))


def test_an_age_after_a_name_ending_its_line_is_an_age_whatever_a_tagger_called_it(nlp):
    found = rows(nlp, "CALLER: DAUGHTER (HELEN) CALLING ABOUT MOTHER, BARBARA LEACH, 88.\nLIVES ALONE.")
    assert ("BARBARA LEACH", "PERSON") in found and ("88", "AGE") in found, found


def test_a_day_said_alone_before_a_clause(nlp):
    found = rows(nlp, "funeral is at st mary's on the 12th if anyone from the old street wants to come")
    assert ("12th", "DATETIME") in found, found


@pytest.mark.parametrize("text,word", [
    ("[18:09] mum: dont forget his blue folder with the letters", "forget"),
    ("@annie.h: gonna miss you!! who's going to fix the coffee machine now", "miss"),
    ("Bramble is very shy so please don't chase her. If you see her ring Kate.", "chase"),
])
def test_a_verb_after_a_modal_or_a_negation_is_no_name(nlp, text, word):
    found = rows(nlp, text)
    assert not any(word in t.split() for t, _ in found), found


@pytest.mark.parametrize("text,name", [("dont tell john about the party", "john"),
                                       ("gotta love that Canon g 7 x focus seeking .", "Canon g 7")])
def test_what_follows_the_verb_after_a_modal_may_be_a_name(nlp, text, name):
    assert any(t == name for t, _ in rows(nlp, text)), rows(nlp, text)
