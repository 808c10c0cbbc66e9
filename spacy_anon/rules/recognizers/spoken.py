"""Identifiers read out in words (call transcripts, voicemails, dictation): phone numbers, references and
IP addresses said digit by digit, UK postcodes and street addresses said aloud, dates and times in words,
and a name spelled out letter by letter.

The words and patterns are in `spacy_anon.rules.spoken`. A run of number words is one of three things,
decided once per text (`spoken_numbers`): four groups joined by "dot" are an IP address; a run after a
phone word ("call", "extension", "mobile", "the main number"), or eleven digits or fewer opening with a
zero, is a phone number; any other run (after "card", "account", "nhs number", "reference", or opened by
letters, "s n four four ...") is an identifier.
"""
import re
from functools import lru_cache
from typing import Iterator, Optional, Tuple

from spacy_anon.lexicon.clinical_terms import is_clinical_note
from spacy_anon.rules import scanning, spoken
from spacy_anon.rules.first_chars import twin
from spacy_anon.rules.recognizers.base import Recognizer



class _Rx:
    """A lower-case pattern compiled twice: for the lower-cased text, and case-blind for a text whose
    lower case moves offsets (`spoken.lowered`). Each behind its first characters (`first_chars.twin`):
    most of these patterns open with lookbehinds, which `re` would try at every position of the text."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.plain, self.blind = twin(re.compile(source)), twin(re.compile(source, re.IGNORECASE))

    def on(self, text: str) -> Tuple[str, "re.Pattern[str]"]:
        """(the text to run on, the regex to run): offsets in both are offsets in `text`."""
        low = spoken.lowered(text)
        return (low, self.plain) if low is not None else (text, self.blind)


_RUN = _Rx(spoken.NUMBER_RUN)
_SPELLED = _Rx(spoken.SPELLED_LETTERS)
_POSTCODE = _Rx(spoken.SPOKEN_POSTCODE)
_STREET = _Rx(spoken.SPOKEN_STREET)
_TOWN = _Rx(spoken.ADDRESS_TOWN)
_POSTCODE_AFTER = re.compile(r"[ \t]{0,2},?[ \t]{1,2}(?=\S)")
_NUMBER_WORD = _Rx(r"(?<![\w'’])(?:" + spoken.DIGIT + "|" + spoken.TEEN + "|" + spoken.TENS + r")(?![\w'’])")
_WORD = re.compile(r"[^\W\d_][\w'’]*")
_TURN_START = re.compile(r"(?:^|\n)[ \t]*(?:[^\n:]{1,40}:)?[ \t]*\Z")
# what may follow a town said after a street: the clause's end or a word that opens the next phrase
_TOWN_FOLLOW = re.compile(
    r"[ \t]{0,2}(?:[,.;:!?)\n]|\Z)|[ \t]{1,2}(?:in|on|at|for|to|and|by|from|with|next|this|last|tomorrow|today|"
    r"tonight|is|was|has|have|had|will|where|which|so|but|then|or|if|when|please|thanks|ok|okay)(?![\w'’])")

PHONE_CUES = frozenset(
    "phone phones telephone mobile cell call calling called ring text texts sms extension ext landline fax "
    "whatsapp reach dial".split())
ID_CUES = frozenset(
    "card account acc reference ref nhs case policy membership member customer order ticket booking passport "
    "licence license serial invoice insurance pin code id claim patient digits sort iban".split())
NUMBER_WORDS = frozenset(("number", "no", "num", "numbers"))
CUE_REACH = 100  # characters read before a run for the word that says what it is
CUED_SCORE = 0.8
UNCUED_SCORE = 0.65


def cue_before(text: str, start: int) -> str:
    """"phone", "id" or "" from the nearest cue word in the `CUE_REACH` characters before `start`; "number"
    takes the kind of the word before it ("nhs number", "account number") and is a phone number alone
    ("the main number is ...")."""
    words = [w.lower() for w in _WORD.findall(text[max(0, start - CUE_REACH):start])]
    for k in range(len(words) - 1, -1, -1):
        w = words[k]
        if w in ID_CUES:
            return "id"
        if w in PHONE_CUES:
            return "phone"
        if w in NUMBER_WORDS:
            before = words[k - 1] if k else ""
            return "id" if before in ID_CUES else "phone"
    return ""


@lru_cache(maxsize=16)
def spoken_numbers(text: str) -> Tuple[Tuple[int, int, str, float], ...]:
    """(start, end, kind, score) of every number read out digit by digit in `text`: kind "ip", "phone" or
    "id" (see the module's docstring)."""
    out = []
    view, run = _RUN.on(text)
    for m in run.finditer(view):
        words = spoken.words_with_offsets(text, m.start(), m.end())
        letters = []
        while words and len(words[0][0]) == 1 and words[0][0] not in spoken.DIGIT_WORDS:
            letters.append(words.pop(0))
        groups = spoken.digit_groups(words)
        if not letters and spoken.ip_digits(groups):
            out.append((groups[0][0][1], groups[-1][-1][2], "ip", CUED_SCORE))
            continue
        for k, group in enumerate(groups):
            read = spoken.read_digits([w for w, _s, _e in group]) if group else None
            if read is None or len(read[0]) < spoken.MIN_DIGITS or read[1] < spoken.MIN_SINGLE:
                continue
            digits = read[0]
            start = letters[0][1] if letters and k == 0 else group[0][1]
            cue = "id" if letters and k == 0 else cue_before(text, start)
            if not cue and spoken.is_counting(digits):
                continue
            if not cue:
                cue = "phone" if digits[0] == "0" and 10 <= len(digits) <= 11 else "id"
                score = CUED_SCORE if cue == "phone" else UNCUED_SCORE
            else:
                score = CUED_SCORE
            out.append((start, group[-1][2], cue, score))
    return tuple(out)


def _number_finder(kind: str):
    def find(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
        for start, end, found, score in spoken_numbers(text):
            if found == kind:
                yield start, end, score
    return find


def has_number_words(text: str) -> bool:
    """Prefilter: a number word is in the text (searched once per text for the recognizers that ask)."""
    return scanning.shared(text, "number_words", lambda: _number_word_in(text))


def _number_word_in(text: str) -> bool:
    view, regex = _NUMBER_WORD.on(text)
    return regex.search(view) is not None


def _postcode_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    view, regex = _POSTCODE.on(text)
    for m in regex.finditer(view):
        yield m.start(), m.end(), 0.75


def _address_cued(text: str, m: "re.Match[str]") -> bool:
    """A street read out where an address is given: at the start of a line or a turn ("caller: twenty three
    rowan close"), or after "at", "to", "address", "live", "it's", ..."""
    before = text[max(0, m.start() - 60):m.start()]
    if _TURN_START.search(before):
        return True
    words = _WORD.findall(before)
    return bool(words) and words[-1].lower() in spoken.ADDRESS_CUES


def _address_end(text: str, end: int) -> Tuple[int, bool]:
    """(end, grown) of a street read out, grown over ", town" (one or two words) and a postcode read out."""
    grown = False
    text, town_rx = _TOWN.on(text)
    code_rx = _POSTCODE.on(text)[1]
    town = town_rx.match(text, end)
    if town is not None:
        words = town.group("town").split()
        stop = [w.lower() in spoken.NOT_STREET_NAME for w in words]
        if not stop[0]:
            town_end = town.start("town") + len(words[0])
            if len(words) == 2 and not stop[1] and _TOWN_FOLLOW.match(text, town.end()):
                town_end = town.end()
            if _TOWN_FOLLOW.match(text, town_end) or code_rx.match(text, _skip_comma(text, town_end)):
                end, grown = town_end, True
    code = code_rx.match(text, _skip_comma(text, end))
    if code is not None:
        end, grown = code.end(), True
    return end, grown


def _skip_comma(text: str, pos: int) -> int:
    m = _POSTCODE_AFTER.match(text, pos)
    return m.end() if m else pos


def _address_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    view, regex = _STREET.on(text)
    for m in regex.finditer(view):
        if any(w.lower() in spoken.NOT_STREET_NAME for w in m.group("name").split()):
            continue
        end, grown = _address_end(text, m.end())
        if grown or _address_cued(text, m):
            yield m.start(), end, 0.8 if grown else 0.7


def has_spelled_letters(text: str) -> bool:
    """Prefilter: three single letters in a row are in the text."""
    view, regex = _SPELLED.on(text)
    return regex.search(view) is not None


def _spelled_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Letters spelled out that make a word written elsewhere in the text: the caller spells the name
    they gave ("it's piotr kaczmarek ... k a c z m a r e k", "that's sam, s a m")."""
    words = None
    view, regex = _SPELLED.on(text)
    for m in regex.finditer(view):
        joined = "".join(c for c in m.group().lower() if c.isalpha())
        if words is None:
            words = {w.lower() for w in _WORD.findall(text) if len(w) >= 3}
        if joined in words:  # a word of the text spelled out: more than a postcode's shape ("a o o a a")
            yield m.start(), m.end(), 0.8


def _compiled(specs):
    return tuple((_Rx(source), score, group) for source, score, group in specs)


def _hits(patterns, text: str) -> Iterator[Tuple[int, int, float]]:
    for rx, score, group in patterns:
        view, regex = rx.on(text)
        for m in regex.finditer(view):
            start, end = m.span(group)
            if start < end:
                yield start, end, score


def _holds(needs: Optional[_Rx], text: str) -> bool:
    if needs is None:
        return True
    view, regex = needs.on(text)
    return regex.search(view) is not None


def _pattern_finder(patterns, notes_too=(), needs: Optional[str] = None, notes_needs: Optional[str] = None):
    """Finder of lower-case (source, score, group) patterns; `notes_too` are also run on clinical notes,
    the others not (`is_clinical_note`: a note's weekdays and clock times are its schedule). The note
    test reads every word of the text, so it is made only for a text where one of `patterns` matched.
    `needs` (`notes_needs`): a lower-case pattern that finds something in every text where one of
    `patterns` (`notes_too`) matches; a text where it finds nothing skips them (one pass for several)."""
    needs_rx, notes_rx = (_Rx(needs) if needs else None), (_Rx(notes_needs) if notes_needs else None)

    def find(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
        if notes_too and _holds(notes_rx, text):
            yield from _hits(notes_too, text)
        found = list(_hits(patterns, text)) if patterns and _holds(needs_rx, text) else []
        if found and not is_clinical_note(text):
            yield from found
    return find


SPOKEN_PHONE = Recognizer(
    name="rules.spoken_phone",
    label="CONTACT",
    type="PHONE",
    finder=_number_finder("phone"),
    languages=("en",),
    prefilter=has_number_words,
)
SPOKEN_IP = Recognizer(
    name="rules.spoken_ip",
    label="CONTACT",
    type="IP",
    finder=_number_finder("ip"),
    languages=("en",),
    prefilter=has_number_words,
)
SPOKEN_NUMBER = Recognizer(
    name="rules.spoken_number",
    label="ID",
    type="REFERENCE_NUMBER",
    finder=_number_finder("id"),
    languages=("en",),
    prefilter=has_number_words,
)
SPOKEN_POSTCODE = Recognizer(
    name="rules.spoken_postcode",
    label="LOC",
    type="POSTAL_CODE",
    finder=_postcode_finder,
    languages=("en",),
    prefilter=has_number_words,
)
SPOKEN_ADDRESS = Recognizer(
    name="rules.spoken_address",
    label="LOC",
    type="ADDRESS",
    finder=_address_finder,
    languages=("en",),
    prefilter=has_number_words,
)
SPOKEN_DATE = Recognizer(
    name="rules.date_spoken",
    label="DATETIME",
    type="DATE",
    finder=_pattern_finder(_compiled(spoken.NAMED_DAYS), notes_too=_compiled(spoken.SPOKEN_DATES),
                           needs=spoken.NAMED_DAYS_NEEDS, notes_needs=spoken.SPOKEN_DATES_NEEDS),
    languages=("en",),
)
SPOKEN_TIME = Recognizer(
    name="rules.time_spoken",
    label="DATETIME",
    type="TIME",
    finder=_pattern_finder(_compiled(spoken.SPOKEN_TIMES)),
    languages=("en",),
    prefilter=has_number_words,
)
SPELLED_NAME = Recognizer(
    name="rules.spelled_name",
    label="PERSON",
    type="NAME",
    finder=_spelled_finder,
    languages=("en",),
    prefilter=has_spelled_letters,
)
