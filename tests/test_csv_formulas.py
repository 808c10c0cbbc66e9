"""CSV/TSV outputs never carry a cell a spreadsheet would run as a formula (OWASP's "CSV injection"),
unless the user asks with --keep-formulas; plain numbers stay as they are."""
import csv
import io

import pytest

from spacy_anon.cli import main
from spacy_anon.structured.writers import format_table_row, neutralize_formula


@pytest.mark.parametrize("cell", ["=SUM(A1:A9)", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\t=1", "\r=1",
                                  "=HYPERLINK(\"http://x.example\",\"click\")"])
def test_a_formula_cell_gets_an_apostrophe(cell):
    assert neutralize_formula(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["-5", "+3.2", "12", "-1,000.50", "1e-3", "", "plain text", "a=b", None, 7])
def test_numbers_and_other_values_stay(cell):
    assert neutralize_formula(cell) == cell


def test_format_table_row_escapes_unless_asked_not_to():
    row = ["=1+1", "-7", "[PERSON_1] wrote"]
    assert next(csv.reader(io.StringIO(format_table_row(row, "csv")))) == ["'=1+1", "-7", "[PERSON_1] wrote"]
    assert next(csv.reader(io.StringIO(format_table_row(row, "csv", escape_formulas=False)))) == row


def _run(capsys, tmp_path, *extra):
    src = tmp_path / "in.csv"
    src.write_text('id,notes,link\n1,"=1+2 call Mr. Roe at jane.roe@example.com","=HYPERLINK(""http://x.example"")"\n'
                   '2,"-3",@home\n', encoding="utf-8")
    out = tmp_path / "out.csv"
    code = main(["anonymize", str(src), "-o", str(out), "--model", "blank:en", "--rules-only", "--quiet",
                 "--anonymize-fields", "notes", "--keep-fields", "id,link", *extra])
    assert code == 0, capsys.readouterr().err
    return list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))


def test_cli_csv_output_neutralizes_formulas_in_anonymized_and_kept_cells(tmp_path, capsys):
    rows = _run(capsys, tmp_path)
    assert rows[0] == ["id", "notes", "link"]
    assert rows[1][1].startswith("'=1+2 call Mr. Roe at [CONTACT_1]")
    assert rows[1][2] == "'=HYPERLINK(\"http://x.example\")"
    assert rows[2][1:] == ["-3", "'@home"]  # a number stays a number
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)


def test_keep_formulas_writes_the_cells_as_they_are(tmp_path, capsys):
    rows = _run(capsys, tmp_path, "--keep-formulas")
    assert rows[1][2] == "=HYPERLINK(\"http://x.example\")" and rows[2][2] == "@home"
