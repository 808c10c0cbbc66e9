"""A pattern's twin that finds the same matches faster: the pattern behind a lookahead for the
characters its matches can start with.

Why: `re` skips ahead quickly only for a pattern that opens with a literal or a character class; a
pattern that opens with a lookbehind or a word boundary ("(?<![\\w/.])(?:[12]\\d|3[01]|0?[1-9])/...")
is tried in full at every position of a batch. `(?=[0-9])` before it fails at once where no match can
start. The set is read from the parsed pattern (zero-width items skipped, optional items add the
next item's set); it holds every character a match can start with, so the twin's matches, groups and
spans are the pattern's (`tests/test_rules_first_chars.py`). A pattern whose set is not proven (`.`,
a back reference first, a match that can be empty, other flags) has no twin.

Faster still, where the set is one class: the pattern's skipper opens with that class (so `re` skips to
the next such character in a tight loop instead of a step of the matcher at each position) and holds
where the pattern matches from that character; `matches` makes each match where the skipper finds one.
"""
import re
from functools import lru_cache
from typing import Iterator, List, Optional, Tuple

try:  # Python 3.11+
    from re import _constants as _c, _parser as _p
except ImportError:  # pragma: no cover  (Python 3.8-3.10)
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_ZERO_WIDTH = (_c.AT, _c.ASSERT, _c.ASSERT_NOT)
_REPEATS = tuple(op for op in (getattr(_c, "MAX_REPEAT", None), getattr(_c, "MIN_REPEAT", None),
                               getattr(_c, "POSSESSIVE_REPEAT", None)) if op is not None)
_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)
_CATEGORY = {
    _c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S", _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W",
}
_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")
_KEPT_FLAGS = re.IGNORECASE | re.ASCII  # the flags that change what a class holds
Piece = Tuple[int, list]  # (flags in force, the items of a character class)


class _Unknown(Exception):
    """An item whose first characters this module does not read."""


def _item(op, av, flags: int) -> Tuple[List[Piece], bool]:
    """(the classes a match of this item can start with, whether it can match empty)."""
    if op is _c.LITERAL:
        return [(flags, [(_c.LITERAL, av)])], False
    if op is _c.NOT_LITERAL:
        return [(flags, [(_c.NEGATE, None), (_c.LITERAL, av)])], False
    if op is _c.IN:
        return [(flags, list(av))], False
    if op is _c.SUBPATTERN:
        _group, add, remove, items = av
        return _sequence(items, (flags | add) & ~remove)
    if op is _c.BRANCH:
        pieces: List[Piece] = []
        empty = False
        for branch in av[1]:
            got, can_be_empty = _sequence(branch, flags)
            pieces += got
            empty = empty or can_be_empty
        return pieces, empty
    if op in _REPEATS:
        low, high, items = av
        if high == 0:
            return [], True
        got, can_be_empty = _sequence(items, flags)
        return got, can_be_empty or low == 0
    if _ATOMIC is not None and op is _ATOMIC:
        return _sequence(av, flags)
    raise _Unknown(op)


def _sequence(items, flags: int) -> Tuple[List[Piece], bool]:
    pieces: List[Piece] = []
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue  # looks at the text, consumes nothing: the match starts with what follows
        got, can_be_empty = _item(op, av, flags)
        pieces += got
        if not can_be_empty:
            return pieces, False
    return pieces, True


def _char(code: int) -> str:
    return "\\U%08x" % code


def _class(items: list) -> str:
    negate, parts = False, []
    for op, av in items:
        if op is _c.NEGATE:
            negate = True
        elif op is _c.LITERAL:
            parts.append(_char(av))
        elif op is _c.RANGE:
            parts.append(_char(av[0]) + "-" + _char(av[1]))
        elif op is _c.CATEGORY and av in _CATEGORY:
            parts.append(_CATEGORY[av])
        else:
            raise _Unknown(op)
    return "[" + ("^" if negate else "") + "".join(parts) + "]"


def _merged(pieces: List[Piece]) -> Tuple[dict, List[Piece]]:
    """The pieces' classes written under the same flags and without a negation, as one class per
    flags; the negated ones alone."""
    merged: dict = {}
    alone: List[Piece] = []
    for piece_flags, items in pieces:
        if any(op is _c.NEGATE for op, _av in items):
            alone.append((piece_flags, items))
        else:
            merged.setdefault(piece_flags & _KEPT_FLAGS, []).extend(items)
    return merged, alone


def _lookahead(pieces: List[Piece], flags: int) -> str:
    """One lookahead that holds at a position where one of the pieces holds, each class under the
    flags it was written under."""
    merged, alone = _merged(pieces)
    alternatives = []
    for piece_flags, items in list(merged.items()) + alone:
        source = _class(items)
        if (piece_flags ^ flags) & re.ASCII:
            if not piece_flags & re.ASCII:
                raise _Unknown(piece_flags)  # (?u:) inside an ASCII pattern
            source = "(?a:%s)" % source
        if (piece_flags ^ flags) & re.IGNORECASE:
            source = ("(?i:%s)" if piece_flags & re.IGNORECASE else "(?-i:%s)") % source
        alternatives.append(source)
    return "(?=%s)" % "|".join(dict.fromkeys(alternatives))


def _pieces_and_source(regex: "re.Pattern[str]") -> Optional[Tuple[List[Piece], str]]:
    """(the classes the pattern's matches start with, its source without its global flags), or None
    when they are not proven (see the module's docstring)."""
    if not isinstance(regex.pattern, str) or regex.flags & (re.LOCALE | re.DEBUG):
        return None
    try:
        pieces, can_be_empty = _sequence(list(_p.parse(regex.pattern, regex.flags)), regex.flags)
    except (_Unknown, re.error, RecursionError, OverflowError, TypeError):
        return None
    if can_be_empty or not pieces:
        return None
    source = regex.pattern
    while _GLOBAL_FLAGS.match(source):  # flags for the whole pattern: given to compile instead
        source = source[_GLOBAL_FLAGS.match(source).end():]
    end = "\n)" if regex.flags & re.VERBOSE else ")"  # a verbose pattern may end in a comment
    return pieces, "(?:" + source + end


@lru_cache(maxsize=4096)
def twin(regex: "re.Pattern[str]") -> "re.Pattern[str]":
    """`regex` behind a lookahead for the characters its matches start with (see the module's
    docstring), or `regex` itself when that set is not proven."""
    known = _pieces_and_source(regex)
    if known is None:
        return regex
    pieces, group = known
    try:
        fast = re.compile(_lookahead(pieces, regex.flags) + group, regex.flags)
    except (_Unknown, re.error, RecursionError, OverflowError, TypeError):
        return regex
    if fast.groups != regex.groups or fast.groupindex != regex.groupindex:
        return regex
    return fast


def _skips(items: list, flags: int) -> bool:
    """Whether `re` passes over the characters outside a class that opens a pattern in a tight loop:
    under IGNORECASE only a class without cased letters (`re._compiler._get_charset_prefix`)."""
    if not flags & re.IGNORECASE:
        return True
    for op, av in items:
        if op is _c.LITERAL and (chr(av).lower() != chr(av).upper() or chr(av).casefold() != chr(av)):
            return False
        if op is _c.RANGE and any(chr(c).lower() != chr(c).upper() for c in range(av[0], av[1] + 1)):
            return False
    return True


# what IGNORECASE matches an ASCII letter to beyond its two cases (`re`'s simple lower-case mapping and
# its extra folds: "İ" and "ı" for "i", the Kelvin sign for "k", the long s for "s")
_FOLDS_BEYOND_ASCII = {"i": "\u0130\u0131", "k": "\u212a", "s": "\u017f"}


def _case_closed(items: list) -> Optional[list]:
    """A class under IGNORECASE written out with every character it matches, as a class `re` skips to
    without folding case (a superset is safe: the skipper's lookbehind holds only where the pattern
    matches); None for a negated class or one with cased letters beyond ASCII."""
    out: list = []
    for op, av in items:
        if op is _c.CATEGORY:
            out.append((op, av))  # \w, \d, \s and their complements are closed under case
            continue
        if op is _c.LITERAL:
            codes = [av]
        elif op is _c.RANGE and av[1] - av[0] < 512:
            codes = list(range(av[0], av[1] + 1))
        else:
            return None
        out.append((op, av))
        for code in codes:
            char = chr(code)
            if char.lower() == char.upper():
                continue
            if code > 0x7F:
                return None
            for other in {char.lower(), char.upper()} | set(_FOLDS_BEYOND_ASCII.get(char.lower(), "")):
                out.append((_c.LITERAL, ord(other)))
    return out


@lru_cache(maxsize=4096)
def skipper(regex: "re.Pattern[str]") -> Optional["re.Pattern[str]"]:
    """A pattern that matches one character exactly where `regex` matches: the class of its first
    characters, then a lookbehind that holds where `regex` matches from that character. It opens with
    a class, so `re` skips the characters outside it in a tight loop, where the twin's lookahead costs
    a step of the matcher at every position (two to three times the speed on prose and logs). The
    class is written without case folding (`_case_closed`: `re` does not skip under IGNORECASE), so the
    first characters of a case-blind pattern, or of pieces under different flags, make one class. None
    where a negated class is not the only one, where the pieces differ in ASCII, where a case-blind
    class holds cased letters beyond ASCII, or where a back reference cannot go into a lookbehind."""
    known = _pieces_and_source(regex)
    if known is None:
        return None
    pieces, group = known
    merged, alone = _merged(pieces)
    classes = [(flags, items) for flags, items in merged.items()] + alone
    if any((flags ^ regex.flags) & re.ASCII for flags, _items in classes):
        return None
    if alone and (len(classes) != 1 or not _skips(alone[0][1], alone[0][0])):
        return None
    written: list = []
    for flags, items in classes:
        if not _skips(items, flags):
            items = _case_closed(items)
            if items is None:
                return None
        written += items
    try:
        first = _class(written)
        if regex.flags & re.IGNORECASE:
            first = "(?-i:" + first + ")"
        guard = _left_guard(regex, written)
        return re.compile(first + guard + "(?<=(?=" + group + ")" + first + ")", regex.flags)
    except (_Unknown, re.error, RecursionError, OverflowError, TypeError):
        return None


def _left_guard(regex: "re.Pattern[str]", first: list) -> str:
    """The pattern's opening one-character lookbehind (or `\\b` before word characters), as a
    lookbehind over the character before the one the skipper consumed: inside a run of digits or
    letters it fails before the pattern is tried (the lookbehind stays in the pattern too)."""
    items = list(_p.parse(regex.pattern, regex.flags))
    if not items:
        return ""
    op, av = items[0]
    if op is _c.ASSERT_NOT and av[0] == -1 and len(av[1]) == 1:
        inner_op, inner_av = list(av[1])[0]
        if inner_op is _c.IN:
            return "(?<!" + _class(list(inner_av)) + "[\\s\\S])"
        if inner_op is _c.LITERAL:
            return "(?<!" + _class([(inner_op, inner_av)]) + "[\\s\\S])"
    if op is _c.AT and av is _c.AT_BOUNDARY and _word_chars_only(first, regex.flags):
        return "(?<!\\w[\\s\\S])"
    return _char_before_guard(op, av)


_ONE_CHAR = (_c.LITERAL, _c.NOT_LITERAL, _c.IN)


def _char_before_guard(op, av) -> str:
    """The guard of a pattern that opens with lookbehinds, one or a choice of several ("(?:(?<=\\bI [(\\[])|
    (?<=\\bme [(\\[])|...)", "(?:(?<![^\\n])|(?<=[:(]))"): every one of them ends with one character, so the
    character before the match is in the union of those characters (or there is none, where a negative
    lookbehind allows the text's start); "" where the opening is of another kind."""
    branches = [list(b) for b in av[1]] if op is _c.BRANCH else [[(op, av)]]
    befores, at_start = [], False
    for branch in branches:
        if len(branch) != 1:
            return ""
        b_op, b_av = branch[0]
        if b_op not in (_c.ASSERT, _c.ASSERT_NOT) or b_av[0] != -1:
            return ""
        inner = list(b_av[1])
        if b_op is _c.ASSERT and inner and inner[-1][0] in _ONE_CHAR:
            befores.append(_one_char(*inner[-1], negate=False))
        elif b_op is _c.ASSERT_NOT and len(inner) == 1 and inner[0][0] in _ONE_CHAR:
            befores.append(_one_char(*inner[0], negate=True))  # a character outside the class, or none
            at_start = True
        else:
            return ""
    try:
        guard = "(?<=(?:" + "|".join(sorted(set(map(_class, befores)))) + ")[\\s\\S])"
    except _Unknown:
        return ""
    return "(?:" + guard + "|(?<![\\s\\S][\\s\\S]))" if at_start else guard


def _one_char(op, av, negate: bool) -> list:
    """The class items of a one-character item, or of its complement (`negate`)."""
    items = [(_c.LITERAL, av)] if op is _c.LITERAL else [(_c.NEGATE, None), (_c.LITERAL, av)] \
        if op is _c.NOT_LITERAL else list(av)
    if not negate:
        return items
    if items[0][0] is _c.NEGATE:
        return items[1:]
    if any(item_op is _c.NEGATE for item_op, _ in items):
        raise _Unknown(op)
    return [(_c.NEGATE, None)] + items


def _word_chars_only(items: list, flags: int) -> bool:
    """Whether every character of the class is a word character (so `\\b` before it is `(?<!\\w)`)."""
    word = re.compile(r"\w", flags & (re.ASCII | re.IGNORECASE))
    for op, av in items:
        if op is _c.CATEGORY and av in (_c.CATEGORY_DIGIT, _c.CATEGORY_WORD):
            continue
        if op is _c.LITERAL and word.match(chr(av)):
            continue
        if op is _c.RANGE and av[1] - av[0] < 512 and all(word.match(chr(c)) for c in range(av[0], av[1] + 1)):
            continue
        return False
    return True


def matches(regex: "re.Pattern[str]", text: str, pos: int = 0) -> Iterator["re.Match[str]"]:
    """The matches of `regex.finditer(text, pos)`, found with its `skipper` where it has one (each
    place the skipper finds is where the next match starts; the match is then made there), else with
    its twin."""
    skip = skipper(regex)
    if skip is None:
        yield from twin(regex).finditer(text, pos)
        return
    search, match = skip.search, regex.match
    while True:
        hit = search(text, pos)
        if hit is None:
            return
        found = match(text, hit.start())
        yield found
        pos = found.end()
