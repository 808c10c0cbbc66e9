"""Property-based fuzzing of the JSONL reader and writer: any bytes in, every line accounted for."""
import io
import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacy_anon.io import InputError, Record, dumps_jsonl, iter_jsonl, output_record

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)
RECORDS = st.fixed_dictionaries({"text": st.text(max_size=40)}, optional={"id": JSON_VALUES, "x": JSON_VALUES})
HOSTILE = st.sampled_from([
    b'{"text": "a", "text": "b"}', b'{"id": NaN, "text": "a"}', b'{"id": 1e999, "text": "a"}',
    b'{"text": "\\ud800"}', b"[" * 5000 + b"]" * 5000, b'{"text": 1}', b"\xff\xfe", b"null", b"{",
    b'{"id": 1, "text": "dup"}',
])
LINE = st.one_of(RECORDS.map(lambda r: json.dumps(r, allow_nan=True).encode("utf-8")), HOSTILE,
                 st.binary(max_size=30).filter(lambda b: b"\n" not in b))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINE, max_size=12))
def test_every_line_is_a_record_a_skip_or_blank(lines):
    """With --skip-invalid: records + skipped lines + blank lines = lines; each skip names its line;
    nothing but InputError escapes, and every record can be written back as valid UTF-8 JSON."""
    data = b"".join(line + b"\n" for line in lines)
    skipped = []
    records = list(iter_jsonl(io.BytesIO(data), skip_invalid=True, on_skip=skipped.append, where="in.jsonl"))
    blank = sum(1 for line in data.split(b"\n")[:-1] if not line.decode("utf-8", "replace").strip())
    assert len(records) + len(skipped) + blank == len(lines)
    for err in skipped:
        assert isinstance(err, InputError) and "in.jsonl line " in str(err)
    for record in records:
        assert isinstance(record, Record) and isinstance(record.text, str)
        line = dumps_jsonl(output_record(record, record.text, [], include_original=True))
        assert json.loads(line)["text"] == record.text
        line.encode("utf-8")  # no lone surrogate reaches the output


@settings(max_examples=200, deadline=None)
@given(st.lists(LINE, min_size=1, max_size=8))
def test_without_skip_the_first_bad_line_stops_the_read_with_its_number(lines):
    data = b"\n".join(lines) + b"\n"
    try:
        list(iter_jsonl(io.BytesIO(data), where="in.jsonl"))
    except InputError as err:
        assert re.match(r"\[E\d{3}\] in\.jsonl line ", str(err))  # the code, then the place


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.one_of(st.integers(), st.text(max_size=8)))
def test_default_output_holds_no_original_text(text, rec_id):
    rec = Record(id=rec_id, text=text + " SECRET-VALUE", extra={"x": "SECRET-FIELD"})
    out = dumps_jsonl(output_record(rec, "masked", [{"start": 0, "end": len(rec.text), "replacement": "masked"}]))
    assert "SECRET-VALUE" not in out and "SECRET-FIELD" not in out
