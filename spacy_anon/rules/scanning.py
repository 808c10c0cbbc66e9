"""Find a regex's matches without trying it at every character, when its shape allows.

Python's `re` tries a pattern at each position of the text unless the pattern opens with a literal
character; most recognizer patterns open with a lookbehind (`(?<![\\w\\-.])\\d{3}...`), so each one costs
a full pass over the text, and a document is scanned by some ninety of them. A pattern whose every match
starts with a digit that follows no digit (a lookbehind excluding `\\w` or `\\d`, or `\\b`, before a
digit) can only match where a run of digits starts: those positions are found once per text and the
pattern is tried there alone. The matches are exactly those of `regex.finditer(text)`: `match(text,
pos)` sees the whole text (lookbehinds and `\\b` before `pos` included), and a position that is not the
start of a digit run cannot start a match.
"""
import re
from functools import lru_cache
from typing import Iterator, List, Optional, Sequence, Tuple

try:  # Python 3.11+
    from re import _constants as _c, _parser as _p
except ImportError:  # pragma: no cover  (Python 3.8-3.10)
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_DIGIT_RUN_START = re.compile(r"(?<!\d)\d")
_ZERO_WIDTH = (_c.ASSERT, _c.ASSERT_NOT, _c.AT)
_REPEATS = tuple(op for op in (getattr(_c, "MAX_REPEAT", None), getattr(_c, "MIN_REPEAT", None),
                               getattr(_c, "POSSESSIVE_REPEAT", None)) if op is not None)


def _digit_class(items) -> bool:
    """Whether an IN set holds only decimal digits."""
    for op, av in items:
        if op is _c.CATEGORY and av is _c.CATEGORY_DIGIT:
            continue
        if op is _c.LITERAL and 48 <= av <= 57:
            continue
        if op is _c.RANGE and 48 <= av[0] and av[1] <= 57:
            continue
        return False
    return True


def _starts_with_digit(items: Sequence) -> bool:
    """Whether every match of the parsed sequence `items` consumes a digit first (optional leading
    digits are looked through; a sequence that can match empty does not qualify)."""
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op in _REPEATS:
            low, _high, body = av
            if not _starts_with_digit(list(body)):
                return False
            if low >= 1:
                return True
            continue  # optional digits: what follows must start with a digit too
        if not _item_starts_with_digit(op, av):
            return False
        return True
    return False


def _item_starts_with_digit(op, av) -> bool:
    if op is _c.LITERAL:
        return 48 <= av <= 57
    if op is _c.IN:
        return _digit_class(av)
    if op is _c.SUBPATTERN:
        return _starts_with_digit(list(av[-1]))
    if op is _c.BRANCH:
        return all(_starts_with_digit(list(branch)) for branch in av[1])
    return False


def _excludes_a_digit_before(op, av) -> bool:
    """Whether a zero-width item rules out a digit just before the position: `\\b` before a word
    character, or a negative lookbehind of one character class that holds `\\w` or `\\d`."""
    if op is _c.AT:
        return av is _c.AT_BOUNDARY
    if op is _c.ASSERT_NOT and av[0] == -1:
        body = list(av[1])
        if len(body) == 1 and body[0][0] is _c.IN:
            items = body[0][1]
            if any(o is _c.NEGATE for o, _a in items):  # (?<![^\w]): a word character must come before
                return False
            return any(o is _c.CATEGORY and a in (_c.CATEGORY_DIGIT, _c.CATEGORY_WORD) for o, a in items)
    return False


@lru_cache(maxsize=1024)
def starts_digit_runs(regex: "re.Pattern[str]") -> bool:
    """Whether every match of `regex` starts with a digit that follows no digit (so only the starts of
    digit runs need trying). Unicode patterns only: under re.ASCII `\\w` misses other scripts' digits."""
    if regex.flags & (re.ASCII | re.LOCALE) or not isinstance(regex.pattern, str):
        return False
    try:
        items = list(_p.parse(regex.pattern, regex.flags))
    except Exception:  # an internal parser change: scan the plain way  # noqa: BLE001
        return False
    guarded = False
    for op, av in items:
        if op in _ZERO_WIDTH:
            guarded = guarded or _excludes_a_digit_before(op, av)
            continue
        return guarded and _starts_with_digit(items)
    return False


MAX_PREFIXES = 32  # literal prefixes tried at most (classes of a few letters multiply them)


def _literal_prefixes(items: Sequence, flags: int) -> Optional[List[str]]:
    """Literal strings one of which every match of the parsed sequence starts with (None: unknown).
    Small character classes ("[sr]k_") branch the prefixes; the first other item ends them."""
    prefixes = [""]
    for op, av in items:
        if op in _ZERO_WIDTH and not prefixes[0]:
            continue  # before the first character only
        if op is _c.LITERAL:
            chars = [chr(av)]
        elif op is _c.IN and all(o is _c.LITERAL for o, _a in av) and len(av) * len(prefixes) <= MAX_PREFIXES:
            chars = [chr(a) for _o, a in av]
        elif op is _c.SUBPATTERN and av[1] & re.IGNORECASE:  # (?i:...): its letters match either case
            break
        elif op is _c.SUBPATTERN and not prefixes[0]:
            return _literal_prefixes(list(av[-1]), flags) if len(items) == 1 else _branch_then(items, flags)
        elif op is _c.BRANCH and not prefixes[0]:
            return _branch_then(items, flags)
        else:
            break
        prefixes = [p + c for p in prefixes for c in chars]
    return [p for p in prefixes if p] or None


def _branch_then(items: Sequence, flags: int) -> Optional[List[str]]:
    """Prefixes of a sequence opening with a group or alternation: those of each of its branches."""
    op, av = items[[i for i, (o, _a) in enumerate(items) if o not in _ZERO_WIDTH][0]]
    if op is _c.SUBPATTERN and av[1] & re.IGNORECASE:
        return None
    branches = [list(b) for b in av[1]] if op is _c.BRANCH else [list(av[-1])]
    found: List[str] = []
    for branch in branches:
        if len(branch) == 1 and branch[0][0] is _c.BRANCH:
            branch_prefixes = _branch_then(branch, flags)
        else:
            branch_prefixes = _literal_prefixes(branch, flags)
        if not branch_prefixes:
            return None
        found.extend(branch_prefixes)
    return found if len(found) <= MAX_PREFIXES else None


@lru_cache(maxsize=1024)
def required_prefixes(regex: "re.Pattern[str]") -> Optional[Tuple[str, ...]]:
    """Strings one of which every match of `regex` starts with, when the pattern says so (case-sensitive
    literal text at its start: "AKIA", "www.", "https://"); None otherwise. A text holding none of
    them has no match, so the pattern need not scan it."""
    if regex.flags & (re.IGNORECASE | re.LOCALE) or not isinstance(regex.pattern, str):
        return None
    try:
        items = list(_p.parse(regex.pattern, regex.flags))
        prefixes = _literal_prefixes(items, regex.flags)
    except Exception:  # an internal parser change: scan the plain way  # noqa: BLE001
        return None
    if not prefixes or min(len(p) for p in prefixes) < 2:  # one character is in any text
        return None
    return tuple(sorted(set(prefixes)))


_last: Tuple[str, List[int]] = ("", [])  # the text scanned last and its digit-run starts


def digit_run_starts(text: str) -> List[int]:
    """Offsets where a run of digits starts, computed once per text (the recognizers of one text ask
    one after the other)."""
    global _last
    last = _last
    if last[0] is text:
        return last[1]
    starts = [m.start() for m in _DIGIT_RUN_START.finditer(text)]
    _last = (text, starts)
    return starts


def finditer(regex: "re.Pattern[str]", text: str) -> Iterator["re.Match[str]"]:
    """The matches of `regex.finditer(text)`, found faster for patterns that start at a digit run or
    with literal text the text lacks."""
    prefixes = required_prefixes(regex)
    if prefixes is not None and not any(p in text for p in prefixes):
        return
    if not starts_digit_runs(regex):
        yield from regex.finditer(text)
        return
    match = regex.match
    end = 0
    for start in digit_run_starts(text):
        if start < end:
            continue
        m = match(text, start)
        if m is not None:
            yield m
            end = m.end()


def release() -> None:
    """Forget the last text scanned (it is held only to reuse its digit-run starts)."""
    global _last
    _last = ("", [])
