"""Shorthand a tagger reads as names: single letters joined by slashes in reports ("R/O" reporting officer,
"N/A", "C/O"; a person's sex and race as police reports write them: "F/B" female, black, "W/M"), and a
profession's letters after a person's name and a comma ("James Whitcombe, MD").

A tagger takes such a letter, written as a capital between slashes, for an initial or an acronym. A letter
of a sex-and-race code is a demographic attribute (DEM); any other slash code names no one. Pure
functions over the text and character offsets.
"""
import re
from typing import List, Optional

from spacy.tokens import Span

from spacy_anon.extensions import span_getter
from spacy_anon.lexicon.category_words import POST_NOMINALS
from spacy_anon.lexicon.generic_words import folded

SLASH_CODE = re.compile(r"(?<![\w/])[A-Za-z](?:/[A-Za-z]){1,2}(?![\w/])")
SEXES, RACES = frozenset("MF"), frozenset("WBHAI")  # male, female; white, black, Hispanic, Asian, Indigenous
_REACH = 4  # a code's letters lie within a few characters of each other


# the slash codes a Spanish or Portuguese address is written with: "s/n" (sin número, sem número), the house
# number a street address gives where the building has none (in English "s/n" is a serial number's key)
ADDRESS_SLASH_CODES = frozenset({"s/n"})


def slash_code_label(text: str, start: int, end: int, lang: str = "en") -> Optional[str]:
    """For one letter text[start:end] inside a slash code, or the whole code: "DEM" when the code pairs a sex
    and a race ("F/B", "W/M"), "" for any other code ("R/O", a pet's "M/N"); None when it is no part of one,
    or an address's "s/n" in Spanish or Portuguese (`lang`)."""
    if end - start != 1 and SLASH_CODE.fullmatch(text, start, end) is None \
            or lang in ("es", "pt") and text[start:end].lower() in ADDRESS_SLASH_CODES:
        return None
    # a code is five characters at most: one that holds the letter ends before end + _REACH, so the window's
    # end (which a lookahead reads as the text's) lies past the character after it
    for m in SLASH_CODE.finditer(text, max(0, start - _REACH), min(len(text), end + _REACH + 1)):
        if m.start() <= start and end <= m.end():
            letters = m.group().upper().split("/")
            pair = len(letters) == 2 and ({letters[0], letters[1]} & SEXES) and (
                (letters[0] in SEXES and letters[1] in RACES) or (letters[0] in RACES and letters[1] in SEXES))
            return "DEM" if pair else ""
    return None


TITLED_POST_NOMINALS = frozenset({"esq"})  # written with a capital only ("Jonathan Pryce, Esq.")


def without_credentials_after_names(spans: List[Span], text: str) -> List[Span]:
    """`spans` without a tagger's span of a profession's letters in capitals alone ("MD", "RN", "FRCP") right
    after a person's span of two words or more and a comma: the person's credential, no place, organisation
    or given name ("James Whitcombe, MD", "Jonathan Pryce, Esq."; "RAHMAN, Md" keeps its given name)."""
    out: List[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and prev.label_ == "PERSON" and len(span) == 1 and len(prev) > 1 \
                and (span.text.isupper() or span.text.lower() in TITLED_POST_NOMINALS) \
                and span.text.lower().strip(".") in POST_NOMINALS and text[prev.end_char:span.start_char] == ", " \
                and not str(span_getter("anon_source")(span) or "").startswith("rules."):
            continue
        out.append(span)
    return out


def trim_post_nominal(value: str) -> str:
    """`value` without a credential written in capitals after a name ("A. LINDGREN RN" -> "A. LINDGREN")."""
    words = value.split()
    if len(words) >= 2 and words[-1].isupper() and folded(words[-1].strip(".")) in POST_NOMINALS:
        return value[:value.rstrip().rfind(words[-1])].rstrip(" ,")
    return value
