"""Possessives across tokenizers: spaCy's English tokenizer writes "keeper's" as keeper / 's, the default
English pipeline's (which splits every apostrophe, for names such as O'Brien) as keeper / ' / s. Code that
asks "is this a possessive?" asks here, so it holds for both."""
from spacy.tokens import Doc

APOSTROPHES = ("'", "’")
POSSESSIVE_TOKENS = frozenset({"'s", "’s", "'", "’"})
# words whose "'s" is "is", "has" or "us", never a possessive ("let's", "it's", "there's")
CONTRACTION_HOSTS = frozenset(
    "let it that he she what there here who where how when why this everyone everything nobody somebody "
    "someone something nothing".split()
)


def possessive_end(doc: Doc, i: int) -> int:
    """The index after a possessive that starts at token i, or i when none does: "'s"; an apostrophe glued
    to an "s" that ends the word ("keeper" / "'" / "s"); an apostrophe alone after a word ending in "s"
    ("the boys' room"). An apostrophe inside a word ("O'Brien"), a quote or a contraction ("let's") is none."""
    if i >= len(doc) or i == 0 or doc[i].text not in POSSESSIVE_TOKENS or doc[i - 1].whitespace_:
        return i
    if doc[i - 1].lower_ in CONTRACTION_HOSTS:
        return i
    if doc[i].text in ("'s", "’s"):
        return i + 1
    ends_word = doc[i].whitespace_ or i + 1 == len(doc) or not doc[i + 1].text[:1].isalnum()
    if not ends_word and doc[i + 1].lower_ == "s" \
            and (i + 2 == len(doc) or doc[i + 1].whitespace_ or not doc[i + 2].text[:1].isalnum()):
        return i + 2
    if ends_word and doc[i - 1].text[-1:] in ("s", "S"):
        return i + 1
    return i


def is_split_possessive_s(doc: Doc, i: int) -> bool:
    """Whether token i is the "s" of a possessive split from its apostrophe, glued to the word before."""
    return i >= 2 and doc[i].lower_ == "s" and doc[i - 1].text in APOSTROPHES and not doc[i - 2].whitespace_ \
        and possessive_end(doc, i - 1) == i + 1


def ends_with_possessive(doc: Doc, i: int) -> bool:
    """Whether token i ends a possessive: "'s" (or a word written with it), or the split "s"."""
    return doc[i].text.endswith(("'s", "’s")) or is_split_possessive_s(doc, i)


def without_possessive(doc: Doc, start: int, end: int) -> int:
    """The end of start:end before a possessive that closes it ("Ellie" of "Ellie's", "Ellie" / "'" / "s")."""
    for i in range(max(start + 1, end - 2), end):
        if possessive_end(doc, i) == end:
            return i
    return end


__all__ = ["APOSTROPHES", "CONTRACTION_HOSTS", "POSSESSIVE_TOKENS", "ends_with_possessive", "is_split_possessive_s",
           "possessive_end", "without_possessive"]
