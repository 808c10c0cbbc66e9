"""Where a person's name starts inside a tagger's span, and the words around a name that are no name: a
police rank, an office or a clergy title before a surname ("PC Harris", "Revd Paul Hughes"), a role or
kinship word before a given name ("Agent Gabriela", "wife Halina"), an honorific ("Employee Mr Grosu"); a
span of kinship words ("his mum") or of titles ("Dr.") alone."""
import re
from functools import lru_cache
from typing import Callable, FrozenSet, Optional

from spacy.tokens import Doc, Span

from spacy_anon.lexicon.category_words import ORG_HEADS, ROLE_WORDS
from spacy_anon.lexicon.clinical_forms import is_clinical_form
from spacy_anon.lexicon.clinical_terms import is_clinical_term
from spacy_anon.lexicon.gazetteers import load_gazetteer
from spacy_anon.lexicon.generic_words import folded, zipf
from spacy_anon.lexicon.given_names import POSSESSIVE_DETERMINERS, WORD_GIVEN_NAMES
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.mask.handles import NAME_ZIPF
from spacy_anon.rules.recognizers.addresses import STREET_TYPE_WORDS
from spacy_anon.rules.recognizers.names import (
    FIRST_NAME_SOURCES, KINSHIP_WORDS, LAST_NAME_SOURCES, first_names, world_given_names)
from spacy_anon.tagger.span_filters.quoted_names import PAIRS as QUOTE_PAIRS, PERSON_NOUNS, person_before

# "GIRLFRIEND KIARA", "wife Halina", "Parent (Ms Kerry Clarke)": the name after the kinship word; the word alone
# names nobody
KIN = frozenset(KINSHIP_WORDS) | frozenset("parent parents guardian carer grandparent grandparents flatmate housemate "
                                           "roommate "
                                           # what children call them ("his mam was raging", "my nan")
                                           "mam mammy mummy mommy nan nana nanna gran granny grandma gramma grandad "
                                           "granddad grandpa granda gramps auntie aunty stepmum stepmom stepdad".split())
_CHILDREN = frozenset("children child kids kid baby babies twins".split())


def kin_lead(doc: Doc, start: int, end: int) -> bool:
    """Whether token `start` is a kinship word or a word for children in lower case before a capitalised word
    of the span ("children Kai", "son Theo"): the relation, no part of the name."""
    tok = doc[start]
    return start + 1 < end and tok.is_lower and (tok.text in KIN or tok.text in _CHILDREN) \
        and doc[start + 1].text[:1].isupper()


# titles before a name; not those that are given names too ("Don Smith", "Dona")
HONORIFICS = frozenset(DEFAULT_HONORIFICS) - {"don", "dona", "dna"}

@lru_cache(maxsize=1)
def person_names() -> FrozenSet[str]:
    """Given names and surnames (the default tagger's gazetteers), lower case: the parts of a handle."""
    return load_gazetteer(FIRST_NAME_SOURCES) | load_gazetteer(LAST_NAME_SOURCES)


# care staff's grades written before a name, in capitals ("HCA Dorota Nowak", "RN Bernard Foley"), and the
# two-word grades ("Staff Nurse Dorota Nowak", "Ward Sister Ama Owusu"): no surname is written so
CARE_GRADES = frozenset("HCA HCSW CSW RN RGN RMN RSCN SN EN ODP SHO FY1 FY2 SpR AHP CNS ANP ENP ACP".split())
CARE_GRADE_WORDS = frozenset("staff charge senior junior ward student support healthcare".split())
CARE_GRADE_HEADS = frozenset("nurse sister worker assistant midwife practitioner".split())
# the care roles a note writes before a name ("physio Jones", "Consultant Whitfield"); no surname is written so
CARE_ROLES = frozenset("physio physiotherapist consultant registrar dietitian dietician pharmacist therapist "
                       "paramedic midwife carer".split())


def care_grade_end(doc: Doc, start: int, end: int) -> Optional[int]:
    """Where a care grade or role that opens start..end ends, when a capitalised given name follows it in the
    span ("HCA Dorota Nowak", "Staff Nurse Ama Owusu", "physio Tom Reid"), or a surname alone ("HCA Brennan",
    "RN Smith", "Consultant Whitfield"): the name's first token; else None."""
    k = start
    if doc[k].text in CARE_GRADES or folded(doc[k].text) in CARE_ROLES and not doc[k].is_upper:
        k += 1
    elif k + 1 < end and folded(doc[k].text) in CARE_GRADE_WORDS and folded(doc[k + 1].text) in CARE_GRADE_HEADS:
        k += 2
    if k == start or k >= end or not doc[k].is_title or not doc[k].is_alpha:
        return None
    if doc[k].lower_ in world_given_names():
        return k
    return k if end - k == 1 and (doc[k].lower_ in person_names() or zipf(doc[k].lower_) < NAME_ZIPF) \
        and folded(doc[k].text) not in PLACE_OR_ORG_HEADS else None


def person_start(span: Span, roles: bool = True) -> Optional[int]:
    """Where a person's name starts inside a span: after a role or kinship word that opens the span ("Agent
    Gabriela", "Interpreter Adeyemi", "GIRLFRIEND KIARA", "flatmate chloe": the next token; only with `roles`, for another label's span, since
    some role words are surnames too), or at an honorific in it ("Employee Mr Grosu", "Mr Smith" tagged
    ORG, "Yesterday Dr. Rao": at the title), with a word after it."""
    doc = span.doc
    grade = care_grade_end(doc, span.start, span.end)
    if grade is not None:
        return grade  # "HCA Dorota Nowak": a grade is no part of the name, whatever the span's label
    for k in range(span.start, min(span.start + 2, span.end - 1)) if roles else ():
        if (doc[k].text in POLICE_RANKS or folded(doc[k].text) in OFFICE_TITLES) and doc[k + 1].is_title \
                and (doc[k + 1].lower_ in person_names() or zipf(doc[k + 1].lower_) < NAME_ZIPF) \
                and span.end - k <= 3 and folded(doc[span.end - 1].text) not in PLACE_OR_ORG_HEADS:
            return k + 1  # "PC Harris", "President Macron", "District Judge Okoro" (not "PC World")
    if roles and len(span) >= 2 and folded(doc[span.start].text) in (PERSON_NOUNS | ROLE_WORDS | KIN) - HONORIFICS \
            and doc[span.start + 1].is_alpha and (doc[span.start + 1].text[:1].isupper()
                                                  or doc[span.start + 1].lower_ in first_names()) \
            and (not doc[span.start + 1].is_stop or doc[span.start + 1].lower_ in WORD_GIVEN_NAMES):  # "Nurse Will Cook"
        return span.start + 1
    for i in range(span.start, span.end - 1):
        if folded(doc[i].text.rstrip(".")) in HONORIFICS:
            j = i + 1 if doc[i + 1].text != "." else i + 2
            if j < span.end and doc[j].is_alpha:
                return i
    if not roles and len(span) >= 2 and doc[span.start].is_lower and doc[span.start].text in KIN \
            and doc[span.start + 1].is_alpha and doc[span.start + 1].lower_ not in ORG_HEADS:
        return span.start + 1  # a person's "cousin dwayne" in lower case: the kinship word is no part of the name
    return None


# a British police officer's rank before the name, as written in capitals ("PC Harris", "DCI Obi"), and the
# offices said before a surname ("President Macron", "District Judge Okoro")
POLICE_RANKS = frozenset("PC WPC DC DS DI DCI DSI PCSO Sgt SGT Insp INSP Supt SUPT".split())
OFFICE_TITLES = frozenset("president senator governor mayor chancellor minister judge justice sheriff councillor "
                          "alderman bishop archbishop rabbi imam reverend rev revd pastor canon vicar deacon "
                          "archdeacon chaplain cardinal monsignor msgr".split())
# the last words of a place's or an organisation's name after a title ("Princess Anne Park", "Judge Street")
PLACE_OR_ORG_HEADS = ORG_HEADS | STREET_TYPE_WORDS


def kin_only(doc: Doc, start: int, end: int) -> bool:
    """Whether start:end holds kinship words and possessive determiners only ("his mum", "Dad", "my cousin's")."""
    words = [folded(doc[i].text) for i in range(start, end) if not doc[i].is_punct and not doc[i].is_space
             and folded(doc[i].text) not in ("'s", "’s", "s")]
    return bool(words) and any(w in KIN for w in words) and all(w in KIN or w in POSSESSIVE_DETERMINERS
                                                                   for w in words)


def titles_only(doc: Doc, start: int, end: int) -> bool:
    """Whether start:end holds honorifics and full stops only ("Dr.", "Mr")."""
    return all(folded(doc[i].text.rstrip(".")) in HONORIFICS or doc[i].text == "." for i in range(start, end))


# a title and initials before a surname ("Dr A. Bhattacharya", "Mr J. R. Smith"), or a rank and a collar
# number: what follows is a person
TITLE_AND_INITIALS = re.compile(r"(?<![\w.])(?:(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Sir|Dame|Revd|Rev|DR|MR|MRS|MS)\.?[ \t]+"
                                r"(?:[A-Z]\.?[ \t]){1,3}"
                                # and a police officer's rank and collar number ("PC 5521 Hollis", "DC 118 Amin")
                                r"|(?:PC|WPC|DC|PS|DS|Sgt|SGT|PCSO)[ \t]+\d{2,6}[ \t]+)$")


def after_title_and_initials(text: str, start: int) -> bool:
    """Whether text[start:] follows a title and one to three initials on its line."""
    return TITLE_AND_INITIALS.search(text, max(0, start - 30), start) is not None


# a given name and the initial of the surname with its full stop, as a support desk or a rota signs staff
# ("Precious N.", "Rahul S."); the word is a given name, or no frequent one and no clinical term ("Vitamin D.")
_GIVEN_INITIAL = re.compile(r"([A-Z][a-z]+(?:-[A-Z][a-z]+)?)[ \t][A-Z]\.")
INITIAL_NAME_ZIPF = 4.5


def given_name_and_initial(text: str, start: int, end: int, is_given_name: Callable[[str], bool]) -> bool:
    """Whether text[start:end] is a given name and one capital initial with its full stop ("Rahul S.")."""
    match = _GIVEN_INITIAL.match(text, start)
    if match is None or match.end() - 1 > end:
        return False
    first = match.group(1).lower()
    if first in ROLE_WORDS or first in PERSON_NOUNS or first in RANKS:
        return False  # "Sergeant H.", "Witness A.": a role and a letter, one description
    return is_given_name(first) or (zipf(first) < INITIAL_NAME_ZIPF and not is_clinical_term(first)
                                    and not is_clinical_form(first))


RANKS = frozenset("sergeant corporal captain major colonel lieutenant private general admiral commander officer "
                  "constable inspector superintendent witness applicant claimant patient".split())


# people named by what they are in speech ("some guy called vlad", "the lads"): in lower case, no name
PEOPLE_WORDS = frozenset("guy guys bloke blokes lad lads lass lasses dude dudes fella fellas chap chaps bro mate "
                         "mates".split())
_CALLED_BEFORE = re.compile(r"(?i)(?<![\w'\-])(?:called|named|name\s+is|name['’]s|known\s+as)[ \t]+$")  # not "so-called"


def people_word(doc: Doc, start: int, end: int) -> bool:
    """Whether start:end is one people word written in lower case ("guy" of "some guy called vlad")."""
    return end - start == 1 and doc[start].is_lower and doc[start].text in PEOPLE_WORDS


def after_called(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one word right after "called", "named", "name is" ("some guy called vlad"):
    a person's name, in any case."""
    word = text[start:end]
    return word.isalpha() and " " not in word and _CALLED_BEFORE.search(text, max(0, start - 20), start) is not None


def in_quotes_after_person_word(span: Span) -> bool:
    """'the witness (Kowalski)', 'Dad (Kwame)': one token between a pair of quotes or brackets after a person
    or kinship word."""
    doc = span.doc
    if len(span) != 1 or span.start == 0 or span.end >= len(doc):
        return False
    opener, after = span.start - 1, span.end + (doc[span.end].text == "?" and span.end + 1 < len(doc))  # "(Mick?)"
    return QUOTE_PAIRS.get(doc[opener].text) == doc[after].text and (
        person_before(doc, opener) or (opener > 0 and folded(doc[opener - 1].text) in KIN))  # "Dad (Kwame)"


# a party's or a case's role before a person's given name ("Tenant Ruth Gallagher", "Pupil Harvey Price",
# "Claimant Anna Novak"): no title the name is written with, and no surname either
PARTY_ROLES = frozenset("tenant landlord pupil student claimant defendant applicant respondent appellant complainant "
                        "victim suspect witness caller customer client patient employee resident policyholder "
                        "passenger".split())


def after_party_role(span: Span, is_given_name: Callable[[str], bool]) -> int:
    """The first token of a person's span after a party's role that opens it before a capitalised given name
    ("Ruth" of "Tenant Ruth Gallagher"), else the span's start."""
    if len(span) >= 2 and span[0].is_title and span[0].lower_ in PARTY_ROLES and span[1].is_title \
            and span[1].is_alpha and is_given_name(span[1].lower_):
        return span.start + 1
    return span.start
