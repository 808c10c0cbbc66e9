"""Partial leaks: a name masked in one place of a document and readable in another.

Masking one mention of an entity protects nothing when another mention of it stays in clear ("[PERSON_1]
instructed a solicitor. Mr Benham's solicitor replied"). `partial_leaks` finds them in the output of a
masking run from the replacement table alone, independently of how the masker grouped mentions:

- a masked person mention gives each of its name parts (titles, particles and parts under three letters
  left out); an organisation or place gives its whole name, and an organisation of three or more
  capitalised words also its acronym ("European Court of Human Rights" -> "ECHR");
- an occurrence is a whole-word, case- and accent-insensitive match in the masked text, outside the
  replacements, starting with a capital letter (a name in clear is capitalised; "young people" is no
  occurrence of a masked "Young").
"""
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, Sequence, Set, Tuple

from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS

NAME_LABELS = frozenset({"PERSON"})
PLACE_ORG_LABELS = frozenset({"ORG", "LOC"})
PARTICLES = frozenset("de del della der den di da das do dos du la las le les los van von ter ten bin ben "
                      "ibn al el mac mc st san santa y e of the and for".split())
_WORD = re.compile(r"[^\W_]+")


def fold(word: str) -> str:
    """Lowercase without accents."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()


def acronym(text: str) -> str:
    """Initials of the capitalised words of a name of three or more of them ("" otherwise)."""
    words = [w for w in _WORD.findall(text) if w[:1].isupper()]
    return "".join(w[0] for w in words).lower() if len(words) >= 3 else ""


@dataclass(frozen=True)
class PartialLeak:
    """One occurrence in clear of a masked name: where in the masked text, which label, which words."""

    start: int
    end: int
    label: str
    words: Tuple[str, ...]


def leak_terms(text: str, rows: Iterable[Mapping[str, Any]],
               honorifics: Sequence[str] = DEFAULT_HONORIFICS) -> Dict[Tuple[str, ...], str]:
    """Folded word tuples to look for -> label, from the table rows of the masked mentions of `text`."""
    titles = {fold(h).strip(".") for h in honorifics}
    terms: Dict[Tuple[str, ...], str] = {}
    for row in rows:
        label = row["label"]
        words = [fold(w) for w in _WORD.findall(text[row["start"]:row["end"]])]
        if label in NAME_LABELS:
            for w in words:
                if len(w) >= 3 and w not in titles and w not in PARTICLES and not w.isdigit():
                    terms.setdefault((w,), label)
        elif label in PLACE_ORG_LABELS:
            if words and not all(w.isdigit() for w in words) and sum(map(len, words)) >= 3:
                terms.setdefault(tuple(words), label)
            short = acronym(text[row["start"]:row["end"]]) if label == "ORG" else ""
            if short:
                terms.setdefault((short,), label)
    return terms


def replacement_regions(rows: Sequence[Mapping[str, Any]]) -> List[Tuple[int, int]]:
    """(start, end) of each replacement in the masked text (rows sorted, non-overlapping)."""
    regions = []
    shift = 0
    for row in sorted(rows, key=lambda r: r["start"]):
        start = row["start"] + shift
        regions.append((start, start + len(row["replacement"])))
        shift += len(row["replacement"]) - (row["end"] - row["start"])
    return regions


def partial_leaks(text: str, anon_text: str, rows: Sequence[Mapping[str, Any]],
                  honorifics: Sequence[str] = DEFAULT_HONORIFICS) -> List[PartialLeak]:
    """Occurrences in `anon_text` of names masked elsewhere (`rows`: the replacement table of `text`)."""
    terms = leak_terms(text, rows, honorifics)
    if not terms:
        return []
    by_first: Dict[str, List[Tuple[str, ...]]] = {}
    for words in sorted(terms, key=len, reverse=True):
        by_first.setdefault(words[0], []).append(words)
    inside: Set[int] = set()
    for start, end in replacement_regions(rows):
        inside.update(range(start, end))
    tokens = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(anon_text)]
    folded = [fold(t) for _, _, t in tokens]
    found: List[PartialLeak] = []
    i = 0
    while i < len(tokens):
        hit = None
        if tokens[i][2][:1].isupper() and tokens[i][0] not in inside:
            for words in by_first.get(folded[i], ()):
                if tuple(folded[i:i + len(words)]) == words:
                    hit = words
                    break
        if hit is None:
            i += 1
            continue
        found.append(PartialLeak(tokens[i][0], tokens[i + len(hit) - 1][1], terms[hit], hit))
        i += len(hit)
    return found
