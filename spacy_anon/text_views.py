"""Views of a text that undo hiding tricks, with a map back to the original offsets.

An identifier can be hidden from a regex or a tagger without hiding it from a reader: a zero-width
space or a soft hyphen inside a name ("Kow\u200balski"), an SSN wrapped at a hyphen ("536-22-\\n1784"),
spaced digits ("5 3 6 2 2 1 7 8 4"), a card number wrapped after a space ("4111 1111 \\n1111 1111"), an
IBAN one character at a time ("G B 8 2 W E S T ..."), en dashes for hyphens, full-width digits, a NUL
inside an e-mail, or "john [at] gmail [dot] com". Detectors run on these views too and map what they find back with
`TextView.to_original`, so the span covers the hidden form in the original text and nothing of it is
left in clear.

Two views, both pure functions of the text:
- `normalized_view`: what a reader sees (NFKC, invisible characters removed, dashes and spaces unified,
  and in a word that mixes Latin with look-alike letters of another script, "jаne" with a Cyrillic "а",
  those letters as the Latin ones they imitate); every recognizer may run on it.
- `compact_view`: the normalized view with wrapped, spaced and spelled-out separators joined; only
  structured identifiers (contacts, IDs, codes) are taken from it, because joining digits elsewhere
  would make numbers out of tables.
"""
import bisect
import functools
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import List, Optional, Sequence, Tuple

from confusable_homoglyphs import confusables

# Format and control characters that render as nothing (or are never typed inside a word): removed.
INVISIBLE_CHARS = (
    "\u00ad"  # soft hyphen
    "\u034f"  # combining grapheme joiner
    "\u061c"  # arabic letter mark
    "\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e"
    "\u200b\u200c\u200d\u200e\u200f"  # zero-width space / non-joiner / joiner, LRM, RLM
    "\u202a\u202b\u202c\u202d\u202e"  # bidi embeddings and overrides
    "\u2060\u2061\u2062\u2063\u2064"  # word joiner, invisible operators
    "\u2066\u2067\u2068\u2069"  # bidi isolates
    "\u206a\u206b\u206c\u206d\u206e\u206f"
    "\u3164\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d\ufe0e\ufe0f"
    "\ufeff\uffa0"
)
# C0/C1 controls other than tab, line feed, carriage return, vertical tab and form feed.
_CONTROL = "".join(chr(c) for c in range(0x20) if c not in (9, 10, 11, 12, 13)) + "\x7f" + "".join(
    chr(c) for c in range(0x80, 0xa0) if c != 0x85)
DASH_CHARS = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d"

_REMOVED = frozenset(INVISIBLE_CHARS + _CONTROL)
_DASHES = frozenset(DASH_CHARS)
# Characters that may need work: anything outside printable ASCII (tab/newline/CR/VT/FF stay as they are).
_SPECIAL = re.compile(r"[^\t\n\x0b\x0c\r\x20-\x7e]")


@dataclass(frozen=True)
class TextView:
    """A transformed text and, for each of its characters, the offset of the original character it
    came from (`origin`, one entry per character plus one for the end)."""

    text: str
    origin: Sequence[int]
    changes: Tuple[int, ...] = ()  # view offsets where the view differs from the original (sorted)
    # original offsets of the whitespace unified or joined between the groups of an identifier-like chain
    # (`compact_view`): a match over one needs more than its shape (sorted)
    loose: Tuple[int, ...] = ()

    def to_original(self, start: int, end: int) -> Tuple[int, int]:
        """The original [start, end) that produced the view's [start, end): it includes every hidden
        character between the first and the last one, so masking it masks the whole hidden form."""
        if end <= start:
            at = self.origin[start]
            return at, at
        return self.origin[start], self.origin[end - 1] + 1

    def changed(self, original: str) -> bool:
        """Whether the view differs from `original` (when it does not, running a detector on it is waste)."""
        return self.text != original


_REMOVE_TABLE = {ord(c): None for c in _REMOVED}


def visible_text(text: str) -> str:
    """`text` without its invisible and control characters, nothing else changed (a tagger's view of a
    token: "Kow\u200balski" reads as "Kowalski", while a dash stays the dash it was trained on)."""
    return text.translate(_REMOVE_TABLE)


# A word, or an address-like run of words ("jаne.roe@example.com", "kоwalski-law.com"): the unit in which
# letters of two scripts make a homoglyph disguise rather than a foreign word.
_MIXED_RUN = re.compile(r"\w+(?:[.@\-+'’/:]\w+)*")
_NON_ASCII_LETTER = re.compile(r"[^\x00-\x7f]")
_ASCII_LETTER = re.compile(r"[A-Za-z]")


@functools.lru_cache(maxsize=4096)
def latin_lookalike(ch: str) -> str:
    """The ASCII letter or digit that `ch`, a letter of another script, is confusable with (Unicode
    confusables, via `confusable_homoglyphs`: Cyrillic "а" -> "a", Greek "ο" -> "o"), or "" if none."""
    if ch.isascii() or not ch.isalnum():
        return ""
    found = confusables.is_confusable(ch, greedy=True, preferred_aliases=["latin"]) or ()
    for entry in found:
        for glyph in entry.get("homoglyphs", ()):
            c = glyph.get("c", "")
            if len(c) == 1 and c.isascii() and c.isalnum():
                return c
    return ""


def fold_confusables(text: str) -> str:
    """`text` with the look-alike letters of its mixed-script words as the Latin letters they imitate
    (same length: one character for one). A word wholly in another script ("Москва") stays as it is."""
    if text.isascii() or not _ASCII_LETTER.search(text):
        return text
    out = None
    for m in _MIXED_RUN.finditer(text):
        word = m.group()
        if word.isascii() or not _ASCII_LETTER.search(word):
            continue
        for k in (k.start() for k in _NON_ASCII_LETTER.finditer(word)):
            latin = latin_lookalike(word[k])
            if latin:
                out = out if out is not None else list(text)
                out[m.start() + k] = latin
    return "".join(out) if out is not None else text


def reader_text(text: str) -> str:
    """What a reader takes a token for: invisible and control characters removed, look-alike letters of
    a mixed-script word read as Latin (the taggers' view of a token)."""
    return fold_confusables(visible_text(text))


_INVISIBLE_RE = re.compile("[" + re.escape("".join(sorted(_REMOVED))) + "]")


def has_invisible(text: str) -> bool:
    """Whether `text` holds an invisible or control character (most texts do not: then nothing to undo)."""
    return _INVISIBLE_RE.search(text) is not None


def identity_view(text: str) -> TextView:
    return TextView(text, range(len(text) + 1))


def windows(view: TextView, reach: int) -> List[Tuple[int, int]]:
    """Merged view ranges within `reach` characters of a change: where a detector can find something
    the original text hides (everything else it already saw in the original)."""
    out: List[Tuple[int, int]] = []
    n = len(view.text)
    for c in view.changes:
        start, end = max(0, c - reach), min(n, c + reach)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def touches_change(view: TextView, start: int, end: int) -> bool:
    """Whether view[start:end] contains a change (a removed character between two of its characters counts)."""
    i = bisect.bisect_left(view.changes, start)
    return i < len(view.changes) and view.changes[i] < end


def _map_char(ch: str) -> str:
    if ch in _REMOVED:
        return ""
    if ch in _DASHES:
        return "-"
    if ch.isspace():
        return "\n" if ch in "\u2028\u2029\x85" else " "
    mapped = unicodedata.normalize("NFKC", ch)
    return "".join(_map_char(c) if c != ch else c for c in mapped) if mapped != ch else ch


def normalized_view(text: str) -> TextView:
    """What a reader sees: invisible and control characters removed, compatibility forms folded
    (NFKC per character: full-width digits, ligatures), dash variants as "-", Unicode spaces as " ".

    Printable ASCII is left as it is, so for most texts the view is the text itself (cheap).
    """
    if not _SPECIAL.search(text):
        return identity_view(text)
    pieces: List[str] = []
    origin: List[int] = []
    changes: List[int] = []
    pos = 0
    for m in _SPECIAL.finditer(text):
        i = m.start()
        if i > pos:
            pieces.append(text[pos:i])
            origin.extend(range(pos, i))
        ch = text[i]
        mapped = _map_char(ch)
        if mapped != ch:
            changes.append(len(origin))
        if mapped:
            pieces.append(mapped)
            origin.extend([i] * len(mapped))
        pos = i + 1
    pieces.append(text[pos:])
    origin.extend(range(pos, len(text)))
    origin.append(len(text))
    view_text = "".join(pieces)
    folded = fold_confusables(view_text)
    if folded != view_text:  # one character for one: the map back stays, the folded places are changes
        changes = sorted(set(changes) | {i for i, (a, b) in enumerate(zip(view_text, folded)) if a != b})
        view_text = folded
    return TextView(view_text, origin, tuple(changes))


# (pattern, replacement): each match (of group "x" when the pattern has it) becomes the replacement.
_AT = r"(?:at|AT|At|arroba|ARROBA)"
_DOT = r"(?:dot|DOT|Dot|punto|PUNTO|ponto|PONTO)"
# the top-level domain of an address with a spelled-out " at ": a generic one, or a country code that is
# no English word, so "TINGED AT TIMES.PRESENT" (a missing space after a full stop) or "AT HOME.NO" is no
# e-mail address
SPELLED_AT_TLDS = ("(?i:com|org|net|edu|gov|mil|info|biz|io|(?!(?:is|no|in|at|be|me|us|it|to|so|do|go|my|am|an|as|by|"
                   "he|hi|if|of|ok|on|or|up|we|pm|ad|id|ms|md|pa|ne|re|st|tv)\b)[a-z]{2})")
_TLD_AHEAD = r"(?=[A-Za-z0-9\-]{1,63}(?:(?:\.|[ ]*[\[({<][ ]*" + _DOT + r"[ ]*[\])}>][ ]*|[ ]+" + _DOT + r"[ ]+)" \
    r"[A-Za-z0-9\-]{1,63}){0,4}(?:\.|[ ]*[\[({<][ ]*" + _DOT + r"[ ]*[\])}>][ ]*|[ ]+" + _DOT + r"[ ]+)" \
    r"(?:" + SPELLED_AT_TLDS + r")(?![\w\-@/]|\.[A-Za-z0-9]))"  # not a URL's path ("... at example.com/track")
_NOT_LOCAL_PART = "".join(rf"(?<!\b(?:{'|'.join(words)})[ ])" for words in (
    ("in", "us", "it", "me", "to", "on", "is", "be", "or", "so", "do", "go", "up"),
    ("here", "look", "live", "shop", "book", "find", "meet", "stay", "join"),
    ("apply", "visit", "found", "there", "today"), ("online", "hosted"), ("located",), ("register",), ("available",)))
COMPACT_RULES: Tuple[Tuple["re.Pattern[str]", str], ...] = (
    # a word wrapped at its hyphen, or a number wrapped inside it: "536-22-\n1784", "4111 1111\n1111"
    (re.compile(r"(?<=\w-)[ \t]*\r?\n[ \t]*(?=\w)"), ""),
    # (not before one or two digits and a word: the next line opens with a date or an age, "03 May", "54 YO";
    # nor before a clock time: a log's next entry, "INCIDENT LOG 14/11\n22:47 Call from ...")
    (re.compile(r"(?<=\d)\r?\n(?=\d)(?!\d{1,2}[ \t]+[A-Za-z]|\d{1,2}:[0-5]\d)"), ""),
    # spaced digits: "5 3 6 2 2 1 7 8 4" (single digits, single spaces, at least four)
    (re.compile(r"(?<![\w])(?=\d(?: \d){3})(?P<run>\d(?: \d)+)(?!\w)"), "<join>"),
    # spaces around a hyphen between digits: "536 - 22 - 1784"
    (re.compile(r"(?<=\d) +- *(?=\d)|(?<=\d) *- +(?=\d)"), "-"),
    # bracketed "[at]" / "(dot)" and spelled-out " at " before a domain
    (re.compile(r"[ ]*[\[({<][ ]*" + _AT + r"[ ]*[\])}>][ ]*"), "@"),
    # (the space first, then the lookbehind over it: `re` finds a pattern that opens with a literal faster)
    # (not after a word of the sentence: "log in at portal.example.com", "visit us at", "available at")
    (re.compile(r"[ ](?=[ ]*" + _AT + r"[ ])(?<=[A-Za-z0-9._%+\-][ ])" + _NOT_LOCAL_PART + r"[ ]*" + _AT + r"[ ]+"
                + _TLD_AHEAD), "@"),
    (re.compile(r"[ ]*[\[({<][ ]*" + _DOT + r"[ ]*[\])}>][ ]*(?=[A-Za-z0-9])"), "."),
)
# What a text must contain for each of COMPACT_RULES to match (searched first: most texts have none,
# and these open with a literal or a small class, which `re` scans far faster than a lookbehind)
_RULE_NEEDS: Tuple[Optional["re.Pattern[str]"], ...] = (
    re.compile(r"-[ \t]*\r?\n"),
    re.compile(r"\n\d"),
    re.compile(r"\d \d \d \d"),
    re.compile(r"\d *- *\d"),
    re.compile(r"[\[({<][ ]*" + _AT + r"[ ]*[\])}>]"),
    None,
    re.compile(r"[\[({<][ ]*" + _DOT + r"[ ]*[\])}>]"),
)
# " dot " spelled out only counts inside an address that already has an "@"
_SPELLED_DOT = re.compile(r"[ ](?<=[A-Za-z0-9\-][ ])[ ]*" + _DOT + r"[ ]+(?=[A-Za-z0-9])")
_EMAIL_LEFT = re.compile(r"@[A-Za-z0-9\-.]{1,253}$")


def _edit(view: TextView, edits: Sequence[Tuple[int, int, str]]) -> TextView:
    """Apply (start, end, new text) edits (sorted, not overlapping) to the view, keeping the map to
    the original offsets and the list of changes. New characters map to the first replaced one."""
    if not edits:
        return view
    text = view.text
    pieces: List[str] = []
    origin: List[int] = []
    changes: List[int] = []
    old_changes = view.changes
    k = 0  # next old change to carry over
    pos = 0
    for start, end, new in edits:
        shift = len(origin) - pos
        while k < len(old_changes) and old_changes[k] < start:
            changes.append(old_changes[k] + shift)
            k += 1
        while k < len(old_changes) and old_changes[k] < end:
            k += 1  # inside the edit: the edit itself is recorded below
        pieces.append(text[pos:start])
        origin.extend(view.origin[pos:start])
        changes.append(len(origin))
        pieces.append(new)
        origin.extend([view.origin[start]] * len(new))
        pos = end
    shift = len(origin) - pos
    changes.extend(c + shift for c in old_changes[k:])
    pieces.append(text[pos:])
    origin.extend(view.origin[pos:len(text) + 1])
    return TextView("".join(pieces), origin, tuple(sorted(set(changes))))


def _apply(view: TextView, pattern: "re.Pattern[str]", replacement: str) -> TextView:
    """Replace every match of `pattern` in the view ("<join>": the match without its spaces)."""
    edits = []
    for m in pattern.finditer(view.text):
        new = m.group().replace(" ", "") if replacement == "<join>" else replacement
        edits.append((m.start(), m.end(), new))
    if replacement == "<join>":  # keep each digit's own origin: edit only the spaces
        edits = [(m.start() + j, m.start() + j + 1, "") for m in pattern.finditer(view.text)
                 for j, ch in enumerate(m.group()) if ch == " "]
    return _edit(view, edits)


# a word hyphenated across a line break before a lower-case letter ("Kowal-\nski"; "Smith-\nJones" is a
# double-barrelled name and keeps its hyphen)
_LINE_HYPHEN = re.compile(r"(?<=[^\W\d_])-[ \t]*\r?\n[ \t]*(?=[^\W\d_])")


def dehyphenated_view(view: TextView) -> TextView:
    """The view with words hyphenated across a line break before a lower-case letter joined ("Kowal-\nski"
    reads "Kowalski"): how a reader reads a wrapped word."""
    if "-" not in view.text or "\n" not in view.text:
        return view
    return _edit(view, [(m.start(), m.end(), "") for m in _LINE_HYPHEN.finditer(view.text)
                        if view.text[m.end()].islower()])


def _apply_spelled_dots(view: TextView) -> TextView:
    """" dot " between domain labels after an "@" ("john@gmail dot com")."""
    text = view.text
    if "@" not in text:
        return view
    return _edit(view, [(m.start(), m.end(), ".") for m in _SPELLED_DOT.finditer(text)
                        if _EMAIL_LEFT.search(text, max(0, m.start() - 253), m.start())])


# Identifiers written in groups ("4111 1111 1111 1111", "GB82 WEST 1234 5698 7654 32", "536 22 1784") keep
# their shape whatever whitespace a writer, a form or a line wrap puts between the groups: a line break,
# a space and a line break, a tab, several spaces. The recognizers read groups separated by one space, so
# in a chain of three or more upper-case or digit groups holding at least `GROUP_CHAIN_DIGITS` digits
# each such separator reads as one space (two groups, "96  \n1900", are a year and a time as often). A
# chain whose only separators are bare line breaks (one number per line) is left to the digit join below;
# longer gaps (table columns) and blank lines end a chain.
GROUP_CHAIN_DIGITS = 6
_GROUP = r"[A-Z0-9]{1,8}(?![^\W_]|[\-.,]\d)"
_GROUP_SEP = r"(?:[ \t]{1,4}(?:\r?\n[ \t]{0,4})?|\r?\n[ \t]{0,4})"
# (the chain's start is checked apart, `_group_chains`: a pattern that opens with a character class is
# scanned by `re` far faster than one that opens with a lookbehind)
_GROUP_CHAIN = re.compile(_GROUP + r"(?:" + _GROUP_SEP + _GROUP + r"){2,40}")
_CHAIN_BEFORE = re.compile(r"[\w\-.,/]")  # a chain does not start inside a word or a number
_GROUP_SEP_RE = re.compile(_GROUP_SEP)
_IRREGULAR_SEP = re.compile(r"[A-Z0-9](?:[ \t]*\r?\n|[ \t]*\t|  )")  # in every chain to unify
_BARE_BREAK = re.compile(r"\r?\n")


def _group_chains(text: str):
    r"""The matches of `_GROUP_CHAIN` that do not start inside a word or a number, as `finditer` of the
    pattern behind a lookbehind `(?<![\w\-.,/])` would give them."""
    search = _GROUP_CHAIN.search
    m = search(text)
    while m is not None:
        start = m.start()
        if start and _CHAIN_BEFORE.match(text, start - 1):
            m = search(text, start + 1)
            continue
        yield m
        m = search(text, m.end())


def group_separators_unified(view: TextView) -> TextView:
    """The view with the whitespace between the groups of an identifier-like chain as one space each
    (see `GROUP_CHAIN_DIGITS`): "4111 1111 \n1111 1111" reads "4111 1111 1111 1111"."""
    return _edit(view, _group_edits(view.text))


def _group_edits(text: str) -> List[Tuple[int, int, str]]:
    if not _IRREGULAR_SEP.search(text):
        return []
    edits = []
    for m in _group_chains(text):
        chain = m.group()
        if sum(c.isdigit() for c in chain) < GROUP_CHAIN_DIGITS:
            continue
        seps = [s for s in _GROUP_SEP_RE.finditer(text, m.start(), m.end())]
        if all(s.group() == " " for s in seps) or all(_BARE_BREAK.fullmatch(s.group()) for s in seps):
            continue  # one spacing throughout: as written, or bare line breaks (the digit join's)
        edits.extend((s.start(), s.end(), " ") for s in seps if s.group() != " ")
    return edits


# One character at a time: "G B 8 2 W E S T 1 2 3 4 ..." (single upper-case letters and digits, single
# spaces, at least `SPACED_MIN_CHARS` of them with a letter and `SPACED_MIN_DIGITS` digits; runs of
# spaced digits alone are joined by the rule below). Ordinary capitals ("I A M", "U S A") hold no digits.
SPACED_MIN_CHARS = 8
SPACED_MIN_DIGITS = 4
_SPACED_CHARS = re.compile(r"(?<![\w\-])[A-Z0-9](?: [A-Z0-9]){%d,}(?![\w\-])" % (SPACED_MIN_CHARS - 1))
_SPACED_NEEDS = re.compile(r"[A-Z0-9] [A-Z0-9] [A-Z0-9] [A-Z0-9] ")


def spaced_characters_joined(view: TextView) -> TextView:
    """The view with runs of spaced single capitals and digits joined (see `SPACED_MIN_CHARS`), each
    character keeping its own origin."""
    return _edit(view, _spaced_edits(view.text))


def _spaced_edits(text: str) -> List[Tuple[int, int, str]]:
    if not _SPACED_NEEDS.search(text):
        return []
    edits = []
    for m in _SPACED_CHARS.finditer(text):
        run = m.group()
        if sum(c.isdigit() for c in run) >= SPACED_MIN_DIGITS and any(c.isalpha() for c in run):
            edits.extend((m.start() + j, m.start() + j + 1, "") for j in range(1, len(run), 2))
    return edits


# (what any of the rules above needs: a line break or a tab, two spaces after a group, spaced characters...)
_COMPACT_PREFILTER = re.compile(r"\n|\t|[A-Z0-9]  |[A-Z0-9] [A-Z0-9] [A-Z0-9]|\d \d|\d *- |\d - "
                                r"|[\[({<] *(?:at|AT|At|arroba|ARROBA|dot|DOT|Dot|punto|ponto)"
                                r"|[A-Za-z0-9] +(?:at|AT|At|arroba|dot|DOT|Dot) +[A-Za-z0-9]")


def compact_view(text: str, normalized: Optional[TextView] = None) -> TextView:
    """The normalized view with hidden separators joined: any whitespace between the groups of an
    identifier as one space (`group_separators_unified`), spaced single capitals and digits
    (`spaced_characters_joined`; the original offsets of that whitespace are the view's `loose`), then
    COMPACT_RULES: wrapped lines inside a hyphenated word or a number,
    spaced single digits, spaced hyphens between digits, and e-mail addresses written with "[at]",
    "(dot)" or " at " before a domain."""
    view = normalized if normalized is not None else normalized_view(text)
    if not _COMPACT_PREFILTER.search(view.text):
        return view
    loose: List[int] = []
    for edits_of in (_group_edits, _spaced_edits):  # what they unify or join is recorded as `loose`
        edits = edits_of(view.text)
        loose.extend(view.origin[i] for start, end, _new in edits for i in range(start, end))
        view = _edit(view, edits)
    for (pattern, replacement), needs in zip(COMPACT_RULES, _RULE_NEEDS):
        if needs is None or needs.search(view.text):
            view = _apply(view, pattern, replacement)
    view = _apply_spelled_dots(view)
    return replace(view, loose=tuple(sorted(set(loose)))) if loose else view
