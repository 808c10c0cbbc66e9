"""Assemble ready-to-use pipelines: the embedded offline default, or a user's pipeline with our components."""
import importlib.util
from pathlib import Path
from typing import Any, Dict, Optional, Union

import spacy
from spacy.language import Language

from spacy_anon.mask.component import forget_config_key
from spacy_anon.tagger.span_filters.removed import FACTORY, removed_settings_message

# Components that detect candidates; anon_mask always comes last.
DETECTOR_FACTORIES = ("anon_rules", "anon_regex_generator", "anon_crf", "anon_disclosure")

DEFAULT_MODEL_DIR = Path(__file__).parent / "data" / "default_model"
# The shipped model of each language (docs/languages.md): trained by `spacy project run` on HAREM (pt) and
# MEDDOCAN (es); a language without one gets rules + mask.
DEFAULT_MODEL_DIRS = {"en": DEFAULT_MODEL_DIR, "pt": DEFAULT_MODEL_DIR.with_name("default_model_pt"),
                      "es": DEFAULT_MODEL_DIR.with_name("default_model_es")}
MASK = "anon_mask"
COREF = "anon_coref"


def build_default_pipeline(lang: str = "en", **mask_config: Any) -> Language:
    """The embedded default: the language's shipped model when present, else a blank pipeline with rules + mask."""
    model_dir = DEFAULT_MODEL_DIRS.get(lang)
    if model_dir is not None and (model_dir / "config.cfg").exists():
        return _load_with_mask(model_dir, mask_config)
    nlp = spacy.blank(lang)
    return add_anon_components(nlp, **mask_config)


def _rules_available() -> bool:
    try:
        return importlib.util.find_spec("spacy_anon.rules.component") is not None
    except ModuleNotFoundError:
        return False


def add_anon_components(nlp: Language, **mask_config: Any) -> Language:
    """Add `anon_rules` (if missing) and `anon_mask` (last) to an existing pipeline.

    mask_config: settings of `anon_mask`; an existing `anon_mask` keeps its other settings. A
        `pseudonym_key` is given to the component but kept out of `nlp.config` (never saved).
    """
    mask_config = dict(mask_config)
    key = mask_config.get("pseudonym_key")
    if "anon_rules" not in nlp.pipe_names and _rules_available():
        first_detector = next((n for n in nlp.pipe_names if n in DETECTOR_FACTORIES), None)
        if first_detector:
            nlp.add_pipe("anon_rules", before=first_detector)
        else:
            nlp.add_pipe("anon_rules")
    if COREF not in nlp.pipe_names and MASK not in nlp.pipe_names:
        # one entity, one replacement: acronyms, surnames, aliases join the mentions the detectors found
        nlp.add_pipe(COREF)
    if MASK in nlp.pipe_names:
        if mask_config:
            current = {k: v for k, v in nlp.config["components"][MASK].items() if k != "factory"}
            current.update(mask_config)
            nlp.remove_pipe(MASK)
            nlp.add_pipe(MASK, config=current)
    else:
        nlp.add_pipe(MASK, config=mask_config)
    if key:
        forget_config_key(nlp, MASK)
    return nlp


def _pipeline_has_mask(model: Union[str, Path]) -> bool:
    path = Path(model)
    if not (path / "config.cfg").exists():
        return False
    config = spacy.util.load_config(path / "config.cfg", interpolate=False)
    return MASK in config.get("components", {})


def _refuse_removed_settings(model: Union[str, Path]) -> None:
    """A pipeline saved before anon_crf's post-processing became span filters fails in spaCy's config
    check with a bare "unexpected argument"; say instead which settings to write (and that
    `spacy_anon.tagger.span_filters.migrate_config` rewrites the config)."""
    path = Path(model)
    if not (path / "config.cfg").exists():
        return
    config = spacy.util.load_config(path / "config.cfg", interpolate=False)
    for name, component in config.get("components", {}).items():
        if component.get("factory") == FACTORY:
            message = removed_settings_message(name, component, where=str(path / "config.cfg"))
            if message:
                raise ValueError(message)


def _load_with_mask(model: Union[str, Path], mask_config: Dict[str, Any]) -> Language:
    """spacy.load with the anon_mask overrides applied while loading (when the pipeline has one)."""
    _refuse_removed_settings(model)
    if mask_config and _pipeline_has_mask(model):
        nlp = spacy.load(model, config={"components": {MASK: dict(mask_config)}})
        if mask_config.get("pseudonym_key"):
            forget_config_key(nlp, MASK)
        return add_anon_components(nlp)
    return add_anon_components(spacy.load(model), **mask_config)


def load(model: Optional[Union[str, Path]] = None, lang: str = "en", **mask_config: Any) -> Language:
    """Return a ready anonymization pipeline.

    model: None for the embedded default (works offline), or a spaCy pipeline name/path; the anon
        components are added when it lacks them.
    lang: language of the blank default pipeline when no model is given.
    mask_config: overrides for `anon_mask` (e.g. strategy="tag"); `pseudonym_key` is passed to the
        component but never stored in `nlp.config` (so `nlp.to_disk` cannot write it).

    What runs, per language, without a model (docs/languages.md):
    - "en": the embedded pipeline: anon_regex_generator + anon_crf (names, places, organisations,
      dates, identifiers, ...) and the rule recognizers;
    - "pt" and "es": the shipped CRF models (persons, places, organisations; trained on HAREM, and on
      MEDDOCAN + HAREM for Spanish) and the rule recognizers;
    - any other language ("de", "xx", ...): the rule recognizers only (e-mails, phones, URLs, IDs,
      dates, ages, amounts, postal codes): names, places and organisations stay in clear, and
      `anon_mask` warns once (`spacy_anon.mask.coverage.CoverageWarning`). For names, give a pipeline
      with a `ner` (e.g. a trained spaCy pipeline for the language) or a trained anon_crf.
    """
    if model is None:
        return build_default_pipeline(lang, **mask_config)
    return _load_with_mask(model, mask_config)
