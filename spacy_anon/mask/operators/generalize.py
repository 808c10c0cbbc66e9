"""`generalize`: a generalizer's replacement (`anon_generalize`), else a coarser value of the same kind
(month or year of a date, an age range, a number's magnitude, a category phrase).

Never vacuous: where anon_generalize found only generalizations that tell nothing ("a thing"), or the
built-in category phrase would be one ("something" for MISC), the mention is tagged or suppressed
(anon_generalize's `vacuous`, else `operators={"generalize": {"vacuous": ...}}`), or kept when
anon_generalize found it discloses nothing ("first"); `operate_with_fallback` says which, for the table.
"""
from typing import Optional, Tuple

from spacy.tokens import Span

from spacy_anon.errors import Errors
from spacy_anon.generalize import coarsen
from spacy_anon.generalize.places import generalize_place
from spacy_anon.generalize.vacuous import VACUOUS_POLICIES, fallback_of, is_vacuous, vacuous_policy
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register
from spacy_anon.mask.operators.suppress import SuppressOperator
from spacy_anon.mask.operators.tag import TagOperator
from spacy_anon.mask.value_kinds import VALUE_KINDS, range_surrogate

# Table row field "fallback": why the generalize operator wrote something other than a generalization.
FALLBACK_VACUOUS = "vacuous"
FALLBACK_KEPT = "kept"


def generalizer_value(span: Span, written: frozenset) -> Optional[str]:
    """`span._.anon_replacement` unless it is what an earlier run of anon_mask wrote there."""
    value = span._.anon_replacement
    if value is None or (span.start_char, span.end_char, span.label_, value) in written:
        return None
    return value


def generalize_value(mention: Mention, params: OperatorParams) -> str:
    """The built-in generalization of a mention by its kind: a duration or frequency keeps its unit with
    its number as a range ("for 5-7 days", never "a date"), an age under a date label its age range
    ("de 45 anos" -> "de 40-49 anos"), anything else by its category (`coarsen.generalize`)."""
    kind = mention.fine_type if mention.fine_type in VALUE_KINDS else None
    if kind in ("DURATION", "FREQUENCY"):
        return range_surrogate(kind, mention.text, params.lang)
    label = "AGE" if kind == "AGE" else mention.label
    return coarsen.generalize(label, mention.text, params.lang, date_granularity=params.date_granularity,
                              age_bucket=params.age_bucket, number_style=params.number_style)


@register("generalize")
class GeneralizeOperator(Operator):
    # places: known cities and countries through the gazetteer; vacuous: what mentions no anon_generalize
    # decided on get when only a vacuous value is left; tidy: adjacent equal generalizations merged and
    # "a"/"an" fitted to the replacement (`spacy_anon.mask.tidy`, applied by anon_mask's writer)
    defaults = {"places": False, "vacuous": "tag", "tidy": True}
    fallbacks = {"tag": TagOperator(), "suppress": SuppressOperator()}

    @classmethod
    def _options(cls, params: OperatorParams) -> Tuple[bool, str]:
        """(places, vacuous) of operators={"generalize": {...}}."""
        return bool(cls.option(params, "places")), cls.option(params, "vacuous")

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        if not isinstance(self.option(params, "tidy"), bool):
            raise ValueError(Errors.E123.format(setting="operators.generalize.tidy", value=self.option(params, "tidy"),
                                                allowed="true or false"))
        if params.date_granularity not in coarsen.DATE_GRANULARITIES:
            raise ValueError(Errors.E105.format(valid=coarsen.DATE_GRANULARITIES, value=params.date_granularity))
        if params.number_style not in coarsen.NUMBER_STYLES:
            raise ValueError(Errors.E106.format(valid=coarsen.NUMBER_STYLES, value=params.number_style))
        if params.age_bucket < 1:
            raise ValueError(Errors.E107.format(value=params.age_bucket))
        vacuous = self._options(params)[1]
        if vacuous not in VACUOUS_POLICIES:
            raise ValueError(Errors.E303.format(valid=VACUOUS_POLICIES, value=vacuous))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return self.operate_with_fallback(mention, params)[0]

    def operate_with_fallback(self, mention: Mention,
                              params: OperatorParams) -> Tuple[str, bool, Optional[Tuple[str, str]]]:
        """(replacement, whether a generalizer supplied it, (fallback, operator) or None): the fallback
        is "vacuous" (tagged or suppressed) or "kept" (written as it was)."""
        value = generalizer_value(mention.detected, mention.written) or \
            generalizer_value(mention.span, mention.written)
        if value:
            return value, True, None
        kind = fallback_of(mention.detected) or fallback_of(mention.span)
        if kind == "keep":
            return mention.text, False, (FALLBACK_KEPT, "keep")
        if kind is None:
            # a known city or country: "uma cidade de Portugal" (spacy_anon.generalize.places), else coarsen
            places, vacuous = self._options(params)
            value = (generalize_place(mention.text, params.lang) if places and mention.label == "LOC" else None) \
                or generalize_value(mention, params)
            if not is_vacuous(value, mention.label, lang=coarsen.lang_of(params.lang)):
                if mention.starts_sentence:
                    value = value[:1].upper() + value[1:]
                return value, False, None
            kind = vacuous_policy(mention.span.doc, vacuous)
        return self.fallbacks[kind].operate(mention, params), False, (FALLBACK_VACUOUS, kind)
