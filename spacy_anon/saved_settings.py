"""Settings found in a saved component's files: the config is the truth, the files hold learned state only.

As in spaCy, a component is configured by the pipeline's `config.cfg` (with the overrides given to
`spacy.load(path, config=...)`); what `to_disk` writes is what it learned (weights, gazetteer terms, rules,
tables). Pipelines saved before this rule kept every setting in a `cfg`/`cfg.json` file too, read back over
the config: an override at load time was silently lost. Such settings are now ignored, with a warning that
names those whose saved value differs from the config. The settings a learned model depends on (the
features a CRF was trained with) are the exception: a config that differs from them is refused, since the
weights would be applied to other features.
"""
import json
import warnings
from typing import Any, Iterable, Mapping

from spacy_anon.errors import Errors, Warnings


def _same(a: Any, b: Any) -> bool:
    """Equal once both are plain JSON (a tuple and a list, a float and an int of the same value)."""
    def plain(value: Any) -> Any:
        return json.loads(json.dumps(value, sort_keys=True, default=str))

    try:
        return plain(a) == plain(b)
    except (TypeError, ValueError):
        return a == b


def check_saved_settings(name: str, saved: Mapping[str, Any], current: Mapping[str, Any], *,
                         trained_with: Iterable[str] = (), file: str = "cfg.json") -> None:
    """Compare the settings saved in a component's file with the ones it was built with from the config.

    trained_with: settings the learned state depends on; a saved value that differs is refused (E010).
    Every other saved setting is ignored; those that differ from `current` are named in a warning (W001).
    A key `current` does not have (a setting since removed) is ignored silently.
    """
    trained_with = set(trained_with)
    for key in sorted(trained_with & set(saved) & set(current)):
        if not _same(saved[key], current[key]):
            raise ValueError(Errors.E010.format(name=name, setting=key, saved=saved[key], config=current[key]))
    differ = sorted(key for key in set(saved) - trained_with
                    if key in current and not _same(saved[key], current[key]))
    if differ:
        warnings.warn(Warnings.W001.format(name=name, file=file, settings=", ".join(differ)), UserWarning,
                      stacklevel=3)


def trained_settings(cfg: Mapping[str, Any], trained_with: Iterable[str]) -> dict:
    """The settings to save with a learned model: only those it depends on (checked when it loads)."""
    return {key: cfg[key] for key in trained_with if key in cfg}
