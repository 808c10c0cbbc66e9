"""A given name joined by "and" to a person's name that a tagger found, and which no tagger found itself
("ill take ollie and freya", "Sam and Priya came"): the same kind of mention, masked with it. Chats typed in
lower case leave the taggers few clues, and one of two names in a pair is then often missed."""
import re
from typing import Callable, List, Optional, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.labels import identifier_for
from spacy_anon.lexicon.generic_words import zipf
from spacy_anon.mask.handles import NAME_ZIPF

COORDINATED_NAME_SOURCE = "anon_mask.coordinated_name"
COORDINATED_NAME_SCORE = 0.6
# a word, "and" or "&", and the found name after it; or the found name, "and" or "&", and a word
_BEFORE = re.compile(r"(?<![\w'’\-])([A-Za-z][a-z]{1,14})[ \t]+(?:and|&)[ \t]+\Z")
_AFTER = re.compile(r"[ \t]+(?:and|&)[ \t]+([A-Za-z][a-z]{1,14})(?![\w'’\-])")
# a given name as frequent as this as a word is a word beside a name as well ("mark and freya" may be marking)
COORDINATED_MAX_ZIPF = NAME_ZIPF + 0.5


def coordinated_name(text: str, span: Span, is_given_name: Callable[[str], bool]) -> List[Tuple[int, int]]:
    """(start, end) of the given names joined by "and" to a one-word PERSON `span`, written in its case
    (both in lower case, or both capitalised), rare enough as words (`COORDINATED_MAX_ZIPF`)."""
    out = []
    before = _BEFORE.search(text, max(0, span.start_char - 24), span.start_char)
    after = _AFTER.match(text, span.end_char)
    for match in (before, after):
        word = match.group(1) if match is not None else ""
        if word and _same_case(word, span.text) and is_given_name(word.lower()) \
                and zipf(word.lower()) < COORDINATED_MAX_ZIPF:
            out.append(match.span(1))
    return out


def _same_case(word: str, name: str) -> bool:
    return (word.islower() and name.islower()) or (word.istitle() and name.istitle())


def with_coordinated_names(doc: Doc, spans: List[Span], text: str, is_given_name: Callable[[str], bool]) -> List[Span]:
    """`spans` (sorted, not overlapping) with a PERSON span for each given name joined by "and" to a found
    person's one-word name that no span covers (`coordinated_name`)."""
    added: List[Span] = []
    for span in spans:
        if span.label_ != "PERSON" or len(span) != 1 or not span.text.isalpha():
            continue
        for start, end in coordinated_name(text, span, is_given_name):
            if any(s.start_char < end and start < s.end_char for s in spans + added):
                continue
            person = _person(doc, start, end)
            if person is not None:
                added.append(person)
    return sorted(spans + added, key=lambda s: (s.start_char, s.end_char)) if added else spans


def _person(doc: Doc, start: int, end: int) -> Optional[Span]:
    tokens = doc.char_span(start, end)
    if tokens is None:
        return None
    person = Span(doc, tokens.start, tokens.end, label="PERSON")
    person._.anon_source, person._.anon_score = COORDINATED_NAME_SOURCE, COORDINATED_NAME_SCORE
    person._.anon_identifier, person._.anon_type = identifier_for("PERSON"), "PERSON"
    return person
