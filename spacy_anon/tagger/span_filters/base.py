"""The span-filter contract (see the package docstring) and what several filters share."""
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Dict, FrozenSet, List, NamedTuple, Tuple

from weakref import WeakKeyDictionary

from spacy import util
from spacy.attrs import IS_ALPHA, IS_PUNCT, IS_SPACE, SPACY
from spacy.tokens import Doc

if TYPE_CHECKING:  # the component imports the filters, not the other way round
    from spacy.training import Example

    from spacy_anon.tagger.crf_component import CRFTagger

_ROWS: "WeakKeyDictionary[Doc, DocRows]" = WeakKeyDictionary()

Scored = Tuple[int, int, str, float]  # (start token, end token, label, score)
TokenArrays = Tuple[List[str], List[bool], List[bool]]  # token texts, trailing whitespace, whitespace token


class SpanFilter:
    """One step applied to the CRF's spans after decoding.

    `__call__(doc, tokens, spans, tagger)` returns the new spans. `tokens` are the doc's token arrays
    (`crf_sequences.token_arrays`: texts as the tagger reads them, trailing whitespace, whitespace
    token); `tagger` is the calling component, for what it knows about the document's labels
    (`tagger.output_label`) and names (`tagger.name_terms`). Labels are the CRF's own, before
    `label_map`.

    A filter that learns from the training data does it in `initialize(examples, tagger=...)` and
    gives its state as JSON-serializable data (`to_dict`, `from_dict`): the component saves it with
    the model under the filter's name.
    """

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger: "CRFTagger") -> List[Scored]:
        raise NotImplementedError

    def initialize(self, examples: List["Example"], *, tagger: "CRFTagger") -> None:
        """Learn from the training examples (their gold spans are in `tagger.cfg["gold_key"]`)."""

    def to_dict(self) -> Dict[str, Any]:
        """What `initialize` learned ({} = nothing to save)."""
        return {}

    def from_dict(self, data: Dict[str, Any]) -> "SpanFilter":
        return self


@lru_cache(maxsize=16)
def stop_words(lang: str) -> FrozenSet[str]:
    """spaCy's stop words of a language; none for an unknown language code."""
    try:
        return frozenset(util.get_lang_class(lang).Defaults.stop_words)
    except Exception:  # an unknown language code: no stop-word filtering
        return frozenset()


class DocRows(NamedTuple):
    """What most filters read of every token, as lists: its text, its trailing whitespace (" " or ""),
    whether it is whitespace, alphabetic, punctuation."""
    words: List[str]
    whitespace: List[str]
    is_space: List[bool]
    is_alpha: List[bool]
    is_punct: List[bool]


def doc_rows(doc: Doc) -> DocRows:
    """The doc's `DocRows`, read once per doc for every filter that asks (a Token object per token per
    filter was a large share of the tagger's time)."""
    rows = _ROWS.get(doc)
    if rows is None or len(rows.words) != len(doc):
        flags = doc.to_array([SPACY, IS_SPACE, IS_ALPHA, IS_PUNCT]).astype(bool).T.tolist() if len(doc) \
            else [[], [], [], []]
        rows = DocRows([t.text for t in doc], [" " if f else "" for f in flags[0]], *flags[1:])
        _ROWS[doc] = rows
    return rows


def forget_rows(doc: Doc) -> None:
    """Drop the doc's `DocRows` (the filter chain does, once it is through: a later step may change the doc)."""
    _ROWS.pop(doc, None)


def doc_words(doc: Doc) -> List[str]:
    """The texts of the doc's tokens (`doc_rows`)."""
    return doc_rows(doc).words
