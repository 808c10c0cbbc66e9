"""MEDDOCAN typed scores of a model that outputs our categories: the gold of `convert brat --categories` keeps
MEDDOCAN's labels in its records, so sub-track 1 alone finds no typed match (it gave TP 0 for the Spanish
default model); `subtrack1_categories` maps both sides to categories."""
import spacy

from spacy_anon.corpora import read_brat
from spacy_anon.evaluate.crossval import score_docs
from spacy_anon.evaluate.spans import meddocan_category_scores
from spacy_anon.labels import MEDDOCAN
from spacy_anon.tagger.data import map_gold_labels

TEXT = "Nombre: Ana García Pérez. Domicilio: C/ Mayor 5, 28013 Madrid. Médico: Dr. Luis Gómez.\n"
ANN = [("NOMBRE_SUJETO_ASISTENCIA", "Ana García Pérez"), ("CALLE", "C/ Mayor 5"), ("TERRITORIO", "Madrid"),
       ("NOMBRE_PERSONAL_SANITARIO", "Luis Gómez")]


def _brat(folder):
    folder.mkdir()
    (folder / "S0001.txt").write_text(TEXT, encoding="utf-8")
    lines = []
    for k, (label, value) in enumerate(ANN, 1):
        start = TEXT.index(value)
        lines.append(f"T{k}\t{label} {start} {start + len(value)}\t{value}")
    (folder / "S0001.ann").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_a_category_model_scores_typed_matches_in_categories(tmp_path):
    docs = [map_gold_labels(d, MEDDOCAN) for d in read_brat(_brat(tmp_path / "brat"), spacy.blank("es"))]
    assert [s.label_ for s in docs[0].spans["anon_gold"]] == ["PERSON", "LOC", "LOC", "PERSON"]
    doc_id = str(docs[0].user_data["doc_id"])
    # what the Spanish default model writes: our categories; "Madrid" typed wrongly as ORG
    preds = {doc_id: [(TEXT.index(v), TEXT.index(v) + len(v), lab) for v, lab in
                      [("Ana García Pérez", "PERSON"), ("C/ Mayor 5", "LOC"), ("Madrid", "ORG"),
                       ("Luis Gómez", "PERSON")]]}
    scores = score_docs("meddocan", docs, preds)
    assert scores["subtrack1"]["tp"] == 0  # MEDDOCAN's own labels against ours
    assert scores["subtrack2_strict"]["tp"] == 4
    typed = scores["subtrack1_categories"]
    assert (typed["tp"], typed["n_pred"], typed["n_gold"]) == (3, 4, 4)
    assert scores["per_category"]["PERSON"]["f1"] == 1.0 and scores["per_category"]["LOC"]["recall"] == 0.5


def test_a_model_with_meddocan_labels_scores_the_same_in_both():
    text = "Paciente: Rosa Díaz, 67 años."
    gold = {"d": [(10, 19, "NOMBRE_SUJETO_ASISTENCIA"), (21, 28, "EDAD_SUJETO_ASISTENCIA")]}
    pred = {"d": [(10, 19, "NOMBRE_SUJETO_ASISTENCIA"), (21, 28, "FECHAS")]}
    typed = meddocan_category_scores(gold, pred, {"d": text})
    assert typed["subtrack1_categories"]["tp"] == 1
    assert set(typed["per_category"]) == {"PERSON", "AGE", "DATETIME"}
