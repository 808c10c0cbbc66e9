"""`tag`: a class name and one index per entity, "[PERSON_1]", "[PESSOA_1]" (`tag_format`; class names in
the pipeline's language, `spacy_anon.lexicon.tag_names`)."""

from spacy_anon.errors import Errors
from spacy_anon.lexicon.tag_names import NAME_MODES, resolve_tag_format, tag_label
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def _names(params: OperatorParams) -> str:
    """operators={"tag": {"names": "language"|"category"}}: class names in the pipeline's language or ours."""
    return params.options_of("tag").get("names", "language")


@register("tag")
class TagOperator(Operator):
    def validate(self, params: OperatorParams) -> None:
        self.check_options(params, {"names"})
        if _names(params) not in NAME_MODES:
            raise ValueError(Errors.E135.format(value=_names(params), valid=NAME_MODES))
        fmt = resolve_tag_format(params.tag_format)
        try:
            fmt.format(label="X", index=1, entity="X_1")
        except (KeyError, IndexError, ValueError) as err:
            raise ValueError(Errors.E108.format(setting="tag_format", value=fmt, error=repr(err),
                                                fields="{label}, {index} and {entity}", example="[{label}_{index}]")) from None

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return resolve_tag_format(params.tag_format).format(
            label=tag_label(mention.label, params.lang, _names(params)),
            index=mention.memory.index_of(mention.entity), entity=mention.entity)
