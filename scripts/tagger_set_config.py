"""Set settings in a saved pipeline's config.cfg (decode-time settings of a packaged model, such as
anon_crf.entity_threshold or anon_mask's operator settings, which training does not depend on):

  python scripts/tagger_set_config.py spacy_anon/data/default_model_pt \
      components.anon_crf.entity_threshold=0.1 'components.anon_mask.operators={"generalize": {"places": true}}'

Values are read as JSON when they parse, else kept as strings. The pipeline is loaded afterwards as a check.
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
    nlp = spacy.load(args.model)
    print(f"{path}: {len(args.settings)} setting(s) written; pipeline {nlp.pipe_names}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
