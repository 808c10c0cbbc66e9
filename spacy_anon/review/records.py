"""Read the records of a review: the JSONL that `spacy-anon anonymize --include-original` writes.

The report shows what was replaced next to what replaced it, so it needs the original text of each
record and span. An output written without `--include-original` holds none: that is refused with a
message that says so (and names the line), never guessed around. Messages never quote content.
"""
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Union

from spacy_anon.errors import Errors, located
from spacy_anon.io import InputError, decode_utf8, loads_strict


class ReviewError(ValueError):
    """The input cannot be reviewed; the message names the file and line, never the content."""


@dataclass
class ReviewSpan:
    start: int
    end: int
    label: str
    text: str
    replacement: str
    entity: Optional[str] = None
    identifier: Optional[str] = None
    source: Optional[str] = None
    score: Optional[float] = None


@dataclass
class ReviewDoc:
    id: Any
    text: str
    anonymized: str
    spans: List[ReviewSpan] = field(default_factory=list)
    line: int = 0


NO_ORIGINALS = ("holds no original text: the report needs the output of `spacy-anon anonymize "
                "--include-original`")


def _span(raw: Any, text: str, where: str, k: int) -> ReviewSpan:
    if not isinstance(raw, dict):
        raise ReviewError(Errors.E819.format(where=where, k=k))
    start, end = raw.get("start"), raw.get("end")
    if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(text)):
        raise ReviewError(Errors.E820.format(where=where, k=k))
    if "text" not in raw:
        raise ReviewError(Errors.E821.format(where=where, k=k, no_originals=NO_ORIGINALS))
    score = raw.get("score")
    return ReviewSpan(start=start, end=end, label=str(raw.get("label") or "?"), text=text[start:end],
                      replacement=str(raw.get("replacement") or ""), entity=raw.get("entity"),
                      identifier=raw.get("identifier"), source=raw.get("source"),
                      score=float(score) if isinstance(score, (int, float)) else None)


def parse_review_record(obj: Any, where: str, line: int) -> ReviewDoc:
    """A ReviewDoc from one output record; ReviewError when it is not one or holds no originals."""
    if not isinstance(obj, dict):
        raise ReviewError(Errors.E822.format(where=where))
    if "anonymized" not in obj or "spans" not in obj:
        raise ReviewError(Errors.E823.format(where=where))
    text = obj.get("text")
    if not isinstance(text, str):
        raise ReviewError(Errors.E824.format(where=where, no_originals=NO_ORIGINALS))
    if not isinstance(obj["spans"], list) or not isinstance(obj["anonymized"], str):
        raise ReviewError(Errors.E825.format(where=where))
    spans = [_span(raw, text, where, k) for k, raw in enumerate(obj["spans"])]
    spans.sort(key=lambda s: (s.start, s.end))
    for a, b in zip(spans, spans[1:]):
        if b.start < a.end:
            raise ReviewError(Errors.E826.format(where=where))
    return ReviewDoc(id=obj.get("id"), text=text, anonymized=obj["anonymized"], spans=spans, line=line)


def read_review_records(path: Union[str, Path]) -> Iterator[ReviewDoc]:
    """The records of an output JSONL file, in order (blank lines skipped). ReviewError on the first line
    that cannot be reviewed."""
    path = Path(path)
    try:
        stream = open(path, "rb")
    except OSError as err:
        raise ReviewError(Errors.E811.format(path=path, reason=err.strerror or type(err).__name__)) from None
    with stream:
        offset = 0
        for line_no, raw in enumerate(stream, 1):
            where = f"{path} line {line_no}"
            try:
                line = decode_utf8(raw, where, offset) if raw.strip() else ""
            except InputError as err:
                raise ReviewError(str(err)) from None
            offset += len(raw)
            if not line.strip():
                continue
            try:
                obj = loads_strict(line)
            except ValueError as err:
                raise ReviewError(located(where, err)) from None
            yield parse_review_record(obj, where, line_no)


def label_totals(docs: List[ReviewDoc]) -> Dict[str, int]:
    """Spans per label over all documents, most frequent first."""
    totals: Dict[str, int] = {}
    for doc in docs:
        for span in doc.spans:
            totals[span.label] = totals.get(span.label, 0) + 1
    return dict(sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])))
