"""Readers and writers for the command line: input documents (`inputs`), strict JSON (`strict_json`),
output records (`output_records`) and all-or-nothing output (`atomic_output`).

The names below are the package's interface (the CLI, the structured-data and review layers import
them from here). Messages name a file, a line or a byte offset, never the content.
"""
from spacy_anon.io.atomic_output import (  # noqa: F401
    TEMP_TAG,
    AtomicFile,
    StagedFolder,
    StdoutSink,
    remove_stale_temporaries,
    temp_name,
)
from spacy_anon.io.inputs import (  # noqa: F401
    InputError,
    Record,
    decode_utf8,
    iter_jsonl,
    list_text_files,
    parse_jsonl_line,
    read_text_file,
)
from spacy_anon.io.output_records import (  # noqa: F401
    ORIGINAL_OFFSETS,
    RESERVED_FIELDS,
    REVIEW_FIELDS,
    SPAN_FIELDS,
    anon_offsets,
    field_path,
    get_field,
    output_record,
    output_spans,
    put_field,
)
from spacy_anon.io.strict_json import MAX_JSON_DEPTH, dumps_jsonl, loads_strict  # noqa: F401
