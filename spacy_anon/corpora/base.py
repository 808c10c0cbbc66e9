"""Format-neutral gold records and their conversion into annotated spaCy `Doc`s.

Every reader first parses its files into `GoldRecord`s (text + character-offset spans, with the file
and line each span came from) and then `record_to_doc` builds the `Doc`. Offsets are checked, never
shifted: a span whose offsets fall outside the text, or whose text differs from the annotated text,
raises `CorpusFormatError` naming the file and line (or is skipped with a warning when `strict=False`).
"""
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, Iterator, List, Optional

from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from spacy_anon import extensions  # noqa: F401  (registers Span._.anon_* attributes)
from spacy_anon.errors import Errors
from spacy_anon.labels import GOLD_SPAN_KEY

# doc.user_data keys written by the readers
DOC_ID = "doc_id"
GOLD_RECORDS = "spacy_anon.gold"  # {span group: [[start, end, label, entity, identifier], ...]} exact chars
MISALIGNED = "spacy_anon.gold_misaligned"  # [[group, start, end, token_start_char, token_end_char]]
ANNOTATORS = "spacy_anon.annotators"  # annotator names in file order
GOLD_ANNOTATOR = "spacy_anon.gold_annotator"  # annotator copied into doc.spans["anon_gold"]
ENTS_DROPPED = "spacy_anon.ents_dropped"  # number of overlapping gold spans left out of doc.ents
SOURCE = "spacy_anon.source"  # file the document came from
WARNINGS = "spacy_anon.warnings"  # messages about skipped spans (strict=False)


class CorpusFormatError(ValueError):
    """A corpus file is malformed or a span does not match its text (message names file and line)."""


@dataclass
class GoldSpan:
    """One annotated mention, in character offsets (end exclusive) of the record's text."""

    start: int
    end: int
    label: str
    text: Optional[str] = None  # annotated surface string, checked against the text when given
    entity: Optional[str] = None  # entity id (coreference) when the corpus has one
    identifier: Optional[str] = None  # DIRECT | QUASI | NO_MASK ... when the corpus has it
    annotator: Optional[str] = None
    where: str = ""  # "file:line" (or "file:offset") for error messages


@dataclass
class GoldRecord:
    """A document with its gold spans as read from the source files."""

    doc_id: str
    text: str
    spans: List[GoldSpan] = field(default_factory=list)
    where: str = ""
    meta: Dict[str, Any] = field(default_factory=dict)

    @property
    def annotators(self) -> List[str]:
        seen: List[str] = []
        for span in self.spans:
            name = span.annotator or ""
            if name not in seen:
                seen.append(name)
        return seen


def check_spans(
    record: GoldRecord, strict: bool = True, warnings: Optional[List[str]] = None
) -> List[GoldSpan]:
    """Return the spans of `record` whose offsets are valid for its text.

    An invalid span (out of range, empty, or text mismatch) raises `CorpusFormatError` when `strict`,
    otherwise it is left out and a message is appended to `warnings`. Messages give offsets and
    lengths, never the sensitive strings themselves.
    """
    good = []
    n = len(record.text)
    for span in record.spans:
        problem = None
        if not (0 <= span.start < span.end <= n):
            problem = f"offsets [{span.start}, {span.end}) out of range for a text of {n} characters"
        elif span.text is not None and record.text[span.start:span.end] != span.text:
            actual = record.text[span.start:span.end]
            if actual.split() == span.text.split():
                problem = None  # same words; only the whitespace differs (e.g. line breaks)
            else:
                problem = (
                    f"text at [{span.start}, {span.end}) does not match the annotated text "
                    f"({len(actual)} vs {len(span.text)} characters)"
                )
        if problem is None:
            good.append(span)
            continue
        msg = f"{span.where or record.where}: doc {record.doc_id!r}, {span.label} span: {problem}"
        if strict:
            raise CorpusFormatError(Errors.E703.format(msg=msg))
        if warnings is not None:
            warnings.append(msg)
    return good


def _group_key(annotator: str) -> str:
    return f"{GOLD_SPAN_KEY}_{annotator}"


def record_to_doc(
    nlp,
    record: GoldRecord,
    annotator: Optional[str] = None,
    strict: bool = True,
    warnings: Optional[List[str]] = None,
) -> Doc:
    """Build a `Doc` with `nlp.make_doc(record.text)` and the record's gold spans.

    - `doc.spans["anon_gold"]`: spans of `annotator` (default: the first annotator of the record);
      with several annotators also one group per annotator `anon_gold_<annotator>`.
    - `doc.ents`: the `anon_gold` spans when they do not overlap; otherwise `filter_spans` (longest
      span wins) and the number left out is in `doc.user_data["spacy_anon.ents_dropped"]`.
    - span label = the corpus's fine label; `kb_id_` and `span._.anon_entity` = entity id;
      `span._.anon_identifier` = identifier type when the corpus gives one.
    - Spans whose boundaries fall inside tokens are expanded to token boundaries
      (`alignment_mode="expand"`) and recorded in `doc.user_data["spacy_anon.gold_misaligned"]`;
      the exact character offsets of every gold span stay in `doc.user_data["spacy_anon.gold"]`
      so metrics are computed on characters, not tokens.
    """
    local_warnings: List[str] = []
    spans = check_spans(record, strict=strict, warnings=local_warnings)
    if warnings is not None:
        warnings.extend(local_warnings)
    doc = nlp.make_doc(record.text)
    doc.user_data[DOC_ID] = record.doc_id
    if record.where:
        doc.user_data[SOURCE] = record.where.split(":")[0]
    if local_warnings:
        doc.user_data[WARNINGS] = local_warnings
    annotators = record.annotators
    if annotator is not None and annotator not in annotators and spans:
        raise CorpusFormatError(
            Errors.E702.format(where=record.where, doc_id=record.doc_id, annotator=annotator, annotators=annotators)
        )
    chosen = annotator if annotator is not None else (annotators[0] if annotators else "")
    by_annotator: Dict[str, List[GoldSpan]] = {}
    for span in spans:
        by_annotator.setdefault(span.annotator or "", []).append(span)
    misaligned = []
    gold_records: Dict[str, List[list]] = {}
    groups: Dict[str, List[Span]] = {}
    named = [a for a in annotators if a]
    # the chosen annotator last, so its attribute values win where annotators share offsets
    order = [a for a in by_annotator if a != chosen] + ([chosen] if chosen in by_annotator else [])
    for name in order:
        keys = []
        if name == chosen:
            keys.append(GOLD_SPAN_KEY)
        if name:
            keys.append(_group_key(name))
        made = []
        for gs in by_annotator[name]:
            sp = doc.char_span(gs.start, gs.end, label=gs.label, kb_id=gs.entity or "")
            if sp is None:
                sp = doc.char_span(
                    gs.start, gs.end, label=gs.label, kb_id=gs.entity or "", alignment_mode="expand"
                )
                if sp is None or len(sp) == 0:
                    msg = f"{gs.where or record.where}: doc {record.doc_id!r}: span [{gs.start}, {gs.end}) covers no token"
                    if strict:
                        raise CorpusFormatError(msg)
                    local_warnings.append(msg)
                    continue
                for key in keys:
                    misaligned.append([key, gs.start, gs.end, sp.start_char, sp.end_char])
            if gs.entity is not None:
                sp._.anon_entity = gs.entity
            if gs.identifier is not None:
                sp._.anon_identifier = gs.identifier
            made.append((sp, gs))
        for key in keys:
            groups[key] = [sp for sp, _ in made]
            gold_records[key] = [[g.start, g.end, g.label, g.entity, g.identifier] for _, g in made]
    if GOLD_SPAN_KEY not in groups:
        groups[GOLD_SPAN_KEY] = []
        gold_records[GOLD_SPAN_KEY] = []
    for key, group in groups.items():
        doc.spans[key] = group
    doc.user_data[GOLD_RECORDS] = gold_records
    doc.user_data[ANNOTATORS] = named
    doc.user_data[GOLD_ANNOTATOR] = chosen or None
    if misaligned:
        doc.user_data[MISALIGNED] = misaligned
    if local_warnings:
        doc.user_data[WARNINGS] = local_warnings
    gold = list(groups[GOLD_SPAN_KEY])
    ents = filter_spans(gold)
    doc.ents = ents
    if len(ents) != len(gold):
        doc.user_data[ENTS_DROPPED] = len(gold) - len(ents)
    return doc


def records_to_docs(
    nlp,
    records: Iterable[GoldRecord],
    annotator: Optional[str] = None,
    strict: bool = True,
    warnings: Optional[List[str]] = None,
) -> Iterator[Doc]:
    for record in records:
        yield record_to_doc(nlp, record, annotator=annotator, strict=strict, warnings=warnings)


def record_from_doc(doc: Doc, key: str = GOLD_SPAN_KEY) -> GoldRecord:
    """Recover a `GoldRecord` (exact character offsets) from a `Doc` made by a reader.

    Uses `doc.user_data["spacy_anon.gold"]` when present, else the spans of `doc.spans[key]` (or
    `doc.ents` when that group is missing) with their `_.anon_entity` / `_.anon_identifier`.
    """
    doc_id = str(doc.user_data.get(DOC_ID, ""))
    stored = doc.user_data.get(GOLD_RECORDS)
    spans: List[GoldSpan] = []
    if stored and key in stored:
        for start, end, label, entity, identifier in stored[key]:
            spans.append(GoldSpan(start, end, label, entity=entity, identifier=identifier))
    else:
        group = doc.spans[key] if key in doc.spans else doc.ents
        for sp in group:
            spans.append(
                GoldSpan(
                    sp.start_char, sp.end_char, sp.label_,
                    entity=sp._.anon_entity or (sp.kb_id_ or None),
                    identifier=sp._.anon_identifier,
                )
            )
    return GoldRecord(doc_id=doc_id, text=doc.text, spans=spans)
