"""`suppress`: the mention removed, a filler in its place.

Settings (`operators = {"suppress": {...}}` on anon_mask): `filler` (default "***"), `keep_length`
(default false: the filler repeated to the mention's length when true)."""
from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def suppress(text: str, filler: str = "***", keep_length: bool = False) -> str:
    """The filler, or the filler repeated to the length of `text`."""
    if keep_length and filler:
        return (filler * (len(text) // len(filler) + 1))[: len(text)]
    return filler


@register("suppress")
class SuppressOperator(Operator):
    defaults = {"filler": "***", "keep_length": False}

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        filler, keep_length = self.option(params, "filler"), self.option(params, "keep_length")
        if not isinstance(filler, str):
            raise ValueError(Errors.E123.format(setting="operators.suppress.filler", value=filler, allowed="a text"))
        if not isinstance(keep_length, bool):
            raise ValueError(Errors.E123.format(setting="operators.suppress.keep_length", value=keep_length,
                                                allowed="true or false"))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return suppress(mention.text, self.option(params, "filler"), self.option(params, "keep_length"))
