"""`replace`: a fixed text for every mention ("[REDACTED]", or "<{label}>" as Presidio's default).

Settings (`operators = {"replace": {...}}` on anon_mask): `text` (default "[REDACTED]"; `{label}` is the
mention's label)."""
from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def _text(params: OperatorParams) -> str:
    return ReplaceOperator.option(params, "text")


@register("replace")
class ReplaceOperator(Operator):
    defaults = {"text": "[REDACTED]"}

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        text = _text(params)
        try:
            text.format(label="X")
        except (KeyError, IndexError, ValueError, AttributeError) as err:
            raise ValueError(Errors.E108.format(setting="operators.replace.text", value=text, error=repr(err),
                                                fields="{label}", example="<{label}>")) from None

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return _text(params).format(label=mention.label)
