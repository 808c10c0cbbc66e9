"""Learn context-anchored shape rules from annotated tokens (seed 000 §3.4.2, ReCRF's RegEx model).

A document is a list of token texts (whitespace tokens included). Each token gets a one-character
*code* (`token_code`), so a token sequence is a string and a rule body is an ordinary regular
expression over codes. A rule is: left context (the lowercased non-space tokens just before the value,
on the same line; possibly empty) + body (generalised code pattern of the value) + label. Rules are kept
when their precision on the training data reaches a threshold.
"""
import re
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

# Codes of letter/digit tokens; a one-character symbol token is its own code; other tokens are "M".
DIGITS, UPPER, INITIAL, CAPITALIZED, LOWER, MIXED, SPACE, NEWLINE = "D", "A", "I", "C", "L", "M", "S", "N"
_RUN_CODES = {DIGITS, UPPER, CAPITALIZED, LOWER, MIXED}

Span3 = Tuple[int, int, str]  # token start, token end (exclusive), label


def token_code(text: str) -> str:
    """One character that stands for the shape class of a token."""
    if text.isspace():
        return NEWLINE if "\n" in text else SPACE
    if text.isdigit():
        return DIGITS
    if text.isalpha():
        if text.isupper():
            return INITIAL if len(text) == 1 else UPPER
        if text[0].isupper() and (len(text) == 1 or text[1:].islower()):
            return CAPITALIZED
        if text.islower():
            return LOWER
        return MIXED
    if len(text) == 1:
        return text
    return MIXED


def generalize_codes(codes: str, runs: bool = True) -> str:
    """Regex body for a value's codes: runs of a word class become `X+` (with `runs`; else they keep
    their length, so "Dr. Ana Soto" does not stretch over the capitalised words that follow), symbols
    are kept literally."""
    parts: List[str] = []
    previous = None
    for code in codes:
        if runs and code == previous and code in _RUN_CODES:
            if not parts[-1].endswith("+"):
                parts[-1] += "+"
            continue
        parts.append(code if code in _RUN_CODES or code in (INITIAL, SPACE) else re.escape(code))
        previous = code
    return "".join(parts)


@dataclass
class Rule:
    """One learned rule; `context` are lowercased tokens that must precede the value (may be empty)."""

    context: List[str]
    pattern: str
    label: str
    precision: float = 1.0
    support: int = 0
    _regex: Optional[re.Pattern] = field(default=None, repr=False, compare=False)

    @property
    def regex(self) -> re.Pattern:
        if self._regex is None:
            self._regex = re.compile(self.pattern)
        return self._regex

    def to_dict(self) -> Dict:
        data = asdict(self)
        data.pop("_regex")
        return data

    @classmethod
    def from_dict(cls, data: Dict) -> "Rule":
        return cls(
            context=[str(t) for t in data.get("context", [])],
            pattern=str(data["pattern"]),
            label=str(data["label"]),
            precision=float(data.get("precision", 1.0)),
            support=int(data.get("support", 0)),
        )


def _contexts(lower: Sequence[str], codes: str, start: int, max_context: int) -> List[Tuple[str, ...]]:
    """Left contexts of length 1..max_context ending just before `start` (same line, spaces skipped)."""
    found: List[Tuple[str, ...]] = []
    context: List[str] = []
    i = start - 1
    while i >= 0 and len(context) < max_context:
        if codes[i] == NEWLINE:
            break
        if codes[i] != SPACE:
            context.insert(0, lower[i])
            found.append(tuple(context))
        i -= 1
    return found


class RuleIndex:
    """Rules grouped for fast matching: by context tuple, plus the context-free ones."""

    def __init__(self, rules: Iterable[Rule]):
        self.rules = list(rules)
        self.by_context: Dict[Tuple[str, ...], List[Rule]] = defaultdict(list)
        self.free: List[Rule] = []
        for rule in self.rules:
            if rule.context:
                self.by_context[tuple(rule.context)].append(rule)
            else:
                self.free.append(rule)
        self.max_context = max((len(r.context) for r in self.rules), default=0)
        self.last_words = frozenset(context[-1] for context in self.by_context)  # each context's last token
        # Most specific first: longer context, then higher precision, then longer pattern.
        for group in list(self.by_context.values()) + [self.free]:
            group.sort(key=lambda r: (-r.precision, -r.support, -len(r.pattern)))

    def candidates(self, tokens: Sequence[str]) -> List[Tuple[int, int, Rule]]:
        """All (start, end, rule) matches in a token list, before overlap resolution."""
        known: Dict[str, str] = {}  # a doc repeats its words: each word's code is worked out once
        codes = "".join([known.get(t) or known.setdefault(t, token_code(t)) for t in tokens])
        found: List[Tuple[int, int, Rule]] = []
        if self.by_context:
            lower = [t.lower() for t in tokens]
            # the left contexts `_contexts` gives, kept up to date in one pass instead of rebuilt per token
            by_context, longest, last_words = self.by_context, range(1, self.max_context + 1), self.last_words
            before: List[str] = []  # non-space tokens of the line before `start`, lowercased
            for start, code in enumerate(codes):
                if code == NEWLINE:
                    before = []
                    continue
                if code == SPACE:
                    continue
                if not before or before[-1] not in last_words:  # no context ends with the last token
                    before.append(lower[start])
                    continue
                for n in longest:
                    if n > len(before):
                        break
                    for rule in by_context.get(tuple(before[-n:]), ()):
                        match = rule.regex.match(codes, start)
                        if match and match.end() > start:
                            found.append((start, match.end(), rule))
                before.append(lower[start])
        for rule in self.free:
            for match in rule.regex.finditer(codes):
                if match.end() > match.start() and codes[match.start()] not in (SPACE, NEWLINE):
                    found.append((match.start(), match.end(), rule))
        return found


def apply_rules(tokens: Sequence[str], index: RuleIndex) -> List[Tuple[int, int, str, float]]:
    """Non-overlapping (start, end, label, precision) matches; anchored rules beat context-free ones."""
    candidates = index.candidates(tokens)
    candidates.sort(key=lambda c: (-len(c[2].context), -c[2].precision, -(c[1] - c[0]), c[0]))
    taken = [False] * len(tokens)
    result = []
    for start, end, rule in candidates:
        if any(taken[start:end]):
            continue
        for i in range(start, end):
            taken[i] = True
        result.append((start, end, rule.label, rule.precision))
    result.sort()
    return result


def learn_rules(
    docs: Iterable[Tuple[Sequence[str], Sequence[Span3]]],
    *,
    max_context: int = 2,
    min_precision: float = 0.9,
    min_support: int = 2,
    min_docs: int = 2,
    context_free: bool = True,
    generalize_runs: bool = True,
) -> List[Rule]:
    """Learn rules from (tokens, gold spans) pairs; returns rules meeting `min_precision`/`min_support`.

    docs: token texts (whitespace tokens included) and gold (start, end, label) token spans.
    max_context: longest left context (tokens) a rule may require.
    min_docs: a rule must be proposed by values in at least this many documents.
    context_free: also propose rules without context (kept only if precise, e.g. e-mail shapes).
    generalize_runs: runs of one word class in a value become `X+` (else exact lengths).
    Context tokens are never numbers or parts of gold values, so rules carry no identifiers.
    """
    docs = [(list(tokens), list(spans)) for tokens, spans in docs]
    proposals: Dict[Tuple[Tuple[str, ...], str], int] = defaultdict(int)
    doc_counts: Dict[Tuple[Tuple[str, ...], str], set] = defaultdict(set)
    for doc_i, (tokens, spans) in enumerate(docs):
        codes = "".join(token_code(t) for t in tokens)
        # Tokens inside gold values (and numbers) never become context, so rules hold no identifiers.
        lower = [t.lower() for t in tokens]
        for start, end, _label in spans:
            for i in range(start, end):
                lower[i] = "\x00"
        for i, code in enumerate(codes):
            if code == DIGITS:
                lower[i] = "\x00"
        for start, end, _label in spans:
            body = generalize_codes(codes[start:end], generalize_runs)
            if not body:
                continue
            keys = [((), body)] if context_free else []
            for context in _contexts(lower, codes, start, max_context):
                if "\x00" in context:
                    break
                keys.append((context, body))
            for key in keys:
                proposals[key] += 1
                doc_counts[key].add(doc_i)
    proposed = [
        Rule(list(ctx), body, "")
        for (ctx, body), n in proposals.items()
        if n >= min_support and len(doc_counts[(ctx, body)]) >= min_docs
    ]
    # Count, for every proposed (context, body), how often it matches and with which gold label.
    index = RuleIndex(proposed)
    matches: Dict[int, int] = defaultdict(int)
    hits: Dict[Tuple[int, str], int] = defaultdict(int)
    for tokens, spans in docs:
        gold = {(s, e): label for s, e, label in spans}
        for start, end, rule in index.candidates(tokens):
            key = id(rule)
            matches[key] += 1
            label = gold.get((start, end))
            if label is not None:
                hits[(key, label)] += 1
    by_id = {id(r): r for r in proposed}
    rules: List[Rule] = []
    for (key, label), n_hit in hits.items():
        n_match = matches[key]
        precision = n_hit / n_match
        if n_hit >= min_support and precision >= min_precision:
            base = by_id[key]
            rules.append(Rule(base.context, base.pattern, label, round(precision, 4), n_hit))
    rules.sort(key=lambda r: (r.label, -len(r.context), -r.support))
    return rules
