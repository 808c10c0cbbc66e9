"""Set settings in a saved pipeline's config.cfg (decode-time settings of a packaged model, such as
anon_crf.entity_threshold or anon_mask's operator settings, which training does not depend on):

  python scripts/tagger_set_config.py spacy_anon/data/default_model_pt \
      components.anon_crf.entity_threshold=0.1 'components.anon_mask.operators={"generalize": {"places": true}}'

Values are read as JSON when they parse, else kept as strings. The config is what configures every
component (their saved files hold learned state only), so config.cfg is the one file written; the pipeline
is then loaded again and every setting a component keeps in its `cfg` checked, so a value that would not take
effect is an error rather than a silent no-op.
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
        if parts[0] == "components" and len(parts) == 3:
            wanted.append((parts[1], parts[2], _parse(value)))
    nlp = spacy.load(args.model)
    for pipe_name, setting, value in wanted:
        cfg = getattr(nlp.get_pipe(pipe_name), "cfg", None)
        if not isinstance(cfg, dict) or setting not in cfg:
            continue
        got = cfg[setting]
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
