"""Whether a word is also an ordinary word of a language: "King", "White" and "Young" are surnames and
words, "Williams" and "Kowalski" only names. The leak guard sweeps the second kind in any casing and the
first kind only capitalised; word frequency cannot tell them apart, a dictionary can.

A language with neither a shipped list nor word frequencies of its own in wordfreq ("xx", or "eu" that
wordfreq would answer with Spanish) has no common words: every part of a masked name is then swept in
any casing. Masking a common word too much is the safe side; a name left in clear is not."""
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Callable, Dict, FrozenSet, Optional

from spacy_anon.errors import Warnings

COMMON_WORDS_DIR = Path(__file__).resolve().parents[1] / "data" / "lexicon"


@lru_cache(maxsize=8)
def _common_word_list(lang: str) -> Optional[FrozenSet[str]]:
    path = COMMON_WORDS_DIR / f"{lang}_common_words.txt"
    if not path.exists():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


class _WithPlurals:
    """Membership in a lemma list that also accepts regular plurals ("films", "roles", "cities")."""

    def __init__(self, words: FrozenSet[str]) -> None:
        self.words = words

    def __call__(self, word: str) -> bool:
        if word in self.words:
            return True
        if word.endswith("ies") and word[:-3] + "y" in self.words:
            return True
        if word.endswith("es") and word[:-2] in self.words:
            return True
        return word.endswith("s") and not word.endswith("ss") and word[:-1] in self.words


@lru_cache(maxsize=None)
def has_word_frequencies(lang: str) -> bool:
    """Whether wordfreq has a word list of `lang` itself (not of its "nearest match") that it can read:
    Japanese and Chinese need tokenizers (MeCab, jieba) that may not be installed."""
    import wordfreq  # heavy word lists: loaded on first use

    if lang not in wordfreq.available_languages():
        return False
    try:
        wordfreq.zipf_frequency("a", lang)
    except (LookupError, ImportError):
        return False
    return True


def _never_common(word: str) -> bool:
    return False


def common_word_test(lang: str, min_zipf: float = 4.0) -> Callable[[str], bool]:
    """`is_common(word)` for `sweep_terms`: whether a folded word is also an ordinary word of `lang`.

    English uses the shipped dictionary list (`scripts/make_common_words.py`: WordNet's lower-case
    lemmas, so "king" and "white" are words and "williams" is not, though all are as frequent); other
    languages a Zipf frequency of at least `min_zipf` (wordfreq). A language wordfreq has no list of
    has no common words (warning W145): every casing of a name part is swept.
    """
    words = _common_word_list(lang)
    if words is not None:
        return _WithPlurals(words)
    if not has_word_frequencies(lang):
        warnings.warn(Warnings.W145.format(lang=lang), UserWarning, stacklevel=2)
        return _never_common
    from wordfreq import zipf_frequency  # heavy word lists: loaded on first use

    cache: Dict[str, bool] = {}

    def is_common(word: str) -> bool:
        if word not in cache:
            cache[word] = zipf_frequency(word, lang) >= min_zipf
        return cache[word]

    return is_common
