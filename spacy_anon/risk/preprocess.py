"""Pre-processing of every text an attacker sees (Manzanares-Salor, §3.3.3): normalised word forms, no
stop words, no special characters, optionally no fixed mask tokens.

Removing non-identifying words packs more quasi-identifiers into each window and shortens training.
The thesis lemmatizes; offline we default to the Snowball stemmer of NLTK (no model to load, same role:
one form per word). A spaCy pipeline with a lemmatizer can be passed instead (`normalizer=nlp`).
"""
import functools
import re
from typing import Callable, Iterable, List, Optional, Sequence, Union

from spacy.lang.en.stop_words import STOP_WORDS

from spacy_anon.errors import Errors

# Fixed masks: "[PERSON_1]", "***", all-capital labels ("PERSON", "DATE", "SENSITIVE") and keyed
# pseudonyms ("PERSON_39f2e937": a label and a hex digest, which carries no information either).
DEFAULT_MASK_PATTERNS = (r"\[[A-Z][A-Z0-9_]*\]", r"\*{2,}", r"\b[A-Z][A-Z_]{2,}(?:_\d+)?\b",
                         r"\b[A-Z][A-Z_]*_[0-9a-f]{6,}\b")
WORD_RE = re.compile(r"\w+")
_STOP = frozenset(w.lower() for w in STOP_WORDS)

Normalizer = Union[str, Callable[[str], str], object]


@functools.lru_cache(maxsize=1)
def _stemmer():
    from nltk.stem.snowball import SnowballStemmer

    return SnowballStemmer("english")


@functools.lru_cache(maxsize=500000)
def _stem(word: str) -> str:
    return _stemmer().stem(word)


def mask_remover(patterns: Sequence[str] = DEFAULT_MASK_PATTERNS) -> Callable[[str], str]:
    """A function deleting the fixed mask tokens matched by `patterns` (regular expressions)."""
    regex = re.compile("|".join(f"(?:{p})" for p in patterns))
    return lambda text: regex.sub(" ", text)


def preprocess(text: str, normalizer: Normalizer = "stem", remove_masks: bool = False,
               mask_patterns: Sequence[str] = DEFAULT_MASK_PATTERNS,
               stop_words: Iterable[str] = _STOP) -> str:
    """One text as space-separated normalised words.

    normalizer: "stem" (Snowball), "lower", a function word -> form, or a spaCy `Language` whose
        lemmas are used.
    remove_masks: drop fixed mask tokens first (off by default, as in the thesis's main experiments).
    """
    return preprocess_all([text], normalizer, remove_masks, mask_patterns, stop_words)[0]


def preprocess_all(texts: Sequence[str], normalizer: Normalizer = "stem", remove_masks: bool = False,
                   mask_patterns: Sequence[str] = DEFAULT_MASK_PATTERNS,
                   stop_words: Iterable[str] = _STOP) -> List[str]:
    """`preprocess` for many texts (a spaCy normalizer runs through `nlp.pipe`)."""
    stop = stop_words if isinstance(stop_words, frozenset) else frozenset(w.lower() for w in stop_words)
    if remove_masks:
        strip = mask_remover(mask_patterns)
        texts = [strip(t) for t in texts]
    if hasattr(normalizer, "pipe"):
        out = []
        for doc in normalizer.pipe(texts):
            words = (t.lemma_.lower() or t.lower_ for t in doc if WORD_RE.fullmatch(t.text) and t.lower_ not in stop)
            out.append(" ".join(w for w in words if w))
        return out
    if normalizer == "stem":
        form: Callable[[str], str] = _stem
    elif normalizer == "lower":
        form = str
    elif callable(normalizer):
        form = normalizer
    else:
        raise ValueError(Errors.E827.format(normalizer=normalizer))
    out = []
    for text in texts:
        words = (w.lower() for w in WORD_RE.findall(text))
        out.append(" ".join(form(w) for w in words if w not in stop and w.replace("_", "")))
    return out


def strip_masks(text: str, patterns: Optional[Sequence[str]] = None) -> str:
    """The text without fixed mask tokens (for inspection; `preprocess` does it with remove_masks)."""
    return mask_remover(patterns or DEFAULT_MASK_PATTERNS)(text)
