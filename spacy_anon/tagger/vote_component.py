"""`anon_span_vote`: combines the CRF's spans with a neural `ner`'s entities by per-label policies.

The CRF (and any rules) write `doc.spans[spans_key]`; the neural tagger writes `doc.ents`. The vote
(`spacy_anon.tagger.ensemble.vote_spans`) replaces the span group, and the entities are cleared, so
`anon_mask` masks exactly the voted spans (it would otherwise add every entity back). With no CRF before
it and `default_policy = "neural"`, the component hands the neural tagger's entities to `anon_mask`
under their corpus labels (the E2EJ profile alone).
"""
from typing import Dict, List

from spacy.language import Language
from spacy.tokens import Doc, Span

from spacy_anon.errors import Errors
from spacy_anon.labels import SPAN_KEY
from spacy_anon.tagger.ensemble import check_policies, vote_spans

NER_FACTORIES = ("ner", "beam_ner")


class SpanVote:
    """Per-label vote between `doc.spans[spans_key]` (the CRF side) and `doc.ents` (the neural side)."""

    def __init__(self, name: str, *, spans_key: str, policies: Dict[str, str], default_policy: str,
                 source: str) -> None:
        check_policies(policies, default_policy)
        self.name, self.spans_key, self.source = name, spans_key, source
        self.policies, self.default_policy = dict(policies), default_policy

    def __call__(self, doc: Doc) -> Doc:
        group = list(doc.spans[self.spans_key]) if self.spans_key in doc.spans else []
        by_triple = {(s.start_char, s.end_char, s.label_): s for s in group}
        ents = {(e.start_char, e.end_char, e.label_): e for e in doc.ents}
        voted = vote_spans(list(by_triple), list(ents), self.policies, self.default_policy)
        spans: List[Span] = []
        for triple in voted:
            if triple in by_triple:
                spans.append(by_triple[triple])
                continue
            ent = ents[triple]
            span = Span(doc, ent.start, ent.end, label=ent.label_)
            span._.anon_source = self.source
            span._.anon_type = ent.label_
            spans.append(span)
        doc.spans[self.spans_key] = spans
        doc.ents = []
        return doc


@Language.factory(
    "anon_span_vote",
    default_config={"spans_key": SPAN_KEY, "policies": {}, "default_policy": "crf", "source": "e2ej"},
)
def make_anon_span_vote(nlp: Language, name: str, spans_key: str, policies: Dict[str, str], default_policy: str,
                        source: str) -> SpanVote:
    """spans_key: the CRF's span group, rewritten with the vote. policies: label -> "crf", "add", "neural" or
    "agree" (`spacy_anon.tagger.ensemble`); default_policy for the other labels. source: the
    `span._.anon_source` of the spans taken from the entities."""
    factories = [nlp.get_pipe_meta(p).factory for p in nlp.pipe_names]
    if not any(f in NER_FACTORIES for f in factories):
        raise ValueError(Errors.E785.format(what="ner component (the neural tagger)", fix="the ner"))
    return SpanVote(name, spans_key=spans_key, policies=policies, default_policy=default_policy, source=source)
