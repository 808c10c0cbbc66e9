"""Possessives across tokenizers: spaCy's English tokenizer writes "keeper's" as keeper / 's, the default
English pipeline's (which splits every apostrophe, for names such as O'Brien) as keeper / ' / s. Code that
asks "is this a possessive?" asks here, so it holds for both."""
from spacy.tokens import Doc

APOSTROPHES = ("'", "’")
POSSESSIVE_TOKENS = frozenset({"'s", "’s", "'", "’"})


def possessive_end(doc: Doc, i: int) -> int:
    """The index after a possessive that starts at token i, or i when none does ("'s", "'", or "'" glued
    to an "s" that ends the word)."""
    if i >= len(doc) or doc[i].text not in POSSESSIVE_TOKENS:
        return i
    if doc[i].text in APOSTROPHES and i + 1 < len(doc) and not doc[i].whitespace_ and doc[i + 1].lower_ == "s" \
            and (i + 2 == len(doc) or doc[i + 1].whitespace_ or not doc[i + 2].text[:1].isalnum()):
        return i + 2
    return i + 1


def is_split_possessive_s(doc: Doc, i: int) -> bool:
    """Whether token i is the "s" of a possessive split from its apostrophe, glued to the word before."""
    return i >= 2 and doc[i].lower_ == "s" and doc[i - 1].text in APOSTROPHES and not doc[i - 2].whitespace_ \
        and possessive_end(doc, i - 1) == i + 1


def ends_with_possessive(doc: Doc, i: int) -> bool:
    """Whether token i ends a possessive: "'s" (or a word written with it), or the split "s"."""
    return doc[i].text.endswith(("'s", "’s")) or is_split_possessive_s(doc, i)


__all__ = ["APOSTROPHES", "POSSESSIVE_TOKENS", "ends_with_possessive", "is_split_possessive_s", "possessive_end"]
