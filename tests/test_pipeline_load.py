"""`spacy_anon.load()`: the default pipeline, a saved pipeline with overrides, existing pipelines."""

import spacy

import spacy_anon
from spacy_anon.mask.component import KEY_ENV
from spacy_anon.pipeline import add_anon_components

def guard(fn, *args, **kwargs):
    return fn(*args, **kwargs)


def test_default_load_masks_contact_details():
    nlp = guard(spacy_anon.load)
    assert nlp.pipe_names[-1] == "anon_mask"
    doc = nlp("Write to jane.doe@example.com or call +1 415 555 2671.")
    assert doc._.anon_status == "ok"
    assert "jane.doe@example.com" not in doc._.anon_text and "555 2671" not in doc._.anon_text


def test_load_with_strategy_and_saved_pipeline(tmp_path):
    nlp = guard(spacy_anon.load, strategy="suppress")
    assert nlp("mail jane.doe@example.com")._.anon_text == "mail ***"
    nlp.to_disk(tmp_path / "p")
    again = spacy_anon.load(tmp_path / "p")
    assert again.pipe_names == nlp.pipe_names
    assert again("mail jane.doe@example.com")._.anon_text == "mail ***"
    tagged = spacy_anon.load(tmp_path / "p", strategy="tag")
    assert tagged.pipe_names == nlp.pipe_names
    assert tagged("mail jane.doe@example.com")._.anon_text == "mail [CONTACT_1]"


def test_add_to_existing_pipeline_keeps_other_settings():
    nlp = guard(spacy.blank, "en")
    nlp.add_pipe("anon_mask", config={"strategy": "suppress", "operators": {"suppress": {"filler": "###"}}, "run_rules": False})
    nlp.add_pipe("sentencizer", before="anon_mask")
    add_anon_components(nlp, strategy="suppress")
    assert nlp.pipe_names[-1] == "anon_mask"
    mask = nlp.get_pipe("anon_mask")
    assert mask.suppress_filler == "###" and mask.run_rules is False


def _upstream(nlp, text):
    """The doc of `text` after every component before anon_mask."""
    doc = nlp.make_doc(text)
    for name, proc in nlp.pipeline:
        if name == "anon_mask":
            return doc
        doc = proc(doc)
    return doc


def test_load_keeps_the_pseudonym_key_out_of_the_config(tmp_path, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    nlp = guard(spacy_anon.load, strategy="pseudonym", pseudonym_key="K-123-SECRET-K-123", run_rules=False)
    assert "K-123-SECRET-K-123" not in nlp.config.to_str()
    doc = _upstream(nlp, "Ana Gil")  # anon_mask writes only what every component before it finished
    doc.spans["anon"] = [doc.char_span(0, 7, label="PERSON")]
    assert nlp.get_pipe("anon_mask")(doc)._.anon_text.startswith("PERSON_")
    nlp.to_disk(tmp_path / "p")
    assert not any(b"K-123-SECRET-K-123" in p.read_bytes() for p in (tmp_path / "p").rglob("*") if p.is_file())
    # a saved pseudonym pipeline takes the key again at load time
    again = spacy_anon.load(tmp_path / "p", pseudonym_key="K-123-SECRET-K-123")
    doc2 = _upstream(again, "Ana Gil")
    doc2.spans["anon"] = [doc2.char_span(0, 7, label="PERSON")]
    assert again.get_pipe("anon_mask")(doc2)._.anon_text == doc._.anon_text


def test_a_pipeline_saved_with_removed_crf_settings_gets_a_useful_error(tmp_path):
    """Loading one made before the span filters names the settings to write instead (not spaCy's
    bare "unexpected argument")."""
    import shutil

    from spacy_anon.pipeline import DEFAULT_MODEL_DIR

    old = tmp_path / "old"
    shutil.copytree(DEFAULT_MODEL_DIR, old)
    cfg = (old / "config.cfg").read_text(encoding="utf-8")
    (old / "config.cfg").write_text(cfg.replace("[components.anon_crf]\n", "[components.anon_crf]\npropagate = true\n", 1),
                                    encoding="utf-8")
    try:
        spacy_anon.load(old)
    except ValueError as err:
        assert "propagate" in str(err) and "spacy_anon.propagate.v1" in str(err)
    else:
        raise AssertionError("an old setting was accepted")
