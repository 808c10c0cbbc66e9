"""Secret keys easy to guess are refused with the fix (E150), whatever keyed strategy reads them, and
`spacy-anon keygen` makes keys that every keyed operator accepts."""
import os
import stat

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon  # noqa: F401  (factories)
from spacy_anon.cli import main
from spacy_anon.mask.component import AnonMask
from spacy_anon.mask.keys import MIN_KEY_BITS, estimated_bits, new_key, shortest_unit
from spacy_anon.mask.settings import checked_key

GUESSABLE = ("aaaaaaaaaaaaaaaa", "abcdefghijklmnop", "0123456789abcdef", "passwordpassword", "password12345678",
             "zyxwvutsrqponmlkjihg", "abcabcabcabcabcabc", "1111111111111111111111111111")


@pytest.mark.parametrize("key", GUESSABLE)
def test_guessable_keys_are_refused_with_the_fix(key):
    with pytest.raises(ValueError, match=r"\[E150\].*spacy-anon keygen") as info:
        checked_key(key)
    assert key not in str(info.value)  # the message never quotes the key


@settings(max_examples=100, deadline=None)
@given(unit=st.text(min_size=1, max_size=8), copies=st.integers(2, 12))
def test_a_short_unit_repeated_is_refused(unit, copies):
    key = unit * copies
    if len(key) >= 16:
        with pytest.raises(ValueError, match=r"\[E150\]"):
            checked_key(key)


@settings(max_examples=100, deadline=None)
@given(first=st.integers(33, 0x2FF), length=st.integers(16, 60), step=st.sampled_from([1, -1]))
def test_runs_of_consecutive_characters_are_refused(first, length, step):
    key = "".join(chr(max(33, first + step * i)) for i in range(length))
    with pytest.raises(ValueError, match=r"\[E150\]"):
        checked_key(key)


def test_generated_and_ordinary_keys_pass():
    keys = [new_key() for _ in range(200)]
    assert len(set(keys)) == 200 and all(len(k) == 43 for k in keys)
    assert min(estimated_bits(k) for k in keys) > 3 * MIN_KEY_BITS
    for key in keys[:20] + ["correct horse battery staple", "K-123-SECRET-K-123", "a secret key for the test"]:
        assert checked_key(key) == key.encode()
    assert shortest_unit("s3cret-s3cret-s3cr") == "s3cret-"


@pytest.mark.parametrize("strategy", ["pseudonym", "hash", "encrypt", "surrogate"])
def test_every_keyed_strategy_refuses_a_guessable_key(monkeypatch, strategy):
    monkeypatch.setenv("SPACY_ANON_KEY", "aaaaaaaaaaaaaaaa")
    with pytest.raises(ValueError, match=r"\[E150\]"):
        spacy.blank("en").add_pipe("anon_mask", config={"strategy": strategy})
    monkeypatch.delenv("SPACY_ANON_KEY")
    with pytest.raises(ValueError, match=r"\[E150\]"):
        spacy.blank("en").add_pipe("anon_mask", config={"strategy": strategy, "pseudonym_key": "abcdefghijklmnop"})
    with pytest.raises(ValueError, match=r"\[E150\]"):
        AnonMask(spacy.blank("en"), strategy=strategy if strategy == "surrogate" else "tag") \
            .set_pseudonym_key("passwordpassword")


def test_cli_refuses_a_guessable_key(tmp_path, capsys, monkeypatch):
    src = tmp_path / "in.txt"
    src.write_text("Mail jane.roe@example.com")
    monkeypatch.setenv("SPACY_ANON_KEY", "aaaaaaaaaaaaaaaa")
    code = main(["anonymize", str(src), "-o", str(tmp_path / "out.txt"), "--strategy", "hash", "--quiet"])
    assert code != 0 and "[E150]" in capsys.readouterr().err and not (tmp_path / "out.txt").exists()


def test_keygen_prints_a_key_the_keyed_operators_accept(tmp_path, capsys, monkeypatch):
    assert main(["keygen"]) == 0
    key = capsys.readouterr().out.strip()
    assert len(key) == 43 and checked_key(key)
    monkeypatch.setenv("SPACY_ANON_KEY", key)
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "hash"})
    assert "jane.roe" not in nlp("Mail jane.roe@example.com")._.anon_text


def test_keygen_writes_a_file_only_its_owner_reads_and_never_overwrites(tmp_path, capsys):
    path = tmp_path / "anon.key"
    assert main(["keygen", "-o", str(path)]) == 0
    key = path.read_text().strip()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and checked_key(key)
    assert key not in capsys.readouterr().err
    assert main(["keygen", "-o", str(path)]) == 1
    assert "[E151]" in capsys.readouterr().err and path.read_text().strip() == key
    assert main(["keygen", "-o", str(tmp_path / "missing" / "k")]) == 1
    assert "[E152]" in capsys.readouterr().err
