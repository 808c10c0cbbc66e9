"""Single letters joined by slashes in reports' shorthand: "R/O" (reporting officer), "N/A", "C/O", and a
person's sex and race as police reports write them ("F/B": female, black; "W/M"; "B/M").

A tagger takes such a letter, written as a capital between slashes, for an initial or an acronym. A letter
of a sex-and-race code is a demographic attribute (DEM); any other slash code names no one. Pure
functions over the text and character offsets.
"""
import re
from typing import Optional

SLASH_CODE = re.compile(r"(?<![\w/])[A-Za-z](?:/[A-Za-z]){1,2}(?![\w/])")
SEXES, RACES = frozenset("MF"), frozenset("WBHAI")  # male, female; white, black, Hispanic, Asian, Indigenous
_REACH = 4  # a code's letters lie within a few characters of each other


def slash_code_label(text: str, start: int, end: int) -> Optional[str]:
    """For one letter text[start:end] inside a slash code: "DEM" when the code pairs a sex and a race
    ("F/B", "W/M"), "" for any other code ("R/O"); None when the letter is no part of one."""
    if end - start != 1:
        return None
    window = max(0, start - _REACH)
    for m in SLASH_CODE.finditer(text, window):
        if m.start() > start:
            break
        if end <= m.end():
            letters = m.group().upper().split("/")
            pair = len(letters) == 2 and ({letters[0], letters[1]} & SEXES) and (
                (letters[0] in SEXES and letters[1] in RACES) or (letters[0] in RACES and letters[1] in SEXES))
            return "DEM" if pair else ""
    return None
