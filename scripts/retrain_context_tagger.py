"""Refit only a trained pipeline's `anon_context_tagger`, e.g. on a shallower MiniLM (`--encoder-layers`).

The perceptron is the only part of the context pipeline that learns from the encoder's vectors (the CRF takes
none of them; `context_veto` reads the tagger's scores at inference), and it trains in minutes where the whole
pipeline takes over an hour, mostly the CRF. Every other component is kept as it is:

    python scripts/retrain_context_tagger.py training/english-context/model-best --train corpus/english/all \\
        --encoder-layers 4 -o training/english-context/model-l4

The training examples are read the way `[corpora.train]` of the model's config reads them (`paths.train` set
to `--train`); the component is rebuilt from its config with `encoder_layers` replaced, then initialized.
"""
import argparse
import time
from pathlib import Path

import spacy
from spacy.util import resolve_dot_names

NAME = "anon_context_tagger"


def retrain(model: Path, train: Path, encoder_layers: int, output: Path) -> float:
    """Refit the context tagger of `model` on `train` with `encoder_layers`; save to `output`. Seconds taken."""
    started = time.perf_counter()
    nlp = spacy.load(model)
    if NAME not in nlp.pipe_names:
        raise SystemExit(f"{model} has no {NAME} component")
    component_config = dict(nlp.config["components"][NAME])
    factory = component_config.pop("factory")
    component_config["encoder_layers"] = encoder_layers
    nlp.replace_pipe(NAME, factory, config=component_config)
    config = nlp.config.copy()
    config["paths"]["train"] = str(train)
    (corpus,) = resolve_dot_names(config.interpolate(), ["corpora.train"])
    examples = list(corpus(nlp))
    nlp.get_pipe(NAME).initialize(lambda: examples, nlp=nlp)
    nlp.to_disk(output)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("model", type=Path, help="trained pipeline with anon_context_tagger")
    parser.add_argument("--train", type=Path, required=True, help="training corpus (.spacy file or folder)")
    parser.add_argument("--encoder-layers", type=int, default=0, help="MiniLM layers kept (0 = all)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="folder of the saved pipeline")
    args = parser.parse_args()
    seconds = retrain(args.model, args.train, args.encoder_layers, args.output)
    print(f"saved {args.output} ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
