"""Write anonymized structured records: CSV/TSV rows (the input's header order, only the anonymized and
kept columns), or JSON/JSONL objects shaped as the input (only the anonymized and kept fields, the spans
of each anonymized field under "field_spans")."""
import csv
import io
import json
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy_anon.io import dumps_jsonl, output_spans
from spacy_anon.structured.paths import Path, path_name, project
from spacy_anon.structured.readers import TABLE_FORMATS, StructuredRecord

# (original, anonymized, table) of one anonymized field, by dotted name
FieldResults = Dict[str, Tuple[str, str, Sequence[Dict[str, Any]]]]


def output_columns(header: Sequence[str], anonymize: Sequence[str], keep: Sequence[str]) -> List[str]:
    """The output header: the input's columns that are anonymized or kept, in the input's order."""
    chosen = set(anonymize) | set(keep)
    return [name for name in header if name in chosen]


def table_row(record: StructuredRecord, columns: Sequence[str], results: FieldResults) -> List[str]:
    row = []
    for name in columns:
        row.append(results[name][1] if name in results else record.data[name])
    return row


# A cell a spreadsheet would run as a formula (OWASP, "CSV injection"): it starts with one of these.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d+)*|\.\d+)(?:[eE][+-]?\d+)?")


def neutralize_formula(cell: Any) -> Any:
    """`cell` with a leading apostrophe when a spreadsheet would read it as a formula, as OWASP advises;
    plain numbers ("-5", "+3.2") and other values are left as they are."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def format_table_row(row: Sequence[str], fmt: str, escape_formulas: bool = True) -> str:
    """One CSV/TSV line; cells that would run as spreadsheet formulas are neutralized unless
    `escape_formulas` is False (`spacy-anon anonymize --keep-formulas`)."""
    if escape_formulas:
        row = [neutralize_formula(cell) for cell in row]
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=TABLE_FORMATS[fmt], lineterminator="\n").writerow(row)
    return buffer.getvalue()


def output_object(record: StructuredRecord, results: FieldResults, include_original: bool = False,
                  with_spans: bool = True, original_offsets: Optional[bool] = None) -> Dict[str, Any]:
    """`{"id", <kept and anonymized fields where they were>, "field_spans"}` of one record. "id" is the
    record's own "id" field when it is kept or anonymized (its value as kept, or anonymized), else
    `record.id`: a chosen field is never replaced by a number."""
    values: List[Tuple[Path, Any]] = list(record.kept)
    values.extend((path, results[path_name(path)][1]) for path, _ in record.fields)
    body = project(record.data, values) if isinstance(record.data, dict) else {}
    out: Dict[str, Any] = {"id": body.pop("id", record.id)}
    out.update(body)
    if with_spans:
        out["field_spans"] = {name: output_spans(original, anon, list(rows), include_original, original_offsets)
                              for name, (original, anon, rows) in results.items()}
    return out


def format_object(obj: Dict[str, Any], fmt: str, first: bool) -> str:
    """One output object: a JSONL line, or an item of a JSON array (the caller writes "[" and "]")."""
    if fmt == "jsonl":
        return dumps_jsonl(obj)
    return ("" if first else ",\n") + json.dumps(obj, ensure_ascii=False, allow_nan=False)


def json_array_end(n_written: int) -> str:
    return "\n]\n" if n_written else "]\n"


def json_array_start() -> str:
    return "[\n"


def table_header(columns: Sequence[str], fmt: str) -> Optional[str]:
    return format_table_row(columns, fmt)
