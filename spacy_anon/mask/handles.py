"""User names and handles ("@sunny_kapoor", "sunnyokoye77", "anna.k"): whether one is made of a person's
names, so that `span_kinds` can call it a person's and the mask can group it with the name."""
import re
import unicodedata
from typing import Callable

from spacy_anon.lexicon.generic_words import WEEKDAYS, dictionary_test, zipf

# a given name or handle part at least this frequent is also a word ("Will", "Sunny", "Rose"): not taken
# for a name on its own
NAME_ZIPF = 4.0
HANDLE_PART = re.compile(r"[^\W\d_]+")


def handle_names(value: str, is_name: Callable[[str], bool]) -> bool:
    """Whether a handle or user name is made of a person's names: one part (split at "_", ".", digits) is
    a gazetteer name that is no common word, or an unsplit part is two such names run together
    ("sunnyokoye")."""
    parts = [p.lower() for p in HANDLE_PART.findall(value.lstrip("@"))]
    for part in parts:
        if len(part) >= 3 and is_name(part) and zipf(part) < NAME_ZIPF:
            return True
    for part in parts:
        for i in range(3, len(part) - 2):
            if is_name(part[:i]) and is_name(part[i:]) and zipf(part[i:]) < NAME_ZIPF:
                return True
    return False


def handle_shape(value: str) -> bool:
    """A user name: one word of letters (and digits, "_", ".") with an "@", "_", "." or digit in it."""
    return re.fullmatch(r"@?[\w.]+", value) is not None and re.search(r"[@_.\d]", value) is not None


_HASHTAG_WORD = re.compile(r"[A-Z][a-z]+|[a-z]+|[A-Z]+(?![a-z])")


def hashtag_phrase(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a hashtag's words, each a dictionary word ("LostDog" of "#LostDog",
    "ThrowbackThursday", a weekday too): a topic, no name ("#Rochdale" is a town's)."""
    words = _HASHTAG_WORD.findall(text[start:end])
    return text[start - 1:start] == "#" and bool(words) and "".join(words) == text[start:end] \
        and all(dictionary_test("en")(w.lower()) or w.lower() in WEEKDAYS for w in words)


def is_emoji(text: str) -> bool:
    """Whether a token is pictographs only ("🚐", "🙄", "👍🏽"): in a post it ends a phrase as a full stop does."""
    return any(unicodedata.category(c) == "So" for c in text) and all(
        unicodedata.category(c) in ("So", "Sk", "Mn", "Cf") for c in text)
