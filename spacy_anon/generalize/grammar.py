"""English agreement for generalizations: "a"/"an", plurals that stay plural ("cities" -> "municipalities").

Simple spelling rules, no inflection library: a generalization is a WordNet head word or a short noun
phrase, so the regular rules and a short list of irregular nouns cover what the generalizer writes.
"""
from typing import Callable, Optional

_AN_EXCEPTIONS_A = ("uni", "use", "usu", "eu", "one", "once", "ure")
_AN_EXCEPTIONS_AN = ("hour", "honest", "honor", "honour", "heir")
IRREGULAR_PLURALS = {
    "person": "people", "man": "men", "woman": "women", "child": "children", "foot": "feet",
    "tooth": "teeth", "mouse": "mice", "goose": "geese", "ox": "oxen", "criterion": "criteria",
    "phenomenon": "phenomena", "medium": "media", "datum": "data", "analysis": "analyses",
    "thesis": "theses", "crisis": "crises", "series": "series", "species": "species",
    "offspring": "offspring", "sheep": "sheep", "fish": "fish", "deer": "deer", "aircraft": "aircraft",
}
# Words after which the word before them is the head: "piece of work" -> "pieces of work".
_POSTMODIFIER_STARTS = frozenset("of for in at on with from by to".split())
_VOWELS = "aeiou"


def indefinite_article(word: str) -> str:
    """"a" or "an" for the word that follows it ("an organization", "a university", "an hour")."""
    lower = word.lower()
    if lower.startswith(_AN_EXCEPTIONS_AN):
        return "an"
    if lower.startswith(_AN_EXCEPTIONS_A):
        return "a"
    return "an" if lower[:1] in _VOWELS else "a"


def with_article(phrase: str) -> str:
    """"city" -> "a city", "organization" -> "an organization"."""
    return f"{indefinite_article(phrase)} {phrase}"


def pluralize_word(word: str) -> str:
    """The plural of one English noun ("city" -> "cities", "class" -> "classes", "person" -> "people")."""
    lower = word.lower()
    last = lower.rsplit(" ", 1)[-1]
    if last in IRREGULAR_PLURALS:
        plural = word[: len(word) - len(last)] + IRREGULAR_PLURALS[last]
        return plural[:1].upper() + plural[1:] if word[:1].isupper() else plural
    for suffix, repl in (("man", "men"),):
        if lower.endswith(suffix) and len(lower) > len(suffix) + 2 and lower not in ("human", "german"):
            return word[: -len(suffix)] + repl
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in _VOWELS:
        return word[:-1] + "ies"
    return word + "s"


def pluralize(phrase: str) -> str:
    """The plural of a noun phrase: its head (the last word, or the word before "of", "for"...)
    ("film actor" -> "film actors", "piece of work" -> "pieces of work")."""
    words = phrase.split(" ")
    head = len(words) - 1
    for i, word in enumerate(words):
        if i > 0 and word.lower() in _POSTMODIFIER_STARTS:
            head = i - 1
            break
    words[head] = pluralize_word(words[head])
    return " ".join(words)


def looks_plural(word: str, tag: str = "", is_noun_lemma: Optional[Callable[[str], bool]] = None,
                 singular_of: Optional[Callable[[str], Optional[str]]] = None) -> bool:
    """Whether a noun is plural: by its tag (NNS, NNPS) when a tagger ran, else when it ends like a
    plural, is not itself a noun lemma ("news", "series") and has a singular form that is one
    ("awards" -> "award", "cities" -> "city")."""
    if tag:
        return tag in ("NNS", "NNPS")
    lower = word.lower()
    if lower in {v for k, v in IRREGULAR_PLURALS.items() if k != v}:
        return True
    if not lower.isalpha() or not lower.endswith("s") or lower.endswith(("ss", "us", "is")) or len(lower) < 4:
        return False
    if is_noun_lemma is not None and is_noun_lemma(lower):
        return False
    return singular_of is not None and singular_of(lower) is not None
