"""spaCy's own entry points on our pipelines: `spacy evaluate` prints the anonymization scores with no
extra flag, `spacy train` runs the shipped configs as they are (optional resources fall back, settings
that do nothing are refused), and every shipped config validates."""
import importlib.util
import json
import logging
from pathlib import Path

import pytest
import spacy
from spacy.cli.evaluate import evaluate
from spacy.training import Example

from spacy_anon.corpora import GoldRecord, GoldSpan, record_to_doc, write_docbin
from spacy_anon.errors import Errors, Warnings

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = sorted((ROOT / "configs").glob("*.cfg"))
# the configs of the pipelines the project trains and benchmarks: saved complete (anon_rules .. anon_mask)
COMPLETE = ("crf_en", "crf_en_context", "crf_es", "crf_deid")
TEXTS = [
    ("Write to anna.berg@example.org or call Mr John Smith on 555-0142 before 3 May 2021.",
     [("anna.berg@example.org", "CONTACT"), ("John Smith", "PERSON"), ("3 May 2021", "DATETIME")]),
    ("The applicant, Maria Lopez, was born in Oslo in 1961 and lives in Bergen.",
     [("Maria Lopez", "PERSON"), ("Oslo", "LOC"), ("1961", "DATETIME"), ("Bergen", "LOC")]),
]


def _records():
    out = []
    for i, (text, mentions) in enumerate(TEXTS):
        spans = [GoldSpan(text.index(m), text.index(m) + len(m), label, entity=f"e{i}{k}",
                          identifier="DIRECT" if label == "PERSON" else "QUASI")
                 for k, (m, label) in enumerate(mentions)]
        out.append(GoldRecord(f"d{i}", text, spans))
    return out


@pytest.fixture(scope="module")
def dev_file(tmp_path_factory):
    nlp = spacy.blank("en")
    path = tmp_path_factory.mktemp("dev") / "dev.spacy"
    write_docbin([record_to_doc(nlp, r) for r in _records()], path)
    return path


def _rules_pipeline(path, **scorer):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    config = {"scorer": {"@scorers": "spacy_anon.anon_scorer.v1", **scorer}} if scorer else {}
    nlp.add_pipe("anon_mask", config=config)
    nlp.to_disk(path)
    return path


def test_spacy_evaluate_prints_anonymization_scores_without_a_flag(tmp_path, dev_file, capsys):
    model = _rules_pipeline(tmp_path / "rules")
    out = tmp_path / "scores.json"
    data = evaluate(str(model), dev_file, output=out, silent=False)
    printed = capsys.readouterr().out
    for row in ("SPAN P", "SPAN R", "SPAN F", "TAB token", "TAB mention", "TAB weighted token",
                "TAB entities (direct)", "span exact", "PERSON (TAB token)", "LOC (TAB token)"):
        assert row in printed, row
    assert data["spans_sc_r"] == pytest.approx(data["token_recall"])
    assert data["spans_sc_p"] == pytest.approx(data["token_precision"])
    saved = json.loads(out.read_text())
    for key in ("token_recall", "mention_recall", "token_precision", "weighted_token_precision",
                "recall_direct_entities", "token_recall_by_type", "spans_anon_f", "spans_sc_per_type"):
        assert key in saved, key
    # the e-mail rule masks the whole address: its token is recalled
    assert saved["spans_sc_per_type"]["CONTACT (TAB token)"]["r"] == pytest.approx(1.0)
    assert saved["spans_sc_per_type"]["TAB entities (direct)"]["p"] == "-"


def test_evaluate_key_empty_turns_the_spacy_table_off(tmp_path, dev_file, capsys):
    model = _rules_pipeline(tmp_path / "rules", evaluate_key="")
    data = evaluate(str(model), dev_file, silent=False)
    assert "spans_sc_p" not in data and "token_recall" in data
    assert "SPAN P" not in capsys.readouterr().out


def _train_crf_en(tmp_path, dev_file, **overrides):
    config = spacy.util.load_config(ROOT / "configs" / "crf_en.cfg", overrides={
        "paths.train": str(dev_file), "paths.dev": str(dev_file),
        "paths.clusters": str(tmp_path / "missing" / "clusters.tsv.gz"),
        "components.anon_crf.max_iterations": 20, "components.anon_crf.gazetteers": {}, **overrides})
    nlp = spacy.util.load_model_from_config(config, auto_fill=True, validate=True)
    nlp.initialize(lambda: [Example(nlp.make_doc(d.text), d)
                            for d in spacy.tokens.DocBin().from_disk(dev_file).get_docs(nlp.vocab)])
    return nlp


def test_freshly_trained_tagger_without_clusters_logs_once_and_evaluates(tmp_path, dev_file, caplog, capsys):
    with caplog.at_level(logging.WARNING, logger="spacy_anon"):
        nlp = _train_crf_en(tmp_path, dev_file)
    messages = [r.getMessage() for r in caplog.records if "[W601]" in r.getMessage()]
    assert len(messages) == 1 and "spacy project run clusters-english" in messages[0]
    assert nlp.pipe_names == ["anon_rules", "anon_regex_generator", "anon_crf", "anon_coref", "anon_mask"]
    nlp.to_disk(tmp_path / "tagger")
    data = evaluate(str(tmp_path / "tagger"), dev_file, silent=False)
    assert "SPAN P" in capsys.readouterr().out
    assert 0.0 < data["spans_sc_r"] <= 1.0 and "spans_crf_f" in data


def test_training_steps_that_do_nothing_are_refused(tmp_path, dev_file):
    with pytest.raises(ValueError, match=r"\[E700\].*max_steps = 20.*anon_crf.max_iterations"):
        _train_crf_en(tmp_path, dev_file, **{"training.max_steps": 20})


def test_steps_of_other_trainable_components_are_not_refused():
    from spacy_anon.tagger.training_settings import check_training_settings

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_crf")
    check_training_settings(nlp, {"max_steps": 1})
    with pytest.raises(ValueError, match="E700"):  # 0: whole epochs, a row per batch
        check_training_settings(nlp, {"max_steps": 0})
    nlp.add_pipe("ner")
    check_training_settings(nlp, {"max_steps": 20000})


@pytest.mark.parametrize("path", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_every_shipped_config_loads_and_validates(path, dev_file):
    """What `spacy debug config` checks: the pipeline builds and [training] resolves."""
    from spacy.schemas import ConfigSchemaTraining
    from spacy.util import registry

    config = spacy.util.load_config(path, overrides={"paths.train": str(dev_file), "paths.dev": str(dev_file)})
    if any(c.get("factory") == "transformer" for c in config["components"].values()) \
            and importlib.util.find_spec("spacy_transformers") is None:
        pytest.skip("needs the trf extra (spacy-transformers)")
    missing_backend = [name for name, c in config["components"].items()
                       if c.get("backend") == "onnxruntime" and importlib.util.find_spec("onnxruntime") is None]
    for name in missing_backend:
        # without the trf extra, a config that runs MiniLM in ONNX Runtime is refused when the pipeline is
        # built, naming the package (E511); the rest of the config must still validate
        with pytest.raises(ImportError, match="E511"):
            spacy.util.load_model_from_config(config, auto_fill=True, validate=True)
        config["components"][name]["backend"] = "torch"
    nlp = spacy.util.load_model_from_config(config, auto_fill=True, validate=True)
    training = registry.resolve(nlp.config.interpolate()["training"], schema=ConfigSchemaTraining)
    if path.stem in COMPLETE:
        assert training["max_steps"] == 1 and nlp.pipe_names[0] == "anon_rules" and nlp.pipe_names[-1] == "anon_mask"
        assert nlp.config["initialize"]["before_init"] == {"@callbacks": "spacy_anon.fitted_in_initialize.v1"}


def test_error_codes_of_this_block_name_the_fix():
    assert "clusters-english" in Warnings.W601 and "max_steps = 1" in Errors.E700


def test_a_recall_over_no_entity_is_not_printed_as_a_miss():
    from spacy_anon.evaluate.scorers import spacy_table

    tab = {"token_recall": 0.9, "token_precision": 0.8, "recall_all_entities": 0.7, "recall_direct_entities": 0.0,
           "recall_quasi_entities": 0.7, "no_denominator": ["recall_direct_entities"]}
    rows = spacy_table("sc", tab=tab)["spans_sc_per_type"]
    assert "TAB entities (direct)" not in rows and rows["TAB entities (quasi)"]["r"] == 0.7
