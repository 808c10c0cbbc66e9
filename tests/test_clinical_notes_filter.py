"""anon_crf's `clinical_notes` span filter in the default English pipeline: in a clinical note, spans of
abbreviations, drugs, vitals numbers, field keys and long caps phrases go; names, dates, hospitals and
phone numbers stay masked (and the ones the tagger missed are added). Other documents are untouched.
Also the rules it relies on: no clock times in notes, no currency codes inside words."""
import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from clinical_support import masked
from spacy_anon.lexicon.clinical_terms import (
    CLINICAL_TERMS, NOTE_MARKERS, clinical_term_count, is_clinical_note, is_clinical_term, is_english_word,
)
from spacy_anon.rules import find_matches, recognizers_for
from spacy_anon.tagger.span_filters.clinical_notes import ClinicalEvidence, ClinicalNotes, make_clinical_notes


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()



NOTE = ("O: 58 YEAR OLD FEMALE ADMITTED IN TRANSFER FROM CALVERT HOSPITAL FOR MENTAL STATUS CHANGES; PMH: CAD, "
        "S/P MI 1992; NIDDM; 7/22 FOUND BY HUSBAND ON FLOOR. DOPAMINE TAPER, THEN DC. SBP 90, HR 110. "
        "NEURO: ALERT. GI: NPO. GU: FOLEY. SEE FLOWSHEET FOR OBJECTIVE DATA. DR. SPARKES AWARE. "
        "PT TO GO TO HOLY CROSS HOSPITAL 8/18.")


def test_note_keeps_names_dates_hospitals_and_drops_clinical_words(nlp):
    found = masked(nlp, NOTE)
    joined = " | ".join(found)
    for kept in ("CALVERT", "1992", "7/22", "SPARKES", "HOLY CROSS HOSPITAL", "8/18"):
        assert kept in joined, kept
    for gone in ("NIDDM", "DOPAMINE", "TAPER", "SBP", "90", "110", "NEURO", "GI", "NPO", "GU", "FLOWSHEET",
                 "OBJECTIVE", "MENTAL STATUS", "AWARE"):
        assert not any(gone == f or f.startswith(gone + " ") for f in found), gone


def test_long_caps_phrase_is_cut_to_the_hospital(nlp):
    found = masked(nlp, NOTE)
    assert not any("ADMITTED" in f or "TRANSFER" in f or "CHANGES" in f for f in found)
    assert any(f.startswith("CALVERT") for f in found)


@pytest.mark.parametrize("text, clear", [
    ("Neuro: A&O x3, MAE. Resp: LS clear, sats 98% on 2L NC. CV: SBP 100-120, HR 80s NSR. GI: abd soft, "
     "+BS, tolerating TF at goal. GU: foley draining clear yellow urine. Labetelol 10 mg IV given for SBP 160.",
     ["Neuro", "MAE", "Resp", "NC", "SBP", "NSR", "GI", "TF", "GU", "foley", "Labetelol", "160", "10"]),
    ("CV: HR 90-110 AFIB, SBP 90S ON LEVOPHED GTT. RESP: VENTED, AC 600 X 14, PEEP 5, FIO2 50%. "
     "ABG 7.38/42/88. GI: NGT TO LWS. ID: TMAX 101.2, ON VANCO AND ZOSYN. PLAN: WEAN PRESSORS.",
     ["LEVOPHED", "VENTED", "PEEP", "FIO2", "ABG", "LWS", "TMAX", "VANCO", "ZOSYN", "WEAN", "PRESSORS"]),
])
def test_abbreviations_drugs_and_vitals_stay_in_clear(nlp, text, clear):
    found = masked(nlp, text)
    for word in clear:
        assert not any(word in f.split() for f in found), (word, found)


def test_bare_numbers_are_no_codes_but_a_phone_is_masked(nlp):
    text = ("BP 120/80, HR 88, RR 20, UO 60 CC/HR. K 3.9, BUN 54, CR 2.8, INR 7. FAMILY CALLED, DTR PHILOMENA "
            "CELL 410-322-1419. PLAN TO RECHECK LABS AT 2000.")
    found = masked(nlp, text)
    assert any("410-322-1419" in f for f in found)
    assert any("PHILOMENA" in f for f in found)
    for number in ("88", "20", "60", "54", "2000", "INR 7"):
        assert number not in found, number


def test_clock_times_and_saturation_are_no_identifiers_in_a_note(nlp):
    text = "PT AFEBRILE. LASIX 40 IV GIVEN AT 4PM, SATS 95% ON 2L NC, SBP 100. FOLEY DRAINING. NPO AFTER 12AM."
    found = masked(nlp, text)
    assert not any("4PM" in f or "12AM" in f or "SATS" in f for f in found)


def test_field_keys_and_lone_verbs_in_a_note_are_not_masked(nlp):
    text = ("MRN: 4471823 DOB: 02/03/1960. ADMITTED 7/22. PT STARTED ON HEPARIN GTT, TOLERATING TF, "
            "SEDATED ON PROPOFOL. NEURO: LETHARGIC. GI: DISTENDED, HYPOACTIVE BS.")
    found = masked(nlp, text)
    assert any("4471823" in f for f in found) and any("02/03/1960" in f for f in found)
    for word in ("MRN", "DOB", "STARTED", "TOLERATING", "SEDATED", "LETHARGIC", "DISTENDED"):
        assert not any(word in f.split() for f in found), word


@pytest.mark.parametrize("text, expected", [
    ("pt afebrile, sbp 90s on dopamine gtt, npo. plan to go to sacred heart hospital this afternoon. "
     "dtr suzette aware. seen by dr vasquez.", ["sacred heart hospital", "suzette", "vasquez"]),
    ("Neuro intact. Resp: LS coarse, suctioned for thick sputum. Transferred to GH 7/22. Spoke with "
     "Dr. Rakusin. Son Rob called. CABG '95.", ["GH", "7/22", "Rakusin", "Rob", "95"]),
    ("LAB: INR THIS AM 6.0. E. WELSH AWARE. PT RECEIVED 2 FFP. TRANSFERRED TO QUARTERMAIN 4. DAUGHTER "
     "FROM PIKESVILLE CALLED. TO GO TO ST. AGNES ON TUESDAY.", ["WELSH", "QUARTERMAIN", "PIKESVILLE", "AGNES"]),
])
def test_names_dates_and_places_in_notes_are_masked(nlp, text, expected):
    joined = " | ".join(masked(nlp, text))
    for value in expected:
        assert value in joined, (value, joined)


# hospital names made of dictionary words: in a note typed in one case the writer's capitals say nothing,
# so the hospital head with the words before it is the evidence (the reading text's lower-case
# "sacred heart" is a guess from word lists, not the writer's)
HOSPITAL_NAMES = ["sacred heart", "holy cross", "good samaritan", "mercy ridge", "union memorial",
                  "silver lake", "golden valley", "north shore"]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(HOSPITAL_NAMES), st.sampled_from(["upper", "lower"]))
def test_hospital_names_of_dictionary_words_in_one_case_notes_are_masked(name, case):
    text = (f"pt afebrile, sbp 90s on dopamine gtt, npo. plan to go to {name} hospital this afternoon. "
            "neuro: alert. gi: npo. gu: foley.")
    text = text.upper() if case == "upper" else text
    place = name.upper() if case == "upper" else name  # with its head or not ("UNION MEMORIAL")
    found = masked(_default(), text)
    assert any(place in f for f in found), (place, found)
    assert not any(w in f.split() for f in found for w in ("AFTERNOON", "afternoon", "PLAN", "plan"))


def test_an_age_inside_a_long_span_keeps_only_the_age_and_the_names():
    """A span of a name label that holds an age ("58 YEAR OLD FEMALE ADMITTED ... FROM CALVERT HOSPITAL
    ...") keeps the age and is cut down to its names, instead of being kept whole for the age."""
    nlp = spacy.blank("en")
    text = "O: 58 YEAR OLD FEMALE ADMITTED IN TRANSFER FROM CALVERT HOSPITAL FOR MENTAL STATUS CHANGES; NPO."
    doc = nlp(text)
    words = [t.text for t in doc]
    ev = ClinicalEvidence(doc, words)
    end = words.index(";")
    kept = make_clinical_notes().kept(doc, ev, 0, end, "ORG", "ORG", 0.9, [])
    got = sorted(doc[s:e].text for s, e, _, _ in kept)
    assert got == ["58 YEAR", "CALVERT HOSPITAL"], got
    only_age = nlp("PT IS 78 YO.")
    kept = make_clinical_notes().kept(only_age, ClinicalEvidence(only_age, [t.text for t in only_age]),
                                      2, 4, "ORG", "ORG", 0.9, [])
    assert [only_age[s:e].text for s, e, _, _ in kept] == ["78 YO"]


def test_other_documents_are_untouched(nlp):
    """A letter or a judgment is no clinical note: the filter leaves its spans alone (the same masks as
    with the filter switched off), and its clock time is still masked."""
    text = ("Dear Ms Okafor, thank you for your letter of 12 March 2021 about the Harlow Road site. "
            "The meeting with Mr Brennan of Acme Holdings is at 4pm on Friday in Leeds.")
    assert not is_clinical_note(text)
    off = spacy_anon.load(config={"components.anon_crf.span_filters.clinical_notes.min_terms": 10 ** 6})
    found = masked(nlp, text)
    assert found == masked(off, text)
    joined = " | ".join(found)
    for value in ("Okafor", "12 March 2021", "Brennan", "Acme", "4pm", "Leeds"):
        assert value in joined, value


def test_note_detection_by_share_of_clinical_terms():
    assert is_clinical_note(NOTE)
    assert not is_clinical_note("The applicant, Mr A. Smith, was born in 1961 and lives in Izmir.")
    assert not is_clinical_note("Call me at 4pm, HR said the MD signed it.")  # "hr", "md": not counted
    terms, words = clinical_term_count(["SBP", "90", "HR", "110", "NEURO", "ALERT"])
    assert (terms, words) == (2, 4)  # "SBP", "NEURO"; "HR" is also human resources


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(w for w in NOTE_MARKERS if w.isalpha())), min_size=3, max_size=12),
       st.lists(st.sampled_from(["the", "patient", "was", "seen", "today", "and", "is", "stable"]), max_size=10))
def test_any_text_dense_in_note_abbreviations_is_a_note(markers, words):
    text = " ".join(markers + words)
    assert is_clinical_note(text) == (len(markers) >= 0.06 * (len(markers) + len(words)))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(w for w in CLINICAL_TERMS if w.isalpha() and len(w) > 1)))
def test_no_clinical_term_alone_is_masked_in_a_note(word):
    """The class behind "SBP" ORG, "foley" PERSON, "GI" ORG: any term of the vocabulary, in a note line."""
    nlp = _default()
    text = f"NEURO: ALERT. RESP: LS CLEAR. CV: SBP 110, HR 80. {word.upper()} NOTED. GI: NPO. GU: FOLEY."
    found = masked(nlp, text)
    assert not any(word.upper() in f.split() for f in found), (word, found)


_NLP = []


def _default():
    if not _NLP:
        _NLP.append(spacy_anon.load())
    return _NLP[0]


def test_vocabulary_helpers():
    assert is_clinical_term("labetelol") and is_clinical_term("fio2") and is_clinical_term("q4h")
    assert not is_clinical_term("rakusin") and not is_clinical_term("calvert")
    assert is_english_word("coccyx") and is_english_word("sedated") and is_english_word("stimuli")
    assert not is_english_word("rakusin") and not is_english_word("quartermain")


def test_rules_no_currency_inside_a_word_and_no_inr_ratio():
    money = recognizers_for(["rules.money"])
    for text in ("O2 SATS 95% ON 2L", "INR 7 ON COUMADIN", "INR 2.5", "CAD 2"):
        assert find_matches(text, money, views=False) == [], text
    for text, value in (("paid INR 7,000 in fees", "INR 7,000"), ("SEK 35,000", "SEK 35,000"), ("ATS 94", "ATS 94"),
                        ("CAD 2 million", "CAD 2 million")):
        got = [text[m.start:m.end] for m in find_matches(text, money, views=False)]
        assert got == [value], text


def test_rules_clock_times_outside_notes_only():
    time = recognizers_for(["rules.time"])
    assert find_matches("Meet me at 4pm on Monday.", time)
    assert not find_matches("GAVE LASIX 40 IV AT 4PM, SBP 90S, FOLEY DRAINING, NPO, ABG PENDING.", time)


@pytest.mark.parametrize("settings_, code", [
    ({"min_share": 0.0}, "E635"), ({"min_share": 1.5}, "E635"), ({"min_terms": 0}, "E635"),
    ({"min_score": -0.1}, "E635"), ({"drop_labels": ["PERSON"]}, "E636"),
    ({"person_label": ""}, "E637"),
])
def test_bad_settings_are_refused(settings_, code):
    with pytest.raises(ValueError, match=code):
        make_clinical_notes(**settings_)


def test_settings_take_effect():
    """Each setting changes what the filter does on a note (or refuses, above)."""
    base = spacy_anon.load()
    text = ("NEURO: ALERT. GI: NPO. SBP 90. PT TO GO TO QUARTERMAIN 6 ON 8/18. DR. SPARKES AWARE. "
            "TRANSFERRED FROM HARBOR ON8/16.")
    baseline = masked(base, text)
    off = spacy_anon.load(config={"components.anon_crf.span_filters.clinical_notes.min_terms": 1000})
    assert masked(off, text) != baseline  # no note: the tagger's spans as they were
    no_add = spacy_anon.load(config={"components.anon_crf.span_filters.clinical_notes.add_found": False})
    assert len(masked(no_add, text)) < len(baseline)
    assert isinstance(make_clinical_notes(), ClinicalNotes)


def test_saved_pipeline_keeps_the_filter(tmp_path, nlp):
    nlp.to_disk(tmp_path / "p")
    again = spacy.load(tmp_path / "p")
    assert masked(again, NOTE) == masked(nlp, NOTE)
