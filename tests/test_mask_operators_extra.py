"""The Presidio-grade operators: keep, replace, mask characters, keyed hash, encrypt (and restore)."""
import json

import pytest
import spacy

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.cli import main
from spacy_anon.mask.operators.encrypt import decrypt_token
from spacy_anon.mask.operators.mask_chars import mask_characters

KEY = "an-encryption-key-of-32-characters"
TEXT = "Card 4111-1111-1111-1111, mail anna.k@example.com, mail anna.k@example.com."


def masked(monkeypatch, strategy, **settings):
    monkeypatch.setenv("SPACY_ANON_KEY", KEY)
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": strategy, "operators": {strategy: settings} if settings else {}})
    return nlp(TEXT)


def test_mask_characters_keeps_separators_and_the_last_digits():
    assert mask_characters("4111-1111-1111-1111") == "****-****-****-1111"
    assert mask_characters("AB12", keep_last=4) == "****"  # a short value shows nothing
    assert mask_characters("x", char="#") == "#"


def test_keep_replace_and_mask_chars(monkeypatch):
    assert masked(monkeypatch, "keep")._.anon_text == TEXT
    assert len(masked(monkeypatch, "keep")._.anon_table) == 3  # still detected and listed
    assert masked(monkeypatch, "replace", text="<{label}>")._.anon_text.startswith("Card <ID>, mail <CONTACT>")
    assert masked(monkeypatch, "mask_chars", keep_last=2)._.anon_text.startswith("Card ****-****-****-**11, ")


def test_keyed_hash_depends_on_the_key_and_the_value(monkeypatch):
    one = masked(monkeypatch, "hash")._.anon_table
    assert one[1]["replacement"] == one[2]["replacement"] != one[0]["replacement"]
    assert len(one[0]["replacement"]) == 16 and "4111" not in one[0]["replacement"]
    monkeypatch.setenv("SPACY_ANON_KEY", KEY + "2")
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "hash"})
    assert nlp(TEXT)._.anon_table[0]["replacement"] != one[0]["replacement"]


def test_encrypt_round_trips_only_with_the_key(monkeypatch):
    doc = masked(monkeypatch, "encrypt")
    token = doc._.anon_table[0]["replacement"]
    assert token.startswith("ENC2:") and "4111" not in doc._.anon_text
    assert decrypt_token(KEY.encode(), token) == "4111-1111-1111-1111"
    with pytest.raises(ValueError, match=r"\[E124\]"):
        decrypt_token(b"another-key-another-key-another", token)


def test_keyed_operators_need_a_key_and_settings_are_checked(monkeypatch):
    monkeypatch.delenv("SPACY_ANON_KEY", raising=False)
    for strategy in ("hash", "encrypt"):
        with pytest.raises(ValueError, match=r"\[E110\].*'" + strategy + "'"):
            spacy.blank("en").add_pipe("anon_mask", config={"strategy": strategy})
    with pytest.raises(ValueError, match=r"\[E125\].*'mask_chars'"):
        spacy.blank("en").add_pipe("anon_mask", config={"strategy": "mask_chars",
                                                        "operators": {"mask_chars": {"keep_first": 2}}})
    with pytest.raises(ValueError, match=r"\[E101\]"):
        spacy.blank("en").add_pipe("anon_mask", config={"operators": {"shred": {}}})


def test_cli_encrypts_and_deanonymize_restores(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SPACY_ANON_KEY", KEY)
    src, out, back = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "back.jsonl"
    src.write_text(json.dumps({"id": 1, "text": TEXT}) + "\n")
    assert main(["anonymize", str(src), "-o", str(out), "--strategy", "encrypt", "--quiet"]) == 0
    assert "4111" not in out.read_text() and "anna.k" not in out.read_text()
    assert main(["deanonymize", str(out), "-o", str(back)]) == 0
    record = json.loads(back.read_text())
    assert record["text"] == TEXT and record["restored"] == 3 and record["kept"] == 0 and record["failed"] == 0
    monkeypatch.setenv("SPACY_ANON_KEY", "a-different-key-a-different-key")
    assert main(["deanonymize", str(out), "-o", str(tmp_path / "x.jsonl")]) == 1
    assert "[E987]" in capsys.readouterr().err and not (tmp_path / "x.jsonl").exists()
