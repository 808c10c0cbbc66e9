"""Which WordNet sense a word has in its sentence (simplified Lesk, plus word vectors when there are some).

Seed 003 §3.2.3 takes the most frequent sense of a term and leaves disambiguation to future work; taken
out of context, "role" in "her first film role" becomes a duty and "farm" or "bank" any of their senses.
Here each noun sense of the head gets a score from its *signature* (lemmas, gloss, examples, and the
lemmas and gloss of its first hypernym) against the content words of the sentence:

    score(s) = |signature(s) ∩ sentence| + document_weight * |signature(s) ∩ rest of the document|
               + vector_weight * cos(mean v(signature(s)), mean v(sentence))

The vector term is used only when the pipeline has word vectors (the phrase vectors of anon_disclosure).
The sense rank is the prior: WordNet orders a word's senses by their frequency in its sense-tagged
corpus (the tag counts), and the counts fall fast after the first two senses. Another sense wins only
when it scores at least `margin` more than the first sense (Lesk's gloss overlap is sparse, and WordNet's
first sense is the right one most of the time), and a sense of rank r >= 2 (0 = first) must also make up
`rank_weight * log2((1 + r) / 2)` points (rank 2: 0.88, rank 3: 1.5, rank 5: 2.4 with the default 1.5). Without the rank
penalty, "film" in an actor's biography ("the Edwardian horror film The Woman in Black") scored 6.1 as
the photographic material (rank 2, whose signature shares "film", "picture", "produce" ... with the text
and the vectors) against 4.9 as the movie (rank 0), and became "photographic paper".
Words are compared after Porter stemming ("actors" = "actor", "portrayal" = "portrayals").
"""
import bisect
import functools
import re
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from spacy.lang.en.stop_words import STOP_WORDS

from spacy_anon.disclosure.vectors import cosine

# A sense other than the first needs this much more score (one more shared content word, or a cosine
# that is vector_weight times that much higher).
DEFAULT_MARGIN = 1.0
DEFAULT_VECTOR_WEIGHT = 4.0
# A shared word elsewhere in the document counts this much (four of them outweigh one in the sentence).
DEFAULT_DOCUMENT_WEIGHT = 0.25
# Points a sense of rank r >= 1 loses: rank_weight * log2((1 + r) / 2), the sense-frequency prior (rank 1
# loses nothing: it only needs the margin, as "role" as a portrayal and "bank" as an institution do).
DEFAULT_RANK_WEIGHT = 1.5
_STOP = frozenset(w.lower() for w in STOP_WORDS) | frozenset(
    "also known used especially usually something someone person thing things kind type".split())
MAX_HYPONYMS = 40  # "person" has 400 hyponyms; the first ones are enough to describe a sense
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]+")


@functools.lru_cache(maxsize=1)
def _stemmer():
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()


@functools.lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """Porter stem of a lower-case word ("portrayals" -> "portray")."""
    return _stemmer().stem(word)


def content_words(text: str) -> List[str]:
    """Lower-case words of a text without stop words, numbers and one-letter tokens, in order."""
    out = []
    for match in _TOKEN.finditer(text):
        word = match.group(0).lower().strip("'-")
        if word.endswith("'s"):
            word = word[:-2]
        if len(word) > 2 and word not in _STOP:
            out.append(word)
    return out


def context_stems(words: Iterable[str], exclude: Iterable[str] = ()) -> frozenset:
    """The stems of context words, leaving out those of the term itself (every sense shares them)."""
    skip = {stem(w.lower()) for w in exclude}
    return frozenset(s for s in (stem(w.lower()) for w in words) if s not in skip)


def signature_words(synset) -> List[str]:
    """The words that describe a sense: its lemmas, gloss and examples, its first hypernym's lemmas and
    gloss, and its hyponyms' lemmas and glosses ("role" as a character: "actor portrayal play ... acting
    ... villain principal bad character film"; "bank" as an institution: "... credit union ... loans")."""
    parts: List[str] = [str(lemma).replace("_", " ") for lemma in synset.lemmas()]
    parts.append(synset.definition() or "")
    parts.extend(synset.examples())
    parents = synset.get_related("hypernym", "instance_hypernym")
    if parents:
        parent = parents[0]
        parts.extend(str(lemma).replace("_", " ") for lemma in parent.lemmas())
        parts.append(parent.definition() or "")
    for child in synset.get_related("hyponym")[:MAX_HYPONYMS]:
        parts.extend(str(lemma).replace("_", " ") for lemma in child.lemmas())
        parts.append(child.definition() or "")
    return content_words(" ".join(parts))


def lesk_score(signature: Iterable[str], context: frozenset, exclude: Iterable[str] = ()) -> float:
    """Simplified Lesk: how many distinct stems of the sense's signature occur in the context."""
    return float(len(context_stems(signature, exclude) & context))


def mean_vector(kv, words: Iterable[str]):
    """Mean of the vectors of the words that `kv` knows (lower case); None when it knows none."""
    import numpy

    vecs = [kv[w] for w in (w.lower() for w in words) if w in kv.key_to_index]
    if not vecs:
        return None
    return numpy.mean(numpy.vstack(vecs), axis=0)


def choose_sense(scores: Sequence[float], margin: float = DEFAULT_MARGIN,
                 rank_weight: float = DEFAULT_RANK_WEIGHT) -> int:
    """Index of the sense to use: the best one after the rank prior (score - rank_weight * log2((1 +
    rank) / 2) for rank >= 1) if it beats the first sense by `margin`, else 0 (the sense rank is also
    the tie-breaker). RETURNS 0 for an empty list."""
    import math

    if not scores:
        return 0
    adjusted = [score - (rank_weight * math.log2((1 + i) / 2) if i else 0.0) for i, score in enumerate(scores)]
    best = max(range(len(adjusted)), key=lambda i: (adjusted[i], -i))
    return best if adjusted[best] - adjusted[0] >= margin else 0


def sense_scores(
    signatures: Sequence[Sequence[str]],
    context: Sequence[str],
    term: str = "",
    kv: Any = None,
    vector_weight: float = DEFAULT_VECTOR_WEIGHT,
    signature_vectors: Optional[Sequence[Any]] = None,
    document: Sequence[str] = (),
    document_weight: float = DEFAULT_DOCUMENT_WEIGHT,
) -> List[float]:
    """score(s) for each sense signature against the context words (see the module docstring).

    term: the word being disambiguated; its own words are not evidence for any sense.
    kv: word vectors (gensim KeyedVectors) or None. signature_vectors: the mean vector of each
    signature when already known (None entries: no word of it has a vector).
    document: content words of the whole document; each signature stem found there but not in the
    sentence adds `document_weight` (a biography's "film", "played", "character" tell which "role").
    """
    exclude = content_words(term) or term.lower().split()
    ctx = context_stems(context, exclude)
    scores = [float(len(_stems(sig) & ctx)) for sig in signatures]  # lesk_score, stems cached
    if document and document_weight:
        doc_ctx = context_stems(document, exclude) - ctx
        scores = [score + document_weight * len(_stems(sig) & doc_ctx) for score, sig in zip(scores, signatures)]
    if kv is not None and vector_weight:
        skip = {w.lower() for w in exclude}
        ctx_vec = mean_vector(kv, [w for w in context if w.lower() not in skip])
        if ctx_vec is not None:
            for i, sig in enumerate(signatures):
                if signature_vectors is not None:
                    vec = signature_vectors[i]
                else:
                    vec = mean_vector(kv, [w for w in sig if w.lower() not in skip])
                if vec is not None:
                    scores[i] += vector_weight * cosine(vec, ctx_vec)
    return scores


def disambiguate(
    synsets: Sequence[Any],
    context: Sequence[str],
    term: str = "",
    kv: Any = None,
    margin: float = DEFAULT_MARGIN,
    vector_weight: float = DEFAULT_VECTOR_WEIGHT,
    vector_means: Optional[dict] = None,
    document: Sequence[str] = (),
    rank_weight: float = DEFAULT_RANK_WEIGHT,
) -> Tuple[int, List[float]]:
    """(index of the chosen sense among `synsets`, the scores). `synsets` in sense-rank order.

    vector_means: a dict to cache the mean vector of each sense's signature in (per `kv`).
    """
    if len(synsets) < 2 or not (context or document):
        return 0, [0.0] * len(synsets)
    signatures = [_signature(s) for s in synsets]
    vectors = None
    if kv is not None and vector_means is not None:
        vectors = []
        for synset, sig in zip(synsets, signatures):
            key = (id(kv), synset.id)
            if key not in vector_means:
                if len(vector_means) > 200_000:
                    vector_means.clear()
                vector_means[key] = mean_vector(kv, sig)
            vectors.append(vector_means[key])
    scores = sense_scores(signatures, context, term, kv, vector_weight, vectors, document)
    return choose_sense(scores, margin, rank_weight), scores


_SIGNATURES: dict = {}
_STEMS: dict = {}


def _stems(words: Sequence[str]) -> frozenset:
    key = tuple(words)
    if key not in _STEMS:
        if len(_STEMS) > 100_000:
            _STEMS.clear()
        _STEMS[key] = frozenset(stem(w.lower()) for w in words)
    return _STEMS[key]


def _signature(synset) -> Tuple[str, ...]:
    key = synset.id
    if key not in _SIGNATURES:
        if len(_SIGNATURES) > 200_000:
            _SIGNATURES.clear()
        _SIGNATURES[key] = tuple(signature_words(synset))
    return _SIGNATURES[key]


def sentence_starts(doc) -> List[int]:
    """Token indices where sentences start: the doc's own boundaries when set, else after ".", "!",
    "?" and line breaks, so a pipeline without a parser gets its context too."""
    has_sents = doc.has_annotation("SENT_START")
    starts = [0]
    for i in range(1, len(doc)):
        if (has_sents and doc[i].is_sent_start) or doc[i - 1].text in (".", "!", "?") or "\n" in doc[i - 1].text:
            starts.append(i)
    return starts


def sentence_context(doc, start: int, end: int, max_words: int = 60,
                     starts: Optional[Sequence[int]] = None) -> List[str]:
    """Content words of the sentence around tokens [start, end), without the span itself.

    starts: `sentence_starts(doc)` when already computed (one call per doc, not per span).
    """
    starts = sentence_starts(doc) if starts is None else starts
    i = bisect.bisect_right(starts, start) - 1
    lo = starts[i] if i >= 0 else 0
    j = bisect.bisect_left(starts, end)
    hi = starts[j] if j < len(starts) else len(doc)
    words = content_words(doc[lo:start].text) + content_words(doc[end:hi].text)
    return words[:max_words]


__all__ = ["content_words", "signature_words", "lesk_score", "sense_scores", "choose_sense", "disambiguate",
           "sentence_context", "sentence_starts", "mean_vector", "stem"]
