"""The span filter for clinical records that are not shorthand notes: discharge and referral letters,
and notes in full words or British shorthand, which name a patient's record (`is_clinical_record`).

A tagger trained on prose reads the care in such a letter as names: "levothyroxine 100 micrograms" as a
place, "Community Mental Health Team" as an organisation, "colorectal cancer" and "short-term memory" as
demographics, "eighteen months" and "MoCA" as dates, the "Dr" before a name as part of it, "PT SPEAKS"
and "NBM PENDING SALT" in capitals as names. What identifies in a letter is its names, hospitals,
places, dates and numbers. So, in a clinical record that the `clinical_notes` filter leaves alone:

- a person's span loses the title, role, kin word or "patient" it starts with ("Dr [Anita Rao]", "WIFE
  [CATRIONA]"); a span of such words alone goes;
- a span of a name-like label goes when every word of it is the record's content: clinical vocabulary,
  a dose or a unit, a number, a stop word or an English word no name list holds ("cardiology clinic",
  "Memory Assessment Service", "PARTIAL THICKNESS BURN R PALM"), unless it ends in the head of an
  institution's name ("Riverside Surgery", "NORTH SHIELDS GENERAL"); in a letter in mixed case, a
  lower-case span of a name-like label goes too ("chronic plaque psoriasis"), and a lower-case
  demographic span stays only as an occupation ("harbour pilot", not "doctoral student", "nurse");
- a field key is no name ("Hospital" of "Hospital number: RTI-...", "MRN" before the number);
- a date span needs a date's shape (`note_values.date_shaped`, or a weekday): "four weeks", "MoCA";
- an age span after the name of a score is the score ("PCL-5 is 41"); a quantity is kept as money or a
  patient's weight only ("tamsulosin 400 micrograms" is a dose);
- a number-only identifier or contact span needs an identifier's length ("2000-0800" is a shift); one
  of words and short numbers is read as a name ("amlodipine 100" tagged as a contact).

Other documents pass unchanged. Written from the everyday set's development letters and notes and the
annotation guideline (titles, common job titles, generic clinical words and departments are not marked).
"""
import re
from typing import FrozenSet, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.casing import written_words
from spacy_anon.errors import Errors
from spacy_anon.lexicon.clinical_records import WARD_SHORTHAND, is_clinical_record
from spacy_anon.lexicon.clinical_terms import NOTE_SHARE, NOTE_TERMS, is_english_word
from spacy_anon.lexicon.category_words import JOB_NOUNS
from spacy_anon.lexicon.generic_words import FIELD_KEYS, zipf
from spacy_anon.rules import find_matches, recognizers_for
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows
from spacy_anon.tagger.span_filters.clinical_notes import (
    ADDED_RECOGNIZERS, KIN, MONTH_YEAR, ROLES, TITLES, ClinicalEvidence, date_shaped, identifier_number,
)
from spacy_anon.tagger.span_filters.note_terms import note_term_count

# words a person's span starts with that are no part of the name ("Dr", "CNM", "WIFE", "PT")
NOT_NAME_WORDS: FrozenSet[str] = (frozenset(t.rstrip(".") for t in TITLES) | ROLES | KIN
                                  | frozenset("pt patient prof sister sr mx dad mum mom gp consultant registrar "
                                              "partner".split()))
TITLE_WORDS: FrozenSet[str] = frozenset(t.rstrip(".") for t in TITLES) | frozenset("prof mx".split())
# the head of an institution's or a street's name: a span with it after its first word is a name even of
# common words ("Riverside Surgery", "NORTH SHIELDS GENERAL", "Lakeside Mental Health Trust", "HIGH ST")
INSTITUTION_HEADS: FrozenSet[str] = frozenset(
    "hospital hosp general infirmary trust surgery practice centre center hospice home school college "
    "university club church chapel foundation memorial manor lodge house court hall street st road rd lane avenue "
    "ave drive way crescent terrace square row gardens park".split())
# words a department or service is named with ("Memory Assessment Service", "Children's Outpatients",
# "ED TRIAGE"): content, not a name, when no other word names the place
SERVICE_WORDS: FrozenSet[str] = frozenset(
    "clinic clinics service services team unit department dept outpatients outpatient inpatient inpatients "
    "ward wards pathway programme program triage rehab community mental health memory assessment referral "
    "children's children adult adults day acute specialist multidisciplinary fracture falls pain sleep "
    "diabetes asthma stroke cancer heart cardiac respiratory renal surgical medical paediatric pediatric "
    "maternity antenatal postnatal neonatal".split())
# a unit after a number ("100 micrograms", "4 mg", "2% TBSA", "98 g/L")
UNITS: FrozenSet[str] = frozenset(
    "mg mcg micrograms microgram milligrams milligram g gm gram grams kg ml mls l litre litres liter liters "
    "mmol mol units unit iu % cm mm hrly hourly sec secs min mins".split())
# the last word of an occupation ("harbour pilot", "firefighter", "volunteer coordinator")
OCCUPATION_ENDINGS = ("er", "or", "ist", "ian", "man", "woman", "pilot", "chef", "cook", "clerk", "guard", "smith",
                      "wright", "monk", "nun", "priest", "pastor", "vicar", "imam", "rabbi", "cleric")
# common job titles and roles the guideline leaves unmarked, and clinical nouns with an occupation's ending
NOT_OCCUPATIONS: FrozenSet[str] = frozenset(
    "nurse doctor patient student manager engineer worker carer caregiver teacher partner member user officer "
    "cancer disorder fever ulcer tumour tumor murmur water finger shoulder bladder liver ankle error "
    "daughter mother father brother sister grandfather grandmother".split())
# a score's name before its value ("PCL-5 is 41", "GCS 14", "MoCA: 19")
SCORE_BEFORE = re.compile(r"(?:\b[A-Z][A-Za-z]*[A-Z][A-Za-z]*(?:-\d+)?|\bscore)\s*(?:is|was|of|=|:)?\s*\Z")
AGE_KEY = re.compile(r"(?i)\b(?:age|aged|ages)\s*:?\s*\Z")
WEEKDAY = re.compile(r"(?i)\b(?:mon|tues?|wed|thu(?:rs)?|fri|sat|sun)(?:day)?\b")
CODE = re.compile(r"(?=.*\d)(?=.*[A-Za-z])")  # letters and digits in one token ("NUH7730019", "E4")
CONTENT_WORDS = (WARD_SHORTHAND, UNITS, FIELD_KEYS, SERVICE_WORDS, NOT_NAME_WORDS)
CODE_OR_NUMBER = re.compile(r"\d")
DAY_MONTH = re.compile(r"(\d{1,2})[/.](\d{1,2})(?:[/.](?:\d{2}|\d{4}))?")
AGE_AFTER = re.compile(r"(?i)\s*-?\s*(?:yo|y/o|y\.\s?o\b|years?|yrs?|yom|yof|months?)\b")
AGE_WORD = re.compile(r"(?i)(?:yo|y/o|y\.o|years?|yrs?|yom|yof)\b")
AGE_BEFORE = re.compile(r"(?i)\b(?:age|aged|ages|now)\s*:?\s*\Z")
MONEY = re.compile(r"(?i)[£$€¥]|\b(?:eur|gbp|usd|pounds?|dollars?|euros?)\b")
PLACE_WORDS: FrozenSet[str] = frozenset("at in on from per by with".split())
WEIGHT_BEFORE = re.compile(r"(?i)\b(?:weight|weighs|weighed|weighing|wt)\s*:?\s*\Z")
CLINICIAN_ENDINGS = ("ologist", "ician", "iatrist", "therapist", "surgeon", "nurse", "midwife")
LABEL_KINDS = ("name", "date", "age", "number", "quantity")


def strip_person_words(ev: ClinicalEvidence, start: int, end: int) -> Tuple[int, int]:
    """The span without the titles, roles, kin words and "patient" it starts with ("Dr [Bankole]", "PT
    [EDWARD]"), nor the stop words and punctuation at its edges; (k, k) when nothing else is left."""
    while start < end and (ev.lower[start].rstrip(".") in NOT_NAME_WORDS or not ev.words[start].strip()
                           or ev.words[start] in {".", ",", ":"}
                           or (ev.lower[start] in ev.stops and not given_name_word(ev, start, end))):
        start += 1
    return start, end


def given_name_word(ev: ClinicalEvidence, i: int, end: int) -> bool:
    """A stop word written with a capital that is a given name: after a title, role or kin word ("Dr Will
    Young", "her daughter May Long"), or inside a sentence before another capitalised word ("ask Will Cook")."""
    if not ev.written[i][:1].isupper() or ev.written[i].isupper():
        return False
    k = i - 1
    while k >= 0 and not ev.words[k].strip():
        k -= 1
    if k >= 0 and ev.lower[k].rstrip(".") in NOT_NAME_WORDS:
        return True
    opens = k < 0 or ev.words[k] in {".", "!", "?", ":"} or "\n" in ev.words[k] or "\n" in ev.doc[k].whitespace_
    return not opens and i + 1 < end and ev.written[i + 1][:1].isupper()


def split_at_places(ev: ClinicalEvidence, start: int, end: int) -> List[Tuple[int, int]]:
    """The span cut at a line break, a spaced dash, "at", "in", "on", "from", "per", "by", "with" between
    spaces, a comma before a role ("Dr Will White, Consultant Physician"), and before a title ("Paediatric Asthma Clinic | Penrhos Infirmary", "MORPHINE 4 MG IV GIVEN |
    DR OSEI-BONSU", "Lakeside Mental Health Trust | Community Mental Health Team"): a service, the place
    it is held and the person who gave it are read apart; "Bowness-on-Windermere" stays whole."""
    out, first = [], start
    for k in range(start, end):
        spaced = k > start and ev.doc[k - 1].whitespace_ != "" and ev.doc[k].whitespace_ != ""
        cut = "\n" in ev.words[k] or (spaced and (ev.lower[k] in PLACE_WORDS or ev.words[k] in {"-", "–", "—"})) \
            or (ev.words[k] == "," and k + 1 < end and ev.lower[k + 1].rstrip(".") in NOT_NAME_WORDS)
        if cut:
            if k > first:
                out.append((first, k))
            first = k + 1
        elif k > first and ev.lower[k].rstrip(".") in TITLE_WORDS and ev.doc[k - 1].whitespace_:
            out.append((first, k))
            first = k
    if end > first:
        out.append((first, end))
    return [(s, e) for s, e in out if any(ev.words[k].strip() for k in range(s, e))]


def is_generic(ev: ClinicalEvidence, i: int) -> bool:
    """A token that is the record's content, not a name: no letter, clinical vocabulary, a unit, a stop
    word, a field key or a service word, or an English word that no name list holds as a rare word."""
    word, w = ev.words[i], ev.lower[i]
    if not any(ch.isalpha() for ch in word) or len(w) == 1:
        return True
    if ev.clinical(i) or w in ev.stops or any(w in words for words in CONTENT_WORDS):
        return True
    core = w[:-2] if w.endswith(("'s", "’s")) else w
    if not is_english_word(core.replace("-", "")) and not all(is_english_word(p) for p in core.split("-") if p):
        return False
    return not (core in ev.names and zipf(core) < 4.5)  # "TURNER", "Ellerby": a listed, rarer word is a name


def titled_before(ev: ClinicalEvidence, start: int) -> bool:
    """Whether a title, role or kin word stands right before token `start`, in the span (stripped) or before
    it ("Dr | Young", "her husband | Will Cook")."""
    k = start - 1
    while k >= 0 and (not ev.words[k].strip() or ev.words[k] == "."):
        k -= 1
    return k >= 0 and ev.lower[k].rstrip(".") in NOT_NAME_WORDS


def clinician(word: str) -> bool:
    """A job noun of care ("physician", "cardiologist", "psychiatrist"): alone after "Consultant" a job, no
    name (a surname may be a job noun: "Dr Will Cook")."""
    return word in JOB_NOUNS or word.endswith(CLINICIAN_ENDINGS)


def listed_names(ev: ClinicalEvidence, alpha: Sequence[int]) -> bool:
    """Two or more words, each written with a capital and each a given name or surname of the name lists
    ("Grace White", "Hope Miller"): a person's name, however common its words."""
    return len(alpha) >= 2 and all(ev.written[k][:1].isupper() and ev.lower[k] in ev.names for k in alpha)


def occupation(ev: ClinicalEvidence, start: int, end: int) -> bool:
    """Lower-case words ending in an occupation ("harbour pilot", "firefighter"), not a common job title
    ("nurse", "doctoral student") or a clinical noun ("colorectal cancer")."""
    last = max((k for k in range(start, end) if ev.words[k].isalpha()), default=-1)
    if last < 0:
        return False
    w = ev.lower[last]
    return w.endswith(OCCUPATION_ENDINGS) and w not in NOT_OCCUPATIONS and not ev.clinical(last)


class ClinicalContent(SpanFilter):
    """See the module docstring. Labels are output labels (`tagger.output_label`)."""

    def __init__(self, name_labels: Sequence[str], person_label: str, demographic_labels: Sequence[str],
                 date_label: str, age_label: str, number_labels: Sequence[str], quantity_labels: Sequence[str],
                 min_share: float, min_terms: int):
        if not 0.0 < min_share <= 1.0:
            raise ValueError(Errors.E180.format(setting="min_share", value=min_share))
        if min_terms < 1:
            raise ValueError(Errors.E180.format(setting="min_terms", value=min_terms))
        kinds = [set(name_labels) | set(demographic_labels) | {person_label}, {date_label}, {age_label},
                 set(number_labels), set(quantity_labels)]
        for a in range(len(kinds)):
            for b in range(a + 1, len(kinds)):
                both = kinds[a] & kinds[b] - {""}
                if both:
                    raise ValueError(Errors.E181.format(labels=", ".join(sorted(both)), first=LABEL_KINDS[a],
                                                        second=LABEL_KINDS[b]))
        self.name_labels, self.person_label = frozenset(name_labels) | {person_label}, person_label
        self.demographic_labels = frozenset(demographic_labels)
        self.date_label, self.age_label = date_label, age_label
        self.number_labels, self.quantity_labels = frozenset(number_labels), frozenset(quantity_labels)
        self.min_share, self.min_terms = min_share, min_terms

    def applies(self, doc: Doc, words: Sequence[str]) -> bool:
        """A clinical record that is no shorthand note (those are `clinical_notes`')."""
        return self.kind(doc, words) == "record"

    def kind(self, doc: Doc, words: Sequence[str]) -> Optional[str]:
        """"note" (a shorthand note, `clinical_notes`' test), "record" (`is_clinical_record`) or None."""
        terms, alpha = note_term_count(doc, words)
        if terms >= self.min_terms and terms >= self.min_share * alpha:
            return "note"
        written = written_words(doc)  # the record's keys as written ("CHI:" of a line recased "chi:")
        text = doc.text if written is None else "".join(w + t for w, t in zip(written, doc_rows(doc).whitespace))
        return "record" if is_clinical_record(text) else None

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        words = tokens[0]
        kind = self.kind(doc, words) if spans else None
        if kind is None:
            return spans
        ev = ClinicalEvidence(doc, words, getattr(tagger, "name_terms", frozenset()), written_words(doc))
        if kind == "note":
            return [kept for kept in (self.in_note(ev, *span, tagger) for span in spans) if kept is not None]
        matches = find_matches(doc.text, recognizers_for(ADDED_RECOGNIZERS), views=False)
        dates = [(m.start, m.end) for m in matches if m.label == "DATETIME"]
        dates += [(m.start(), m.end()) for m in MONTH_YEAR.finditer(doc.text)]
        out = []
        for start, end, label, score in spans:
            output = tagger.output_label(label)
            if (output in self.name_labels and any(ev.lower[k] in INSTITUTION_HEADS for k in range(start, end))
                    and self.joined(ev, start, end, spans, tagger)):
                out.append((start, end, label, score))  # "HOSPITAL" of "RIVERBEND METHODIST | HOSPITAL"
                continue
            if output in self.name_labels and ev.written[start][:1].isupper() and \
                    self.joined(ev, start, end, spans, tagger, labels=(self.person_label,)):
                out.append((start, end, label, score))  # "White" of "Nurse Will | White": one name cut in two
                continue
            for s, e in (split_at_places(ev, start, end) if output in self.name_labels else [(start, end)]):
                kept = self.kept(ev, s, e, output, dates)
                if kept is not None:
                    out.append((kept[0], kept[1], label, score))
        return out

    def in_note(self, ev: ClinicalEvidence, start: int, end: int, label: str, score: float,
                tagger) -> Optional[Scored]:
        """A shorthand note's span, after `clinical_notes`: an age needs an age's word ("78 YO", "aged 81";
        not "PRESSURE SUPPORT OF 10", "SAT 71"), a person loses the title, role or kin word before the name
        ("DR. L. RUUSKA", "CNM SOLVEIG HALL", "PT EDWARD"), a date the words after it ("7/6 with")."""
        output = tagger.output_label(label)
        if output == self.age_label:
            return (start, end, label, score) if self.aged(ev, start, end) else None
        if output == self.person_label:
            first, last = start, end
            while first < last - 1 and (ev.lower[first].rstrip(".") in NOT_NAME_WORDS or ev.words[first] == "."
                                        or not ev.words[first].strip()):
                first += 1
            alone = last - first == 1 and ev.lower[first].rstrip(".") in NOT_NAME_WORDS  # "DAUGHTER" alone
            return None if alone else (first, last, label, score)
        if output == self.date_label:
            while end > start + 1 and (ev.lower[end - 1] in ev.stops or not ev.words[end - 1].strip()):
                end -= 1
        return start, end, label, score

    def aged(self, ev: ClinicalEvidence, start: int, end: int) -> bool:
        """An age by its words: "YO", "y.o.", "years", "-year-old" in or after the span, "age", "aged",
        "now" before it."""
        text = ev.doc.text
        s_char, e_char = ev.doc[start].idx, ev.doc[end - 1].idx + len(ev.doc[end - 1].text)
        return (AGE_WORD.search(text[s_char:e_char]) is not None or AGE_AFTER.match(text, e_char) is not None
                or AGE_BEFORE.search(text[max(0, s_char - 12):s_char]) is not None)

    def joined(self, ev: ClinicalEvidence, start: int, end: int, spans: Sequence[Scored], tagger,
               labels: Optional[Sequence[str]] = None) -> bool:
        """Whether another name span (of `labels`, default any name label) touches this one on its line
        (spaces between at most): the tagger cut one name in two ("RIVERBEND METHODIST" and "HOSPITAL", read
        for a span with an institution's head; "Nurse Will" and "White")."""
        for s, e, label, _ in spans:
            if (s, e) == (start, end) or tagger.output_label(label) not in (labels or self.name_labels):
                continue
            gap = ev.words[e:start] if e <= start else ev.words[end:s] if end <= s else None
            if gap is not None and all(not w.strip() and "\n" not in w for w in gap):
                return True
        return False

    def kept(self, ev: ClinicalEvidence, start: int, end: int, output: str,
             dates: Sequence[Tuple[int, int]]) -> Optional[Tuple[int, int]]:
        """The part of the span that stays, or None."""
        doc, text = ev.doc, ev.doc.text
        s_char, e_char = doc[start].idx, doc[end - 1].idx + len(doc[end - 1].text)
        if output == self.date_label:
            return (start, end) if self.dated(text, s_char, e_char, dates) else None
        if output == self.age_label:
            before = text[max(0, s_char - 24):s_char]
            if SCORE_BEFORE.search(before) and not AGE_KEY.search(before):
                return None
            return (start, end) if self.aged(ev, start, end) else None
        # no identifier's shape: read as a name ("amlodipine", "amlodipine 100" tagged as a contact)
        words_only = "@" not in text[s_char:e_char] and not identifier_number(text[s_char:e_char]) and any(
            w.isalpha() for w in ev.words[start:end]) and not any(CODE.match(w) for w in ev.words[start:end])
        if output in self.number_labels and not words_only:
            while start < end - 1 and ev.lower[start] in FIELD_KEYS:  # "MRN NUH7730019"
                start += 1
            if all(not any(ch.isalpha() for ch in w) for w in ev.words[start:end]) and not identifier_number(
                    text[doc[start].idx:e_char]):
                return None
            return start, end
        if output in self.quantity_labels:
            money = MONEY.search(text, s_char, e_char)  # a salary, a compensation; a weight after its key
            return (start, end) if money or WEIGHT_BEFORE.search(text[max(0, s_char - 16):s_char]) else None
        if output not in self.name_labels and output not in self.demographic_labels and not (
                output in self.number_labels and words_only):
            return start, end
        if not any(ch.isalpha() for ch in text[s_char:e_char]):  # a number read as a name ("3300172" ORG)
            after = text[e_char:e_char + 12]
            keep = (identifier_number(text[s_char:e_char]) or self.dated(text, s_char, e_char, dates)
                    or AGE_AFTER.match(after))
            return (start, end) if keep else None
        while (start < end - 1 and ev.lower[start] in FIELD_KEYS
               and CODE_OR_NUMBER.search(text, doc[start + 1].idx, e_char)):
            start += 1  # "MRN NUH7730019" read as a place
        if output == self.person_label or ev.lower[start].rstrip(".") in NOT_NAME_WORDS:
            start, end = strip_person_words(ev, start, end)  # "Nurse Will Cook" read as an ORG too
        while start < end - 1 and ev.lower[start].rstrip(".") in TITLE_WORDS:  # "Dr Bankole" read as an ORG
            start += 1
        titled = titled_before(ev, start)
        while start < end and not ev.words[start].strip():
            start += 1
        if start >= end:
            return None
        if self.field_key(ev, start, end):
            return None
        alpha = [k for k in range(start, end) if any(ch.isalpha() for ch in ev.words[k])]
        if output in self.demographic_labels:
            lower = ev.cased and all(not ev.written[k][:1].isupper() for k in alpha)
            if lower and not occupation(ev, start, end):
                return None
            care = any(ev.clinical(k) or ev.lower[k] in SERVICE_WORDS or ev.lower[k] in WARD_SHORTHAND for k in alpha)
            if care and all(is_generic(ev, k) for k in range(start, end)):
                return None  # "Children's Outpatients", "SPEECH DYSARTHRIC"; not "Norwegian"
            return start, end
        nxt = end < len(ev.words) and ev.words[end] == "-" and end + 1 < len(ev.words) and ev.words[end + 1].isdigit()
        if nxt and len(alpha) == 1 and ev.written[alpha[0]].isupper():
            return None  # "PCL" of "PCL-5", "GAD" of "GAD-7": the name of a score
        if ev.cased and alpha and all(not ev.written[k][:1].isupper() for k in alpha):
            return None  # "chronic plaque psoriasis", "cardiology clinic" in a letter in mixed case
        if any(ev.lower[k] in INSTITUTION_HEADS for k in alpha[1:]):
            return start, end  # "Riverside Surgery", "Medical Centre No. 4"
        written_name = output == self.person_label and ev.cased and len(alpha) >= 2 and all(
            ev.written[k][:1].isupper() and not ev.written[k].isupper() for k in alpha)  # "ask Will Young"
        if output in self.name_labels and (titled or written_name or listed_names(ev, alpha)) and not any(
                ev.clinical(k) or any(ev.lower[k] in words for words in CONTENT_WORDS)
                or (len(alpha) == 1 and clinician(ev.lower[k])) for k in alpha):
            return start, end  # "Dr Young", "her husband Will Cook", "May Long": names that are words
        if all(is_generic(ev, k) for k in range(start, end)):
            return None
        return start, end

    @staticmethod
    def dated(text: str, s_char: int, e_char: int, dates: Sequence[Tuple[int, int]]) -> bool:
        """A date by its shape (`note_values.date_shaped`), a weekday, a day and month ("14/02", of
        which the span may be a part), or the time right after a date ("7/4/2025 2241")."""
        if date_shaped(text, s_char, e_char, dates) or WEEKDAY.search(text, s_char, e_char):
            return True
        before, after = re.search(r"\S*\Z", text[:s_char]), re.match(r"\S*", text[e_char:])
        chunk = before.group() + text[s_char:e_char] + after.group()
        day_month = DAY_MONTH.fullmatch(chunk.strip(".,;:()"))
        if day_month and min(int(day_month.group(1)), int(day_month.group(2))) <= 12 \
                and max(int(day_month.group(1)), int(day_month.group(2))) <= 31:
            return True  # "14/02" of "NIGHT NOTE 14/02", read as "14"
        return any(s_char - 3 <= e <= s_char and not text[e:s_char].strip() for _, e in dates)

    @staticmethod
    def field_key(ev: ClinicalEvidence, start: int, end: int) -> bool:
        """Tokens start..end are a form's key: followed on the line by ":" (after "number", "no", "date",
        "ID" at most) and made of key, service or clinical words ("Hospital number:", "Clinic date:",
        "CHI:")."""
        nxt = ev.next_word(end - 1)
        if nxt >= 0 and ev.lower[nxt] in FIELD_KEYS:
            nxt = ev.next_word(nxt)
        if nxt < 0 or ev.words[nxt] != ":":
            return False
        return all(is_generic(ev, k) or (len(ev.lower[k]) <= 4 and ev.words[k].isupper()) for k in range(start, end))


@registry.misc("spacy_anon.clinical_content.v1")
def make_clinical_content(
    name_labels: Sequence[str] = ("ORG", "LOC", "MISC"),
    person_label: str = "PERSON",
    demographic_labels: Sequence[str] = ("DEM",),
    date_label: str = "DATETIME",
    age_label: str = "AGE",
    number_labels: Sequence[str] = ("CODE", "ID", "CONTACT"),
    quantity_labels: Sequence[str] = ("QUANTITY",),
    min_share: float = NOTE_SHARE,
    min_terms: int = NOTE_TERMS,
) -> ClinicalContent:
    """name_labels, person_label: labels of names (a person's span also loses its title); demographic_labels:
    kept in lower case only as an occupation; date_label: kept on a date's shape; age_label: dropped after a
    score's name; number_labels: number-only spans kept on an identifier's length; quantity_labels: kept
    as money or after a weight key only. min_share, min_terms: the note test of `clinical_notes`
    (a note is that filter's, not this one's). A label may be of one kind only."""
    return ClinicalContent(name_labels, person_label, demographic_labels, date_label, age_label, number_labels,
                           quantity_labels, min_share, min_terms)
