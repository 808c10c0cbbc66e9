"""Masking operators: one registered class per replacement strategy of `anon_mask`.

A strategy name in the config (`strategy = "surrogate"`, `label_strategies = {"DATETIME": "generalize"}`)
is looked up in the `anon_operators` registry (`spacy.registry.anon_operators`, entry point group
`spacy_anon_operators`), so another package can add one without touching this one. As in Presidio's
anonymizer, an operator checks its settings once (`validate`, at construction: a bad setting fails
before the first document) and then replaces mentions (`operate`).
"""
from spacy_anon.mask.operators.base import Mention, Operator, get_operator, operator_names  # noqa: F401
