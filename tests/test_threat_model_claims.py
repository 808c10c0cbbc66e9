"""The threat model's table (docs/threat-model.md, "What a reader can learn, per strategy") checked against
the code: a strategy whose "length" cell says "no" gives replacements (and output rows) of one length
for values of any length, "blocks" only changes with the number of blocks, "yes" does change; "category"
"no" never names the label; "equal values" "no" gives different values the same replacement. The default
output rows never hold offsets into the original text."""
import functools
import json
import re
from pathlib import Path

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon  # noqa: F401  (factories)
from spacy_anon.io import Record, output_record, output_spans
from spacy_anon.mask.operators.base import BUILT_IN

PAGE = Path(__file__).resolve().parent.parent / "docs" / "threat-model.md"
KEY = "a-test-key-of-enough-length"
LOCAL = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=50)


def claims():
    """{strategy: {column: cell}} of the per-strategy table."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("## What a reader can learn, per strategy"):]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        name = re.match(r"`(\w+)`", cells[0]).group(1)
        rows[name] = dict(zip(header, cells))
    return rows


CLAIMS = claims()


def test_the_table_covers_every_built_in_strategy():
    assert set(CLAIMS) == set(BUILT_IN)
    for name, row in CLAIMS.items():
        assert row["length"].split(":")[0].split(";")[0] in ("no", "yes", "partly", "blocks"), name


@functools.lru_cache(maxsize=None)
def pipeline(strategy, config):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": strategy, **json.loads(config)})
    return nlp


def mask(strategy, text, **config):
    doc = pipeline(strategy, json.dumps(config, sort_keys=True))(text)
    return doc, output_spans(doc.text, doc._.anon_text, doc._.anon_table)


@pytest.fixture(autouse=True)
def key(monkeypatch):
    monkeypatch.setenv("SPACY_ANON_KEY", KEY)


def replacement_lengths(strategy, locals_, **config):
    lengths = set()
    for local in locals_:
        doc, spans = mask(strategy, f"Write to {local}@example.com today.", **config)
        [row] = spans
        assert set(row) == {"label", "type", "entity", "identifier", "replacement", "anon_start", "anon_end"}
        lengths.add((row["anon_end"] - row["anon_start"], len(doc._.anon_text) - len(row["replacement"])))
    return lengths


@pytest.mark.parametrize("strategy", [s for s, row in CLAIMS.items() if row["length"].startswith("no")])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=LOCAL, second=LOCAL)
def test_length_no_means_one_length(strategy, first, second):
    assert len(replacement_lengths(strategy, [first, second])) == 1


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=LOCAL, second=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=40, max_size=64))
def test_encrypt_length_depends_on_blocks_only(first, second):
    assert CLAIMS["encrypt"]["length"].startswith("blocks") and "64" in CLAIMS["encrypt"]["length"]
    blocks = {(len(local) + len("@example.com")) // 64 for local in (first, second)}
    assert len(replacement_lengths("encrypt", [first, second])) == len(blocks)


def test_length_yes_means_the_length_shows():
    changing = {s for s, row in CLAIMS.items() if row["length"].startswith("yes")}
    assert changing == {"keep", "mask_chars"}
    for strategy in changing:
        assert len(replacement_lengths(strategy, ["a", "jonathan.kowalski"])) == 2
    assert "yes with `operators.suppress.keep_length`" in CLAIMS["suppress"]["length"]
    assert len(replacement_lengths("suppress", ["a", "jonathan.kowalski"],
                                    operators={"suppress": {"keep_length": True}})) == 2


@pytest.mark.parametrize("strategy", [s for s, row in CLAIMS.items() if row["category"] == "no"])
def test_category_no_means_the_label_is_not_named(strategy):
    doc, _ = mask(strategy, "Write to jane.roe@example.com or call +1 212 555 0199 today.")
    for row in doc._.anon_table:
        assert row["label"].lower() not in row["replacement"].lower()


@pytest.mark.parametrize("strategy", [s for s, row in CLAIMS.items() if row["equal values"] == "no"])
def test_equal_values_no_means_different_values_look_alike(strategy):
    doc, _ = mask(strategy, "Write to jane.roe@example.com or to r.miller@example.org today.")
    assert len({row["replacement"] for row in doc._.anon_table}) == 1


def test_default_output_rows_hold_no_original_offsets():
    record = Record(id=1, text="Write to jane.roe@example.com today.")
    doc, _ = mask("tag", record.text)
    out = output_record(record, doc._.anon_text, doc._.anon_table)
    assert all("start" not in span and "end" not in span for span in out["spans"])
    assert "`--original-offsets`" in PAGE.read_text(encoding="utf-8")


def test_table_exports_can_leave_out_original_offsets():
    import json

    from spacy_anon.mask.table_export import table_to_csv, table_to_json

    doc, _ = mask("suppress", "Write to jane.roe@example.com or to r.miller@example.org today.")
    rows = json.loads(table_to_json(doc, original_offsets=False))
    assert rows and all("start" not in row and "end" not in row for row in rows)
    assert [doc._.anon_text[r["anon_start"]:r["anon_end"]] for r in rows] == ["***", "***"]
    assert table_to_csv(doc, original_offsets=False).splitlines()[0].startswith("label,")
    assert json.loads(table_to_json(doc))[0]["end"] - json.loads(table_to_json(doc))[0]["start"] == 20
