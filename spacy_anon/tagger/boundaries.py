"""Span boundary repair learned from the training spans (pure functions).

A CRF decides each token from a small window, so a run of capitalised words in an address block
("Hospital Miguel Servet Pso. Isabel La Católica, s/n") or two dates joined by a conjunction ("1999 y
2002") easily becomes one span. The training annotations say where spans start and what they never
contain; three things are learned from them:

- heads: capitalised words that open gold spans of 2+ words ("Calle", "Avda", "Hospital") and almost
  never stand inside one. A prediction of another label that runs into a head is cut before it (the
  head opens the next span, with the label the head's spans carry), and a prediction right after a
  head of its own label ("Av." + "As Xubias, 84") is extended over it when the training spans always
  include it.
- breaks: words seen alone between two spans of a label and never inside one (the conjunction "y"
  between two FECHAS). A prediction of that label is cut around them, unless only one side has a
  number ("febrero y abril de 2002": the first month shares the year).
- edge punctuation: what may end a span ("." of "izq.", a closing quote); a ";" or ":" that a
  prediction took in at its edge is dropped.

Tokens are the fine tokenizer's (whitespace tokens allowed); spans are (start, end, label, score).
"""
from collections import Counter, defaultdict
from typing import Dict, FrozenSet, List, Sequence, Tuple

from spacy_anon.tagger.features import RUN_CONNECTORS

Span3 = Tuple[int, int, str]
Scored = Tuple[int, int, str, float]

# Lowercase words that join the parts of one name ("Virgen de la Arrixaca"): a head after them is
# part of the name, not the start of a new one. The feature extractor's run connectors, less the hyphen.
CONNECTORS = RUN_CONNECTORS - {"-"}


def _alnum(word: str) -> bool:
    return any(ch.isalnum() for ch in word)


def learn_boundary_words(
    examples: Sequence[Tuple[Sequence[str], Sequence[Span3]]],
    *,
    min_count: int = 5,
    max_inside: float = 0.05,
    min_label_share: float = 0.9,
    min_between: int = 2,
    exclude: FrozenSet[str] = frozenset(),
) -> Dict[str, Dict]:
    """Learn heads, breaks and edge punctuation from (tokens, gold token spans) pairs.

    heads: {lowercased word: label}: capitalised alphabetic words that open >= `min_count` gold spans,
        stand inside gold spans (not first) at most `max_inside` times as often, and whose spans carry
        one label in >= `min_label_share` of the cases; words in `exclude` (first names and surnames,
        which also open spans: "Ana María") are left out.
    extend: heads that never stood right before a gold span of their label without being part of it
        (so a prediction next to them may take them in).
    breaks: {label: sorted words}: alphabetic words seen >= `min_between` times as the only token
        between two gold spans of that label and never inside (not first, not last) one of them.
    edge_punct: {"start"|"end": punctuation tokens seen first / last in a gold span} (a final "." of
        an abbreviation, a closing quote); other punctuation at a prediction's edges is trimmed.
    """
    first: Counter = Counter()
    inside: Counter = Counter()
    first_label: Dict[str, Counter] = defaultdict(Counter)
    left_out: Counter = Counter()  # (word, label): the word stood right before such a span, outside it
    inner: Dict[str, Counter] = defaultdict(Counter)
    between: Dict[str, Counter] = defaultdict(Counter)  # label -> word alone between two of its spans
    edges = {"start": set(), "end": set()}  # punctuation seen as the first / last token of a span
    for tokens, spans in examples:
        for start, end, label in spans:
            if not _alnum(tokens[start]):
                edges["start"].add(tokens[start])
            if not _alnum(tokens[end - 1]):
                edges["end"].add(tokens[end - 1])
            word = tokens[start]
            multi = sum(_alnum(t) for t in tokens[start:end]) >= 2
            if multi and word[:1].isupper() and word.isalpha() and len(word) >= 2:
                first[word.lower()] += 1
                first_label[word.lower()][label] += 1
            for i in range(start + 1, end):
                inside[tokens[i].lower()] += 1
                if i < end - 1:
                    inner[label][tokens[i].lower()] += 1
            j = _word_before(tokens, start)
            if j >= 0:
                left_out[(tokens[j].lower(), label)] += 1
        ordered = sorted(spans)
        for (_, end_a, label_a), (start_b, _, label_b) in zip(ordered, ordered[1:]):
            between_words = [t for t in tokens[end_a:start_b] if not t.isspace()]
            if label_a == label_b and len(between_words) == 1 and between_words[0].isalpha():
                between[label_a][between_words[0]] += 1
    heads: Dict[str, str] = {}
    extend: List[str] = []
    for word, n in first.items():
        if n < min_count or inside[word] > max_inside * n or word in exclude:
            continue
        label, m = first_label[word].most_common(1)[0]
        if m < min_label_share * n:
            continue
        heads[word] = label
        if left_out[(word, label)] == 0:
            extend.append(word)
    breaks = {
        label: sorted(w for w, n in words.items() if n >= min_between and inner[label][w.lower()] == 0)
        for label, words in between.items()
    }
    breaks = {label: words for label, words in breaks.items() if words}
    return {"heads": heads, "extend": sorted(extend), "breaks": breaks,
            "edge_punct": {side: sorted(marks) for side, marks in edges.items()}}


def _word_before(words: Sequence[str], i: int) -> int:
    """Index of the token before i, skipping spaces and an abbreviation's "." ("Av." + name); -1 if none."""
    j = i - 1
    while j >= 0 and (words[j].isspace() or words[j] == "."):
        j -= 1
    return j


def _digits(words: Sequence[str], start: int, end: int) -> bool:
    return any(ch.isdigit() for w in words[start:end] for ch in w)


def _trim(words: Sequence[str], start: int, end: int) -> Tuple[int, int]:
    """Drop leading and trailing tokens without a letter or digit."""
    while start < end and not _alnum(words[start]):
        start += 1
    while end > start and not _alnum(words[end - 1]):
        end -= 1
    return start, end


def _trim_edges(words: Sequence[str], start: int, end: int, allowed: Dict[str, Sequence[str]]) -> Tuple[int, int]:
    """Drop edge tokens without a letter or digit that never stood at that edge of a training span."""
    while start < end and not _alnum(words[start]) and (words[start].isspace() or words[start] not in allowed["start"]):
        start += 1
    while end > start and not _alnum(words[end - 1]) and (
            words[end - 1].isspace() or words[end - 1] not in allowed["end"]):
        end -= 1
    return start, end


def split_span(words: Sequence[str], span: Scored, heads: Dict[str, str], breaks: FrozenSet[str]) -> List[Scored]:
    """Cut one span before the heads inside it and around its break words.

    A head cuts only when its label differs from the span's ("Complejo Hospitalario Hospital General"
    stays whole), after a word that is neither a connector ("de") nor itself a head, and when the part
    before it has a word of 3+ letters ("C/ Calle Mayor" and "416 Paseo de Martí" stay whole). A piece
    made only of a head ("Ctra" cut off the end of a hospital name) or starting with a break word is
    dropped; a piece that starts with a head takes the head's label; the cut sides lose their
    punctuation. A break cuts only when both sides have a number or neither has.
    """
    start, end, label, score = span
    cuts: List[Tuple[int, int]] = []  # (end of the left piece, start of the right piece)
    prev = None  # index of the previous alphanumeric token in the span
    has_word = False  # the current left piece has a word of 3+ letters that is no connector
    for i in range(start, end):
        word = words[i]
        if not _alnum(word):
            continue
        lower = word.lower()
        if prev is not None:
            prev_lower = words[prev].lower()
            if word in breaks and _digits(words, start, i) == _digits(words, i + 1, end):
                cuts.append((i, i + 1))
                has_word = False
                prev = None
                continue
            if (has_word and word[:1].isupper() and heads.get(lower, label) != label
                    and prev_lower not in CONNECTORS and prev_lower not in heads):
                cuts.append((i, i))
                has_word = False
        if word.isalpha() and len(word) >= 3 and lower not in CONNECTORS:
            has_word = True
        prev = i
    if not cuts:
        return [span]
    pieces: List[Scored] = []
    bounds = [(start, None)]
    for cut_end, cut_start in cuts:
        bounds[-1] = (bounds[-1][0], cut_end)
        bounds.append((cut_start, None))
    bounds[-1] = (bounds[-1][0], end)
    for piece_start, piece_end in bounds:
        piece_start, piece_end = _trim(words, piece_start, piece_end)
        content = [words[i].lower() for i in range(piece_start, piece_end) if _alnum(words[i])]
        if not content or all(w in heads for w in content) and len(content) == 1:
            continue
        if content[0] in breaks:
            continue
        piece_label = heads.get(content[0], label) if words[piece_start][:1].isupper() else label
        if (piece_start, piece_end) == (start, end):
            piece_label = label
        pieces.append((piece_start, piece_end, piece_label, score))
    return pieces


def repair_boundaries(words: Sequence[str], spans: Sequence[Scored], model: Dict[str, Dict]) -> List[Scored]:
    """Apply what `learn_boundary_words` learned (see the module docstring) to the spans of one document."""
    heads: Dict[str, str] = model.get("heads", {})
    extend = frozenset(model.get("extend", ()))
    breaks = {label: frozenset(ws) for label, ws in model.get("breaks", {}).items()}
    edge_punct = model.get("edge_punct")
    out: List[Scored] = []
    for span in spans:
        for start, end, label, score in split_span(words, span, heads, breaks.get(span[2], frozenset())):
            if edge_punct is not None:
                start, end = _trim_edges(words, start, end, edge_punct)
            if end > start:
                out.append((start, end, label, score))
    taken = set()
    for start, end, _, _ in out:
        taken.update(range(start, end))
    result: List[Scored] = []
    for start, end, label, score in out:
        j = _word_before(words, start)
        if (j >= 0 and j not in taken and words[j][:1].isupper() and words[j].lower() in extend
                and heads.get(words[j].lower()) == label):
            start = j
        result.append((start, end, label, score))
    return sorted(result, key=lambda s: (s[0], s[1]))
