"""Terms of a document and what an anonymized version kept of them.

Terms (Manzanares-Salor §4.2): words, with multi-word chunks merged into one term, so "New" is not
scored as predictable given "York". Chunks come from a dependency parser's `noun_chunks` when a parsed
pipeline is given, else from the model-free chunker of `spacy_anon.disclosure.chunking` (names, dates,
numbers). Punctuation is not a term.

Alignment: the original and anonymized texts are tokenized alike and matched word for word
(`difflib`, case-insensitive, since some anonymizers lowercase or re-space their output). An original
token matched in the anonymized text is kept; unmatched runs are replaced by the tokens opposite them:
by nothing or only mask tokens ("[PERSON_1]", "***", "PERSON") = suppressed, by other words = a
generalization.
"""
import difflib
import functools
import re
from dataclasses import dataclass, field
from typing import List, Optional, Sequence

import spacy
from spacy.tokens import Doc

from spacy_anon.disclosure.chunking import rule_chunks
from spacy_anon.risk.preprocess import DEFAULT_MASK_PATTERNS

_WORD = re.compile(r"\w")


@functools.lru_cache(maxsize=1)
def blank_nlp():
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


@dataclass
class Term:
    tokens: List[int]  # indices of its word tokens in the doc

    def text(self, doc: Doc) -> str:
        return doc[self.tokens[0]:self.tokens[-1] + 1].text


@dataclass
class Replacement:
    """An unmatched run of original tokens and what stands for it in the anonymized text."""

    tokens: List[int]
    generalization: Optional[str]  # None: suppressed (nothing, or mask tokens only)


@dataclass
class Alignment:
    kept: List[bool]  # per original token
    block_of: List[Optional[int]]  # per original token: index into `replacements`
    replacements: List[Replacement] = field(default_factory=list)


def is_word(text: str) -> bool:
    return bool(_WORD.search(text))


def parse(text: str, nlp=None) -> Doc:
    """The original text as a Doc with sentences (a given pipeline must set sentences or a parse)."""
    return (nlp or blank_nlp())(text)


def segment_terms(doc: Doc) -> List[Term]:
    """The terms of a doc in text order: noun chunks (parsed docs) or rule chunks merged, other words alone."""
    owner: dict = {}
    if doc.has_annotation("DEP"):
        groups = [(c.start, c.end) for c in doc.noun_chunks]
    else:
        groups = [(c.start, c.end) for c in rule_chunks(doc)]
    terms: List[Term] = []
    for start, end in groups:
        words = [i for i in range(start, end) if is_word(doc[i].text) and i not in owner]
        if len(words) > 1:
            for i in words:
                owner[i] = True
            terms.append(Term(words))
    for tok in doc:
        if tok.i not in owner and is_word(tok.text):
            terms.append(Term([tok.i]))
    terms.sort(key=lambda t: t.tokens[0])
    return terms


def mask_matcher(patterns: Sequence[str] = DEFAULT_MASK_PATTERNS):
    regex = re.compile("|".join(f"(?:{p})" for p in patterns))
    return lambda text: not is_word(text) or regex.fullmatch(text) is not None


def align(doc: Doc, anonymized: str, mask_patterns: Sequence[str] = DEFAULT_MASK_PATTERNS) -> Alignment:
    """Which original tokens the anonymized text kept, and what replaced the others."""
    other = blank_nlp().tokenizer(anonymized)
    a = [t.lower_ for t in doc]
    b = [t.lower_ for t in other]
    kept = [False] * len(a)
    block_of: List[Optional[int]] = [None] * len(a)
    replacements: List[Replacement] = []
    is_mask = mask_matcher(mask_patterns)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            for i in range(i1, i2):
                kept[i] = True
        elif op in ("replace", "delete"):
            words = [other[j].text for j in range(j1, j2) if not is_mask(other[j].text)]
            general = " ".join(words) if words else None
            replacements.append(Replacement(list(range(i1, i2)), general))
            for i in range(i1, i2):
                block_of[i] = len(replacements) - 1
    # whitespace and punctuation carry no information: count them as kept
    for tok in doc:
        if not is_word(tok.text):
            kept[tok.i] = True
    return Alignment(kept, block_of, replacements)
