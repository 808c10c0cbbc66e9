"""Shared helpers of the rule and pipeline tests: what the built-in recognizers find in a text, as (value,
label, fine type), and what a pipeline masked, as (value, label) (pytest puts tests/ on sys.path)."""
from typing import List, Optional, Tuple

from spacy_anon.rules.matching import find_matches
from spacy_anon.rules.recognizers import REGISTRY


def rule_values(text: str, label: Optional[str] = None) -> List[Tuple[str, str, str]]:
    """(value, label, fine type) of every match of every registered recognizer in `text`, of `label` only
    when given."""
    return [(text[m.start:m.end], m.label, REGISTRY[m.source].type)
            for m in find_matches(text, tuple(REGISTRY.values())) if label is None or m.label == label]


def table_rows(nlp, text: str) -> List[Tuple[str, str]]:
    """(value, label) of every row of the replacement table `nlp` gives `text`."""
    return [(text[r["start"]:r["end"]], r["label"]) for r in nlp(text)._.anon_table]
