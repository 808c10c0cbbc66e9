"""Readers, writers and long-document chunking used by the CLI (no pipeline needed)."""
import io
import json

import pytest

from spacy_anon.io import (
    AtomicFile,
    InputError,
    Record,
    StagedFolder,
    StdoutSink,
    iter_jsonl,
    list_text_files,
    output_record,
    parse_jsonl_line,
    read_text_file,
)
from spacy_anon.longdocs import chunk_bounds

SECRET = "very.secret@example.com"


def test_read_text_file_keeps_newlines_and_strips_bom(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes("\ufeffline one\r\nline two\n".encode("utf-8"))
    assert read_text_file(path) == "line one\r\nline two\n"


def test_read_text_file_invalid_utf8_names_offset(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"abc\xe9def")
    with pytest.raises(InputError, match=r"bad\.txt: invalid UTF-8 at byte offset 3$"):
        read_text_file(path)


@pytest.mark.parametrize("line, reason", [
    ('{"id": 1, "text": "' + SECRET, "not valid JSON"),
    ('["' + SECRET + '"]', "expected a JSON object, got list"),
    ('{"id": 1, "body": "' + SECRET + '"}', 'missing "text"'),
    ('{"id": 1, "text": ["' + SECRET + '"]}', '"text" must be a string, got array'),
    ('{"id": 1, "text": null}', '"text" must be a string, got null'),
])
def test_parse_jsonl_line_errors_never_quote_content(line, reason):
    with pytest.raises(InputError) as err:
        parse_jsonl_line(line.encode(), 7, "data.jsonl")
    message = str(err.value)
    assert message.startswith("data.jsonl line 7: ") and reason in message
    assert SECRET not in message


def test_parse_jsonl_line_record():
    rec = parse_jsonl_line(b'{"text": "t", "id": "x", "subject": "S", "k": 1}\n', 1, "f")
    assert (rec.id, rec.text, rec.subject, rec.extra) == ("x", "t", "S", {"subject": "S", "k": 1})
    assert parse_jsonl_line(b"   \n", 2, "f") is None
    assert parse_jsonl_line(b'{"text": "t"}', 5, "f").id == 5


def test_iter_jsonl_skip_and_offsets(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_bytes(b'{"id": 1, "text": "a"}\n\n{bad\n{"id": 3, "text": "\xff"}\n{"id": 4, "text": "b"}\n')
    with pytest.raises(InputError, match="line 3"):
        list(iter_jsonl(path))
    skipped = []
    records = list(iter_jsonl(path, skip_invalid=True, on_skip=lambda e: skipped.append(str(e))))
    assert [r.id for r in records] == [1, 4]
    assert len(skipped) == 2 and "line 3" in skipped[0]
    assert "line 4" in skipped[1] and "byte offset 48" in skipped[1]  # 23 + 1 + 5 + 19


def test_iter_jsonl_stream():
    stream = io.BytesIO(b'{"id": "a", "text": "x"}\n')
    assert [r.id for r in iter_jsonl(stream)] == ["a"]


def test_list_text_files_skips_hidden(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("a.txt", "b/c.txt", ".hidden/d.txt", ".e.txt", "f.md"):
        (tmp_path / name).write_text("x")
    assert [p.relative_to(tmp_path).as_posix() for p in list_text_files(tmp_path)] == ["a.txt", "b/c.txt"]


def test_output_record_contract():
    rec = Record(id=3, text="Hi Ann!", extra={"subject": "Ann", "spans": ["gold"], "lang": "en"})
    row = {"start": 3, "end": 6, "label": "PERSON", "entity": "PERSON_1", "identifier": "DIRECT",
           "replacement": "[PERSON_1]", "source": "x", "score": 0.5}
    out = output_record(rec, "Hi [PERSON_1]!", [row])
    assert list(out) == ["id", "text", "anonymized", "spans", "subject", "lang"]
    assert out["spans"] == [{k: row[k] for k in ("start", "end", "label", "entity", "identifier",
                                                 "replacement")}]
    bare = output_record(rec, "Hi [PERSON_1]!", [row], keep_original=False, include_original_spans=True)
    assert "text" not in bare and "subject" not in bare and bare["spans"][0]["text"] == "Ann"
    json.dumps(out)


def test_atomic_file_commit_and_discard(tmp_path):
    target = tmp_path / "out" / "r.txt"
    with AtomicFile(target) as fh:
        fh.write("done")
    assert target.read_text() == "done"
    with pytest.raises(RuntimeError):
        with AtomicFile(target) as fh:
            fh.write("half")
            raise RuntimeError("stop")
    assert target.read_text() == "done"
    assert [p.name for p in target.parent.iterdir()] == ["r.txt"]


def test_staged_folder(tmp_path):
    out = tmp_path / "o"
    staged = StagedFolder(out)
    staged.write_text("a/b.txt", "1")
    assert not (out / "a" / "b.txt").exists()
    staged.commit()
    assert (out / "a" / "b.txt").read_text() == "1" and [p.name for p in out.iterdir()] == ["a"]
    staged = StagedFolder(out)
    staged.write_text("c.txt", "2")
    staged.discard()
    assert sorted(p.name for p in out.iterdir()) == ["a"]


def test_stdout_sink_writes_only_on_success():
    buf = io.StringIO()
    with StdoutSink(buf) as fh:
        fh.write("ok")
    assert buf.getvalue() == "ok"
    buf = io.StringIO()
    with pytest.raises(ValueError):
        with StdoutSink(buf) as fh:
            fh.write("partial")
            raise ValueError
    assert buf.getvalue() == ""


def _check_bounds(text, bounds, max_length):
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    for (s1, e1), (s2, _) in zip(bounds, bounds[1:]):
        assert e1 == s2
    assert all(0 < e - s <= max_length for s, e in bounds)


def test_chunk_bounds_prefers_paragraphs():
    text = "\n\n".join(["Sentence one. Sentence two."] * 10)
    bounds = chunk_bounds(text, 100)
    _check_bounds(text, bounds, 100)
    for _, end in bounds[:-1]:
        assert text[end - 2:end] == "\n\n"


def test_chunk_bounds_falls_back_to_sentences_words_and_hard_cuts():
    text = " ".join(["This is a sentence."] * 30)
    bounds = chunk_bounds(text, 50)
    _check_bounds(text, bounds, 50)
    assert all(text[e - 2:e] == ". " for _, e in bounds[:-1])
    words = " ".join(["word"] * 50)
    _check_bounds(words, chunk_bounds(words, 22), 22)
    blob = "x" * 95
    assert chunk_bounds(blob, 30) == [(0, 30), (30, 60), (60, 90), (90, 95)]
    assert chunk_bounds("short", 10) == [(0, 5)] and chunk_bounds("", 10) == [(0, 0)]


def test_jsonl_doc_id_is_the_id_when_id_is_absent(tmp_path):
    """TAB-style corpora name documents with "doc_id"; outputs must keep that id for evaluation."""
    from spacy_anon.io import iter_jsonl

    path = tmp_path / "tab.jsonl"
    path.write_text('{"doc_id": "001-61807", "text": "a"}\n{"text": "b"}\n{"id": 7, "doc_id": "x", "text": "c"}\n')
    assert [r.id for r in iter_jsonl(path)] == ["001-61807", 2, 7]
