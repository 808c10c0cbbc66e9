"""`mask_chars`: letters and digits overwritten, the last few kept, separators kept ("4111-1111-1111-1111"
-> "****-****-****-1111"), as a card receipt shows it.

Settings (`operators = {"mask_chars": {...}}` on anon_mask): `char` (default "*"), `keep_last` (default 4;
never more than half of the mention's letters and digits, so a short value is not shown whole)."""
from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def mask_characters(text: str, char: str = "*", keep_last: int = 4) -> str:
    """`text` with every letter and digit but the last `keep_last` (at most half of them) set to `char`."""
    positions = [i for i, c in enumerate(text) if c.isalnum()]
    keep = min(keep_last, len(positions) // 2)
    hidden = set(positions[:len(positions) - keep])
    return "".join(char if i in hidden else c for i, c in enumerate(text))


@register("mask_chars")
class MaskCharsOperator(Operator):
    @staticmethod
    def _options(params: OperatorParams):
        options = params.options_of("mask_chars")
        return options.get("char", "*"), options.get("keep_last", 4)

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params, {"char", "keep_last"})
        char, keep_last = self._options(params)
        if not isinstance(char, str) or len(char) != 1:
            raise ValueError(Errors.E123.format(setting="operators.mask_chars.char", value=char,
                                                allowed="one character"))
        if not isinstance(keep_last, int) or keep_last < 0:
            raise ValueError(Errors.E123.format(setting="operators.mask_chars.keep_last", value=keep_last,
                                                allowed="a whole number >= 0"))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return mask_characters(mention.text, *self._options(params))
