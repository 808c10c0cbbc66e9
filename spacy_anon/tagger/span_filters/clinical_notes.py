"""The span filter for clinical notes: in a document whose words are mostly clinical shorthand, a span is
kept only where something in it can identify someone, and the dates, titled names and hospitals such
notes are made of are added.

A tagger trained on prose reads a nursing note as a list of names: "SBP", "GI", "NEURO" look like
organisations, "foley" and "Labetelol" like surnames, "90" and "20" like codes, and a line in capitals
("ADMITTED IN TRANSFER FROM CALVERT HOSPITAL FOR MENTAL STATUS CHANGES") like one long name. What
identifies in a note is a few names, dates, hospitals and numbers. So, once a document is a clinical
note (enough of its words are clinical terms, `clinical_term_count`):

- a span of a name-like label is cut at clinical terms, numbers, field keys, stop words and punctuation,
  and each piece is kept from its first to its last piece of evidence: a word no dictionary or clinical
  vocabulary lists ("CALVERT", "Rakusin"), the word after a title ("DR. Foley"), or a hospital head with
  the words before it ("HOLY CROSS HOSPITAL");
- a span of identifier labels made of numbers needs an identifier's length (five digits or more: no
  vital sign, dose or score has them);
- a date span needs a date's shape ("8/18", "1992", "'95", a month name);
- labels of quantities (doses, volumes, vitals) are dropped;
- a piece of a place's or an organisation's label (`context_labels`) on an unknown word alone is kept only
  where a place is named: after "to", "from", "at", "in", or before "HOSPITAL", "REHAB", "HOUSE" (in a
  note such labels are mostly drugs, devices and misspelt words: "LEVOQUIN", "HICKMAN", "AROUSABLE"), or
  where it holds a listed name or follows a title, role, kin word or "patient" ("Patient Bartholomew
  Quayle" tagged as an organisation is a person);
- month/day and history dates, names after a title and hospital names the tagger missed are added.

Other documents pass unchanged: the filter does nothing outside clinical notes.
"""
import re
from typing import FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.casing import written_words
from spacy_anon.errors import Errors
from spacy_anon.lexicon.clinical_forms import DRUGS_AND_DEVICES, is_clinical_form
from spacy_anon.lexicon.clinical_terms import (
    NOTE_SHARE, NOTE_TERMS, is_clinical_term, is_english_word,
)
from spacy_anon.lexicon.eponyms import LONE_EPONYMS, NAMED_HEADS
from spacy_anon.lexicon.generic_words import CLINICAL_WORDS, FIELD_KEYS, IRREGULAR_VERBS, folded, zipf
from spacy_anon.possessives import possessive_end
from spacy_anon.rules import find_matches, recognizers_for
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, stop_words
from spacy_anon.tagger.span_filters.clinical_cues import (
    NOT_NAMES, PLACE_BEFORE, SHORT_GIVEN_NAMES, coordinated_given_names, credited_name, given_name, given_name_beside_name,
    hospital_acronym, name_field_value, named_town, place_after_movement, surname_word, title_case_run, transfer_place,
    ward_name)
from spacy_anon.tagger.span_filters.clinical_people import full_name, surname_after
from spacy_anon.tagger.span_filters.note_terms import note_term_count
from spacy_anon.tagger.span_filters.note_values import (  # noqa: F401  (date_shaped, identifier_number re-exported)
    DATE_WORDS, YEAR, clock_time, date_shaped, identifier_number)

TITLES = frozenset("dr dr. drs mr mr. mrs mrs. ms ms. miss doctor".split())
DOCTOR = frozenset("dr dr. drs doctor".split())
# roles written before a name in notes ("CM ROSE", "RN Bernard Foley"): a name only if no clinical term
# (not "pt": the patient opens most sentences of a note, "PT WENT", "pt rec'd")
ROLES = frozenset("cm sw rn np pa md cnm rrt crt lpn nurse attending resident fellow therapist physio "
                  "physiotherapist ot slt dietitian dietician pharmacist carer hca midwife paramedic psychologist "
                  "chaplain registrar consultant gp".split())
# words after which a run of unknown words is a person, whatever label the tagger gave it
PERSON_CUES = TITLES | ROLES | frozenset({"patient", "pt"})
# words after which an initial opens a name ("AS PER E. WELSH", "called q. lander")
BEFORE_INITIAL = frozenset("per by with and & called paged notified informed told".split())
# relatives and carers, named right after the word ("dtr suzette", "husband Rich")
KIN = frozenset("wife husband son daughter dtr dau sister sis brother bro mother mom mum father dad niece nephew "
                "grandson granddaughter grandmother grandfather friend partner fiance fiancee hcp proxy "
                "girlfriend boyfriend aunt uncle cousin".split())
# "R. LEG", "L. ARM": right, left, both sides; "A. STABLE", "P. WEAN": the headings of a SOAP note
SIDES = frozenset("r l b s o a p".split())
# an English word at least this frequent (wordfreq's Zipf scale) is a word before it is a listed name
COMMON_ZIPF = 4.5
# a university or a saint's name ("U OF MD", "University of Maryland", "St. Agnes", "ST. MARY'S")
UNIVERSITY_WORDS = frozenset("u univ university".split())  # "U MARYLAND"
UNIVERSITY = re.compile(r"(?i)\b(?:u|univ|university)\s+of\s+[a-z]{2,}\b")
# hospitals named for a devotion ("SACRED HEART MEMORIAL", "Holy Cross", "good samaritan hospital")
DEVOTION = re.compile(r"(?i)\b(?:sacred\s+heart|holy\s+(?:cross|family|name|spirit|redeemer|trinity|rosary)|"
                      r"good\s+(?:samaritan|shepherd))(?:\s+(?:memorial|hospital|hosp|medical\s+center|rehab|"
                      r"rehabilitation|center|clinic))*\b")
# a month and its year ("MARCH OF 1993", "nov. 2016")
MONTH_YEAR = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?,?\s+(?:of\s+)?"
                        r"(?:19[3-9]\d|20[0-3]\d)\b")
SAINT = re.compile(r"\b(?<!/)(?:st|ST|St)\.?\s+([A-Z][A-Za-z]+)(?:'s)?")
AGE_SHAPE = re.compile(r"(?i)\b\d{1,3}\s*-?\s*(?:years?|yrs?|yo|y/o|y\.o\.)(?![a-z])")
APOSTROPHE_YEAR = re.compile(r"(?<!')'\d\d(?![\w'])")
# the head word of a hospital's or care home's name; the words before it are the name
PLACE_HEADS = frozenset("hospital hosp clinic medical memorial infirmary hospice university center centre "
                        "manor rehabilitation regional".split())
# a care home's, a general practice's or a ward's head, written capitalised ("Keeley House", "Riverside Medical
# Practice", "Elm Tree Surgery", "Elm Ward"; a note's "CARDIAC SURGERY" is no place)
RESIDENCE_HEADS = frozenset("house lodge grange court gardens practice surgery ward".split())
# the tagger's gazetteers of places, peoples and languages: a context label's piece on one of their words
# stays ("YORUBA SPEAKING", "LANGUAGE VIETNAMESE", "MARYLAND")
PLACE_GAZETTEERS = ("countries", "regions", "demonyms")
# the keys of a note's fields that hold a name ("PT: KOWALCZYK, ANDRZEJ", "GP: ...")
NAME_KEYS = frozenset("pt patient name nok contact gp attending physician surgeon consultant interpreter carer "
                      "caregiver names surname surnames forename forenames".split())
# Latin of a note's prose after "in" ("NG TUBE IN SITU", "in utero"): no place
CLINICAL_LATIN = frozenset("situ vivo vitro utero toto extremis".split())
# a ward's number after its building's name ("ON QUARTERMAIN 6"): one or two digits and no unit after
WARD_NUMBER = re.compile(r"^\d{1,2}$")
# words after a place's name that say it is one ("BALTIMORE REHAB", "the KEELEY HOUSE", "QUARTERMAIN 3" is
# a ward by the word before it)
PLACE_AFTER = PLACE_HEADS | frozenset("rehab house home nursing hall ward unit campus county city speaking".split())
# words before a head that describe the place instead of naming it ("outside hospital", "the clinic")
NOT_PLACE_NAMES = frozenset("outside local other another community previous prior referring transferring "
                            "receiving home nursing same this that our their his her the a an any rehab "
                            "psychiatric psych state county private general city".split())
# a possessive's ending, a token of its own ("Thomas' Hospital", "Mary's Hospital")
POSSESSIVE_MARKS = frozenset("' ’ 's ’s".split())
# tokens that may stand inside a name piece without ending it ("FORMAN-LYONS", "O'NEIL", "U OF MD")
JOINERS = frozenset("- ' ’ of".split())
# rule recognizers whose finds are added to a clinical note (dates in note shorthand, titled names)
ADDED_RECOGNIZERS = ("rules.date", "rules.clinical_month_day", "rules.clinical_date", "rules.titled_name")


class ClinicalEvidence:
    """Per document: which tokens are evidence of a name, which end a name piece."""

    def __init__(self, doc: Doc, words: Sequence[str], names: FrozenSet[str] = frozenset(),
                 written: Optional[Sequence[str]] = None):
        self.doc, self.words, self.names = doc, words, names
        # the tokens as written: capitals count as evidence only where the writer typed them, not where
        # `casing` recased a line in capitals or in lower case from word lists ("sacred heart hospital"
        # stays lower case there, "SACRED HEART HOSPITAL" becomes "Sacred Heart hospital")
        self.written = words if written is None else written
        self.lower = [folded(w) for w in words]
        self.places: FrozenSet[str] = frozenset()  # set by the filter from the tagger's gazetteers
        self.first_names: FrozenSet[str] = frozenset()  # the same
        self.stops = stop_words(doc.lang_ or "en")
        alpha = [w for w in self.written if w.isalpha()]
        capitalised = sum(1 for w in alpha if w[0].isupper() and not w.isupper())
        lower = sum(1 for w in alpha if w.islower())
        # mixed case: names are capitalised, so a lower-case word is none (unless a title or kin word
        # names it); an all-lower or all-capitals note says nothing by case
        self.cased = bool(alpha) and capitalised >= 0.1 * len(alpha) and lower >= 0.3 * len(alpha)

    def previous(self, i: int) -> int:
        """The token before i on the same line, spaces and a title's dot skipped (-1 if none)."""
        j = i - 1
        while j >= 0 and (not self.words[j].strip() or self.words[j] == "."):
            if "\n" in self.words[j]:
                return -1
            j -= 1
        return j

    def after_title(self, i: int) -> bool:
        """Token i after a title ("DR. FOLEY", "Drs' Ballou"), or after "and" after a titled name
        ("Drs' Ballou and Dutter")."""
        j = self.previous(i)
        if j >= 0 and self.words[j] in {"'", "’"}:
            j = self.previous(j)
        if j >= 1 and self.lower[j] in {"and", "&"}:
            k = self.previous(j)
            return k >= 0 and self.words[k].isalpha() and self.after_title(k) and self.titled(k)
        return j >= 0 and self.lower[j] in TITLES

    def after_doctor(self, i: int) -> bool:
        """Token i, or the given name before it, right after "Dr" ("MS", "MR" are also mental status and
        mitral regurgitation in a note)."""
        j = self.previous(i)
        if j >= 0 and self.lower[j] not in DOCTOR and self.words[j].isalpha():
            j = self.previous(j)
        return j >= 0 and self.lower[j] in DOCTOR

    def after_role(self, i: int) -> bool:
        """Token i right after a role word, or in brackets after one ("RN Bernard Foley", "physio (Tom)")."""
        j = self.before_bracket(self.previous(i))
        return j >= 0 and self.lower[j] in ROLES

    def before_bracket(self, j: int) -> int:
        """The token before an opening bracket at j (the word a name in brackets is of), else j."""
        return self.previous(j) if j >= 0 and self.words[j] == "(" else j

    def after_person_word(self, i: int) -> bool:
        """Token i right after a word that names a person next: a title, role or kin word, or the patient
        ("Patient Bartholomew Quayle", "pt Oyelaran")."""
        j = self.previous(i)
        return j >= 0 and (self.lower[j] in PERSON_CUES or self.after_kin(i))

    def after_kin(self, i: int) -> bool:
        """Token i right after a kin word ("son Rob", "dtr: suzette"), not across a full stop ("son.
        Started")."""
        if i > 0 and self.words[i - 1] == ".":
            return False
        j = self.before_bracket(self.previous(i))  # "son (Rob)"
        if j >= 0 and self.words[j] in {",", ":", "-"}:  # "wife, rose"; "dtr: suzette"
            j = self.previous(j)
        return j >= 0 and self.lower[j] in KIN

    def titled(self, i: int) -> bool:
        """A word named by a title ("DR. FOLEY", both words of "Dr. Art White"), an initial ("E. WELSH",
        "q. lander") or a kin word ("dtr suzette", "son Rob", both words of "dtr Frances Baker")."""
        w = self.lower[i]
        if not self.words[i].isalpha() or len(w) < 2 or w in self.stops:
            return False
        if name_field_value(self, i):
            return True  # "Pupil: Lily-Mae Thornton"
        # not "DR AWARE", "MD notified", "RN brought"
        name_like = w not in IRREGULAR_VERBS and w not in NOT_NAMES and (
            w in self.names or w in SHORT_GIVEN_NAMES or not is_english_word(w))
        # a rare English word after a title is a surname ("DR. HALFPENNY"), not "DR AWARE", "DR NOTIFIED"
        rare = surname_word(w) and not self.clinical(i) and self.after_doctor(i)
        if self.after_title(i):  # "Dr. Art White": a capitalised word before another in a cased note
            nxt = self.next_word(i)
            return name_like or rare or (self.cased and self.written[i].istitle() and nxt >= 0
                                 and self.written[nxt].istitle() and self.words[nxt].isalpha())
        if self.clinical(i):
            return self.eponym_surname(i)
        if self.after_role(i) and name_like:
            return True  # "CM ROSE", "RN Bernard Foley"
        word = self.written[i]
        if self.after_initial(i) and (name_like or (len(w) > 2 and zipf(w) < 4.5)):
            return True  # "E. WELSH", "q. lander": a rarer word after an initial (not "R. LEG")
        if self.after_kin(i) and (name_like or (word[0].isupper() and not word.isupper())):
            return True  # "son Rob": capitalised after a kin word
        j = i - 1
        capitals = (self.written[i][:1].isupper() and self.written[j][:1].isupper()) or not self.cased
        return (j >= 0 and not self.clinical(i) and capitals  # "dr. john bowman" in lower case
                and self.doc[j].whitespace_ == " " and self.words[j].isalpha() and self.lower[j] not in self.stops
                and ((name_like and (self.after_title(j) or self.after_kin(j) or self.after_role(j)))
                     or (rare and self.after_title(j) and self.titled(j))  # "Dr Ferdinand Halfpenny"
                     # a surname a dictionary lists, after a titled person's given names in a note written
                     # with capitals: "Dr Anna Maria Berg"
                     or (self.cased and self.written[i].istitle() and (name_like or surname_word(w))
                         and given_name(self, j) and self.titled(j))))

    def eponym_surname(self, i: int) -> bool:
        """A device's or a test's eponym written with its capital after a titled given name: the person's
        surname ("RN Bernard Foley", "RN BERNARD FOLEY AT 0730"), not the catheter ("Foley catheter", "foley draining")."""
        j = i - 1
        return (self.lower[i] in LONE_EPONYMS and not (self.cased and self.written[i].islower()) and j >= 0
                and self.doc[j].whitespace_ == " " and given_name(self, j) and self.titled(j)
                and not (i + 2 < len(self.words) and self.lower[i + 2] in NAMED_HEADS))

    def after_initial(self, i: int) -> bool:
        """Token i follows an initial and its dot that open a name ("E. WELSH", "s. roberto")."""
        j = self.previous(i) if i > 0 and self.words[i - 1] == "." else -1
        if j < 0 or j != i - 2 or len(self.words[j]) != 1 or not self.words[j].isalpha() or self.lower[j] in SIDES:
            return False
        if j >= 1 and self.words[j - 1] == "." and not self.doc[j - 1].whitespace_:
            return False  # the "m" of "a.m. tidal volume"
        k = j - 1  # the initial opens a line or a clause, or follows "per", "by", "called"
        if k < 0 or not self.words[k].strip() or self.words[k] in {".", ",", ";", ":", "(", "-"}:
            return True
        k = self.previous(j)
        return k >= 0 and self.lower[k] in BEFORE_INITIAL

    def clinical(self, i: int) -> bool:
        """Clinical vocabulary, a drug or device ("HICKMAN", a surname too, is a line in a note unless a
        title names it), or a misspelt or derived clinical word (not a name the tagger lists: "martino" is
        one edit from "martin" and a name)."""
        w = self.lower[i]
        if is_clinical_term(w) or w in CLINICAL_WORDS or w in FIELD_KEYS or w in CLINICAL_LATIN:
            return True
        if w in DRUGS_AND_DEVICES:
            return True
        return len(w) >= 5 and w not in self.names and not is_english_word(w) and is_clinical_form(w)

    def initial(self, i: int) -> bool:
        """A capital initial with its dot before a name word ("DAN A. FORMAN-LYONS"; in a note without
        capitals also "s. roberto"), or between two name words ("ROBERT V DEGIORGIO"), or that dot, or the
        "O'" of "O'CONNELL"; not "C" (with), "P" (post) or "S" of a caps note."""
        words, n = self.written, len(self.words)
        if words[i] in {".", "'", "’"} and i > 0 and len(words[i - 1]) == 1 and self.initial(i - 1):
            return True
        if len(words[i]) != 1 or not words[i].isalpha():
            return False
        if i + 2 < n and words[i + 1] in {"'", "’"} and self.lower[i] in {"o", "d"} and self.evidence(i + 2):
            return True  # "O'CONNELL", "d'amico"
        if not words[i].isupper() and self.cased:
            return False
        if i + 2 < n and words[i + 1] == "." and self.evidence(i + 2):
            return True
        if not words[i].isupper():
            return False
        before = self.previous(i)
        return before >= 0 and i + 1 < n and self.evidence(before) and self.evidence(i + 1)

    def joins(self, i: int) -> bool:
        """A token that may stand inside a run of name words: a hyphen, an apostrophe, "of"."""
        return self.lower[i] in JOINERS

    def breaks(self, i: int) -> bool:
        """Whether token i ends a name piece: clinical vocabulary, a number, punctuation, a stop word."""
        word, w = self.words[i], self.lower[i]
        if w in JOINERS or (word == "." and i > 0 and len(self.words[i - 1]) == 1
                            and self.written[i - 1].isupper()):
            return False  # "O'NEIL", "U OF MD", the dot of an initial ("ROBERT V. DEGIORGIO")
        if not any(ch.isalpha() for ch in word):
            return True
        return self.clinical(i) or (w in self.stops and not self.after_title(i))

    def evidence(self, i: int) -> bool:
        """A word that can be a name in a note: after a title, or listed by no dictionary and no clinical
        vocabulary (and not one letter: "R", "L", "S" are sides and headings)."""
        word, w = self.words[i], self.lower[i]
        if len(w) < 2 or not word.replace("-", "").replace("'", "").isalpha():
            return False
        if self.titled(i):
            return True
        if self.cased and self.written[i].islower():
            return False
        if title_case_run(self, i):
            return True
        if self.clinical(i) or is_english_word(w) or w in self.stops:
            return False
        return len(w) > 4 or w in self.names  # "ADEQ", "LEVO", "WOB": shorthand no list has; "DAN" a name

    def head(self, i: int) -> bool:
        return self.lower[i] in PLACE_HEADS or (self.lower[i] in RESIDENCE_HEADS and self.written[i].istitle())

    def listed_name(self, i: int) -> bool:
        """A name of the tagger's lists that is no frequent English word: the surname lists hold
        "company", "cases", "white", which in a note are words."""
        w = self.lower[i]
        return w in self.names and not (is_english_word(w) and zipf(w) >= COMMON_ZIPF)

    def next_word(self, i: int) -> int:
        """The token after i on the same line, spaces skipped (-1 if none)."""
        j = i + 1
        while j < len(self.words) and not self.words[j].strip():
            if "\n" in self.words[j]:
                return -1
            j += 1
        return j if j < len(self.words) else -1

    def place_context(self, start: int, end: int) -> bool:
        """Whether tokens start..end stand where a place or a name is written: after "to", "from", "at", "in",
        "U", after a form's name field ("PT:", "NOK:"), or
        before a place's head word ("to QUARTERMAIN", "BALTIMORE REHAB", "KEELEY HOUSE") or a ward's number
        ("ON QUARTERMAIN 6")."""
        before, after = self.previous(start), self.next_word(end - 1)
        if after >= 0 and possessive_end(self.doc, after) > after:  # "CHRISTIANA PARK WOMEN'S HOSPITAL"
            after = self.next_word(possessive_end(self.doc, after) - 1)
        if before >= 1 and self.words[before] == ":":  # a form's field: "PT: KOWALCZYK, ANDRZEJ"
            key = self.previous(before)
            if key >= 0 and (self.lower[key] in NAME_KEYS or self.lower[key] in KIN):
                return True
        ward = after >= 0 and WARD_NUMBER.match(self.words[after]) is not None and (
            after + 1 >= len(self.words) or not self.words[after + 1].strip() or not self.words[after + 1].isalnum())
        return ((before >= 0 and self.lower[before] in PLACE_BEFORE | UNIVERSITY_WORDS)
                or (after >= 0 and self.lower[after] in PLACE_AFTER) or ward)

    def place_start(self, i: int, lo: int) -> Optional[int]:
        """The first word of the name before head i (at most three words, from `lo`, a possessive's
        ending not counted, and a saint's "St" before them), or None when the words before it only describe
        the place ("outside hospital")."""
        start = None
        j, skipped = i - 1, 0
        while j >= lo and i - j - skipped <= 3:
            if not self.words[j].strip():
                j -= 1
                continue
            w = self.lower[j]
            mark = j - 1 if w == "s" and j > lo and self.words[j - 1] in ("'", "’") else j  # "Luke", "'", "s"
            if self.lower[mark] in POSSESSIVE_MARKS and mark > lo and self.words[mark - 1].isalpha() \
                    and not self.doc[mark - 1].whitespace_:
                skipped += j - mark + 1
                j = mark - 1  # "St Thomas' Hospital", "St Mary's Hospital": the possessive is the name's
                continue
            if start is not None and w in ("st", "st."):
                return j  # a saint's name opens it ("ST MARY'S HOSPITAL"), though "ST" is also the ECG's
            if (self.breaks(j) and w not in PLACE_HEADS) or w in NOT_PLACE_NAMES:
                break
            start = j
            j -= 1
        if start is not None and start - 2 >= lo and self.words[start - 1] == "." and self.lower[start - 2] == "st":
            return start - 2  # "st. luke's hospital"
        return start


def pieces(ev: ClinicalEvidence, start: int, end: int) -> List[Tuple[int, int, bool]]:
    """The runs of evidence in the span, and whether each is strong (a title, kin word or hospital
    head). A run is evidence tokens next to each other (an initial, its dot, a hyphen or "of" may stand
    between them) or a hospital head with the words before it; anything else ends it, so "PLUGGY THICK
    SECRETONS" is two runs without "THICK" and a caps line is cut down to its names."""
    out: List[Tuple[int, int, bool]] = []
    run_start, run_end, strong = -1, -1, False

    def close() -> None:
        if run_start >= 0:
            out.append((run_start, run_end, strong))

    for k in range(start, end):
        if not ev.words[k].strip() and "\n" not in ev.words[k]:
            continue
        if ev.evidence(k) or ev.initial(k) or given_name_beside_name(ev, k):
            if run_start < 0:
                run_start, strong = k, False
            run_end, strong = k + 1, strong or ev.titled(k) or ev.listed_name(k) or title_case_run(ev, k)
        elif ev.head(k) and ev.place_start(k, start) is not None:
            first = ev.place_start(k, start)
            if run_start < 0 or first < run_start:
                close()
                run_start = first
            run_end, strong = k + 1, True
        elif not ev.joins(k) or run_start < 0:
            close()
            run_start, run_end, strong = -1, -1, False
    close()
    return [(s, e, strong) for s, e, strong in out if any(ev.evidence(k) or ev.head(k) for k in range(s, e))]


class ClinicalNotes(SpanFilter):
    """See the module docstring. Labels are output labels (`tagger.output_label`)."""

    def __init__(self, min_share: float, min_terms: int, name_labels: Sequence[str],
                 number_labels: Sequence[str], date_label: str, drop_labels: Sequence[str], add_found: bool,
                 person_label: str, place_label: str, min_score: float, context_labels: Sequence[str] = ()):
        if not 0.0 < min_share <= 1.0:
            raise ValueError(Errors.E635.format(setting="min_share", value=min_share))
        if not 0.0 <= min_score <= 1.0:
            raise ValueError(Errors.E635.format(setting="min_score", value=min_score))
        if min_terms < 1:
            raise ValueError(Errors.E635.format(setting="min_terms", value=min_terms))
        evidence = set(name_labels) | set(number_labels) | set(context_labels)
        overlap = evidence & (set(drop_labels) | {date_label})
        if overlap:
            raise ValueError(Errors.E636.format(labels=", ".join(sorted(overlap))))
        if add_found and not (person_label and place_label and date_label):
            raise ValueError(Errors.E637.format())
        self.min_share, self.min_terms = min_share, min_terms
        self.name_labels, self.number_labels = frozenset(name_labels), frozenset(number_labels)
        self.date_label, self.drop_labels = date_label, frozenset(drop_labels)
        self.add_found, self.person_label, self.place_label = add_found, person_label, place_label
        self.min_score, self.context_labels = min_score, frozenset(context_labels)

    def is_note(self, doc: Doc, words: Sequence[str]) -> bool:
        terms, alpha = note_term_count(doc, words)
        return terms >= self.min_terms and terms >= self.min_share * alpha

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        words = tokens[0]
        if not self.is_note(doc, words):
            return spans
        ev = ClinicalEvidence(doc, words, getattr(tagger, "name_terms", frozenset()), written_words(doc))
        gazetteers = getattr(tagger, "gazetteer_terms", {}) or {}
        ev.places = frozenset().union(*(gazetteers.get(k, frozenset()) for k in PLACE_GAZETTEERS))
        ev.first_names = frozenset(gazetteers.get("first_names", frozenset()))
        matches = find_matches(doc.text, recognizers_for(ADDED_RECOGNIZERS), views=False)
        rule_dates = [(m.start, m.end) for m in matches if m.label == "DATETIME"]
        rule_dates += [(m.start(), m.end()) for m in MONTH_YEAR.finditer(doc.text) if DATE_WORDS.match(doc.text, m.start())]
        to_crf = {}
        for _, _, label, _ in spans:
            to_crf.setdefault(tagger.output_label(label), label)
        out: List[Scored] = []
        for start, end, label, score in spans:
            out.extend(self.kept(doc, ev, start, end, label, tagger.output_label(label), score, rule_dates))
        if self.add_found:
            out = self.with_found(doc, ev, out, to_crf, matches)
        return sorted(set(self.with_initials(ev, out, tagger)))

    def kept(self, doc: Doc, ev: ClinicalEvidence, start: int, end: int, label: str, output: str,
             score: float, rule_dates: Sequence[Tuple[int, int]]) -> Iterable[Scored]:
        text = doc.text
        s_char, e_char = doc[start].idx, doc[end - 1].idx + len(doc[end - 1].text)
        age = AGE_SHAPE.search(text, s_char, e_char)
        if age:  # an age, whatever the label ("78 YO", "(76 years)"); the rest of a longer span is read
            # as a span of its own ("58 YEAR OLD FEMALE ADMITTED ... FROM CALVERT HOSPITAL")
            cut = doc.char_span(age.start(), age.end(), alignment_mode="expand")
            a, b = (start, end) if cut is None else (max(start, cut.start), min(end, cut.end))
            kept = [(a, b, label, score)]
            for s, e in ((start, a), (b, end)):
                if any(any(ch.isalnum() for ch in w) for w in ev.words[s:e]):
                    kept.extend(self.kept(doc, ev, s, e, label, output, score, rule_dates))
            return kept
        if output in self.drop_labels:  # a dose, a volume, a vital sign
            return []
        if output == self.date_label:
            if not date_shaped(text, s_char, e_char, rule_dates):
                return []
            for s, e in rule_dates:  # the whole date the rules read ("8" of "8/14" is "8/14")
                whole = doc.char_span(min(s, s_char), max(e, e_char), alignment_mode="expand")
                if s < e_char and s_char < e and whole is not None:
                    start, end = min(start, whole.start), max(end, whole.end)
            return [(start, end, label, score)]
        if output in self.number_labels and identifier_number(text[s_char:e_char]):
            return [(start, end, label, score)]
        if output == self.person_label and full_name(ev, start, end):  # "Mary Cook": the surname a word
            return [(start, end, label, score)]
        if output in self.context_labels and full_name(ev, start, end, world=True):
            return [(start, end, label, score)]  # "CV: Aisha Karimi" read as an organisation: a person's name
        if output in self.context_labels and named_town(ev, start, end):  # "in Cedar Rapids, IA"
            return [(start, end, label, score)]
        if output in self.name_labels or output in self.number_labels or output in self.context_labels:
            in_context = output in self.context_labels
            return [(s, e, label, score) for s, e, strong in pieces(ev, start, end)
                    if strong or (ev.place_context(s, e) or any(w in ev.places for w in ev.lower[s:e])
                                  or any(ev.listed_name(i) for i in range(s, e)) or ev.after_person_word(s)
                                  if in_context else score >= self.min_score)]
        return [(start, end, label, score)]

    def with_found(self, doc: Doc, ev: ClinicalEvidence, spans: List[Scored], to_crf, matches) -> List[Scored]:
        """spans plus the dates, titled names and hospital names on tokens no span covers."""
        taken: Set[int] = set()
        for s, e, _, _ in spans:
            taken.update(range(s, e))
        found: List[Tuple[int, int, str]] = []
        for match in matches:
            span = doc.char_span(match.start, match.end, alignment_mode="expand")
            if span is not None:
                found.append((span.start, span.end, self.date_label if match.label == "DATETIME" else
                              self.person_label if match.label == "PERSON" else match.label))
        for i in range(len(doc)):
            if ev.words[i].isalpha() and len(ev.words[i]) > 1 and ev.titled(i):
                found.append((i, i + 1, self.person_label))
        text = doc.text
        for pattern in (YEAR, APOSTROPHE_YEAR):
            for m in pattern.finditer(text):
                if pattern is YEAR and clock_time(text, m.start()):
                    continue
                span = doc.char_span(m.start() + (m.group().startswith("'")), m.end(), alignment_mode="expand")
                if span is not None:
                    found.append((span.start, span.end, self.date_label))
        places: List[Tuple[int, int]] = []
        signed = [span for span in (credited_name(ev, k) for k in range(len(doc))) if span]
        for i in range(len(doc)):
            if ev.head(i):
                first = ev.place_start(i, max(0, i - 6))
                if first is not None and (not ev.cased or any(
                        ev.evidence(k) or ev.written[k][:1].isupper() for k in range(first, i))):
                    places.append((first, i + 1))
            elif (hospital_acronym(ev, i) or place_after_movement(ev, i) or transfer_place(ev, i)
                  or ward_name(ev, i)):
                found.append((i, i + 1, self.place_label))
        for m in MONTH_YEAR.finditer(text):
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and DATE_WORDS.match(text, m.start()):
                found.append((span.start, span.end, self.date_label))
        for m in list(UNIVERSITY.finditer(text)) + list(SAINT.finditer(text)) + list(DEVOTION.finditer(text)):
            name = m.group(1).lower() if m.re is SAINT else ""
            if name and (is_clinical_term(name) or (is_english_word(name) and name not in ev.names)):
                continue  # "ST ELEVATION", "ST DEPRESSION": the ST segment
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None:
                places.append((span.start, span.end))
        out = list(spans)
        # a hospital's whole name replaces the pieces of it ("CROSS HOSPITAL" of "HOLY ..."), a signing name too
        wholes = [(s, e, self.place_label) for s, e in places] + [(s, e, self.person_label) for s, e in signed]
        for s, e, whole in wholes:
            inside = [sp for sp in out if s <= sp[0] and sp[1] <= e]
            if all(sp[1] <= s or sp[0] >= e or sp in inside for sp in out):
                out = [sp for sp in out if sp not in inside]
                for k in range(s, e):
                    taken.discard(k)
                found.append((s, e, whole))
        for s, e, output in sorted(found, key=lambda f: (f[0], -f[1])):  # "HARFORD MEMORIAL" before "HARFORD"
            if taken.isdisjoint(range(s, e)):
                out.append((s, e, to_crf.get(output, output), 0.5))
                taken.update(range(s, e))
        return out


    def with_initials(self, ev: ClinicalEvidence, spans: List[Scored], tagger) -> List[Scored]:
        """Name spans widened over the initials and the "O'" before them ("E. WELSH", "DAN A. FORMAN-LYONS",
        "O'CONNELL"), a person over the given name before it ("DICK CUCCHIARA") and a given name alone over
        the surname after it ("SUSAN LANGLEY-PRICE"): the tagger reads one part and leaves the other."""
        out = []
        taken = {k for s, e, _, _ in spans for k in range(s, e)}
        for start, end, label, score in spans:
            if tagger.output_label(label) in self.name_labels:
                while start >= 2 and ev.words[start - 1] in {".", "'", "’"} and start - 2 not in taken \
                        and ev.initial(start - 2):
                    start -= 2
            if tagger.output_label(label) == self.person_label and start >= 1 and start - 1 not in taken \
                    and ev.doc[start - 1].whitespace_ == " " and given_name(ev, start - 1):
                start -= 1
            if tagger.output_label(label) in self.name_labels:  # "SUSAN" of "SUSAN LANGLEY-PRICE", any label
                end = surname_after(ev, start, end, taken)
            out.append((start, end, label, score))
            if tagger.output_label(label) == self.person_label:
                out.extend((k, k + 1, label, score) for k in coordinated_given_names(ev, start, end, taken))
        return out


@registry.misc("spacy_anon.clinical_notes.v1")
def make_clinical_notes(
    min_share: float = NOTE_SHARE,
    min_terms: int = NOTE_TERMS,
    name_labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC", "MISC", "DEM"),
    number_labels: Sequence[str] = ("CODE", "ID", "CONTACT"),
    date_label: str = "DATETIME",
    drop_labels: Sequence[str] = ("QUANTITY",),
    add_found: bool = True,
    person_label: str = "PERSON",
    place_label: str = "LOC",
    min_score: float = 0.3,
    context_labels: Sequence[str] = ("ORG", "LOC", "MISC"),
) -> ClinicalNotes:
    """min_share, min_terms: a document is a clinical note when at least this share of its words, and
    this many, are clinical terms (`clinical_term_count`). name_labels: labels kept only on name evidence; number_labels:
    labels kept on an identifier's length of digits, or else on name evidence; date_label: the label kept
    only on a date's shape; drop_labels: labels dropped in a note; add_found: add the dates, titled names
    and hospitals the tagger missed, as date_label, person_label and place_label. min_score: a piece
    kept on an unknown word alone (no title, kin word or hospital head) needs this span score.
    context_labels: labels whose piece on an unknown word alone is kept only where a place is named
    (`ClinicalEvidence.place_context`), whatever its score (a label here is read on evidence like name_labels)."""
    return ClinicalNotes(min_share, min_terms, name_labels, number_labels, date_label, drop_labels,
                         add_found, person_label, place_label, min_score, context_labels)
