"""Mentions as entities: the leak guard's other occurrences of a masked value added to its entity, and
entity ids from the replacement memory (the same person is PERSON_1 in every mention, and across documents
when the memory is shared).
"""
import hashlib
import re
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.coref.lexicon import ROLE_NOUNS
from spacy_anon.candidates import FreeTokens
from spacy_anon.extensions import doc_text
from spacy_anon.labels import identifier_for
from spacy_anon.mask import leak_guard
from spacy_anon.mask.allow_list import inside_any
from spacy_anon.mask import fine_types
from spacy_anon.mask.grouping import (CONFUSED_LABELS, JOINED_LABELS, STREET_OPENERS, canonical_parts,
                                      introduced_initials, normalize, person_forms)
from spacy_anon.mask.memory import ReplacementMemory

SWEEP_SOURCE = "anon_mask.leak_guard"  # source of the mentions the leak guard adds
# role nouns ("patient", "claimant", "requerente"): capitalised words right after one name a person
ROLE_WORDS = frozenset(normalize(noun) for roles in ROLE_NOUNS.values() for _, noun in roles)


def as_persons(kept: List[Span], text: str, originals: Dict[int, Span], *, name_labels: Sequence[str],
               honorifics: Sequence[str], is_given_name: Callable[[str], bool],
               is_common: Callable[[str], bool],
               known_person: Callable[[Sequence[str]], Optional[str]] = lambda parts: None,
               reading: Optional[Callable[[], str]] = None) -> List[Span]:
    """`kept` with the mentions that are forms of a person's name under another label (`person_forms`:
    "The claimant, Kowalski," tagged LOC after "Jan Kowalski") given the name label, so they group with
    the person; a relabelled span keeps its detector's attributes and original (`originals`, updated).
    `reading` gives the text as the detectors read it (`casing.reading_text`, same offsets): capitals are
    judged there, so "patient bartholomew quayle" reads as "Patient Bartholomew Quayle". A word that opens
    the sentence before a name ("Later Brennagh signed", tagged ORG whole) is left out of the person's
    mention (`without_sentence_opener`)."""
    labels = {s.label_ for s in kept}
    if not labels & set(CONFUSED_LABELS) and not (labels & set(name_labels) and labels & set(JOINED_LABELS)):
        return kept  # nothing could change
    read = reading() if reading is not None else text
    titles = {normalize(h) for h in honorifics}
    asked = [without_sentence_opener(s, read, is_common, is_given_name, titles)
             if s.label_ in CONFUSED_LABELS or s.label_ in JOINED_LABELS else s for s in kept]
    relabel = person_forms([(s.label_, read[s.start_char:s.end_char]) for s in asked], name_labels=name_labels,
                           honorifics=honorifics, is_given_name=is_given_name, is_common=is_common,
                           before=[read[max(0, s.start_char - 30):s.start_char] for s in asked], roles=ROLE_WORDS,
                           known_person=known_person)
    if not relabel:
        return kept
    out = list(kept)
    for i, label in relabel.items():
        old = kept[i]
        span = Span(old.doc, asked[i].start, asked[i].end, label=label)
        for attr in ("anon_source", "anon_score", "anon_identifier", "anon_replacement"):
            setattr(span._, attr, getattr(old._, attr))
        if old._.anon_identifier is not None:
            span._.anon_identifier = identifier_for(label)
        originals[id(span)] = originals.get(id(old), old)
        out[i] = span
    fine_types.decide_fine_types([out[i] for i in relabel], text)
    return out


_OPENS_SENTENCE = re.compile(r"(?:^|[.!?:;]\s*|\n\s*)$")


def without_sentence_opener(span: Span, read: str, is_common: Callable[[str], bool],
                            is_given_name: Callable[[str], bool], titles: Set[str]) -> Span:
    """`span` without its first word when that word opens a sentence and is a common word, not a title or
    a given name ("Later" of "Later Brennagh"): the words after it are what may name a person."""
    if len(span) < 2:
        return span
    word = normalize(span[0].text)
    if not span[0].is_alpha or word in titles or not is_common(word) or is_given_name(word) \
            or span[0].lower_ in STREET_OPENERS:  # "Domicilio: Calle Pedro Gonu": the street's, not the sentence's
        return span
    if not span[0].whitespace_:
        return span  # a part of one word ("Lily" of "Lily-Rose Evans"): the name's, whatever opens the sentence
    if not _OPENS_SENTENCE.search(read, max(0, span.start_char - 40), span.start_char):
        return span
    start = span.start + 1
    while start < span.end and span.doc[start].is_space:
        start += 1
    return Span(span.doc, start, span.end, label=span.label_) if start < span.end else span


def person_in_memory(memory: ReplacementMemory, name_labels: Sequence[str]) -> Callable[[Sequence[str]], Optional[str]]:
    """`person_forms`'s `known_person` over a replacement memory: the name label of the one multi-part
    person entity that holds every one of `parts` (the memory keeps only salted digests of them)."""
    def known(parts: Sequence[str]) -> Optional[str]:
        for label in name_labels:
            owners = None
            for part in parts:
                found = set(memory.find_by_part(label, part))
                owners = found if owners is None else owners & found
                if not owners:
                    break
            if owners is not None and len(owners) == 1:
                return label
        return None
    return known


def sweep(doc: Doc, kept: List[Span], keys: List[str], text: str, *, name_labels: Sequence[str],
          honorifics: Sequence[str], is_common: Callable[[str], bool], stop_words: Set[str],
          allowed: Tuple[List[Tuple[int, int]], Tuple]) -> Tuple[List[Span], List[str]]:
    """Add every other occurrence of a masked value as a mention of its entity (`find_occurrences`),
    except inside an allowed region (`allowed`: the candidate finder's regions and whole-value patterns)."""
    kept_texts = [text[s.start_char:s.end_char] for s in kept]  # the spans' texts
    initials = frozenset(introduced_initials(text, [(s.start_char, s.end_char, s.label_) for s in kept],
                                             tuple(name_labels), tuple(honorifics)))
    terms = leak_guard.sweep_terms([(s.label_, t) for s, t in zip(kept, kept_texts)], tuple(name_labels),
                                   tuple(honorifics), is_common, stop_words, initials)
    occurrences = leak_guard.find_occurrences(text, terms)
    if not occurrences:
        return kept, keys
    free = FreeTokens(doc, kept)
    regions, whole = allowed
    added: List[Tuple[Span, str]] = []
    for start, end, t in occurrences:
        if regions and inside_any(start, end, regions) or any(p.fullmatch(text[start:end]) for p in whole):
            continue
        source = kept[terms[t].entity]
        span = free.claim(start, end, source.label_)
        if span is None:
            continue
        span._.anon_source = SWEEP_SOURCE
        span._.anon_score = source._.anon_score
        span._.anon_identifier = source._.anon_identifier or identifier_for(source.label_)
        span._.anon_type = source._.anon_type
        if text[span.start_char:span.end_char] == kept_texts[terms[t].entity]:
            span._.anon_replacement = source._.anon_replacement
        added.append((span, keys[terms[t].entity]))
    if not added:
        return kept, keys
    merged = sorted(list(zip(kept, keys)) + added, key=lambda pair: (pair[0].start_char, pair[0].end_char))
    return [span for span, _ in merged], [key for _, key in merged]


def entity_ids(kept: List[Span], keys: List[str], memory: ReplacementMemory, name_labels: Sequence[str],
               honorifics: Sequence[str]) -> List[str]:
    """Entity ids from the memory, created in order of first mention.

    A lone name part ("Polat") is aliased to a remembered full name only when this doc has no
    multi-part name containing that part (then the grouper already decided, e.g. ambiguous).
    """
    doc_parts = set()
    for span, key in zip(kept, keys):
        if span.label_ in name_labels:
            parts = canonical_parts(key, span, honorifics)
            if len(parts) > 1:
                doc_parts.update((span.label_, p) for p in parts)
    ids: Dict[Tuple[str, str], str] = {}
    result = []
    for span, key in zip(kept, keys):
        label = span.label_
        if (label, key) not in ids:
            parts: List[str] = []
            alias = False
            if label in name_labels:
                parts = canonical_parts(key, span, honorifics)
                alias = len(parts) == 1 and (label, parts[0]) not in doc_parts
            ids[(label, key)] = memory.entity_id(label, key, parts=parts, alias_part=alias)
        result.append(ids[(label, key)])
    return result


def set_scope(memory: ReplacementMemory, doc: Doc, key_scope: str) -> None:
    """Fix the key scope of a memory at its first document (`key_scope`): a digest of that document
    (so keyed choices differ between documents) or one corpus-wide constant."""
    if memory.scope is None:
        if key_scope == "corpus":
            memory.scope = b"corpus"
        else:
            memory.scope = hashlib.sha256(doc_text(doc).encode("utf8", "surrogatepass")).digest()
