"""Agreement between the two annotators of the everyday set: the measures, and the committed second annotation."""
import importlib.util
from pathlib import Path

import pytest

from spacy_anon.corpora.everyday import default_folder, iter_everyday, parse_markup

ROOT = Path(__file__).resolve().parents[1]
SECOND = ROOT / "assets" / "everyday" / "second_annotator"

_spec = importlib.util.spec_from_file_location("everyday_agreement", ROOT / "benchmarks" / "everyday_agreement.py")
agreement_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(agreement_mod)


def _doc(marked, doc_id="email/01"):
    text, spans = parse_markup(marked)
    return {"doc_id": doc_id, "genre": doc_id.split("/")[0], "split": "dev", "text": text, "spans": spans}


FIRST = "⟦PERSON|Ann Lee⟧ met ⟦PERSON|Bo⟧ in ⟦LOC|Leeds⟧ on ⟦DATETIME|2 May⟧."
SECOND_MARKED = "⟦PERSON|Ann Lee⟧ met ⟦PERSON|Bo⟧ in ⟦ORG|Leeds⟧ on 2 ⟦DATETIME|May⟧."


def test_cohen_kappa_known_values():
    kappa = agreement_mod.cohen_kappa
    # observed 0.75, expected (2*1 + 2*3) / 16 = 0.5 -> 0.5
    assert kappa(["A", "A", "O", "O"], ["A", "O", "O", "O"]) == pytest.approx(0.5)
    assert kappa(["A", "O", "B"], ["A", "O", "B"]) == pytest.approx(1.0)
    # observed 0, expected 0.5 -> -1
    assert kappa(["A", "O"], ["O", "A"]) == pytest.approx(-1.0)
    assert kappa(["O", "O"], ["O", "O"]) == 1.0
    with pytest.raises(ValueError):
        kappa(["O"], [])


def test_prf_known_values():
    m = agreement_mod.prf(2, 4, 5)
    assert (m["precision"], m["recall"]) == (0.5, 0.4)
    assert m["f1"] == pytest.approx(2 * 0.5 * 0.4 / 0.9)
    assert agreement_mod.prf(0, 0, 0)["f1"] == 0.0


def test_span_and_token_agreement_on_a_tiny_pair():
    result = agreement_mod.agreement({"email/01": _doc(FIRST)}, {"email/01": _doc(SECOND_MARKED)})
    assert (result["spans_first"], result["spans_second"]) == (4, 4)
    # exact with label: Ann Lee, Bo -> 2 of 4 each way
    assert result["exact_labelled"]["f1"] == pytest.approx(0.5)
    # exact offsets, any label: Ann Lee, Bo, Leeds -> 3 of 4
    assert result["exact_unlabelled"]["f1"] == pytest.approx(0.75)
    # tokens Ann Lee met Bo in Leeds on 2 May:
    #   1: P P O P O LOC O D D     2: P P O P O ORG O O D
    # observed 7/9, expected (3*3 + 3*4 + 2*1) / 81 = 23/81 -> kappa 40/58
    assert result["tokens"] == 9
    assert result["token_kappa"] == pytest.approx(40 / 58)
    per_label = result["per_label"]
    assert per_label["PERSON"]["f1"] == 1.0
    assert per_label["LOC"]["f1"] == 0.0 and per_label["ORG"]["f1"] == 0.0
    kinds = {(row["kind"], row["labels"]): row["count"] for row in result["disagreements"]}
    assert kinds == {("label", "LOC->ORG"): 1, ("boundary: annotator 2 narrower", "DATETIME"): 1}


def test_only_one_annotator_and_split_kinds():
    first = _doc("⟦PERSON|Ann Lee⟧ and ⟦DATETIME|Friday 3 May⟧ and ⟦AGE|42⟧")
    second = _doc("⟦PERSON|Ann⟧ ⟦PERSON|Lee⟧ and ⟦DATETIME|Friday⟧ 3 May and 42")
    result = agreement_mod.agreement({"email/01": first}, {"email/01": second})
    kinds = {(row["kind"], row["labels"]): row["count"] for row in result["disagreements"]}
    assert kinds == {("split: 1 span(s) vs 2", "PERSON"): 1, ("boundary: annotator 2 narrower", "DATETIME"): 1,
                     ("only annotator 1", "AGE"): 1}
    assert result["exact_labelled"]["tp"] == 0


def test_texts_must_match():
    with pytest.raises(ValueError, match="differ"):
        agreement_mod.agreement({"email/01": _doc("⟦PERSON|Ann⟧ met Bo")},
                                {"email/01": _doc("⟦PERSON|Ann⟧ met Bob")})
    with pytest.raises(ValueError, match="without annotator 1"):
        agreement_mod.agreement({}, {"email/01": _doc("x")})


def test_committed_second_annotation_parses_and_strips_to_the_first_texts():
    second = {doc["doc_id"]: doc for doc in iter_everyday(SECOND)}
    assert len(second) == 36
    assert {doc_id.split("/")[1] for doc_id in second} == {"02", "05", "09"}
    first = {doc["doc_id"]: doc for doc in iter_everyday(default_folder())}
    for doc_id, doc in second.items():
        assert doc["text"] == first[doc_id]["text"], doc_id
        assert doc["spans"], doc_id
        for span in doc["spans"]:
            assert doc["text"][span["start"]:span["end"]] == span["text"]


def test_script_runs_on_the_committed_files(tmp_path, capsys):
    out = tmp_path / "agreement.json"
    assert agreement_mod.main(["--out", str(out)]) == 0
    assert "token kappa" in capsys.readouterr().out
    assert out.is_file()
