"""Document-level consistency: a name the tagger found once is tagged at its other occurrences too.

A sequence tagger decides each mention from its local context, so "Stockholm" may be caught after
"lives in" and missed in a table header. Annotators (and readers) treat every mention alike, so once
the tagger has found a string in a document, its other exact occurrences get the same label.
Only strings that look like names or codes propagate (a capitalised word that is not a stop word, or a
digit), so a generic phrase tagged once ("his wife", "The") does not spread through the document.
"""
from typing import AbstractSet, Dict, List, Sequence, Tuple

Scored = Tuple[int, int, str, float]
# Longer token sequences do not spread: no name or code is that long, and comparing a long tagged run (a
# base64 blob the tagger marked) with every position of the document would cost its length each time.
MAX_PROPAGATED_TOKENS = 24


def _propagates(words: Sequence[str], stop_words: AbstractSet[str]) -> bool:
    """A name-like string: 3+ characters, a letter, and a capitalised non-stop word or a digit."""
    text = "".join(words)
    if len(text) < 3 or not any(ch.isalpha() for ch in text):
        return False
    return any(any(ch.isdigit() for ch in w) or (w[:1].isupper() and w.lower() not in stop_words) for w in words)


def propagate_spans(
    words: Sequence[str], spans: Sequence[Scored], skip: Sequence[bool] = (), glued: Sequence[bool] = (),
    stop_words: AbstractSet[str] = frozenset(),
) -> List[Scored]:
    """spans plus every other occurrence of a tagged token sequence (same label and score).

    words: token texts of the document; skip: tokens to ignore when matching (whitespace tokens);
    glued: token i has no whitespace before token i + 1 (a fine tokenizer splits "Ann2" in two), so a
    match that would cut a word out of a longer one ("Ann" in "Anna2" is fine, "Ann" in "Ann2" is not)
    is skipped. An occurrence overlapping a span already present is left alone; longer strings first.
    stop_words: lowercase function words; a span needs a capitalised word outside them (or a digit) to
    spread, so a stray "The" tagged once never tags every "The" of the document.
    """
    n = len(words)
    skip = list(skip) or [False] * n
    glued = list(glued) or [False] * n
    keys: Dict[Tuple[str, ...], Tuple[str, float]] = {}
    for start, end, label, score in spans:
        if end - start > 2 * MAX_PROPAGATED_TOKENS:
            continue
        key = tuple(words[i] for i in range(start, end) if not skip[i])
        if key and len(key) <= MAX_PROPAGATED_TOKENS and _propagates(key, stop_words) and (key not in keys or keys[key][1] < score):
            keys[key] = (label, score)
    if not keys:
        return list(spans)
    taken = [False] * n
    for start, end, _, _ in spans:
        for i in range(start, end):
            taken[i] = True
    # keys indexed by their first two words (one for one-word keys), longest first: a position is only
    # compared with keys that can match it, so a document with thousands of tagged runs stays linear
    by_prefix: Dict[Tuple[str, ...], List[Tuple[str, ...]]] = {}
    for key in sorted(keys, key=len, reverse=True):
        by_prefix.setdefault(key[:2], []).append(key)
    content = [i for i in range(n) if not skip[i]]

    def cuts_word(start: int, end: int) -> bool:
        before = start > 0 and glued[start - 1] and words[start - 1][-1:].isalnum() and words[start][:1].isalnum()
        after = end < n and glued[end - 1] and words[end - 1][-1:].isalnum() and words[end][:1].isalnum()
        return before or after

    def matches(pos: int, key: Tuple[str, ...]) -> bool:
        if pos + len(key) > len(content):
            return False
        for k in range(2, len(key)):  # the first two words are the index; stop at the first mismatch
            if words[content[pos + k]] != key[k]:
                return False
        return True

    def candidates(pos: int) -> List[Tuple[str, ...]]:
        first = words[content[pos]]
        two = by_prefix.get((first, words[content[pos + 1]]), []) if pos + 1 < len(content) else []
        return two + by_prefix.get((first,), [])

    firsts = {key[0] for key in keys}
    added: List[Scored] = []
    for pos, i in enumerate(content):
        if words[i] not in firsts:  # no key starts with this word: most positions
            continue
        for key in candidates(pos):
            if not matches(pos, key):
                continue
            idx = content[pos:pos + len(key)]
            start, end = idx[0], idx[-1] + 1
            if any(taken[start:end]) or cuts_word(start, end):
                continue
            label, score = keys[key]
            added.append((start, end, label, score))
            for j in range(start, end):
                taken[j] = True
            break
    return sorted(list(spans) + added, key=lambda s: (s[0], s[1]))
