"""Structured readers read CSV/TSV, JSON arrays and JSONL a chunk at a time: memory stays small whatever
the number of rows, and what they read (rows, ids, line numbers, errors) does not depend on where the
chunks are cut."""
import io
import json
import tracemalloc

import pytest

from spacy_anon.io import InputError
from spacy_anon.structured import read_records
from spacy_anon.structured import readers
from message_support import plain

CSV_CASES = {
    "plain": "id,text\n1,hello\n2,world\n",
    "crlf, multi-line quoted field, no final newline": 'id,text\r\n1,a\r\n2,"multi\nline"\r\n3,c',
    "carriage returns only": "id,text\r1,a\r2,b\r",
    "stray quote and unterminated field": 'id,text\n1,"bad"x\n2,ok\n3,"unterminated\n4,z\n5,q\n',
    "wrong field count and blank line": "id,text\n1,a,b\n\n2,b\n",
    "escaped quotes": 'id,text\n1,"a""b"\n2,"x\ny\nz" w\n3,c\n',
    "non-ASCII": "id,text\n1,café \U0001F600 €\n2,éééé\n",
}
JSON_CASES = {
    "array": '[{"id": 1, "text": "a"}, {"id": 2, "text": "b"}]',
    "whitespace around, a non-string field": '  \n[\n {"text": "a"},\n {"text": 5},\n {"text": "c"}\n]\n  ',
    "non-objects and long numbers": '[1, 2, {"text": "z"}, 12345678901234567890, "s", {"text": "y"}]',
    "escapes and non-ASCII": '[{"text": "a\\u00e9 \U0001F600"}, {"text": "b", "x": 1e5}]',
}


def read(data: bytes, fmt: str, chunk=None, monkeypatch=None, **kwargs):
    """(records as tuples, skip messages, final error) of reading `data` with chunks of `chunk` bytes."""
    if chunk is not None:
        monkeypatch.setattr(readers, "CHUNK_CHARS", chunk)
    out, skipped = [], []
    try:
        for r in read_records(io.BytesIO(data), fmt, ["text"], ["id"] if fmt != "jsonl" else [], where="f",
                              on_skip=lambda e: skipped.append(str(e)), **kwargs):
            out.append((r.id, r.where, r.data, r.fields, r.kept, r.line))
    except InputError as err:
        return out, skipped, str(err)
    return out, skipped, None


@pytest.mark.parametrize("name", sorted(CSV_CASES))
@pytest.mark.parametrize("chunk", [1, 2, 3, 7])
def test_csv_rows_do_not_depend_on_chunk_size(name, chunk, monkeypatch):
    data = CSV_CASES[name].encode("utf-8")
    whole = read(data, "csv", skip_invalid=True)
    assert read(data, "csv", chunk, monkeypatch, skip_invalid=True) == whole


@pytest.mark.parametrize("name", sorted(JSON_CASES))
@pytest.mark.parametrize("chunk", [1, 2, 5, 13])
def test_json_items_do_not_depend_on_chunk_size(name, chunk, monkeypatch):
    data = JSON_CASES[name].encode("utf-8")
    whole = read(data, "json", skip_invalid=True)
    assert read(data, "json", chunk, monkeypatch, skip_invalid=True) == whole


def test_csv_line_numbers_and_recovery_after_a_stray_quote(monkeypatch):
    records, skipped, error = read(CSV_CASES["stray quote and unterminated field"].encode(), "csv", 2, monkeypatch,
                                   skip_invalid=True)
    assert error is None
    assert [(r[0], r[5], r[2]["text"]) for r in records] == [("2", 3, "ok"), ("4", 5, "z"), ("5", 6, "q")]  # kept ids
    assert len(skipped) == 2 and skipped[0].startswith("[E877] f line 2: bad row") and "line 4: bad row" in skipped[1]
    records, _, _ = read(CSV_CASES["crlf, multi-line quoted field, no final newline"].encode(), "csv", 1, monkeypatch)
    assert [(r[2]["text"], r[5]) for r in records] == [("a", 2), ("multi\nline", 3), ("c", 5)]


def test_json_numbers_cut_by_a_chunk_and_line_numbers(monkeypatch):
    records, skipped, error = read(JSON_CASES["non-objects and long numbers"].encode(), "json", 3, monkeypatch,
                                   skip_invalid=True)
    assert error is None and [r[2] for r in records] == [{"text": "z"}, {"text": "y"}]
    assert [plain(s).split(":")[0] for s in skipped] == [
        "f item 1 (line 1)", "f item 2 (line 1)", "f item 4 (line 1)", "f item 5 (line 1)"]
    records, skipped, _ = read(JSON_CASES["whitespace around, a non-string field"].encode(), "json", 2, monkeypatch,
                               skip_invalid=True)
    assert [(r[0], r[5]) for r in records] == [(1, 3), (3, 5)] and plain(skipped[0]).startswith("f item 2 (line 4)")


@pytest.mark.parametrize("data, message", [
    ('[{"text": "a"} {"text": "b"}]', "f line 1: expected ',' or ']' in the array"),
    ('[{"text": "a"},\n ]', "f line 2: not valid JSON (Expecting value)"),
    ('[\n{"text": "a"},\n{"text": "broken\n"}]', "f line 3: not valid JSON (Invalid control character at)"),
    ('[{"text": "a"}]\n\n x', "f line 1: text after the array"),
    ('{"text": "a"}', "f: a JSON input must be an array of objects"),
    ("[", "f line 1: not valid JSON (Expecting value)"),
])
@pytest.mark.parametrize("chunk", [1, 4, None])
def test_broken_json_arrays_stop_with_the_same_message_whatever_the_chunks(data, message, chunk, monkeypatch):
    _, _, error = read(data.encode(), "json", chunk, monkeypatch, skip_invalid=True)
    assert error is not None and plain(error).startswith(message)


@pytest.mark.parametrize("chunk", [1, 2, 3, None])
def test_invalid_utf8_names_its_byte_offset_after_the_rows_before_it(chunk, monkeypatch):
    data = "id,text\n1,é€\n".encode() + b"2,\xff\n3,after\n"
    records, _, error = read(data, "csv", chunk, monkeypatch)
    assert [r[2]["text"] for r in records] == (["é€"] if chunk else [])  # read before the chunk holding it
    assert plain(error) == "f: invalid UTF-8 at byte offset %d" % data.index(b"\xff")
    data = b'\xef\xbb\xbf{"text": "bom"}\n{"text": "cut \xe2\x82'  # a character cut by the end of the file
    records, _, error = read(data, "jsonl", chunk, monkeypatch)
    assert [r[2] for r in records] == [{"text": "bom"}]  # the cut is seen when the end is reached
    assert plain(error) == "f: invalid UTF-8 at byte offset %d" % data.index(b"\xe2")


def test_jsonl_lines_stream_with_their_numbers(monkeypatch):
    records, skipped, _ = read(b'{"text": "a"}\r\n\n{bad\n{"text": "c"}', "jsonl", 2, monkeypatch, skip_invalid=True)
    assert [(r[0], r[1]) for r in records] == [(1, "f line 1"), (4, "f line 4")]
    assert [plain(s) for s in skipped] == ["f line 3: not valid JSON (Expecting property name enclosed in double quotes at column 2)"]


def _peak_while_reading(path, fmt, **kwargs) -> int:
    tracemalloc.start()
    try:
        count = sum(1 for _ in read_records(path, fmt, ["text"], **kwargs))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 50_000
    return peak


@pytest.mark.parametrize("fmt", ["csv", "json", "jsonl"])
def test_memory_stays_small_on_50k_rows(tmp_path, fmt):
    path = tmp_path / f"big.{fmt}"
    rows = ({"id": i, "text": f"Row {i} was written by Ms Example on 3 May 2021; see case {i}/21."}
            for i in range(50_000))
    with open(path, "w", encoding="utf-8", newline="") as fh:
        if fmt == "csv":
            fh.write("id,text\n")
            fh.writelines(f'{r["id"]},"{r["text"]}"\n' for r in rows)
        elif fmt == "json":
            fh.write("[\n")
            fh.write(",\n".join(json.dumps(r) for r in rows))
            fh.write("\n]\n")
        else:
            fh.writelines(json.dumps(r) + "\n" for r in rows)
    size = path.stat().st_size
    peak = _peak_while_reading(path, fmt)
    assert size > 3_000_000 and peak < 1_000_000, (size, peak)  # a few chunks, whatever the number of rows
