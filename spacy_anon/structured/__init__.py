"""Structured inputs: CSV/TSV columns, JSON/JSONL fields (nested, list items), pandas DataFrames.

Readers give `StructuredRecord`s whose chosen string values are anonymized together (one replacement
memory per record: the same name in two fields of a record gets the same replacement); writers give back
the same shape holding only the anonymized fields and the fields the user chose to keep.
"""
from spacy_anon.structured.dataframe import anonymize_dataframe  # noqa: F401
from spacy_anon.structured.paths import FieldPattern, expand, parse_pattern  # noqa: F401
from spacy_anon.structured.readers import StructuredRecord, read_records  # noqa: F401
