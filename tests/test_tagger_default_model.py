"""The shipped English model (spacy_anon/data/default_model): size, loading, and basic detection."""
from pathlib import Path


import spacy_anon
from spacy_anon.labels import SPAN_KEY
from spacy_anon.pipeline import DEFAULT_MODEL_DIR

def test_default_model_is_small_and_loads():
    size = sum(p.stat().st_size for p in Path(DEFAULT_MODEL_DIR).rglob("*") if p.is_file())
    assert size <= 20 * 1024 * 1024
    nlp = spacy_anon.load()
    assert "anon_crf" in nlp.pipe_names and nlp.pipe_names[-1] == "anon_mask"


def test_default_model_finds_names_and_dates():
    nlp = spacy_anon.load()
    text = "The applicant, Mr John Smith, was born on 12 March 1961 and lives in Leeds."
    doc = nlp(text)
    assert doc._.anon_status == "ok"
    crf = {s.text for s in doc.spans[SPAN_KEY] if s._.anon_source == "anon_crf"}
    assert any("Smith" in t for t in crf)
    assert "Smith" not in doc._.anon_text and "1961" not in doc._.anon_text
