"""Training data for the taggers: corpora -> `.spacy` files tokenized like the tagger pipelines, and
document/patient-grouped splits for cross-validation, line docs for NER training (metrics live in
`spacy_anon.evaluate`)."""
import random
from collections import defaultdict
from typing import Callable, Dict, Iterator, List, Sequence

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from spacy_anon.labels import GOLD_SPAN_KEY
from spacy_anon.tagger import tokenizer  # noqa: F401  (imported for its registrations)


def tagger_nlp(lang: str = "en") -> Language:
    """Blank pipeline with the taggers' tokenizer (`spacy_anon.char_class_tokenizer.v1`)."""
    return spacy.blank(lang, config={"nlp": {"tokenizer": {"@tokenizers": "spacy_anon.char_class_tokenizer.v1"}}})


def map_gold_labels(doc: Doc, label_map: Dict[str, str], keep_unmapped: bool = False) -> Doc:
    """Relabel `anon_gold` with `label_map` (e.g. corpus labels -> spacy-anon categories); `ents` follow."""
    spans = []
    for span in doc.spans.get(GOLD_SPAN_KEY, []):
        label = label_map.get(span.label_)
        if label is None and keep_unmapped:
            label = span.label_
        if label is not None:
            spans.append(Span(doc, span.start, span.end, label=label))
    doc.spans[GOLD_SPAN_KEY] = spans
    doc.ents = filter_spans(spans)
    return doc


def split_groups(items: Sequence, group_of: Callable, n_folds: int, seed: int = 0) -> List[List[int]]:
    """Indices of `items` in `n_folds` folds such that a group (patient, document) is in one fold only."""
    groups: Dict[object, List[int]] = defaultdict(list)
    for i, item in enumerate(items):
        groups[group_of(item)].append(i)
    keys = sorted(groups, key=str)
    random.Random(seed).shuffle(keys)
    folds: List[List[int]] = [[] for _ in range(n_folds)]
    for k, key in enumerate(keys):
        folds[k % n_folds].extend(groups[key])
    return [sorted(f) for f in folds]


def paragraphs(doc: Doc) -> Iterator[Doc]:
    """The doc's lines as separate docs, its gold spans (overlaps filtered) as entities: training data
    for a sentence-sized NER such as spaCy's `ner`."""
    doc.ents = filter_spans(list(doc.spans.get(GOLD_SPAN_KEY, [])))
    start = None
    for token in doc:
        if "\n" in token.text or token.is_space:
            if start is not None:
                yield doc[start:token.i].as_doc()
                start = None
            continue
        if start is None:
            start = token.i
        if "\n" in token.whitespace_:
            yield doc[start:token.i + 1].as_doc()
            start = None
    if start is not None:
        yield doc[start:].as_doc()
