"""`tag`: a class name and one index per entity, "[PERSON_1]", "[PESSOA_1]" (`operators.tag.format`; class names in
the pipeline's language, `spacy_anon.lexicon.tag_names`)."""

from spacy_anon.errors import Errors
from spacy_anon.lexicon.tag_names import NAME_MODES, resolve_tag_format, tag_label
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def _names(params: OperatorParams) -> str:
    """operators={"tag": {"names": "language"|"category"}}: class names in the pipeline's language or ours."""
    return TagOperator.option(params, "names")


@register("tag")
class TagOperator(Operator):
    defaults = {"format": "[{label}_{index}]", "names": "language"}

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        if _names(params) not in NAME_MODES:
            raise ValueError(Errors.E135.format(value=_names(params), valid=NAME_MODES))
        fmt = resolve_tag_format(self.option(params, "format"))
        try:
            fmt.format(label="X", index=1, entity="X_1")
        except (KeyError, IndexError, ValueError) as err:
            raise ValueError(Errors.E108.format(setting="operators.tag.format", value=fmt, error=repr(err),
                                                fields="{label}, {index} and {entity}", example="[{label}_{index}]")) from None

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return resolve_tag_format(self.option(params, "format")).format(
            label=tag_label(mention.label, params.lang, _names(params)),
            index=mention.memory.index_of(mention.entity), entity=mention.entity)
