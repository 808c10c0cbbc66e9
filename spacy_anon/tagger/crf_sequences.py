"""A doc as `anon_crf` reads it: its tokens, its sequences (a CRF sequence per line) and what each
sequence's features are built from (words, spacing, earlier detectors' tags, lemmas, POS, extra and
phrase-gazetteer features).

Two forms of the same inputs: `sequence_inputs` (per sequence; training and python-crfsuite's tagger
build feature strings from them, `sequence_feature_lists`) and `doc_plan` (flat over the doc; the numpy
inference scores them without feature strings). Both must give the same features.
"""
import re
from typing import Any, Dict, FrozenSet, List, Mapping, NamedTuple, Optional, Sequence, Tuple

import numpy as np
from spacy.attrs import IS_SPACE, ORTH, SPACY
from spacy.tokens import Doc

from spacy_anon.casing import reading_words
from spacy_anon.lexicon.gazetteers import PHRASE_PREFIX
from spacy_anon.tagger.features import (
    chunk_features,
    doc_span_words,
    extra_token_features,
    phrase_features,
    sequence_features,
)
from spacy_anon.tagger.span_filters.base import TokenArrays
from spacy_anon.text_views import reader_text

TRIGGERS = "learned_triggers"  # gazetteer of span head words learned from the training data

Gazetteers = Mapping[str, FrozenSet[str]]


class DocPlan(NamedTuple):
    """A doc as the numpy inference reads it: the indices of its sequences' tokens, one sequence after
    the other, the sequences' lengths, and per token what `SequenceInputs` holds per sequence."""

    indices: np.ndarray
    lengths: List[int]
    words: List[str]
    spaced: np.ndarray
    span_tags: List[str]
    lemmas: Optional[List[str]]
    pos: Optional[List[str]]
    extra: Optional[List[List[str]]]


class SequenceInputs(NamedTuple):
    """What one sequence's features are built from: its token indices in the doc, their texts, whether
    whitespace follows, the earlier detectors' BIO tags, lemmas and POS (None when the doc has none)
    and extra features (None when none are configured)."""

    indices: List[int]
    words: List[str]
    spaced: List[bool]
    span_tags: List[str]
    lemmas: Optional[List[str]]
    pos: Optional[List[str]]
    extra: Optional[List[List[str]]]


def token_arrays(doc: Doc) -> TokenArrays:
    """(texts, has trailing whitespace, is a whitespace token) of every token, read from the doc's arrays
    and string store (where the doc has lines in capitals or in lower case, its `casing.reading_words`):
    a Token object per token (`for token in doc`, `doc.text`) is a large share of the tagger's time."""
    arr = doc.to_array([ORTH, SPACY, IS_SPACE])
    strings = doc.vocab.strings
    texts = []
    blank = (arr[:, 2] != 0).tolist()
    spaced = (arr[:, 1] != 0).tolist()
    recased = reading_words(doc)  # lines in capitals or in lower case as English writes them (`casing`)
    for i, orth in enumerate(arr[:, 0].tolist()):
        token = strings[orth] if recased is None else recased[i]
        if token.isascii() and token.isprintable():
            texts.append(token)
            continue
        visible = reader_text(token)
        if not visible:  # only invisible or control characters ("\x00", a lone BOM): read as a space
            blank[i] = True
            if i:
                spaced[i - 1] = True
        texts.append(visible or token)
    return texts, spaced, blank


_WRAP_SPACE = re.compile(r"[ \t]*\r?\n[ \t]*")


def _hyphen_wrap(texts: Sequence[str], i: int) -> bool:
    """Whether whitespace token i is the line break of a word hyphenated across lines: letters, "-", the
    break (one newline), letters."""
    return (0 < i - 1 and i + 1 < len(texts) and texts[i - 1] == "-" and texts[i - 2][-1:].isalpha()
            and texts[i + 1][:1].isalpha() and _WRAP_SPACE.fullmatch(texts[i]) is not None)


def sequence_bounds(texts: Sequence[str], spaces: Sequence[bool]) -> Tuple[np.ndarray, List[int]]:
    """(indices of the non-whitespace tokens, in order; the length of each line of them): a CRF sequence
    per line, lines ended by whitespace tokens with a newline. A word hyphenated across a line break
    ("Kowal-\nski") does not end its line: the tagger reads it as one hyphenated word."""
    space = np.asarray(spaces, dtype=bool)
    if not len(space):
        return np.zeros(0, dtype=np.intp), []
    breaks = np.zeros(len(space), dtype=np.intp)
    newline = [i for i in np.flatnonzero(space).tolist() if "\n" in texts[i] and not _hyphen_wrap(texts, i)]
    breaks[newline] = 1
    line = np.cumsum(breaks)
    content = np.flatnonzero(~space)
    counts = np.bincount(line[content], minlength=int(line[-1]) + 1)
    return content, counts[counts > 0].tolist()


def doc_sequences(doc: Doc, tokens: Optional[TokenArrays] = None) -> List[List[int]]:
    """Token indices of each line, whitespace tokens left out (a CRF sequence per line)."""
    texts, _, spaces = tokens or token_arrays(doc)
    content, lengths = sequence_bounds(texts, spaces)
    flat = content.tolist()
    out, start = [], 0
    for n in lengths:
        out.append(flat[start:start + n])
        start += n
    return out


def word_gazetteers(gazetteer_terms: Gazetteers) -> Dict[str, FrozenSet[str]]:
    """The gazetteers matched word by word (all but the phrase gazetteers)."""
    return {k: v for k, v in gazetteer_terms.items() if not k.startswith(PHRASE_PREFIX)}


def phrase_gazetteers(gazetteer_terms: Gazetteers) -> Dict[str, FrozenSet[str]]:
    """The phrase gazetteers, by their configured name (stored under `PHRASE_PREFIX` + name)."""
    return {k[len(PHRASE_PREFIX):]: v for k, v in gazetteer_terms.items() if k.startswith(PHRASE_PREFIX)}


def earlier_span_tags(doc: Doc, feature_span_keys: Sequence[str]) -> Tuple[List[str], List[Tuple[int, int, str]]]:
    """(a BIO tag per token from the spans of earlier detectors in `feature_span_keys`, the first span
    covering a token giving its tag; those spans as (start, end, label))."""
    span_tags = ["O"] * len(doc)
    found: List[Tuple[int, int, str]] = []
    for key in feature_span_keys:
        if key in doc.spans:
            for start, end, label in ((s.start, s.end, s.label_) for s in doc.spans[key]):
                found.append((start, end, label))
                for i in range(start, end):
                    if span_tags[i] == "O":
                        span_tags[i] = ("B-" if i == start else "I-") + label
    return span_tags, found


def sequence_inputs(
    doc: Doc,
    feature_span_keys: Sequence[str],
    extra_features: Sequence[str],
    gazetteer_terms: Gazetteers,
    tokens: Optional[TokenArrays] = None,
) -> List[SequenceInputs]:
    """What the features of each sequence (line) of a doc are built from (`tokens`: its
    `token_arrays`, if read)."""
    span_tags, found = earlier_span_tags(doc, feature_span_keys)
    extra_names = extra_features or []
    doc_words = doc_span_words([t.text for t in doc], found) if "doc" in extra_names else None
    phrase_gz = phrase_gazetteers(gazetteer_terms)
    has_lemma = doc.has_annotation("LEMMA")
    has_pos = doc.has_annotation("POS")
    texts, gaps, spaces = tokens or token_arrays(doc)
    n_tokens = len(spaces)
    out = []
    for seq in doc_sequences(doc, (texts, gaps, spaces)):
        words = [texts[i] for i in seq]
        spaced = [gaps[i] or (i + 1 < n_tokens and spaces[i + 1]) for i in seq]
        tags = [span_tags[i] for i in seq]
        extra = None
        if extra_names:
            extra = extra_token_features(
                words, spaced, extra_names, tags, doc_words, gazetteer_terms.get(TRIGGERS, frozenset()),
            )
        if phrase_gz:
            matches = phrase_features(words, phrase_gz)
            extra = [a + b for a, b in zip(extra, matches)] if extra else matches
        out.append(SequenceInputs(
            seq, words, spaced, tags,
            [doc[i].lemma_ for i in seq] if has_lemma else None,
            [doc[i].pos_ for i in seq] if has_pos else None,
            extra,
        ))
    return out


def sequence_feature_lists(
    inputs: Sequence[SequenceInputs],
    gazetteer_terms: Gazetteers,
    clusters: Mapping[str, str],
    window: int,
    affix: int,
) -> Tuple[List[List[int]], List[List[List[str]]]]:
    """(token indices, feature lists) per sequence, as CRFsuite trains and tags on them."""
    word_gz = word_gazetteers(gazetteer_terms)
    memo: Dict[Any, Any] = {}  # a word's features, built once per document
    feats = [
        sequence_features(
            item.words,
            chunks=chunk_features(item.words, item.spaced),
            lemmas=item.lemmas,
            pos=item.pos,
            span_tags=item.span_tags,
            gazetteers=word_gz,
            clusters=clusters,
            window=window,
            affix=affix,
            extra=item.extra,
            memo=memo,
        )
        for item in inputs
    ]
    return [item.indices for item in inputs], feats


def doc_plan(
    doc: Doc,
    tokens: TokenArrays,
    feature_span_keys: Sequence[str],
    extra_features: Sequence[str],
    gazetteer_terms: Gazetteers,
) -> DocPlan:
    """What the numpy inference reads of a doc: its sequences' tokens one after the other, with what
    their features are built from (the same as `sequence_inputs`, as flat lists)."""
    texts, gaps, spaces = tokens
    content, lengths = sequence_bounds(texts, spaces)
    idx = content.tolist()
    words = [texts[i] for i in idx]
    space = np.asarray(spaces, dtype=bool)
    next_space = np.zeros(len(space), dtype=bool)
    next_space[:-1] = space[1:]
    spaced = (np.asarray(gaps, dtype=bool) | next_space)[content]
    span_tags, found = earlier_span_tags(doc, feature_span_keys)
    tags = [span_tags[i] for i in idx] if found else ["O"] * len(idx)
    lemmas = [doc[i].lemma_ for i in idx] if doc.has_annotation("LEMMA") else None
    pos = [doc[i].pos_ for i in idx] if doc.has_annotation("POS") else None
    extra = None
    extra_names = extra_features or []
    phrase_gz = phrase_gazetteers(gazetteer_terms)
    if extra_names or phrase_gz:
        doc_words = doc_span_words([t.text for t in doc], found) if "doc" in extra_names else None
        triggers = gazetteer_terms.get(TRIGGERS, frozenset())
        extra = []
        start = 0
        for n in lengths:
            seq_words, seq_spaced = words[start:start + n], spaced[start:start + n].tolist()
            seq_extra = extra_token_features(seq_words, seq_spaced, extra_names, tags[start:start + n],
                                             doc_words, triggers) if extra_names else None
            if phrase_gz:
                matches = phrase_features(seq_words, phrase_gz)
                seq_extra = [a + b for a, b in zip(seq_extra, matches)] if seq_extra else matches
            extra.extend(seq_extra)
            start += n
    return DocPlan(content, lengths, words, spaced, tags, lemmas, pos, extra)
