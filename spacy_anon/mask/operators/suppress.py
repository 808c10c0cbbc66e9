"""`suppress`: the mention removed, a filler in its place (`suppress_filler`, `suppress_keep_length`)."""
from spacy_anon.mask.operators.base import Mention, Operator, register


def suppress(text: str, filler: str = "***", keep_length: bool = False) -> str:
    """The filler, or the filler repeated to the length of `text`."""
    if keep_length and filler:
        return (filler * (len(text) // len(filler) + 1))[: len(text)]
    return filler


@register("suppress")
class SuppressOperator(Operator):
    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.filler, self.keep_length = mask.suppress_filler, mask.suppress_keep_length

    def operate(self, mention: Mention) -> str:
        return suppress(mention.text, self.filler, self.keep_length)
