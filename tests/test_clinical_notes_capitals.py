"""Clinical notes in capitals through the default English pipeline: drugs, devices, misspelt and derived
clinical words, doses read as addresses and "AT TIMES.PRESENT" read as an e-mail stay in clear; names keep
their initials and "O'", dates are masked whole, hospitals whole. Each class is tested on several members
(written for these tests, none taken from a corpus)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from clinical_support import VITALS, masked
from spacy_anon.lexicon.clinical_forms import DRUGS_AND_DEVICES, derived, is_clinical_form, misspelt, one_edit
from spacy_anon.rules import find_matches, recognizers_for
from spacy_anon.rules.recognizers.addresses import clinical_words_in
from spacy_anon.tagger.span_filters.clinical_notes import make_clinical_notes

@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()



@pytest.mark.parametrize("word", ["FLOVENT", "HICKMAN", "PERMACATH", "CARDIZEM", "ISORDIL", "QUINTON",
                                  "AGGRASTAT", "XEROFORM"])
def test_drugs_and_devices_in_capitals_stay_in_clear(nlp, word):
    text = f"PT GIVEN {word} THIS AM, TOLERATED WELL.{VITALS}"
    assert not any(word in f for f in masked(nlp, text)), word


@pytest.mark.parametrize("word", ["PNUEMONIA", "HOSPIATAL", "LEVOQUIN", "AMIODORONE", "IMPROVMENT", "AROUSABLE",
                                  "BRADYCARDIC", "SUBTHERAPEUTIC", "JUNCTIONAL", "RECHECK"])
def test_misspelt_and_derived_clinical_words_stay_in_clear(nlp, word):
    text = f"PT {word} OVERNIGHT, WILL CONT TO MONITOR.{VITALS}"
    assert not any(word in f for f in masked(nlp, text)), word


@pytest.mark.parametrize("word, known", [("pnuemonia", "pneumonia"), ("levoquin", "levaquin"),
                                         ("hospiatal", "hospital"), ("trazadone", "trazodone")])
def test_misspelling_is_one_edit_from_a_clinical_or_long_word(word, known):
    assert misspelt(word) == known


@pytest.mark.parametrize("name", ["calvert", "quartermain", "rakusin", "nicholson", "vasquez", "piantedosi",
                                  "martino", "seattle", "kimbrough", "jones", "martyn"])
def test_surnames_and_places_are_no_clinical_forms(name):
    """Surnames one edit from a short word ("jones", "martyn") are not read as misspellings."""
    assert not is_clinical_form(name)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12),
       st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12))
@settings(max_examples=300, deadline=None)
def test_one_edit_is_symmetric_and_matches_a_distance(a, b):
    def distance(x, y):  # optimal string alignment distance
        d = [[max(i, j) if min(i, j) == 0 else 0 for j in range(len(y) + 1)] for i in range(len(x) + 1)]
        for i in range(1, len(x) + 1):
            for j in range(1, len(y) + 1):
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] != y[j - 1]))
                if i > 1 and j > 1 and x[i - 1] == y[j - 2] and x[i - 2] == y[j - 1]:
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        return d[-1][-1]
    assert one_edit(a, b) == one_edit(b, a) == (distance(a, b) <= 1)


def test_derived_words_need_a_known_stem():
    assert derived("recheck") and derived("exertional") and derived("nontender")
    assert not derived("rakusin") and not derived("adventist")
    assert "hickman" in DRUGS_AND_DEVICES


@pytest.mark.parametrize("text", ["SUCTIONED FOR THICK SECRETIONS, BLOOD TINGED AT TIMES.PRESENT VENT SETTINGS AC.",
                                  "BS DIMINISHED AT BASES.HAS HAD LASIX 40 IV.",
                                  "SPUTUM THICK AT NIGHT.WILL CONT TO SUCTION."])
def test_full_stop_without_space_is_no_spelled_out_email(nlp, text):
    assert not any(" AT " in f for f in masked(nlp, text + VITALS)), text


@pytest.mark.parametrize("text", ["write to john at gmail.com today", "JOHN AT GMAIL.COM", "maria at uol.com.br",
                                  "jan at firma.de"])
def test_spelled_out_email_with_a_real_domain_is_found(text):
    assert find_matches(text, recognizers_for(["rules.email"]))


@pytest.mark.parametrize("text", ["PT HAS 3 WAY FOLEY IN PLACE.", "CONT ON DOPA AT 8 MCG. BP STABLE CONT AV PACED.",
                                  "GIVEN 40 MEQ KCL PO AV PACED."])
def test_doses_and_devices_are_no_address_in_a_note(text):
    note = text + VITALS
    assert not find_matches(note, recognizers_for(["rules.address"])), text


def test_address_in_a_note_is_still_found():
    note = "PT LIVES AT 12 MAIN ST WITH WIFE." + VITALS
    assert [note[m.start:m.end] for m in find_matches(note, recognizers_for(["rules.address"]))] == ["12 MAIN ST"]
    assert clinical_words_in("8 MCG. BP STABLE CONT AV") and not clinical_words_in("12 MAIN ST")


@pytest.mark.parametrize("text, name", [("AS PER E. WELSH: BILAT PLEURAL EFF.", "E. WELSH"),
                                        ("DAN A. FORMAN-LYONS, RRT", "A. FORMAN-LYONS"),
                                        ("Seen by Dr. O'Connell, who spoke with family.", "O'Connell")])
def test_names_keep_their_initials(nlp, text, name):
    found = " | ".join(masked(nlp, text + VITALS))
    assert name in found, found


@pytest.mark.parametrize("text, date", [("Started oxacillin 7/30 and completed 8/14. Will f/u 8/18.", "8/14"),
                                        ("PICC PLACED 10/16 0930, ART LINE PLACED.", "10/16")])
def test_dates_are_masked_whole(nlp, text, date):
    assert any(f.startswith(date) for f in masked(nlp, text + VITALS))


def test_hospital_is_masked_whole(nlp):
    text = "SON WORKS AS AIDE IN ICU @ HARFORD MEMORIAL. DAUGHTER VISITED."
    assert "HARFORD MEMORIAL" in masked(nlp, text + VITALS)


def test_kin_word_does_not_name_the_next_sentence(nlp):
    text = "Pt resting, spoke with pt's son. Started oxacillin today. SBP 100, HR 80s, sats 95% on 2L NC."
    assert "Started" not in masked(nlp, text)


def test_ward_and_places_stay_masked(nlp):
    found = masked(nlp, "PT INTUBATED ON QUARTERMAIN 6. TO GO TO BALTIMORE REHAB." + VITALS)
    assert any("QUARTERMAIN" in f for f in found) and any("BALTIMORE" in f for f in found)


def test_context_labels_setting_takes_effect_or_is_refused():
    text = "PT GIVEN FLOVENT, CONT LEVOQUIN. PT SEEN BY KESSLER TEAM." + VITALS
    wide = spacy_anon.load(config={"components.anon_crf.span_filters.clinical_notes.context_labels": []})
    narrow = spacy_anon.load()
    assert set(masked(narrow, text)) <= set(masked(wide, text))
    for labels in (["QUANTITY"], ["DATETIME"]):  # dropped, or kept on a date's shape: never read on evidence
        with pytest.raises(ValueError, match="E636"):
            make_clinical_notes(context_labels=labels)


@pytest.mark.parametrize("casing", [str, str.upper, str.lower])
@pytest.mark.parametrize("text, name", [
    ("Patient Bartholomew Quayle was admitted with chest pain. Quayle was seen by the nurse.", "quayle"),
    ("Pt Margaret Oyelaran admitted with sob, seen by the nurse, bp stable, plan cxr.", "oyelaran"),
])
def test_a_person_tagged_as_an_organisation_in_a_note_stays_masked(nlp, casing, text, name):
    out = nlp(casing(text))._.anon_text
    assert name not in out.lower(), out
