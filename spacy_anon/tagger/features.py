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

from spacy_anon.errors import Errors
from spacy_anon.lexicon.clinical import PAIN_TOKENS
from spacy_anon.tagger.clusters import cluster_features, cluster_key
from spacy_anon.tagger.regex_generator import token_code

Span3 = Tuple[int, int, str]

# Optional token features (`sequence_features(extra=...)`, the CRF's `extra_features` setting).
EXTRA_FEATURES = ("date", "stem", "doc", "paren", "trigger", "zipf", "monthday", "score")

_MONTHS = frozenset(
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre "
    "ene feb mar abr may jun jul ago sep sept set oct nov dic "
    "january february march april june july august september october november december "
    "jan apr aug dec".split()
)
_DMY_RE = re.compile(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})")
_MY_RE = re.compile(r"([^\W\d_]+)\.?[-/](\d{2}|\d{4})")


def date_shape(chunk: str) -> str:
    """Date class of a whitespace-delimited chunk (outer punctuation ignored): "dmy" for a valid
    day-month-year or month-day-year with one separator ("22-10-04", "3/7/2011"; not "3-4/32"), "my"
    for month name + year ("enero-04"),
    "" otherwise. Lets the CRF carry what it learned on one date format over to another."""
    text = chunk.strip("()[]{}.,;:¿?¡!\"'")
    match = _DMY_RE.fullmatch(text)
    if match:
        a, b = int(match.group(1)), int(match.group(3))
        if 1 <= a <= 31 and 1 <= b <= 12 or 1 <= a <= 12 and 1 <= b <= 31:
            return "dmy"
        return ""
    match = _MY_RE.fullmatch(text)
    if match and match.group(1).lower() in _MONTHS:
        return "my"
    return ""


def light_stem(word: str) -> str:
    """Crude Spanish stem: lowercased, one plural/gender ending cut ("hermanas", "hermano" -> "herman")."""
    lower = word.lower()
    for suffix in ("as", "os", "es", "a", "o", "e", "s"):
        if lower.endswith(suffix) and len(lower) - len(suffix) >= 3:
            return lower[: -len(suffix)]
    return lower


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
    """Return (own features, features shared with neighbours) of one token (fresh lists)."""
    own, context = _token_base_features(text, lemma, pos, span_tag, tuple(gazetteers), affix)
    return list(own), list(context)


@lru_cache(maxsize=65536)
def _token_base_features(
    text: str, lemma: str, pos: str, span_tag: str, gazetteers: Tuple[str, ...], affix: int
) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """`token_base_features`, cached: words repeat, so most tokens of a document are cache hits."""
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
    return tuple(own), tuple(context)


@lru_cache(maxsize=65536)
def _cached_cluster_features(bits: str) -> Tuple[str, ...]:
    return tuple(cluster_features(bits))


@lru_cache(maxsize=65536)
def _neighbour_features(offset: int, context: Tuple[str, ...]) -> Tuple[str, ...]:
    """A neighbour's shared features as seen at `offset` ("-1:w=the"), cached: words and their contexts
    repeat, and building these strings was the largest Python cost of feature extraction."""
    prefix = "%+d:" % offset
    return tuple(prefix + f for f in context)


@lru_cache(maxsize=131072)
def _cluster_key(word: str) -> str:
    return cluster_key(word)


def _token_features(
    word: str, lemma: str, pos: str, span_tag: str, gazetteers: Dict[str, FrozenSet[str]],
    clusters: Optional[Dict[str, str]], affix: int,
) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(own features, features shared with neighbours) of a token without extra features."""
    lower = word.lower()
    gz = tuple(name for name, terms in gazetteers.items() if lower in terms)
    own, ctx = _token_base_features(word, lemma, pos, span_tag, gz, affix)
    if clusters:
        bits = clusters.get(_cluster_key(word))
        if bits:
            own = own + _cached_cluster_features(bits)
            ctx = ctx + ("c6=" + bits[:6],)
    return own, ctx


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
    memo: Optional[Dict[Tuple[str, str, str, str], Tuple]] = None,
) -> List[List[str]]:
    """Feature lists for one sequence (one line of non-space tokens).

    chunks: per token, the shape and position of the whitespace-delimited chunk it belongs to (e.g.
        "dd-dd-dd|B"), which restores what the fine tokenizer split (see `chunk_features`).
    clusters: {cluster key: bit path}; the token gets every prefix feature, neighbours the 6-bit one.
    extra: per token, further features (e.g. "date=dmy"); they are also seen by the neighbours.
    memo: a dict shared by the sequences of one document with the same gazetteers, clusters, window
        and affix: a word's features (and those its neighbours see) are built once per document.

    The features of a word type are the same each time it occurs, so they are built once (`memo`, and
    the caches below it) and only the per-position ones (line key, colon, neighbours, bigram) per token.
    """
    n = len(words)
    gazetteers = gazetteers or {}
    memo = {} if memo is None else memo
    offsets = [off for off in range(-window, window + 1) if off != 0]
    own_all: List[Tuple[str, ...]] = []
    ctx_all: List[Tuple[str, ...]] = []
    seen_all: List[Tuple[Tuple[str, ...], ...]] = []  # per token: its shared features as seen at each offset
    for i, word in enumerate(words):
        key = (word, lemmas[i] if lemmas else "", pos[i] if pos else "", span_tags[i] if span_tags else "")
        found = memo.get(key)
        if found is None:
            own, ctx = _token_features(word, key[1], key[2], key[3], gazetteers, clusters, affix)
            found = memo[key] = (own, ctx, tuple(_neighbour_features(off, ctx) for off in offsets))
        own, ctx, seen = found
        if extra and extra[i]:
            ctx = ctx + tuple(extra[i])
            seen = tuple(_neighbour_features(off, ctx) for off in offsets)
        own_all.append(own)
        ctx_all.append(ctx)
        seen_all.append(seen)
    # The line's first word (a form field such as "Domicilio:" or "Remitido por:") and whether a
    # colon came before the token on the line.
    line_key = "key=" + (words[0].lower() if n and words[0].isalpha() else "-")
    colon_key = line_key + "|after_colon"
    result: List[List[str]] = []
    seen_colon = False
    for i in range(n):
        feats = ["bias", line_key]
        feats += own_all[i]
        feats += ctx_all[i]
        if chunks:
            feats.append("ch=" + chunks[i])
        if seen_colon:
            feats.append("after_colon")
            feats.append(colon_key)
        if words[i] == ":":
            seen_colon = True
        for k, off in enumerate(offsets):
            j = i + off
            if 0 <= j < n:
                feats += seen_all[j][k]
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


TAG_SCHEMES = ("BIO", "BILUO")


def bio_to_biluo(tags: Sequence[str]) -> List[str]:
    """BIO tags rewritten in BILUO: the last token of a span gets L-, a one-token span U-.

    A CRF trained on BILUO tags learns what ends an entity (a comma after a surname, "Street" closing
    an address), not only what starts one.
    """
    out: List[str] = []
    for i, tag in enumerate(tags):
        if tag == "O":
            out.append(tag)
            continue
        nxt = tags[i + 1] if i + 1 < len(tags) else "O"
        continues = nxt.startswith("I-") and nxt[2:] == tag[2:]
        if tag.startswith("B-"):
            out.append(("B-" if continues else "U-") + tag[2:])
        else:
            out.append(("I-" if continues else "L-") + tag[2:])
    return out


def biluo_to_bio(tags: Sequence[str]) -> List[str]:
    """A BILUO tag path (possibly ill-formed, as a CRF may decode it) as BIO.

    B- and U- open a span; I- and L- continue an open span of their label, else open one; L- and U-
    close the span, so a tag after them opens a new one.
    """
    out: List[str] = []
    open_label: Optional[str] = None
    for tag in tags:
        if tag == "O":
            out.append(tag)
            open_label = None
            continue
        prefix, label = tag[:2], tag[2:]
        continues = prefix in ("I-", "L-") and label == open_label
        out.append(("I-" if continues else "B-") + label)
        open_label = label if prefix in ("B-", "I-") else None
    return out


def spans_to_tags(n_tokens: int, spans: Sequence[Span3], scheme: str = "BIO") -> List[str]:
    """Training tags of non-overlapping token spans in `scheme` ("BIO" or "BILUO")."""
    if scheme not in TAG_SCHEMES:
        raise ValueError(Errors.E614.format(scheme=scheme, tag_schemes=', '.join(TAG_SCHEMES)))
    tags = spans_to_bio(n_tokens, spans)
    return bio_to_biluo(tags) if scheme == "BILUO" else tags


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


def chunk_bounds(space_after: Sequence[bool]) -> List[Tuple[int, int]]:
    """(start, end) token ranges of the whitespace-delimited chunks of a sequence."""
    bounds: List[Tuple[int, int]] = []
    start = 0
    n = len(space_after)
    for i in range(n):
        if space_after[i] or i == n - 1:
            bounds.append((start, i + 1))
            start = i + 1
    return bounds


@lru_cache(maxsize=65536)
def _chunk_shape(chunk: str) -> str:
    shape = word_shape(chunk)
    return "long" if len(shape) > 16 else shape


def chunk_features(words: Sequence[str], space_after: Sequence[bool]) -> List[str]:
    """Per token: shape of its whitespace-delimited chunk and its position in it (B, I, E or S)."""
    out: List[str] = []
    for start, end in chunk_bounds(space_after):
        shape = _chunk_shape("".join(words[start:end]) if end - start > 1 else words[start])
        if end - start == 1:
            out.append(shape + "|S")
            continue
        out.extend(shape + "|" + ("B" if j == start else ("E" if j == end - 1 else "I")) for j in range(start, end))
    return out


def chunk_texts(words: Sequence[str], space_after: Sequence[bool]) -> List[str]:
    """Per token: the text of the whitespace-delimited chunk it belongs to."""
    out: List[str] = []
    for start, end in chunk_bounds(space_after):
        out.extend(["".join(words[start:end])] * (end - start))
    return out


def extra_token_features(
    words: Sequence[str],
    space_after: Sequence[bool],
    names: Sequence[str],
    span_tags: Optional[Sequence[str]] = None,
    doc_words: Optional[Dict[str, FrozenSet[str]]] = None,
    triggers: FrozenSet[str] = frozenset(),
) -> List[List[str]]:
    """Optional features per token (names from `EXTRA_FEATURES`).

    "date": the token's chunk looks like a date (`date_shape`); "stem": `light_stem` of words of 4+
    letters; "doc": labels of the earlier detectors' spans elsewhere in the document that contain the
    same word (`doc_words`: lowercased word -> labels), for words with a capital or a digit that no
    such span covers here (a name found in a form field, repeated in the narrative); "paren": the
    comma-separated item of the parenthesis the token is in ("(Drug®, Maker, City)"; see
    `paren_items`); "trigger": the last trigger word (`triggers`, e.g. "hospital", "calle") that opened
    the run of capitalised words the token is in (see `trigger_runs`); "zipf": English word-frequency
    band (`zipf_feature`; rare words are more often names in clinical notes); "monthday": can the chunk
    be a US month/day date or is it another number group such as a blood pressure
    (`date_chunk_features`); "score": the chunk is a rating out of ten ("8/10"), and whether a pain
    word is near (`score_features`; "8/10 CP" is a pain score, "seen 8/10" a date).
    """
    unknown = set(names) - set(EXTRA_FEATURES)
    if unknown:
        raise ValueError(Errors.E617.format(unknown=sorted(unknown), known=", ".join(EXTRA_FEATURES)))
    out: List[List[str]] = [[] for _ in words]
    if "date" in names:
        for i, chunk in enumerate(chunk_texts(words, space_after)):
            shape = date_shape(chunk)
            if shape:
                out[i].append("date=" + shape)
    if "stem" in names:
        for i, word in enumerate(words):
            if len(word) >= 4 and word.isalpha():
                out[i].append("st=" + light_stem(word))
    if "doc" in names and doc_words:
        for i, word in enumerate(words):
            if span_tags and span_tags[i] != "O":
                continue
            if len(word) < 2 or word.islower() or not any(ch.isalnum() for ch in word):
                continue
            for label in sorted(doc_words.get(word.lower(), ())):
                out[i].append("doc=" + label)
    if "paren" in names:
        for i, item in enumerate(paren_items(words)):
            if item:
                out[i].append("par=%d" % min(item, 3))
    if "trigger" in names and triggers:
        for i, trigger in enumerate(trigger_runs(words, triggers)):
            if trigger:
                out[i].append("tr=" + trigger)
    if "zipf" in names:
        for i, word in enumerate(words):
            band = zipf_feature(word)
            if band:
                out[i].append(band)
    if "monthday" in names:
        for i, flag in enumerate(date_chunk_features(words, space_after)):
            if flag:
                out[i].append("dv=" + flag)
    if "score" in names:
        for i, flag in enumerate(score_features(words, space_after)):
            if flag:
                out[i].append("sc=" + flag)
    return out


def paren_items(words: Sequence[str]) -> List[int]:
    """Per token: 0 outside parentheses, else 1 + the commas/semicolons before it in its parenthesis."""
    out: List[int] = []
    stack: List[int] = []
    for word in words:
        if word == "(":
            stack.append(1)
            out.append(0)
        elif word == ")":
            if stack:
                stack.pop()
            out.append(0)
        elif word in (",", ";") and stack:
            stack[-1] += 1
            out.append(0)
        else:
            out.append(stack[-1] if stack else 0)
    return out


# Lowercase words and symbols that continue a run of capitalised words ("Hospital Virgen de la Arrixaca").
RUN_CONNECTORS = frozenset("de del la las los el y e i d' di da do dos das -".split())


def trigger_runs(words: Sequence[str], triggers: FrozenSet[str]) -> List[str]:
    """Per token: the last capitalised trigger word seen in the current run of capitalised words and
    connectors ("" outside such a run or before a trigger), so every word of "Centro Nacional de
    Microbiología de X" knows it follows "centro"."""
    out: List[str] = []
    current = ""
    for word in words:
        lower = word.lower()
        if word[:1].isupper() and lower in triggers:
            current = lower
        elif not (word[:1].isupper() or word[:1].isdigit() or lower in RUN_CONNECTORS):
            current = ""
        out.append(current)
    return out


def learn_triggers(
    examples: Sequence[Tuple[Sequence[str], Sequence[Span3]]], min_count: int = 3, min_ratio: float = 0.8
) -> FrozenSet[str]:
    """Lowercased capitalised first words of gold spans of 2+ tokens (e.g. "hospital", "calle",
    "servicio": heads of institutions, addresses and the like), seen there at least `min_count` times
    and in at least `min_ratio` of their occurrences inside spans (so first names, which also stand
    second, "Ana María", are left out)."""
    first: Dict[str, int] = {}
    inside: Dict[str, int] = {}
    for tokens, spans in examples:
        for start, end, _label in spans:
            for i in range(start, end):
                lower = tokens[i].lower()
                if i == start and end - start >= 2:
                    if tokens[i][:1].isupper() and tokens[i].isalpha() and len(lower) >= 2:
                        first[lower] = first.get(lower, 0) + 1
                else:
                    inside[lower] = inside.get(lower, 0) + 1
    return frozenset(
        w for w, n in first.items() if n >= min_count and n >= min_ratio * (n + inside.get(w, 0))
    )


def doc_span_words(tokens: Sequence[str], spans: Sequence[Span3]) -> Dict[str, FrozenSet[str]]:
    """Lowercased words (2+ characters, not all lowercase) inside spans -> the spans' labels."""
    found: Dict[str, set] = {}
    for start, end, label in spans:
        for word in tokens[start:end]:
            if len(word) >= 2 and not word.islower() and any(ch.isalnum() for ch in word):
                found.setdefault(word.lower(), set()).add(label)
    return {k: frozenset(v) for k, v in found.items()}


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
    for chunk in chunk_texts(words, space_after):
        m = _NUMBER_GROUPS.match(chunk)
        flag = ""
        if m:
            parts = re.split(r"[/-]", m.group(1))
            ok = len(parts[0]) <= 2 and 1 <= int(parts[0]) <= 12 and len(parts[1]) <= 2 and \
                1 <= int(parts[1]) <= 31 and (len(parts) == 2 or len(parts[2]) in (2, 4))
            flag = "md" if ok else "nd"
        out.append(flag)
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


_SCORE_RE = re.compile(r"^\W*(\d{1,2}(?:\.\d)?)/10\W*$")  # "8/10", "(7.5/10)"
PAIN_WORDS = PAIN_TOKENS  # the name the feature docs use


def score_features(words: Sequence[str], space_after: Sequence[bool], reach: int = 2) -> List[str]:
    """Per token: "10" when its whitespace-delimited chunk is a rating out of ten ("8/10", "(7.5/10)"),
    "10p" when also one of the `reach` chunks before or after it is a pain word (`PAIN_WORDS`,
    outer punctuation ignored); "" otherwise.

    Nurses rate pain as "8/10", which is also shaped like August 10: the pain context tells them apart
    ("8/10 CP", "rating 3/10"; "seen 8/10" is a date).
    """
    bounds = chunk_bounds(space_after)
    texts = ["".join(words[a:b]).lower().strip(".,;:()[]!?\"'") for a, b in bounds]
    out: List[str] = []
    for c, (a, b) in enumerate(bounds):
        m = _SCORE_RE.match(texts[c])
        flag = ""
        if m and float(m.group(1)) <= 10:
            near = texts[max(0, c - reach):c] + texts[c + 1:c + 1 + reach]
            flag = "10p" if any(t in PAIN_WORDS for t in near) else "10"
        out.extend([flag] * (b - a))
    return out


# What `sequence_features` builds, in the pieces the numpy inference caches (`crf_inference.EmissionCache`):
# a token's own and shared features, and the shared features as a neighbour at an offset sees them.
token_type_features = _token_features
neighbour_features = _neighbour_features
chunk_shape = _chunk_shape
