"""`tag`: a label and one index per entity, "[PERSON_1]" (`tag_format`)."""

from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, register


@register("tag")
class TagOperator(Operator):
    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.fmt = mask.tag_format

    def validate(self) -> None:
        try:
            self.fmt.format(label="X", index=1, entity="X_1")
        except (KeyError, IndexError, ValueError) as err:
            raise ValueError(Errors.E108.format(setting="tag_format", value=self.fmt, error=repr(err),
                                                fields="{label}, {index} and {entity}", example="[{label}_{index}]")) from None

    def operate(self, mention: Mention) -> str:
        return self.fmt.format(label=mention.label, index=mention.memory.index_of(mention.entity),
                               entity=mention.entity)
