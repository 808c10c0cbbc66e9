"""Clinical notes through the default English pipeline: dates glued to a word or a full stop, next to a
vein's side or before a clock time, pager numbers after "PG", given names that are words ("SON ROB"),
hospitals known by one common word ("TRANSFERRED FROM HARBOR"), wards with their number, surnames after
"Dr" that dictionaries list. Each class on several members and in capitals, lower and mixed case; the
look-alikes that must stay in clear beside them (written for these tests, none taken from a corpus)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from clinical_support import VITALS, masked
from spacy_anon.rules import find_matches, recognizers_for
from spacy_anon.tagger.span_filters.clinical_cues import SHORT_GIVEN_NAMES, surname_word

@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()



def cased(text, how):
    """The note as written (capitals), in lower case, or in sentence case."""
    return {"upper": text, "lower": text.lower(), "mixed": text.capitalize()}[how]


def month_days(text):
    return [text[m.start:m.end] for m in find_matches(text, recognizers_for(["rules.clinical_month_day"]),
                                                      views=False)]


# ---- dates


@pytest.mark.parametrize("text, date", [
    ("TRANSFERRED TO QUARTERMAIN.8/31 WITH STABLE VS.", "8/31"),
    ("PT ADMITTED ON8/18 FROM ER.", "8/18"),
    ("SINCE9/3 PT HAS BEEN AFEBRILE.", "9/3"),
    ("Did well, transferred to Kessler.12/2. Readmitted later.", "12/2"),
    ("DID WELL, TRANSFERRED TO QUARTERMAIN.8/31/98. READMITTED.", "8/31/98"),
    ("ADM.1/2/03 WITH CP.", "1/2/03"),
])
def test_dates_glued_to_a_word_or_full_stop(text, date):
    assert date in month_days(text)


@pytest.mark.parametrize("text", ["L5/6 DISC, C5/6 FUSION.", "NS1/2 AT 75.", "K 3.8/31 HCT.", "MAE4/4 AND STRENGTH5/5",
                                  "PS.10/5 FIO2 40%.", "IV TO1/2NS."])
def test_glued_look_alikes_are_no_dates(text):
    assert month_days(text) == []


@pytest.mark.parametrize("side", ["R", "L", "RT", "LT", "LEFT", "right"])
def test_a_side_before_ac_is_a_vein_not_the_vent_mode(side):
    text = f"PICC PLACED IN {side} AC 11/17, ART LINE IN R RAD."
    assert month_days(text) == ["11/17"]
    assert month_days("VENT ON AC 14/5, FIO2 40%.") == []


@pytest.mark.parametrize("text, date", [("LAST CO/CI (10/17 0500) 3.4/1.9", "10/17"),
                                        ("PEEP INCREASED, ABG 9/3 @ 1400 OK", "9/3"),
                                        ("CVP 12, cultures sent 8/2 at 2200", "8/2")])
def test_a_clock_time_after_a_month_day_makes_it_a_date(text, date):
    assert date in month_days(text)
    assert month_days("PSV 10/5 1000 CC") == []  # a volume, not a clock time


@pytest.mark.parametrize("text, date", [("HX: CAD, MI 7/81-ECHO EF 40%.", "7/81"), ("S/P CABG 4/97-STABLE.", "4/97")])
def test_history_month_year_before_a_dash_and_word(nlp, text, date):
    assert date in masked(nlp, text + VITALS)
    assert not find_matches("RANGE 7/81-85 NOTED", recognizers_for(["rules.clinical_date"]), views=False)


@pytest.mark.parametrize("how", ["upper", "lower", "mixed"])
def test_glued_date_in_a_note_through_the_pipeline(nlp, how):
    text = cased("PT ADMITTED ON8/18 FROM ER. TRANSFERRED TO QUARTERMAIN.8/31 WITH STABLE VS.", how)
    found = " | ".join(masked(nlp, text + VITALS))
    assert "8/18" in found and "8/31" in found, found


# ---- pagers


@pytest.mark.parametrize("text, number", [("PG 23456 WITH QUESTIONS", "23456"), ("pg #4455 overnight", "4455"),
                                          ("please page at 83554", "83554"), ("PAGE ME @ 1234567.", "1234567")])
def test_pager_numbers_after_pg_and_page_at(text, number):
    assert [text[m.start:m.end] for m in find_matches(text, recognizers_for(["rules.pager"]))] == [number]


@pytest.mark.parametrize("text", ["page 12345 of the chart", "mpg 12345", "PG 12345678", "pages 2345-2350"])
def test_page_numbers_are_no_pagers(text):
    assert not find_matches(text, recognizers_for(["rules.pager"]))


# ---- names


@pytest.mark.parametrize("kin, name", [("SON", "ROB"), ("HUSBAND", "HANK"), ("BROTHER", "DICK"), ("SON", "CHUCK")])
@pytest.mark.parametrize("how", ["upper", "lower"])
def test_short_given_names_after_a_kin_word(nlp, kin, name, how):
    text = cased(f"PT RESTING. {kin} {name} CALLED, UPDATED ON PLAN.", how)
    assert any(f.lower() == name.lower() for f in masked(nlp, text + VITALS)), text


@pytest.mark.parametrize("text", ["SON WILL CALL TONIGHT.", "DAUGHTER MAY VISIT IN AM.", "WIFE CAN BE REACHED AT HOME.",
                                  "DR SMITH AND ART LINE DCD."])
def test_modals_and_note_shorthand_after_a_kin_word_stay(nlp, text):
    found = masked(nlp, text + VITALS)
    assert not any(w in f for f in found for w in ("WILL", "MAY", "CAN", "ART")), found


@pytest.mark.parametrize("text, name", [("PLAN DISCUSSED WITH DICK CUCCHIARA (RESIDENT).", "DICK CUCCHIARA"),
                                        ("SON HANK PRZYBYLO CALLED.", "HANK PRZYBYLO"),
                                        ("SON MARK SMITH AND ROB CALLED.", "ROB")])
def test_given_name_before_or_joined_to_a_person(nlp, text, name):
    assert name in masked(nlp, text + VITALS)


def test_given_name_widens_a_person_only_where_capitals_agree(nlp):
    text = "Moderate amount of tan pluggy secretions. Pt spoke with Dr. Okonkwo today. sats 95% on 2L NC."
    assert not any(f.startswith("tan") for f in masked(nlp, text))


@pytest.mark.parametrize("text, name", [("DR. HALFPENNY AWARE OF LABS.", "HALFPENNY"),
                                        ("Dr Ferdinand Halfpenny spoke with family.", "Halfpenny"),
                                        ("DR GOODWILL AT BEDSIDE.", "GOODWILL")])
def test_rare_word_after_dr_is_a_surname(nlp, text, name):
    assert any(name in f for f in masked(nlp, text + VITALS))


@pytest.mark.parametrize("text", ["DR AWARE OF K.", "DR NOTIFIED OF LABS.", "MD AWARE, DR ROUNDS IN AM.",
                                  "Monitor for changes in MS. Aspiration precautions.", "wait until ms clears."])
def test_common_words_after_a_title_stay(nlp, text):
    found = " | ".join(masked(nlp, text + VITALS))
    assert not any(w in found.lower() for w in ("aware", "notified", "rounds", "aspiration", "clears")), found


@given(st.sampled_from(sorted(SHORT_GIVEN_NAMES)))
@settings(max_examples=40, deadline=None)
def test_short_given_names_are_no_note_shorthand(name):
    assert name not in {"art", "pat", "ed", "ted", "frank", "will", "may"}
    assert not surname_word("notified") and not surname_word("aware") and surname_word("halfpenny")


# ---- places


@pytest.mark.parametrize("text, place", [("PT TRANSFERRED FROM HARBOR FOR CABG.", "HARBOR"),
                                         ("PLAN IS FOR D/C TO MERCY IN AM.", "MERCY"),
                                         ("SURGEON FROM HARBOR IN TO SEE PT.", "HARBOR"),
                                         ("Wants to go to Harbor and wait for a heart.", "Harbor")])
def test_one_word_hospital_after_a_transfer(nlp, text, place):
    assert place in masked(nlp, text + VITALS)


@pytest.mark.parametrize("text", ["PT TRANSFERRED TO FLOOR.", "PT TRANSFERRED FROM HOME.", "TRANSFERRED TO HOSPICE.",
                                  "BP RETURNED TO BASELINE.", "URINE WENT FROM AMBER TO YELLOW.",
                                  "GRAM + COCCI FROM TRIPLE LUMEN.", "WENT TO RADIATION THERAPY.",
                                  "MAG TO BE SENT FROM PHARMACY.", "to return to discess speech exercises."])
def test_places_of_care_states_and_things_after_a_transfer_stay(nlp, text):
    words = [w.strip(".").lower() for w in text.split()[-3:]]
    found = " | ".join(masked(nlp, text + VITALS)).lower()
    assert not any(w in found for w in words if len(w) > 3), found


@pytest.mark.parametrize("text", ["PT INTUBATED ON QUARTERMAIN 2 FOR RESP FAILURE.", "PER QUARTERMAIN 3 RN, UO LOW.",
                                  "pt intubated on quartermain 2 for resp failure."])
def test_ward_with_its_number(nlp, text):
    assert any("quartermain" in f.lower() for f in masked(nlp, text + VITALS))


def test_doses_after_on_are_no_wards(nlp):
    found = masked(nlp, "PT ON LEVOPHED 10 MCG. ON DILAUDID 2 MG. STARTED ON HEPAT 1 PM." + VITALS)
    assert not any(w in f for f in found for w in ("LEVOPHED", "DILAUDID", "HEPAT")), found


@pytest.mark.parametrize("text, name", [("CONT TO MONITOR. LENA MARSH, RN", "LENA MARSH"),
                                        ("Weaned to 40%, will follow. Bill Price RRT", "Bill Price"),
                                        ("SVE 4/80/-1 PER CNM SOLVEIG HALL. FHR 140S.", "SOLVEIG HALL")])
def test_name_that_signs_a_note_or_follows_a_role(nlp, text, name):
    assert any(name in f for f in masked(nlp, text + VITALS))


def test_a_clinical_word_before_a_credential_is_no_signing_name(nlp):
    """"Bernard Foley CRT": the surname is the catheter's name too; masked as a name, every "FOLEY" of the
    note would be masked with it."""
    found = masked(nlp, "Weaned to 40%, will follow. Bernard Foley CRT." + VITALS)
    assert "FOLEY" not in found, found
    assert not any("MD" in f or "RN" in f for f in masked(nlp, "PT SEEN. MD AWARE. PRBC GIVEN, RN TO FOLLOW." + VITALS))


@pytest.mark.parametrize("text, date", [("8/31/98-PT ADMITTED WITH CP.", "8/31/98"), ("1/2/03-ECHO DONE", "1/2/03"),
                                        ("Seen 12/01/2003-follow up in clinic", "12/01/2003")])
def test_whole_date_before_a_dash_and_word(text, date):
    found = [text[m.start:m.end] for m in find_matches(text, recognizers_for(["rules.date"]))]
    assert date in found, found
    assert not find_matches("REF 03-04-2004-5 AND 1/2/03-4", recognizers_for(["rules.date"]))


@pytest.mark.parametrize("event", ["NQWMI", "NSTEMI", "AMI", "IMI"])
def test_history_year_after_an_infarct_written_short(event):
    text = f"PMH: CAD, {event} 98, HTN."
    found = [text[m.start:m.end] for m in find_matches(text, recognizers_for(["rules.clinical_date"]), views=False)]
    assert found == ["98"], found
