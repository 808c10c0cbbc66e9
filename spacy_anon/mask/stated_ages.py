"""An age stated right after a person's name, in brackets or between commas ("Mrs Hazel Finch (72)", "Mr
Derek Shaw, 79, post-op", "Patient: Mr Tomasz Wiśniewski, 52" ending its line): the person's age, which no rule reads on its own, for a bare number in brackets
or commas is no age elsewhere ("Article 8 (2)", "Flat 4, 12, High Street"). `anon_mask` adds it as an AGE
span after the kinds are decided (`component._resolve`)."""
import re
from typing import List

from spacy.tokens import Span

from spacy_anon.labels import identifier_for

STATED_AGE_SOURCE = "anon_mask.stated_age"  # the source of the ages it adds, in the table
STATED_AGE_SCORE = 0.7
MAX_AGE = 115
# "(72)" as written, not a tokenized "( 10 )" of a sports table's points after a player's name
_AGE_AFTER_NAME = re.compile(r"[ \t]?\((\d{1,3})\)|,[ \t]*(\d{1,3})(?=[ \t]*(?:,|\r?\n|$))")  # and "..., 52" ending a line


def with_stated_ages(spans: List[Span], text: str) -> List[Span]:
    """`spans` (sorted, not overlapping) with an AGE span for each number stated after a PERSON span that no
    span covers."""
    out: List[Span] = []
    for i, span in enumerate(spans):
        out.append(span)
        match = _AGE_AFTER_NAME.match(text, span.end_char) if span.label_ == "PERSON" else None
        if match is None:
            continue
        group = 1 if match.group(1) else 2
        start, end = match.span(group)
        if i + 1 < len(spans) and spans[i + 1].start_char < end or not 0 < int(match.group(group)) <= MAX_AGE:
            continue
        tokens = span.doc.char_span(start, end)
        if tokens is None:
            continue
        age = Span(span.doc, tokens.start, tokens.end, label="AGE")
        age._.anon_source, age._.anon_score = STATED_AGE_SOURCE, STATED_AGE_SCORE
        age._.anon_identifier, age._.anon_type = identifier_for("AGE"), "AGE"
        out.append(age)
    return out
