"""Parquet: read row groups as records (columns, struct fields and list items reached by dotted names, as
for JSON), and write the anonymized and kept columns back as Parquet.

Why pyarrow: the reference implementation of the format, no dependency of its own, and it reads a file
batch by batch (memory bounded by the batch, not the file). It is optional (`spacy-anon[parquet]`) and
imported only when a Parquet file is read or written. A Parquet file is whole only once its footer is
written, so a Parquet output is written atomically and cannot be resumed (JSONL/CSV outputs can).
"""
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence

from spacy_anon.errors import Errors
from spacy_anon.io import InputError
from spacy_anon.structured.paths import parse_pattern
# the JSON object path: one code for both
from spacy_anon.structured.readers import listed, report_invalid, structured_record

READ_BATCH = 1024  # rows per batch read from the file


def _pyarrow(what: str):
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError(Errors.E912.format(what=what)) from None
    return pq


def read_parquet(source, anonymize: Sequence[str], keep: Sequence[str], where: str = "",
                 skip_invalid: bool = False, on_skip: Optional[Callable[[InputError], None]] = None,
                 header_out: Optional[List[str]] = None) -> Iterator[Any]:
    """Rows of a Parquet file (a path or a seekable binary file) as StructuredRecords; `anonymize`/`keep`
    are dotted patterns over the columns ("notes", "visit.notes", "notes.*.text"). A record's id is its
    "id" column, else its row number (from 1). `header_out` receives the top-level column names."""
    pq = _pyarrow("a Parquet input")
    where = where or str(source)
    try:
        parquet = pq.ParquetFile(source)
    except Exception as err:  # noqa: BLE001  (pyarrow's message names the file's structure, not values)
        raise InputError(Errors.E833.format(where=where, kind=type(err).__name__)) from None
    names = list(parquet.schema_arrow.names)
    if header_out is not None:
        header_out[:] = names
    patterns = [parse_pattern(n) for n in anonymize]
    kept = [parse_pattern(n) for n in keep]
    missing = [n for n in [*anonymize, *keep] if parse_pattern(n)[0] not in names]
    if missing:
        raise InputError(Errors.E832.format(where=where, missing=', '.join(missing), columns=listed(names)))
    number = 0
    try:
        batches = parquet.iter_batches(batch_size=READ_BATCH)
        for batch in batches:
            for row in batch.to_pylist():
                number += 1
                rec_where = f"{where} row {number}"
                try:
                    record = structured_record(row, rec_where, number, patterns, kept, number)
                except InputError as err:
                    report_invalid(err, skip_invalid, on_skip)
                    continue
                yield record
    except InputError:
        raise
    except Exception as err:  # noqa: BLE001  (a corrupt page: nothing after it can be read reliably)
        raise InputError(Errors.E834.format(where=where, number=number + 1, kind=type(err).__name__)) from None


class ParquetRows:
    """Write rows (column -> value) to a binary file as Parquet, `batch` rows per row group. Anonymized
    columns are strings; kept columns keep the input's type (`schema`: the input's arrow schema)."""

    def __init__(self, stream, columns: Sequence[str], anonymized: Sequence[str], schema: Any, batch: int = 1024):
        pq = _pyarrow("a Parquet output")
        import pyarrow as pa

        self._pa = pa
        fields = [pa.field(c, pa.string()) if c in anonymized or schema is None else schema.field(c)
                  for c in columns]
        self.schema = pa.schema(fields)
        self.columns, self.batch = list(columns), max(1, batch)
        self._rows: List[Dict[str, Any]] = []
        self._writer = pq.ParquetWriter(pa.PythonFile(stream, mode="w"), self.schema)

    def write(self, row: Dict[str, Any]) -> None:
        self._rows.append(row)
        if len(self._rows) >= self.batch:
            self._flush()

    def _flush(self) -> None:
        if self._rows:
            self._writer.write_table(self._pa.Table.from_pylist(self._rows, schema=self.schema))
            self._rows = []

    def close(self) -> None:
        self._flush()
        self._writer.close()
