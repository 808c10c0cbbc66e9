"""`suppress`: the mention removed, a filler in its place (`suppress_filler`, `suppress_keep_length`)."""
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def suppress(text: str, filler: str = "***", keep_length: bool = False) -> str:
    """The filler, or the filler repeated to the length of `text`."""
    if keep_length and filler:
        return (filler * (len(text) // len(filler) + 1))[: len(text)]
    return filler


@register("suppress")
class SuppressOperator(Operator):
    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return suppress(mention.text, params.suppress_filler, params.suppress_keep_length)
