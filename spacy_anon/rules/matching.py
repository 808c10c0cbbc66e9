"""The pure rule engine: run recognizers over a text, score by context, apply allow/deny lists."""
import bisect
import re
from functools import lru_cache
from dataclasses import dataclass, replace
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from spacy_anon.errors import Errors
from spacy_anon.labels import CATEGORIES
from spacy_anon.rules import scanning
from spacy_anon.rules.batch_scan import Batch, batch_hits, finder_skips
from spacy_anon.rules.dates import months_capitalised
from spacy_anon.rules.prefilter import prefilter_for
from spacy_anon.rules.recognizers import POSTAL_LOCALES, Recognizer, get_recognizers
from spacy_anon.rules.recognizers.addresses import street_anchored
from spacy_anon.text_views import TextView, compact_view, normalized_view, touches_change, windows

# labels of structured identifiers (contacts, identifiers, codes, dates): their case is part of their
# shape, so they are read as written, never truecased (`find_matches`, `spacy_anon.fast_path`)
STRUCTURED_LABELS = ("CONTACT", "ID", "CODE", "DATETIME")
# recognizers that read a recased text both ways, with what a match on the text as written must hold: an
# address in capitals matches as written when it holds a numbered street ("1900 BLOCK OF W. FULLERTON AVE",
# where the reading writes "ave"; not "SEPTEMBER 2000 ON", a Dutch postcode's shape), one in lower case as
# read ("42 Crescent Road")
BOTH_READINGS = {"rules.address": street_anchored}

DENY_SOURCE = "rules.deny_list"
_SENTENCE_END = re.compile(r"[.!?](?:\s+|\s*\n)(?=[\"'(¿¡]?[A-ZÁÉÍÓÚÂÊÔÃÕÇÑ])")
_WORD = re.compile(r"\w+(?:['’.]\w+)*|#", re.UNICODE)


@dataclass(frozen=True)
class RuleMatch:
    """A detected span in character offsets (end exclusive). It does not carry the matched text."""

    start: int
    end: int
    label: str
    score: float
    source: str
    identifier: Optional[str] = None
    validated: bool = False  # a checksum/format check confirmed it (keeps its label on overlaps)


@dataclass(frozen=True)
class DenyEntry:
    """A deny-list term (literal text or regex) that is always reported with `label`."""

    regex: "re.Pattern[str]"
    label: str
    score: float = 1.0


@dataclass(frozen=True)
class RuleOptions:
    """Validated, compiled settings shared by all recognizers (build once with `make_options`)."""

    phone_regions: Tuple[str, ...] = ("US", "GB", "DE", "FR", "ES", "PT", "IT", "BR", "IN", "CA", "AU")
    postal_locales: Tuple[str, ...] = ("US", "GB", "ES", "PT", "IE", "CA")
    allow_exact: frozenset = frozenset()
    allow_patterns: Tuple["re.Pattern[str]", ...] = ()
    deny: Tuple[DenyEntry, ...] = ()
    context_window: int = 5
    context_boost: float = 0.35
    min_score: float = 0.5
    resolve_overlaps: bool = True


def _check_label(label: Any, extra_labels: Sequence[str]) -> str:
    valid = tuple(CATEGORIES) + tuple(extra_labels)
    if not isinstance(label, str) or label not in valid:
        raise ValueError(Errors.E201.format(label=label, valid=", ".join(valid)))
    return label


def compile_deny_list(entries: Iterable[Mapping[str, Any]], extra_labels: Sequence[str] = ()) -> Tuple[DenyEntry, ...]:
    """Turn {"text"|"pattern", "label", optional "case_sensitive", "score"} dicts into compiled entries."""
    out = []
    for entry in entries:
        if not isinstance(entry, Mapping) or ("text" in entry) == ("pattern" in entry):
            raise ValueError(Errors.E202.format(kind=type(entry).__name__ if not isinstance(entry, Mapping)
                                                else "keys " + ", ".join(sorted(map(str, entry)))))
        label = _check_label(entry.get("label"), extra_labels)
        flags = 0 if entry.get("case_sensitive", "text" not in entry) else re.IGNORECASE
        if "text" in entry:
            term = str(entry["text"]).strip()
            if not term:
                raise ValueError(Errors.E203)
            source = r"(?<!\w)" + re.escape(term) + r"(?!\w)"
        else:
            source = str(entry["pattern"])
        try:
            regex = re.compile(source, flags)
        except re.error as err:
            raise ValueError(Errors.E204.format(setting="deny_list", pattern=source, error=err)) from None
        score = entry.get("score", 1.0)
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0.0 <= score <= 1.0:
            raise ValueError(Errors.E216.format(value=score))  # anon_mask's thresholds compare scores in [0, 1]
        out.append(DenyEntry(regex, label, float(score)))
    return tuple(out)


def compile_allow_list(entries: Iterable[Union[str, Mapping[str, Any]]]) -> Tuple[frozenset, Tuple["re.Pattern[str]", ...]]:
    """Allow-list strings are matched exactly (case-insensitive); {"pattern": regex} entries by fullmatch."""
    exact, patterns = set(), []
    for entry in entries:
        if isinstance(entry, str):
            exact.add(entry.strip().casefold())
        elif isinstance(entry, Mapping) and "pattern" in entry:
            try:
                patterns.append(re.compile(str(entry["pattern"]), re.IGNORECASE))
            except re.error as err:
                raise ValueError(Errors.E204.format(setting="allow_list", pattern=entry["pattern"], error=err)) from None
        elif isinstance(entry, Mapping) and "text" in entry:
            exact.add(str(entry["text"]).strip().casefold())
        else:
            raise ValueError(Errors.E205.format(kind=type(entry).__name__))
    return frozenset(exact), tuple(patterns)


def make_options(
    *,
    phone_regions: Sequence[str] = RuleOptions.phone_regions,
    postal_locales: Sequence[str] = RuleOptions.postal_locales,
    allow_list: Sequence[Union[str, Mapping[str, Any]]] = (),
    deny_list: Sequence[Mapping[str, Any]] = (),
    context_window: int = RuleOptions.context_window,
    context_boost: float = RuleOptions.context_boost,
    min_score: float = RuleOptions.min_score,
    resolve_overlaps: bool = True,
    extra_labels: Sequence[str] = (),
) -> RuleOptions:
    """Validate a config and compile it into RuleOptions; bad values raise ValueError naming valid ones."""
    import phonenumbers

    regions = tuple(r.upper() for r in phone_regions)
    known_regions = phonenumbers.SUPPORTED_REGIONS
    bad = [r for r in regions if r not in known_regions]
    if bad:
        raise ValueError(Errors.E206.format(bad=bad))
    locales = tuple(loc.upper() for loc in postal_locales)
    bad = [loc for loc in locales if loc not in POSTAL_LOCALES]
    if bad:
        raise ValueError(Errors.E207.format(bad=bad, valid=", ".join(sorted(POSTAL_LOCALES))))
    if context_window < 0:
        raise ValueError(Errors.E208.format(value=context_window))
    if not 0.0 <= min_score <= 1.0 or not 0.0 <= context_boost <= 1.0:
        raise ValueError(Errors.E209.format(min_score=min_score, context_boost=context_boost))
    exact, patterns = compile_allow_list(allow_list)
    return RuleOptions(
        phone_regions=regions, postal_locales=locales, allow_exact=exact, allow_patterns=patterns,
        deny=compile_deny_list(deny_list, extra_labels), context_window=int(context_window),
        context_boost=float(context_boost), min_score=float(min_score), resolve_overlaps=bool(resolve_overlaps),
    )


def context_sides(text: str, start: int, end: int, size: int) -> Tuple[List[str], List[str]]:
    """The `size` lower-cased word tokens before `start` and after `end`, nearest first.

    The window stops at a sentence end (".", "!" or "?" followed by a capitalised word), so a context
    word of the next sentence does not count.
    """
    if size <= 0:
        return [], []
    reach = 40 * size
    left = max(0, start - reach)
    for m in _SENTENCE_END.finditer(text, left, start):
        left = m.end()
    right = end + reach
    m = _SENTENCE_END.search(text, end, right)
    if m is not None:
        right = m.start()
    before = _WORD.findall(text, left, start)[-size:][::-1]
    after = _WORD.findall(text, end, right)[:size]
    return [t.lower() for t in before], [t.lower() for t in after]


Phrases = Dict[str, Tuple[Tuple[str, ...], ...]]  # first token -> the phrases that open with it


@lru_cache(maxsize=256)
def _split_context(words: Tuple[str, ...]) -> Tuple[Phrases, Phrases, Phrases, Phrases]:
    """Context words as token tuples usable before / after a match ("<w": only before, ">w": only after;
    "<<w" only right before it, ">>w" only right after it), by their first token (a recognizer has up to
    sixty: each token is compared with its own few). Returns (before, after, right before, right after)."""
    sides: Tuple[Dict[str, List[Tuple[str, ...]]], ...] = ({}, {}, {}, {})
    for w in words:
        side = w[:2] if w[:2] in ("<<", ">>") else (w[0] if w[:1] in "<>" else "")
        toks = tuple(w[len(side):].split())
        if not toks:
            continue
        if side in ("", "<", "<<"):
            sides[2 if side == "<<" else 0].setdefault(toks[-1], []).append(toks[::-1])
        if side in ("", ">", ">>"):
            sides[3 if side == ">>" else 1].setdefault(toks[0], []).append(toks)
    return tuple({k: tuple(v) for k, v in side.items()} for side in sides)  # type: ignore[return-value]


def _nearest(tokens: Sequence[str], phrases: Phrases, limit: Optional[int]) -> Optional[int]:
    for d in range(1, len(tokens) + 1):
        if limit is not None and d >= limit:
            return None
        for phrase in phrases.get(tokens[d - 1], ()):
            if len(phrase) == 1 or tuple(tokens[d - 1:d - 1 + len(phrase)]) == phrase:
                return d
    return None


def _nearer(a: Optional[int], b: Optional[int]) -> Optional[int]:
    return b if a is None else (a if b is None else min(a, b))


def context_distance(before: Sequence[str], after: Sequence[str], words: Tuple[str, ...]) -> Optional[int]:
    """Distance in tokens (1 = adjacent) of the nearest context word or phrase, or None.

    before: tokens before the match, nearest first; after: tokens after it, nearest first.
    words: lower-case words or phrases; "<word" counts only before the match, ">word" only after, "<<word"
    only right before it and ">>word" only right after it ("at" of "at 1930", not of "at home in 1961").
    """
    before_phrases, after_phrases, right_before, right_after = _split_context(words)
    best = _nearer(_nearest(before, before_phrases, None), _nearest(before, right_before, 2) if right_before else None)
    after_best = _nearest(after, after_phrases, best)
    if right_after:
        after_best = _nearer(after_best, _nearest(after, right_after, 2 if best is None else min(2, best)))
    return after_best if after_best is not None else best


def _allowed(text: str, options: RuleOptions) -> bool:
    key = text.strip().casefold()
    if key in options.allow_exact:
        return True
    return any(p.fullmatch(text.strip()) for p in options.allow_patterns)


def resolve_rule_overlaps(matches: Sequence[RuleMatch]) -> List[RuleMatch]:
    """The best of overlapping matches: higher score first, then the longer span, then the earlier.

    Fail closed: a losing match that reaches beyond the winners is not dropped, or its outer part would
    stay in clear (a short view match once beat an e-mail and left "@example.com"); the winner grows over
    the union, keeping its label. A loser that lies inside the winners is dropped. On the very same span a
    user's own recognizer (`custom.*`) wins over a built-in one whatever their scores: its type is what the
    user asked for.
    """
    custom_spans = {(m.start, m.end) for m in matches if _is_custom(m)}
    if custom_spans:
        matches = [m for m in matches if _is_custom(m) or (m.start, m.end) not in custom_spans]
    ranked = sorted(matches, key=lambda m: (-m.score, -(m.end - m.start), m.start))
    kept: List[RuleMatch] = []  # disjoint, sorted by start
    rank: Dict[int, int] = {}  # id(kept match) -> its rank (lower is better)
    starts: List[int] = []
    for position, m in enumerate(ranked):
        i = bisect.bisect_left(starts, m.start)
        lo = i - 1 if i > 0 and kept[i - 1].end > m.start else i
        hi = i
        while hi < len(kept) and kept[hi].start < m.end:
            hi += 1
        if lo == hi:  # no overlap
            kept.insert(i, m)
            starts.insert(i, m.start)
            rank[id(m)] = position
            continue
        group = kept[lo:hi]
        start, end = min(group[0].start, m.start), max(group[-1].end, m.end)
        covered = sum(k.end - k.start for k in group)
        if m.start >= group[0].start and m.end <= group[-1].end and covered == end - start:
            continue  # inside the winners: nothing of it is left out
        best = min(group, key=lambda k: rank[id(k)])
        merged = RuleMatch(start, end, best.label, best.score, best.source, best.identifier, best.validated)
        kept[lo:hi] = [merged]
        starts[lo:hi] = [start]
        rank[id(merged)] = rank[id(best)]
    return kept


def recognizers_for(names: Sequence[str] = ("all",), languages: Sequence[str] = ()) -> Tuple[Recognizer, ...]:
    """The named recognizers, restricted to those meant for `languages` (empty = any language)."""
    recs = get_recognizers(names)
    if languages:
        langs = set(languages)
        recs = tuple(r for r in recs if not r.languages or langs & set(r.languages))
    return recs


# Labels taken from the compact view (joined digits and spelled-out e-mails): structured identifiers only.
COMPACT_VIEW_LABELS = frozenset({"CONTACT", "ID", "CODE"})
# How far around a hidden character the views are scanned (longer than any rule match and its context).
VIEW_REACH = 400


def find_matches(
    text: str,
    recognizers: Optional[Sequence[Recognizer]] = None,
    options: Optional[RuleOptions] = None,
    views: bool = True,
    raw_hits: Optional[Mapping[str, Sequence[Tuple[int, int, float, bool]]]] = None,
    reading: Optional[str] = None,
    **config: Any,
) -> List[RuleMatch]:
    """Run `recognizers` (default: all) over `text` and return scored, non-overlapping matches.

    text: the text to scan.
    recognizers: Recognizer objects (see `recognizers.REGISTRY`); default: those of "all".
    options: compiled settings from `make_options`; or pass its keyword arguments as `**config`.
    views: also scan the text as a reader sees it (`spacy_anon.text_views`: invisible characters
        removed, dashes unified, wrapped or spaced identifiers joined, "[at]" e-mails), around each
        hidden character, and map what is found there back onto the original offsets.
    raw_hits: recognizer name -> its `raw_matches` in `text`, found already (`find_matches_batch`);
        the recognizers it does not name are run here.
    reading: `text` with its lines in capitals or lower case truecased (`spacy_anon.casing`, the same
        length): the recognizers of names, places and the like read it, while those of structured
        identifiers (`STRUCTURED_LABELS`: their case is part of their shape, "MORGA753116SM9IJ") read
        `text` as written, and the address recognizer reads both (`BOTH_READINGS`). None, or `text`
        itself: every recognizer reads `text`.
    RETURNS: matches with score >= min_score sorted by start offset; deny-list terms always included.
    """
    if options is None:
        options = make_options(**config)
    elif config:
        raise TypeError(Errors.E214)
    if recognizers is None:
        recognizers = get_recognizers(("all",))
    recased = reading is not None and reading != text
    dated = months_capitalised(text)  # the date rules read "27 december 1993" as "27 December 1993"
    rest = recognizers
    try:
        found: List[RuleMatch] = []
        if dated is not text:
            found = _scan(dated, [r for r in recognizers if r.label == "DATETIME"], options)
            scanning.release()
            rest = [r for r in recognizers if r.label != "DATETIME"]
        if recased:
            found.extend(_scan(text, [r for r in rest if r.label in STRUCTURED_LABELS], options, raw_hits))
            found.extend(_as_written(text, reading, [r for r in rest if r.name in BOTH_READINGS], options))
            scanning.release()
            found.extend(_scan(reading, [r for r in rest if r.label not in STRUCTURED_LABELS], options))
        else:
            found.extend(_scan(text, rest, options, raw_hits))
    finally:
        scanning.release()  # the text's digit-run starts served every recognizer; do not hold the text
    if (recased or dated is not text) and not views:
        found = _dedupe(found)
    if views:
        normalized = normalized_view(text)
        if normalized.changes:
            found.extend(_scan_view(normalized, recognizers, options, labels=None))
        compact = compact_view(text, normalized)
        if compact is not normalized and compact.changes != normalized.changes:
            found.extend(vouched(text, _scan_view(compact, recognizers, options, labels=COMPACT_VIEW_LABELS),
                                 compact.loose, recognizers, options))
        found = _dedupe(found)
    if options.resolve_overlaps:
        return resolve_rule_overlaps(found)
    return sorted(found, key=lambda m: (m.start, -m.end))


def _as_written(text: str, reading: str, recognizers: Sequence[Recognizer], options: RuleOptions) -> List[RuleMatch]:
    """The matches of `recognizers` (`BOTH_READINGS`) in the runs of lines that the reading recased, read as
    written, that hold what their check asks; the other lines read the same both ways."""
    found: List[RuleMatch] = []
    if not recognizers:
        return found
    blocks: List[List[int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        end = pos + len(line)
        if text[pos:end] != reading[pos:end]:
            if blocks and blocks[-1][1] == pos:
                blocks[-1][1] = end  # an address runs over lines: one block of the lines recased together
            else:
                blocks.append([pos, end])
        pos = end
    for start, end in blocks:
        block = text[start:end]
        found.extend(replace(m, start=m.start + start, end=m.end + start) for m in _scan(block, recognizers, options)
                     if BOTH_READINGS[m.source](block, m.start, m.end))
        scanning.release()
    return found


def find_matches_batch(
    texts: Sequence[str],
    recognizers: Optional[Sequence[Recognizer]] = None,
    options: Optional[RuleOptions] = None,
    views: bool = True,
    readings: Optional[Sequence[Optional[str]]] = None,
) -> List[List[RuleMatch]]:
    """`find_matches` of each text, the same matches, with each plain-pattern recognizer run once over
    the texts joined (`batch_scan`): much faster on many short texts (log lines, table cells).
    readings: the `reading` of each text (`find_matches`), or None."""
    if options is None:
        options = make_options()
    if recognizers is None:
        recognizers = get_recognizers(("all",))
    # a long text is scanned alone: there `scanning.finditer` tries most patterns only where they can start
    short = [i for i, text in enumerate(texts) if len(text) < scanning.SHORT_TEXT]
    batch = Batch([texts[i] for i in short],
                  prefilter_for(tuple(p.regex for rec in recognizers if rec.finder is None for p in rec.patterns))
                  if len(short) > 1 else None)
    shared: Dict[str, List[List[Tuple[int, int, float, bool]]]] = {}
    unique = len({rec.name for rec in recognizers}) == len(recognizers)  # hits are handed over by name
    for rec in recognizers if unique and len(short) > 1 else ():
        hits = batch_hits(batch, rec, options) if rec.finder is None else finder_skips(batch, rec)
        if hits is not None:
            shared[rec.name] = hits
    position = {i: k for k, i in enumerate(short)} if shared else {}
    return [find_matches(text, recognizers, options, views=views,
                         raw_hits={name: hits[position[i]] for name, hits in shared.items()
                                   if hits[position[i]] is not None} if i in position else None,
                         reading=readings[i] if readings is not None else None)
            for i, text in enumerate(texts)]


def _scan(text: str, recognizers: Sequence[Recognizer], options: RuleOptions,
          raw_hits: Optional[Mapping[str, Sequence[Tuple[int, int, float, bool]]]] = None) -> List[RuleMatch]:
    """Every recognizer's and deny-list entry's scored matches in `text`, overlaps not resolved
    (`raw_hits`: the raw matches of some recognizers, found already)."""
    found: List[RuleMatch] = []
    sides: Dict[Tuple[int, int], Tuple[List[str], List[str]]] = {}  # recognizers often match the same span
    for rec in recognizers:
        given = raw_hits.get(rec.name) if raw_hits else None
        for start, end, score, validated in (rec.raw_matches(text, options) if given is None else given):
            if rec.context or rec.negative_context:
                key = (start, end)
                if key not in sides:
                    sides[key] = context_sides(text, start, end, options.context_window)
                before, after = sides[key]
                pos = context_distance(before, after, rec.context) if rec.context else None
                neg = context_distance(before, after, rec.negative_context) if rec.negative_context else None
                # the nearer of a positive and a negative context word decides (ties go to positive)
                if pos is not None and (neg is None or pos <= neg):
                    score += options.context_boost
                elif neg is not None:
                    score -= options.context_boost
            score = round(min(1.0, max(0.0, score)), 4)
            if score < options.min_score:
                continue
            if (options.allow_exact or options.allow_patterns) and _allowed(text[start:end], options):
                continue
            found.append(RuleMatch(start, end, rec.label, score, rec.name, rec.identifier, validated))
    for entry in options.deny:
        for m in entry.regex.finditer(text):
            if m.start() < m.end():
                found.append(RuleMatch(m.start(), m.end(), entry.label, entry.score, DENY_SOURCE))
    return found


def _scan_view(view: TextView, recognizers: Sequence[Recognizer], options: RuleOptions,
               labels: Optional[frozenset]) -> List[RuleMatch]:
    """Matches in the view that contain a hidden character, mapped onto the original offsets.

    Only windows around the changes are scanned: elsewhere the view equals the original, which was
    scanned already. A match must contain a change to count (it is what the original scan missed).
    """
    out: List[RuleMatch] = []
    for w_start, w_end in windows(view, VIEW_REACH):
        for m in _scan(view.text[w_start:w_end], recognizers, options):
            start, end = m.start + w_start, m.end + w_start
            if labels is not None and m.label not in labels:
                continue
            if not touches_change(view, start, end):
                continue
            o_start, o_end = view.to_original(start, end)
            out.append(RuleMatch(o_start, o_end, m.label, m.score, m.source, m.identifier, m.validated))
    return out


def vouched(text: str, matches: Sequence[RuleMatch], loose: Sequence[int], recognizers: Sequence[Recognizer],
            options: RuleOptions) -> List[RuleMatch]:
    """The matches of the compact view, less those that lie over whitespace it unified between groups
    (`loose`: "415\t555\t2671", "536\n22\n1784" in a table) with neither a checksum nor a context word of
    their recognizer nearer than a negative one: whitespace other than one space is what tables are made
    of. A recognizer without context words is anchored by its own label or checksum and keeps its match."""
    if not loose:
        return list(matches)
    by_name = {rec.name: rec for rec in recognizers}
    out = []
    for m in matches:
        rec = by_name.get(m.source)
        i = bisect.bisect_left(loose, m.start)
        if i < len(loose) and loose[i] < m.end and not m.validated and rec is not None and rec.context:
            before, after = context_sides(text, m.start, m.end, options.context_window)
            pos = context_distance(before, after, rec.context)
            neg = context_distance(before, after, rec.negative_context) if rec.negative_context else None
            if pos is None or (neg is not None and neg < pos):
                continue
        out.append(m)
    return out


def _is_custom(m: RuleMatch) -> bool:
    return m.source.startswith("custom.")  # spacy_anon.rules.custom.CUSTOM_PREFIX


def _preference(m: RuleMatch) -> Tuple[bool, float]:
    return _is_custom(m), m.score


def _dedupe(matches: Sequence[RuleMatch]) -> List[RuleMatch]:
    """One match per (start, end, label), the best scored (a view can find what the text scan found); a
    user's own recognizer (`custom.*`) before a built-in one, as in `resolve_rule_overlaps`."""
    best: Dict[Tuple[int, int, str], RuleMatch] = {}
    for m in matches:
        key = (m.start, m.end, m.label)
        if key not in best or _preference(m) > _preference(best[key]):
            best[key] = m
    return list(best.values())
