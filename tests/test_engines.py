"""Engines (spacy_anon.engines): the same documents through `--engine dask` on a local cluster of two
worker processes give, document by document, what one process gives; failures name the records."""
import functools
import json
from pathlib import Path

import pytest
from cli_support import cli, read_jsonl, write, write_jsonl

from spacy_anon.engines import (
    PartitionError,
    PipelineSpec,
    PipelineTask,
    SerialEngine,
    engine_names,
    make_engine,
    partitions,
    worker_pipeline,
)

TEXTS = [
    "Anna Kowalski (born 3 May 1980) called 212-555-0199 from Warsaw.",
    "Mr Benham's solicitor wrote to the court on 12 June 2019; Benham replied.",
    "Write to jan.novak@example.com or call +44 20 7946 0958.",
    "The applicant, Mrs Maria Oliveira, lives in Lisbon with her husband João.",
    "Case 4521/07: Dr Peter Smith of St Mary's Hospital examined Ms Oliveira.",
]


def corpus(n):
    return [{"id": f"doc-{i}", "text": f"{TEXTS[i % len(TEXTS)]} Reference {i}."} for i in range(n)]


def _square(offset, part):
    return [offset + x * x for x in part]


def _fail_on_seven(part):
    if 7 in part:
        raise RuntimeError("boom")
    return part


def test_engines_are_registered():
    assert {"serial", "dask"} <= set(engine_names())
    with pytest.raises(ValueError, match="E906"):
        make_engine("spark")


def test_partitions_are_lazy_and_keep_order():
    consumed = []

    def items():
        for i in range(10):
            consumed.append(i)
            yield i

    parts = partitions(items(), 4)
    assert next(parts) == [0, 1, 2, 3] and consumed == [0, 1, 2, 3]
    assert list(parts) == [[4, 5, 6, 7], [8, 9]]


def test_serial_engine_reports_the_failed_partition():
    with SerialEngine() as engine:
        results = engine.map(_fail_on_seven, partitions(range(10), 3))
        assert next(results) == [0, 1, 2]
        with pytest.raises(PartitionError) as info:
            list(results)
    assert info.value.number == 2 and info.value.items == [6, 7, 8]


def test_pipeline_spec_is_small_picklable_and_loaded_once_per_process():
    import pickle

    spec = PipelineSpec.from_config(None, "en", {"strategy": "tag", "allow_list": ["Lisbon"]}, 50_000)
    assert pickle.loads(pickle.dumps(spec)) == spec
    nlp = worker_pipeline(spec)
    assert worker_pipeline(spec) is nlp and nlp.max_length == 50_000
    assert PipelineTask(spec, _doc_texts)(["Anna lives in Lisbon."]) == [nlp("Anna lives in Lisbon.")._.anon_text]


def _doc_texts(nlp, part):
    return [nlp(t)._.anon_text for t in part]


@pytest.fixture(scope="module")
def dask_engine():
    pytest.importorskip("distributed")
    engine = make_engine("dask", n_workers=2)
    with engine:
        yield engine


def test_dask_local_cluster_keeps_order_and_bounds_what_is_in_flight(dask_engine):
    assert len(dask_engine.client.scheduler_info()["workers"]) == 2
    read = []

    def items():
        for i in range(40):
            read.append(i)
            yield i

    results = dask_engine.map(functools.partial(_square, 1), partitions(items(), 2))
    first = next(results)
    assert first == [1, 2]
    assert len(read) <= 2 * (2 * 2) + 2  # window: 2 partitions per worker thread, not the whole input
    assert [x for part in [first, *results] for x in part] == [1 + i * i for i in range(40)]


def test_dask_failed_partition_is_retried_then_reported(dask_engine):
    results = dask_engine.map(_fail_on_seven, partitions(range(12), 4))
    assert next(results) == [0, 1, 2, 3]
    with pytest.raises(PartitionError) as info:
        list(results)
    assert info.value.items == [4, 5, 6, 7] and info.value.attempts == 3 and info.value.reason == "RuntimeError"


def test_cli_dask_equals_one_process_document_by_document(tmp_path, capsys, monkeypatch):
    """The default pipeline on 2 worker processes of a local Dask cluster: the same output records, in the
    same order, as one process; keyed pseudonyms agree across workers with no shared state."""
    pytest.importorskip("distributed")
    monkeypatch.setenv("TEST_ANON_KEY", "a secret key for the test")
    src = write_jsonl(tmp_path / "in.jsonl", corpus(23))
    single, dask_out = tmp_path / "single.jsonl", tmp_path / "dask.jsonl"
    common = ["--strategy", "pseudonym", "--key-env", "TEST_ANON_KEY", "--quiet", "--batch-size", "3",
              "--original-offsets"]
    assert cli(capsys, src, "-o", single, *common)[0] == 0
    code, _, err = cli(capsys, src, "-o", dask_out, "--engine", "dask", "--n-process", "2", *common)
    assert code == 0, err
    one, many = read_jsonl(single), read_jsonl(dask_out)
    assert [r["id"] for r in many] == [r["id"] for r in one] == [f"doc-{i}" for i in range(23)]
    for a, b in zip(one, many):
        assert a == b
    # doc-0 and doc-5 name the same person and went to different partitions: the same keyed pseudonym
    texts = {r["id"]: r["text"] for r in corpus(23)}
    by_entity = {}
    for record in many:
        for span in record["spans"]:
            by_entity.setdefault(texts[record["id"]][span["start"]:span["end"]], set()).add(span["replacement"])
    assert len(by_entity["Anna Kowalski"]) == 1 and "Anna Kowalski" not in many[5]["anonymized"]


def test_cli_dask_folder_and_resume(tmp_path, capsys):
    pytest.importorskip("distributed")
    src = tmp_path / "docs"
    for i, text in enumerate(TEXTS):
        write(src / f"d{i}.txt", text)
    one, many = tmp_path / "one", tmp_path / "many"
    assert cli(capsys, src, "-o", one, "--quiet")[0] == 0
    code, _, err = cli(capsys, src, "-o", many, "--engine", "dask", "--n-process", "2", "--resume", "--quiet",
                       "--batch-size", "2")
    assert code == 0, err
    for path in sorted(one.glob("*.txt")):
        assert (many / path.name).read_text() == path.read_text()


def test_cli_engine_usage_errors(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", corpus(2))
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.jsonl", "--engine", "dask", "--consistent-across-docs")
    assert code == 2 and "E905" in err
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.jsonl", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and "--engine dask" in err
    table = write(tmp_path / "v.csv", 'id,notes\n1,"Anna Kowalski called 212-555-0199."\n')
    # CSV runs on engines and resumes (tests/test_engines_structured.py), but not to stdout
    code, _, err = cli(capsys, table, "--anonymize-fields", "notes", "--resume")
    assert code == 2 and "E911" in err
