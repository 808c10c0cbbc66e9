"""`mask_chars`: letters and digits overwritten, separators kept; a long number keeps its last few digits
("4111-1111-1111-1111" -> "****-****-****-1111"), as a card receipt shows it.

Settings (`operators = {"mask_chars": {...}}` on anon_mask): `char` (default "*"), `keep_last` (default 4).
Only a value with at least `MIN_DIGITS_SHOWN` digits (a card or an account number) shows its last
`keep_last` digits, and never more than a third of them; anything else is masked whole, letters never
show: "Bob Li" once became "### Li" and a PIN showed its half."""
from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


MIN_DIGITS_SHOWN = 12  # the shortest card number; shorter values (PINs, phones, dates) are masked whole


def mask_characters(text: str, char: str = "*", keep_last: int = 4) -> str:
    """`text` with every letter and digit set to `char`, except the last `keep_last` digits of a value
    with at least `MIN_DIGITS_SHOWN` digits (at most a third of them)."""
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    keep = min(keep_last, len(digits) // 3) if len(digits) >= MIN_DIGITS_SHOWN else 0
    shown = set(digits[len(digits) - keep:]) if keep else set()
    return "".join(char if c.isalnum() and i not in shown else c for i, c in enumerate(text))


@register("mask_chars")
class MaskCharsOperator(Operator):
    defaults = {"char": "*", "keep_last": 4}

    @classmethod
    def _options(cls, params: OperatorParams):
        return cls.option(params, "char"), cls.option(params, "keep_last")

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        char, keep_last = self._options(params)
        if not isinstance(char, str) or len(char) != 1:
            raise ValueError(Errors.E123.format(setting="operators.mask_chars.char", value=char,
                                                allowed="one character"))
        if not isinstance(keep_last, int) or keep_last < 0:
            raise ValueError(Errors.E123.format(setting="operators.mask_chars.keep_last", value=keep_last,
                                                allowed="a whole number >= 0"))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return mask_characters(mention.text, *self._options(params))
