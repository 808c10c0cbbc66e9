"""A name written with a hyphen is one name: "Ellie-Mae", "Jean-Paul", "Smith-Jones". A tagger may find one
part ("Ellie" of "Ellie-Mae has worked hard") and coreference the other ("Mae"); masked apart, the text read
"[PERSON_1]-[PERSON_1]" and a surrogate wrote two names. Pure functions over the kept spans."""
from typing import Callable, List

from spacy.tokens import Doc, Span, Token

from spacy_anon.extensions import span_getter
from spacy_anon.rules.recognizers.names import world_given_names

HYPHENS = frozenset("-‐‑")
# the short names that close a double given name ("Lily-Mae", "Sarah-Jo", "Ellie-Rose")
SECOND_NAMES = frozenset("mae may rose ann anne jo lou leigh lee jane marie grace louise belle".split())
CARRIED = ("anon_source", "anon_score", "anon_identifier", "anon_entity")


def _link(doc: Doc, i: int) -> bool:
    """Whether token i is a hyphen joined to the words on both sides (no space around it)."""
    return doc[i].text in HYPHENS and not doc[i].whitespace_ and i > 0 and not doc[i - 1].whitespace_


def _same_case(part: Token, word: Token) -> bool:
    """Whether `part` is a word written as the name's `word` is: both capitalised, or both in capitals (in
    lower case a hyphen joins any words, "ellie-style": there the part must be a given name, "lily-mae")."""
    if not part.is_alpha or not word.is_alpha:
        return False
    if word.text.isupper() and len(word.text) > 1:
        return part.text.isupper()
    if word.is_lower and part.is_lower:  # "lily-mae": in lower case, a given name's part only
        return part.lower_ in world_given_names() or part.lower_ in SECOND_NAMES
    return word.text[:1].isupper() and part.text[:1].isupper() and not part.text[1:].isupper()


def whole_hyphenated_names(kept: List[Span], relabel: Callable[[Span, str], Span]) -> List[Span]:
    """`kept` (sorted, not overlapping) with each PERSON span grown over the hyphenated parts of its first
    and last words ("Ellie" -> "Ellie-Mae"), absorbing a PERSON span that was such a part alone; a part
    another kind of span holds stops it."""
    if not kept:
        return kept
    doc = kept[0].doc
    owner = {}
    for n, span in enumerate(kept):
        for i in range(span.start, span.end):
            owner[i] = n
    dropped, grown = set(), {}
    for n, span in enumerate(kept):
        if span.label_ != "PERSON" or n in dropped:
            continue
        start, end = span.start, span.end

        def free(i: int) -> bool:
            other = owner.get(i)
            return other is None or other == n or (kept[other].label_ == "PERSON" and kept[other].start >= i - 2
                                                   and kept[other].end <= i + 2)
        while end + 1 < len(doc) and _link(doc, end) and _same_case(doc[end + 1], doc[end - 1]) \
                and free(end) and free(end + 1):
            end += 2
        while start >= 2 and _link(doc, start - 1) and _same_case(doc[start - 2], doc[start]) \
                and free(start - 1) and free(start - 2):
            start -= 2
        if (start, end) == (span.start, span.end):
            continue
        for i in range(start, end):
            other = owner.get(i)
            if other is not None and other != n:
                dropped.add(other)
        part = relabel(Span(doc, start, end, label=span.label_), span.label_)
        for name in CARRIED:
            value = span_getter(name)(span)
            if value is not None:
                setattr(part._, name, value)
        grown[n] = part
    return [grown.get(n, span) for n, span in enumerate(kept) if n not in dropped]
