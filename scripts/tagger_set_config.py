"""Set settings in a saved pipeline's config.cfg (decode-time settings of a packaged model, such as
anon_crf.entity_threshold or anon_mask's operator settings, which training does not depend on):

  python scripts/tagger_set_config.py spacy_anon/data/default_model_pt \
      components.anon_crf.entity_threshold=0.1 'components.anon_mask.operators={"generalize": {"places": true}}'

Values are read as JSON when they parse, else kept as strings. A component that saves its own settings
(anon_crf's cfg.json) reads them back over config.cfg when the pipeline loads, so each setting is also
written into that component's saved settings (load, set, save); the pipeline is then loaded again and every
setting checked, so a value that would not take effect is an error rather than a silent no-op.
"""
import argparse
import json
import sys
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model")
    parser.add_argument("settings", nargs="+", metavar="KEY=VALUE")
    args = parser.parse_args()
    import spacy
    import srsly

    import spacy_anon  # noqa: F401  (factories)

    path = Path(args.model) / "config.cfg"
    config = spacy.util.load_config(path, interpolate=False)
    for item in args.settings:
        key, value = item.split("=", 1)
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        node = config
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = parsed
    config.to_disk(path)
    wanted = []
    for item in args.settings:
        key, value = item.split("=", 1)
        parts = key.split(".")
        saved = Path(args.model).joinpath(*parts[1:2], "cfg.json") if len(parts) == 3 else None
        if parts[0] == "components" and saved is not None and saved.exists():
            settings = json.loads(saved.read_text(encoding="utf8"))
            if isinstance(settings, dict) and parts[2] in settings:
                settings[parts[2]] = _parse(value)
                srsly.write_json(saved, settings)
                wanted.append((parts[1], parts[2], _parse(value)))
    nlp = spacy.load(args.model)
    for pipe_name, setting, value in wanted:
        got = nlp.get_pipe(pipe_name).cfg.get(setting)
        same = abs(got - value) < 1e-9 if isinstance(value, float) and isinstance(got, float) else got == value
        if not same:
            print(f"{pipe_name}.{setting}: wrote {value!r} but the pipeline loads {got!r}", file=sys.stderr)
            return 1
    print(f"{path}: {len(args.settings)} setting(s) written; pipeline {nlp.pipe_names}")
    return 0


def _parse(value: str):
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


if __name__ == "__main__":
    sys.exit(main())
