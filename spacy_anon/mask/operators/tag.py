"""`tag`: a class name and one index per entity, "[PERSON_1]", "[PESSOA_1]" (`tag_format`; class names in
the pipeline's language, `spacy_anon.lexicon.tag_names`)."""

from spacy_anon.errors import Errors
from spacy_anon.lexicon.tag_names import NAME_MODES, resolve_tag_format, tag_label
from spacy_anon.mask.operators.base import Mention, Operator, register


@register("tag")
class TagOperator(Operator):
    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.fmt = resolve_tag_format(mask.tag_format)
        # operators={"tag": {"names": "language"|"category"}}: class names in the pipeline's language or ours
        self.names, self.lang = self.settings().get("names", "language"), getattr(mask, "lang", "en")

    def validate(self) -> None:
        self.check_settings({"names"})
        if self.names not in NAME_MODES:
            raise ValueError(Errors.E950.format(value=self.names, valid=NAME_MODES))
        try:
            self.fmt.format(label="X", index=1, entity="X_1")
        except (KeyError, IndexError, ValueError) as err:
            raise ValueError(Errors.E108.format(setting="tag_format", value=self.fmt, error=repr(err),
                                                fields="{label}, {index} and {entity}", example="[{label}_{index}]")) from None

    def operate(self, mention: Mention) -> str:
        return self.fmt.format(label=tag_label(mention.label, self.lang, self.names),
                               index=mention.memory.index_of(mention.entity), entity=mention.entity)
