"""Measured values that a tagger reads as names: a lab result's line ("HbA1c 58 mmol/mol", "eGFR 72",
"Cholesterol 5.9 mmol/L"), a score after its scale ("PHQ-9 = 17"), a vital sign ("HR 96"), a temperature
("200C") or a unit alone ("mmol", the "L"
of "mmol/L"), a medicine with its dose ("amoxicillin 500mg") and how often it is taken ("500mg TDS").
A result names nobody; `anon_mask` drops a tagger's span that is one
(`span_kinds.decide_categories`). A rule's value (a date, an age, an identifier) is not read here."""
import re

from spacy_anon.lexicon.generic_words import folded
from spacy_anon.mask.dateless import TEMPERATURE

# what blood and urine tests measure, by the names results are printed under (not all are in the notes'
# vocabulary, `clinical_terms`, which counts words to tell a note)
LAB_ANALYTES = frozenset(
    "hba1c a1c egfr gfr crp esr hb hgb haemoglobin hemoglobin wbc rbc plt platelets platelet neutrophils "
    "lymphocytes mcv mch ferritin iron folate b12 vitamin potassium sodium chloride calcium magnesium phosphate "
    "urea creatinine bilirubin albumin protein alt ast alp ggt ldh ck troponin bnp ntprobnp psa tsh t3 t4 ft4 "
    "ft3 cortisol glucose fasting cholesterol hdl ldl triglycerides inr aptt ptt d-dimer lactate ph pco2 po2 "
    "hco3 bicarbonate urate uric acid amylase lipase microalbumin acr pcr hcg total free serum plasma random "
    "hr rr bp spo2 sats temp pulse gcs bmi moca mmse size height weight length width".split())  # and vital signs,
# scores and sizes ("HR 96", "MoCA 21", "size 6")
# units a result is given in ("mmol" and the "mol" of "mmol/mol", the "L" of "mmol/L"), not a number's other
# endings ("1st", "5pm", "10k"): those are dates and counts, which other rules read
UNITS = frozenset("mg mcg ug µg ng pg g gm kg ml mls l dl cl fl iu miu u mu mmol umol µmol nmol pmol mol meq mmhg "
                  "cm mm km lb lbs oz cc mm3 x10 "
                  # sound, power, frequency, speed and data ("72dB after 23:00", "3kW", "5GB"); not one letter
                  "db dba kw kwh mw hz khz mhz ghz rpm bpm psi kpa mph kph kmh mbps gbps kb mb gb tb".split())
_WORD = re.compile(r"[^\W\d_][\w-]*")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.?[ \t]*#?[ \t]*\Z")
# words before a temperature written without a degree sign ("oven to 200C"): a flat's "12C" or a Spanish
# address's door "30, 1C" has none of them
TEMPERATURE_CUES = frozenset("to at of temp temperature oven around about reached reaching was is max min high low "
                             "above below over under fever pyrexial febrile".split())
_OUTSIDE = re.compile(r"[\s()/^*%<>=:.,\d-]*")  # what lies between a result's words and numbers


# a medicine and its dose ("amoxicillin 500mg", "Sertraline 50 mg"), and how often it is taken, as
# prescriptions abbreviate it ("TDS", "bd", "prn")
DOSING = frozenset("od bd bid tds tid qds qid prn nocte mane stat po".split())
_DOSE = re.compile(r"(?:[A-Za-z][a-z\-]+(?:[ \t][a-z]+)?|[A-Z][A-Z\-]+(?:[ \t][A-Z]+)?)[ \t]\d+(?:\.\d+)?[ \t]?"
                   r"(?i:mg|mcg|µg|ug|g|ml|iu|units?)"
                   # and its form and count, as a label prints them ("SERTRALINE 50MG TABLETS x28")
                   r"(?:[ \t](?i:tablets?|capsules?|caps|tabs?|sachets?|patch(?:es)?)(?:[ \t][x×]?\d{1,3})?)?"
                   r"(?:[ \t](?i:" + "|".join(sorted(DOSING)) + r"))?"
                   # and for how long ("rimadyl 50mg BID x5d", "x 7 days")
                   r"(?:[ \t][x×][ \t]?\d{1,3}[ \t]?(?i:d|days?|w|wks?|weeks?))?")
_DOSE_BEFORE = re.compile(r"(?i)(?:\d[ \t]?(?:mg|mcg|µg|ug|g|ml|iu|units?)|tablets?|caps(?:ules)?|daily)[ \t]+\Z")


def measured_value(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a measured value or its unit: a number with an analyte's name or a unit
    beside it ("eGFR 72", "HbA1c 58 mmol/mol"), or units alone right after a number or "/" ("mmol", "L" of
    "5.9 mmol/L")."""
    value = text[start:end]
    if score_value(text, start, end) or stage_value(text, start, end):
        return True  # "PHQ-9 = 17", "stage IIIA"
    if _DOSE.fullmatch(value.strip()) is not None:
        return True  # a medicine and its dose
    if folded(value.strip()) in DOSING and _DOSE_BEFORE.search(text, max(0, start - 16), start) is not None:
        return True  # "500mg TDS"
    if TEMPERATURE.fullmatch(value.strip()):  # "38.5C", "to 200C"; not "flat 12C", "Ward 5C", "30, 1C"
        before = _WORD_BEFORE.search(text, max(0, start - 16), start)
        return any(ch in value for ch in ".,°") or (before is not None and folded(before.group(1)) in TEMPERATURE_CUES)
    words = _WORD.findall(value)
    if not words or _OUTSIDE.fullmatch(_WORD.sub("", value)) is None:
        return False
    units = [folded(w) in UNITS for w in words]
    if _NUMBER.search(value) is None:  # units alone: only right after a number or a slash
        before = text[max(0, start - 12):start].rstrip()
        return all(units) and (before.endswith("/") or re.search(r"\d\Z", before) is not None)
    return all(unit or analyte(w) for w, unit in zip(words, units)) and any(
        not unit and analyte(w) for w, unit in zip(words, units)) or (all(units) and _NUMBER.match(value) is not None)


# questionnaires' and scales' names a score is written after ("PHQ-9 = 17", "GAD-7: 12", "EPDS 14")
SCORES = frozenset("phq-9 phq9 phq-2 gad-7 gad7 gad-2 epds audit audit-c pcl-5 hads cssrs c-ssrs news news2 qrisk "
                   "apgar waterlow must frax cat mrc ess bdi bai ybocs y-bocs core-10 wemwbs".split())
_SCORE_NAME_BEFORE = re.compile(r"([A-Za-z][A-Za-z\d]*(?:-[A-Za-z\d]{1,2})?)[ \t]*(?:=|:|is|was|of)?[ \t]*\Z")
_SMALL_NUMBER = re.compile(r"\d{1,3}(?:[.,]\d+)?")


# a stage, grade or class as clinicians write it after its word ("stage IIIA", "grade 2", "NYHA class III",
# "T2N0M0"): a place on a scale, no name
_STAGE = re.compile(r"(?:[IV]{1,4}[a-cA-C]?\d?|\d[a-cA-C]?|T[0-4x][a-d]?N[0-3x][a-c]?M[01x])")
_STAGE_BEFORE = re.compile(r"(?i)\b(?:stage|stages|grade|class|type|tier|phase|level|figo|nyha|gleason|dukes)[ \t]*:?[ \t]*\Z")


def stage_value(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a stage, grade or class after its word (`_STAGE`), or a TNM stage."""
    value = text[start:end].strip()
    if _STAGE.fullmatch(value) is None:
        return False
    return value.startswith("T") or _STAGE_BEFORE.search(text, max(0, start - 16), start) is not None


def score_value(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a small number right after a scale's or a test's name ("17" of "PHQ-9 =
    17", "96" of "HR 96")."""
    if _SMALL_NUMBER.fullmatch(text[start:end].strip()) is None:
        return False
    name = _SCORE_NAME_BEFORE.search(text, max(0, start - 24), start)
    return name is not None and (folded(name.group(1)) in SCORES or analyte(name.group(1)))


def analyte(word: str) -> bool:
    """A lab test's name as results print it ("INR", "TSH", "HbA1c", "Cholesterol")."""
    return folded(word) in LAB_ANALYTES
