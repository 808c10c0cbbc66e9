"""A place named after a person: "taken to the John Radcliffe", "admitted at the Beth Israel on 3/4". A
person's full name after "the" and a preposition of place, with the clause ending after it, names a
hospital, a pub or a hall, not the person (whose name would not take "the")."""
import re

from spacy_anon.lexicon.given_names import english_given_names

# a preposition of place or movement, then "the", right before the name
_PLACE_THE = re.compile(r"(?i)(?<![\w'’-])(?:to|at|in|into|from|outside|inside|near|towards|via|opposite|behind)"
                        r"[ \t]+the[ \t]+\Z")
# after the name the clause ends or goes on with a preposition, a conjunction or a time (not "who", a noun)
_CLAUSE_GOES_ON = re.compile(r"[ \t]*(?:[.,;:!?)\]\n]|\Z|(?i:by|on|in|at|for|and|or|with|to|from|via|until|till|after"
                             r"|before|since|yesterday|today|tonight|tomorrow|last|this|next|where|when|because)\b)")
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


def after_place_the(before: str) -> bool:
    """Whether `before` (the text before a name) ends with a preposition of place and "the " ("taken to the ")."""
    return _PLACE_THE.search(before) is not None


def named_building(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], two to four words tagged as a person, is a place named after one: a
    preposition of place and "the" before it, the clause's end or its next phrase after it. In capitals or
    lower case, where the case tells nothing, the name must start with a given name ("to the beth israel"):
    "outside the immigration rules" is no building."""
    words = text[start:end].split()
    if not 2 <= len(words) <= 4 or not all(_WORD.fullmatch(w) for w in words):
        return False
    title_case = all(w[0].isupper() for w in words) and not all(w.isupper() for w in words)
    if not title_case and words[0].lower() not in english_given_names():
        return False
    return after_place_the(text[max(0, start - 20):start]) and _CLAUSE_GOES_ON.match(text, end) is not None
