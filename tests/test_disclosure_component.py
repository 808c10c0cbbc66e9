"""anon_disclosure on tiny vectors trained here from a fixture corpus (no shared data needed)."""
import json
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Span, SpanGroup

import spacy_anon  # noqa: F401
import spacy_anon.disclosure.component  # noqa: F401  (factory, also via entry point)
from spacy_anon.disclosure.chunking import chunk_doc
from spacy_anon.disclosure.detect import build_subjects, subjects_of
from spacy_anon.disclosure.vectors import (
    chunk_corpus, entity_vector, load_model, load_vectors, phrase_vector, read_texts, save_model,
    train_from_corpus, train_model, update_from_corpus,
)

FIXTURE = Path(__file__).parent / "fixtures" / "disclosure_tiny.jsonl"
TINY = {"vector_size": 24, "window": 5, "epochs": 200, "workers": 1, "seed": 1, "sample": 0}
DOC = "Nora Vell starred in Glass Orchard as the pilot Juno Kade and was born in Dunmore."


@pytest.fixture(scope="module")
def vectors_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("vectors")
    train_from_corpus(FIXTURE, out, **TINY)
    return out


@pytest.fixture(scope="module")
def kv(vectors_dir):
    return load_vectors(vectors_dir)


def _nlp(vectors_dir, **cfg):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_disclosure", config={"vectors": str(vectors_dir), **cfg})
    return nlp


def _run(nlp, text, subject=None):
    doc = nlp.make_doc(text)
    doc._.anon_subject = subject
    return nlp(doc)


def _flagged(doc):
    return {s.text: s for s in doc.spans["anon"] if s._.anon_source == "anon_disclosure"}


def test_corpus_reading_and_training_outputs(vectors_dir, kv):
    assert len(list(read_texts(FIXTURE))) == 6
    for name in ("vectors.kv", "word2vec.model", "meta.json"):
        assert (vectors_dir / name).exists()
    meta = json.loads((vectors_dir / "meta.json").read_text())
    assert meta["chunker"] == "rule" and meta["training"]["sg"] == 1 and meta["training"]["min_count"] == 1
    assert "glass_orchard" in kv.key_to_index  # phrases are atomic vocabulary items
    assert phrase_vector(kv, "Glass Orchard") is not None
    assert phrase_vector(kv, "the Glass Orchard") is not None  # stop word dropped
    assert phrase_vector(kv, "Unseen Phrase") is None


def test_subject_specific_phrases_score_higher_than_generic_ones(kv):
    vec, how = entity_vector(kv, "Nora Vell")
    assert how == "phrase"
    from spacy_anon.disclosure.vectors import cosine

    own = cosine(kv["juno_kade"], vec)
    other = cosine(kv["silas_rook"], vec)
    assert own > other


def test_detection_flags_quasi_identifiers_and_direct_mentions(vectors_dir, kv):
    nlp = _nlp(vectors_dir, threshold=0.3)
    doc = _run(nlp, DOC, "Nora Vell")
    flagged = _flagged(doc)
    assert flagged["Nora Vell"]._.anon_identifier == "DIRECT"
    assert flagged["Nora Vell"].label_ == "PERSON"
    for text in ("Glass Orchard", "Juno Kade", "Dunmore"):
        assert text in flagged, (text, sorted(flagged))
        span = flagged[text]
        assert span._.anon_identifier == "QUASI" and 0.3 < span._.anon_score <= 1.0
    assert "starred" not in flagged and "born" not in flagged  # verbs are never candidates
    assert doc._.anon_stats["oov_phrases"] == 0


def test_higher_threshold_flags_fewer(vectors_dir):
    low = _flagged(_run(_nlp(vectors_dir, threshold=0.05), DOC, "Nora Vell"))
    high = _flagged(_run(_nlp(vectors_dir, threshold=0.95), DOC, "Nora Vell"))
    assert set(high) <= set(low)
    assert len(high) < len(low)
    assert "Nora Vell" in high  # mentions of the subject are always flagged


def test_appends_and_takes_label_of_overlapping_span(vectors_dir):
    nlp = _nlp(vectors_dir, threshold=0.05)
    doc = nlp.make_doc(DOC)
    doc._.anon_subject = "Nora Vell"
    words = [t.text for t in doc]
    same = Span(doc, words.index("Dunmore"), words.index("Dunmore") + 1, label="LOC")
    part = Span(doc, words.index("Juno"), words.index("Juno") + 1, label="PERSON")
    for span in (same, part):
        span._.anon_source = "anon_rules"
    doc.spans["anon"] = SpanGroup(doc, name="anon", spans=[same, part])
    doc = nlp(doc)
    sources = {(s.text, s.label_): s._.anon_source for s in doc.spans["anon"]}
    assert sources[("Dunmore", "LOC")] == "anon_rules"  # kept, not duplicated or overwritten
    assert sources[("Juno", "PERSON")] == "anon_rules"
    assert sources[("Juno Kade", "PERSON")] == "anon_disclosure"  # label of the overlapping span


def test_subject_fallback_to_most_frequent_person(vectors_dir):
    nlp = _nlp(vectors_dir, threshold=0.3)
    doc = nlp.make_doc("Otto Brisk met Lia Moss. Brisk starred in Iron Meadow.")
    doc.ents = [Span(doc, 0, 2, label="PERSON"), Span(doc, 3, 5, label="PERSON"), Span(doc, 6, 7, label="PERSON")]
    assert subjects_of(doc) == (["Otto Brisk"], "person")
    doc = nlp(doc)
    assert doc._.anon_stats["disclosure_subject_source"] == "person"
    assert _flagged(doc)["Brisk"]._.anon_identifier == "DIRECT"


def test_no_subject_flags_every_name_by_default(vectors_dir):
    """Fail closed: a document without a subject (none given, no PERSON found) used to come out with its
    names in clear and status "ok" ("Arnold Alois Schwarzenegger (born July 1947) ..." through the
    WikiActors pipeline, which has no NER). Without knowing whom to protect, every name is flagged."""
    doc = _run(_nlp(vectors_dir), "Nora Vell starred in Glass Orchard with Otto Brisk. It is a film.")
    flagged = _flagged(doc)
    assert {"Nora Vell", "Glass Orchard", "Otto Brisk"} <= set(flagged)
    assert "film" not in flagged  # only names, not every phrase
    assert all(s._.anon_score == 1.0 for s in flagged.values())
    assert doc._.anon_stats["disclosure_subject_source"] == "none"
    assert "no subject" in doc._.anon_stats["disclosure_warning"]


def test_no_subject_skip_flags_nothing(vectors_dir):
    doc = _run(_nlp(vectors_dir, on_no_subject="skip"), "Glass Orchard is a film.")
    assert _flagged(doc) == {}
    assert doc._.anon_stats["disclosure_subject_source"] == "none"


def test_no_subject_error_and_unknown_policy(vectors_dir):
    with pytest.raises(ValueError, match="on_no_subject"):
        _run(_nlp(vectors_dir, on_no_subject="error"), "Glass Orchard is a film.")
    with pytest.raises(ValueError, match="on_no_subject"):
        _nlp(vectors_dir, on_no_subject="mask_everything")


def test_several_subjects_one_after_the_other(vectors_dir):
    nlp = _nlp(vectors_dir, threshold=0.3)
    doc = _run(nlp, "Nora Vell and Otto Brisk starred in Glass Orchard and Iron Meadow.", ["Nora Vell", "Otto Brisk"])
    flagged = _flagged(doc)
    assert flagged["Nora Vell"]._.anon_identifier == "DIRECT"
    assert flagged["Otto Brisk"]._.anon_identifier == "DIRECT"
    assert "Glass Orchard" in flagged and "Iron Meadow" in flagged


def test_oov_phrases_masked_or_kept(vectors_dir):
    text = "Nora Vell visited Zanzibar Quay."
    masked = _run(_nlp(vectors_dir, threshold=0.3), text, "Nora Vell")
    assert masked._.anon_stats["oov_phrases"] >= 2  # "visited", "zanzibar_quay"
    assert _flagged(masked)["Zanzibar Quay"]._.anon_score == 1.0
    kept = _run(_nlp(vectors_dir, threshold=0.3, oov="keep"), text, "Nora Vell")
    assert "Zanzibar Quay" not in _flagged(kept)


def test_subject_without_vector_fails_closed(vectors_dir):
    text = "Glass Orchard starred Quentin Zorb."
    doc = _run(_nlp(vectors_dir, threshold=0.3, oov="keep"), text, "Xavier Yllo")
    assert "disclosure_warning" in doc._.anon_stats
    assert "Glass Orchard" in _flagged(doc)  # every nominal phrase flagged
    skipped = _run(_nlp(vectors_dir, threshold=0.3, oov="keep", on_subject_oov="skip"), text, "Xavier Yllo")
    assert "Glass Orchard" not in _flagged(skipped)
    with pytest.raises(ValueError, match=r"\[E403\] anon_disclosure: 1 protected entity without a vector"):
        _run(_nlp(vectors_dir, on_subject_oov="error"), text, "Xavier Yllo")


def test_bad_config_is_an_error(vectors_dir):
    with pytest.raises(ValueError):
        _nlp(vectors_dir, oov="drop")
    with pytest.raises(ValueError):
        _nlp(vectors_dir, chunker="magic")


def test_vocabulary_update_without_retraining(tmp_path, vectors_dir):
    work = tmp_path / "model"
    model = load_model(vectors_dir)
    save_model(model, work, json.loads((vectors_dir / "meta.json").read_text()))
    assert "zanzibar_quay" not in load_vectors(work).key_to_index
    new_docs = tmp_path / "new.jsonl"
    new_docs.write_text(json.dumps({"text": "Nora Vell filmed Glass Orchard in Zanzibar Quay."}) + "\n")
    info = update_from_corpus(work, new_docs, epochs=50)
    kv2 = load_vectors(work)
    assert "zanzibar_quay" in kv2.key_to_index
    assert info["new_phrases"] >= 1
    assert "glass_orchard" in kv2.key_to_index  # old vocabulary kept


def test_serialization_round_trip_is_self_contained(tmp_path, vectors_dir):
    nlp = _nlp(vectors_dir, threshold=0.3)
    doc = _run(nlp, DOC, "Nora Vell")
    before = {(s.start, s.end, s.label_) for s in doc.spans["anon"]}
    nlp.to_disk(tmp_path / "pipe")
    assert (tmp_path / "pipe" / "anon_disclosure" / "vectors" / "vectors.kv").exists()
    # the original vectors path is gone: the saved pipeline must still work
    cfg_path = tmp_path / "pipe" / "config.cfg"
    cfg_path.write_text(cfg_path.read_text().replace(str(vectors_dir), str(tmp_path / "moved")))
    nlp2 = spacy.load(tmp_path / "pipe")
    doc2 = _run(nlp2, DOC, "Nora Vell")
    after = {(s.start, s.end, s.label_) for s in doc2.spans["anon"]}
    assert before == after
    nlp3 = spacy.blank("en")
    nlp3.add_pipe("anon_disclosure")
    nlp3.get_pipe("anon_disclosure").from_bytes(nlp.get_pipe("anon_disclosure").to_bytes())
    doc3 = _run(nlp3, DOC, "Nora Vell")
    assert {(s.start, s.end) for s in doc3.spans["anon"]} == {(a, b) for a, b, _ in before}


def test_missing_vectors_config_is_a_clear_error():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_disclosure")
    with pytest.raises(ValueError, match="vectors"):
        _run(nlp, DOC, "Nora Vell")


def test_subject_vector_from_mentions(kv):
    doc = spacy.blank("en")("Vell starred in Glass Orchard.")
    subjects = build_subjects(kv, ["Nora Vell"], chunk_doc(doc))
    assert subjects[0].vector is not None and subjects[0].how in ("mentions", "phrase")
    assert build_subjects(kv, ["Xavier Yllo"], chunk_doc(doc))[0].how == "missing"


def test_train_model_is_reproducible_single_thread():
    sentences = chunk_corpus([r["text"] for r in map(json.loads, FIXTURE.read_text().splitlines())])
    a = train_model(sentences, vector_size=8, epochs=5, workers=1, seed=3)
    b = train_model(sentences, vector_size=8, epochs=5, workers=1, seed=3)
    assert (a.wv["nora_vell"] == b.wv["nora_vell"]).all()
