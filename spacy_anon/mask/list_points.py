"""Where a tagger's span holds a list rather than one value: list separators, a line break, a tab, a run
of spaces, a spaced dash, an emoji; not the full stop of an initial or an abbreviation, a word wrapped at
its hyphen across a line, or a form's value whose words are all spaced twice."""
import re
from typing import List, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.lexicon.generic_words import folded
from spacy_anon.mask.handles import is_emoji
from spacy_anon.mask.person_starts import HONORIFICS

SEPARATORS = frozenset({",", ";", ":", ".", "(", ")", "[", "]", "–", "—", "·", "|", "•", ">", "›", "»", "→", "#"})


def split_points(span: Span) -> List[Tuple[int, int]]:
    """The token ranges of `span` between list separators (", ", brackets, a spaced dash, a line break, a
    tab, a run of spaces or an emoji); the whole span when it has none."""
    parts, start = [], span.start
    doc = span.doc
    doubled = doubled_spacing(span)
    for i in range(span.start, span.end):
        tok = doc[i]
        sep = (tok.text in SEPARATORS and not (tok.text == "." and not _ends_sentence(doc, i))) \
            or (tok.is_space and ("\n" in tok.text or "\t" in tok.text or len(tok.text) > 1
                                  or (i > 0 and doc[i - 1].whitespace_ and not doubled))
                and not wrapped_word_break(doc, i)) \
            or (tok.text in ("-", "/") and i > 0 and doc[i - 1].whitespace_ and tok.whitespace_) or is_emoji(tok.text)
        if sep:
            if i > start:
                parts.append((start, i))
            start = i + 1
    if span.end > start:
        parts.append((start, span.end))
    return parts


def doubled_spacing(span: Span) -> bool:
    """Whether every gap between the three or more words of `span` is two spaces ("KAREN  LOUISE  MATTHEWS", as
    a scanned or typed form spaces its words): one value so spaced, not a list's columns (two words so spaced
    may be a value and the next field's key: "FOLASADE  HOSP NO")."""
    words = [t for t in span if not t.is_space]
    return len(words) >= 3 and all(t.whitespace_ == " " and t.i + 1 < span.end and span.doc[t.i + 1].text == " "
                                   for t in words[:-1])


# a word hyphenated across a line break: letters, "-", the break, letters ("Kowal-\nski", "Smith-\nJones")
WRAPPED_BEFORE = re.compile(r"[^\W\d_]-[ \t]*$")
WRAPPED_AFTER = re.compile(r"[ \t]*\r?\n[ \t]*[^\W\d_]")


def wrapped_word_break(doc: Doc, i: int) -> bool:
    """Whether the space token doc[i] is the line break inside a word wrapped at its hyphen ("Kowal-\nski"):
    one name, not a list of two (the leak guard joins it too, `leak_guard.join_hyphenated`)."""
    text, start = doc.text, doc[i].idx
    return WRAPPED_BEFORE.search(text, max(0, start - 8), start) is not None \
        and WRAPPED_AFTER.match(text, start) is not None


def _ends_sentence(doc: Doc, i: int) -> bool:
    """Whether the full stop doc[i] ends a sentence: not after an initial ("J. Whitfield"), a title
    ("Dr. Rao") or a short abbreviation ("St. Bernard"), and a capitalised word follows ("sq. m" is one
    value)."""
    before = doc[i - 1].text if i > 0 else ""
    abbreviation = len(before) <= 1 or folded(before) in HONORIFICS or (before.isalpha() and before.istitle()
                                                                       and len(before) <= 3)  # "St.", "Mt."
    return bool(before) and not abbreviation and i + 1 < len(doc) and doc[i + 1].text[:1].isupper()
