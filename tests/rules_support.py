"""Shared helper of the rule tests: what the built-in recognizers find in a text, as (value, label, fine type)
(pytest puts tests/ on sys.path)."""
from typing import List, Optional, Tuple

from spacy_anon.rules.matching import find_matches
from spacy_anon.rules.recognizers import REGISTRY


def rule_values(text: str, label: Optional[str] = None) -> List[Tuple[str, str, str]]:
    """(value, label, fine type) of every match of every registered recognizer in `text`, of `label` only
    when given."""
    return [(text[m.start:m.end], m.label, REGISTRY[m.source].type)
            for m in find_matches(text, tuple(REGISTRY.values())) if label is None or m.label == label]
