"""Cross-validation of tagger configs: threshold settings, sweeps equal to full runs, folds by group."""
import pytest
import spacy
from spacy.tokens import DocBin

from spacy_anon.evaluate.crossval import (
    cross_validate, group_of, parse_threshold, predict, split_folds, sweep, write_predictions,
)
from spacy_anon.evaluate.error_analysis import load_predictions
from spacy_anon.labels import GOLD_SPAN_KEY
from test_tagger_context import _context_nlp, _examples


def test_tagger_eval_threshold_pairs():
    assert parse_threshold("0.03") == (0.03, 0.0, 0.0) and parse_threshold("0.03:0.01") == (0.03, 0.01, 0.0)
    assert parse_threshold("0.02@0.003") == (0.02, 0.0, 0.003)
    assert parse_threshold("0.02:0.01@0.003", 0.0, 0.5) == (0.02, 0.01, 0.003)
    assert parse_threshold("0.02", 0.01, 0.003) == (0.02, 0.01, 0.003)  # the config's values otherwise
    for bad in ("high", "0.02@x", "0.02@1", "0.02@-0.1"):
        with pytest.raises(ValueError):
            parse_threshold(bad)


def test_tagger_eval_sweep_gives_what_full_runs_give(monkeypatch):
    """The threshold sweep runs the components before anon_crf once; its output must not differ."""
    nlp = _context_nlp(monkeypatch, span_threshold=0.9)
    nlp.add_pipe("anon_crf", config={"feature_span_keys": []})
    nlp.initialize(lambda: _examples(nlp))
    docs = [nlp.make_doc(t) for t in ("yesterday Clara Diaz paid 7 euros .", "Bo Li and Sam Ortiz came .")]
    for i, doc in enumerate(docs):
        doc.user_data["doc_id"] = f"d{i}"
    crf = nlp.get_pipe("anon_crf")
    swept = sweep(nlp, docs, ["0.2@0.5", "0.05"])
    assert crf.cfg["entity_threshold"] == 0.0 and crf.cfg["context_veto"] == 0.0  # restored
    crf.cfg.update(entity_threshold=0.2, context_veto=0.5)
    assert swept["0.2@0.5"] == predict(nlp, docs)
    crf.cfg.update(entity_threshold=0.05, context_veto=0.0)
    assert swept["0.05"] == predict(nlp, docs)


NAMES = ["Maria Lopez", "John Smith", "Anna Berg", "Piotr Nowak", "Elif Kaya", "Omar Haddad"]
CONFIG = """
[nlp]
lang = "en"
pipeline = ["anon_crf"]

[nlp.tokenizer]
@tokenizers = "spacy_anon.char_class_tokenizer.v1"

[components]

[components.anon_crf]
factory = "anon_crf"
feature_span_keys = []
max_iterations = 20
"""


def _patient_notes(path, n_patients=4, notes=3):
    """Notes "P-N" of `n_patients` patients, a name in each as gold PERSON."""
    nlp = spacy.blank("en")
    db = DocBin(store_user_data=True)
    for p in range(n_patients):
        for n in range(notes):
            name = NAMES[(p + n) % len(NAMES)]
            text = f"seen today : {name} paid {10 * p + n} euros ."
            doc = nlp.make_doc(text)
            start = text.index(name)
            doc.spans[GOLD_SPAN_KEY] = [doc.char_span(start, start + len(name), label="PERSON")]
            doc.user_data["doc_id"] = f"p{p}-{n}"
            db.add(doc)
    db.to_disk(path)
    return list(db.get_docs(nlp.vocab))


def test_folds_keep_a_patients_notes_together(tmp_path):
    docs = _patient_notes(tmp_path / "notes.spacy")
    assert group_of(docs[0], "patient") == "p0" and group_of(docs[0], "doc") == "p0-0"
    folds = split_folds(docs, "patient", 2)
    assert sorted(i for f in folds for i in f) == list(range(len(docs)))
    for fold in folds:
        patients = {group_of(docs[i], "patient") for i in fold}
        assert all(group_of(d, "patient") not in patients for i, d in enumerate(docs) if i not in fold)


def test_cross_validate_predicts_every_held_out_document_once(tmp_path):
    docs = _patient_notes(tmp_path / "notes.spacy")
    config = tmp_path / "crf.cfg"
    config.write_text(CONFIG)
    seen = []
    cv = cross_validate(str(config), {}, [str(tmp_path / "notes.spacy")], group="patient", folds=2,
                        thresholds=["0.05"], on_fold=lambda k, s, scores: seen.append((k, sorted(scores))))
    assert sorted(cv.preds) == sorted(str(d.user_data["doc_id"]) for d in docs)
    assert sorted(cv.by_threshold["0.05"]) == sorted(cv.preds)
    assert sorted(seen) == [(0, ["0.05", "default"]), (1, ["0.05", "default"])]
    assert cv.report["test_documents"] == len(docs) and sorted(cv.report["per_fold"]) == ["0", "1"]
    assert set(cv.report["per_fold"]["0"]["default"]) == {"token_recall", "token_precision"}
    one = cross_validate(str(config), {}, [str(tmp_path / "notes.spacy")], group="patient", folds=2, only_fold=1)
    assert one.report["evaluated_folds"] == [1] and "per_fold" not in one.report
    assert {k: v for k, v in one.preds.items()} == {k: v for k, v in cv.preds.items() if k in one.preds}
    write_predictions(str(tmp_path / "out" / "pred.json"), cv.preds, cv.by_threshold)
    back = load_predictions(tmp_path / "out", "0.03", ["0.03", "0.05"])
    assert back["0.03"] == {k: [list(s) for s in v] for k, v in cv.preds.items()}
    assert back["0.05"] == {k: [list(s) for s in v] for k, v in cv.by_threshold["0.05"].items()}
