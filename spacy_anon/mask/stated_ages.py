"""An age stated right after a person's name, in brackets or between commas ("Mrs Hazel Finch (72)", "Mr
Derek Shaw, 79, post-op", "Patient: Mr Tomasz Wiśniewski, 52" ending its line or its sentence): the person's age, which no rule reads on its own, for a bare number in brackets
or commas is no age elsewhere ("Article 8 (2)", "Flat 4, 12, High Street"). `anon_mask` adds it as an AGE
span after the kinds are decided (`component._resolve`). The other way round, a given name that opens a
profile or an introduction before its age ("Tinder bio: Rob, 34.", "hi im mark, 29,") is the person, whose
age a tagger read as a number of another kind (`with_introduced_names`)."""
import re
from typing import Callable, List, Optional, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.labels import identifier_for

STATED_AGE_SOURCE = "anon_mask.stated_age"  # the source of the ages it adds, in the table
INTRODUCED_NAME_SOURCE = "anon_mask.introduced_name"  # and of a name read before its age
STATED_AGE_SCORE = 0.7
MAX_AGE = 115
# "(72)" as written, not a tokenized "( 10 )" of a sports table's points after a player's name
# and "..., 52" ending a line or its sentence ("Patient: Oksana Kovalenko, 34. G2P1")
# and a bare number before a comma, a dash or the line's end ("MR DENNIS OKAFOR 79 - CHEST PAIN")
_AGE_AFTER_NAME = re.compile(r"[ \t]?\((\d{1,3})\)|,[ \t]*(\d{1,3})(?=[ \t]*(?:,|\r?\n|$)|\.(?:[ \t]|\r?\n|$))"
                             r"|[ \t]+(\d{1,3})(?=[ \t]*(?:[,;]|[\-–](?![ \t]*\d)|\r?\n|$))")


# a tagger's person span that runs on over the age written after the name ("Mrs Eileen Foster 84, admitted")
_TRAILING_AGE = re.compile(r"(?<=[^\W\d_])[ \t]+(\d{1,3})\Z")
_PERSON_ATTRIBUTES = ("anon_source", "anon_score", "anon_identifier", "anon_validated", "anon_type")


def with_stated_ages(spans: List[Span], text: str) -> List[Span]:
    """`spans` (sorted, not overlapping) with an AGE span for each number stated after a PERSON span that no
    span covers, and for a number a tagger's PERSON span of two words or more ends with ("Mrs Eileen Foster
    84": the name, then her age); in English text only."""
    if spans and spans[0].doc.lang_ != "en":
        return list(spans)  # Spanish and Portuguese write an age with its unit ("52 años"); a bare number after
        # a name there is a street's house number ("Calle Dr. Joaquín Aznar Molina 2, 3F", "Ramón Puga, 52.")
    out: List[Span] = []
    retyped = -1  # the index of a tagger's span over a stated age, replaced by the AGE span
    for i, span in enumerate(spans):
        if i == retyped:
            continue
        trailing = _TRAILING_AGE.search(span.text) if span.label_ == "PERSON" and len(span) >= 3 else None
        if trailing is not None and 0 < int(trailing.group(1)) <= MAX_AGE and span[-1].text == trailing.group(1) \
                and span[-2].is_alpha and len(span[-2]) > 1 and span[-2].text[:1].isupper():  # not "Canon g 7"
            out.append(_part(span, span.start, span.end - 1, "PERSON"))
            out.append(_age(_part(span, span.end - 1, span.end, "AGE")))
            continue
        out.append(span)
        match = _AGE_AFTER_NAME.match(text, span.end_char) if span.label_ == "PERSON" else None
        if match is None:
            continue
        group = next(g for g in (1, 2, 3) if match.group(g))
        start, end = match.span(group)
        following = spans[i + 1] if i + 1 < len(spans) else None
        # "MOTHER, BARBARA LEACH, 88." whose number a tagger read as a place: her age
        tagged = following is not None and (following.start_char, following.end_char) == (start, end) \
            and following.label_ != "AGE" and not str(following._.anon_source or "").startswith(("rules.", "custom."))
        if not 0 < int(match.group(group)) <= MAX_AGE or (following is not None and following.start_char < end
                                                          and not tagged):
            continue
        retyped = i + 1 if tagged else retyped
        tokens = span.doc.char_span(start, end)
        if tokens is None:
            continue
        out.append(_age(Span(span.doc, tokens.start, tokens.end, label="AGE")))
    return out


def _part(span: Span, start: int, end: int, label: str) -> Span:
    """Tokens start:end of a tagger's `span` under `label`, with its detector's attributes."""
    part = Span(span.doc, start, end, label=label)
    for name in _PERSON_ATTRIBUTES:
        value = getattr(span._, name)
        if value is not None:
            setattr(part._, name, value)
    return part


def _age(age: Span) -> Span:
    """`age` (an AGE span) marked as a stated age."""
    age._.anon_source, age._.anon_score = STATED_AGE_SOURCE, STATED_AGE_SCORE
    age._.anon_identifier, age._.anon_type = identifier_for("AGE"), "AGE"
    return age


_AGE_BEFORE_SEX = re.compile(r"(?i)\d{1,3}[ \t]?(?:yoa|yo|y/o|y\.o\.a\.?|y\.o\.?|yrs?[ \t]old|years?[ \t]old)[ \t]+\Z")


_UNIT_AND_SEX = re.compile(r"(?i)(?:yoa|yo|y/o|y\.o\.a\.?|y\.o\.?)[ \t]+[mf]")
_NUMBER_BEFORE = re.compile(r"\d{1,3}[ \t]?\Z")
_BRACKETED_AGE = re.compile(r"[(\[]\d{1,3}\Z")  # "My (28M)": the sex glued to the age in brackets


# a person's age as notes write it: "78 YO", "23 yo M", "54 Y/O F"; the number alone is the age
AGE_WORDS = re.compile(r"(?i)(\d{1,3})[ \t]?(?:yoa|yo|y/o|y\.o\.a\.?|y\.o\.?|yrs?[ \t]old|years?[ \t]old)(?:[ \t][mf])?(?!\w)")
# an age with its unit joined by hyphens, which a tagger reads as a code ("82-year-old" tagged ID)
AGE_HYPHENED = re.compile(r"(?i)(\d{1,3})[\-\u2010\u2011](?:years?|months?|weeks?)[\-\u2010\u2011]old(?!\w)")
AGE_UNIT = re.compile(r"(?i)yoa|yo|y/o|y\.o\.a\.?|y\.o\.?")
AGE_AFTER = re.compile(r"(?i)\d{1,3}[ \t]?(?:yoa|yo|y/o|y\.o\.a\.?|y\.o\.?)\b")
# an age after its key, as forms and letters write it: "age 7", "Aged: 54", "edad 45": an age, key and all
AGE_KEYED = re.compile(r"(?i)(?:age[ds]?|edad|idade)[ \t]*:?[ \t]*(\d{1,3})(?!\w)")


def age_in(text: str, start: int, end: int, label: str) -> Optional[Tuple[int, int, int]]:
    """The age a tagger's span text[start:end] holds or opens, as (start, end) of what the AGE span covers
    (the number; an age's key with it: "age 7") and where the age's words end, or None: "78 YO", "23 yo M",
    "age 7" tagged ORG or PERSON, "23" before "YO", an "82-year-old" read as a code."""
    value = text[start:end]
    age = AGE_WORDS.match(value) or AGE_KEYED.match(value) or (
        AGE_HYPHENED.match(value) if label in ("ID", "CODE", "CONTACT", "QUANTITY") else None)
    if age is None and value.isdigit():
        after = AGE_AFTER.match(text, start)
        age = AGE_WORDS.match(after.group()) if after is not None else None
    if age is None:
        return None
    return start + (0 if age.re is AGE_KEYED else age.start(1)), start + age.end(1), start + age.end()


def hyphened_age(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is an age joined to its unit by hyphens, or its start ("82-year-old", "82-year")."""
    hyphened = AGE_HYPHENED.match(text, start)
    return hyphened is not None and hyphened.end() >= end


def age_unit_alone(text: str, start: int, value: str) -> bool:
    """Whether `value` at `start` is a piece of an age a tagger read apart: its unit ("YO" of "23 YO M",
    "year", "old" of "an 82-year-old") or the sex a note writes after it ("M" of "45yo M")."""
    return AGE_UNIT.fullmatch(value) is not None or sex_after_age(text, start, value) \
        or unit_after_age(text, start, value)


# an age's unit written out ("82-year-old" read as "82", "year", "old"), right after the age's number
_SPELLED_UNIT = re.compile(r"(?i)(?:years?|yrs?|months?|weeks?)(?:[ \t\-\u2010\u2011]+old)?|old")
_AGE_BEFORE_UNIT = re.compile(r"(?i)\d{1,3}[ \t\-\u2010\u2011]*"
                              r"(?:(?:years?|yrs?|months?|weeks?)[ \t\-\u2010\u2011]*)?\Z")


def unit_after_age(text: str, start: int, value: str) -> bool:
    """Whether `value` at `start` is the unit of the age before it ("year", "old" of "an 82-year-old"), which a
    tagger may read as a trait of its own: the age is masked, its unit is no value."""
    return _SPELLED_UNIT.fullmatch(value) is not None \
        and _AGE_BEFORE_UNIT.search(text, max(0, start - 16), start) is not None


def sex_after_age(text: str, start: int, value: str) -> bool:
    """Whether `value` at `start` is the sex letter a note writes after an age ("45yo M", "23 YO F"), which a
    tagger may read as an initial, alone, with the age's unit ("YO F") or glued to the age in brackets ("(28M)"):
    the age is masked, the rest is no name."""
    if _UNIT_AND_SEX.fullmatch(value):
        return _NUMBER_BEFORE.search(text, max(0, start - 8), start) is not None  # "YO F" of "23 YO F"
    return value in ("M", "F", "m", "f") and (_AGE_BEFORE_SEX.search(text, max(0, start - 24), start) is not None
                                              or _BRACKETED_AGE.search(text, max(0, start - 5), start) is not None)


# a given name that opens its clause (after a line's start, a colon, "I'm", "im", "I am", "name is"), a comma
# and a number of one or two digits, then the clause's end or a comma ("Rob, 34.", "hi im mark, 29,")
# (found from the comma and the age, which `re` skips to fast, then read backwards)
_AGE_AFTER_COMMA = re.compile(r",[ \t]*(\d{1,2})(?=[ \t]*[.,;!\n]|$)")
_INTRODUCED = re.compile(r"(?:^|(?<=[:\n])|(?<=\bI'm)|(?<=\bI’m)|(?<=\bim)|(?<=\bI am)|(?<=\bname is))[ \t]*"
                         r"([A-Za-z][a-z]{1,15})\Z", re.MULTILINE | re.IGNORECASE)


def with_introduced_names(doc: Doc, spans: List[Span], text: str, is_given_name: Callable[[str], bool]) -> List[Span]:
    """`spans` with a PERSON span for a given name that opens a profile or an introduction before its age and
    no span covers ("Tinder bio: Rob, 34."), and the age after it an AGE whatever a tagger called it."""
    found = []
    for comma in _AGE_AFTER_COMMA.finditer(text):
        name = _INTRODUCED.search(text, max(0, comma.start() - 40), comma.start())
        if name is not None and is_given_name(name.group(1).lower()):
            found.append((name.span(1), comma.span(1), comma.group(1)))
    if not found:
        return spans
    out = list(spans)
    for (name_start, name_end), (age_start, age_end), number in found:
        over = [s for s in out if s.start_char < name_end and name_start < s.end_char]
        named = len(over) == 1 and over[0].label_ == "PERSON" and (over[0].start_char, over[0].end_char) == (
            name_start, name_end)  # "I'm Priyanka, 29.": the name a tagger found, its age a tagger's "place"
        if (over and not named) or not 0 < int(number) <= MAX_AGE:
            continue
        name, age = doc.char_span(name_start, name_end), doc.char_span(age_start, age_end)
        if name is None or age is None:
            continue
        out = [s for s in out if not (s.start_char < age_end and age_start < s.end_char)]  # "34" a tagger's place
        if not named:
            person = Span(doc, name.start, name.end, label="PERSON")
            person._.anon_source, person._.anon_score = INTRODUCED_NAME_SOURCE, STATED_AGE_SCORE
            person._.anon_identifier, person._.anon_type = identifier_for("PERSON"), "PERSON"
            out.append(person)
        stated = Span(doc, age.start, age.end, label="AGE")
        stated._.anon_source, stated._.anon_score = STATED_AGE_SOURCE, STATED_AGE_SCORE
        stated._.anon_identifier, stated._.anon_type = identifier_for("AGE"), "AGE"
        out.append(stated)
    return sorted(out, key=lambda s: (s.start_char, s.end_char))
