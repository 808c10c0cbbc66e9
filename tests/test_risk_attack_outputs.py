"""benchmarks/attack_outputs.py: the transformer attack run on a machine without spaCy (a GPU one) predicts
what `ReidentificationAttack` predicts here, from inputs pre-processed here and weights sent as float16."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
safetensors_torch = pytest.importorskip("safetensors.torch")

from spacy_anon.risk import ReidentificationAttack  # noqa: E402
from spacy_anon.risk.transformer import TransformerAttacker  # noqa: E402
from test_risk_transformer import POPULATION, tiny_folder  # noqa: E402  (tests/ is on sys.path under pytest)

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "attack_outputs.py"
# the script as it runs where spaCy (and the other language resources) are not installed
WITHOUT_SPACY = """
import importlib.abc, runpy, sys
class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"spacy", "thinc", "nltk", "wordfreq", "wn", "gensim"}:
            raise ImportError("not installed here: " + name)
sys.meta_path.insert(0, Missing())
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""
ORIGINAL = {"A": "Oslo, violin and glacier: a film award.", "B": "Lisbon surgeon; the volcano film award.",
            "C": "Nairobi architect, orchid film award."}
METHODS = {"Clear text": ORIGINAL,
           "masked": {"A": "[LOCATION], violin and glacier: a film award.", "B": "*** surgeon; the *** film award.",
                      "C": "Nairobi ARCHITECT, orchid film award."}}
SETTINGS = {"max_epochs": 4, "patience": 4, "learning_rate": 5e-3, "max_windows_per_doc": 2}


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_attack_without_spacy_predicts_what_the_package_predicts(tmp_path):
    outputs = load("attack_outputs", SCRIPT)
    (tmp_path / "bert").mkdir()
    model, _, _ = tiny_folder(tmp_path / "bert", mlm=False)
    outputs.pack_model(tmp_path / "packed", source=model)
    packed = safetensors_torch.load_file(str(tmp_path / "packed" / "model.safetensors"))
    assert {v.dtype for v in packed.values() if v.is_floating_point()} == {torch.float16}
    inputs = outputs.attack_inputs("tiny", POPULATION, None, dict(POPULATION), ORIGINAL, METHODS)
    outputs.write_json(tmp_path / "inputs.json.gz", inputs)
    flags = [f"--{k.replace('_', '-')}={v}" for k, v in SETTINGS.items()]
    run = subprocess.run([sys.executable, "-c", WITHOUT_SPACY, str(SCRIPT), "attack", "--inputs",
                          str(tmp_path / "inputs.json.gz"), "--model", str(tmp_path / "packed"),
                          "--out", str(tmp_path / "result.json"), *flags],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads((tmp_path / "result.json").read_text(encoding="utf8"))
    assert result["attacker"]["model"].endswith("(float16 weights, expanded to float32)")

    # here: the same attacker through the package, on the weights the other machine trained from
    expanded, half = outputs.expand_model(tmp_path / "packed", tmp_path / "expanded")
    assert half
    attack = ReidentificationAttack(POPULATION, attacker=TransformerAttacker(model=expanded, device="cpu", **SETTINGS),
                                    anonymizer=None, dev=dict(POPULATION), dev_is_anonymized=True)
    assert attack.attacker.settings()["wide_weight"] == result["attacker"]["wide_weight"]
    for row, (label, texts) in zip(result["rows"], METHODS.items()):
        report = attack.report(texts, ORIGINAL)
        assert row["method"] == label and row["digest"] == outputs.texts_digest(texts)
        assert row["predicted"] == {d["id"]: d["predicted"] for d in report["documents"]}
        assert row["trir"] == report["trir"] and row["parts"] == {p: r["trir"] for p, r in report["parts"].items()}


def test_a_result_is_not_joined_to_other_texts(tmp_path):
    outputs = load("attack_outputs", SCRIPT)
    privacy_utility = load("privacy_utility", ROOT / "benchmarks" / "privacy_utility.py")
    result = {"rows": [{"method": label, "digest": outputs.texts_digest(texts), "trir": 1.0, "n": 3, "seconds": 0.1}
                       for label, texts in METHODS.items()]}
    outputs.write_json(tmp_path / "result.json", result)
    changed = dict(METHODS, masked=dict(METHODS["masked"], C="[PERSON] ARCHITECT, orchid film award."))
    with pytest.raises(SystemExit, match="scored other texts"):
        privacy_utility.from_attack_result(outputs, tmp_path / "result.json", {"masked": changed["masked"]}, ORIGINAL)
    with pytest.raises(SystemExit, match="no row for 'other'"):
        privacy_utility.from_attack_result(outputs, tmp_path / "result.json", {"other": ORIGINAL}, ORIGINAL)
