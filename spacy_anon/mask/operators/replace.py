"""`replace`: a fixed text for every mention ("[REDACTED]", or "<{label}>" as Presidio's default).

Settings (`operators = {"replace": {...}}` on anon_mask): `text` (default "[REDACTED]"; `{label}` is the
mention's label)."""
from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, register


@register("replace")
class ReplaceOperator(Operator):
    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.text = self.settings().get("text", "[REDACTED]")

    def validate(self) -> None:
        self.check_settings({"text"})
        try:
            self.text.format(label="X")
        except (KeyError, IndexError, ValueError, AttributeError) as err:
            raise ValueError(Errors.E108.format(setting="operators.replace.text", value=self.text, error=repr(err),
                                                fields="{label}", example="<{label}>")) from None

    def operate(self, mention: Mention) -> str:
        return self.text.format(label=mention.label)
