"""Job titles in a tagger's name spans: "Payroll Administrator" names nobody, "Joseph Banks Store Manager"
is a person and their job. `anon_mask` drops a tagger's span that is only a common job title and keeps the
name before one (`span_kinds.decide_categories`); a rarer one ("Forklift Operator", "Occupation: Welder")
is an occupation, a demographic trait (DEM), not the person or place a tagger took it for."""
import re
from typing import Callable, Optional

from spacy.tokens import Doc

from spacy_anon.lexicon.category_words import JOB_NOUNS, trait_words
from spacy_anon.lexicon.generic_words import dictionary_test, folded, verb_stems, zipf
from spacy_anon.lexicon.given_names import WORD_GIVEN_NAMES
from spacy_anon.lexicon.honorifics import CARE_ROLES, DEFAULT_HONORIFICS
from spacy_anon.rules.recognizers.names import last_names

OFFICE_WORDS = frozenset("lord lady chief general supreme justice minister president secretary governor mayor "
                         "commissioner chancellor attorney registrar".split())
JOB_SUFFIXES = ("ologist", "iatrist", "ician", "ographer", "apist", "ologists", "icians")
# titles that name a post and are no one's name, alone as well ("our CTO, Ewan McAllister", "Gareth Lloyd
# (Chair)", "Headteacher, St Mark's"): a lone job noun of `JOB_NOUNS` may be a surname ("Cook"), these are not
LONE_TITLES = frozenset("ceo cto cfo coo cio cmo ciso cpo cdo vp svp evp headteacher headmaster headmistress "
                        "chair chairman chairwoman chairperson treasurer senco dsl iro gp matron".split())  # and a SENCo, an IRO, a GP
COMMON_ZIPF = 3.5  # a word at least this frequent is a dictionary word (a job title's)


# what a post is head of, after "of" ("Director of Operations", "Head of Legal", "VP of Sales")
DEPARTMENTS = frozenset(
    "operations sales marketing finance legal hr engineering product people customer customers client clients "
    "services service support communications it technology research development strategy compliance "
    "procurement facilities estates nursing studies admissions learning education science maths english "
    "design data analytics security risk audit payroll recruitment talent growth partnerships business "
    "commercial digital innovation quality safety infrastructure platform programmes programs delivery "
    "insights brand content policy governance transformation culture engagement treasury tax investor relations "
    # a school's departments and pastoral posts ("Head of Geography", "Head of Year")
    "geography history physics chemistry biology art music drama pe languages french spanish german computing "
    "humanities year sixth form pastoral inclusion sen "
    "accounts admin administration reception dispatch despatch warehouse "  # "see Jess in Accounts"
    "and & of the".split())
_HEAD_OF = frozenset("director head manager vp chief lead officer coordinator".split())


# an academic post in a field ("Associate Professor of Epidemiology", "Senior Lecturer in Law")
_ACADEMIC = frozenset("professor lecturer reader fellow".split())
_ACADEMIC_RANKS = frozenset("associate assistant senior principal visiting emeritus clinical honorary adjunct full".split())


def academic_post(words) -> bool:
    """Folded words of an academic post in a field: ranks, "Professor"/"Lecturer"/"Reader"/"Fellow", "of"
    or "in", then dictionary words only (a named chair, "Wykeham Professor of Logic", is the chair's name)."""
    while words and words[0] in _ACADEMIC_RANKS:
        words = words[1:]
    if len(words) < 3 or words[0] not in _ACADEMIC or words[1] not in ("of", "in"):
        return False
    is_word = dictionary_test("en")
    return all(w in DEPARTMENTS or is_word(w) for w in words[2:]) and words[-1] not in ("and", "&", "of", "the")


# a support team's tier before its department ("L2 support", "Tier 2 support", "2nd line support")
_TIER = re.compile(r"(?i)(?:[LT][1-4]|(?:tier|level|line)[ \t]?[1-4]|(?:1st|2nd|3rd|first|second|third)[ \t-]line)[ \t]+(?=\w)")


def post_of_department(doc: Doc, start: int, end: int) -> bool:
    """A post over a department ("Director of Operations", "Head of Customer Services"): a job noun, "of",
    then department words only (not "Director of Public Prosecutions", an office one person holds); or an
    academic post in a field (`academic_post`)."""
    words = [folded(t.text) for t in doc[start:end] if not t.is_punct or t.text == "&"]
    if academic_post(words):
        return True
    tier = _TIER.match(doc[start:end].text)
    if tier is not None and all(folded(w) in DEPARTMENTS for w in doc[start:end].text[tier.end():].split()):
        return True  # "L2 support", "Tier 2 support", "2nd line support": a team by its tier
    if len(words) < 3 or words[0] not in _HEAD_OF or words[1] != "of":
        return False
    return all(w in DEPARTMENTS or (w.isdigit() and prev == "year") for prev, w in zip(words[1:], words[2:])) \
        and words[-1] not in ("and", "&", "of", "the")  # and a school's "Head of Year 8"


def job_title(doc: Doc, start: int, end: int) -> bool:
    """A common job title ("Payroll Administrator", "Senior Software Engineer", "Head Chef"): two words or
    more (a lone "Officer" may be how a person is addressed) ending in
    a job noun and every word is a dictionary word, no nationality; no name, place or organisation is
    named so."""
    if post_of_department(doc, start, end):
        return True
    words = [t for t in doc[start:end] if not t.is_punct]
    if len(words) < 2 or not job_noun(words[-1].text) or (words[0].text.islower() and not words[-1].text.islower()) or folded(words[-1].text) in ("lead", "head"):
        return False
    if any(folded(w.text) in OFFICE_WORDS for w in words):
        return False  # "Lord Justice Clerk", "Chief Medical Officer": an office one person holds
    return all(w.is_alpha and folded(w.text) not in trait_words()
               and (job_noun(w.text) or zipf(w.lower_) >= COMMON_ZIPF
                    or any(zipf(stem) >= COMMON_ZIPF for stem in verb_stems(w.lower_)))  # "Lettings Manager"
               for w in words)


# an employer's or a hospital's service by its kind, two words ("referred to Occupational Health")
CARE_DEPARTMENTS = frozenset({"occupational health", "human resources", "social services",
                              "children's services", "adult services", "customer services", "customer service",
                              "accounts payable", "accounts receivable", "employee relations"})
# a department alone after "in", "from", "to" or "at" ("see Emma in Finance", "Raj from HR"): where someone works
# in a firm, no place or body of its own (not the words that may be a name: "Art", "Music", "Year")
LONE_DEPARTMENTS = DEPARTMENTS - frozenset("and & of the year art music drama design data sixth form people "
                                           "customer customers client clients service services".split())


def lone_title(doc: Doc, start: int, end: int) -> bool:
    """A post's title alone (`LONE_TITLES`): "CTO", "Headteacher", "Chair"; or a department alone after "in",
    "from", "to" or "at" (`LONE_DEPARTMENTS`)."""
    words = [t for t in doc[start:end] if not t.is_punct]
    if len(words) == 2 and " ".join(folded(w.text) for w in words) in CARE_DEPARTMENTS:
        return True  # "Follow-up with Occupational Health": a service, no one's name
    if len(words) != 1:
        return False
    word = folded(words[0].text)
    return word in LONE_TITLES or (word in LONE_DEPARTMENTS and start > 0
                                   and doc[start - 1].lower_ in ("in", "from", "to", "at"))


def name_before_job_title(doc: Doc, start: int, end: int, is_given_name: Callable[[str], bool]) -> Optional[int]:
    """Where a person's name ends when start:end is a capitalised given name, perhaps a surname, then a job
    title or noun ("Joseph Banks Store Manager", "Joseph Banks Manager": a signature without its comma);
    None when it is no such span."""
    first = doc[start]
    if not (first.text[:1].isupper() and first.is_alpha and is_given_name(first.lower_)):
        return None
    for cut in (start + 2, start + 1):  # a given name and a surname first, as signatures write them
        if cut < end and (job_title(doc, cut, end) or (cut == end - 1 and job_noun(doc[cut].text))):
            return cut
    return None


def given_name_and_surname(doc: Doc, start: int, end: int, is_given_name: Callable[[str], bool]) -> bool:
    """Whether start:end opens with a given name and ends with a listed surname ("Mary Cook", "Will
    Baker", "Rose Miller"): a person whose surname is a trade, not a job title."""
    words = [t for t in doc[start:end] if not t.is_punct]
    return len(words) >= 2 and words[0].text[:1].isupper() and is_given_name(words[0].lower_) \
        and folded(words[-1].text) in last_names()


def in_job_title(doc: Doc, start: int, end: int) -> bool:
    """A lone job noun that the words before it on its line make a common job title ("Software [Engineer]",
    "Data [Analyst]", "Head [Chef]"): the tagger's piece of the title."""
    if end - start != 1 or not job_noun(doc[start].text):
        return False
    first = start
    for _ in range(3):  # a title of up to four words ("Senior Software Development Engineer")
        j = first - 1
        if j < 0 or not doc[j].is_alpha or "\n" in doc[j].whitespace_ or not doc[j].whitespace_ \
                or doc.vocab[doc[j].lower_].is_stop:  # "is a [writer]": a function word starts no title
            break
        first = j
        if job_title(doc, first, end):
            return True
    return False


def job_noun(word: str) -> bool:
    """A job noun of the list, or a specialist's by its ending ("Cardiologist", "Paediatrician")."""
    word = folded(word)
    return word in JOB_NOUNS or (len(word) > 7 and word.endswith(JOB_SUFFIXES))


_TITLE_WORDS = frozenset(DEFAULT_HONORIFICS) | frozenset(CARE_ROLES)  # "Nurse Will Cook", "Dr Ann Baker": a person
# a form's key of a person's job: its value is an occupation
# (and the capitalised words of the value before the span: "Job title: Senior [Forklift Operator]")
_JOB_FIELD_BEFORE = re.compile(r"\b(?i:job[ \t]+title|job|occupation|profession|position|role|designation|"
                               r"trade)[ \t]*:[ \t]*(?:[A-Z][\w&'’-]*[ \t]+){0,3}$")


def occupation(doc: Doc, start: int, end: int, is_given_name: Callable[[str], bool], text: Optional[str] = None) -> bool:
    """Whether a tagger's start:end is an occupation: in capitalised words ending in a job noun, with no given
    name ("Nurse Will Cook" is a person) and naming no office ("Forklift Operator", "Senior Welder"), or the value of a job's
    field ("Occupation: Welder")."""
    words = [t for t in doc[start:end] if not t.is_punct]
    if not words or any(folded(w.text) in OFFICE_WORDS for w in words):
        return False
    text = doc.text if text is None else text  # the caller's copy: `doc.text` builds the whole text anew
    if _JOB_FIELD_BEFORE.search(text, max(0, doc[start].idx - 60), doc[start].idx) is not None:
        return all(w.is_alpha for w in words)
    return 2 <= len(words) <= 4 and job_noun(words[-1].text) and folded(words[-1].text) not in ("lead", "head") \
        and not any(is_given_name(w.lower_) or w.lower_ in WORD_GIVEN_NAMES for w in words) \
        and folded(words[0].text) not in _TITLE_WORDS \
        and all(w.is_alpha and w.text.istitle() for w in words)
