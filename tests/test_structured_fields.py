"""Fields of structured records: kept fields are the record's own values (after skipped rows too), names
that reach no field are refused, and the fields of one record share one entity memory and leak guard."""
import csv
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_support import cli, read_jsonl, write, write_jsonl
from spacy_anon.io import InputError
from spacy_anon.structured import read_records
from spacy_anon.structured.writers import output_object

MAIL = "jane.roe@example.com"


@pytest.fixture(scope="module")
def ruler_model(tmp_path_factory):
    """A blank English pipeline whose entity_ruler finds one full name (not the surname alone): a field
    that holds only the surname is masked only through the record's other fields."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("entity_ruler").add_patterns([{"label": "PERSON", "pattern": "Jonathan Kowalski"}])
    path = tmp_path_factory.mktemp("ruler_en")
    nlp.to_disk(path)
    return path


def run(capsys, *argv):
    return cli(capsys, *argv, "--quiet")


# ---- kept fields are the record's own values ------------------------------------------------------

ID = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=8)
ROW = st.one_of(st.tuples(st.just("ok"), ID), st.tuples(st.just("short"), ID), st.tuples(st.just("quote"), ID),
                st.tuples(st.just("blank"), ID))


def _table(rows, delimiter):
    """A CSV/TSV text with header id,notes: valid rows, rows with a field too few, rows with a stray
    quote, blank lines; RETURNS (text, ids of the valid rows, their data-row numbers)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(["id", "notes"])
    ids, numbers, number = [], [], 0
    for kind, value in rows:
        if kind == "blank":
            buffer.write("\n")
            continue
        number += 1
        if kind == "ok":
            writer.writerow([value, f"mail {MAIL}"])
            ids.append(value)
            numbers.append(number)
        elif kind == "short":
            writer.writerow([value])
        else:
            buffer.write(f'x{delimiter}"a"b\n')
    return buffer.getvalue(), ids, numbers


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(ROW, max_size=8), delimiter=st.sampled_from([",", "\t"]))
def test_kept_id_is_the_rows_own_value_after_any_skipped_row(tmp_path, rows, delimiter):
    text, ids, numbers = _table(rows, delimiter)
    fmt = "csv" if delimiter == "," else "tsv"
    src = write(tmp_path / f"in.{fmt}", text)
    skipped = []
    records = list(read_records(src, fmt, ["notes"], ["id"], skip_invalid=True, on_skip=skipped.append))
    results = {"notes": (f"mail {MAIL}", "mail [CONTACT_1]", [])}
    assert [output_object(r, results, with_spans=False)["id"] for r in records] == ids  # kept: its own value
    unkept = list(read_records(src, fmt, ["notes"], [], skip_invalid=True))
    # else its row number, the skipped rows counted
    assert [output_object(r, results, with_spans=False)["id"] for r in unkept] == numbers
    assert len(skipped) == sum(kind in ("short", "quote") for kind, _ in rows)


LINE = st.one_of(
    st.tuples(st.just("ok"), st.one_of(st.none(), st.integers(), ID), ID),
    st.tuples(st.just("broken"), st.just(None), st.just("")),
    st.tuples(st.just("not-string"), st.just(None), st.just("")),
    st.tuples(st.just("blank"), st.just(None), st.just("")),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(LINE, max_size=8), fmt=st.sampled_from(["jsonl", "json"]))
def test_kept_nested_fields_are_each_records_own_after_any_skipped_line(tmp_path, lines, fmt):
    objects, expected = [], []
    for n, (kind, rec_id, site) in enumerate(lines, 1):
        if kind == "ok":
            obj = {"meta": {"site": site}, "notes": [{"text": "x"}]}
            if rec_id is not None:
                obj["id"] = rec_id
            objects.append(json.dumps(obj))
            expected.append((rec_id, site))
        elif kind == "not-string":
            objects.append(json.dumps({"id": n, "meta": {"site": "no"}, "notes": [{"text": 5}]}))
        elif kind == "broken" and fmt == "jsonl":
            objects.append("{broken")
        elif kind == "blank" and fmt == "jsonl":
            objects.append("")
    text = "\n".join(objects) + "\n" if fmt == "jsonl" else "[" + ",\n".join(o for o in objects if o) + "]"
    src = write(tmp_path / f"in.{fmt}", text)
    records = list(read_records(src, fmt, ["notes.*.text"], ["meta.site"], skip_invalid=True))
    results = {"notes.0.text": ("x", "x", [])}
    got = [output_object(r, results, with_spans=False) for r in records]
    assert [g["meta"]["site"] for g in got] == [site for _, site in expected]
    assert [g["id"] for g, r in zip(got, records) if "id" in r.data] == [i for i, _ in expected if i is not None]


def test_kept_id_in_every_output_format_after_a_skipped_row(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.csv", f'id,notes\nA-7,mail {MAIL}\nB-8,"a stray"quote\nC-9,fine\n')
    for fmt in ("jsonl", "json", "csv"):
        out = tmp_path / f"out.{fmt}"
        code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--skip-invalid",
                           "--anonymize-fields", "notes", "--keep-fields", "id")
        assert code == 0, err
        text = out.read_text(encoding="utf-8")
        if fmt == "csv":
            assert [row[0] for row in csv.reader(io.StringIO(text))] == ["id", "A-7", "C-9"]
        else:
            records = read_jsonl(out) if fmt == "jsonl" else json.loads(text)
            assert [r["id"] for r in records] == ["A-7", "C-9"]
    # without --keep-fields id the id is the row number; the bad row keeps its number
    out = tmp_path / "rows.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--skip-invalid",
                       "--anonymize-fields", "notes")
    assert code == 0, err
    assert [r["id"] for r in read_jsonl(out)] == [1, 3]
    assert "[E877]" in err or "bad row" in err


def test_an_anonymized_id_is_never_replaced_by_the_original(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": MAIL, "notes": [{"text": "hi"}]}])
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "id,notes.*.text")
    assert code == 0, err
    [record] = read_jsonl(out)
    assert record["id"] == "[CONTACT_1]" and MAIL not in out.read_text(encoding="utf-8")


def test_kept_nested_fields_of_jsonl_are_each_records_own(tmp_path, capsys, rules_model):
    lines = [{"id": "a", "meta": {"site": "north"}, "notes": [{"text": f"to {MAIL}", "by": "x"}]},
             "{broken",
             {"id": "b", "meta": {"site": "south"}, "notes": [{"text": "none", "by": "y"}]}]
    src = write_jsonl(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--skip-invalid",
                       "--anonymize-fields", "notes.*.text", "--keep-fields", "meta.site,notes.*.by")
    assert code == 0, err
    records = read_jsonl(out)
    assert [(r["id"], r["meta"]["site"], r["notes"][0]["by"]) for r in records] == [("a", "north", "x"),
                                                                                   ("b", "south", "y")]


def test_kept_parquet_id_is_the_rows_own(tmp_path, capsys, rules_model):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"id": [70, 80], "notes": [f"to {MAIL}", "x"]}), src)
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "notes", "--keep-fields", "id")
    assert code == 0, err
    assert [r["id"] for r in read_jsonl(out)] == [70, 80]


# ---- names that reach no field are refused ------------------------------------------------------

NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=NAME, kept=st.booleans(), fmt=st.sampled_from(["csv", "tsv"]))
def test_a_column_name_the_header_lacks_is_refused_listing_the_columns(tmp_path, name, kept, fmt):
    src = write(tmp_path / f"in.{fmt}", "id,notes,site\n1,x,y\n".replace(",", "," if fmt == "csv" else "\t"))
    anonymize, keep = (["notes"], [name]) if kept else ([name], ["id"])
    if name in ("id", "notes", "site"):
        assert len(list(read_records(src, fmt, anonymize, keep))) == 1
        return
    with pytest.raises(InputError, match=r"\[E837\].*its columns: id, notes, site"):
        list(read_records(src, fmt, anonymize, keep))


@pytest.mark.parametrize("flag", ["--keep-fields", "--anonymize-fields"])
def test_a_json_field_no_record_has_is_refused_before_the_model_loads(tmp_path, capsys, flag):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "notes": [{"text": "a"}]},
                                              {"id": 2, "meta": {"site": None}, "notes": []}])
    out = tmp_path / "out.jsonl"
    other = ["--anonymize-fields", "notes.*.text"] if flag == "--keep-fields" else ["--keep-fields", "meta.site"]
    code, _, err = run(capsys, src, "-o", out, "--model", "no-such-model", *other, flag, "meta.sit,notes.*.txt")
    assert code == 2 and "[E988]" in err and "meta.sit, notes.*.txt" in err and "2 record(s)" in err
    assert "fields found: id, notes, meta" in err and not out.exists()


def test_a_field_of_some_records_only_is_accepted(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "notes": [{"text": "a"}]},
                                              {"id": 2, "meta": {"site": None}, "notes": []}])
    code, _, err = run(capsys, src, "-o", tmp_path / "out.jsonl", "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "notes.*.text", "--keep-fields", "meta.site")
    assert code == 0, err  # a null field is there: it matched


def test_a_text_record_field_no_record_has_is_refused(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": "d1", "text": "hi", "summary": "s"}])
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--keep-fields", "sumary")
    assert code == 2 and "[E988]" in err and "sumary" in err and not out.exists()
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "summary")
    assert code == 0, err


# ---- the fields of one record share one entity memory and leak guard ------------------------------

FULL, ALONE = "Jonathan Kowalski, 54, was admitted.", "Kowalski called back."


def test_a_surname_alone_in_another_jsonl_field_takes_the_full_names_entity(tmp_path, capsys, ruler_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": "r1", "patient": {"notes": FULL},
                                               "notes": [{"text": "Nurse call."}, {"text": ALONE}]},
                                              {"id": "r2", "notes": [{"text": ALONE}]}])
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", ruler_model, "--rules-only",
                       "--anonymize-fields", "patient.notes,notes.*.text")
    assert code == 0, err
    first, second = read_jsonl(out)
    assert first["patient"]["notes"] == "[PERSON_1], [AGE_1], was admitted."  # the age stated after the name
    assert first["notes"][1]["text"] == "[PERSON_1] called back."
    assert [s["entity"] for s in first["field_spans"]["notes.1.text"]] == ["PERSON_1"]
    assert second["notes"][0]["text"] == ALONE  # records do not share entities (by default)


def test_a_text_records_fields_and_text_share_the_guard(tmp_path, capsys, ruler_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": "r1", "text": ALONE, "summary": FULL}])
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", ruler_model, "--rules-only",
                       "--anonymize-fields", "summary")
    assert code == 0, err
    [record] = read_jsonl(out)
    assert record["anonymized"] == "[PERSON_1] called back." and record["summary"].startswith("[PERSON_1],")


def test_a_surname_alone_in_another_csv_column_takes_the_full_names_entity(tmp_path, capsys, ruler_model):
    src = write(tmp_path / "in.csv", f'id,name,notes\n7,Jonathan Kowalski,{ALONE}\n8,Ann,{ALONE}\n')
    out = tmp_path / "out.csv"
    code, _, err = run(capsys, src, "-o", out, "--model", ruler_model, "--rules-only",
                       "--anonymize-fields", "name,notes", "--keep-fields", "id")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[1] == ["7", "[PERSON_1]", "[PERSON_1] called back."]
    assert rows[2] == ["8", "Ann", ALONE]  # the next row starts afresh


def test_a_surname_alone_in_another_dataframe_column_takes_the_full_names_entity(ruler_model):
    pd = pytest.importorskip("pandas")
    import spacy

    import spacy_anon

    nlp = spacy.load(ruler_model)
    nlp.add_pipe("anon_mask")
    df = pd.DataFrame({"name": ["Jonathan Kowalski", None], "notes": [ALONE, ALONE]})
    out = spacy_anon.anonymize_dataframe(nlp, df, columns=["name", "notes"])
    assert out["name"].tolist()[0] == "[PERSON_1]"
    assert out["notes"].tolist() == ["[PERSON_1] called back.", ALONE]


# ---- outputs that hold original values are created 0600 ---------------------------------------------

@pytest.fixture
def umask_022():
    import os

    old = os.umask(0o022)
    yield
    os.umask(old)


def _modes_while_writing(monkeypatch, folder):
    """Record the mode of every file in `folder` (temporary and partial outputs) at each record written."""
    import os
    import stat

    from spacy_anon.cli import writers

    seen = {}
    real = writers.Output.write

    def write(self, *args, **kwargs):
        result = real(self, *args, **kwargs)
        for path in folder.rglob("*"):
            if path.is_file():
                seen[path.name] = stat.S_IMODE(os.stat(path).st_mode)
        return result

    monkeypatch.setattr(writers.Output, "write", write)
    return seen


def _mode(path):
    import os
    import stat

    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("private", [[], ["--include-original"], ["--keep-fields", "site"]])
@pytest.mark.parametrize("resume", [[], ["--resume"]])
def test_outputs_with_originals_are_created_0600(tmp_path, capsys, monkeypatch, rules_model, umask_022,
                                                 private, resume):
    src = write_jsonl(tmp_path / "in" / "in.jsonl", [{"id": 1, "text": f"to {MAIL}", "site": "north"},
                                                     {"id": 2, "text": "hi", "site": "south"}])
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    seen = _modes_while_writing(monkeypatch, out_dir)
    code, _, err = run(capsys, src, "-o", out_dir / "out.jsonl", "--model", rules_model, "--rules-only",
                       *private, *resume)
    assert code == 0, err
    expected = 0o600 if private else 0o644
    assert seen
    if private:
        assert set(seen.values()) == {0o600}, seen  # temporary, partial, index and meta files alike
    assert _mode(out_dir / "out.jsonl") == expected
    assert [p.name for p in out_dir.iterdir()] == ["out.jsonl"]  # no temporary file left


def test_a_replaced_wider_file_does_not_widen_an_output_with_originals(tmp_path, capsys, rules_model, umask_022):
    import os

    src = write(tmp_path / "in.csv", f"id,notes\n1,to {MAIL}\n")
    for fmt, extra in (("csv", ["--keep-fields", "id"]), ("jsonl", ["--include-original"]),
                       ("parquet", ["--keep-fields", "id"])):
        if fmt == "parquet":
            pytest.importorskip("pyarrow")
        out = write(tmp_path / f"out.{fmt}", "old")
        os.chmod(out, 0o664)
        code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                           "--anonymize-fields", "notes", *extra)
        assert code == 0, err
        assert _mode(out) == 0o600, fmt
    out = tmp_path / "plain.csv"
    write(out, "old")
    os.chmod(out, 0o664)
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--anonymize-fields", "notes")
    assert code == 0 and _mode(out) == 0o664  # no originals: a replaced file keeps its mode


def test_the_review_report_is_created_0600(tmp_path, capsys, rules_model, umask_022):
    from spacy_anon.cli import main

    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"to {MAIL}"}])
    review = tmp_path / "review.jsonl"
    code, _, err = run(capsys, src, "-o", review, "--model", rules_model, "--rules-only", "--include-original")
    assert code == 0, err
    page = tmp_path / "report.html"
    assert main(["report", str(review), "-o", str(page), "--include-original", "--quiet"]) == 0
    assert _mode(review) == 0o600 and _mode(page) == 0o600


def test_a_failed_run_with_originals_leaves_no_temporary_file(tmp_path, capsys, monkeypatch, rules_model):
    from cli_support import raise_on

    raise_on(monkeypatch, "boom")
    src = write_jsonl(tmp_path / "in" / "in.jsonl", [{"id": 1, "text": f"to {MAIL}"}, {"id": 2, "text": "boom"}])
    out_dir = tmp_path / "out"
    code, _, err = run(capsys, src, "-o", out_dir / "out.jsonl", "--model", rules_model, "--rules-only",
                       "--include-original")
    assert code == 1
    assert not out_dir.exists() or list(out_dir.iterdir()) == []


def test_resume_into_jsonl_with_an_anonymized_id_is_refused(tmp_path, capsys):
    src = write(tmp_path / "in.csv", f"id,notes\n{MAIL},x\n")
    code, _, err = run(capsys, src, "-o", tmp_path / "out.jsonl", "--model", "no-such-model", "--resume",
                       "--anonymize-fields", "id,notes")
    assert code == 2 and "[E989]" in err and MAIL not in err


# ---- folder inputs: links out of the tree are not followed --------------------------------------------

LINK_KIND = st.sampled_from(["outside", "inside", "plain"])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kinds=st.lists(LINK_KIND, min_size=1, max_size=4), depth=st.integers(0, 2))
def test_a_folder_reads_no_file_through_a_link_out_of_it(tmp_path_factory, kinds, depth):
    import os

    from spacy_anon.cli.options import Options
    from spacy_anon.cli.readers import TextInputs

    base = tmp_path_factory.mktemp("links")
    outside = write(base / "outside" / "secret.txt", "Secret of Jonathan")
    folder = base / "in"
    write(folder / "plain0.txt", "hello")
    expected, links = {"plain0.txt"}, []
    for k, kind in enumerate(kinds):
        sub = folder.joinpath(*[f"d{j}" for j in range(depth)])
        sub.mkdir(parents=True, exist_ok=True)
        path = sub / f"f{k}.txt"
        rel = path.relative_to(folder).as_posix()
        if kind == "plain":
            write(path, "hi")
            expected.add(rel)
        elif kind == "inside":
            os.symlink(os.path.relpath(folder / "plain0.txt", sub), path)
            expected.add(rel)  # a link inside the tree is read under its own name
        else:
            os.symlink(os.path.relpath(outside, sub), path)
            links.append(rel)
    inputs = TextInputs(Options(input=str(folder)), "folder")
    assert {p.as_posix() for p in inputs.rel_paths()} == expected
    assert inputs.outside_links == sorted(links)
    assert all("Secret" not in record.text for record in inputs)


def test_a_link_out_of_the_folder_is_skipped_with_a_warning_naming_it(tmp_path, capsys, rules_model):
    import os

    write(tmp_path / "outside.txt", f"to {MAIL}")
    folder = tmp_path / "in"
    write(folder / "a.txt", "hello")
    os.symlink(tmp_path / "outside.txt", folder / "b.txt")
    out = tmp_path / "out"
    code, _, err = run(capsys, folder, "-o", out, "--model", rules_model, "--rules-only")
    assert code == 0, err
    assert "[W988]" in err and "b.txt" in err and MAIL not in err
    assert sorted(p.name for p in out.iterdir()) == ["a.txt"]


def test_an_output_subfolder_linked_out_of_the_output_is_refused(tmp_path, capsys, rules_model):
    import os

    folder = tmp_path / "in"
    write(folder / "sub" / "a.txt", f"to {MAIL}")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(elsewhere, out / "sub")
    code, _, err = run(capsys, folder, "-o", out, "--model", rules_model, "--rules-only")
    assert code == 2 and "[E878]" in err
    assert list(elsewhere.iterdir()) == []


def test_a_parquet_nested_name_no_row_reaches_is_refused(tmp_path, capsys):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"id": [1], "visit": [{"notes": "x"}]}), src)
    code, _, err = run(capsys, src, "-o", tmp_path / "out.jsonl", "--model", "no-such-model",
                       "--anonymize-fields", "visit.note")
    assert code == 2 and "[E988]" in err and "visit.note" in err


def test_a_failing_record_guard_fails_the_record_closed(tmp_path, capsys, monkeypatch, rules_model):
    from spacy_anon.cli import processing

    def broken(nlp, texts, results):
        raise RuntimeError("boom")

    monkeypatch.setattr(processing, "guard_across", broken)
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "notes": [{"text": f"to {MAIL}"}, {"text": "b"}]}])
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "notes.*.text")
    assert code == 1 and "leak guard" in err and not out.exists() and MAIL not in err


def test_a_link_planted_at_the_partial_name_is_not_written_through(tmp_path, capsys, rules_model):
    import os

    from spacy_anon.engines.resume import partial_file

    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"to {MAIL}"}])
    victim = write(tmp_path / "victim.txt", "keep me")
    out = tmp_path / "out.jsonl"
    os.symlink(victim, partial_file(out))
    code, _, err = run(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--resume",
                       "--include-original")
    assert code != 0 and victim.read_text() == "keep me"


KEY = st.sampled_from(["a", "b", "c", "meta", "notes"])
VALUE = st.recursive(st.one_of(st.none(), st.integers(), st.text(max_size=3)),
                     lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEY, inner, max_size=3)),
                     max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(objects=st.lists(st.dictionaries(KEY, VALUE, max_size=4), max_size=5),
       names=st.lists(st.lists(st.sampled_from(["a", "b", "c", "meta", "notes", "*", "0", "x"]), min_size=1,
                               max_size=3).map(".".join), min_size=1, max_size=4))
def test_a_name_is_refused_exactly_when_no_record_has_it(objects, names):
    from spacy_anon.cli.messages import CLIError
    from spacy_anon.cli.readers import NameCoverage, reaches_pattern
    from spacy_anon.structured.paths import expand, parse_pattern

    coverage = NameCoverage(names, reaches_pattern)
    for obj in objects:
        coverage.see(obj)
    missing = [n for n in dict.fromkeys(names) if not any(list(expand(o, parse_pattern(n))) for o in objects)]
    if missing and objects:
        with pytest.raises(CLIError, match=r"\[E988\]") as raised:
            coverage.check("in.jsonl")
        assert raised.value.code == 2 and ", ".join(missing) in str(raised.value)
    else:
        coverage.check("in.jsonl")


FILLER = st.sampled_from(["Seen today.", "Called back.", "No change.", ""])


@pytest.fixture(scope="module")
def ruler_nlp(ruler_model):
    import spacy

    nlp = spacy.load(ruler_model)
    nlp.add_pipe("anon_mask")
    return nlp


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.lists(st.tuples(st.sampled_from(["full", "surname", "none"]), FILLER), min_size=2, max_size=5))
def test_no_field_of_a_record_leaves_a_name_another_field_masked(ruler_nlp, fields):
    from spacy_anon.cli.processing import Job, anonymize_batch

    texts = []
    for kind, filler in fields:
        name = {"full": "Jonathan Kowalski", "surname": "Kowalski", "none": ""}[kind]
        texts.append(f"{filler} {name} {filler}".strip() or "x")
    job = Job(0, "", None, tuple((f"f{i}", t) for i, t in enumerate(texts)))
    [outcome] = anonymize_batch(ruler_nlp, [job])
    has_full = any(kind == "full" for kind, _ in fields)
    for (kind, _), result in zip(fields, outcome.fields.values()):
        if has_full:
            assert "Kowalski" not in result.anonymized
            assert all(row["entity"] == "PERSON_1" for row in result.table)
        elif kind == "surname":
            assert "Kowalski" in result.anonymized  # nothing masked it anywhere: nothing to share


# ---- with the default pipeline: a surname alone that the tagger calls a place is still the person -------

def test_default_pipeline_a_surname_tagged_otherwise_in_another_field_is_the_persons(tmp_path, capsys):
    """Was: "Kowalski called back" in another field tagged LOC by the default tagger: two entities, and the
    surname's replacement said it was a place ([LOC_3])."""
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": "r1", "patient": {"notes": FULL},
                                               "notes": [{"text": "Seen by the nurse."}, {"text": ALONE}]}])
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, src, "-o", out, "--anonymize-fields", "patient.notes,notes.*.text")
    assert code == 0, err
    [record] = read_jsonl(out)
    assert record["patient"]["notes"].startswith("[PERSON_1],")
    assert record["notes"][1]["text"] == "[PERSON_1] called back."


def test_default_pipeline_dataframe_row_shares_the_person_across_columns():
    pd = pytest.importorskip("pandas")
    import spacy_anon

    df = pd.DataFrame({"name": ["Jonathan Kowalski"], "notes": [ALONE]})
    out = spacy_anon.anonymize_dataframe(spacy_anon.load(), df, columns=["name", "notes"])
    assert out.iloc[0].tolist() == ["[PERSON_1]", "[PERSON_1] called back."]
