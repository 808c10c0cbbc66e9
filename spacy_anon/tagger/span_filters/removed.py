"""`anon_crf` settings that became span filters: the `span_filters` entries that replace them, the error
that names both, and a rewrite of configs written before (a saved pipeline's `config.cfg`).

The old settings switched the steps on in a fixed order, which is the order below; the equivalent
`span_filters` lists them in that order, so a rewritten config gives the same spans.
"""
import json
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Type

from thinc.api import Config

from spacy_anon.errors import Errors
from spacy_anon.tagger.span_filters.base import SpanFilter
from spacy_anon.tagger.span_filters.boundary_repair import RepairBoundaries
from spacy_anon.tagger.span_filters.chunks import MergeAdjacent, TrimPartialChunks
from spacy_anon.tagger.span_filters.dates import DateChunks, DropImplausibleDates
from spacy_anon.tagger.span_filters.names import ExtendNames, TrimCommonWords
from spacy_anon.tagger.span_filters.propagation import Propagate

FACTORY = "anon_crf"


class Replacement(NamedTuple):
    name: str  # the entry's name under span_filters
    function: str  # its registered function
    kind: Type[SpanFilter]
    setting: Optional[str] = None  # the filter setting that takes the old value (None: a switch)


REMOVED_SETTINGS: Dict[str, Replacement] = {
    "trim_partial_chunks": Replacement("trim_partial_chunks", "spacy_anon.trim_partial_chunks.v1", TrimPartialChunks),
    "trim_common_words": Replacement("trim_common_words", "spacy_anon.trim_common_words.v1", TrimCommonWords),
    "repair_boundaries": Replacement("repair_boundaries", "spacy_anon.repair_boundaries.v1", RepairBoundaries),
    "date_label": Replacement("date_chunks", "spacy_anon.date_chunks.v1", DateChunks, "label"),
    "drop_implausible_dates": Replacement(
        "drop_implausible_dates", "spacy_anon.drop_implausible_dates.v1", DropImplausibleDates),
    "extend_names": Replacement("extend_names", "spacy_anon.extend_names.v1", ExtendNames),
    "propagate": Replacement("propagate", "spacy_anon.propagate.v1", Propagate),
    "merge_adjacent": Replacement("merge_adjacent", "spacy_anon.merge_adjacent.v1", MergeAdjacent),
}


def span_filters_for(settings: Mapping[str, Any]) -> Dict[str, Dict[str, Any]]:
    """The `span_filters` entries that do what the removed settings among `settings` did, in the order
    the component applied them; a setting that was off gives no entry."""
    out: Dict[str, Dict[str, Any]] = {}
    for key, new in REMOVED_SETTINGS.items():
        value = settings.get(key)
        if not value:
            continue
        entry: Dict[str, Any] = {"@misc": new.function}
        if new.setting:
            entry[new.setting] = value
        out[new.name] = entry
    return out


def config_lines(component: str, filters: Mapping[str, Mapping[str, Any]]) -> List[str]:
    """`filters` as the sections of a .cfg file."""
    lines: List[str] = []
    for name, entry in filters.items():
        lines.append(f"\n[components.{component}.span_filters.{name}]")
        lines.extend(f"{key} = {json.dumps(value)}" for key, value in entry.items())
    return lines


def removed_settings_message(component: str, settings: Mapping[str, Any], where: str = "") -> Optional[str]:
    """Why the removed settings among `settings` no longer work and what replaces them; None if none."""
    keys = [key for key in settings if key in REMOVED_SETTINGS]
    if not keys:
        return None
    named = ", ".join(f"{key} (now {REMOVED_SETTINGS[key].function})" for key in keys)
    text = (f"[{component}] {named}: no longer settings of anon_crf{where}. Its post-processing steps are "
            "span filters (spacy_anon.tagger.span_filters), applied in the order listed under span_filters. ")
    filters = span_filters_for(settings)
    if not filters:
        return text + "Fix: delete the settings (the values given switch nothing on)."
    return text + "Fix: for the values given, write\n" + "\n".join(config_lines(component, filters))


def removed_settings_error(component: str, settings: Mapping[str, Any], where: str = "") -> ValueError:
    return ValueError(removed_settings_message(component, settings, where))


def check_saved_settings(component: str, saved: Mapping[str, Any], filters: Mapping[str, Any]) -> None:
    """Refuse saved settings (a pipeline's `cfg.json` written before span filters) that switch on a step
    the configured `filters` lack: the pipeline would silently lose it."""
    missing = {}
    for key, value in saved.items():
        new = REMOVED_SETTINGS[key]
        if not value:
            continue
        found = [f for f in filters.values() if isinstance(f, new.kind)]
        if new.setting:
            found = [f for f in found if getattr(f, new.setting, None) == value]
        if not found:
            missing[key] = value
    if missing:
        raise ValueError(
            Errors.E615.format(message=removed_settings_message(
                component, missing, " (saved in this pipeline's anon_crf/cfg.json)"))
        )


def migrate_config(config: Config) -> Config:
    """A copy of `config` whose `anon_crf` components name their post-processing as span filters.

    Loading a pipeline saved before span filters: rewrite its `config.cfg` with this (its `cfg.json`
    may keep the old settings; the component checks them against the filters).
    """
    out = (config if isinstance(config, Config) else Config(config)).copy()
    for name, section in out.get("components", {}).items():
        if section.get("factory") != FACTORY:
            continue
        removed = {key: section.pop(key) for key in list(section) if key in REMOVED_SETTINGS}
        filters = span_filters_for(removed)
        if filters and section.get("span_filters"):
            raise ValueError(Errors.E616.format(name=name, removed=sorted(removed)))
        if filters:
            section["span_filters"] = filters
    return out
