"""Which lines of a document are written in capitals, and which of those are headings: where a capital
says nothing about names (`generic_words.NameSignals` reads it per token)."""
import re
from bisect import bisect_right
from typing import List, Tuple

from spacy.attrs import IDX
from spacy.tokens import Doc

from spacy_anon.extensions import doc_text

_NEWLINE = re.compile("\n")
_NON_ASCII = re.compile("[^\x00-\x7f]")


_ASCII_UPPER = bytes(range(ord("A"), ord("Z") + 1))
_ASCII_LOWER = bytes(range(ord("a"), ord("z") + 1))


def _letter_counts(chars: str) -> Tuple[int, int]:
    """(letters, upper-case letters) of `chars`: `str.isalpha` and `str.isupper` per character, counted
    in C for ASCII text."""
    raw = chars.encode("ascii", "ignore")  # the ASCII characters, counted in C; the others one by one
    upper = len(raw) - len(raw.translate(None, _ASCII_UPPER))
    letters = upper + len(raw) - len(raw.translate(None, _ASCII_LOWER))
    if len(raw) < len(chars):
        others = [ch for ch in _NON_ASCII.findall(chars) if ch.isalpha()]
        letters += len(others)
        upper += sum(1 for ch in others if ch.isupper())
    return letters, upper


def caps_lines(doc: Doc) -> Tuple[List[bool], List[bool]]:
    """For each token: whether its line is written in capitals (most letters upper case), where case
    says nothing about names; and whether that line is a heading (three words at most and no "KEY:
    value" field: "EDUCATION", "PARENT / CARER"). A line ends with a token holding a line break; its
    letters are counted over its characters at once (a Token object per token is slow)."""
    n = len(doc)
    flags = [False] * n
    headings = [False] * n
    if not n:
        return flags, headings
    text = doc_text(doc)
    starts = doc.to_array(IDX).tolist()
    ends = sorted({bisect_right(starts, m.start()) - 1 for m in _NEWLINE.finditer(text)} | {n - 1})
    first = 0
    for last in ends:
        if last < first:  # pragma: no cover  (one token per line end)
            continue
        letters, upper = _letter_counts(text[starts[first]:starts[last + 1] if last + 1 < n else len(text)])
        if letters >= 6 and upper >= 0.8 * letters:
            line = doc[first:last + 1]
            short = sum(1 for t in line if t.is_alpha) <= 3 and not any(t.text == ":" for t in line)
            flags[first:last + 1] = [True] * (last + 1 - first)
            if short:
                headings[first:last + 1] = [True] * (last + 1 - first)
        first = last + 1
    return flags, headings
