"""One multi-pattern pass that tells which texts of a batch a recognizer pattern can match at all, so
`re` scans only those (`batch_scan.batch_hits`).

Each pattern is relaxed into a pattern that matches more, never less, on ASCII text: its lookarounds,
word boundaries and anchors are left out (they only forbid matches), a back reference becomes the
group it repeats, and `\\d`, `\\w`, `\\s` and `.` become the ASCII classes Python gives them. All the
relaxed patterns of a batch's recognizers are compiled into one Hyperscan database (the optional
`hyperscan` package, `pip install spacy-anon[fast]`) and each ASCII text is scanned once, reporting at
most one hit per pattern. A text where a pattern's relaxed form finds nothing has no match of the
pattern, so skipping it changes no result; a non-ASCII text is always scanned by `re` (Python's
Unicode classes are not relaxed here). Without `hyperscan`, or for a pattern this module cannot relax
or Hyperscan cannot compile, every text is scanned, as before.
"""
import re
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

try:  # Python 3.11+
    from re import _constants as _c, _parser as _p
except ImportError:  # pragma: no cover  (Python 3.8-3.10)
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

try:
    import hyperscan
except ImportError:  # the optional extra is not installed: `re` scans every text
    hyperscan = None

_ASCII_CLASS = {
    _c.CATEGORY_DIGIT: "0-9", _c.CATEGORY_WORD: "0-9A-Za-z_", _c.CATEGORY_SPACE: "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f ",
}
_NEGATED = {_c.CATEGORY_NOT_DIGIT: _c.CATEGORY_DIGIT, _c.CATEGORY_NOT_WORD: _c.CATEGORY_WORD,
            _c.CATEGORY_NOT_SPACE: _c.CATEGORY_SPACE}
_REPEATS = tuple(op for op in (getattr(_c, "MAX_REPEAT", None), getattr(_c, "MIN_REPEAT", None),
                               getattr(_c, "POSSESSIVE_REPEAT", None)) if op is not None)
MAX_SOURCE = 1500  # longer relaxed patterns (long word lists) cost Hyperscan seconds to compile: not prefiltered
_NEVER = "[\\x80-\\xff]"  # no ASCII text holds it: a piece that matches no ASCII character
MAX_REPEAT_BOUND = 8  # larger repeat bounds are relaxed to open ones: Hyperscan compiles them much faster


class _Unknown(Exception):
    """An item this module does not relax: the pattern is not prefiltered."""


def _char(code: int) -> str:
    return "\\x%02x" % code if code < 128 else ""


def _class_items(items, negate: bool = False) -> str:
    parts: List[str] = []
    for op, av in items:
        if op is _c.NEGATE:
            negate = True
        elif op is _c.LITERAL:
            parts.append(_char(av))
        elif op is _c.RANGE:
            lo, hi = av
            if lo < 128:
                parts.append(_char(lo) + "-" + _char(min(hi, 127)))
        elif op is _c.CATEGORY:
            if av in _ASCII_CLASS:
                parts.append(_ASCII_CLASS[av])
            elif av in _NEGATED:  # inside a class: the ASCII characters outside the category
                own = re.compile("[" + _ASCII_CLASS[_NEGATED[av]] + "]")
                parts.extend(_char(i) for i in range(128) if not own.match(chr(i)))
            else:
                raise _Unknown(av)
        else:
            raise _Unknown(op)
    body = "".join(parts)
    if negate:
        return "[^" + body + "]" if body else "[\\x00-\\xff]"
    return "[" + body + "]" if body else _NEVER


def _relax(items, groups: Dict[int, object]) -> str:
    out: List[str] = []
    for op, av in items:
        if op is _c.LITERAL:
            out.append(_char(av) or _NEVER)
        elif op is _c.NOT_LITERAL:
            out.append("[^" + _char(av) + "]" if av < 128 else "[\\x00-\\xff]")
        elif op is _c.ANY:
            out.append("[^\\n]")  # DOTALL patterns are refused before (`relaxed`)
        elif op is _c.IN:
            out.append(_class_items(av))
        elif op is _c.CATEGORY:
            out.append(_class_items([(op, av)]))
        elif op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue  # zero-width: leaving it out only allows more
        elif op is _c.SUBPATTERN:
            group, add_flags, del_flags, body = av
            if group is not None:
                groups[group] = body
            if (add_flags | del_flags) & ~re.IGNORECASE:
                raise _Unknown(add_flags | del_flags)
            flag = "(?i:" if add_flags & re.IGNORECASE else "(?-i:" if del_flags & re.IGNORECASE else "(?:"
            out.append(flag + _relax(list(body), groups) + ")")
        elif op is _c.BRANCH:
            out.append("(?:" + "|".join(_relax(list(b), groups) for b in av[1]) + ")")
        elif op in _REPEATS:
            low, high, body = av
            high_text = "" if high == _c.MAXREPEAT or high > MAX_REPEAT_BOUND else str(high)
            out.append("(?:" + _relax(list(body), groups) + "){" + str(min(low, MAX_REPEAT_BOUND)) + "," + high_text + "}")
        elif op is _c.GROUPREF:
            if av not in groups:
                raise _Unknown(av)
            out.append("(?:" + _relax(list(groups[av]), dict(groups)) + ")")
        elif getattr(_c, "ATOMIC_GROUP", None) is not None and op is _c.ATOMIC_GROUP:
            out.append("(?:" + _relax(list(av), groups) + ")")
        else:
            raise _Unknown(op)
    return "".join(out)


@lru_cache(maxsize=4096)
def relaxed(regex: "re.Pattern[str]") -> Optional[Tuple[bytes, bool]]:
    """(the relaxed pattern, case-blind) of `regex` for ASCII text (see the module's docstring), or
    None when it cannot be relaxed here."""
    if not isinstance(regex.pattern, str) or regex.flags & (re.DOTALL | re.LOCALE | re.MULTILINE | re.VERBOSE):
        return None
    try:
        source = _relax(list(_p.parse(regex.pattern, regex.flags)), {})
    except Exception:  # an unknown item or an internal parser change: not prefiltered  # noqa: BLE001
        return None
    if not source or len(source) > MAX_SOURCE:
        return None
    return source.encode("ascii"), bool(regex.flags & re.IGNORECASE)


class Prefilter:
    """Hyperscan databases of relaxed patterns, each built once for one set of regexes."""

    def __init__(self, regexes: Sequence["re.Pattern[str]"]) -> None:
        forms = {}
        for regex in regexes:
            form = relaxed(regex)
            if form is not None:
                forms[regex] = form
        self.db = None
        self.ids: Dict["re.Pattern[str]", int] = {}
        try:
            self._build(forms)
        except Exception:  # hyperscan.error: one pattern it refuses; leave out each it refuses alone  # noqa: BLE001
            self._build({regex: form for regex, form in forms.items() if _compiles(form)})

    def _build(self, forms: Dict["re.Pattern[str]", Tuple[bytes, bool]]) -> None:
        self.ids = {regex: i for i, regex in enumerate(forms)}
        if not forms:
            self.db = None
            return
        db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        db.compile(expressions=[form[0] for form in forms.values()], ids=list(range(len(forms))),
                   elements=len(forms), flags=[_flags(form) for form in forms.values()])
        self.db, self.scratch = db, hyperscan.Scratch(db)

    def hits(self, texts: Sequence[str]) -> List[Optional[frozenset]]:
        """Per text, the ids of the patterns whose relaxed form matches it (None: not ASCII, every
        pattern may match)."""
        out: List[Optional[frozenset]] = []
        found: List[int] = []

        def on_match(pattern_id, _start, _end, _flags, _context):
            found.append(pattern_id)
            return None

        for text in texts:
            if not text.isascii():
                out.append(None)
                continue
            found.clear()
            if self.db is not None and text:
                self.db.scan(text.encode("ascii"), match_event_handler=on_match, scratch=self.scratch)
            out.append(frozenset(found))
        return out


def _flags(form: Tuple[bytes, bool]) -> int:
    """One report per pattern and scan; patterns that match the empty string are kept (they flag every
    text); case-blind where the regex is."""
    return (hyperscan.HS_FLAG_SINGLEMATCH | hyperscan.HS_FLAG_ALLOWEMPTY
            | (hyperscan.HS_FLAG_CASELESS if form[1] else 0))


@lru_cache(maxsize=4096)
def _compiles(form: Tuple[bytes, bool]) -> bool:
    """Whether Hyperscan compiles the relaxed pattern alone (it refuses some constructs and sizes)."""
    try:
        db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        db.compile(expressions=[form[0]], ids=[0], elements=1, flags=[_flags(form)])
        return True
    except Exception:  # hyperscan.error: not prefiltered  # noqa: BLE001
        return False


@lru_cache(maxsize=32)
def prefilter_for(regexes: Tuple["re.Pattern[str]", ...]) -> Optional[Prefilter]:
    """The prefilter of a set of regexes (built once), or None without `hyperscan`."""
    if hyperscan is None:
        return None
    return Prefilter(regexes)
