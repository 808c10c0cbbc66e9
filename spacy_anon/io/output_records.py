"""Output records of `spacy-anon anonymize --format jsonl`: the spans with their offsets in the original
and the anonymized text, and the input fields named on the command line.

An output record holds no original value unless the caller asks for it (`output_record`'s
`include_original`): the output is what may leave the protected place.
"""
import math
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_anon.errors import Errors
from spacy_anon.io.inputs import Record

# Top-level names of an output JSONL record that the CLI writes itself (input fields cannot be kept
# under these names).
RESERVED_FIELDS = ("id", "text", "anonymized", "spans", "field_spans")
# Keys of each output span, in order (the public contract of `spacy-anon anonymize --format jsonl`):
# start/end index the original text, anon_start/anon_end the anonymized text. start/end are written only
# on request (`original_offsets`, or with the original text): end - start is the original value's length,
# and anon_start - start the lengths of the values before it, which no strategy but keep_length and
# mask_chars shows otherwise.
SPAN_FIELDS = ("start", "end", "label", "type", "entity", "identifier", "replacement", "anon_start", "anon_end")
ORIGINAL_OFFSETS = SPAN_FIELDS[:2]
_ROW_FIELDS = SPAN_FIELDS[2:7]  # copied from the replacement table ("type": the fine type beside the category)
# With include_original, each span also says which detector found it and its score (`spacy-anon report`).
REVIEW_FIELDS = ("text", "source", "score")


# ---------------------------------------------------------------------------------------------------------
# Record fields named on the command line ("meta.notes": dots go down into nested objects)


def field_path(name: str) -> Tuple[str, ...]:
    """The parts of a dotted field name; ValueError for an empty part."""
    parts = tuple(name.split("."))
    if not all(parts):
        raise ValueError(Errors.E808.format(name=name))
    return parts


def get_field(obj: Dict[str, Any], parts: Sequence[str]) -> Tuple[bool, Any]:
    """(found, value) of a nested field; not found when a level is missing or is not an object."""
    value: Any = obj
    for part in parts:
        if not isinstance(value, dict) or part not in value:
            return False, None
        value = value[part]
    return True, value


def put_field(obj: Dict[str, Any], parts: Sequence[str], value: Any) -> None:
    """Set a nested field, creating the objects above it."""
    for part in parts[:-1]:
        obj = obj.setdefault(part, {})
    obj[parts[-1]] = value


# ---------------------------------------------------------------------------------------------------------
# Output records


def anon_offsets(text_length: int, anonymized: str, table: Sequence[Dict[str, Any]]) -> List[Tuple[int, int]]:
    """(anon_start, anon_end) of each table row: where its replacement stands in the anonymized text.

    Raises ValueError when the table does not describe the anonymized text (overlapping rows, a
    replacement that is not where the offsets say, or a length that does not add up).
    """
    order = sorted(range(len(table)), key=lambda i: (table[i]["start"], table[i]["end"]))
    result: List[Tuple[int, int]] = [(0, 0)] * len(table)
    shift, last_end = 0, 0
    for i in order:
        row = table[i]
        start, end, replacement = row["start"], row["end"], row.get("replacement")
        if not isinstance(replacement, str) or start < last_end or end < start or end > text_length:
            raise ValueError(Errors.E816)
        a_start = start + shift
        a_end = a_start + len(replacement)
        if anonymized[a_start:a_end] != replacement:
            raise ValueError(Errors.E809)
        result[i] = (a_start, a_end)
        shift += len(replacement) - (end - start)
        last_end = end
    if text_length + shift != len(anonymized):
        raise ValueError(Errors.E809)
    return result


def _plain_score(value: Any) -> Optional[float]:
    """A JSON-safe score (a numpy float or NaN from a detector becomes a float or None)."""
    try:
        score = float(value)
    except (TypeError, ValueError):
        return None
    return round(score, 4) if math.isfinite(score) else None


def output_spans(original: str, anonymized: str, table: Sequence[Dict[str, Any]],
                 include_original: bool = False, original_offsets: Optional[bool] = None) -> List[Dict[str, Any]]:
    """The "spans" of an output record: SPAN_FIELDS, without the offsets into the original (start, end)
    unless `original_offsets` (default: `include_original`); + the original "text", "source" and "score"
    with `include_original`."""
    with_offsets = include_original if original_offsets is None else original_offsets
    spans = []
    for row, (a_start, a_end) in zip(table, anon_offsets(len(original), anonymized, table)):
        span = {key: row.get(key) for key in ORIGINAL_OFFSETS} if with_offsets else {}
        span.update((key, row.get(key)) for key in _ROW_FIELDS)
        span["anon_start"], span["anon_end"] = a_start, a_end
        if include_original:  # review material: the value, and which detector found it how surely
            span["text"] = original[row["start"]:row["end"]]
            span["source"], span["score"] = row.get("source"), _plain_score(row.get("score"))
        spans.append(span)
    return spans


def output_record(
    record: Record,
    anonymized: str,
    table: Iterable[Dict[str, Any]],
    include_original: bool = False,
    keep_fields: Sequence[str] = (),
    anonymized_fields: Optional[Dict[str, Tuple[Optional[str], Optional[str], Sequence[Dict[str, Any]]]]] = None,
    original_offsets: Optional[bool] = None,
) -> Dict[str, Any]:
    """The output JSONL object. By default `{"id", "anonymized", "spans"}`: no original value.

    include_original: add the original "text" after "id" and each span's original "text" (sensitive).
    keep_fields: dotted names of input fields copied unchanged (the caller asked for their originals).
    anonymized_fields: {dotted name: (original, anonymized, table)} of string fields anonymized too
        (original None: the field is null and stays null); each value goes where the field was, its
        spans (offsets into the field's value) under "field_spans"[name].
    original_offsets: write each span's offsets into the original (start, end; default: with
        include_original), which give the lengths of the values.
    Raises ValueError when a table does not describe its anonymized text.
    """
    out: Dict[str, Any] = {"id": record.id}
    if include_original:
        out["text"] = record.text
    out["anonymized"] = anonymized
    out["spans"] = output_spans(record.text, anonymized, list(table), include_original, original_offsets)
    for name in keep_fields:
        found, value = get_field(record.extra, field_path(name))
        if found:
            put_field(out, field_path(name), value)
    if anonymized_fields is not None:
        field_spans: Dict[str, List[Dict[str, Any]]] = {}
        for name, (original, anon, rows) in anonymized_fields.items():
            put_field(out, field_path(name), anon)
            if original is not None and anon is not None:
                field_spans[name] = output_spans(original, anon, list(rows), include_original, original_offsets)
        out["field_spans"] = field_spans
    return out
