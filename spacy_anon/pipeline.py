"""Assemble ready-to-use pipelines: the embedded offline default, or a user's pipeline with our components."""
from pathlib import Path
from typing import Any, Dict, Optional, Union

import spacy
from spacy.language import Language

# Components that detect candidates; anon_mask always comes last.
DETECTOR_FACTORIES = ("anon_rules", "anon_regex_generator", "anon_crf", "anon_disclosure")

DEFAULT_MODEL_DIR = Path(__file__).parent / "data" / "default_model"


def build_default_pipeline(lang: str = "en", **mask_config: Any) -> Language:
    """The embedded default: the shipped model when present, else a blank pipeline with rules + mask."""
    if lang == "en" and (DEFAULT_MODEL_DIR / "config.cfg").exists():
        nlp = spacy.load(DEFAULT_MODEL_DIR)
    else:
        nlp = spacy.blank(lang)
    return add_anon_components(nlp, **mask_config)


def add_anon_components(nlp: Language, **mask_config: Any) -> Language:
    """Add `anon_rules` (if missing) and `anon_mask` (last) to an existing pipeline."""
    if "anon_rules" not in nlp.pipe_names:
        first_detector = next((n for n in nlp.pipe_names if n in DETECTOR_FACTORIES), None)
        if first_detector:
            nlp.add_pipe("anon_rules", before=first_detector)
        else:
            nlp.add_pipe("anon_rules")
    if "anon_mask" in nlp.pipe_names:
        if mask_config:
            nlp.remove_pipe("anon_mask")
            nlp.add_pipe("anon_mask", config=mask_config)
    else:
        nlp.add_pipe("anon_mask", config=mask_config)
    return nlp


def load(model: Optional[Union[str, Path]] = None, lang: str = "en", **mask_config: Any) -> Language:
    """Return a ready anonymization pipeline.

    model: None for the embedded default (works offline), or a spaCy pipeline name/path; the anon
        components are added when it lacks them.
    mask_config: overrides for `anon_mask` (e.g. strategy="tag").
    """
    if model is None:
        return build_default_pipeline(lang, **mask_config)
    nlp = spacy.load(model)
    return add_anon_components(nlp, **mask_config)
