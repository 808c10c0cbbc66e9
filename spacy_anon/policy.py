"""Recognizer and policy files: a team's settings written once, in YAML or JSON, read into plain dicts.

A recognizer file lists ad-hoc recognizers in the shape Presidio users know (name, entity, patterns with
regex and score, context words, deny_list), or in `anon_rules`' own `custom_recognizers` shape; each entry
becomes a `custom_recognizers` dict of `anon_rules` (`spacy_anon.rules.custom` builds and checks it: there
is one recognizer engine). The dicts, not the file name, go into the pipeline's config, so `nlp.to_disk`
saves them and `spacy.load` rebuilds them anywhere:

    recognizers:
      - name: employee_id
        supported_entity: EMPLOYEE_ID      # or `label: ID` (a category) with `type: EMPLOYEE_ID`
        patterns:
          - {name: emp, regex: "EMP-\\d{5}", score: 0.6}
        context: [employee, staff]
        validator: luhn                     # optional, see spacy_anon.rules.custom.VALIDATORS
      - name: titles
        supported_entity: TITLE
        deny_list: [Mr., Mrs., Dr.]        # whole words, any case, score 1.0

A policy file maps `spacy_anon.load` keywords (strategy, label_strategies, operators, min_score,
allow_list, deny_list, recognizers, ...) to values; a relative `recognizers` path is read next to it.
"""
import json
import re
from pathlib import Path
from typing import Any, Dict, List, Mapping, Sequence, Tuple, Union

from spacy_anon.errors import Errors
from spacy_anon.labels import CATEGORIES
from spacy_anon.rules.custom import VALIDATORS, build_custom_recognizers

PathLike = Union[str, Path]
YAML_SUFFIXES = (".yml", ".yaml")
FORMATS = ".yml, .yaml or .json"
LABEL_KEYS = ("label", "entity", "supported_entity")
LANGUAGE_KEYS = ("languages", "supported_language", "supported_languages")
KEYS = {"name", "type", "patterns", "deny_list", "score", "context", "negative_context", "validator",
        *LABEL_KEYS, *LANGUAGE_KEYS}
VALIDATOR_ALIASES = {"mod97": "iban", "mod-97": "iban", "mod_97": "iban"}
DENY_LIST_SCORE = 1.0  # Presidio's default for deny-list matches


def read_data_file(path: PathLike, what: str) -> Any:
    """The parsed content of a .yml/.yaml (PyYAML, safe loader) or .json file; E051 otherwise."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in YAML_SUFFIXES + (".json",):
        raise ValueError(Errors.E051.format(source=path, what=what, reason=f"unknown suffix {suffix!r}",
                                            formats=FORMATS))
    try:
        text = path.read_text(encoding="utf8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else type(err).__name__
        raise ValueError(Errors.E051.format(source=path, what=what, reason=reason, formats=FORMATS)) from None
    try:
        if suffix == ".json":
            return json.loads(text)
        import yaml  # PyYAML: only when a YAML file is read

        return yaml.safe_load(text)
    except ValueError as err:  # json.JSONDecodeError
        reason = f"not valid JSON: {err}"
    except Exception as err:  # noqa: BLE001  (yaml.YAMLError and its subclasses)
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        reason = f"not valid YAML{where}: {getattr(err, 'problem', None) or type(err).__name__}"
    raise ValueError(Errors.E051.format(source=path, what=what, reason=reason, formats=FORMATS))


def read_recognizers(value: Any) -> Tuple[List[Dict[str, Any]], List[str]]:
    """`custom_recognizers` dicts of `anon_rules` from a file path, a dict or a list of both.

    RETURNS (entries, extra labels): the labels that are not categories, which anon_rules must accept.
    """
    entries: List[Dict[str, Any]] = []
    for source, raw in _recognizer_sources(value):
        names = set()
        for index, item in enumerate(raw):
            entry = normalize_recognizer(item, source, index)
            try:  # the one engine checks regexes, scores and validators now, naming the source
                build_custom_recognizers([entry], tuple(CATEGORIES) + tuple(_extra_labels([entry])))
            except ValueError as err:
                raise ValueError(Errors.E052.format(source=source, index=index, problem=_problem(str(err)),
                                                    fix="correct that entry", validators=_validator_names())) from None
            if entry["name"] in names:
                raise ValueError(Errors.E052.format(source=source, index=index, problem=f"repeats the name "
                                                    f"{entry['name']!r}", fix="give each recognizer its own name",
                                                    validators=_validator_names()))
            names.add(entry["name"])
            entries.append(entry)
    return entries, _extra_labels(entries)


def _recognizer_sources(value: Any) -> List[Tuple[str, Sequence[Any]]]:
    if isinstance(value, (str, Path)):
        return [(str(value), _recognizer_list(read_data_file(value, "recognizer"), str(value)))]
    if isinstance(value, Mapping):
        return [("recognizers", [value])]
    if isinstance(value, (list, tuple)):
        out: List[Tuple[str, Sequence[Any]]] = []
        inline = [v for v in value if not isinstance(v, (str, Path))]
        for item in value:
            if isinstance(item, (str, Path)):
                out.extend(_recognizer_sources(item))
        if inline:
            out.append(("recognizers", inline))
        return out
    raise ValueError(Errors.E058.format(kind=type(value).__name__))


def _recognizer_list(data: Any, source: str) -> Sequence[Any]:
    if isinstance(data, Mapping) and set(data) == {"recognizers"} and isinstance(data["recognizers"], list):
        return data["recognizers"]
    if isinstance(data, list):
        return data
    raise ValueError(Errors.E053.format(source=source, what="recognizer", kind=type(data).__name__,
                                        fix="write a list of recognizers, or one key `recognizers:` holding it"))


def normalize_recognizer(entry: Any, source: str, index: int) -> Dict[str, Any]:
    """One entry in `custom_recognizers` form: Presidio's field names mapped, deny_list words as patterns."""
    def fail(problem: str, fix: str) -> ValueError:
        return ValueError(Errors.E052.format(source=source, index=index, problem=problem, fix=fix,
                                             validators=_validator_names()))

    if not isinstance(entry, Mapping):
        raise fail(f"is a {type(entry).__name__}, not a mapping", "write the entry as `name: ...`, `label: ...` lines")
    unknown = sorted(set(entry) - KEYS)
    if unknown:
        raise fail(f"has unknown key(s) {unknown}", f"use only {sorted(KEYS)}")
    labels = [entry[k] for k in LABEL_KEYS if k in entry]
    if len(labels) != 1 or not isinstance(labels[0], str) or not labels[0].strip():
        raise fail("needs exactly one of `label`, `entity` or `supported_entity` (a string)",
                   f"a category ({', '.join(CATEGORIES)}) or your own label such as EMPLOYEE_ID")
    out: Dict[str, Any] = {"name": entry.get("name"), "label": labels[0].strip()}
    if not isinstance(out["name"], str) or not out["name"].strip():
        raise fail("needs a `name`", "give each recognizer a unique name")
    if entry.get("type") is not None:
        out["type"] = entry["type"]
    patterns = entry.get("patterns") or []
    if not isinstance(patterns, list):
        raise fail("has `patterns` that is not a list", "write `patterns:` as a list of regexes or {regex, score}")
    out["patterns"] = [_pattern(p, fail) for p in patterns]
    words = entry.get("deny_list") or []
    if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
        raise fail("has a `deny_list` that is not a list of words", "write `deny_list: [word, ...]`")
    if words:
        out["patterns"].append({"regex": deny_list_regex(words), "score": DENY_LIST_SCORE})
    if not out["patterns"]:
        raise fail("has neither `patterns` nor `deny_list`", "add at least one regex or deny-list word")
    if "score" in entry:
        out["score"] = entry["score"]
    for key in ("context", "negative_context"):
        if key in entry:
            words_ = entry[key]
            if not isinstance(words_, list) or not all(isinstance(w, str) for w in words_):
                raise fail(f"has `{key}` that is not a list of words", f"write `{key}: [word, ...]`")
            out[key] = [w.lower() for w in words_]
    languages = [entry[k] for k in LANGUAGE_KEYS if k in entry]
    if languages:
        out["languages"] = [languages[0]] if isinstance(languages[0], str) else list(languages[0])
    validator = entry.get("validator")
    if validator is not None:
        name = str(validator).strip().lower()
        out["validator"] = VALIDATOR_ALIASES.get(name, name)
    return out


def _pattern(pattern: Any, fail) -> Any:
    if isinstance(pattern, str):
        return pattern
    if isinstance(pattern, Mapping) and isinstance(pattern.get("regex"), str):
        extra = sorted(set(pattern) - {"name", "regex", "score", "group"})
        if extra:
            raise fail(f"has a pattern with unknown key(s) {extra}", "a pattern has `regex`, `score` and `name`")
        return {k: pattern[k] for k in ("regex", "score", "group") if k in pattern}
    raise fail(f"has a pattern that is neither a regex string nor a mapping with `regex` ({pattern!r})",
               "write `- regex: \"...\"` with an optional `score: 0.5`")


def deny_list_regex(words: Sequence[str]) -> str:
    """A regex of whole words, any case, longest first (as Presidio's deny lists match)."""
    alternatives = "|".join(re.escape(w.strip()) for w in sorted(set(words), key=len, reverse=True))
    return rf"(?i)(?<!\w)(?:{alternatives})(?!\w)"


def _extra_labels(entries: Sequence[Mapping[str, Any]]) -> List[str]:
    return sorted({e["label"] for e in entries if e["label"] not in CATEGORIES})


def _problem(message: str) -> str:
    """An engine's message without its code and the entry number (the caller names the entry)."""
    message = re.sub(r"^\[E\d+\] ", "", message)
    return re.sub(r"^anon_rules: (custom_recognizers entry \d+ |the recognizer )", "", message)


def _validator_names() -> str:

    return ", ".join(sorted(VALIDATORS)) + "; mod-97 means iban"


def read_policy(path: PathLike, valid: Sequence[str]) -> Dict[str, Any]:
    """The `spacy_anon.load` keywords of a policy file; `valid` lists those accepted (E059 otherwise)."""
    data = read_data_file(path, "policy")
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise ValueError(Errors.E053.format(source=path, what="policy", kind=type(data).__name__,
                                            fix="write `strategy: ...`, `label_strategies: {...}` ... lines"))
    unknown = sorted(set(data) - set(valid))
    if unknown:
        raise ValueError(Errors.E059.format(source=path, names=", ".join(unknown), valid=", ".join(valid)))
    policy = dict(data)
    files = policy.get("recognizers")
    if isinstance(files, (str, list)):  # file names are relative to the policy file
        here = Path(path).parent
        policy["recognizers"] = ([_beside(here, f) for f in files] if isinstance(files, list)
                                 else _beside(here, files))
    return policy


def _beside(folder: Path, item: Any) -> Any:
    if isinstance(item, str) and not Path(item).is_absolute():
        return str(folder / item)
    return item


def read_config_overrides(path: PathLike) -> Dict[str, Any]:
    """The sections of a spaCy .cfg file as a nested dict (no interpolation), for `load(config=...)`."""
    from thinc.api import Config

    path = Path(path)
    try:
        text = path.read_text(encoding="utf8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else type(err).__name__
        raise ValueError(Errors.E051.format(source=path, what="config", reason=reason, formats=".cfg")) from None
    sections = re.findall(r"^\s*\[([^\]\n]+)\]", text, flags=re.M)
    parents = {".".join(name.split(".")[:i]) for name in sections for i in range(1, name.count(".") + 1)}
    missing = sorted(parents - set(sections), key=lambda name: name.count("."))
    text = "".join(f"[{name}]\n" for name in missing) + text  # thinc wants [components] before [components.x]
    try:
        return dict(Config().from_str(text, interpolate=False))
    except Exception as err:  # noqa: BLE001  (configparser and thinc errors)
        reason = _problem(str(err)).strip().splitlines()[0][:300] if str(err).strip() else type(err).__name__
        raise ValueError(Errors.E051.format(source=path, what="config", reason=reason, formats=".cfg")) from None
