"""What `anon_crf` saves: learned state only (the config is the truth, `spacy_anon.saved_settings`):
the settings its weights were trained with, the gazetteers and word clusters its features read, what
the span filters learned, and the CRFsuite model. The files of `to_disk` and the state of `to_bytes`."""
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, Mapping, Optional

import srsly

from spacy_anon.saved_settings import check_saved_settings as check_config_wins
from spacy_anon.saved_settings import trained_settings
from spacy_anon.tagger.span_filters.base import SpanFilter
from spacy_anon.tagger.span_filters.chain import span_filter_state
from spacy_anon.tagger.span_filters.removed import REMOVED_SETTINGS, check_saved_settings

# the settings that shape the features the weights were trained on: saved with the model, must equal the config's
TRAINED_WITH = ("feature_span_keys", "window_size", "affix", "extra_features", "tag_scheme")
RENAMED_SAVED = {"window": "window_size"}  # cfg.json of models saved before the rename (settings_vocabulary)
FILTER_STATE = "span_filters.json"  # what the span filters learned, by filter name
LEGACY_BOUNDARIES = "boundaries.json"  # repair_boundaries' words in pipelines saved before span filters


def learned_state(cfg: Mapping[str, Any], gazetteer_terms: Mapping[str, FrozenSet[str]], clusters: Dict[str, str],
                  span_filters: Mapping[str, SpanFilter]) -> Dict[str, Any]:
    """The component's state besides the model: trained-with settings, gazetteers (sorted lists),
    word clusters and the span filters' learned state."""
    return {
        "cfg": trained_settings(cfg, TRAINED_WITH),
        "gazetteers": {k: sorted(v) for k, v in gazetteer_terms.items()},
        "clusters": clusters,
        "span_filters": span_filter_state(span_filters),
    }


def gazetteer_terms_of(saved: Mapping[str, Any]) -> Dict[str, FrozenSet[str]]:
    """Saved gazetteers (lists) as the features read them (sets)."""
    return {k: frozenset(v) for k, v in saved.items()}


def check_saved_cfg(name: str, saved: Mapping[str, Any], cfg: Mapping[str, Any],
                    span_filters: Mapping[str, SpanFilter]) -> None:
    """Settings saved with the model: the config's win (`spacy_anon.saved_settings`); those the weights
    were trained with must equal the config's. Those that became span filters (a pipeline saved before
    them) are not settings any more; a step they switch on must be among the configured filters."""
    saved = {RENAMED_SAVED.get(key, key): value for key, value in saved.items()}
    removed = {key: saved.pop(key) for key in list(saved) if key in REMOVED_SETTINGS}
    check_saved_settings(name, removed, span_filters)
    check_config_wins(name, saved, cfg, trained_with=TRAINED_WITH)


def disk_writers(state: Mapping[str, Any], model_bytes: Optional[bytes]) -> Dict[str, Callable[[Path], None]]:
    """`spacy.util.to_disk` serializers of a `learned_state` and the model: a file for what is not empty."""

    def write_model(p: Path) -> None:
        if model_bytes is not None:
            p.write_bytes(model_bytes)

    return {
        "cfg.json": lambda p: srsly.write_json(p, state["cfg"]),
        "gazetteers.json": lambda p: srsly.write_gzip_json(p, state["gazetteers"]),
        "clusters.json": lambda p: srsly.write_gzip_json(p, state["clusters"]) if state["clusters"] else None,
        FILTER_STATE: lambda p: srsly.write_json(p, state["span_filters"]) if state["span_filters"] else None,
        "model.crfsuite": write_model,
    }
