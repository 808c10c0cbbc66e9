"""Spelling variants of institution names for phrase gazetteers ("U of MD" for "U of Maryland").

A phrase gazetteer matches whole entries, but notes abbreviate the names a list spells out: "Univ",
"Hosp", "Med Ctr", "St." and state codes ("University of MD Medical Center"), or drop the generic
head ("Laurel Regional" for "Laurel Regional Hospital"). Expanding the list with these variants lets
the phrase feature fire on them; the CRF still learns how far to trust it.
Entries are in `gazetteers.phrases_of` form: lowercased tokens joined by single spaces.
"""
import itertools
from typing import Dict, FrozenSet, Iterable, List, Set, Tuple

# each group: spellings of one word (space-joined tokens, as `phrases_of` writes them)
WORD_GROUPS: Tuple[Tuple[str, ...], ...] = (
    ("university", "univ", "u"),
    ("hospital", "hosp"),
    ("medical", "med"),
    ("center", "centre", "ctr"),
    ("saint", "st", "st ."),
    ("mount", "mt", "mt ."),
    ("rehabilitation", "rehab"),
    ("general", "gen"),
    ("health care", "healthcare"),
)

US_STATE_CODES: Dict[str, str] = {
    "alabama": "al", "alaska": "ak", "arizona": "az", "arkansas": "ar", "california": "ca",
    "colorado": "co", "connecticut": "ct", "delaware": "de", "florida": "fl", "georgia": "ga",
    "hawaii": "hi", "idaho": "id", "illinois": "il", "indiana": "in", "iowa": "ia", "kansas": "ks",
    "kentucky": "ky", "louisiana": "la", "maine": "me", "maryland": "md", "massachusetts": "ma",
    "michigan": "mi", "minnesota": "mn", "mississippi": "ms", "missouri": "mo", "montana": "mt",
    "nebraska": "ne", "nevada": "nv", "new hampshire": "nh", "new jersey": "nj", "new mexico": "nm",
    "new york": "ny", "north carolina": "nc", "north dakota": "nd", "ohio": "oh", "oklahoma": "ok",
    "oregon": "or", "pennsylvania": "pa", "rhode island": "ri", "south carolina": "sc",
    "south dakota": "sd", "tennessee": "tn", "texas": "tx", "utah": "ut", "vermont": "vt",
    "virginia": "va", "washington": "wa", "west virginia": "wv", "wisconsin": "wi", "wyoming": "wy",
}

# generic heads a note may leave out ("Laurel Regional Hospital" -> "Laurel Regional"), longest first
GENERIC_TAILS: Tuple[str, ...] = (
    "health care system", "hospital center", "medical center", "health system", "healthcare system",
    "medical system", "health center", "hospital", "center",
)

_CONNECTORS = frozenset({"and", "&", "of", "for", "the", "at", "-"})  # a name cannot end in one
MAX_VARIANTS = 64  # per entry, so a long name full of abbreviable words cannot blow up the list


def _spellings() -> Dict[str, Tuple[str, ...]]:
    """{spelling: all spellings of its group}; a state name also gets its postal code (one way only:
    "VA" in "Baltimore VA Medical Center" is Veterans Affairs, not Virginia)."""
    table: Dict[str, Tuple[str, ...]] = {}
    for group in WORD_GROUPS:
        for spelling in group:
            table.setdefault(spelling, group)
    for name, code in US_STATE_CODES.items():
        table.setdefault(name, (name, code))
    return table


SPELLINGS = _spellings()


def _segments(tokens: List[str]) -> List[Tuple[str, ...]]:
    """Split tokens into runs, longest known spelling first; each run -> its alternative spellings."""
    out: List[Tuple[str, ...]] = []
    i = 0
    while i < len(tokens):
        for size in (2, 1):
            piece = " ".join(tokens[i:i + size])
            if len(tokens[i:i + size]) == size and piece in SPELLINGS:
                out.append(SPELLINGS[piece])
                i += size
                break
        else:
            out.append((tokens[i],))
            i += 1
    return out


def phrase_variants(phrase: str) -> FrozenSet[str]:
    """The phrase (space-joined lowercased tokens) and its abbreviated/expanded spellings.

    A name ending in a generic head ("laurel regional hospital") gets its variants without the head
    only ("laurel regional", "laurel regional" has no abbreviable word; "u of maryland medical center"
    gives "u of md", "univ of maryland", ...), since annotators leave the head out: a matched "Medical
    Center" would teach the tagger to mask it. The remaining name must keep 2+ tokens and not end
    in a connector ("and", "&").
    """
    tokens = phrase.split()
    base = phrase
    for tail in GENERIC_TAILS:
        size = len(tail.split())
        if " ".join(tokens[-size:]) == tail:
            rest = tokens[:-size]
            base = " ".join(rest) if len(rest) >= 2 and rest[-1] not in _CONNECTORS else ""
            break
    out: Set[str] = {phrase}
    if base:
        combos = itertools.product(*_segments(base.split()))
        out.update(" ".join(combo) for combo in itertools.islice(combos, MAX_VARIANTS))
    return frozenset(out)


def expand_phrases(phrases: Iterable[str]) -> FrozenSet[str]:
    """Every phrase with its variants (`phrase_variants`)."""
    out: Set[str] = set()
    for phrase in phrases:
        out |= phrase_variants(phrase)
    return frozenset(out)
