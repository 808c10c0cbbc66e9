"""The span filter that keeps a nationality to its name: "a Somali national" -> "Somali", "three United
Kingdom nationals" -> "United Kingdom", "an Irish citizen" -> "Irish".

The nationality narrows a person down; the article before it and the noun of belonging after it
("national", "citizen", "nationality") add nothing, and masking them hides the sentence's grammar for
nothing ("brought by a [DEM_1] national" still says it was one person). Both annotation guidelines the
project measures against mark the nationality alone: TAB's 58 judgments in 62 of 68 "X national",
"X citizen" and "X nationality", and the everyday set's guideline ("mark nationality words only"). The
tagger often takes the noun with it, or tags the noun alone ("nationals"), which is dropped. Without a noun
of belonging only an article before a listed nationality, language or faith goes ("an Irish"; "The Hague"
and "A Clockwork Orange" keep theirs). The span is trimmed only when what stays is capitalised as the
tagger reads it (in a line in lower case, the truecased reading): "a dual national" and an uncertain
reading keep their span whole, and so does a noun that is capitalised or followed by a word it may modify: it is
part of a name or an adjective ("the Irish National Foresters", "the irish national foresters", "a British
national team"). A pronoun, a preposition or punctuation after it ("a Polish national who", "of") shows the
noun.
"""
from typing import List, Sequence

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.lexicon.category_words import trait_words
from spacy_anon.lexicon.generic_words import folded
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows, stop_words

BELONGING_NOUNS = frozenset("national nationals citizen citizens nationality".split())
ARTICLES = frozenset("a an the".split())
# words inside a nationality's name ("Norwegian-Swiss", "Bosnia and Herzegovina")
NAME_JOINERS = frozenset("- – of and".split())


def _belonging(word: str) -> bool:
    """A noun of belonging in lower case: capitalised, it is part of a name ("Irish National Foresters")."""
    return word[:1].islower() and folded(word) in BELONGING_NOUNS


def nationality_core(words: Sequence[str], modifies_next: bool = False) -> Sequence[int]:
    """The (start, end) indexes of the nationality in a span's token texts `words` ("an", "Irish",
    "national" -> (1, 2)); (0, 0) for a noun of belonging alone ("nationals": nothing to mask); () when the
    span is no nationality with an article or a noun of belonging around it. modifies_next: a word that the
    noun may modify follows ("Irish national" + "foresters", "national" + "team"): the noun is an
    adjective there, and the span stays whole. Pure function."""
    if modifies_next and words and folded(words[-1]) in BELONGING_NOUNS:
        return ()
    if words and all(_belonging(w) or folded(w) in ARTICLES for w in words) and _belonging(words[-1]):
        return 0, 0
    start, end = 0, len(words)
    if end and _belonging(words[end - 1]):
        end -= 1
    while start < end and folded(words[start]) in ARTICLES:
        start += 1
    core = words[start:end]
    if (start, end) == (0, len(words)) or not core or folded(core[-1]) in NAME_JOINERS:
        return ()
    if not all(w[:1].isupper() or folded(w) in NAME_JOINERS for w in core) or not core[0][:1].isupper():
        return ()
    if end == len(words) and not all(folded(w) in trait_words() or folded(w) in NAME_JOINERS for w in core):
        return ()  # only an article went: it goes only before a nationality ("an Irish", not "The Hague")
    return start, end


def trim_nationality_nouns(doc: Doc, spans: List[Scored], labels: Sequence[str]) -> List[Scored]:
    """`spans` with those under `labels` that are a nationality with an article or a noun of belonging
    trimmed to the nationality (see the module). English only: other languages' spans come back unchanged."""
    if not spans or (doc.lang_ or "en") != "en":
        return spans
    rows = doc_rows(doc)
    stops = stop_words(doc.lang_ or "en")
    out: List[Scored] = []
    for start, end, label, score in spans:
        if label in labels:
            toks = [k for k in range(start, end) if not rows.is_space[k]]
            following = end < len(doc) and rows.whitespace[end - 1] == " " and rows.is_alpha[end] \
                and folded(rows.words[end]) not in stops
            core = nationality_core([rows.words[k] for k in toks], following)
            if core == (0, 0):
                continue
            if core:
                start, end = toks[core[0]], toks[core[1] - 1] + 1
        out.append((start, end, label, score))
    return out


class TrimNationalityNouns(SpanFilter):
    """Spans under `labels` (the CRF's own) keep only the nationality (`trim_nationality_nouns`)."""

    def __init__(self, labels: Sequence[str]):
        if isinstance(labels, str) or not all(isinstance(v, str) and v for v in labels):
            raise ValueError(Errors.E665.format(value=labels))
        self.labels = tuple(labels)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return trim_nationality_nouns(doc, spans, self.labels)


@registry.misc("spacy_anon.trim_nationality_nouns.v1")
def make_trim_nationality_nouns(labels: Sequence[str] = ("DEM", "MISC")) -> TrimNationalityNouns:
    return TrimNationalityNouns(labels)
