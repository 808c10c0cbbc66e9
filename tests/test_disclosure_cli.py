"""`spacy-anon train-embeddings` (train, --update), `assemble-disclosure`, and the demo helper."""
import json
from pathlib import Path

import pytest
import spacy

from spacy_anon.cli import main
from spacy_anon.disclosure.vectors import load_meta, load_vectors

FIXTURE = Path(__file__).parent / "fixtures" / "disclosure_tiny.jsonl"
SMALL = ["--epochs", "20", "--dim", "12", "--workers", "1"]


def test_train_and_update_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "vectors"
    assert main(["train-embeddings", str(FIXTURE), "-o", str(out), *SMALL]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["documents"] == 6 and info["vocab_size"] > 10
    assert load_meta(out)["training"]["vector_size"] == 12
    new = tmp_path / "new.txt"
    new.write_text("Nora Vell toured Quillon Harbour with the Brass Lantern Company.", encoding="utf8")
    assert main(["train-embeddings", "--update", str(out), str(new), "--epochs", "5"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["added_documents"] == 1 and info["new_phrases"] >= 2
    kv = load_vectors(out)
    assert "quillon_harbour" in kv.key_to_index and "brass_lantern_company" in kv.key_to_index


def test_train_needs_an_output(capsys):
    with pytest.raises(SystemExit):
        main(["train-embeddings", str(FIXTURE)])


def test_assemble_disclosure_pipeline(tmp_path):
    vectors = tmp_path / "vectors"
    assert main(["train-embeddings", str(FIXTURE), "-o", str(vectors), *SMALL]) == 0
    out = tmp_path / "pipeline"
    assert main(["assemble-disclosure", "--vectors", str(vectors), "-o", str(out), "--no-generalize",
                 "--always", "date", "--threshold", "0.3"]) == 0
    nlp = spacy.load(out)
    assert "anon_disclosure" in nlp.pipe_names and nlp.pipe_names[-1] == "anon_mask"
    cfg = nlp.get_pipe("anon_disclosure").cfg
    assert cfg["threshold"] == 0.3 and cfg["always"] == ["date"]
    doc = nlp.make_doc("Nora Vell starred in Glass Orchard.")
    doc._.anon_subject = "Nora Vell"
    doc = nlp(doc)
    assert doc._.anon_status == "ok"
    assert "Nora Vell" not in doc._.anon_text


def test_demo_vectors_train_in_seconds(tmp_path):
    from spacy_anon.disclosure.demo import demo_pipeline

    nlp, rows = demo_pipeline(tmp_path / "demo")
    assert rows[0]["subject"] == "Marla Quennell"
    doc = nlp.make_doc(rows[0]["text"])
    doc._.anon_subject = rows[0]["subject"]
    doc = nlp(doc)
    flagged = {s.text for s in doc.spans["anon"]}
    assert {"Marla Josephine Quennell", "Saltmarsh Lane", "Aberystwyth"} <= flagged


def test_assemble_sets_a_stricter_generalizer_threshold_when_asked(tmp_path):
    """assemble-disclosure can give the generalizer its own threshold (stricter or looser than disclosure)."""
    vectors = tmp_path / "vectors"
    assert main(["train-embeddings", str(FIXTURE), "-o", str(vectors), *SMALL]) == 0
    out = tmp_path / "pipeline"
    assert main(["assemble-disclosure", "--vectors", str(vectors), "-o", str(out), "--threshold", "0.25",
                 "--generalize-threshold", "0.05"]) == 0
    nlp = spacy.load(out)
    assert nlp.get_pipe("anon_disclosure").cfg["threshold"] == 0.25
    assert nlp.get_pipe("anon_generalize").cfg["threshold"] == 0.05
    default = tmp_path / "default"
    assert main(["assemble-disclosure", "--vectors", str(vectors), "-o", str(default), "--threshold", "0.3"]) == 0
    assert spacy.load(default).get_pipe("anon_generalize").cfg["threshold"] == 0.3


def test_demo_without_a_folder_leaves_no_temporary_folder_behind():
    import gc
    import tempfile
    from pathlib import Path

    from spacy_anon.disclosure.demo import demo_pipeline

    nlp, _ = demo_pipeline()
    folder = Path(nlp.get_pipe("anon_disclosure").cfg["vectors"])
    assert folder.parent == Path(tempfile.gettempdir()) and (folder / "vectors.kv").exists()
    doc = nlp.make_doc("Nora Vell starred in Glass Orchard.")
    doc._.anon_subject = "Nora Vell"
    assert "Nora Vell" in {s.text for s in nlp(doc).spans["anon"]}
    del nlp, doc
    gc.collect()
    assert not folder.exists()
