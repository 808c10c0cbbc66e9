"""Pipeline-wide allow list: terms that stay in clear whichever detector flagged them.

`anon_rules` has its own allow list, but it only filters rule matches: the tagger, NER or disclosure
scorer can still flag "European Court of Human Rights", and split it in pieces ("European Court of Human"
+ "Rights") that no exact-match list would catch. So `anon_mask` finds the *occurrences* of each entry in
the text and drops every candidate that lies entirely inside one. A candidate that only overlaps an
occurrence (a longer name containing an allowed word) is still masked: fail closed.
"""
import re
from typing import Any, Iterable, List, Mapping, Sequence, Tuple, Union

from spacy_anon.errors import Errors

AllowEntry = Union[str, Mapping[str, Any]]


def compile_occurrence_patterns(entries: Iterable[AllowEntry]) -> Tuple["re.Pattern[str]", ...]:
    """One case-insensitive regex per entry, to find its occurrences in a text (`rules.matching`'s
    `compile_allow_list` instead compares a whole rule match with the entries).

    A string (or {"text": ...}) matches as a whole word sequence, any run of whitespace standing for a space
    ("Court  of\\nAppeal" matches "Court of Appeal"); {"pattern": regex} is searched as written.
    """
    out = []
    for entry in entries:
        if isinstance(entry, str) or (isinstance(entry, Mapping) and set(entry) == {"text"}):
            term = (entry if isinstance(entry, str) else str(entry["text"])).strip()
            if not term:
                raise ValueError(Errors.E120.format(problem="is empty"))
            body = r"\s+".join(re.escape(part) for part in term.split())
            out.append(re.compile(rf"(?<!\w){body}(?!\w)", re.IGNORECASE))
        elif isinstance(entry, Mapping) and set(entry) == {"pattern"}:
            try:
                out.append(re.compile(str(entry["pattern"]), re.IGNORECASE))
            except re.error as err:
                raise ValueError(Errors.E120.format(problem=f"has an invalid pattern {entry['pattern']!r} ({err})")) from None
        else:
            raise ValueError(Errors.E120.format(problem=f"is a {type(entry).__name__} of an unknown form"))
    return tuple(out)


def allowed_regions(text: str, patterns: Sequence["re.Pattern[str]"]) -> List[Tuple[int, int]]:
    """Character ranges of every non-empty occurrence of the allow-list patterns in `text`."""
    regions = []
    for pattern in patterns:
        regions.extend(m.span() for m in pattern.finditer(text) if m.end() > m.start())
    return sorted(regions)


def inside_any(start: int, end: int, regions: Sequence[Tuple[int, int]]) -> bool:
    """Whether [start, end) lies entirely within one of `regions`."""
    return any(r_start <= start and end <= r_end for r_start, r_end in regions)
