"""Whether a document is a clinical record that the note test misses: a letter or a note that names a
patient's record (MRN, DOB, NHS number, hospital number) and speaks of care.

`clinical_term_count` reads the shorthand of nursing notes; a discharge or referral letter is written in
full words ("micrograms", "referral", "psychiatrist"), and a note in British shorthand ("NBM", "SALT",
"OBS") has few of the American abbreviations, so both fall under the note test's share. A patient's
record key at the head of the document plus a few clinical words says the same thing: no court judgment,
e-mail or CV has both.
"""
import re
from typing import Sequence

from spacy_anon.lexicon.clinical_forms import DRUGS_AND_DEVICES
from spacy_anon.lexicon.clinical_terms import is_clinical_term
from spacy_anon.lexicon.generic_words import CLINICAL_WORDS, folded

# the keys of a patient's record number or birth date ("MRN:", "DOB", "NHS No", "Hospital number",
# "CHI:", "RiO ID", "Unit No"); not "Date of birth", which a CV or an application form has as well
RECORD_KEY = re.compile(
    r"\b(?:MRN|DOB|D\.O\.B\b|NHS\s+(?:No|number)|Hosp(?:ital|\.)?\s+(?:No|number)|(?-i:CHI)|RiO\s+ID"
    r"|Unit\s+(?:No|number)|Patient\s+ID)\b", re.IGNORECASE)
# a clinical record: a record key and at least this many clinical words, and this share of its words
RECORD_TERMS = 4
# the words of care a letter writes in full: doses, specialties and their doctors, services
CARE_WORDS = frozenset(
    "micrograms microgram milligrams mg mcg ml clinic clinics outpatient outpatients ward consultant registrar gp "
    "symptoms symptom treatment prescribed dose daily tablets tablet inhaler cancer tumour therapy surgery "
    "patient bloods scan biopsy referred diagnosed discharged reviewed".split())
# ward shorthand of British and American notes that the note vocabulary (`clinical_terms`) lacks: read as
# no name in a clinical record, and not counted by the note test (a record in full words is no note)
WARD_SHORTHAND = frozenset(
    "nbm mdt obs biba hrly fbc crp dnacpr tto ttos hca od bd tds qds ivi ivabx cbt dbt emdr decels accels sve "
    "liws sitrep ews mews news2 nok u&e u&es ues salt".split())
SPECIALTY = re.compile(r"(?:olog(?:y|ist|ists|ical)|iatr(?:y|ic|ics|ist|ists))$")
RECORD_SHARE = 0.015
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def clinical_word_count(words: Sequence[str]) -> int:
    """Words of clinical vocabulary among `words`: full words of a letter ("referral", "micrograms",
    "cardiology", "psychiatrist"), drugs and devices, clinical terms of five letters or more
    ("amlodipine", "psoriasis")."""
    count = 0
    for word in words:
        w = folded(word)
        count += (w in CLINICAL_WORDS or w in CARE_WORDS or w in DRUGS_AND_DEVICES or SPECIALTY.search(w) is not None
                  or (len(w) >= 5 and is_clinical_term(w)))
    return count


def is_clinical_record(text: str, min_terms: int = RECORD_TERMS, min_share: float = RECORD_SHARE) -> bool:
    """Whether `text` names a patient's record (`RECORD_KEY`) and has `min_terms` clinical words, at
    least `min_share` of its words."""
    if RECORD_KEY.search(text) is None:
        return False
    words = _LETTER_RUN.findall(text)
    count = clinical_word_count(words)
    return count >= min_terms and count >= min_share * len(words)
