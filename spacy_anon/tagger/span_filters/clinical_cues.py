"""Names in clinical notes that word lists call words, found by the word before or after them.

The `clinical_notes` span filter keeps a name where something in it is evidence: a word no dictionary
lists, a title, a hospital head. A name that is also an English word has none of that on its own:

- a given name's short form ("ROB", "HANK", "DICK"): the first-name list has "Robert", "Henry";
  after a kin word, title or role ("SON ROB") or before a surname ("DICK CUCCHIARA") it is a name;
- a hospital known by one common word ("HARBOR", "MERCY"): after "transferred to", "from" after a
  clinician ("SURGEON FROM HARBOR"), it is the place, unless it is a place of care in general ("TO
  FLOOR", "TO HOSPICE") or a frequent word;
- a ward named for a building, with its number ("ON QUARTERMAIN 2", "PER QUARTERMAIN 3 RN").
- a surname after "Dr" that is a rare word ("DR. HALFPENNY"), a name that signs a note before its
  credential ("LENA MARSH, RN").

Written for this project from how notes name people and places (no word list of a de-identification
corpus). Pure functions of `ClinicalEvidence` (`clinical_notes`), so each reads one token.
"""
import re
from typing import TYPE_CHECKING, Collection, FrozenSet, List, Optional, Tuple

from spacy_anon.lexicon.category_words import JOB_NOUNS
from spacy_anon.lexicon.clinical_forms import DRUGS_AND_DEVICES, is_clinical_form
from spacy_anon.lexicon.clinical_terms import is_clinical_term, is_english_word
from spacy_anon.lexicon.generic_words import CLINICAL_WORDS, folded, zipf
from spacy_anon.lexicon.place_names import fold_accents, known_place_names

if TYPE_CHECKING:  # pragma: no cover
    from spacy_anon.tagger.span_filters.clinical_notes import ClinicalEvidence

# a given name less frequent than this as an English word is a name beside a name's word ("MARIA ELENA")
GIVEN_NAME_WORD_ZIPF = 4.5
# short forms of given names that are English words too, which the first-name list lacks (not those a
# note uses as shorthand: "ART" line, "PAT" tachycardia, "ED", "TED" stockings, "FRANK" blood)
SHORT_GIVEN_NAMES: FrozenSet[str] = frozenset(
    "rob robbie dick rick hank sandy rusty woody buddy chuck duke mike pete phil gene sonny jim jack joe sam "
    "ben dan bill bob bobby jerry terry earl hal walt".split())
# words after a kin word or title that say something of the person, not who ("SON WILL CALL", "WIFE MAY
# VISIT", "DTR CAN BE REACHED")
NOT_NAMES: FrozenSet[str] = frozenset(
    "will may can must might shall should would could did does do is was are were has had have".split())
# credentials written after a name that signs a note ("Bernard Foley CRT", "Lena Marsh, RN")
CREDENTIALS: FrozenSet[str] = frozenset("md rn rrt crt lpn cnm np cns rd".split())
# words after "DR" that say what the doctor did or is, not who ("DR AWARE", "DR NOTIFIED", "DR ROUNDS")
NOT_SURNAMES: FrozenSet[str] = frozenset(
    "aware notified informed called paged here there now today tonight tomorrow rounds round note notes orders "
    "order consult consulted team service office plan plans recs states stated said says wants feels thinks "
    "saw came left ok okay updated present notes following follows".split())
# an English word rarer than this (Zipf) after a title is a surname ("DR. HALFPENNY": 2.1; "aware" 4.6)
SURNAME_MAX_ZIPF = 4.0
# verbs that move a patient to a place ("TRANSFERRED TO HARBOR", "D/C'D TO MERCY", "go to Harbor") and
# from one ("TRANSFERRED FROM HARBOR"; not "went from", "sent from": "urine went from amber", "sent from
# pharmacy")
TRANSFER_WORDS: FrozenSet[str] = frozenset(
    "transferred transfered transfer transferring xfer xferred xfered tx txd sent discharged dc dcd "
    "admitted readmitted returned return returning going go goes went moved move came arrived arriving "
    "accepted screened referred".split())
TRANSFER_FROM_WORDS: FrozenSet[str] = frozenset(
    "transferred transfered transfer transferring xfer xferred xfered tx txd admitted readmitted arrived "
    "arriving came discharged".split())
# people who come from another hospital ("SURGEON FROM HARBOR", "liaison from mercy")
VISITORS: FrozenSet[str] = frozenset(
    "surgeon surgeons physician physicians doctor doctors team nurse nurses liaison coordinator cooridinator "
    "screener rep representative admissions staff ambulance transport cardiologist".split())

def _cue(words: FrozenSet[str]) -> "re.Pattern[str]":
    """The words, or "D/C" and "DC'D", at the end of a text before "to" or "from"."""
    alternation = "|".join(sorted(words, key=len, reverse=True))
    return re.compile(rf"(?i)(?:\b(?:{alternation})|\bd/c(?:['’]?d)?|\bdc['’]d)[ \t]*\Z")


TRANSFER_BEFORE = _cue(TRANSFER_WORDS)
TRANSFER_FROM_BEFORE = _cue(TRANSFER_FROM_WORDS)
VISITORS_BEFORE = _cue(VISITORS)
# places of care in general, not a hospital's name ("TO FLOOR", "FROM HOSPICE", "TO STEPDOWN")
PLACES_OF_CARE: FrozenSet[str] = frozenset(
    "floor floors unit units ward wards hospice stepdown stepdown telemetry tele dialysis radiology shelter "
    "facility facilities home house nursing rehab rehabilitation hospital hospitals clinic clinics office "
    "ltac ltach snf ecf lab labs surgery recovery holding room rooms bed beds chair bathroom commode shower "
    "outside another other same there here them him her pharmacy baseline normal radiation therapy xray "
    "bedside niece nephew fiance fiancee girlfriend boyfriend grandson granddaughter cousin aunt uncle".split())
# a word this frequent (Zipf) is a word before it is a place's name ("to work", "from church"); a word
# rarer than PLACE_MIN_ZIPF is a misspelling more often than a name ("return to discess speech")
PLACE_MAX_ZIPF, PLACE_MIN_ZIPF = 4.5, 3.0
# a ward's number: one or two digits, alone or glued ("QUARTERMAIN 2", "QUARTERMAIN3")
WARD = re.compile(r"^([A-Za-z]{4,})?(\d{1,2})$")
# words after a number that make it a dose, a rate or a count, not a ward ("ON DILAUDID 2 MG")
NOT_WARD_AFTER: FrozenSet[str] = frozenset(
    "mg mcg ml cc l lpm units unit u g gm gram grams mg/hr mcg/kg/min mcg/min units/hr cc/hr ml/hr hr hrs x % "
    "times days weeks liters meq mmol puffs tabs tab am pm".split())
# places named after a movement word ("transferred to GH", "from VAMC"): a short unknown acronym
MOVEMENT = frozenset("to from at via @ by into the leave in on".split())
# places a patient goes to or comes from, named right after the word ("to quartermain 6", "in ROME")
PLACE_BEFORE = frozenset("to from at via @ into in".split())
VERB_ENDINGS = ("ate", "ize", "ise", "ese", "ing", "ed")
HOSPITAL_ACRONYM = re.compile(r"(?i)^[a-z]{0,3}(?:h|mc|hc)$")
# words before a ward's name ("ON QUARTERMAIN 2", "PER QUARTERMAIN 3 RN", "from quartermain 6")
WARD_BEFORE: FrozenSet[str] = frozenset("on per to from at in into".split())


def surname_word(w: str) -> bool:
    """A folded word that may be a surname after a title though dictionaries list it: a rare word, no
    verb form ("DR NOTIFIED", "DR REVIEWING") and none of `NOT_SURNAMES`."""
    return (len(w) >= 3 and w.isalpha() and w not in NOT_SURNAMES and not w.endswith(("ed", "ing"))
            and zipf(w) < SURNAME_MAX_ZIPF)


def given_name(ev: "ClinicalEvidence", i: int) -> bool:
    """A word that is a given name or its short form ("ROB", "MARK", "ROSE"), no verb or modal; in a note
    with capitals, a capitalised one."""
    w = ev.lower[i]
    if ev.cased and not ev.written[i][:1].isupper():
        return False
    return (ev.words[i].isalpha() and len(w) >= 2 and w not in NOT_NAMES and w not in ev.stops
            and (w in SHORT_GIVEN_NAMES or w in ev.first_names) and not ev.clinical(i))


def credited_name(ev: "ClinicalEvidence", k: int) -> Optional[Tuple[int, int]]:
    """The given name and surname before a credential at token k ("Lena Marsh, RN", "BILL PRICE RRT"):
    notes are signed so, and the surname may be a word ("Marsh", "Price"); not a clinical word ("Bernard
    Foley CRT"), which the note's other mentions would share with the catheter."""
    if ev.lower[k] not in CREDENTIALS or (ev.cased and not ev.written[k].isupper()):
        return None
    last = ev.previous(k)
    if last >= 0 and ev.words[last] == ",":
        last = ev.previous(last)
    first = ev.previous(last) if last >= 0 else -1
    if first < 0 or last != first + 1 or ev.doc[first].whitespace_ != " ":
        return None
    surname = ev.lower[last]
    if (not ev.words[last].isalpha() or len(surname) < 2 or surname in ev.stops or surname in CREDENTIALS
            or ev.clinical(last)):  # "Foley" masked as a name would be masked as the catheter too
        return None
    return (first, last + 1) if given_name(ev, first) else None


def coordinated_given_names(ev: "ClinicalEvidence", start: int, end: int, taken: Collection[int]) -> List[int]:
    """The given names joined by "and" or "&" to the person at tokens start..end ("Both Suzette and HANK",
    "ROB AND MARK SMITH"), on tokens no span covers; in a note with capitals, only capitalised ones."""
    out = []
    for joiner in (ev.next_word(end - 1), ev.previous(start)):
        if joiner < 0 or ev.lower[joiner] not in {"and", "&"}:
            continue
        name = ev.next_word(joiner) if joiner >= end else ev.previous(joiner)
        if name >= 0 and name not in taken and given_name(ev, name):
            out.append(name)
    return out


def transfer_place(ev: "ClinicalEvidence", i: int) -> bool:
    """A common word named as the hospital a patient moves to or from ("TRANSFERRED FROM HARBOR", "go to
    Mercy", "SURGEON FROM HARBOR"): no clinical word, no place of care in general, no frequent word."""
    w = ev.lower[i]
    if not ev.words[i].isalpha() or len(w) < 4 or w in PLACES_OF_CARE or w in ev.stops or ev.clinical(i):
        return False
    # an unknown word is `place_after_movement`'s
    if not is_english_word(w) or not PLACE_MIN_ZIPF <= zipf(w) < PLACE_MAX_ZIPF:
        return False
    nxt = ev.next_word(i)
    if nxt >= 0 and ev.words[nxt].isalpha() and ev.clinical(nxt):
        return False  # "FROM TRIPLE LUMEN", "TO RADIATION THERAPY": a thing, not a place
    if ev.cased and not ev.written[i][:1].isupper():
        return False
    j = ev.previous(i)
    if j < 0 or ev.lower[j] not in {"to", "from"}:
        return False
    at = ev.doc[j].idx
    before = ev.doc.text[max(0, at - 30):at]
    if ev.lower[j] == "to":
        return TRANSFER_BEFORE.search(before) is not None
    return TRANSFER_FROM_BEFORE.search(before) is not None or VISITORS_BEFORE.search(before) is not None


def ward_name(ev: "ClinicalEvidence", i: int) -> bool:
    """A word no dictionary lists, after "on", "per", "to", "from", before a ward's number and no unit
    ("ON QUARTERMAIN 2", "PER QUARTERMAIN 3 RN", "QUARTERMAIN3 DEVELOPED CP")."""
    glued = WARD.match(ev.words[i])
    if glued and glued.group(1):  # "QUARTERMAIN3": one token
        word = glued.group(1).lower()
        if (len(word) < 5 or is_english_word(word) or word in ev.stops or is_clinical_term(word)
                or word in CLINICAL_WORDS or word in DRUGS_AND_DEVICES or is_clinical_form(word)):
            return False
        nxt = ev.next_word(i)
        return nxt < 0 or ev.lower[nxt] not in NOT_WARD_AFTER
    if not ev.evidence(i) or ev.clinical(i) or not ev.words[i].isalpha():
        return False
    j = ev.previous(i)
    if j < 0 or ev.lower[j] not in WARD_BEFORE:
        return False
    number = ev.next_word(i)
    if number < 0 or not re.fullmatch(r"\d{1,2}", ev.words[number]):
        return False
    after = ev.next_word(number)
    return after < 0 or ev.lower[after] not in NOT_WARD_AFTER


def place_after_movement(ev: "ClinicalEvidence", i: int) -> bool:
    """A word no dictionary or clinical list has, right after "to", "from", "in", "at", "into":
    where the patient goes or comes from ("to quartermain 6", "IN PIKESVILLE", "from Rome")."""
    w = ev.lower[i]
    if len(w) < 4 or not ev.words[i].isalpha() or ev.clinical(i) or is_english_word(w) or w in ev.stops:
        return False
    if w.endswith(VERB_ENDINGS):
        return False  # "to extubate", "to diurese": a plan, not a place
    if ev.cased and ev.written[i].islower():
        return False
    j = ev.previous(i)
    return j >= 0 and ev.lower[j] in PLACE_BEFORE


def hospital_acronym(ev: "ClinicalEvidence", i: int) -> bool:
    """"GH" of "transferred to GH", "VAMC" of "from VAMC": a short acronym ending like a hospital's
    ("H", "MC", "HC") right after a movement word, and no clinical term or English word."""
    w = ev.lower[i]
    if not HOSPITAL_ACRONYM.match(w) or ev.clinical(i) or is_english_word(w) or not ev.words[i].isalpha():
        return False
    j = ev.previous(i)
    return j >= 0 and ev.lower[j] in MOVEMENT


# a US state's code or a county after a town ("Cedar Rapids, IA"), left out of the lookup
_REGION_AFTER = re.compile(r",?[ \t]+[A-Z]{2}\.?\Z")


def named_town(ev: "ClinicalEvidence", start: int, end: int) -> bool:
    """A town GeoNames lists, after "in", "from", "to"... ("Lives with wife in Cedar Rapids, IA"): where the
    patient lives or came from, though its words are English words that are no evidence of a name."""
    before = start - 1
    while before >= 0 and not ev.words[before].strip():
        before -= 1
    if before < 0 or ev.lower[before] not in PLACE_BEFORE:
        return False
    doc = ev.doc
    value = _REGION_AFTER.sub("", doc.text[doc[start].idx:doc[end - 1].idx + len(doc[end - 1].text)])
    if not value[:1].isupper() or fold_accents(value) not in known_place_names():
        return False
    words = value.split()  # one word must be no dictionary word or note term: "in HALL", "from OSH" are none
    return len(words) > 1 or not (is_english_word(folded(value)) or is_clinical_term(folded(value)))


def given_name_beside_name(ev: "ClinicalEvidence", i: int) -> bool:
    """A given name that is also a rarer English word ("MARIA", "ROSA", "IRIS") right before or after a word
    that is evidence of a name ("GONZALEZ, MARIA ELENA"): part of the name, not the word."""
    if not given_name(ev, i) or zipf(ev.lower[i]) >= GIVEN_NAME_WORD_ZIPF:
        return False
    before, after = ev.previous(i), ev.next_word(i)
    return (before >= 0 and ev.evidence(before)) or (after >= 0 and ev.evidence(after))


def title_case_run(ev: "ClinicalEvidence", i: int) -> bool:
    """In a note written in mixed case, a Title-case word inside a sentence beside another on its line,
    neither a clinical term nor a function word ("Royal Stoke", "Bluebird Care" of "Carers QDS from
    Bluebird Care"): the writer capitalised a name, which a dictionary word of it does not undo."""
    if not ev.cased or not _title_word(ev, i) or _opens_sentence(ev, i):
        return False
    run = [i] + [j for j in (_before(ev, i), ev.next_word(i)) if j >= 0 and _title_word(ev, j)]
    # one word of it rare or a place's ("Bluebird", "Stoke"): not "Occupational Health", "Consultant Cardiologist"
    return len(run) > 1 and any(zipf(ev.lower[k]) < TITLE_RUN_ZIPF or fold_accents(ev.lower[k]) in known_place_names()
                                for k in run)


TITLE_RUN_ZIPF = 3.5


def _title_word(ev: "ClinicalEvidence", i: int) -> bool:
    word, lower = ev.written[i], ev.lower[i]
    return len(word) > 1 and word.istitle() and word.isalpha() and not ev.clinical(i) and lower not in ev.stops \
        and lower not in JOB_NOUNS and lower not in DRUGS_AND_DEVICES


def _before(ev: "ClinicalEvidence", i: int) -> int:
    """The word before i on its line, spaces skipped (-1 if none or a punctuation mark)."""
    j = i - 1
    while j >= 0 and not ev.words[j].strip() and "\n" not in ev.words[j]:
        j -= 1
    return j if j >= 0 and ev.words[j].strip() and ev.words[j][:1].isalpha() else -1


def _opens_sentence(ev: "ClinicalEvidence", i: int) -> bool:
    j = i - 1
    while j >= 0 and not ev.words[j].strip() and "\n" not in ev.words[j]:
        j -= 1
    return j < 0 or "\n" in ev.words[j] or ev.words[j] in (".", ":", ";", "!", "?", "-", "–", "(", "•", "*")


# a record's field for a person's name, opening its line ("Name:", "Patient:", "Pupil:", "NOK:"), and the
# capitalised words of its value: in a note they are the person's name, whatever a dictionary says of them
# ("Pupil: Lily-Mae Thornton", "Name: ROSE WOOD")
_NAME_FIELD_VALUE = re.compile(
    r"(?im)^[ \t]*(?:(?:full|patient(?:'s)?|client(?:'s)?|child(?:'s)?)[ \t]+)?(?:name|surname|forename|patient|pt|"
    r"pupil|child|student|client|resident|service[ \t]+user|nok|next[ \t]+of[ \t]+kin)[ \t]*:[ \t]*"
    r"((?:[A-Z][\w'’]*(?:-[A-Z][\w'’]*)?,?[ \t]){0,3}[A-Z][\w'’]*(?:-[A-Z][\w'’]*)?)")


def name_field_value(ev: "ClinicalEvidence", i: int) -> bool:
    """Whether token i is one of the capitalised words of a name field's value on its line."""
    if not ev.written[i][:1].isupper():
        return False
    text, start = _doc_text(ev), ev.doc[i].idx
    line = text.rfind("\n", max(0, start - 120), start) + 1  # a field's value is near its key: a bounded look back
    if line == 0 and start > 120:
        return False
    match = _NAME_FIELD_VALUE.match(text, line)
    return match is not None and match.start(1) <= start < match.end(1)


def _doc_text(ev: "ClinicalEvidence") -> str:
    """The note's text, built once per note (spaCy builds `doc.text` anew on each call)."""
    text = getattr(ev, "_text", None)
    if text is None:
        text = ev._text = ev.doc.text
    return text
