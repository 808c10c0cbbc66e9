"""Lone letters in a line read for its case (`casing`): initials ("J." of "MR J. TURNER", the "Z.M." of a dotted
run), an enumeration's letter ("(b)"), a letter inside a dotted abbreviation ("a.m."). Pure functions over
a line and its letter runs."""
import re
from typing import FrozenSet, List

DOTTED_RUN = re.compile(r"(?<![\w.])(?:[^\W\d_]\.){2,}(?![\w])")  # "c.ç.", "z.m.", "e.g."
DOTTED_WORDS = frozenset("eg ie am pm nb cf vs ps pp ff ca op".split())  # abbreviations written with dots


def is_initial(line: str, word: "re.Match") -> bool:
    """A lone letter with a period after it ("j." of "j.m. morenilla")."""
    return len(word.group()) == 1 and word.group().isalpha() and line[word.end():word.end() + 1] == "."


def dotted_initials(line: str, words: List["re.Match"]) -> FrozenSet[int]:
    """Indices of the letters of a dotted run of initials ("c.ç.", "Z.M."), not of an abbreviation
    written so ("e.g.", "a.m.")."""
    found = set()
    for run in DOTTED_RUN.finditer(line):
        if run.group().replace(".", "").lower() in DOTTED_WORDS:
            continue
        found.update(k for k, m in enumerate(words) if run.start() <= m.start() < run.end())
    return frozenset(found)


def enumeration_letter(line: str, word: "re.Match") -> bool:
    """Whether `word` is the letter of an enumeration in brackets ("(b) plots nos. 511"), which opens no
    sentence."""
    return len(word.group()) == 1 and line[word.start() - 1:word.start()] == "(" \
        and line[word.end():word.end() + 1] == ")"


def letter_form(line: str, start: int, form: str) -> str:
    """A lone letter: an initial ("J." of "MR J. TURNER", "L.-E.") is a capital, whatever the line's
    case, so that the name detectors and the leak guard read it as part of the name; a letter inside a
    dotted abbreviation ("a.m.", "e.g.") stays in lower case, not capitalised as if a sentence began."""
    before = line[start - 1] if start else ""
    after = line[start + 1:start + 3]
    if before == ".":
        return form.lower()
    if after[:1] == "." and after[1:2] in ("", "-") + tuple(" \t\r\n") and not before.isalpha():
        return form.upper()
    return form
