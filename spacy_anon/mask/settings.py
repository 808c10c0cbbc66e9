"""anon_mask's settings: their defaults, their checks, and the names `label_strategies` accepts.

`validated_settings` turns the component's keyword arguments into one dict of checked values (the
component's attributes, by the same names), or raises the coded error that names the setting and the fix;
`operator_params` builds the operators' parameters from it once (`spacy_anon.mask.operators`).
"""
import os
import warnings
from typing import Any, Dict, Optional, Tuple

from spacy.pipeline import TrainablePipe

from spacy_anon.doc_keys import MASKED_SPAN_KEY, SPAN_KEY
from spacy_anon.errors import Errors, Warnings
from spacy_anon.generalize import coarsen
from spacy_anon.labels import CATEGORIES, DEFAULT_ENT_LABEL_MAP, known_types
from spacy_anon.mask import fine_types, thresholds
from spacy_anon.mask.grouping import DEFAULT_HONORIFICS, make_name_part_grouper
from spacy_anon.mask.keys import MIN_KEY_BITS, estimated_bits
from spacy_anon.mask.operators.base import BUILT_IN, KEY_ENV, OperatorParams, get_operator
from spacy_anon.mask.operators.surrogate import (DEFAULT_DATE_SHIFT_DAYS, DEFAULT_LOCALES,  # noqa: F401
                                               MAX_DATE_SHIFT_DAYS, SurrogateOperator, provider_extras)
from spacy_anon.mask.overlaps import make_overlap_resolver
from spacy_anon.mask.surrogates import make_faker_surrogates
from spacy_anon.rules.component import AnonRules
from spacy_anon.rules.recognizers import REGISTRY
from spacy_anon.settings_vocabulary import checked

CONSISTENCY = ("doc", "pipeline")
RUN_RULES = ("auto", True, False)
# A seed is public: with candidate lists anyone reverses seeded surrogates. Tests may still use one alone
# when this variable is "1"; any other run needs a secret key.
ALLOW_SEED_ENV = "SPACY_ANON_ALLOW_SEED_ONLY"
MIN_KEY_LENGTH = 16
KEY_SCOPES = ("document", "corpus")
# Settings that were anon_mask's and belong to one operator: old name -> (operator, its setting). The old
# name is still accepted, applied there with warning W195 (E195 when both are given, differently).
MOVED_TO_OPERATORS: Dict[str, Tuple[str, str]] = {
    "suppress_filler": ("suppress", "filler"),
    "suppress_keep_length": ("suppress", "keep_length"),
    "tag_format": ("tag", "format"),
    "surrogate_locale": ("surrogate", "locale"),
    "date_shift_days": ("surrogate", "date_shift_days"),
    "pseudonym_format": ("pseudonym", "format"),
    "pseudonym_length": ("pseudonym", "length"),
    "tidy_generalized": ("generalize", "tidy"),
}


def operator_defaults() -> Dict[str, Dict[str, Any]]:
    """The settings of the built-in operators that have some, with the defaults each operator declares."""
    classes = {name: get_operator(name) for name in BUILT_IN}
    return {name: dict(cls.defaults) for name, cls in classes.items() if cls.defaults}

DEFAULT_CONFIG: Dict[str, Any] = {
    "strategy": "tag",
    "label_strategies": {},
    "extra_labels": [],
    "use_ents": True,
    "ent_label_map": None,
    "spans_key": SPAN_KEY,
    "masked_spans_key": MASKED_SPAN_KEY,
    "run_rules": "auto",
    "rules": {},
    "overlap_resolver": {"@misc": "spacy_anon.resolve_overlaps.v1"},
    "grouper": {"@misc": "spacy_anon.name_part_grouper.v1"},
    "surrogate_provider": {"@misc": "spacy_anon.faker_surrogates.v1"},
    "seed": None,
    "pseudonym_key": None,
    "date_granularity": "month",
    "age_bucket": 10,
    "number_style": "about",
    "consistency": "doc",
    "key_scope": "document",
    "include_original": False,
    "allow_list": [],
    "leak_guard": True,
    "operators": operator_defaults(),
    "min_score": 0.0,
    "label_min_scores": {},
    "scorer": {"@scorers": "spacy_anon.anon_scorer.v1"},
}

# `AnonMask(...)` outside a config: the same defaults, with the built-in functions made on demand (None)
CONSTRUCTOR_DEFAULTS: Dict[str, Any] = {
    **DEFAULT_CONFIG, "label_strategies": None, "rules": None, "overlap_resolver": None, "grouper": None,
    "surrogate_provider": None, "scorer": None, "allow_list": (), "operators": None, "extra_labels": (),
    "label_min_scores": None, **{old: None for old in MOVED_TO_OPERATORS},
}


def moved_settings(given: Dict[str, Any], operators: Dict[str, Any]) -> Dict[str, Dict[str, Any]]:
    """`operators` with the old top-level settings of `MOVED_TO_OPERATORS` found in `given` (not None)
    applied where they belong, with one warning W195 naming the new places; E195 when the operator's
    setting is also given, with a value other than the old one and than the operator's default."""
    out = {name: dict(settings) if isinstance(settings, dict) else settings
           for name, settings in dict(operators or {}).items()}
    moved = []
    for old, (operator, key) in MOVED_TO_OPERATORS.items():
        value = given.get(old)
        if value is None:
            continue
        current = out.get(operator) if isinstance(out.get(operator), dict) else {}
        default = get_operator(operator).defaults[key]
        if key in current and current[key] != value and current[key] != default:
            raise ValueError(Errors.E195.format(old=old, operator=operator, key=key, old_value=value,
                                                new_value=current[key]))
        out[operator] = {**current, key: value}
        moved.append((old, operator, key))
    if moved:
        warnings.warn(Warnings.W195.format(old=", ".join(o for o, _, _ in moved),
                                           new=", ".join(f"operators.{op}.{key}" for _, op, key in moved),
                                           operator=moved[0][1], key=moved[0][2]), UserWarning, stacklevel=4)
    return out


def validated_settings(nlp: Any, **given: Any) -> Dict[str, Any]:
    """The checked settings, by the component's attribute names (`rules` as `rules_cfg`, `operators` as
    `operator_settings`; `pseudonym_key` is left out: see `secret_key_of`). TypeError for an unknown name,
    ValueError (coded) for a value that cannot work; checked in the order a user reads them."""
    unknown = sorted(set(given) - set(CONSTRUCTOR_DEFAULTS))
    if unknown:
        raise TypeError(Errors.E132.format(unknown=", ".join(unknown), known=", ".join(sorted(CONSTRUCTOR_DEFAULTS))))
    raw = {**CONSTRUCTOR_DEFAULTS, **given}
    cfg: Dict[str, Any] = {"strategy": raw["strategy"], "scorer": raw["scorer"]}
    cfg["label_strategies"] = dict(raw["label_strategies"] or {})
    extra_labels = raw["extra_labels"]
    if isinstance(extra_labels, str) or not all(isinstance(x, str) and x for x in extra_labels):
        raise ValueError(Errors.E131.format(value=extra_labels))
    cfg["extra_labels"] = list(extra_labels)
    for setting in ("date_granularity", "age_bucket", "number_style"):  # one definition with anon_generalize
        checked("anon_mask", setting, raw[setting])
    for name in strategy_names(cfg):
        get_operator(name)  # an unknown strategy is refused before any other setting
    cfg["operator_settings"] = {}
    for name, settings in moved_settings(raw, raw["operators"]).items():
        if not isinstance(settings, dict):
            raise ValueError(Errors.E126.format(kind=type(settings).__name__, name=name))
        operator = get_operator(name)  # an unknown operator name is an error here too
        cfg["operator_settings"][name] = dict(settings)
        if operator.defaults is not None:  # a built-in's unknown setting, even when the operator is not used
            operator.check_options(OperatorParams(options=cfg["operator_settings"]))
    SurrogateOperator.check_values(OperatorParams(options=cfg["operator_settings"]))
    if raw["key_scope"] not in KEY_SCOPES:
        raise ValueError(Errors.E102.format(valid=KEY_SCOPES, value=raw["key_scope"]))
    if raw["consistency"] not in CONSISTENCY:
        raise ValueError(Errors.E103.format(valid=CONSISTENCY, value=raw["consistency"]))
    if raw["run_rules"] not in RUN_RULES:
        raise ValueError(Errors.E104.format(value=raw["run_rules"]))
    ent_label_map = raw["ent_label_map"]
    cfg.update(use_ents=raw["use_ents"], spans_key=raw["spans_key"], masked_spans_key=raw["masked_spans_key"],
               ent_label_map=dict(DEFAULT_ENT_LABEL_MAP if ent_label_map is None else ent_label_map),
               run_rules=raw["run_rules"], rules_cfg=dict(raw["rules"] or {}))
    cfg["min_score"], cfg["label_min_scores"] = thresholds.check_thresholds(raw["min_score"],
                                                                            raw["label_min_scores"] or {})
    check_label_names(nlp, cfg)
    cfg["policies"] = fine_types.normalize_policies(cfg["label_strategies"])  # aliases -> our names
    lang = nlp.lang if nlp is not None else "en"
    cfg.update(
        overlap_resolver=raw["overlap_resolver"] or make_overlap_resolver(),
        grouper=raw["grouper"] or make_name_part_grouper(),
        surrogate_provider=raw["surrogate_provider"] or make_faker_surrogates(),
        lang=coarsen.lang_of(lang), seed=raw["seed"], key_scope=raw["key_scope"],
        date_granularity=raw["date_granularity"], age_bucket=raw["age_bucket"], number_style=raw["number_style"],
        consistency=raw["consistency"], include_original=raw["include_original"], allow_list=list(raw["allow_list"]), leak_guard=bool(raw["leak_guard"]),
    )
    return cfg


def strategy_names(cfg: Dict[str, Any]) -> Tuple[str, ...]:
    """The operators the settings use: the default strategy, then those of `label_strategies`."""
    return tuple(dict.fromkeys([cfg["strategy"], *cfg["label_strategies"].values()]))


def secret_key_of(pseudonym_key: Optional[str], seed: Optional[int]) -> Optional[bytes]:
    """The secret key: the setting, else the environment's (`SPACY_ANON_KEY`); a seed alone is refused
    outside tests (`SPACY_ANON_ALLOW_SEED_ONLY=1`)."""
    key = pseudonym_key or os.environ.get(KEY_ENV)
    if key:
        return checked_key(key)
    if seed is not None and os.environ.get(ALLOW_SEED_ENV) != "1":
        raise ValueError(Errors.E111.format(min_length=MIN_KEY_LENGTH, env=KEY_ENV))
    return None


def checked_key(key: str) -> bytes:
    """A secret key as bytes; ValueError when it is empty, shorter than `MIN_KEY_LENGTH` or easy to guess
    (`keys.estimated_bits` under `MIN_KEY_BITS`)."""
    if not key:
        raise ValueError(Errors.E112.format(env=KEY_ENV, min_length=MIN_KEY_LENGTH))
    if len(key) < MIN_KEY_LENGTH:
        raise ValueError(Errors.E113.format(length=len(key), env=KEY_ENV, min_length=MIN_KEY_LENGTH))
    bits = estimated_bits(key)
    if bits < MIN_KEY_BITS:
        raise ValueError(Errors.E150.format(env=KEY_ENV, bits=int(bits), min_bits=MIN_KEY_BITS))
    return key.encode("utf8")


def name_labels_of(grouper: Any) -> Tuple[str, ...]:
    """Labels whose mentions are person names (the grouper's)."""
    return tuple(getattr(grouper, "name_labels", ("PERSON",)))


def honorifics_of(grouper: Any) -> Tuple[str, ...]:
    """Titles that are not part of a name (the grouper's)."""
    return tuple(getattr(grouper, "honorifics", DEFAULT_HONORIFICS))


def operator_params(cfg: Dict[str, Any], key: Optional[bytes]) -> OperatorParams:
    """The operators' parameters, from the component's settings and secret key."""
    return OperatorParams(
        lang=cfg["lang"], surrogate_provider=cfg["surrogate_provider"],
        surrogate_extras=provider_extras(cfg["surrogate_provider"]), seed=cfg["seed"],
        date_granularity=cfg["date_granularity"],
        age_bucket=cfg["age_bucket"], number_style=cfg["number_style"], options=cfg["operator_settings"],
        key=key, name_labels=name_labels_of(cfg["grouper"]), honorifics=honorifics_of(cfg["grouper"]),
        key_env=KEY_ENV)


def check_label_names(nlp: Any, cfg: Dict[str, Any]) -> None:
    """Refuse a name in `label_min_scores` or `label_strategies` no part of the pipeline can produce."""
    known = known_label_names(nlp, cfg) if cfg["label_strategies"] or cfg["label_min_scores"] else ()
    unknown = sorted(set(cfg["label_min_scores"]) - set(known))
    if unknown:
        raise ValueError(Errors.E129.format(names=", ".join(unknown), categories=", ".join(CATEGORIES),
                                            types=", ".join(sorted(set(known) - set(CATEGORIES)))))
    unknown = sorted(set(cfg["label_strategies"]) - set(known))
    if unknown:
        fine = sorted(set(known) - set(CATEGORIES))
        raise ValueError(Errors.E133.format(names=", ".join(unknown), categories=", ".join(CATEGORIES),
                                            types=", ".join(fine)))


def known_label_names(nlp: Any, cfg: Dict[str, Any]) -> Tuple[str, ...]:
    """Names `label_strategies` accepts: the categories, every fine type of this package
    (`spacy_anon.labels.known_types`: rule types, corpus labels, NER labels), the labels and types of
    the registered recognizers, of the component's `rules` (extra_labels, deny_list,
    custom_recognizers) and `ent_label_map`, and those the pipeline's earlier components declare
    (a spaCy component's `labels`, a tagger's `label_map`, an anon_rules' settings)."""
    names = set(known_types()) | set(CATEGORIES) | set(fine_types.ALIASES) | set(cfg["extra_labels"])
    for recognizer in REGISTRY.values():
        names.update((recognizer.label, recognizer.type or recognizer.label))
    names.update(cfg["ent_label_map"])
    names.update(v for v in cfg["ent_label_map"].values() if v)
    names.update(rules_config_names(cfg["rules_cfg"]))
    for _, proc in (nlp.pipeline if nlp is not None else []):
        proc_cfg = getattr(proc, "cfg", None)
        if isinstance(proc_cfg, dict) and isinstance(proc_cfg.get("label_map"), dict):
            names.update(proc_cfg["label_map"])
            names.update(str(v) for v in proc_cfg["label_map"].values())
        if isinstance(proc, AnonRules):
            names.update(rules_config_names({"extra_labels": proc.extra_labels,
                                             "deny_list": proc.deny_list,
                                             "custom_recognizers": proc.custom_recognizers}))
        if isinstance(proc, TrainablePipe):  # spaCy's ner, spancat...: their labels are cheap to list
            names.update(str(label) for label in proc.labels)
    return tuple(sorted(names))


def rules_config_names(cfg: Dict[str, Any]) -> set:
    """Labels and fine types an `anon_rules` config adds: extra_labels, deny-list labels, custom recognizers."""
    names = set(cfg.get("extra_labels") or ())
    names.update(d.get("label") for d in cfg.get("deny_list") or () if isinstance(d, dict) and d.get("label"))
    for entry in cfg.get("custom_recognizers") or ():
        if isinstance(entry, dict):
            names.update(str(entry[k]) for k in ("label", "type") if entry.get(k))
    return names


def moved_setting(cfg: Dict[str, Any], old: str) -> Any:
    """The effective value of a setting of `MOVED_TO_OPERATORS` by its old name (from its operator)."""
    operator, key = MOVED_TO_OPERATORS[old]
    return get_operator(operator).option(OperatorParams(lang=cfg["lang"], options=cfg["operator_settings"]), key)


def serializable(cfg: Dict[str, Any]) -> Dict[str, Any]:
    """The settings a saved pipeline's `cfg` held (never the pseudonym key), for `check_saved_settings`
    (the operators' former top-level settings by their old names, as older pipelines saved them)."""
    names = ("strategy", "label_strategies", "use_ents", "ent_label_map", "spans_key", "masked_spans_key",
             "run_rules", "seed", "date_granularity", "age_bucket", "number_style",
             "consistency", "key_scope", "include_original", "allow_list", "leak_guard")
    out = {name: cfg[name] for name in names}
    out.update({old: moved_setting(cfg, old) for old in MOVED_TO_OPERATORS})
    out.update(rules=cfg["rules_cfg"], operators=cfg["operator_settings"], extra_labels=cfg["extra_labels"],
               min_score=cfg["min_score"], label_min_scores=cfg["label_min_scores"])
    return out
