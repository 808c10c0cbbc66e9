"""Information kept by an anonymized text (TPI, Hassan et al.'s utility) and the masked-LM probability path."""
import json
import math

import pytest

from spacy_anon.cli import main
from spacy_anon.risk import document_information, text_preserved_information
from spacy_anon.risk.probabilities import CorpusProbabilities, WordFreqProbabilities
from spacy_anon.risk.terms import align, parse, segment_terms

ORIGINAL = ("Scott Andrew Caan (born August 23, 1976) is an American actor. He stars as Detective Danny Williams "
            "in the CBS series Hawaii Five-0. Caan was born in Los Angeles.")


def test_tpi_is_one_for_identical_texts():
    row = document_information(ORIGINAL, ORIGINAL)
    assert row["tpi"] == 1.0 and row["tpi_suppression"] == 1.0 and row["utility_percent"] == pytest.approx(100.0)
    assert row["n_protected_terms"] == 0


def test_tpi_is_zero_for_fully_masked_text():
    masked = " ".join("***" for _ in ORIGINAL.split())
    assert document_information(ORIGINAL, masked)["tpi"] == 0.0
    tagged = "[PERSON_1] ([DATETIME_1]): [NORP_1] [OCC_1]. [PERSON_2], [LOC_1]."
    assert document_information("Scott Caan (1976): American actor. Caan, Hawaii.", tagged)["tpi"] == 0.0


def test_masks_carry_no_information_and_tokenization_differences_do_not_count():
    # re-spaced, lower-cased output of some anonymizers: nothing lost
    respaced = ORIGINAL.replace("(", "( ").replace(",", " ,").lower()
    assert document_information(ORIGINAL, respaced)["tpi"] == pytest.approx(1.0)
    masked = ORIGINAL.replace("Scott Andrew Caan", "PERSON").replace("Caan was", "PERSON was")
    row = document_information(ORIGINAL, masked)
    assert 0.5 < row["tpi"] < 1.0 and row["n_protected_terms"] == 2
    assert row["ic_multiplier"] > 1.0  # a surname is far rarer than the average kept word


def test_terms_merge_chunks_and_take_the_least_probable_word():
    doc = parse("Caan was born in Los Angeles.")
    terms = [t.text(doc) for t in segment_terms(doc)]
    assert terms == ["Caan", "was", "born", "in", "Los Angeles"]
    source = WordFreqProbabilities()
    row = document_information("Caan was born in Los Angeles.", "Caan was born in Los Angeles.", source)
    expected = sum(max(-math.log2(source.word_probability(w)) for w in t.split()) for t in terms)
    assert row["tic_original"] == pytest.approx(expected)


def test_generalization_keeps_its_information_capped_by_the_original():
    original = "Caan was born in Los Angeles in 1976."
    suppressed = document_information(original, "Caan was born in *** in 1976.")
    general = document_information(original, "Caan was born in a city in 1976.")
    assert suppressed["tpi"] == suppressed["tpi_suppression"] == general["tpi_suppression"]
    assert suppressed["tpi"] < general["tpi"] < 1.0
    # a generalization rarer than what it replaces cannot add information
    rare = document_information("He was born in a city.", "He was born in Quillfeatherville.")
    assert rare["tpi"] == pytest.approx(1.0)


def test_vacuous_generalization_keeps_no_information_in_tpi_informative():
    original = "Caan was born in Los Angeles in 1976."
    vacuous = document_information(original, "Caan was born in a thing in 1976.")
    general = document_information(original, "Caan was born in a city in 1976.")
    assert vacuous["tpi"] > vacuous["tpi_informative"] == pytest.approx(vacuous["tpi_suppression"])
    assert general["tpi_informative"] == pytest.approx(general["tpi"])
    assert document_information(original, "Caan was born in some things in 1976.")["tpi_informative"] == \
        pytest.approx(vacuous["tpi_suppression"])


def test_alignment_finds_replaced_runs():
    doc = parse("Tom Hanks was born in Concord.")
    alignment = align(doc, "[PERSON_1] was born in a town.")
    assert [r.generalization for r in alignment.replacements] == [None, "a town"]
    assert alignment.kept == [False, False, True, True, True, False, True]


def test_corpus_unigram_source():
    source = CorpusProbabilities(["the actor the actor the film", "a film"])
    assert source.word_probability("the") > source.word_probability("film") > source.word_probability("unseen")
    report = text_preserved_information({"a": "the actor"}, {"a": "the ***"}, source=source)
    assert 0 < report["tpi"] < 1 and report["ic"] == "corpus"


def test_cli_utility(tmp_path, capsys):
    orig, anon = tmp_path / "orig.json", tmp_path / "anon.json"
    orig.write_text(json.dumps({"a": ORIGINAL, "b": "Caan was born in Los Angeles."}))
    anon.write_text(json.dumps({"a": ORIGINAL, "b": "*** *** *** *** *** ***."}))
    out = tmp_path / "u.json"
    assert main(["utility", "--original", str(orig), "--anonymized", str(anon), "-o", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["schema"] == "spacy-anon/tpi/1"
    assert [d["tpi"] for d in report["documents"]] == [1.0, 0.0] and report["tpi"] == 0.5
    assert "TPI 0.500" in capsys.readouterr().out
    assert main(["utility", "--original", str(orig), "--anonymized", str(anon), "--ic", "mlm"]) == 1
    assert "E859" in capsys.readouterr().err


def test_keyed_pseudonyms_carry_no_information():
    # the `pseudonym` strategy's output: a label and a keyed digest, credited nothing (unlike a generalization)
    pseudonymized = ("PERSON_39f2e937 (born DATETIME_1e7b6a77) is an NORP_baedf573 actor. He stars as Detective "
                     "PERSON_2f7bbc39 in the ORG_a9ed19ac series MISC_0af20acb. PERSON_39f2e937 was born in "
                     "LOC_77c0ffee.")
    row = document_information(ORIGINAL, pseudonymized)
    assert 0 < row["tpi"] < 1
    assert row["tpi"] == pytest.approx(row["tpi_suppression"])
