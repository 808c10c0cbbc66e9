"""Anonymize texts longer than `nlp.max_length`: cut at paragraph/sentence boundaries, never truncate.

Chunks are contiguous and cover the whole text, so the anonymized text is the concatenation of the
chunks' anonymized texts and each chunk's replacement-table rows only need shifting by the chunk's start.
One `ReplacementMemory` is shared across the chunks of a document so an entity keeps its replacement,
and the leak guard spans the document (`spacy_anon.mask.document_guard`): a value masked in any chunk
is masked in every chunk.
"""
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc

from spacy_anon.doc_keys import MEMORY_KEY
from spacy_anon.errors import Errors
from spacy_anon.mask.document_guard import guard_for
from spacy_anon.mask.memory import ReplacementMemory

# Preferred cut points, best first: after a blank line, after a line break, after a sentence end, after
# any whitespace. A hard cut inside a word is the last resort (a single "word" longer than the limit).
_BOUNDARIES = (
    re.compile(r"\n[ \t]*\n\s*"),
    re.compile(r"\n\s*"),
    re.compile(r"[.!?;:][\"'”’)\]]*\s+"),
    re.compile(r"\s+"),
)


def chunk_bounds(text: str, max_length: int, min_fraction: float = 0.25) -> List[Tuple[int, int]]:
    """Split [0, len(text)) into contiguous (start, end) pieces of at most `max_length` characters.

    Each cut is at the LAST boundary of the best kind inside the window that leaves a chunk of at least
    `min_fraction * max_length` characters (so we do not make tiny chunks just to cut at a blank line).
    """
    if max_length < 1:
        raise ValueError(Errors.E003)
    bounds = []
    start, n = 0, len(text)
    min_len = max(1, int(max_length * min_fraction))
    while n - start > max_length:
        window = text[start:start + max_length]
        cut = None
        for pattern in _BOUNDARIES:
            ends = [m.end() for m in pattern.finditer(window) if m.end() >= min_len]
            if ends:
                cut = start + ends[-1]
                break
        if cut is None:
            cut = start + max_length
        bounds.append((start, cut))
        start = cut
    bounds.append((start, n))
    return bounds


class NotAnonymizedError(RuntimeError):
    """A chunk came back without `anon_status == "ok"` (the message holds no document content)."""


@dataclass
class AnonResult:
    """What the CLI needs from an anonymized document (also for documents processed in chunks)."""

    anonymized: str
    table: List[Dict[str, Any]]
    status: Optional[str]
    n_chunks: int = 1
    stats: Dict[str, Any] = field(default_factory=dict)


def result_from_doc(doc: Doc) -> AnonResult:
    """Read `anon_text`/`anon_table`/`anon_status` of a processed Doc."""
    return AnonResult(
        anonymized=doc._.anon_text,
        table=[dict(row) for row in (doc._.anon_table or [])],
        status=doc._.anon_status,
        stats=dict(doc._.anon_stats or {}),
    )


def new_memory() -> Any:
    """A fresh ReplacementMemory (owned by the mask stage)."""
    return ReplacementMemory()


def anonymize_long_text(
    nlp: Language,
    text: str,
    subject: Any = None,
    memory: Any = None,
    max_length: Optional[int] = None,
) -> AnonResult:
    """Anonymize `text` in chunks of at most `max_length` (default `nlp.max_length`) characters.

    Fails closed: raises NotAnonymizedError if any chunk does not come back with `anon_status == "ok"`.
    RETURNS (AnonResult): the merged anonymized text and the table with offsets into `text`.
    """
    max_length = max_length or nlp.max_length
    if memory is None:
        memory = new_memory()
    bounds = chunk_bounds(text, max_length)
    guard = guard_for(nlp) if len(bounds) > 1 else None
    pieces: List[str] = []
    chunk_rows: List[List[Dict[str, Any]]] = []
    stats: Dict[str, Any] = {}
    for i, (start, end) in enumerate(bounds):
        doc = nlp.make_doc(text[start:end])
        if subject is not None:
            doc._.anon_subject = subject
        doc.user_data[MEMORY_KEY] = memory
        doc = nlp(doc)
        if doc._.anon_status != "ok" or doc._.anon_text is None:
            raise NotAnonymizedError(
                Errors.E004.format(i=i + 1, n_bounds=len(bounds), anon_status=doc._.anon_status)
            )
        pieces.append(doc._.anon_text)
        rows = sorted((dict(row) for row in doc._.anon_table or []), key=lambda r: r["start"])
        chunk_rows.append(rows)
        if guard is not None:
            guard.add(text[start:end], rows)
        for key, value in (doc._.anon_stats or {}).items():
            if isinstance(value, (int, float)) and isinstance(stats.get(key, 0), (int, float)):
                stats[key] = stats.get(key, 0) + value
    if guard is not None:  # the masked values of every chunk, swept for in every chunk
        terms = guard.terms()
        for i, (start, end) in enumerate(bounds):
            pieces[i], chunk_rows[i], n_added = guard.sweep(text[start:end], pieces[i], chunk_rows[i], terms)
            if n_added and isinstance(stats.get("masked_mentions"), int):
                stats["masked_mentions"] += n_added
    table: List[Dict[str, Any]] = []
    for (start, _), rows in zip(bounds, chunk_rows):
        for row in rows:
            row["start"] += start
            row["end"] += start
            table.append(row)
    return AnonResult("".join(pieces), table, "ok", n_chunks=len(bounds), stats=stats)


def guard_across(nlp: Language, texts: Sequence[str], results: List[AnonResult]) -> None:
    """Mask in each text what was masked in any of them (the texts of one record: its text and chosen
    fields, the cells of a DataFrame row), as for the chunks of a long text: a surname that a field's
    own detectors missed ("Kowalski called back") gets the entity and replacement of the full name
    masked in another field. `results[i]` (of `texts[i]`) is updated in place. With fewer than two
    non-empty texts, or without the leak guard, nothing changes."""
    if sum(1 for text in texts if text) < 2:
        return
    guard = guard_for(nlp)
    if guard is None:
        return
    for text, result in zip(texts, results):
        result.table = sorted(result.table, key=lambda r: r["start"])
        guard.add(text, result.table)
    terms = guard.terms()
    if not terms:
        return
    for text, result in zip(texts, results):
        result.anonymized, result.table, n_added = guard.sweep(text, result.anonymized, result.table, terms)
        if n_added and isinstance(result.stats.get("masked_mentions"), int):
            result.stats["masked_mentions"] += n_added

