"""The replacement of each kept mention: the operator its policy names (fine type, then category, then
the default strategy: `fine_types.policy_for`), run with the operators' parameters."""
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.doc_keys import WRITTEN_KEY
from spacy_anon.errors import Errors
from spacy_anon.extensions import span_getter
from spacy_anon.mask import fine_types
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams
from spacy_anon.mask.surrogates import titles_of_mention
from spacy_anon.mask.tidy import starts_sentence as sentence_start


class Policies:
    """The strategy of a span: `label_strategies` (aliases resolved) by fine type, then by category,
    then `strategy`; and the operators they name, made once."""

    def __init__(self, strategy: str, policies: Mapping[str, str], operators: Mapping[str, Operator]) -> None:
        self.strategy, self.policies, self.operators = strategy, dict(policies), dict(operators)

    def strategy_for(self, label: str, fine_type: Optional[str] = None) -> str:
        return fine_types.policy_for(self.policies, label, fine_type, self.strategy)


def replacements(doc: Doc, text: str, kept: List[Span], keys: List[str], entity_ids: List[str],
                 memory: ReplacementMemory, originals: Dict[int, Span], policies: Policies, params: OperatorParams,
                 name_labels: Sequence[str]) -> Tuple[List[str], List[bool], List]:
    """The replacement of each kept span (by its policy's operator), whether a generalizer supplied it,
    and the (fallback, operator) of an operator that wrote something else (None: no fallback)."""
    texts: Dict[str, List[str]] = {}
    titles: Dict[str, List[str]] = {}
    names = set(name_labels)
    for span, entity in zip(kept, entity_ids):
        texts.setdefault(entity, []).append(text[span.start_char:span.end_char])  # the span's text
        if span.label_ in names:  # "Mr." in or before a mention: the surrogate name agrees with it
            titles.setdefault(entity, []).append(titles_of_mention(text, span.start_char, span.end_char))
    written = frozenset(tuple(w) for w in doc.user_data.get(WRITTEN_KEY) or ())
    fine_type = span_getter("anon_type")
    result, from_generalizer, fallbacks = [], [], []
    for span, key, entity in zip(kept, keys, entity_ids):
        label = span.label_
        mention = Mention(span=span, detected=originals.get(id(span), span), entity=entity, key=key,
                          memory=memory, texts=texts[entity],
                          starts_sentence=sentence_start(text, span.start_char), written=written,
                          titles=" ".join(t for t in titles.get(entity, ()) if t))
        strategy = policies.strategy_for(label, fine_type(span))
        value, generalized, fallback = policies.operators[strategy].operate_with_fallback(mention, params)
        if not isinstance(value, str):
            raise TypeError(Errors.E119.format(strategy=strategy, kind=type(value).__name__, label=label))
        result.append(value)
        from_generalizer.append(generalized)
        fallbacks.append(fallback)
    return result, from_generalizer, fallbacks
