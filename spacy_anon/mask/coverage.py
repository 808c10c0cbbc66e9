"""Honest language coverage: say so when no detector of names ran before `anon_mask`.

A blank pipeline (`spacy.blank("es")` + `anon_mask`, `spacy_anon.load(lang="de")`) runs only the rule
recognizers: e-mails, phones, IDs and dates are replaced, but names, places and organisations stay in clear.
Nothing in the output says so, so `anon_mask` warns once per component instance.

The check reads the document, not the pipeline: a detector of names marks each document it processed
(spaCy's `ner` sets the IOB annotation, `doc.has_annotation("ENT_IOB")`; `anon_crf` and `anon_disclosure`
set `doc.user_data[NAMES_DETECTOR_KEY]`), so the check holds whatever way the docs were made (a pipeline,
`nlp.pipe`, chunks of a long text, components called by hand). `pipeline_detects_names` is the static
counterpart the command line uses before it processes anything.
"""
import warnings
from typing import Any, Iterable, List, Optional

from spacy.tokens import Doc

from spacy_anon.doc_keys import NAMES_DETECTOR_KEY, RULES_RAN_KEY
from spacy_anon.errors import Warnings

# Factories whose components detect names, places and organisations on each document.
NAME_DETECTOR_FACTORIES = ("ner", "beam_ner", "anon_crf", "anon_disclosure")
# The attribute that records, on a component instance, that it has warned.
_WARNED_ATTR = "_spacy_anon_coverage_warned"

RULES_ONLY = ("only the rule recognizers run (e-mails, phones, URLs, IDs, dates, ages, amounts, postal codes; "
              "in English also names after a title or a kinship word): names, places and organisations stay "
              "in clear")


class CoverageWarning(UserWarning):
    """No detector of names ran on a document that `anon_mask` masked."""


def names_detected(doc: Doc, use_ents: bool = True) -> bool:
    """Whether a detector of names processed `doc` (spaCy's `ner` when `anon_mask` reads `doc.ents`,
    `anon_crf`, `anon_disclosure`)."""
    if doc.user_data.get(NAMES_DETECTOR_KEY):
        return True
    return bool(use_ents) and doc.has_annotation("ENT_IOB")


def coverage_message(lang: str, rules_ran: bool, component: str = "anon_mask") -> str:
    """The warning text: what runs and what is left in clear, and how to fix it."""
    runs = RULES_ONLY if rules_ran else ("no detector ran: only the spans already in the span group are "
                                         "replaced; names, places and organisations stay in clear")
    return Warnings.W101.format(component=component, lang=lang, runs=runs)


def warn_once(component: Any, doc: Doc) -> None:
    """Warn (CoverageWarning) the first time `component` masks a document on which no detector of names
    ran; later documents are not checked. Empty documents say nothing either way."""
    if getattr(component, _WARNED_ATTR, False) or len(doc) == 0:
        return
    if names_detected(doc, getattr(component, "use_ents", True)):
        return
    setattr(component, _WARNED_ATTR, True)
    name = getattr(component, "name", "anon_mask")
    warnings.warn(coverage_message(doc.lang_, bool(doc.user_data.get(RULES_RAN_KEY)), name), CoverageWarning,
                  stacklevel=3)


def mark_warned(component: Any) -> None:
    """Keep `component` from warning (the caller has told the user what runs)."""
    setattr(component, _WARNED_ATTR, True)


def name_detectors(nlp: Any) -> List[str]:
    """The names of the components of `nlp` that detect names (by factory)."""
    found = []
    for pipe_name in nlp.pipe_names:
        factory = nlp.get_pipe_meta(pipe_name).factory
        if factory in NAME_DETECTOR_FACTORIES:
            found.append(pipe_name)
    return found


def pipeline_detects_names(nlp: Any, mask_name: Optional[str] = "anon_mask") -> bool:
    """Whether `nlp` has a detector of names that `anon_mask` reads (a `ner` counts only when the mask
    reads `doc.ents`, `use_ents`)."""
    mask = nlp.get_pipe(mask_name) if mask_name in nlp.pipe_names else None
    use_ents = getattr(mask, "use_ents", True)
    for pipe_name in name_detectors(nlp):
        if nlp.get_pipe_meta(pipe_name).factory in ("ner", "beam_ner") and not use_ents:
            continue
        return True
    return False


def describe(nlp: Any) -> str:
    """One line saying what detects what in `nlp` (for messages)."""
    detectors: Iterable[str] = name_detectors(nlp)
    detectors = list(detectors)
    if detectors:
        return f"names, places and organisations by {', '.join(detectors)}; identifiers by the rules"
    return RULES_ONLY
