"""Find a regex's matches without trying it at every character, when its shape allows.

Python's `re` tries a pattern at each position of the text unless the pattern opens with a literal
character; most recognizer patterns open with a lookbehind (`(?<![\\w\\-.])\\d{3}...`), so each one costs
a full pass over the text, and a document is scanned by some ninety of them. A pattern whose every match
starts with a digit that follows no digit (a lookbehind excluding `\\w` or `\\d`, or `\\b`, before a
digit) can only match where a run of digits starts: those positions are found once per text and the
pattern is tried there alone. The matches are exactly those of `regex.finditer(text)`: `match(text,
pos)` sees the whole text (lookbehinds and `\\b` before `pos` included), and a position that is not the
start of a digit run cannot start a match.

Patterns that open with words ("January", "(?i:since|in)", "son|wife") are tried the same way: where
one of their opening literals occurs (found with `str.find`, on the lower-cased text for a case-blind
literal) or, for an opening day number, where a digit run starts. A recognizer can also name, with
`register_starts`, a function that finds where its patterns can start (the bare domains of `rules.url`
start where a run of host characters holds a dot before a letter).
"""
import re
from functools import lru_cache
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from spacy_anon.rules.first_chars import matches

try:  # Python 3.11+
    from re import _constants as _c, _parser as _p
except ImportError:  # pragma: no cover  (Python 3.8-3.10)
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_DIGIT_RUN_START = re.compile(r"\d(?<!\d\d)")  # "(?<!\d)\d", opening with its class: `re` skips to digits
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


class _Starts:
    """Where the matches of a pattern can start: at one of `literals` ((text, case-blind) pairs), or at
    the start of a digit run (`digits`)."""

    __slots__ = ("literals", "digits")

    def __init__(self, literals=(), digits: bool = False) -> None:
        self.literals = frozenset(literals)
        self.digits = digits

    def __or__(self, other: "_Starts") -> "_Starts":
        return _Starts(self.literals | other.literals, self.digits or other.digits)


def _nullable(pattern) -> bool:
    return pattern.getwidth()[0] == 0


def _sequence_starts(items: Sequence, blind: bool) -> Optional[_Starts]:
    """Where a match of the parsed sequence `items` can start (None: anywhere, as far as this can tell)."""
    i = 0
    while i < len(items) and items[i][0] in _ZERO_WIDTH:
        i += 1
    if i == len(items):
        return None
    op, av = items[i]
    if op is _c.LITERAL and 48 <= av <= 57:  # a digit: where a digit run starts (see `literal_starts`)
        return _Starts(digits=True)
    if op is _c.LITERAL:
        literals = [chr(av)]
        for op2, av2 in items[i + 1:]:  # the literal text that follows; a small class ("n[uú]m") branches it
            if op2 is _c.LITERAL:
                literals = [literal + chr(av2) for literal in literals]
            elif op2 is _c.IN and all(o is _c.LITERAL for o, _a in av2) and len(av2) * len(literals) <= MAX_PREFIXES:
                literals = [literal + chr(a) for literal in literals for _o, a in av2]
            else:
                break
        return _Starts((literal, blind) for literal in literals)
    if op is _c.IN:
        return _Starts(digits=True) if _digit_class(av) else None
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, body = av
        if _nullable(body) or (add_flags | del_flags) & ~re.IGNORECASE:
            return None
        return _sequence_starts(list(body), (blind or bool(add_flags & re.IGNORECASE))
                                and not del_flags & re.IGNORECASE)
    if op is _c.BRANCH:
        found = _Starts()
        for branch in av[1]:
            starts = _sequence_starts(list(branch), blind) if not _nullable(branch) else None
            if starts is None:
                return None
            found = found | starts
        return found
    if op in _REPEATS:
        low, _high, body = av
        if _nullable(body):
            return None
        first = _sequence_starts(list(body), blind)
        if first is None or low >= 1:
            return first
        rest = _sequence_starts(items[i + 1:], blind)  # the optional part may be absent
        return None if rest is None else first | rest
    return None




# Each opening literal costs one `str.find` pass over the text: more capitalised words (month names)
# are looked for with one alternation of them, which `re` scans fast (it tries it only at their capital
# first letters), and digit runs beside them when a match may start with either (an optional weekday,
# then the day); more words that may be in lower case, with one alternation of their lower-cased heads
# in the lower-cased text (case-sensitive, so `re` again tries it only at their first letters), unless
# one is shorter than `MIN_FOLDED`; such words and digits leave the pattern to one plain pass of `re`,
# which is then faster (measured on TAB dev). Too many candidates in a text: a plain pass there too.
MAX_LITERALS = 8


@lru_cache(maxsize=1024)
def literal_starts(regex: "re.Pattern[str]") -> Optional[_Starts]:
    """Where every match of `regex` starts: one of its opening literals (not a lone lower-case letter,
    which is in almost any text; more than `MAX_LITERALS` only when all are capitalised, or there are no
    digits and none has a lower-cased ASCII head shorter than `MIN_FOLDED`, such as kinship words), or the start
    of a digit run when a lookbehind or `\\b` before the pattern rules out a digit before it; None when
    the pattern does not say (then it is scanned whole). Unicode patterns that cannot match the empty
    string only."""
    if regex.flags & (re.ASCII | re.LOCALE) or not isinstance(regex.pattern, str):
        return None
    try:
        parsed = _p.parse(regex.pattern, regex.flags)
        if _nullable(parsed):
            return None
        items = list(parsed)
        starts = _sequence_starts(items, bool(regex.flags & re.IGNORECASE))
    except Exception:  # an internal parser change: scan the plain way  # noqa: BLE001
        return None
    if starts is None:
        return None
    literals = starts.literals
    if len(literals) > MAX_LITERALS and any(blind or not literal[:1].isupper() for literal, blind in literals):
        if starts.digits or any(len(_folded_head(literal)) < MIN_FOLDED for literal, _blind in literals):
            return None  # many words, short ones or digits too: found at too many places to beat `re`
    for literal, blind in starts.literals:
        if len(literal) == 1 and literal.isalnum() and (blind or not literal.isupper()):
            return None
    if starts.digits:
        guarded = False
        for op, av in items:
            if op not in _ZERO_WIDTH:
                break
            guarded = guarded or _excludes_a_digit_before(op, av)
        if not guarded:
            return None
    return starts


# The characters that a case-blind `re` pattern matches to an ASCII letter other than that letter's
# own cases (dotted and dotless i, long s, Kelvin sign; `tests/test_rules_scanning.py` checks the list
# against `re`): written as that letter before lower-casing, so they are found where `re` finds them.
FOLDS_TO_ASCII = {0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"}
_FOLDED_CHARS = re.compile("[" + "".join(map(chr, FOLDS_TO_ASCII)) + "]")


class _TextCache:
    """What the recognizers of one text share: its digit-run starts, its lower-cased form and the
    offsets of the literals asked for."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._digit_starts: Optional[List[int]] = None
        self._lower: Optional[str] = None
        self._found: dict = {}
        self.shared: dict = {}  # key -> what `shared` computed for this text

    @property
    def digit_starts(self) -> List[int]:
        if self._digit_starts is None:
            self._digit_starts = [m.start() for m in _DIGIT_RUN_START.finditer(self.text)]
        return self._digit_starts

    def lower(self) -> str:
        """The lower-cased text, in which a case-blind ASCII literal occurs wherever `re` matches it
        (and maybe elsewhere), at the text's offsets; "" when lower-casing moves offsets (a character
        that lower-cases to two): then the patterns scan the plain way."""
        if self._lower is None:
            text = self.text
            if text.isascii():
                self._lower = text.lower()
            else:  # the four characters are rare: translate (slow per character) only a text holding one
                lower = (text.translate(FOLDS_TO_ASCII) if _FOLDED_CHARS.search(text) else text).lower()
                self._lower = lower if len(lower) == len(text) else ""
        return self._lower

    def starts_of(self, finder: Callable[[str], List[int]]) -> List[int]:
        """`finder(text)`, computed once for all the patterns that share the finder."""
        if finder not in self._found:
            self._found[finder] = finder(self.text)
        return self._found[finder]

    def alternation_occurrences(self, literals: frozenset, limit: int) -> Optional[List[int]]:
        """Offsets where one of `literals` may start a match (more than `limit`, or a text whose lower-cased
        form moves offsets when some are case-blind or in lower case: None). Capitalised case-sensitive
        literals are searched as they are; otherwise their lower-cased heads in the lower-cased text."""
        if literals in self._found:
            found = self._found[literals]
            return found if found is None or len(found) <= limit else None
        folded = any(blind or not literal[:1].isupper() for literal, blind in literals)
        haystack = self.lower() if folded else self.text
        found: Optional[List[int]] = [] if haystack or not self.text else None
        search = (_folded_alternation if folded else _alternation)(literals).search
        m = search(haystack) if found is not None else None
        while m is not None:
            found.append(m.start())
            if len(found) > limit:
                found = None
                break
            m = search(haystack, m.start() + 1)
        self._found[literals] = found
        return found

    def occurrences(self, literal: str, blind: bool, limit: int) -> Optional[List[int]]:
        """Offsets of `literal` (more than `limit`, or case-blind on a text that does not allow it: None)."""
        key = (literal, blind)
        if key in self._found:
            found = self._found[key]
            return found if found is None or len(found) <= limit else None
        found: Optional[List[int]] = []
        if blind and not literal.isascii():  # `re`'s own case folding, at every offset
            for m in re.finditer("(?=(?i:" + re.escape(literal) + "))", self.text):
                found.append(m.start())
                if len(found) > limit:
                    found = None
                    break
            self._found[key] = found
            return found
        haystack = self.text
        if blind:
            haystack = self.lower()
            literal = literal.lower()
            if not haystack:
                self._found[key] = None
                return None
        find = haystack.find
        i = find(literal)
        while i != -1:
            found.append(i)
            if len(found) > limit:
                found = None
                break
            i = find(literal, i + 1)
        self._found[key] = found
        return found


@lru_cache(maxsize=256)
def _alternation(literals: frozenset) -> "re.Pattern[str]":
    """One pattern for case-sensitive literals: it opens with a literal character, so `re` tries it only
    where one of their first characters is."""
    return re.compile("|".join(re.escape(literal) for literal, _blind in sorted(literals)))


MIN_FOLDED = 3  # many words with one this short among them ("of", "a") are at too many places to look for


def _folded_head(literal: str) -> str:
    """The lower-cased ASCII head of a literal: where `re` matches it (case-blind or not), this occurs in
    `_TextCache.lower` at the same offset (a non-ASCII letter may fold in ways lower-casing does not
    follow, so the literal is cut before it: its head still opens every match)."""
    head = literal
    for i, char in enumerate(literal):
        if not char.isascii():
            head = literal[:i]
            break
    return head.lower()


@lru_cache(maxsize=256)
def _folded_alternation(literals: frozenset) -> "re.Pattern[str]":
    """One pattern for the lower-cased heads of literals, some case-blind or in lower case, to search
    the lower-cased text with (every offset where one of them starts, `alternation_occurrences`)."""
    heads = sorted({_folded_head(literal) for literal, _blind in literals}, key=lambda h: (-len(h), h))
    return re.compile("|".join(re.escape(head) for head in heads))


_last: _TextCache = _TextCache("")  # the text scanned last


def _cache(text: str) -> _TextCache:
    global _last
    if _last.text is not text:
        _last = _TextCache(text)
    return _last


def digit_run_starts(text: str) -> List[int]:
    """Offsets where a run of digits starts, computed once per text (the recognizers of one text ask
    one after the other)."""
    return _cache(text).digit_starts


CANDIDATE_SHARE = 16  # more candidate starts than one in this many characters: the plain scan is faster


def candidate_starts(regex: "re.Pattern[str]", text: str) -> Optional[List[int]]:
    """Sorted offsets at which every match of `regex` in `text` starts (a superset), or None when the
    pattern does not tell or the candidates are too many to beat a plain scan."""
    starts = literal_starts(regex)
    if starts is None:
        return None
    cache = _cache(text)
    limit = len(text) // CANDIDATE_SHARE + 8
    found: List[int] = []
    if len(starts.literals) > MAX_LITERALS:
        offsets = cache.alternation_occurrences(starts.literals, limit)
        if offsets is None:
            return None
        found.extend(offsets)
    for literal, blind in sorted(starts.literals) if len(starts.literals) <= MAX_LITERALS else ():
        offsets = cache.occurrences(literal, blind, limit)
        if offsets is None:
            return None
        found.extend(offsets)
        if len(found) > limit:
            return None
    if starts.digits:
        found.extend(cache.digit_starts)
        if len(found) > limit:
            return None
    return sorted(set(found))


def _match_at(regex: "re.Pattern[str]", text: str, starts: Sequence[int]) -> Iterator["re.Match[str]"]:
    """The matches `regex.finditer(text)` yields, when every one of them starts at one of `starts`."""
    match = regex.match
    end = 0
    for start in starts:
        if start < end:
            continue
        m = match(text, start)
        if m is not None:
            yield m
            end = m.end()


def search(regex: "re.Pattern[str]", text: str) -> Optional["re.Match[str]"]:
    """The first match of `regex` in `text`, as `regex.search(text)` (tried only where one can start)."""
    return next(finditer(regex, text), None)


# regex -> a function giving the sorted offsets where its matches can start (see `register_starts`)
_START_FINDERS: Dict["re.Pattern[str]", Callable[[str], List[int]]] = {}


def register_starts(regex: "re.Pattern[str]", finder: Callable[[str], List[int]]) -> None:
    """Declare that every match of `regex` in a text starts at one of `finder(text)` (sorted offsets,
    a superset), so `finditer` tries it there alone. The finder runs once per text, however many
    patterns name it; it is the caller's proof obligation that no match starts elsewhere."""
    _START_FINDERS[regex] = finder


# regex -> a pattern that finds something in every text where `regex` matches (see `register_needs`)
_NEEDS: Dict["re.Pattern[str]", "re.Pattern[str]"] = {}


def register_needs(regex: "re.Pattern[str]", needs: "re.Pattern[str]") -> None:
    """Declare that every match of `regex` contains a match of `needs` (a rarer part that `re` finds
    fast, such as its closing words), so a text where `needs` finds nothing is not scanned. It is the
    caller's proof obligation."""
    _NEEDS[regex] = needs


# Below this many characters `re` scans a text faster than the look-ups that would spare it the scan
# (measured on log lines, short sentences and TAB paragraphs).
SHORT_TEXT = 1000


def finditer(regex: "re.Pattern[str]", text: str) -> Iterator["re.Match[str]"]:
    """The matches of `regex.finditer(text)`, found faster for patterns that start at a digit run or
    with literal text: tried there alone (or not at all when the text lacks the literals). A short
    text is scanned by `re` directly."""
    if len(text) < SHORT_TEXT:
        return matches(regex, text)  # the same matches, tried only where one can start
    return _finditer_long(regex, text)


def _finditer_long(regex: "re.Pattern[str]", text: str) -> Iterator["re.Match[str]"]:
    prefixes = required_prefixes(regex)
    if prefixes is not None and not any(p in text for p in prefixes):
        return
    needs = _NEEDS.get(regex)
    if needs is not None and needs.search(text) is None:
        return
    finder = _START_FINDERS.get(regex)
    if finder is not None:
        yield from _match_at(regex, text, _cache(text).starts_of(finder))
        return
    if starts_digit_runs(regex):
        yield from _match_at(regex, text, digit_run_starts(text))
        return
    candidates = candidate_starts(regex, text)
    if candidates is None:
        yield from matches(regex, text)
        return
    yield from _match_at(regex, text, candidates)


def shared(text: str, key: str, compute: Callable[[], Any]) -> Any:
    """`compute()` once per text for every recognizer that asks under `key` (several recognizers that
    read one scan, e.g. the labelled identifiers of each type); forgotten with the text (`release`)."""
    cache = _cache(text)
    if key not in cache.shared:
        cache.shared[key] = compute()
    return cache.shared[key]


def release() -> None:
    """Forget the last text scanned (it is held only to reuse what its recognizers share)."""
    global _last
    _last = _TextCache("")
