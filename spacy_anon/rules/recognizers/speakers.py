"""Speakers of a chat log or transcript: the name or user name that opens a turn ("[09:14] anna_k: ...",
"will: yeah i can", "@annie.h: gonna miss you", "caller: hi").

A turn's speaker is a person's name, a user name, or a role ("caller", "agent", "interviewer", "mum",
"second voice"). The name is what identifies; the role is layout, like a form's field key. Case says
nothing here (chats and transcripts are often written in lower case), and the tagger sees a word in a
name's place either way, so both sides are decided by the line's shape and the word lists:

- a line is a turn when its label is followed by ":" and either a clock time opens the line, or the label
  is a handle ("@annie.h", "u/tenancy_nerd"), or the text is a dialogue: the same label opens two lines or
  more (a form's keys are written once);
- a label made of role words, field keys, greetings or numbers only is a role (`role_label`): nothing is
  found, and `spacy_anon.mask.span_kinds` drops a tagger's span on it;
- a label with "_", "." or a digit in it is a user name: a person's name (PERSON) when a part is a known
  given name or surname or it is a name and an initial ("raj.patel", "anna_k"), else a handle (CONTACT,
  type HANDLE: "frostbyte_77"); any other label is a person's name (PERSON), titles left outside
  ("dr achebe:" gives "achebe"), and so is a capitalised word after a rank or an office, even a job's
  word ("Officer Cook:" gives "Cook").
"""
import re
from functools import lru_cache
from typing import FrozenSet, Iterator, List, Tuple

from spacy_anon.lexicon.gazetteers import load_gazetteer
from spacy_anon.lexicon.category_words import JOB_NOUNS, ROLE_WORDS
from spacy_anon.lexicon.generic_words import FIELD_KEYS, GREETINGS, INTERJECTIONS, folded
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.rules.recognizers.base import Recognizer
from spacy_anon.rules.recognizers.names import FIRST_NAME_SOURCES, KINSHIP_WORDS
from spacy_anon.rules.recognizers.online import BROADCAST_MENTIONS

# Who speaks in a transcript or chat without being named, and the keys of a header that a dialogue's
# lines share ("From:", "Subject:" of quoted e-mails, "Q:"/"A:" of an interview).
SPEAKER_ROLES = frozenset(
    "caller callers agent agents operator operators interviewer interviewee speaker speakers host cohost guest "
    "moderator mod admin administrator bot system user assistant support helpdesk dispatcher "
    "voice voices second first third other another unknown unidentified inaudible male female man woman "
    "participant respondent audience crowd everyone all both narrator reporter presenter chair chairperson "
    "doctor dr nurse clinician gp patient pt parent child kid mom mommy mummy daddy grandma grandad grandpa "
    "granny nan nana me you them him her us we i q a question answer note notes comment comments reply "
    "from to cc bcc sent subject date re fwd fw "
    # who speaks on a claim's, a bank's or a case's call ("adjuster:", "rep:", "claimant:")
    "adjuster rep attorney counsel teller tech dispatch handler underwriter assessor investigator claimant "
    "applicant student".split()
) | ROLE_WORDS | JOB_NOUNS | frozenset(KINSHIP_WORDS) | FIELD_KEYS | GREETINGS | INTERJECTIONS
HONORIFIC_WORDS = frozenset(DEFAULT_HONORIFICS)
# ranks and offices said before a surname ("Officer Cook:", "Judge Baker:", "Sgt Hill:"): a title when a
# capitalised word follows, whatever that word means ("cook" and "baker" are jobs too)
RANK_WORDS = frozenset("officer ofc detective det sergeant sgt constable pc dc ds di dci inspector insp judge "
                       "justice sheriff deputy trooper captain capt lieutenant lt corporal cpl agent".split())

_CLOCK = r"[\[(]?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:[ \t]?[ap]\.?m\.?)?[\])]?"
_WORD = r"[^\W\d_][\w'’.\-]*"
# a line's opening: an optional channel ("[#general]" of a chat export), an optional clock time, an optional
# reply mark, the label (a handle, or one to three words, and a role's number: "participant 3"), then ":" and a
# space or the line's end
TURN = re.compile(
    rf"(?im)^[ \t]*(?:\[\#[\w.-]{{1,40}}\][ \t]+)?(?P<clock>{_CLOCK}[ \t]+(?:[-–][ \t]+)?)?(?:[↳>][ \t]*)?"
    rf"(?P<label>(?P<mark>@|u/)?{_WORD}(?:[ \t]{_WORD}){{0,2}}(?P<number>[ \t]\d{{1,3}})?)"
    r"(?:[ \t]*\([^()\n:]{1,40}\))?[ \t]*:(?=[ \t]|$)")  # "Speaker 1 (Dr Helen Marsh):": who the role is, after it
HANDLE_CHARS = re.compile(r"[_.\d]")
HANDLE_PART = re.compile(r"[^\W\d_]+")
TURN_SCORE = 0.6  # a dialogue's repeated label
MARKED_TURN_SCORE = 0.75  # a label after a clock time, or a handle


def handle_shape(word: str) -> bool:
    """A user name: "_", "." or a digit inside ("anna_k", "raj.patel", "frostbyte_77"), or a capital after
    a lower-case start ("xXvoidwalkerXx")."""
    return (HANDLE_CHARS.search(word) is not None and not word.isdigit()) or (
        word[:1].islower() and any(c.isupper() for c in word[1:]))


@lru_cache(maxsize=1)
def person_names() -> FrozenSet[str]:
    """Given names and surnames, lower case (Faker's lists, as the default tagger's gazetteers)."""
    return load_gazetteer(FIRST_NAME_SOURCES) | load_gazetteer(FIRST_NAME_SOURCES.replace("first_names", "last_names"))


def handle_of_names(word: str) -> bool:
    """Whether a speaker's user name is a person's name written as one: a part is a known given name or
    surname ("raj.patel", "maria.gonzalez"), or it is a name and an initial ("anna_k", "d.okoro")."""
    parts = [p.lower() for p in HANDLE_PART.findall(word.lstrip("@"))]
    if any(len(p) >= 3 and p in person_names() for p in parts):
        return True
    return len(parts) == 2 and sorted(len(p) == 1 for p in parts) == [False, True] and max(map(len, parts)) >= 3


def role_label(words: List[str]) -> bool:
    """Whether a turn's label names a role, not a person: every word is a role word, a field key, a
    greeting or filler, or a number ("caller", "second voice", "SPEAKER 1", "From")."""
    return all(folded(w.strip(".")) in SPEAKER_ROLES or w.isdigit() for w in words)


@lru_cache(maxsize=16)
def turns(text: str) -> Tuple[Tuple[int, int, str, float], ...]:
    """(start, end, kind, score) of the label of every turn of `text`: kind "name", "handle" or "role";
    score `MARKED_TURN_SCORE` after a clock time or for a handle, else `TURN_SCORE`. The span leaves out
    an "@" or "u/" before a handle and the titles before a name."""
    found = []
    counts: dict = {}
    for m in TURN.finditer(text):
        if m.group("label").split()[0].lower() in BROADCAST_MENTIONS:
            continue  # "@channel heads up:" calls everyone; no one speaks
        label = m.group("label") if not m.group("number") else m.group("label")[:m.start("number") - m.start("label")]
        key = folded(label.lstrip("@"))  # "Speaker 1:" and "Speaker 2:" are turns of one transcript's layout
        counts[key] = counts.get(key, 0) + 1
        found.append((m, key))
    out = []
    for m, key in found:
        marked = m.group("clock") is not None or m.group("mark") is not None
        if not marked and counts[key] < 2:
            continue
        mark = len(m.group("mark") or "")
        label = m.group("label")
        if m.group("mark") == "@" and len(label.split()) > 1:  # "@sam.k quick q:": a mention, then the message
            label = label.split()[0]
        skip, kind = label_kind(label[mark:])
        if m.group("number") and kind != "role":
            continue  # "participant 3:" is a speaker, "Room 3:" or "Item 2:" no one
        start = m.start("label") + mark + skip
        out.append((start, m.start("label") + len(label), kind, MARKED_TURN_SCORE if marked else TURN_SCORE))
    return tuple(out)


@lru_cache(maxsize=4096)
def label_kind(label: str) -> Tuple[int, str]:
    """(characters to skip, kind) of a turn's label without its "@" or "u/": the titles before a name are
    skipped ("dr okafor"); kind "name", "handle" or "role"."""
    words = label.split()
    if len(words) == 1 and handle_shape(words[0].rstrip(".")):
        return 0, "name" if handle_of_names(words[0]) else "handle"
    ranked_name = len(words) > 1 and folded(words[0].rstrip(".")) in RANK_WORDS and words[1][:1].isupper()
    if role_label(words) and not ranked_name:
        return 0, "role"
    skip, ranked = 0, False
    while len(words) > 1 and folded(words[0].rstrip(".")) in HONORIFIC_WORDS | RANK_WORDS:
        ranked = ranked or (folded(words[0].rstrip(".")) in RANK_WORDS and words[1][:1].isupper())
        skip = label.index(words[1], skip + len(words[0]))
        words = words[1:]
    return skip, "name" if ranked or not role_label(words) else "role"


def is_role_turn(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the label of a turn that names a role, or a part of it ("caller:", the
    "participant" of "participant 3:")."""
    return any(s <= start and end <= e and kind == "role" and (start == s or text[start - 1] in " \t")
               and (end == e or text[end] in " \t") for s, e, kind, _score in turns(text))  # whole words


QA_MARK = re.compile(r"(?m)^[ \t]*([QA])[ \t]*[.:)](?=[ \t])")


def is_question_answer_mark(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the "Q" or "A" that opens a line of a question-and-answer transcript ("Q.
    Where were you?" / "A. At home."): a layout mark, as a role's turn is, when lines of both kinds occur."""
    if end - start != 1 or text[start] not in "QA":
        return False
    marks = _qa_marks(text)
    return start in marks and len(set(marks.values())) == 2


@lru_cache(maxsize=16)
def _qa_marks(text: str) -> dict:
    """{offset: "Q" or "A"} of the marks that open lines of `text`."""
    return {m.start(1): m.group(1) for m in QA_MARK.finditer(text)}


def _finder(kind: str):
    def find(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
        for start, end, found, score in turns(text):
            if found == kind:
                yield start, end, score
    return find


def _prefilter(text: str) -> bool:
    return ":" in text


SPEAKER_NAME = Recognizer(
    name="rules.speaker_name",
    label="PERSON",
    type="NAME",
    finder=_finder("name"),
    languages=("en",),
    prefilter=_prefilter,
)

SPEAKER_HANDLE = Recognizer(
    name="rules.speaker_handle",
    label="CONTACT",
    type="HANDLE",
    finder=_finder("handle"),
    prefilter=_prefilter,
)
