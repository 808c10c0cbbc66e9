"""Token features for the CRF tagger (seed 000 §3.4.3) and BIO <-> span conversions (pure functions).

Features are attribute strings (crfsuite gives each a weight per tag): lexical (word, lowercase,
prefixes, suffixes, lemma, POS), orthographic (shape class, short shape, length, digit/alpha flags, ends
in "s"), the BIO position of spans found by earlier detectors (the regex generator), gazetteer
membership, word-cluster bit-path prefixes (`spacy_anon.tagger.clusters`), and the same for neighbours
in a +-window.
"""
import re
from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from spacy_anon.tagger.clusters import cluster_features, cluster_key
from spacy_anon.tagger.regex_generator import token_code

Span3 = Tuple[int, int, str]


def word_shape(text: str) -> str:
    """Short shape: letters -> x/X, digits -> d, runs longer than 3 cut (like spaCy's shape_)."""
    out: List[str] = []
    last, run = "", 0
    for ch in text:
        if ch.isalpha():
            c = "X" if ch.isupper() else "x"
        elif ch.isdigit():
            c = "d"
        else:
            c = ch
        if c == last:
            run += 1
            if run > 3:
                continue
        else:
            last, run = c, 1
        out.append(c)
    return "".join(out)


def token_base_features(
    text: str,
    *,
    lemma: str = "",
    pos: str = "",
    span_tag: str = "",
    gazetteers: Sequence[str] = (),
    affix: int = 3,
) -> Tuple[List[str], List[str]]:
    """Return (own features, features shared with neighbours) of one token."""
    lower = text.lower()
    code = token_code(text)
    shape = word_shape(text) if len(text) < 20 else "long"
    context = ["w=" + lower, "c=" + code, "rx=" + (span_tag or "O")]
    context.extend("gz=" + g for g in gazetteers)
    own = [
        "W=" + text,
        "sh=" + shape,
        "len=" + str(min(len(text), 12)),
    ]
    for n in range(1, affix + 1):
        if len(text) > n:
            own.append("p%d=%s" % (n, lower[:n]))
            own.append("s%d=%s" % (n, lower[-n:]))
    if any(ch.isdigit() for ch in text):
        own.append("hasdigit")
    if text.isalpha():
        own.append("alpha")
    if lower.endswith("s"):
        own.append("ends_s")
    if lemma:
        own.append("lem=" + lemma.lower())
    if pos:
        own.append("pos=" + pos)
        context.append("pos=" + pos)
    if span_tag:
        own.append("rxw=%s|%s" % (span_tag, lower))
    return own, context


def sequence_features(
    words: Sequence[str],
    *,
    lemmas: Optional[Sequence[str]] = None,
    pos: Optional[Sequence[str]] = None,
    span_tags: Optional[Sequence[str]] = None,
    gazetteers: Optional[Dict[str, FrozenSet[str]]] = None,
    chunks: Optional[Sequence[str]] = None,
    clusters: Optional[Dict[str, str]] = None,
    window: int = 2,
    affix: int = 3,
    extra: Optional[Sequence[Sequence[str]]] = None,
) -> List[List[str]]:
    """Feature lists for one sequence (one line of non-space tokens).

    chunks: per token, the shape and position of the whitespace-delimited chunk it belongs to (e.g.
        "dd-dd-dd|B"), which restores what the fine tokenizer split (see `chunk_features`).
    clusters: {cluster key: bit path}; the token gets every prefix feature, neighbours the 6-bit one.
    extra: per token, more features shared with the neighbours like the word itself (e.g. from
        `zipf_feature` or `date_chunk_features`).
    """
    n = len(words)
    gazetteers = gazetteers or {}
    own_all: List[List[str]] = []
    ctx_all: List[List[str]] = []
    for i, word in enumerate(words):
        lower = word.lower()
        gz = [name for name, terms in gazetteers.items() if lower in terms]
        own, ctx = token_base_features(
            word,
            lemma=lemmas[i] if lemmas else "",
            pos=pos[i] if pos else "",
            span_tag=span_tags[i] if span_tags else "",
            gazetteers=gz,
            affix=affix,
        )
        if clusters:
            bits = clusters.get(cluster_key(word))
            if bits:
                own.extend(cluster_features(bits))
                ctx.append("c6=" + bits[:6])
        if extra:
            ctx.extend(extra[i])
        own_all.append(own)
        ctx_all.append(ctx)
    # The line's first word (a form field such as "Domicilio:" or "Remitido por:") and whether a
    # colon came before the token on the line.
    line_key = "key=" + (words[0].lower() if n and words[0].isalpha() else "-")
    result: List[List[str]] = []
    seen_colon = False
    for i in range(n):
        feats = ["bias", line_key] + own_all[i] + ctx_all[i]
        if chunks:
            feats.append("ch=" + chunks[i])
        if seen_colon:
            feats.append("after_colon")
            feats.append(line_key + "|after_colon")
        if words[i] == ":":
            seen_colon = True
        for off in range(-window, window + 1):
            if off == 0:
                continue
            j = i + off
            if 0 <= j < n:
                prefix = "%+d:" % off
                feats.extend(prefix + f for f in ctx_all[j])
            elif j == -1:
                feats.append("BOS")
            elif j == n:
                feats.append("EOS")
        if i > 0:
            feats.append("bi=%s|%s" % (ctx_all[i - 1][0], ctx_all[i][0]))
        result.append(feats)
    return result


def spans_to_bio(n_tokens: int, spans: Sequence[Span3]) -> List[str]:
    """BIO tags ("B-LABEL", "I-LABEL", "O") for non-overlapping token spans; first span wins."""
    tags = ["O"] * n_tokens
    for start, end, label in sorted(spans, key=lambda s: (s[0], -s[1])):
        if any(t != "O" for t in tags[start:end]):
            continue
        for i in range(start, end):
            tags[i] = ("B-" if i == start else "I-") + label
    return tags


def bio_to_spans(tags: Sequence[str]) -> List[Span3]:
    """Spans from BIO tags; an I- tag that does not continue a span of its label opens one."""
    spans: List[Span3] = []
    start, label = None, None
    for i, tag in enumerate(list(tags) + ["O"]):
        if tag == "O" or tag.startswith("B-") or (tag.startswith("I-") and tag[2:] != label):
            if start is not None:
                spans.append((start, i, label))
                start, label = None, None
            if tag != "O":
                start, label = i, tag[2:]
    return spans


def chunk_features(words: Sequence[str], space_after: Sequence[bool]) -> List[str]:
    """Per token: shape of its whitespace-delimited chunk and its position in it (B, I, E or S)."""
    out: List[str] = []
    start = 0
    n = len(words)
    for i in range(n):
        if space_after[i] or i == n - 1:
            shape = word_shape("".join(words[start:i + 1]))
            if len(shape) > 16:
                shape = "long"
            for j in range(start, i + 1):
                if i == start:
                    pos = "S"
                else:
                    pos = "B" if j == start else ("E" if j == i else "I")
                out.append(shape + "|" + pos)
            start = i + 1
    return out


@lru_cache(maxsize=131072)
def zipf_feature(word: str) -> str:
    """English word frequency band of a word with a letter ("zf=0" unknown .. "zf=7" the most frequent;
    wordfreq's Zipf scale), "" otherwise. Rare words are more often names in clinical notes."""
    if not any(ch.isalpha() for ch in word):
        return ""
    from wordfreq import zipf_frequency

    return "zf=%d" % int(zipf_frequency(word.lower(), "en"))


_NUMBER_GROUPS = re.compile(r"^\W*(\d+(?:[/-]\d+){1,2})\W*$")


def date_chunk_features(words: Sequence[str], space_after: Sequence[bool]) -> List[str]:
    """Per token: is its whitespace-delimited chunk a number pair/triple that can be a date?

    "md" (month/day[/year] with month 1-12, day 1-31 and a 2- or 4-digit year, e.g. "7/22", "(09-14-95)"),
    "nd" (two or three digit groups joined by / or - that cannot be such a date, e.g. blood pressure
    "136/43", labs "1601/206/13"), "" otherwise. Ratios such as "8/10" stay "md": the context has to tell
    pain scores from dates.
    """
    out: List[str] = []
    start = 0
    n = len(words)
    for i in range(n):
        if space_after[i] or i == n - 1:
            chunk = "".join(words[start:i + 1])
            m = _NUMBER_GROUPS.match(chunk)
            flag = ""
            if m:
                parts = re.split(r"[/-]", m.group(1))
                ok = len(parts[0]) <= 2 and 1 <= int(parts[0]) <= 12 and len(parts[1]) <= 2 and \
                    1 <= int(parts[1]) <= 31 and (len(parts) == 2 or len(parts[2]) in (2, 4))
                flag = "md" if ok else "nd"
            out.extend([flag] * (i + 1 - start))
            start = i + 1
    return out


def phrase_features(
    words: Sequence[str], phrases: Dict[str, FrozenSet[str]], max_tokens: int = 8
) -> List[List[str]]:
    """Per token: "pz=<name>|B" / "pz=<name>|I" where it starts / continues the longest case-insensitive
    match of a phrase gazetteer ({name: space-joined lowercased tokens}, see `gazetteers.phrases_of`)."""
    lowers = [w.lower() for w in words]
    out: List[List[str]] = [[] for _ in words]
    for name, terms in phrases.items():
        i = 0
        while i < len(words):
            best = 0
            for j in range(min(len(words), i + max_tokens), i, -1):
                if " ".join(lowers[i:j]) in terms:
                    best = j - i
                    break
            if best:
                out[i].append("pz=%s|B" % name)
                for k in range(i + 1, i + best):
                    out[k].append("pz=%s|I" % name)
                i += best
            else:
                i += 1
    return out
