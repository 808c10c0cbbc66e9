"""The pipeline of a run: `spacy_anon.load` keywords from the flags and settings files, loading it, the
refusal of a pipeline that detects no names, and the fingerprint of the settings a resumed run must
share."""
import hashlib
import json
import os
import traceback
from pathlib import Path
from typing import Any, Dict, List, Optional

import spacy_anon.mask.component  # noqa: F401  (registers the anon_mask factory before entry points are read)
from spacy_anon.cli.messages import EXIT_USAGE, CLIError, first_line, info
from spacy_anon.cli.options import Options
from spacy_anon.engines.resume import fingerprint
from spacy_anon.errors import Errors, located
from spacy_anon.fast_path import structured_pipeline
from spacy_anon.io import decode_utf8
from spacy_anon.mask.allow_list import compile_occurrence_patterns
from spacy_anon.mask.coverage import RULES_ONLY, mark_warned, pipeline_detects_names
from spacy_anon.pipeline import load, load_keywords
from spacy_anon.policy import read_config_overrides, read_policy, read_recognizers

STRUCTURED_ONLY = ("only the rule recognizers run, in the structured fast path (e-mails, phones, URLs, IPs, cards, IBANs, national and other "
                   "ids, dates, times, credentials): names, places, organisations, addresses, ages and amounts stay "
                   "in clear")
# Names under which an `anon_mask` may take the secret key of keyed (pseudonym) replacements.
KEY_CONFIG_NAMES = ("key", "secret", "secret_key", "pseudonym_key", "hmac_key")


def mask_config(options: Options, default_config: Dict[str, Any]) -> Dict[str, Any]:
    """The `spacy_anon.load` keywords of the command line: --policy's, then the flags' (checked against
    anon_mask's settings), --recognizers' entries and --config's overrides. Files are read here, so a bad
    one is a usage error before anything loads, and workers get the settings, not file names."""
    config: Dict[str, Any] = settings_from_files(options)

    def put(name: str, value: Any, flag: str) -> None:
        if default_config and name not in default_config:
            raise CLIError(Errors.E930.format(flag=flag, name=name), EXIT_USAGE)
        config[name] = value

    if options.strategy:
        put("strategy", options.strategy, "--strategy")
    if options.seed is not None:
        put("seed", options.seed, "--seed")
    if options.allow_list:
        put("allow_list", list(config.get("allow_list") or []) + read_allow_list(Path(options.allow_list)),
            "--allow-list")
    if options.key_env:
        if options.key_env not in os.environ or not os.environ[options.key_env]:
            raise CLIError(Errors.E931.format(key_env=options.key_env), EXIT_USAGE)
        name = next((n for n in KEY_CONFIG_NAMES if n in default_config), None)
        if name is None:
            raise CLIError(Errors.E932, EXIT_USAGE)
        config[name] = os.environ[options.key_env]
    return config


def settings_from_files(options: Options) -> Dict[str, Any]:
    """`load` keywords of --policy, --recognizers and --config (`spacy_anon.policy`)."""
    settings: Dict[str, Any] = {}
    flag = ""
    try:
        if options.policy:
            flag = "--policy"
            settings = read_policy(options.policy, [k for k in load_keywords(moved=True) if k != "config"])
            if settings.get("recognizers") is not None:
                settings["recognizers"] = read_recognizers(settings["recognizers"])[0]
        if options.recognizers:
            flag = "--recognizers"
            settings["recognizers"] = list(settings.get("recognizers") or []) + read_recognizers(options.recognizers)[0]
        if options.config:
            flag = "--config"
            settings["config"] = read_config_overrides(options.config)
    except ValueError as err:
        raise CLIError(located(flag, err), EXIT_USAGE) from None
    return settings


def read_allow_list(path: Path) -> List[Any]:
    """Allow-list entries of a text file (see --allow-list); a bad regex is a usage error naming its line."""
    try:
        lines = decode_utf8(path.read_bytes(), str(path)).splitlines()
    except OSError as err:
        raise CLIError(Errors.E933.format(path=path, strerror=err.strerror), EXIT_USAGE) from None
    entries: List[Any] = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry: Any = {"pattern": line[len("regex:"):]} if line.startswith("regex:") else line
        try:
            compile_occurrence_patterns([entry])
        except ValueError as err:
            raise CLIError(Errors.E943.format(path=path, number=number, err=err), EXIT_USAGE) from None
        entries.append(entry)
    return entries


def mask_default_config() -> Dict[str, Any]:
    """The default settings of the `anon_mask` factory ({} when it cannot be found).

    The factory is registered by importing its module: in a fresh process spaCy has not yet read the
    entry points, and `get_factory_meta` alone would not find it.
    """
    import spacy

    try:
        meta = spacy.Language.get_factory_meta("anon_mask")
        return dict(meta.default_config or {})
    except Exception:  # noqa: BLE001
        return {}


def load_pipeline(options: Options):
    """`spacy_anon.load(...)` with the command line's mask settings; errors are CLIErrors. --rules-only
    without --model: the structured fast path (`spacy_anon.fast_path.structured_pipeline`)."""
    config = mask_config(options, mask_default_config())
    fast = options.rules_only and options.model is None
    if fast and config.get("config"):
        raise CLIError(Errors.E962, EXIT_USAGE)
    try:
        if fast:
            return structured_pipeline(options.lang, **config)
        return load(model=options.model, lang=options.lang, **config)
    except CLIError:
        raise
    except Exception as err:  # noqa: BLE001
        if options.debug:
            traceback.print_exc()
        what = f"model {options.model!r}" if options.model else f"the default pipeline ({options.lang})"
        raise CLIError(Errors.E934.format(what=what, kind=type(err).__name__, detail=first_line(err))) from None


def check_coverage(options: Options, nlp) -> None:
    """Refuse a pipeline without a detector of names unless --rules-only accepts it (then say what runs,
    once, instead of the component's warning)."""
    if pipeline_detects_names(nlp):
        return
    if not options.rules_only:
        what = f"model {options.model!r}" if options.model else f"the default pipeline for {options.lang!r}"
        raise CLIError(Errors.E800.format(what=what, runs=RULES_ONLY), EXIT_USAGE)
    for _, proc in nlp.pipeline:
        mark_warned(proc)  # said once here, not by the component
    runs = STRUCTURED_ONLY if options.model is None else RULES_ONLY
    info(f"--rules-only: {runs}", options.quiet)


def resume_fingerprint(options: Options, kind: str, out_format: str) -> str:
    """The settings that decide the output of a run (a resumed run must have the same)."""

    def file_digest(name: Optional[str]) -> Optional[str]:
        return hashlib.sha256(Path(name).read_bytes()).hexdigest() if name else None

    settings = {
        "input": "<stdin>" if options.input == "-" else str(Path(options.input).resolve()), "kind": kind,
        "format": out_format, "model": options.model, "lang": options.lang, "strategy": options.strategy,
        "seed": options.seed, "allow_list": file_digest(options.allow_list),
        "include_original": options.include_original, "original_offsets": options.original_offsets,
        "keep_fields": options.keep_fields,
        "anonymize_fields": options.anonymize_fields, "max_length": options.max_length,
        "skip_invalid": options.skip_invalid,
    }
    if options.keep_formulas:  # only when given, so that earlier partial runs keep their fingerprint
        settings["keep_formulas"] = True
    digest = settings_digest(options)
    if digest:  # only when given, so that runs without these files keep their fingerprint
        settings["settings_files"] = digest
    secret = os.environ.get(options.key_env) if options.key_env else None
    return fingerprint(settings, secret)


def settings_digest(options: Options) -> Optional[str]:
    """A digest of what --policy, --recognizers and --config set (a recognizer file a policy names too)."""
    if not (options.policy or options.recognizers or options.config):
        return None
    settings = json.dumps(settings_from_files(options), sort_keys=True, default=str)
    return hashlib.sha256(settings.encode("utf8")).hexdigest()
