"""Utility preserved by a protected document: information content of its phrases (seed 003 §4.2).

    Utility_preservation(D'') = Semantics(D'') / Semantics(D) * 100
    Semantics(D)              = sum_i IC(p_i)   over the n phrases p_i of D
    IC(p)                     = -log2 Pr(p)

The paper estimates Pr(p) from search-engine hit counts; offline we use `wordfreq` (the frequency of the
phrase in its multi-source corpus; for several words wordfreq combines the words' frequencies). A phrase
wordfreq has never seen gets the `floor` probability (1e-9, i.e. about 29.9 bits). A suppressed phrase
(replacement None or "") contributes 0. Phrases kept unchanged contribute the same to both sums.
"""
import functools
import math
from typing import Callable, Optional, Sequence

from spacy_anon.errors import Errors

DEFAULT_FLOOR = 1e-9


@functools.lru_cache(maxsize=262144)
def _wordfreq(term: str, lang: str) -> float:
    from wordfreq import word_frequency

    return float(word_frequency(term, lang))


def information_content(
    term: Optional[str],
    lang: str = "en",
    floor: float = DEFAULT_FLOOR,
    frequency: Optional[Callable[[str], float]] = None,
) -> float:
    """IC(term) = -log2 Pr(term) in bits; 0 for an empty/suppressed term.

    frequency: Pr as a function of the term (default: wordfreq for `lang`); values below `floor` are
    raised to it, so unseen phrases get a large but finite IC.
    """
    if term is None:
        return 0.0
    term = " ".join(str(term).replace("_", " ").split())
    if not term:
        return 0.0
    p = frequency(term) if frequency is not None else _wordfreq(term, lang)
    p = min(max(float(p), floor), 1.0)
    return -math.log2(p)


def semantics(
    phrases: Sequence[Optional[str]],
    lang: str = "en",
    floor: float = DEFAULT_FLOOR,
    frequency: Optional[Callable[[str], float]] = None,
) -> float:
    """Semantics(D): the sum of the IC of a document's phrases."""
    return sum(information_content(p, lang, floor, frequency) for p in phrases)


def utility_preserved(
    original_terms: Sequence[str],
    replacements: Sequence[Optional[str]],
    lang: str = "en",
    floor: float = DEFAULT_FLOOR,
    frequency: Optional[Callable[[str], float]] = None,
) -> float:
    """Relative utility (percent) of the protected document: 100 * Semantics(D'') / Semantics(D).

    original_terms: the phrases p_1..p_n of the original document D (all of them, masked or not).
    replacements: parallel list, what stands for each phrase in D'': the phrase itself when kept,
    its generalization when generalized, None or "" when suppressed.
    RETURNS (float): 100.0 for a document without information (empty D).
    """
    if len(original_terms) != len(replacements):
        raise ValueError(
            Errors.E310.format(n_original_terms=len(original_terms), n_replacements=len(replacements))
        )
    total = semantics(original_terms, lang, floor, frequency)
    if total <= 0.0:
        return 100.0
    return 100.0 * semantics(replacements, lang, floor, frequency) / total


def doc_utility_preserved(doc, phrases: Optional[Sequence] = None, lang: Optional[str] = None,
                          spans_key: str = "anon", floor: float = DEFAULT_FLOOR) -> float:
    """Utility preserved by the replacements set on `doc.spans[spans_key]` (`span._.anon_replacement`).

    phrases: the phrase spans of D (e.g. the disclosure chunker's); default: the candidate spans
    themselves, which measures the utility kept on the masked terms only. A phrase overlapping a span
    with a replacement counts as replaced by it (each replacement counted once); spans without a
    replacement count as suppressed.
    """
    lang = lang or doc.lang_
    masked = list(doc.spans[spans_key]) if spans_key in doc.spans else []
    if phrases is None:
        originals = [span.text for span in masked]
        replaced = [span._.anon_replacement or None for span in masked]
        return utility_preserved(originals, replaced, lang, floor)
    originals, replaced = [], []
    used = set()
    for phrase in phrases:
        originals.append(phrase.text)
        hit = next((s for s in masked if s.start < phrase.end and phrase.start < s.end), None)
        if hit is None:
            replaced.append(phrase.text)
        elif id(hit) in used:
            replaced.append(None)
        else:
            used.add(id(hit))
            replaced.append(hit._.anon_replacement or None)
    return utility_preserved(originals, replaced, lang, floor)
