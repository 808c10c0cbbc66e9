"""Pipeline-wide allow list: terms that stay in clear whichever detector flagged them.

`anon_rules` has its own allow list, but it only filters rule matches: the tagger, NER or disclosure
scorer can still flag "European Court of Human Rights", split it in pieces ("European Court of Human"
+ "Rights") that no exact-match list would catch, or run one word past it ("European Court of Human
Rights clerk"). So `anon_mask` finds the *occurrences* of each entry in the text (its own entries, and
the phrases of every `anon_rules` allow list in the pipeline) and takes them out of every candidate:
a candidate inside an occurrence is dropped; one that runs past it is trimmed to its tokens outside the
occurrence, and kept only where that rest is worth masking (`worth_masking`: a rare word, a digit, a
code, a capitalised word of a person's name), so "clerk", "Registry" or "the" alone are dropped while
"Kowalski" after an allowed phrase stays masked.
A token that an occurrence covers only in part stays in the candidate: fail closed.
"""
import re
from typing import Any, Callable, Collection, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

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


def rule_allow_entries(entries: Iterable[AllowEntry]) -> Tuple[Tuple["re.Pattern[str]", ...], Tuple["re.Pattern[str]", ...]]:
    """An allow list (anon_mask's or an `anon_rules`') as `anon_mask` applies it to every detector:
    (occurrence patterns of its strings and {"text": ...} phrases, its {"pattern": regex} entries). A
    pattern means one thing in both components: it must match a whole value (the rules compare it with a
    whole match), so it allows whole runs of tokens (`whole_value_regions`), never any stretch of text it
    happens to find (".*@example\\.org" would otherwise allow a whole line)."""
    phrases: List[AllowEntry] = []
    whole = []
    for entry in entries:
        if isinstance(entry, Mapping) and "pattern" in entry:
            whole.append(re.compile(str(entry["pattern"]), re.IGNORECASE))
        elif isinstance(entry, Mapping) and "text" in entry:
            phrases.append({"text": entry["text"]})
        else:
            phrases.append(entry)
    return compile_occurrence_patterns(phrases), tuple(whole)


def whole_value_regions(text: str, tokens: Sequence[Tuple[int, int]], patterns: Sequence["re.Pattern[str]"],
                        max_tokens: int = 32) -> List[Tuple[int, int]]:
    """Character ranges of the longest runs of `tokens` ((start, end) offsets of one candidate's tokens)
    whose text fullmatches one of `patterns`; runs of more than `max_tokens` tokens are not tried."""
    out = []
    for i in range(len(tokens)):
        for j in range(min(len(tokens), i + max_tokens), i, -1):
            start, end = tokens[i][0], tokens[j - 1][1]
            if any(p.fullmatch(text[start:end]) for p in patterns):
                out.append((start, end))
                break
    return out


def worth_masking(word: str, stop_words: Collection[str], is_common: Callable[[str], bool], name: bool = False) -> bool:
    """Whether one token of what a candidate keeps beyond an allowed phrase is worth masking alone: a
    digit or a code ("A-12", an e-mail), a word that is neither a function word nor a common word
    ("Kowalski"), or, in a person's name (`name`), any capitalised word that is not a function word
    (surnames are often common words: "Smith", "White"). Punctuation, function words ("the", "'s") and
    common words ("clerk", "Registry", "Grand" of "Grand Chamber") are not."""
    if not any(c.isalnum() for c in word):
        return False
    folded = word.casefold()
    if folded in stop_words or word.lower() in stop_words:
        return False
    if any(c.isdigit() for c in word) or not word.isalpha():
        return True
    return (name and word[0].isupper()) or not is_common(folded)


def trim_to_unallowed(tokens: Sequence[Tuple[int, int, str]], regions: Sequence[Tuple[int, int]],
                      worth: Callable[[str], bool]) -> Optional[List[Tuple[int, int]]]:
    """What is left of one candidate once its allowed tokens are taken out.

    tokens: (start, end, text) of the candidate's tokens; regions: allowed character ranges.
    RETURNS: None when no token lies inside a region (the candidate stays whole); else the (first, last+1)
        token indices of each run of the remaining tokens, cut to its first and last token worth masking;
        runs with no such token are left out (an empty list: the candidate is dropped).
    """
    allowed = [inside_any(start, end, regions) for start, end, _ in tokens]
    if not any(allowed):
        return None
    keep: List[Tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        if allowed[i]:
            i += 1
            continue
        j = i
        while j < len(tokens) and not allowed[j]:
            j += 1
        worthy = [k for k in range(i, j) if worth(tokens[k][2])]
        if worthy:
            keep.append((worthy[0], worthy[-1] + 1))
        i = j
    return keep
