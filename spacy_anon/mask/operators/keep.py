"""`keep`: the mention stays as it is, but is still detected, grouped and listed in the table (for labels
a release may show, e.g. `label_strategies = {"DATETIME": "keep"}`, reviewed in the report)."""
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


@register("keep")
class KeepOperator(Operator):
    defaults: dict = {}

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return mention.text
