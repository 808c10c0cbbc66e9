"""Scan many short texts with one pass of each pattern: the texts joined by a separator character.

A recognizer's regex costs a Python call per text, whatever the text's length; a log line or a table
cell is scanned by some fifty of them, so short texts pay the calls, not the matching. Joined, each
pattern runs once over the batch in C. The matches are exactly those of each text alone when the
separator is a character the pattern can neither consume nor see (`separator_safe`): no literal, class,
category or `.` of the pattern holds it and it has no `^`, `$`, `\\A` or `\\Z` (which look at the ends of
the string, not at characters), and no text of the batch contains it. Then no match spans two texts,
and every lookaround or `\\b` at a text's edge sees a character it cannot match, just as it sees the
string's end when the text is scanned alone: a negative one holds, a positive one fails. A pattern with
no such separator (a back reference) is run on each text alone, in its place among its recognizer's
patterns; a recognizer with a finder (Python logic of its own) is run on each text alone. With the
optional prefilter (`spacy_anon.rules.prefilter`, Hyperscan), a pattern scans only the texts where its
relaxed form matches.

Only the raw pattern hits are shared: each text's prefilter and validator are applied to its own hits,
and scoring, allow and deny lists, hidden forms and overlaps stay per text (`matching.find_matches`),
so the results equal those of the texts scanned one by one (`tests/test_rules_batch_scan.py`).
"""
import bisect
import re
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

from spacy_anon.rules import scanning
from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.prefilter import Prefilter
from spacy_anon.rules.recognizers import Recognizer
from spacy_anon.rules.recognizers.base import Pattern

try:  # Python 3.11+
    from re import _constants as _c, _parser as _p
except ImportError:  # pragma: no cover  (Python 3.8-3.10)
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

# Candidate separators, tried in order: a line break, NUL, the unit separator, the paragraph separator.
SEPARATORS = ("\n", "\x00", "\x1f", "\u2029")
_CATEGORY_SOURCE = {
    _c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S", _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W",
}
_BOUNDARIES = (_c.AT_BOUNDARY, _c.AT_NON_BOUNDARY)
_REPEATS = tuple(op for op in (getattr(_c, "MAX_REPEAT", None), getattr(_c, "MIN_REPEAT", None),
                               getattr(_c, "POSSESSIVE_REPEAT", None)) if op is not None)
Hit = Tuple[int, int, float, bool]


class _Unsafe(Exception):
    """The pattern holds something this check does not know: no separator is safe."""


def _category_holds(category, sep: str, flags: int) -> bool:
    source = _CATEGORY_SOURCE.get(category)
    if source is None:
        raise _Unsafe(category)
    return re.fullmatch(source, sep, flags & re.ASCII) is not None


def _set_holds(items, sep: str, flags: int) -> bool:
    """Whether the character set of an IN item holds `sep`."""
    negate, hit = False, False
    for op, av in items:
        if op is _c.NEGATE:
            negate = True
        elif op is _c.LITERAL:
            hit = hit or chr(av) == sep
        elif op is _c.RANGE:
            hit = hit or av[0] <= ord(sep) <= av[1]
        elif op is _c.CATEGORY:
            hit = hit or _category_holds(av, sep, flags)
        else:
            raise _Unsafe(op)
    return hit != negate


def _touches(items, sep: str, flags: int) -> bool:
    """Whether any item of a parsed sequence can consume or test `sep` (or looks at the string's ends)."""
    for op, av in items:
        if op is _c.LITERAL:
            if chr(av) == sep:
                return True
        elif op is _c.NOT_LITERAL:
            if chr(av) != sep:
                return True
        elif op is _c.ANY:
            if flags & re.DOTALL or sep != "\n":
                return True
        elif op is _c.IN:
            if _set_holds(av, sep, flags):
                return True
        elif op is _c.CATEGORY:
            if _category_holds(av, sep, flags):
                return True
        elif op is _c.AT:
            if av not in _BOUNDARIES:  # ^ $ \A \Z look at the string's ends
                return True
        elif op is _c.SUBPATTERN:
            if _touches(av[-1], sep, flags | av[1]):
                return True
        elif op is _c.BRANCH:
            if any(_touches(branch, sep, flags) for branch in av[1]):
                return True
        elif op in _REPEATS:
            if _touches(av[2], sep, flags):
                return True
        elif op in (_c.ASSERT, _c.ASSERT_NOT):
            if _touches(av[1], sep, flags):
                return True
        elif getattr(_c, "ATOMIC_GROUP", None) is not None and op is _c.ATOMIC_GROUP:
            if _touches(av, sep, flags):
                return True
        else:  # back references, conditionals, anything new: not proven
            raise _Unsafe(op)
    return False


@lru_cache(maxsize=2048)
def safe_separators(regex: "re.Pattern[str]") -> Tuple[str, ...]:
    """The separators that `regex` can neither consume nor see (see the module's docstring)."""
    if not isinstance(regex.pattern, str) or regex.flags & re.LOCALE:
        return ()
    try:
        parsed = _p.parse(regex.pattern, regex.flags)
        return tuple(sep for sep in SEPARATORS if not _touches(list(parsed), sep, regex.flags))
    except Exception:  # an unknown item or an internal parser change: scan each text alone  # noqa: BLE001
        return ()


def batchable(recognizer: Recognizer) -> bool:
    """Whether the recognizer is plain patterns, each with a safe separator."""
    return recognizer.finder is None and all(safe_separators(p.regex) for p in recognizer.patterns)


class Batch:
    """Texts joined once per separator they allow, with the offset where each text starts."""

    def __init__(self, texts: Sequence[str], prefilter: Optional[Prefilter] = None) -> None:
        self.texts = list(texts)
        self.free = tuple(sep for sep in SEPARATORS if not any(sep in t for t in self.texts))
        self._joined: Dict[str, Tuple[str, List[int]]] = {}
        self.prefilter = prefilter
        self._hits: Optional[List[Optional[frozenset]]] = None
        self.needs_found: Dict[Tuple["re.Pattern[str]", ...], List[bool]] = {}  # `finder_skips`

    def candidates(self, regex: "re.Pattern[str]") -> Optional[List[int]]:
        """The indices of the texts where `regex` may match (`prefilter`), or None: every text."""
        if self.prefilter is None or regex not in self.prefilter.ids:
            return None
        if self._hits is None:
            self._hits = self.prefilter.hits(self.texts)
        pid = self.prefilter.ids[regex]
        chosen = [i for i, hits in enumerate(self._hits) if hits is None or pid in hits]
        return None if len(chosen) == len(self.texts) else chosen

    def joined_subset(self, sep: str, chosen: Sequence[int]) -> Tuple[str, List[int]]:
        """The texts at `chosen` joined by `sep`, with the offset where each starts."""
        starts, pos = [], 0
        for i in chosen:
            starts.append(pos)
            pos += len(self.texts[i]) + 1
        return sep.join(self.texts[i] for i in chosen), starts

    def joined(self, sep: str) -> Tuple[str, List[int]]:
        if sep not in self._joined:
            starts, pos = [], 0
            for text in self.texts:
                starts.append(pos)
                pos += len(text) + 1
            self._joined[sep] = (sep.join(self.texts), starts)
        return self._joined[sep]

    def separator_for_pattern(self, pattern: Pattern) -> Optional[str]:
        """One separator the pattern allows and no text holds, or None."""
        safe = safe_separators(pattern.regex)
        return next((sep for sep in self.free if sep in safe), None)

    def separator_for(self, recognizer: Recognizer) -> Optional[str]:
        """One separator every pattern of the recognizer allows and no text holds, or None."""
        common = [sep for sep in self.free if all(sep in safe_separators(p.regex) for p in recognizer.patterns)]
        return common[0] if common else None


@lru_cache(maxsize=2048)
def skips_ahead(regex: "re.Pattern[str]") -> bool:
    """Whether `scanning.finditer` finds the matches of `regex` in a joined batch faster than one plain
    pass: the pattern names where its matches can start by words or literals (month names, "AKIA",
    "https://", its closing words, a start finder), which a batch holds at few places. Patterns that
    start at digit runs are not: a batch of log lines has a digit run every few characters, and trying
    each in Python is slower than `re`'s own pass (measured on log lines and PII sentences). Either way
    the matches are those of `regex.finditer` (`scanning.finditer`)."""
    if scanning.starts_digit_runs(regex):
        return False
    starts = scanning.literal_starts(regex)
    return starts is None or not starts.digits


def batch_hits(batch: Batch, recognizer: Recognizer, options: object) -> Optional[List[List[Hit]]]:
    """Per text, the (start, end, score, validated) hits `recognizer.raw_matches(text, options)` gives,
    found with one pass per pattern over the joined texts; None when the recognizer has a finder or
    none of its patterns can be joined. A pattern that cannot (a back reference: no separator is
    proven) is run on each text alone whose prefilter passes, in its place among the patterns, so each
    text's hits come in the order `raw_matches` gives them."""
    if recognizer.finder is not None:
        return None
    separators = [batch.separator_for_pattern(p) for p in recognizer.patterns]
    if all(sep is None for sep in separators):
        return None
    passes = None
    per_text: List[List[Tuple[int, int, float]]] = [[] for _ in batch.texts]
    for pattern, sep in zip(recognizer.patterns, separators):
        if sep is None:  # alone on each text that its recognizer's prefilter lets through
            if passes is None:
                passes = [recognizer.prefilter is None or recognizer.prefilter(t) for t in batch.texts]
            chosen = batch.candidates(pattern.regex)
            for i in range(len(batch.texts)) if chosen is None else chosen:
                text = batch.texts[i]
                if passes[i]:
                    for m in scanning.finditer(pattern.regex, text):
                        start, end = m.span(pattern.group)
                        if start < end:
                            per_text[i].append((start, end, pattern.score))
            continue
        chosen = batch.candidates(pattern.regex)
        if chosen is not None and not chosen:
            continue  # no text can hold a match
        joined, starts = batch.joined(sep) if chosen is None else batch.joined_subset(sep, chosen)
        for m in (scanning.finditer(pattern.regex, joined) if skips_ahead(pattern.regex) else
                  matches(pattern.regex, joined)):  # the same matches (`first_chars`)
            start, end = m.span(pattern.group)
            if start < end:
                k = bisect.bisect_right(starts, m.start()) - 1
                per_text[k if chosen is None else chosen[k]].append((start - starts[k], end - starts[k], pattern.score))
    out: List[List[Hit]] = []
    for k, (text, hits) in enumerate(zip(batch.texts, per_text)):
        if hits and recognizer.prefilter is not None and not (passes[k] if passes is not None else recognizer.prefilter(text)):
            hits = []
        out.append(list(recognizer.checked(text, hits)) if hits else [])
    return out


def finder_skips(batch: Batch, recognizer: Recognizer) -> Optional[List[Optional[List[Hit]]]]:
    """Per text, [] where none of the finder's `needs` matches (the finder would find nothing there)
    and None where one does (the finder runs on that text); None when the recognizer names no needs.
    Each regex is searched once over the texts joined (from each text with no match yet to its first
    match), or, without a safe separator, on each such text alone."""
    if recognizer.finder is None or not recognizer.needs:
        return None
    if recognizer.needs not in batch.needs_found:  # recognizers of one finder share it (labelled ids)
        batch.needs_found[recognizer.needs] = _holding(batch, recognizer.needs)
    return [None if held else [] for held in batch.needs_found[recognizer.needs]]


def _holding(batch: Batch, needs: Sequence["re.Pattern[str]"]) -> List[bool]:
    """Per text, whether one of `needs` matches in it."""
    texts = batch.texts
    holds = [False] * len(texts)
    for regex in needs:
        safe = safe_separators(regex)
        sep = next((s for s in batch.free if s in safe), None)
        if sep is None:
            for i, text in enumerate(texts):
                if not holds[i] and next(matches(regex, text), None) is not None:  # as `regex.search`
                    holds[i] = True
            continue
        joined, starts = batch.joined(sep)
        if skips_ahead(regex):  # tried only where a match can start (its opening words or literals)
            for m in scanning.finditer(regex, joined):
                holds[bisect.bisect_right(starts, m.start()) - 1] = True
            continue
        pos = 0
        while True:
            m = next(matches(regex, joined, pos), None)  # as `regex.search(joined, pos)` (`first_chars`)
            if m is None:
                break
            k = bisect.bisect_right(starts, m.start()) - 1
            holds[k] = True
            if k + 1 >= len(texts):
                break
            pos = starts[k + 1]
    return holds
