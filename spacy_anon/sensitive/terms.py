"""Term keys: the stemmed form under which a term is matched in text and counted in an index.

Seed terms and noun phrases are compared after Porter stemming (Sánchez et al. §3.3), so "diseases" and
"disease", "alcoholics" and "alcoholic" meet. Acronyms are kept as written: "AIDS" must not become the
stem of "aids" (help), so an all-capital word of 2-6 letters keeps its case ("STDs" -> "STD") and only
matches an all-capital word in text. In a text written in capitals ("PMH: CAD, DEPRESSION, ETOH
ABUSE", as many clinical notes are) every word is a capital word: there only the known acronyms (those of
the sensitive set) keep their case, and every other word is stemmed in lower case.
"""
import functools
import re
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple

from spacy.lang.en.stop_words import STOP_WORDS

_ACRONYM = re.compile(r"^([A-Z][A-Z0-9]{1,5})s?$")
# Words are runs of letters and digits. Between two words, whitespace or one hyphen or apostrophe
# ("HIV-positive", "Cupid's") joins; any other character (a comma, a full stop, a bracket) is a break
# that no term crosses. The index and the component both read text this way, so their keys agree.
_WORD = re.compile(r"[A-Za-z0-9\u00C0-\u024F]+")
_JOINERS = frozenset("-'\u2019")
BREAK = None  # a word position no n-gram crosses (punctuation)


@functools.lru_cache(maxsize=1)
def _stemmer():
    from nltk.stem import PorterStemmer

    return PorterStemmer()


@functools.lru_cache(maxsize=200_000)
def word_key(word: str) -> str:
    """The key of one word: an acronym as written ("HIV", "STDs" -> "STD"), else its Porter stem of the
    lower-cased word ("diseases" -> "diseas")."""
    m = _ACRONYM.match(word)
    if m and any(ch.isalpha() for ch in m.group(1)):
        return m.group(1)
    return _stemmer().stem(word.lower())


def is_acronym_key(key: str) -> bool:
    """A word key that kept its capitals ("HIV", "STD")."""
    return bool(_ACRONYM.match(key)) and key.isupper()


def mostly_capitals(text: str, share: float = 0.6) -> bool:
    """The text is written in capitals: at least `share` of its cased letters are upper-case (20+ letters)."""
    upper = sum(1 for ch in text if ch.isupper())
    lower = sum(1 for ch in text if ch.islower())
    return upper + lower >= 20 and upper >= share * (upper + lower)


def word_keys(words: Sequence[Optional[str]], capitals: bool = False,
              acronyms: Iterable[str] = ()) -> List[Optional[str]]:
    """Keys of a text's words (None stays None at breaks). `capitals`: the text is written in capitals, so
    only words in `acronyms` keep their case."""
    if not capitals:
        return [word_key(w) if w is not BREAK else None for w in words]
    known = frozenset(acronyms)
    out: List[Optional[str]] = []
    for w in words:
        if w is BREAK:
            out.append(None)
            continue
        key = word_key(w)
        out.append(key if key in known or not is_acronym_key(key) else _stemmer().stem(w.lower()))
    return out


def term_key(term: str) -> str:
    """The key of a term or phrase: its word keys joined by one space ("Sexually transmitted diseases" ->
    "sexual transmit diseas"). Punctuation inside the term is dropped ("HIV-positive" -> "HIV posit")."""
    return " ".join(word_key(m.group()) for m in _WORD.finditer(term.replace("_", " ")))


def is_content_word(word: str) -> bool:
    """A word that can start or end a term: letters (digits allowed inside), not a stop word, 2+ chars."""
    return len(word) > 1 and any(ch.isalpha() for ch in word) and word.lower() not in STOP_WORDS


def word_offsets(text: str) -> List[Optional[Tuple[int, int]]]:
    """(start, end) of each word of a text, with None at every break (see the comment on _WORD)."""
    out: List[Optional[Tuple[int, int]]] = []
    last_end = None
    for m in _WORD.finditer(text):
        if last_end is not None:
            gap = text[last_end:m.start()]
            if gap.strip() and not (len(gap) == 1 and gap in _JOINERS):
                out.append(BREAK)
        out.append((m.start(), m.end()))
        last_end = m.end()
    return out


def text_words(text: str) -> List[Optional[str]]:
    """The words of a text with None at every break."""
    return [text[o[0]:o[1]] if o is not None else BREAK for o in word_offsets(text)]


def ngrams(words: Sequence, max_n: int) -> Iterator[Tuple[int, int]]:
    """(start, end) of every n-gram (1 <= n <= max_n) of `words` that crosses no break and starts and ends
    with a content word (`is_content_word`); stop words may sit inside ("abuse of alcohol")."""
    for i, first in enumerate(words):
        if first is BREAK or not is_content_word(first):
            continue
        for j in range(i + 1, min(i + max_n, len(words)) + 1):
            last = words[j - 1]
            if last is BREAK:
                break
            if is_content_word(last):
                yield i, j


def ngram_keys(words: Sequence, max_n: int, keys: Optional[Sequence[Optional[str]]] = None) -> Iterable[str]:
    """The distinct keys of the n-grams of `words` (see `ngrams`); `keys`: the word keys, if computed."""
    if keys is None:
        keys = word_keys(words)
    return {" ".join(keys[i:j]) for i, j in ngrams(words, max_n)}
