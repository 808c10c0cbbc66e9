"""Readers, writers and long-document chunking used by the CLI (no pipeline needed)."""
import io
import json
import os
import subprocess
import sys

import pytest

from spacy_anon.io import (
    AtomicFile,
    InputError,
    Record,
    StagedFolder,
    StdoutSink,
    iter_jsonl,
    list_text_files,
    anon_offsets,
    dumps_jsonl,
    output_record,
    parse_jsonl_line,
    read_text_file,
    remove_stale_temporaries,
)
from spacy_anon.longdocs import chunk_bounds
from message_support import plain

SECRET = "very.secret@example.com"


def test_read_text_file_keeps_newlines_and_strips_bom(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes("\ufeffline one\r\nline two\n".encode("utf-8"))
    assert read_text_file(path) == "line one\r\nline two\n"


def test_read_text_file_invalid_utf8_names_offset(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"abc\xe9def")
    with pytest.raises(InputError, match=r"^\[E\d{3}\] .*bad\.txt: invalid UTF-8 at byte offset 3\. Fix: "):
        read_text_file(path)


@pytest.mark.parametrize("line, reason", [
    ('{"id": 1, "text": "' + SECRET, "not valid JSON"),
    ('["' + SECRET + '"]', "expected a JSON object, got array"),
    ('{"id": 1, "body": "' + SECRET + '"}', 'missing "text"'),
    ('{"id": 1, "text": ["' + SECRET + '"]}', '"text" must be a string, got array'),
    ('{"id": 1, "text": null}', '"text" must be a string, got null'),
])
def test_parse_jsonl_line_errors_never_quote_content(line, reason):
    with pytest.raises(InputError) as err:
        parse_jsonl_line(line.encode(), 7, "data.jsonl")
    message = plain(err.value)
    assert message.startswith("data.jsonl line 7: ") and reason in message
    assert SECRET not in message


def test_parse_jsonl_line_record():
    rec = parse_jsonl_line(b'{"text": "t", "id": "x", "subject": "S", "k": 1}\n', 1, "f")
    assert (rec.id, rec.text, rec.subject, rec.extra) == ("x", "t", "S", {"subject": "S", "k": 1})
    assert rec.line == 1 and rec.where == "f line 1"
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
    rec = Record(id=3, text="Hi Ann!", extra={"subject": "Ann", "spans": ["gold"], "lang": "en",
                                              "meta": {"notes": "Ann again", "n": 2}})
    row = {"start": 3, "end": 6, "label": "PERSON", "type": "PERSON", "entity": "PERSON_1", "identifier": "DIRECT",
           "replacement": "[PERSON_1]", "source": "x", "score": 0.5}
    out = output_record(rec, "Hi [PERSON_1]!", [row])
    assert list(out) == ["id", "anonymized", "spans"]  # no original value, no other field
    # nor offsets into the original (end - start is the value's length) unless asked for
    assert out["spans"] == [{**{k: row[k] for k in ("label", "type", "entity", "identifier", "replacement")},
                             "anon_start": 3, "anon_end": 13}]
    offsets = output_record(rec, "Hi [PERSON_1]!", [row], original_offsets=True)
    assert offsets["spans"] == [{**{k: row[k] for k in ("start", "end", "label", "type", "entity", "identifier",
                                                        "replacement")}, "anon_start": 3, "anon_end": 13}]
    full = output_record(rec, "Hi [PERSON_1]!", [row], include_original=True, keep_fields=["lang", "meta.n"])
    assert list(full) == ["id", "text", "anonymized", "spans", "lang", "meta"]
    assert full["text"] == "Hi Ann!" and full["spans"][0]["text"] == "Ann" and full["meta"] == {"n": 2}
    notes_row = dict(row, start=0, end=3)
    fields = output_record(rec, "Hi [PERSON_1]!", [row], anonymized_fields={
        "meta.notes": ("Ann again", "[PERSON_1] again", [notes_row]), "summary": (None, None, [])})
    assert list(fields) == ["id", "anonymized", "spans", "meta", "summary", "field_spans"]
    assert fields["meta"] == {"notes": "[PERSON_1] again"} and fields["summary"] is None
    assert fields["field_spans"] == {"meta.notes": [{**{k: notes_row[k] for k in (
        "label", "type", "entity", "identifier", "replacement")}, "anon_start": 0, "anon_end": 10}]}
    json.dumps(out)


def test_anon_offsets_refuse_a_table_that_does_not_match():
    text, anon = "Ann met Bob.", "[P1] met [P2]."
    rows = [{"start": 8, "end": 11, "replacement": "[P2]"}, {"start": 0, "end": 3, "replacement": "[P1]"}]
    assert anon_offsets(len(text), anon, rows) == [(9, 13), (0, 4)]  # any row order
    for bad in ([{"start": 0, "end": 3, "replacement": "[PX]"}],                          # not there
                [{"start": 0, "end": 3, "replacement": "[P1]"}],                          # length off
                [{"start": 0, "end": 5, "replacement": "[P1]"}, {"start": 4, "end": 11, "replacement": "x"}]):
        with pytest.raises(ValueError):
            anon_offsets(len(text), anon, bad)


@pytest.mark.parametrize("line, reason", [
    ('{"id": NaN, "text": "' + SECRET + '"}', "non-finite"),
    ('{"id": Infinity, "text": "' + SECRET + '"}', "non-finite"),
    ('{"id": 1e999, "text": "' + SECRET + '"}', "not finite"),
    ('{"id": 1, "text": "x", "score": -1e400}', "not finite"),
    ('{"id": 1, "text": "' + SECRET + '", "text": "decoy"}', 'duplicate key "text"'),
    ('{"id": 1, "text": "x", "meta": {"' + SECRET + '": 1, "' + SECRET + '": 2}}', "duplicate key in an object"),
    ('{"id": 1, "text": "' + SECRET + ' \\ud800"}', "unpaired surrogate"),
    ('{"id": 1, "text": "x", "' + SECRET + '\\udfff": 1}', "unpaired surrogate"),
    ('{"id": 1, "text": "x", "deep": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested"),
    ('{"id": 1, "text": "x", "deep": ' + "[" * 600 + "]" * 600 + "}", "nested more than 500"),
    ('{"id": ' + "9" * 5000 + ', "text": "' + SECRET + '"}', "number too long"),
])
def test_parse_jsonl_line_refuses_what_cannot_be_written_back(line, reason):
    with pytest.raises(InputError) as err:
        parse_jsonl_line(line.encode(), 4, "data.jsonl")
    message = plain(err.value)
    assert message.startswith("data.jsonl line 4: not valid JSON") and reason in message
    assert SECRET not in message


def test_parse_jsonl_line_accepts_paired_surrogates_and_escaped_backslashes():
    rec = parse_jsonl_line('{"text": "\\ud83d\\ude00 and \\\\ud800", "id": 1.5}'.encode(), 1, "f")
    assert rec.text == "\U0001F600 and \\ud800" and rec.id == 1.5
    assert dumps_jsonl({"id": rec.id, "anonymized": rec.text}).encode("utf-8")


def test_dumps_jsonl_refuses_non_finite_numbers():
    with pytest.raises(ValueError):
        dumps_jsonl({"id": float("nan")})


def test_iter_jsonl_duplicate_ids_name_both_lines(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text('{"id": 1, "text": "a"}\n{"id": "1", "text": "b"}\n{"text": "c"}\n'
                    '{"id": 1, "text": "' + SECRET + '"}\n{"id": 3, "text": "e"}\n')
    with pytest.raises(InputError) as err:
        list(iter_jsonl(path))
    assert plain(err.value) == f"{path} line 4: duplicate id (first at line 1)"
    skipped = []
    records = list(iter_jsonl(path, skip_invalid=True, on_skip=lambda e: skipped.append(str(e))))
    # 1 and "1" differ; line 3 takes its line number as id, which line 5 then repeats
    assert [(r.id, r.text) for r in records] == [(1, "a"), ("1", "b"), (3, "c")]
    assert [plain(m).split(": ", 1)[1] for m in skipped] == ["duplicate id (first at line 1)",
                                                      "duplicate id (first at line 3)"]
    assert SECRET not in " ".join(skipped)


def test_iter_jsonl_check_rejects_like_an_invalid_line(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text('{"id": 1, "text": "a"}\n{"id": 2, "text": "b", "bad": true}\n')

    def check(record):
        if record.extra.get("bad"):
            raise InputError(f"{record.where}: rejected")

    with pytest.raises(InputError, match="line 2: rejected"):
        list(iter_jsonl(path, check=check))
    assert [r.id for r in iter_jsonl(path, skip_invalid=True, check=check)] == [1]


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


def test_atomic_file_temp_name_and_modes(tmp_path):
    """New files get 0o666 less the umask (not mkstemp's 0600); a replaced file keeps its mode."""
    umask = os.umask(0o027)
    try:
        new = tmp_path / "new.jsonl"
        atomic = AtomicFile(new)
        fh = atomic.open()
        [tmp] = [p for p in tmp_path.iterdir()]
        assert tmp.name.startswith(f".new.jsonl.spacy-anon-{os.getpid()}-") and tmp.name.endswith(".tmp")
        fh.write("x")
        atomic.commit()
        assert new.stat().st_mode & 0o777 == 0o640
        old = tmp_path / "old.txt"
        old.write_text("before")
        os.chmod(old, 0o604)  # a bit the umask would take away
        with AtomicFile(old) as fh:
            fh.write("after")
        assert old.read_text() == "after" and old.stat().st_mode & 0o777 == 0o604
    finally:
        os.umask(umask)


def test_atomic_file_discard_removes_folders_it_created(tmp_path):
    target = tmp_path / "a" / "b" / "out.txt"
    atomic = AtomicFile(target)
    atomic.open().write("x")
    atomic.discard()
    assert list(tmp_path.iterdir()) == []


def test_atomic_file_failed_commit_leaves_nothing(tmp_path, monkeypatch):
    import errno

    import spacy_anon.io.atomic_output as io_module

    def no_space(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(io_module.os, "fsync", no_space)
    with pytest.raises(OSError):
        with AtomicFile(tmp_path / "out.txt") as fh:
            fh.write("x")
    assert list(tmp_path.iterdir()) == []


def test_remove_stale_temporaries_only_of_dead_processes(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(dead.stdout)
    target = tmp_path / "out.jsonl"
    stale = tmp_path / f".out.jsonl.spacy-anon-{dead_pid}-0a1b2c3d.tmp"
    alive = tmp_path / f".out.jsonl.spacy-anon-{os.getpid()}-0a1b2c3d.tmp"
    other_output = tmp_path / f".other.jsonl.spacy-anon-{dead_pid}-0a1b2c3d.tmp"
    not_ours = tmp_path / ".out.jsonl.x1y2z3.tmp"
    for path in (stale, alive, other_output, not_ours):
        path.write_text("original text")
    assert remove_stale_temporaries(target) == [stale]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (alive, other_output, not_ours))
    folder = tmp_path / "anon"
    staging = folder / f".spacy-anon-{dead_pid}-00ff00ff.tmp"
    (staging / "sub").mkdir(parents=True)
    (staging / "sub" / "a.txt").write_text("x")
    assert remove_stale_temporaries(folder, folder_output=True) == [staging]
    assert list(folder.iterdir()) == []


def test_staged_folder(tmp_path):
    out = tmp_path / "o"
    staged = StagedFolder(out)
    assert staged.staging.name.startswith(f".spacy-anon-{os.getpid()}-")
    staged.write_text("a/b.txt", "1")
    assert not (out / "a" / "b.txt").exists()
    staged.commit()
    assert (out / "a" / "b.txt").read_text() == "1" and [p.name for p in out.iterdir()] == ["a"]
    staged = StagedFolder(out)
    staged.write_text("c.txt", "2")
    staged.discard()
    assert sorted(p.name for p in out.iterdir()) == ["a"]
    fresh = tmp_path / "fresh"
    StagedFolder(fresh).discard()  # the folder it created goes too
    assert not fresh.exists()


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
