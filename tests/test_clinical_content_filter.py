"""Clinical letters and notes that name a patient's record, through the default English pipeline: the care
in them (drugs and doses, departments, diagnoses, durations, scores, field keys, titles) stays in clear,
and the names, dates, record numbers and hospitals next to it are masked. Texts written for these tests
(none taken from a corpus); each class is tested on several members."""
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon
from clinical_support import masked
from spacy_anon.lexicon.clinical_records import is_clinical_record
from spacy_anon.tagger.span_filters.clinical_content import ClinicalContent, make_clinical_content

HEAD = ("Wrexham Vale Hospital\n\nDear Dr Pemberton,\n\nRe: Mr Tobias Quennell, DOB 11/08/1962, MRN WVH4417920\n\n"
        "I reviewed Mr Quennell in the outpatient clinic on 3 February 2025 with his daughter Eluned, following his "
        "GP's referral. ")
FOOT = "\n\nYours sincerely,\n\nDr Morwenna Castellan\nConsultant Cardiologist\n"
LETTER = (HEAD + "He is a 62-year-old retired lighthouse keeper. He reports three weeks of worsening breathlessness "
          "and ankle swelling. Echocardiogram shows moderate left ventricular impairment. Medication: bisoprolol "
          "2.5 mg daily, ramipril 5 mg daily and furosemide 40 mg in the morning. PHQ-9 is 12.\n\nI have referred "
          "him to the Community Heart Failure Team and to cardiac rehabilitation at Glyndwr Leisure Centre. "
          "Review in cardiology clinic in 6 weeks." + FOOT)
IDENTIFIERS = ["Wrexham Vale Hospital", "Pemberton", "Tobias Quennell", "11/08/1962", "WVH4417920", "Quennell",
               "3 February 2025", "Eluned", "Glyndwr Leisure Centre", "Morwenna Castellan"]


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def covered(found, value):
    return any(value in f for f in found)


def test_identifiers_of_a_letter_are_masked(nlp):
    """The negative test of every class below: names, dates, the record number and the hospitals stay
    masked in the letter whose care is left in clear."""
    found = masked(nlp, LETTER)
    for value in IDENTIFIERS:
        assert covered(found, value), value
    assert covered(found, "lighthouse keeper")  # an occupation is a demographic trait


@pytest.mark.parametrize("care", ["bisoprolol 2.5 mg", "ramipril 5 mg", "furosemide 40 mg", "three weeks", "6 weeks",
                                  "Community Heart Failure Team", "cardiology clinic", "worsening breathlessness",
                                  "left ventricular impairment", "PHQ-9 is 12", "Consultant Cardiologist"])
def test_care_in_a_letter_stays_in_clear(nlp, care):
    text = LETTER
    start = text.index(care)
    doc = nlp(text)
    assert doc._.anon_status == "ok"
    for row in doc._.anon_table:
        assert row["end"] <= start or row["start"] >= start + len(care), (care, text[row["start"]:row["end"]])


def test_titles_are_left_outside_the_name(nlp):
    found = masked(nlp, LETTER)
    assert not any(f.startswith(("Dr ", "Mr ")) for f in found), found
    assert covered(found, "Pemberton") and covered(found, "Morwenna Castellan")


@st.composite
def dose_lines(draw):
    drug = draw(st.sampled_from(["amlodipine", "levothyroxine", "tamsulosin", "montelukast", "sertraline",
                                 "beclometasone", "metformin", "atorvastatin", "apixaban", "lansoprazole"]))
    amount = draw(st.sampled_from(["2.5", "5", "20", "100", "400", "500"]))
    unit = draw(st.sampled_from(["mg", "micrograms", "mcg", "ml"]))
    when = draw(st.sampled_from(["once daily", "twice daily", "at night", "as required"]))
    return f"{drug} {amount} {unit} {when}"


@given(dose_lines(), dose_lines())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_drugs_and_doses_of_a_letter_stay_in_clear(nlp, first, second):
    text = HEAD + f"He takes {first} and {second}. Blood pressure is better." + FOOT
    found = masked(nlp, text)
    for dose in (first, second):
        drug, amount = dose.split()[:2]
        assert not any(drug in f or f.strip() == amount for f in found), (dose, found)
    for value in ("Tobias Quennell", "WVH4417920", "11/08/1962", "Morwenna Castellan"):
        assert covered(found, value), value


@pytest.mark.parametrize("service", ["Memory Assessment Service", "Community Mental Health Team", "Children's Outpatients",
                                     "Paediatric Asthma Clinic", "Falls Clinic"])
def test_departments_stay_in_clear_and_the_hospital_is_masked(nlp, service):
    text = HEAD + f"I have referred him to the {service} at Penrhos Infirmary." + FOOT
    found = masked(nlp, text)
    assert not any(word in f for f in found for word in service.split() if len(word) > 4), (service, found)
    assert covered(found, "Penrhos Infirmary")


@pytest.mark.parametrize("score", ["PHQ-9 is 17", "GAD-7 is 14", "PCL-5 is 41", "AUDIT score of 22"])
def test_scores_are_no_ages(nlp, score):
    text = HEAD + f"He is aged 58. {score}. He lives with his wife." + FOOT
    found = masked(nlp, text)
    number = score.split()[-1]
    assert not any(f.strip() == number for f in found), (score, found)
    assert covered(found, "58")


@pytest.mark.parametrize("key", ["Hospital number", "Clinic date", "NHS number"])
def test_field_keys_of_a_letter_are_no_names(nlp, key):
    text = (f"Name: Ifan Trevelyan\n{key}: 9434765919\nMRN: TRV-0044812\n\nDear Dr Pemberton,\n\n"
            "He has chronic plaque psoriasis; continue calcipotriol ointment once daily and review in clinic." + FOOT)
    found = masked(nlp, text)
    assert not any(key.split()[0] in f for f in found), (key, found)
    assert covered(found, "Ifan Trevelyan") and covered(found, "TRV-0044812")


NOTE = ("ELM WARD - PORTHAVEN GENERAL\nNIGHT NOTE 12/03 2000-0800\nNAME: GALLOWAY, HAMISH   CHI: 2208551234\n"
        "SETTLED OVERNIGHT. NBM PENDING SALT REVIEW. NEURO OBS STABLE, GCS 15. REPOSITIONED 2 HRLY, SKIN INTACT.\n"
        "WIFE MORAG VISITED, PT TEARFUL AFTER. FOR MDT TUES.\nK. ABERNETHY SN")


@pytest.mark.parametrize("care", ["NBM PENDING SALT", "NEURO OBS", "GCS 15", "REPOSITIONED 2 HRLY", "TEARFUL",
                                  "MDT", "2000-0800", "WIFE"])
def test_british_shorthand_of_a_note_in_capitals_stays_in_clear(nlp, care):
    found = masked(nlp, NOTE)
    assert not any(care in f or f in care.split() for f in found), (care, found)
    for value in ("GALLOWAY", "HAMISH", "MORAG", "ABERNETHY", "12/03"):
        assert covered(found, value), value


def test_a_record_needs_a_record_key_and_clinical_words():
    assert is_clinical_record(LETTER)
    assert is_clinical_record(NOTE)
    # a judgment about a hospital stay, a doctor's CV (its "Date of birth" is no record key) and a chat
    assert not is_clinical_record("The applicant was admitted to Ward 4 of the hospital; the doctor prescribed "
                                  "medication and a referral followed. The court notes the diagnosis.")
    assert not is_clinical_record("CURRICULUM VITAE\nDate of birth: 14/09/1988\nSpecialty Registrar in Paediatric "
                                  "Cardiology; audit of inhaler technique in the asthma clinic; consultant ward rounds.")
    assert not is_clinical_record("lol he did tai chi with chi-chi at the clinic, dob not known")


def test_settings_are_checked():
    with pytest.raises(ValueError, match="E180"):
        make_clinical_content(min_share=0.0)
    with pytest.raises(ValueError, match="E180"):
        make_clinical_content(min_terms=0)
    with pytest.raises(ValueError, match="E181"):
        make_clinical_content(date_label="DEM")
    with pytest.raises(ValueError, match="E181"):
        make_clinical_content(number_labels=("ID", "QUANTITY"))
    assert isinstance(make_clinical_content(), ClinicalContent)


def test_the_filter_leaves_other_documents_alone(nlp):
    """No record key: an e-mail about a clinic appointment keeps what the tagger found."""
    crf = nlp.get_pipe("anon_crf")
    doc = nlp.make_doc("Hi Sam, the cardiology clinic moved my appointment to Friday. Dr Ellis says hello.")
    assert not crf.span_filters["clinical_content"].applies(doc, [t.text for t in doc])


def test_a_span_is_read_apart_at_a_place_word_a_dash_and_a_title(nlp):
    """"given per Dr X", "Team at Y Infirmary", "Trust - Team" are read in pieces; a place named with "on"
    between hyphens stays whole."""
    text = (HEAD + "Morphine 10 mg was given per Dr Ianto Prosser. He attends the Memory Assessment Service at "
            "Penrhos Infirmary and lives at 4 Lake Road, Bowness-on-Windermere LA23 2JJ." + FOOT)
    found = masked(nlp, text)
    assert not any("Morphine" in f or "Memory" in f or f.startswith("Dr ") for f in found), found
    for value in ("Ianto Prosser", "Penrhos Infirmary", "Windermere", "LA23 2JJ"):
        assert covered(found, value), value


@pytest.mark.parametrize("demographic", ["Norwegian", "Catholic", "Yoruba"])
def test_peoples_and_faiths_stay_masked_in_a_record(nlp, demographic):
    text = HEAD + f"He is {demographic} and speaks English at home." + FOOT
    assert covered(masked(nlp, text), demographic)


class _Tagger:
    """What the filter reads of anon_crf: its output labels and name lists."""
    name_terms = frozenset({"quennell", "tobias"})

    @staticmethod
    def output_label(label):
        return label


WORDS = ["Dr", "Mr", "PT", "WIFE", "Quennell", "Tobias", "clinic", "Clinic", "Hospital", "number", ":", "MRN", "4417920",
         "amlodipine", "5", "mg", "-", "\n", "at", "per", "PHQ", "-", "9", "is", "17", "aged", "58", "YO", "12/03",
         "four", "weeks", "NBM", "SALT", "Riverside", "Surgery", ",", ".", "the", "Norwegian", "harbour", "pilot"]
LABELS = ["PERSON", "ORG", "LOC", "MISC", "DEM", "DATETIME", "AGE", "ID", "CONTACT", "QUANTITY", "CODE"]


@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=40), st.data())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_filter_only_keeps_or_cuts_spans(nlp, words, data):
    """On any record: every span it returns lies inside a span it was given, with that span's label and score."""
    text = "MRN: 4417920 referral clinic consultant cardiology micrograms\n" + " ".join(words)
    doc = nlp.make_doc(text)
    n = len(doc)
    spans = []
    for _ in range(data.draw(st.integers(0, 6))):
        start = data.draw(st.integers(0, n - 1))
        end = data.draw(st.integers(start + 1, min(n, start + 6)))
        spans.append((start, end, data.draw(st.sampled_from(LABELS)), 0.7))
    tokens = ([t.text for t in doc], [bool(t.whitespace_) for t in doc], [t.is_space for t in doc])
    out = make_clinical_content()(doc, tokens, spans, _Tagger())
    for s, e, label, score in out:
        assert s < e and any(a <= s and e <= b and label == lab and score == sc for a, b, lab, sc in spans)


# ---------------------------------------------------------------- names that are also English words
@lru_cache(maxsize=1)
def _nlp():
    return spacy_anon.load()


# Bug (found on merging the filter): in a letter that names a patient's record, a name whose words are all
# English words was read as the letter's content and left in clear: "Dr Young", "her husband Will Cook",
# "Her daughter May Long", "Nurse Hope Miller", "Dr Grace White". A name after a title, role or kin word,
# and two capitalised words that name lists hold, are names.
COMMON_WORD_NAMES = ["Young", "White", "Long", "Cook", "Baker", "Hope", "Grace", "King", "Rose", "Bell"]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["Will", "May", "Grace", "Hope", "Rose", "Faith", "Frank", "Bill"]),
       st.sampled_from(COMMON_WORD_NAMES),
       st.sampled_from(["Dr {} {}", "Nurse {} {}", "her husband {} {}", "Her daughter {} {}",
                        "Yours sincerely, Dr {} {}, Consultant Physician", "Please ask Dr {} {} to call"]))
def test_common_word_names_in_a_record_letter_are_masked(given_name, surname, template):
    phrase = template.format(given_name, surname)
    text = (f"Patient: Ann Example   MRN 4471823   DOB 02/03/1960\nDear colleague,\n"
            f"I reviewed the patient in clinic today; she takes metformin 500 mg twice daily. {phrase}.\n")
    out = _nlp()(text)._.anon_text
    assert f"{given_name} {surname}" not in out and f" {surname}" not in out.split("metformin")[1], out


@pytest.mark.parametrize("title", ["Dr", "Mrs", "Nurse", "Mr"])
@pytest.mark.parametrize("surname", ["Young", "White", "Long", "Baker"])
def test_a_common_word_surname_after_a_title_is_masked(title, surname):
    text = (f"Patient: Ann Example   MRN 4471823   DOB 02/03/1960\nDear {title} {surname},\n"
            "Thank you for seeing her in the cardiology clinic. Chest pain resolved on aspirin 75 mg.\n")
    out = _nlp()(text)._.anon_text
    assert f"{title} {surname}" not in out, out
    assert "cardiology clinic" in out and "aspirin 75 mg" in out


@pytest.mark.parametrize("given_name,surname", [("Rose", "Cook"), ("Will", "Baker"), ("Grace", "King")])
def test_a_titled_given_name_and_a_surname_that_is_a_word_are_one_person(given_name, surname):
    """Bug: "Yours sincerely, Dr Rose Cook, Consultant Physician" left "Cook" in clear: the tagger read "Dr
    Rose" as the person and "Cook" as a place, and the mask dropped "Cook" as a job. After a title and a
    given name, a listed surname is the surname, however frequent a word it is."""
    text = (f"Patient: Ann Example   MRN 4471823   DOB 02/03/1960\nDear colleague,\nI reviewed the patient in "
            f"clinic today. Yours sincerely, Dr {given_name} {surname}, Consultant Physician.\n")
    out = _nlp()(text)._.anon_text
    assert given_name not in out and surname not in out.split("clinic today")[1], out
