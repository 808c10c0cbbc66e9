"""`pseudonym`: keyed HMAC tokens, identical across documents and processes; no key, no pseudonyms."""
import json
import subprocess
import sys
import textwrap

import pytest
import spacy

import spacy_anon  # noqa: F401
from spacy_anon.mask.component import KEY_ENV

SCRIPT = textwrap.dedent("""
    import json, sys
    import spacy, spacy_anon
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "pseudonym", "run_rules": False, **json.loads(sys.argv[1])})
    doc = nlp.make_doc("Mr Cengiz Polat met Ayse Demir. Polat left.")
    doc.spans["anon"] = [doc.char_span(3, 15, label="PERSON"), doc.char_span(20, 30, label="PERSON"),
                         doc.char_span(32, 37, label="PERSON")]
    print(nlp.get_pipe("anon_mask")(doc)._.anon_text)
""")


def blank(lang="en"):
    return spacy.blank(lang)


def run(config, env_key=None):
    import os

    env = {k: v for k, v in os.environ.items() if k != KEY_ENV}
    if env_key:
        env[KEY_ENV] = env_key
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(config)], capture_output=True, text=True,
                          env=env, timeout=120)
    return done


def in_process(key):
    nlp = blank()
    nlp.add_pipe("anon_mask", config={"strategy": "pseudonym", "run_rules": False, "pseudonym_key": key})
    doc = nlp.make_doc("Mr Cengiz Polat met Ayse Demir. Polat left.")
    doc.spans["anon"] = [doc.char_span(3, 15, label="PERSON"), doc.char_span(20, 30, label="PERSON"),
                         doc.char_span(32, 37, label="PERSON")]
    return nlp.get_pipe("anon_mask")(doc)._.anon_text


def test_same_key_same_tokens_across_processes():
    other_process = run({}, env_key="s3cret-k3y-for-two-runs")  # key from the environment in a fresh interpreter
    assert other_process.returncode == 0, other_process.stderr[-2000:]
    here = in_process("s3cret-k3y-for-two-runs")  # key from the config here
    assert other_process.stdout.strip() == here
    tokens = here.split()
    assert tokens[1].startswith("PERSON_") and len(tokens[1]) == len("PERSON_") + 8
    assert tokens[1] != tokens[3].rstrip(".")  # different people, different tokens
    assert tokens[4] == tokens[1]  # "Polat" is Cengiz Polat
    assert in_process("another-key-for-this-test") != here


def test_same_value_same_token_across_documents(monkeypatch):
    monkeypatch.setenv(KEY_ENV, "a-test-key-for-one-run")
    nlp = blank()
    mask = nlp.add_pipe("anon_mask", config={"strategy": "pseudonym", "run_rules": False})
    texts = []
    for text in ("Dr. Ana Gil called.", "We met ana gil."):
        doc = nlp.make_doc(text)
        start = text.lower().index("ana gil")
        doc.spans["anon"] = [doc.char_span(start, start + 7, label="PERSON")]
        texts.append(mask(doc)._.anon_text)
    assert texts[0].split()[1] == texts[1].split()[2].rstrip(".")


def test_missing_key_is_an_error(monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    nlp = blank()
    with pytest.raises(ValueError, match=f"secret key.*{KEY_ENV}"):
        nlp.add_pipe("anon_mask", config={"strategy": "pseudonym"})
    with pytest.raises(ValueError, match="secret key"):
        nlp.add_pipe("anon_mask", config={"label_strategies": {"PERSON": "pseudonym"}})
    # other strategies need no key
    nlp.add_pipe("anon_mask", config={"strategy": "tag"})


def test_key_is_never_written_to_disk(tmp_path, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    nlp = blank()
    nlp.add_pipe("anon_mask", config={"strategy": "pseudonym", "pseudonym_key": "TOP-SECRET-KEY-0001",
                                      "run_rules": False})
    nlp.to_disk(tmp_path / "model")
    for path in (tmp_path / "model").rglob("*"):
        if path.is_file():
            assert b"TOP-SECRET-KEY-0001" not in path.read_bytes(), path
    assert b"TOP-SECRET-KEY-0001" not in nlp.get_pipe("anon_mask").to_bytes()
    # loading it back needs the key again, from the environment
    with pytest.raises(ValueError, match="secret key"):
        spacy.load(tmp_path / "model")
    monkeypatch.setenv(KEY_ENV, "TOP-SECRET-KEY-0001")
    assert spacy.load(tmp_path / "model").pipe_names == ["anon_mask"]
