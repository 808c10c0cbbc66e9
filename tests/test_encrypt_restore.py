"""`encrypt` hides each value's length (padded blocks), old tokens still decrypt, and `spacy-anon
deanonymize` restores every token that verifies, reports each one that does not (by line and row, never by
value) and exits 1 unless --partial."""
import base64
import json

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.cli import main
from spacy_anon.io import output_spans
from spacy_anon.mask.operators.encrypt import DEFAULT_BLOCK, decrypt_token, derive_key, encrypt_value
from spacy_anon.mask.restore import restore_text

KEY = "an-encryption-key-of-32-characters"
SECRET = KEY.encode()
TEXT = "Card 4111-1111-1111-1111, mail anna.k@example.com; Jonathan Kowalski-Nowak paid, anna.k@example.com."
VALUES = ("4111-1111-1111-1111", "anna.k@example.com")
RESTORED = TEXT.replace("Jonathan Kowalski-Nowak", "[PERSON_1]")  # tagged: cannot be undone
HYPOTHESIS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def utf8_length(n):
    return st.text(min_size=1, max_size=n).filter(lambda v: len(v.encode("utf8")) < n)


@settings(max_examples=60, **HYPOTHESIS)
@given(short=utf8_length(DEFAULT_BLOCK), other=utf8_length(DEFAULT_BLOCK))
def test_values_under_one_block_give_tokens_of_one_length(short, other):
    a, b = encrypt_value(SECRET, short), encrypt_value(SECRET, other)
    assert len(a) == len(b) == len(encrypt_value(SECRET, "x")) == 112
    assert decrypt_token(SECRET, a) == short and decrypt_token(SECRET, b) == other


@settings(max_examples=40, **HYPOTHESIS)
@given(value=st.text(max_size=300), block=st.sampled_from([16, 32, 64, 128]))
def test_a_token_shows_only_the_number_of_blocks(value, block):
    token = encrypt_value(SECRET, value, block)
    blocks = len(value.encode("utf8")) // block + 1
    assert len(token) == len(encrypt_value(SECRET, "y" * (blocks * block - 1), block))
    assert decrypt_token(SECRET, token) == value


def test_tokens_of_the_unpadded_format_still_decrypt():
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV

    old = "ENC:" + base64.urlsafe_b64encode(AESSIV(derive_key(SECRET)).encrypt(b"Anna Kowalski", None)) \
        .decode().rstrip("=")
    assert decrypt_token(SECRET, old) == "Anna Kowalski"
    spans = [{"replacement": old, "anon_start": 4, "anon_end": 4 + len(old)}]
    assert restore_text(SECRET, f"Dear {old}.", spans).text == "Dear Anna Kowalski."
    with pytest.raises(ValueError, match=r"\[E124\]"):  # a format-2 body is not read as format 1
        decrypt_token(SECRET, "ENC:" + encrypt_value(SECRET, "Anna Kowalski")[len("ENC2:"):])


@pytest.mark.parametrize("block", [0, 8, 33, 2048, "64", True])
def test_bad_block_sizes_are_refused(monkeypatch, block):
    monkeypatch.setenv("SPACY_ANON_KEY", KEY)
    with pytest.raises(ValueError, match=r"\[E123\].*operators.encrypt.block"):
        spacy.blank("en").add_pipe("anon_mask", config={"strategy": "encrypt",
                                                        "operators": {"encrypt": {"block": block}}})


@pytest.fixture(scope="module")
def encrypted():
    """(anonymized text, output spans) of TEXT: three encrypted tokens (the e-mail twice)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("SPACY_ANON_KEY", KEY)
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("span_ruler", config={"spans_key": "anon"})
    ruler.add_patterns([{"label": "PERSON", "pattern": "Jonathan Kowalski-Nowak"}])
    nlp.add_pipe("anon_mask", config={"strategy": "encrypt", "label_strategies": {"PERSON": "tag"}})
    doc = nlp(TEXT)
    mp.undo()
    spans = output_spans(doc.text, doc._.anon_text, doc._.anon_table)
    assert sum(s["replacement"].startswith("ENC2:") for s in spans) == 3 and len(spans) == 4
    return doc._.anon_text, spans


def corrupt(text, start, end, how, where):
    """`text` with the token at start:end cut, altered or removed at `where` (a fraction of its body)."""
    body = start + 5 + int((end - start - 5) * where)
    if how == "cut":
        return text[:body] + text[end:]
    if how == "flip":
        return text[:body] + ("A" if text[body] != "A" else "B") + text[body + 1:]
    if how == "drop_char":
        return text[:body] + text[body + 1:]
    return text[:start] + "[removed]" + text[end:]


@settings(max_examples=60, **HYPOTHESIS)
@given(which=st.integers(0, 2), how=st.sampled_from(["cut", "flip", "drop_char", "gone"]),
       where=st.floats(0, 0.99))
def test_one_damaged_token_does_not_stop_the_others(encrypted, which, how, where):
    text, spans = encrypted
    tokens = [i for i, s in enumerate(spans) if s["replacement"].startswith("ENC2:")]
    row = spans[tokens[which]]
    damaged = corrupt(text, row["anon_start"], row["anon_end"], how, where)
    result = restore_text(SECRET, damaged, spans)
    assert result.restored == 2 and len(result.failed) == 1 and result.kept == 1
    assert result.failed[0] in tokens
    assert "4111-1111-1111-1111" in result.text or which == 0
    assert "anna.k@example.com" in result.text  # at least one of the two copies is intact
    assert "[PERSON_1]" in result.text  # another strategy's replacement stays


def test_restore_with_the_wrong_key_fails_every_token(encrypted):
    text, spans = encrypted
    result = restore_text(b"another-key-another-key-another", text, spans)
    assert (result.restored, len(result.failed), result.text) == (0, 3, text)
    assert restore_text(SECRET, text, spans).text == RESTORED


def _records(tmp_path, encrypted, damage):
    text, spans = encrypted
    row = next(s for s in spans if s["replacement"].startswith("ENC2:"))
    lines = [{"id": "a", "anonymized": text, "spans": spans},
             {"id": "b", "anonymized": damage(text, row), "spans": spans}]
    path = tmp_path / "anon.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    return path


@pytest.mark.parametrize("damage", [
    lambda text, row: text[:row["anon_end"] - 7] + text[row["anon_end"]:],  # truncated
    lambda text, row: corrupt(text, row["anon_start"], row["anon_end"], "flip", 0.3),  # one character changed
], ids=["truncated", "flipped"])
def test_cli_reports_damaged_tokens_and_writes_only_with_partial(tmp_path, capsys, monkeypatch, encrypted, damage):
    monkeypatch.setenv("SPACY_ANON_KEY", KEY)
    src, out = _records(tmp_path, encrypted, damage), tmp_path / "back.jsonl"
    assert main(["deanonymize", str(src), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "[E987]" in err and "line 2: 1 token(s), table row(s) 0" in err and not out.exists()
    assert not any(value in err for value in VALUES + ("Kowalski",))
    assert main(["deanonymize", str(src), "-o", str(out), "--partial"]) == 0
    err = capsys.readouterr().err
    assert "[W986]" in err and "line 2" in err and not any(value in err for value in VALUES)
    first, second = [json.loads(line) for line in out.read_text().splitlines()]
    assert (first["text"], first["restored"], first["failed"], first["kept"]) == (RESTORED, 3, 0, 1)
    assert (second["restored"], second["failed"], second["kept"]) == (2, 1, 1)
    assert "anna.k@example.com" in second["text"] and "4111-1111-1111-1111" not in second["text"]


def test_cli_needs_the_key_variable(tmp_path, capsys, monkeypatch, encrypted):
    monkeypatch.delenv("SPACY_ANON_KEY", raising=False)
    src = _records(tmp_path, encrypted, lambda text, row: text)
    assert main(["deanonymize", str(src)]) == 1
    assert "[E986]" in capsys.readouterr().err


def test_cli_restored_output_is_readable_by_its_owner_only(tmp_path, monkeypatch, encrypted):
    """The restored file holds the original values: created 0600, like anonymize's outputs with originals."""
    monkeypatch.setenv("SPACY_ANON_KEY", KEY)
    src, out = _records(tmp_path, encrypted, lambda text, row: text), tmp_path / "back.jsonl"
    assert main(["deanonymize", str(src), "-o", str(out)]) == 0
    assert out.stat().st_mode & 0o777 == 0o600
