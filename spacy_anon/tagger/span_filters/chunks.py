"""Filters on whitespace-delimited chunks and lines: a span keeps whole words, and word-level spans on
one line become one mention."""
import re
from typing import List, Optional, Tuple

import numpy as np
from spacy.attrs import IS_SPACE, SPACY
from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.extensions import doc_text
from spacy_anon.lexicon.generic_words import zipf
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.rules.recognizers.names import world_given_names
from spacy_anon.text_views import has_invisible, visible_text
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_words


# What may follow a name in its chunk without being part of it ("Lindqvist's class", "the Smiths'").
POSSESSIVES = frozenset({"'s", "’s", "'", "’", "s'", "s’"})
SENTENCE_PUNCT = ".,;:!?)]}\"”"
CHUNK_SEPARATORS = frozenset({",", ";", "|"})  # glued to their neighbours in a CSV row, they still part them  # what may close a sentence or clause after a possessive ("James's.")


def chunk_ids(doc: Doc) -> List[int]:
    """Index of the whitespace-delimited chunk of every token (read from the doc's arrays: a Token object
    per token would cost more than the filter)."""
    if not len(doc):
        return []
    arr = doc.to_array([SPACY, IS_SPACE]).astype(bool)
    for i, word in enumerate(doc_words(doc)):  # a comma the tokenizer split off parts chunks too ("Aisha
        if word in CHUNK_SEPARATORS and not arr[i, 0]:  # Khan,aisha.khan@x.com" of a CSV row)
            arr[i, 1] = True
            if i:
                arr[i - 1, 0] = True
    if has_invisible(doc_text(doc)):  # a token of only invisible or control characters parts words like a space
        for token in doc:
            if not token.is_space and not visible_text(token.text):
                arr[token.i, 1] = True
                if token.i:
                    arr[token.i - 1, 0] = True
    ends = arr[:, 0] | arr[:, 1]
    ends[:-1] |= arr[1:, 1]  # the next token is whitespace
    ids = np.zeros(len(doc), dtype=np.intp)
    np.cumsum(ends[:-1], out=ids[1:])
    return ids.tolist()


def trim_partial_chunks(doc: Doc, spans: List[Scored]) -> List[Scored]:
    """Drop the partly covered first/last chunk of spans that cover several chunks."""
    ids = chunk_ids(doc)

    def alnum(i: int, j: int) -> bool:  # tokens i..j-1 hold a letter or digit
        return any(ch.isalnum() for t in doc[i:j] for ch in t.text)

    def digit(i: int, j: int) -> bool:
        return any(ch.isdigit() for t in doc[i:j] for ch in t.text)

    out = []
    for start, end, label, score in spans:
        counted = label in COUNT_LABELS and digit(start, end)
        if ids[start] != ids[end - 1]:
            if end < len(doc) and ids[end] == ids[end - 1]:
                chunk_end = end
                while chunk_end < len(doc) and ids[chunk_end] == ids[end - 1]:
                    chunk_end += 1
                rest = "".join(t.text for t in doc[end:chunk_end]).rstrip(SENTENCE_PUNCT)
                if alnum(end, chunk_end) and rest.lower() not in POSSESSIVES:  # the span cut a word, not "'s" ("'s.")
                    end = ids.index(ids[end - 1])
            if start > 0 and ids[start - 1] == ids[start] and start < end and ids[start] != ids[end - 1]:
                if alnum(ids.index(ids[start]), start):
                    start = next(i for i in range(start, end) if ids[i] != ids[start])
            while end > start and doc[end - 1].is_space:
                end -= 1
        elif part_of_a_decimal(doc, ids, start, end):
            continue  # "9" of "Cholesterol 5.9 mmol/L": a piece of a measured value names nothing
        elif part_of_a_hyphenated_word(doc, ids, start, end) or in_a_tumour_stage(doc, ids, start, end):
            continue  # "co" and "op" of "the co-op": pieces of a dictionary word; "T", "2N" of "T2N0M0"
        elif contraction_head(doc, ids, start, end):
            continue  # "G" of "G'day", "C" of "C'mon": a letter of a word, no initial
        if counted and not digit(start, end) and not any(sum(c.isupper() for c in t.text) >= 2 for t in doc[start:end]):
            continue  # "hrs I" of "23:40 hrs I": an amount cut from its number is none ("III SPP" of a reference stays)
        if end > start:
            out.append((start, end, label, score))
    return out


def part_of_a_hyphenated_word(doc: Doc, ids: List[int], start: int, end: int) -> bool:
    """Whether start:end is part, not all, of one chunk that is a frequent hyphenated word in lower case ("co" of
    "co-op", "e" of "e-mail"), no place and no given name's part ("stoke-on-trent", "lily-mae"): a tagger's
    piece of a word names nothing."""
    chunk = chunk_around(ids, start, end, DECIMAL_REACH) if doc[start].is_lower else None
    if chunk is None:
        return False
    first, last = chunk
    word = doc[first:last].text.strip(SENTENCE_PUNCT + "(\"'“‘")
    parts = word.split("-")
    return (first, last) != (start, end) and len(parts) > 1 and word.islower() and doc.lang_ == "en" \
        and all(part.isalpha() for part in parts) and zipf(word) >= HYPHENATED_WORD_ZIPF \
        and not any(part in world_given_names() for part in parts) and fold_accents(word) not in known_place_names()


HYPHENATED_WORD_ZIPF = 3.5  # "co-op" 4.4, "e-mail" 4.6, "x-ray" 4.6


# a tumour's TNM stage ("T2N0M0", "pT3aN1M0", "T4 N2 M1" is three chunks): a stage names no one
TNM_STAGE = re.compile(r"[cpyr]?T(?:[0-4]|is|X)[a-d]?N[0-3X][a-c]?M[01X][a-c]?")


def in_a_tumour_stage(doc: Doc, ids: List[int], start: int, end: int) -> bool:
    """Whether tokens start:end lie in one chunk that is a tumour's TNM stage."""
    chunk = chunk_around(ids, start, end, DECIMAL_REACH * 2) if ids[start] == ids[end - 1] else None
    return chunk is not None and TNM_STAGE.fullmatch(doc[chunk[0]:chunk[1]].text.rstrip(SENTENCE_PUNCT)) is not None


def contraction_head(doc: Doc, ids: List[int], start: int, end: int) -> bool:
    """Whether start:end is one capital letter opening a chunk that goes on with an apostrophe and a lower-case
    word other than a possessive's "s" ("G'day", "Y'all", "C'mon"; not "O'Brien", "J's")."""
    if end - start != 1 or end >= len(doc) or ids[end] != ids[start] or len(doc[start]) != 1 \
            or not doc[start].text.isupper():
        return False
    rest = doc[end:min(len(doc), end + 2)].text if doc[end].text in ("'", "’") else doc[end].text  # "'" "day" or "'day"
    return rest[:1] in "'’" and len(rest) > 2 and rest[1:].isalpha() and rest[1:].islower()


DECIMAL = re.compile(r"\d+[.,]\d+")
COUNT_LABELS = frozenset({"QUANTITY"})  # labels of amounts: a span of one that loses its digits goes


def part_of_a_decimal(doc: Doc, ids: List[int], start: int, end: int) -> bool:
    """Whether tokens start:end are part, not all, of one chunk that is a decimal number ("5.9", "4,2"). A
    decimal is a few tokens: the chunk is read at most `DECIMAL_REACH` tokens either way (a megabyte of
    base64 is one chunk of many spans)."""
    chunk = chunk_around(ids, start, end, DECIMAL_REACH) if doc[start].is_digit else None
    if chunk is None or chunk == (start, end):
        return False
    return DECIMAL.fullmatch(doc[chunk[0]:chunk[1]].text.rstrip(SENTENCE_PUNCT)) is not None


def chunk_around(ids: List[int], start: int, end: int, reach: int) -> Optional[Tuple[int, int]]:
    """The token range of the chunk that holds token `start`, read at most `reach` tokens beyond start:end either
    way; None for a longer chunk (a megabyte of base64 is one chunk of many spans)."""
    first, last = start, end
    while first > 0 and ids[first - 1] == ids[start] and start - first <= reach:
        first -= 1
    while last < len(ids) and ids[last] == ids[start] and last - end <= reach:
        last += 1
    return None if start - first > reach or last - end > reach else (first, last)


DECIMAL_REACH = 4  # tokens: "5" "." "9" and a closing mark


def merge_adjacent_spans(doc: Doc, spans: List[Scored]) -> List[Scored]:
    """Join same-label spans that only spaces on one line separate ("Mary" + "Jones" -> "Mary Jones").

    A corpus that annotates each word of a name on its own (PhysioNet deid) teaches the tagger "B B"
    runs; unjoined, one person would get two entities and two replacements. The score is the
    token-weighted mean.
    """
    out: List[Scored] = []
    text = doc_text(doc) if spans else ""  # spaCy rebuilds `doc.text` on each access
    for start, end, label, score in sorted(spans):
        if out:
            p_start, p_end, p_label, p_score = out[-1]
            gap = text[doc[p_end - 1].idx + len(doc[p_end - 1]):doc[start].idx] if start >= p_end else None
            if p_label == label and gap is not None and gap.strip(" \t") == "":
                n_prev, n_this = p_end - p_start, end - start
                out[-1] = (p_start, end, label, (p_score * n_prev + score * n_this) / (n_prev + n_this))
                continue
        out.append((start, end, label, score))
    return out


class TrimPartialChunks(SpanFilter):
    """A span that covers several chunks but only part of its first or last one gives that part up
    ("Mail jane." in "Mail jane.roe@x.org" becomes "Mail"): a half-tagged e-mail or URL is a leak
    and a wrong replacement at once."""

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return trim_partial_chunks(doc, spans)


class MergeAdjacent(SpanFilter):
    """Same-label spans separated only by spaces on one line become one span (`merge_adjacent_spans`),
    for corpora that annotate each word separately, so a mention gets one entity and one replacement."""

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return merge_adjacent_spans(doc, spans)


@registry.misc("spacy_anon.trim_partial_chunks.v1")
def make_trim_partial_chunks() -> TrimPartialChunks:
    return TrimPartialChunks()


@registry.misc("spacy_anon.merge_adjacent.v1")
def make_merge_adjacent() -> MergeAdjacent:
    return MergeAdjacent()
