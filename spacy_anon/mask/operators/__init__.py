"""Masking operators: one registered class per replacement strategy of `anon_mask`.

A strategy name in the config (`strategy = "surrogate"`, `label_strategies = {"DATETIME": "generalize"}`)
is looked up in the `anon_operators` registry (`spacy.registry.anon_operators`, entry point group
`spacy_anon_operators`), so another package can add one without touching this one. As in Presidio's
anonymizer, an operator is stateless: it checks its parameters once (`validate(params)`, at construction:
a bad setting fails before the first document) and then replaces mentions (`operate(mention, params)`);
`params` (`OperatorParams`) is built once from anon_mask's settings, so no operator reads the component.
"""
from spacy_anon.mask.operators.base import (Mention, Operator, OperatorParams, get_operator,  # noqa: F401
                                            operator_names)
