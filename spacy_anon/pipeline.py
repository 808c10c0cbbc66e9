"""Assemble ready-to-use pipelines: the embedded offline default, or a user's pipeline with our components."""
import copy
import importlib
import importlib.util
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import spacy
from spacy import util
from spacy.language import Language

from spacy_anon.errors import Errors
from spacy_anon.labels import CATEGORIES
from spacy_anon.mask.component import forget_config_key
from spacy_anon.mask.settings import MOVED_TO_OPERATORS, moved_settings
from spacy_anon.policy import read_recognizers
from spacy_anon.settings_vocabulary import VOCABULARY
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
RULES = "anon_rules"
# Keywords of `load` that are no anon_mask setting: they go to anon_rules, or are spaCy config overrides.
OWN_KEYWORDS = ("config", "deny_list", "recognizers")
CONFIG_SECTIONS = ("nlp", "components")  # the sections of a config that change a loaded pipeline


def build_default_pipeline(lang: str = "en", **mask_config: Any) -> Language:
    """The embedded default: the language's shipped model when present, else a blank pipeline with rules + mask."""
    return load(None, lang, **mask_config)


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
        # one entity, one replacement: acronyms, surnames, aliases join the mentions the detectors found;
        # the settings both must agree on (settings_vocabulary) get the mask's values
        nlp.add_pipe(COREF, config=coref_shares(mask_config))
    if MASK in nlp.pipe_names:
        if mask_config:
            current = {k: v for k, v in nlp.config.interpolate()["components"][MASK].items() if k != "factory"}
            current.update(mask_config)
            nlp.remove_pipe(MASK)
            nlp.add_pipe(MASK, config=current)
    else:
        nlp.add_pipe(MASK, config=mask_config)
    if key:
        forget_config_key(nlp, MASK)
    return nlp


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


def mask_settings() -> Tuple[str, ...]:
    """The settings of the `anon_mask` factory (its module is imported above, so it is registered)."""
    return tuple(Language.get_factory_meta(MASK).default_config)


def load_keywords(moved: bool = False) -> Tuple[str, ...]:
    """Every keyword `load` documents besides model and lang; moved: with the operators' former top-level
    settings, still accepted (`MOVED_TO_OPERATORS`, applied under `operators` with W195)."""
    return tuple(sorted(set(mask_settings()) | set(OWN_KEYWORDS) | (set(MOVED_TO_OPERATORS) if moved else set())))


def load(model: Optional[Union[str, Path]] = None, lang: str = "en", *, config: Optional[Mapping[str, Any]] = None,
         recognizers: Any = None, deny_list: Any = None, **mask_config: Any) -> Language:
    """Return a ready anonymization pipeline, every keyword applied to the component that owns it.

    model: None for the embedded default (works offline), or a spaCy pipeline name/path; the anon
        components are added when it lacks them.
    lang: language of the default pipeline when no model is given.
    mask_config: settings of `anon_mask` (strategy, label_strategies, operators, allow_list, min_score,
        ...). `min_score` may be a dict of label -> score, "default" for the other labels (it then sets
        `min_score` and `label_min_scores`). `rules` goes to the pipeline's `anon_rules`. `pseudonym_key`
        is passed to the component but never stored in `nlp.config` (so `nlp.to_disk` cannot write it).
    recognizers: custom recognizers of `anon_rules`: a YAML/JSON file (`spacy_anon.policy`), a dict or
        a list of both; they join the pipeline's own (one of the same name is replaced).
    deny_list: terms `anon_rules` always reports: {"text" | "pattern", "label"} dicts, or a dict of
        label -> words; they join the pipeline's own.
    config: spaCy config overrides of the pipeline, nested ({"components": {"anon_crf": {...}}}) or
        dotted ({"components.anon_crf.min_score": 0.5}); only [nlp] and [components.*] are accepted.
    Dict settings are merged into the pipeline's (a label or operator you do not name keeps its value),
    list settings replace it except allow_list, deny_list and recognizers, which add to it; everything
    is in `nlp.config`, so `nlp.to_disk` saves it and `spacy.load` restores it. An unknown keyword is
    refused (E050).

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
    unknown = sorted(set(mask_config) - set(mask_settings()) - set(MOVED_TO_OPERATORS))
    if unknown:
        raise TypeError(Errors.E050.format(names=", ".join(unknown), valid=", ".join(load_keywords())))
    settings = route_settings(dict(mask_config), recognizers, deny_list)
    return assemble(model, lang, settings, _nested(config or {}))


def route_settings(mask_config: Dict[str, Any], recognizers: Any = None, deny_list: Any = None
                   ) -> Dict[str, Dict[str, Any]]:
    """The settings of `load` by the factory that owns them ({"anon_mask": {...}, "anon_rules": {...}})."""
    mask = dict(mask_config)
    rules: Dict[str, Any] = {}
    if set(mask) & set(MOVED_TO_OPERATORS):  # an operator's former top-level setting: under `operators` (W195)
        operators = moved_settings(mask, mask.get("operators") or {})
        mask = {k: v for k, v in mask.items() if k not in MOVED_TO_OPERATORS}
        mask["operators"] = operators
    if "min_score" in mask:
        mask.update(_min_scores(mask.pop("min_score"), mask.pop("label_min_scores", None)))
    elif "label_min_scores" in mask:
        mask["label_min_scores"] = _min_scores({}, mask["label_min_scores"])["label_min_scores"]
    if "rules" in mask and mask.get("run_rules") is not True:
        rules.update(mask.pop("rules") or {})  # the pipeline's anon_rules is what runs the rules
    extra: List[str] = []
    if recognizers is not None:
        entries, labels = read_recognizers(recognizers)
        rules["custom_recognizers"] = list(rules.get("custom_recognizers", [])) + entries
        extra += labels
    if deny_list is not None:
        entries = _deny_entries(deny_list)
        rules["deny_list"] = list(rules.get("deny_list", [])) + entries
        extra += [e["label"] for e in entries if isinstance(e.get("label"), str) and e["label"] not in CATEGORIES]
    if extra:
        rules["extra_labels"] = sorted(set(rules.get("extra_labels", [])) | set(extra))
    return {name: cfg for name, cfg in ((MASK, mask), (RULES, rules)) if cfg}


def _min_scores(value: Any, per_label: Any) -> Dict[str, Any]:
    """min_score as a number, or {"default": x, LABEL: y}: `min_score` and `label_min_scores` of anon_mask."""
    def score(name: str, v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
            raise ValueError(Errors.E056.format(value=v, name=name))
        return float(v)

    out: Dict[str, Any] = {}
    labels: Dict[str, float] = {}
    if isinstance(value, Mapping):
        for label, v in value.items():
            if label == "default":
                out["min_score"] = score(label, v)
            else:
                labels[str(label)] = score(label, v)
    else:
        out["min_score"] = score("min_score", value)
    if per_label is not None:
        if not isinstance(per_label, Mapping):
            raise ValueError(Errors.E056.format(value=per_label, name="label_min_scores"))
        labels.update({str(k): score(k, v) for k, v in per_label.items()})
    if labels:
        out["label_min_scores"] = labels
    return out


def _deny_entries(deny_list: Any) -> List[Dict[str, Any]]:
    if isinstance(deny_list, Mapping):
        entries = []
        for label, words in deny_list.items():
            if isinstance(words, str) or not isinstance(words, (list, tuple)):
                raise ValueError(Errors.E057.format(kind=f"{type(words).__name__} for {label!r}"))
            entries += [{"text": w, "label": label} for w in words]
        return entries
    if isinstance(deny_list, (list, tuple)) and all(isinstance(e, Mapping) for e in deny_list):
        return [dict(e) for e in deny_list]
    raise ValueError(Errors.E057.format(kind=type(deny_list).__name__))


def _nested(overrides: Mapping[str, Any]) -> Dict[str, Any]:
    """Config overrides as a nested dict: dotted keys ("components.anon_crf.min_score") are split."""
    out: Dict[str, Any] = {}
    for key, value in overrides.items():
        parts = str(key).split(".")
        node = out
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        if isinstance(value, Mapping) and not _is_function(value):
            _merge(node.setdefault(parts[-1], {}), _nested(value))
        else:
            node[parts[-1]] = copy.deepcopy(value)
    return out


def _is_function(value: Mapping[str, Any]) -> bool:
    """A registered-function block ({"@misc": ...}): an override naming one replaces the block whole."""
    return any(str(k).startswith("@") for k in value)


def _merge(target: Dict[str, Any], overrides: Mapping[str, Any], extend: Sequence[str] = ()) -> None:
    """Merge `overrides` into `target`: dicts merge, other values replace, lists named in `extend` grow
    (an entry with the `name` of an existing one replaces it). A registered function's block is replaced
    by a block naming a function ("@misc") and takes the arguments of one that names none."""
    for key, value in overrides.items():
        current = target.get(key)
        if isinstance(value, Mapping) and not _is_function(value) and isinstance(current, dict):
            _merge(current, value)
        elif key in extend and isinstance(current, list) and isinstance(value, list):
            names = {e.get("name") for e in value if isinstance(e, Mapping) and e.get("name")}
            kept = [e for e in current if not (isinstance(e, Mapping) and e.get("name") in names)]
            target[key] = kept + [copy.deepcopy(e) for e in value if e not in kept]
        else:
            target[key] = copy.deepcopy(value)


# Lists of each component that keyword settings add to rather than replace.
EXTEND = {MASK: ("allow_list",), RULES: ("custom_recognizers", "deny_list", "extra_labels", "allow_list")}


def _model_location(model: Optional[Union[str, Path]], lang: str) -> Tuple[Optional[Path], Optional[Dict[str, Any]]]:
    """(data directory, meta) of a pipeline: the shipped default, a path or an installed package;
    (None, None) for a blank pipeline of `lang`."""
    if model is None:
        model_dir = DEFAULT_MODEL_DIRS.get(lang)
        return (model_dir, None) if model_dir is not None and (model_dir / "config.cfg").exists() else (None, None)
    if isinstance(model, str) and util.is_package(model):
        package = Path(importlib.import_module(model).__file__).parent  # as spacy.util.load_model_from_init_py
        meta = util.get_model_meta(package)
        return package / f"{meta['lang']}_{meta['name']}-{meta['version']}", meta
    if Path(model).exists():
        return Path(model), None
    raise IOError(spacy.errors.Errors.E050.format(name=model))


def assemble(model: Optional[Union[str, Path]], lang: str, settings: Mapping[str, Mapping[str, Any]],
             overrides: Mapping[str, Any]) -> Language:
    """Build the pipeline from its config with the anon components it lacks and every setting merged in,
    then load its data: nothing is applied after building, so `nlp.config` holds every setting."""
    if isinstance(model, str) and model.startswith("blank:"):  # spaCy's name of a blank pipeline
        model, lang = None, model[len("blank:"):]
        path, meta = None, None
    else:
        path, meta = _model_location(model, lang)
    if path is not None:
        _refuse_removed_settings(path)
        config = util.load_config(path / "config.cfg", interpolate=False)
        meta = meta or util.get_model_meta(path)
    else:
        config = spacy.blank(lang).config.copy()
    on_disk = set(config["nlp"]["pipeline"]) if path is not None else set()
    names = _add_anon_sections(config)
    for section in overrides:
        if section not in CONFIG_SECTIONS:
            raise ValueError(Errors.E055.format(name=section))
    for name in overrides.get("components", {}):
        if name not in config["components"]:
            raise ValueError(Errors.E054.format(name=name, pipeline=", ".join(config["nlp"]["pipeline"])))
    _merge(config, overrides)
    settings = _shared_with_coref(config, names, settings)
    for factory, cfg in settings.items():
        _merge(config["components"][names[factory]], cfg, EXTEND.get(factory, ()))
    nlp = util.load_model_from_config(config, meta=meta or {})
    if path is not None:  # the config is the one built here; components added here have no data
        nlp.from_disk(path, exclude=["config"] + [n for n in nlp.component_names if n not in on_disk])
    if nlp.get_pipe_config(names[MASK]).get("pseudonym_key"):
        forget_config_key(nlp, names[MASK])
    return nlp


def coref_shares(mask_config: Mapping[str, Any]) -> Dict[str, Any]:
    """The settings of `mask_config` that anon_coref has too and must agree on (`settings_vocabulary`)."""
    return {key: value for key, value in mask_config.items()
            if key in VOCABULARY and VOCABULARY[key].must_agree and COREF in VOCABULARY[key].factories}


def _shared_with_coref(config: Dict[str, Any], names: Mapping[str, str],
                       settings: Mapping[str, Mapping[str, Any]]) -> Dict[str, Dict[str, Any]]:
    """`settings` with those anon_coref and anon_mask must agree on (`settings_vocabulary`: use_ents,
    ent_label_map, grouper) given to anon_coref too; one the mask's config takes from anon_coref's
    (`${components.anon_coref.grouper}`) is given to anon_coref only, so the reference carries it."""
    out = {factory: dict(cfg) for factory, cfg in settings.items()}
    if COREF not in names or MASK not in out:
        return out
    coref, mask = names[COREF], config["components"][names[MASK]]
    shared = coref_shares(out[MASK])
    for key in shared:
        if mask.get(key) == "${components.%s.%s}" % (coref, key):
            del out[MASK][key]
    out.setdefault(COREF, {}).update(shared)
    return out


def _add_anon_sections(config: Dict[str, Any]) -> Dict[str, str]:
    """Add to a pipeline config the anon components it lacks (as `add_anon_components` places them);
    RETURNS factory -> component name."""
    pipeline: List[str] = list(config["nlp"]["pipeline"])
    components = config["components"]

    def named(factory: str) -> Optional[str]:
        return next((n for n in pipeline if components.get(n, {}).get("factory") == factory), None)

    if named(RULES) is None and _rules_available():
        first_detector = next((n for n in pipeline if components.get(n, {}).get("factory") in DETECTOR_FACTORIES),
                              None)
        pipeline.insert(pipeline.index(first_detector) if first_detector else len(pipeline), RULES)
        components[RULES] = {"factory": RULES}
    if named(COREF) is None and named(MASK) is None:
        pipeline.append(COREF)
        pipeline.append(MASK)
        # the settings both must agree on are written once, in anon_coref's section (spaCy variables)
        shared = [k for k, e in VOCABULARY.items() if e.must_agree and {COREF, MASK} <= set(e.factories)]
        components[COREF] = {"factory": COREF, **{k: copy.deepcopy(VOCABULARY[k].default) for k in shared}}
        components[MASK] = {"factory": MASK, **{k: "${components.%s.%s}" % (COREF, k) for k in shared}}
    if named(MASK) is None:
        pipeline.append(MASK)
        components[MASK] = {"factory": MASK}
    config["nlp"]["pipeline"] = pipeline
    return {factory: named(factory) for factory in (RULES, COREF, MASK) if named(factory)}
