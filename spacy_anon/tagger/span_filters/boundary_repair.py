"""The boundary-repair filter: where spans of the training data start and stop, learned at initialize
and applied to predictions (the algorithm is in `spacy_anon.tagger.boundaries`)."""
from typing import Any, Dict, List

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.tagger._docs import example_gold_tokens
from spacy_anon.tagger.boundaries import learn_boundary_words, repair_boundaries
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays


class RepairBoundaries(SpanFilter):
    """Learns from the training spans which capitalised words open spans ("Calle", "Avda", "Hospital"),
    which words separate two spans of a label ("y" between dates) and which punctuation may end a span;
    cuts predictions there, extends them over an adjacent head of their label and trims other edge
    punctuation. What is learned is saved with the model; before it is learned, spans pass unchanged.
    The first/last-name gazetteers of the tagger are never heads ("Ana María" opens spans too)."""

    def __init__(self) -> None:
        self.words: Dict[str, Any] = {}

    def initialize(self, examples: List[Any], *, tagger) -> None:
        data = [([t.text for t in eg.predicted], example_gold_tokens(eg, tagger.cfg["gold_key"])) for eg in examples]
        self.words = learn_boundary_words(data, exclude=tagger.name_terms)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        if not self.words:
            return spans
        return repair_boundaries([t.text for t in doc], spans, self.words)

    def to_dict(self) -> Dict[str, Any]:
        return dict(self.words)

    def from_dict(self, data: Dict[str, Any]) -> "RepairBoundaries":
        self.words = dict(data)
        return self


@registry.misc("spacy_anon.repair_boundaries.v1")
def make_repair_boundaries() -> RepairBoundaries:
    return RepairBoundaries()
