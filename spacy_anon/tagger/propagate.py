"""Document-level consistency: a name the tagger found once is tagged at its other occurrences too.

A sequence tagger decides each mention from its local context, so "Stockholm" may be caught after
"lives in" and missed in a table header. Annotators (and readers) treat every mention alike, so once
the tagger has found a string in a document, its other exact occurrences get the same label.
Only strings that look like names or codes propagate (a capital letter or a digit), so a generic
lowercase phrase tagged once ("his wife") does not spread through the document.
"""
from typing import Dict, List, Sequence, Tuple

Scored = Tuple[int, int, str, float]


def _propagates(words: Sequence[str]) -> bool:
    text = "".join(words)
    return len(text) >= 3 and any(ch.isupper() or ch.isdigit() for ch in text) and any(ch.isalpha() for ch in text)


def propagate_spans(
    words: Sequence[str], spans: Sequence[Scored], skip: Sequence[bool] = (), glued: Sequence[bool] = ()
) -> List[Scored]:
    """spans plus every other occurrence of a tagged token sequence (same label and score).

    words: token texts of the document; skip: tokens to ignore when matching (whitespace tokens);
    glued: token i has no whitespace before token i + 1 (a fine tokenizer splits "Ann2" in two), so a
    match that would cut a word out of a longer one ("Ann" in "Anna2" is fine, "Ann" in "Ann2" is not)
    is skipped. An occurrence overlapping a span already present is left alone; longer strings first.
    """
    n = len(words)
    skip = list(skip) or [False] * n
    glued = list(glued) or [False] * n
    keys: Dict[Tuple[str, ...], Tuple[str, float]] = {}
    for start, end, label, score in spans:
        key = tuple(words[i] for i in range(start, end) if not skip[i])
        if key and _propagates(key) and (key not in keys or keys[key][1] < score):
            keys[key] = (label, score)
    if not keys:
        return list(spans)
    taken = [False] * n
    for start, end, _, _ in spans:
        for i in range(start, end):
            taken[i] = True
    by_first: Dict[str, List[Tuple[str, ...]]] = {}
    for key in sorted(keys, key=len, reverse=True):
        by_first.setdefault(key[0], []).append(key)
    content = [i for i in range(n) if not skip[i]]

    def cuts_word(start: int, end: int) -> bool:
        before = start > 0 and glued[start - 1] and words[start - 1][-1:].isalnum() and words[start][:1].isalnum()
        after = end < n and glued[end - 1] and words[end - 1][-1:].isalnum() and words[end][:1].isalnum()
        return before or after

    added: List[Scored] = []
    for pos, i in enumerate(content):
        for key in by_first.get(words[i], ()):
            idx = content[pos:pos + len(key)]
            if len(idx) < len(key) or tuple(words[j] for j in idx) != key:
                continue
            start, end = idx[0], idx[-1] + 1
            if any(taken[start:end]) or cuts_word(start, end):
                continue
            label, score = keys[key]
            added.append((start, end, label, score))
            for j in range(start, end):
                taken[j] = True
            break
    return sorted(list(spans) + added, key=lambda s: (s[0], s[1]))
