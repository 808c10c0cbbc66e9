"""anon_mask's output for rule matches on a plain string, without building a Doc: the structured fast
path's masker (`spacy_anon.fast_path`).

`anon_mask` on a doc that holds only `anon_rules` matches does, step by step: fit each match to whole
tokens (`doc.char_span(..., alignment_mode="expand")`), resolve overlaps, decide categories and fine
types, group mentions into entities, sweep the text for other occurrences of a masked value, number the
entities from the replacement memory, replace each mention with its operator and write the text and the
table. `RawMasker.mask` does the same on the string, for the settings where each step can be done
exactly without the Doc (`RawMasker.supported`: the `tag` operator, no thresholds, no allow lists, no
key, the default grouper and overlap policy). Token boundaries come from the pipeline's own tokenizer
(its rules on a vocabulary of their own: `mask.edge_tokenizer`), run only on the whitespace-free run of characters that holds a match's edge (spaCy tokenizes such runs
one by one, so a run's tokens are those it has in the whole text). Where any step would do more than
this module reproduces (overlapping or repeated spans after fitting to tokens, a category or type that
changes the label, a time that opens a chat line, a user name made of names, words hyphenated across
lines), `mask_text` returns None and the caller runs the Doc path:
the result is then the pipeline's by construction. `tests/test_rules_fast_path.py` compares both on
real-looking lines, on fuzzed text and on the shared corpora.
"""
import bisect
import re
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from spacy_anon.labels import identifier_for
from spacy_anon.mask.edge_tokenizer import EdgeTokenizer
from spacy_anon.lexicon.tag_names import resolve_tag_format, tag_label
from spacy_anon.mask import leak_guard
from spacy_anon.mask.entities import SWEEP_SOURCE
from spacy_anon.mask.fine_types import CONTEXT_CHARS, category_of, decide_fine_type
from spacy_anon.mask.grouping import CONFUSED_LABELS, NamePartGrouper, group_mentions
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.mask.operators.tag import TagOperator
from spacy_anon.mask.overlaps import resolve_overlaps
from spacy_anon.mask.handles import handle_names
from spacy_anon.mask.machine_text import log_timestamp
from spacy_anon.mask.span_kinds import NAME_CATEGORIES, HANDLE_TYPES, person_names
from spacy_anon.mask.thresholds import is_active
from spacy_anon.mask.tidy import agree_articles

_NOT_PLAIN = re.compile(r"[^\t\n\x0b\x0c\r\x20-\x7e]")  # a text without these is its own normalized view
_PLAIN_WORD = re.compile(r"[^\W_]+")  # the words the sweep compares (`coref.resolve.plain_words`)
_SPACE = re.compile(r"\s")  # `re`'s \s is Python's str.isspace, which is what spaCy splits on
RULE_PREFIX = "rules."  # sources of the built-in recognizers and the deny list (`is_label_word` skips them)
# labels of names: `entities.as_persons` may relabel them, `span_kinds.decide_categories` drops a role turn
NAME_LABELS = NAME_CATEGORIES | frozenset(CONFUSED_LABELS)
Row = Dict[str, Any]
MAX_KNOWN_RUNS = 8192  # runs whose token edges a masker keeps within a batch


def supported(mask: Any, rules: Any) -> bool:
    """Whether `mask` (an AnonMask) after `rules` (an AnonRules) masks rule matches in a way this
    module reproduces exactly (see the module's docstring); else the Doc path runs."""
    resolver = getattr(mask, "overlap_resolver", None)
    return (mask.strategy == "tag" and not mask.label_strategies and type(mask.operator("tag")) is TagOperator
            and not is_active(mask.min_score, mask.label_min_scores) and not mask.allow_list
            and not rules.allow_list and not mask.has_key() and type(mask.grouper) is NamePartGrouper
            and getattr(resolver, "func", None) is resolve_overlaps and rules.options.resolve_overlaps)


class TokenEdges:
    """Where the tokens of a text start and end near given offsets, from the tokenizer run on the
    whitespace-free run of characters around each offset (each run tokenized once; `known`: the edges
    of runs tokenized already, shared by the texts of a batch)."""

    def __init__(self, tokenizer: Callable[[str], Any], text: str,
                 known: Optional[Dict[str, Tuple[List[int], List[int]]]] = None) -> None:
        self.tokenizer, self.text = tokenizer, text
        self._spaces: Optional[List[int]] = None
        self._runs: Dict[int, Tuple[int, List[int], List[int]]] = {}
        self.known = known if known is not None else {}  # run -> its token starts and ends, from 0

    def _run(self, pos: int) -> Tuple[int, List[int], List[int]]:
        """(start of the run holding text[pos], its token starts, its token ends), offsets in the text."""
        if self._spaces is None:
            self._spaces = [m.start() for m in _SPACE.finditer(self.text)]
        i = bisect.bisect_right(self._spaces, pos)
        start = self._spaces[i - 1] + 1 if i else 0
        if start not in self._runs:
            end = self._spaces[i] if i < len(self._spaces) else len(self.text)
            run = self.text[start:end]
            if run not in self.known:
                doc = self.tokenizer(run)
                self.known[run] = ([t.idx for t in doc], [t.idx + len(t.text) for t in doc])
            starts, ends = self.known[run]
            self._runs[start] = ([start + k for k in starts], [start + k for k in ends])
        starts, ends = self._runs[start]
        return start, starts, ends

    def expand(self, start: int, end: int) -> Optional[Tuple[int, int]]:
        """(start, end) grown to whole tokens, as `Doc.char_span(..., alignment_mode="expand")` grows
        it; None when a match edge is whitespace (not reproduced here)."""
        text = self.text
        if start >= end or text[start].isspace() or text[end - 1].isspace():
            return None
        if start > 0 and not text[start - 1].isspace():  # inside a run: the token holding `start`
            _run, starts, _ends = self._run(start)
            start = starts[bisect.bisect_right(starts, start) - 1]
        if end < len(text) and not text[end].isspace():  # the token holding text[end - 1] ends after it
            _run, starts, ends = self._run(end - 1)
            end = ends[bisect.bisect_right(starts, end - 1) - 1]
        return start, end


class RawMasker:
    """anon_mask's (text, table) for one pipeline's rule matches on strings (`mask`)."""

    def __init__(self, nlp: Any, rules: Any, mask: Any) -> None:
        self.tokenizer, self.lang = EdgeTokenizer(nlp), nlp.lang  # the pipeline's tokens, not its vocabulary
        self.rules, self.mask = rules, mask
        self.types = rules.fine_types()
        params = mask.operator_params()
        self.format = resolve_tag_format(TagOperator.option(params, "format"))
        self.names, self.params_lang = TagOperator.option(params, "names"), params.lang
        grouper = mask.grouper
        self.name_labels = tuple(grouper.name_labels)
        self.group_honorifics, self.ambiguous = grouper.honorifics, grouper.ambiguous
        self.honorifics = tuple(mask.honorifics())
        self.is_common = mask.candidate_finder.is_common()
        self.stop_words = mask.candidate_finder.stop_words()
        self.is_name = person_names().__contains__
        self._strategy: Dict[Tuple[str, str], bool] = {}
        self.warm = False  # set by the caller once a document went through the Doc path
        # the token edges of the runs tokenized in this batch ("+0000]" closes every access-log line);
        # forgotten at each batch (`new_batch`), so a tokenizer changed between batches is followed
        self._known_runs: Dict[str, Tuple[List[int], List[int]]] = {}

    def new_batch(self) -> None:
        """Forget the token edges of the runs of the last batch; follow the pipeline's tokenizer."""
        self._known_runs = {}
        self.tokenizer.refresh()

    def _tagged(self, label: str, fine_type: str) -> bool:
        key = (label, fine_type)
        if key not in self._strategy:
            self._strategy[key] = self.mask.strategy_for(label, fine_type) == "tag"
        return self._strategy[key]

    def mask_text(self, text: str, matches: Sequence[Any],
                  memory: Optional[ReplacementMemory]) -> Optional[Tuple[str, List[Row]]]:
        """(anonymized text, table) of `text` with its rule `matches` (sorted, not overlapping), as
        anon_mask writes them; memory: the shared memory (None: the document's own). None: a step this
        module does not reproduce would act; run the Doc path."""
        if len(self._known_runs) > MAX_KNOWN_RUNS:
            self._known_runs = {}
        edges = TokenEdges(self.tokenizer, text, self._known_runs)
        spans: List[Tuple[int, int, str, str, Any, Any, str]] = []
        last_end = 0
        for m in matches:
            if not str(m.source).startswith(RULE_PREFIX) or m.label in self.name_labels or m.label in NAME_LABELS:
                return None
            fitted = edges.expand(m.start, m.end)
            if fitted is None:
                return None
            start, end = fitted
            if start < last_end:  # two matches in one token: the overlap policy would decide
                return None
            last_end = end
            value = text[start:end]
            detector_type = self.types.get(m.source) or m.label
            if log_timestamp(text, start, end) or (m.label == "CONTACT" and detector_type in HANDLE_TYPES
                                                   and handle_names(value, self.is_name)):
                return None
            decided = decide_fine_type(value, m.label, detector_type, text[max(0, start - CONTEXT_CHARS):start])
            if category_of(decided, m.label) != m.label or not self._tagged(m.label, decided):
                return None
            spans.append((start, end, m.label, decided, m.source, m.score, m.identifier or identifier_for(m.label)))
        keys = group_mentions([(s[2], text[s[0]:s[1]]) for s in spans], name_labels=self.name_labels,
                              honorifics=self.group_honorifics, ambiguous=self.ambiguous)
        if self.mask.leak_guard and spans:
            swept = self._swept(text, edges, spans, keys)
            if swept is None:
                return None
            spans, keys = swept
        ids = self._entity_ids(spans, keys, memory)
        segments = [(s[0], s[1], self.format.format(label=tag_label(s[2], self.params_lang, self.names),
                                                    index=ReplacementMemory.index_of(entity), entity=entity), [i])
                    for i, (s, entity) in enumerate(zip(spans, ids))]
        segments = agree_articles(text, segments, lang=self.lang)
        pieces, rows, pos = [], [], 0
        include = self.mask.include_original
        for start, end, replacement, members in segments:
            s = spans[members[0]]
            pieces.append(text[pos:start])
            pieces.append(replacement)
            pos = end
            row = {"start": start, "end": end, "label": s[2], "type": s[3], "entity": ids[members[0]],
                   "identifier": s[6], "replacement": replacement, "source": s[4], "score": s[5]}
            if include:
                row["text"] = text[start:end]
            rows.append(row)
        pieces.append(text[pos:])
        return "".join(pieces), rows

    def _swept(self, text: str, edges: TokenEdges, spans: List[Tuple],
               keys: List[str]) -> Optional[Tuple[List[Tuple], List[str]]]:
        """The spans and keys with the leak guard's sweep (`entities.sweep`): each other occurrence of
        a masked value, grown to whole tokens, where no span stands yet, joins its entity. None: a word
        hyphenated across a line break would grow a span (`leak_guard.join_hyphenated_pairs`), or an
        occurrence's edge is whitespace (not reproduced here)."""
        ranges = [(s[0], s[1]) for s in spans]
        if leak_guard.join_hyphenated(text, ranges) != ranges:
            return None
        if self._first_words_only_inside(text, spans):
            return spans, keys
        terms = leak_guard.sweep_terms([(s[2], text[s[0]:s[1]]) for s in spans], self.name_labels,
                                       self.honorifics, self.is_common, self.stop_words)
        occurrences = leak_guard.find_occurrences(text, terms) if terms else []
        taken = bytearray(len(text))  # the characters a mention stands on
        for start, end in ranges:
            taken[start:end] = b"\x01" * (end - start)
        added: List[Tuple[Tuple, str]] = []
        for start, end, t in occurrences:
            fitted = edges.expand(start, end)
            if fitted is None:
                return None
            if taken.find(1, fitted[0], fitted[1]) != -1:
                continue  # a mention stands on these tokens (`FreeTokens.claim`)
            taken[fitted[0]:fitted[1]] = b"\x01" * (fitted[1] - fitted[0])
            source = spans[terms[t].entity]
            added.append(((fitted[0], fitted[1], source[2], source[3], SWEEP_SOURCE, source[5], source[6]),
                          keys[terms[t].entity]))
        if not added:
            return spans, keys
        merged = sorted(list(zip(spans, keys)) + added, key=lambda pair: (pair[0][0], pair[0][1]))
        return [span for span, _ in merged], [key for _, key in merged]

    @staticmethod
    def _first_words_only_inside(text: str, spans: Sequence[Tuple]) -> bool:
        """A cheap proof that the sweep finds nothing outside the spans, for text that is its own reading
        view (printable ASCII, no word hyphenated across a line): every occurrence of a masked value
        opens with the value's first word, lower-cased (`leak_guard.fold` of ASCII), so when each span's
        first word occurs nowhere but inside the spans, every occurrence overlaps a span. False: not
        proven (the sweep itself decides)."""
        if _NOT_PLAIN.search(text) is not None or ("-" in text and "\n" in text):
            return False
        lowered = text.lower()
        starts = [s[0] for s in spans]
        firsts = set()
        for s in spans:
            m = _PLAIN_WORD.search(text, s[0], s[1])
            if m is not None:
                firsts.add(m.group().lower())
        for first in firsts:  # each word once: a value repeated many times costs one search of it
            i = lowered.find(first)
            while i != -1:
                k = bisect.bisect_right(starts, i) - 1  # the last span starting at or before i
                if not ((k >= 0 and spans[k][1] > i) or (k + 1 < len(spans) and spans[k + 1][0] < i + len(first))):
                    return False
                i = lowered.find(first, i + 1)
        return True

    @staticmethod
    def _entity_ids(spans: Sequence[Tuple], keys: Sequence[str], memory: Optional[ReplacementMemory]) -> List[str]:
        """`entities.entity_ids` for labels that are not names: one id per (label, key), numbered per
        label in order of first mention (from `memory` when one is shared)."""
        ids: Dict[Tuple[str, str], str] = {}
        counters: Dict[str, int] = {}
        out = []
        for s, key in zip(spans, keys):
            label = s[2]
            if (label, key) not in ids:
                if memory is not None:
                    ids[(label, key)] = memory.entity_id(label, key)
                else:
                    counters[label] = counters.get(label, 0) + 1
                    ids[(label, key)] = f"{label}_{counters[label]}"
            out.append(ids[(label, key)])
        return out
