"""anon_mask's outputs: the anonymized text, the replacement table, the kept spans and their attributes.

The only writer of `doc._.anon_text`, `doc._.anon_table` and `doc._.anon_status` (set last, so any error
before leaves them at None: fail closed). Generalizations are tidied (`spacy_anon.mask.tidy`) and an
"a"/"an" made to agree with what follows it before the text is joined.
"""
from typing import Any, Callable, Dict, List, Optional

from spacy.tokens import Doc, Span

from spacy_anon.doc_keys import WRITTEN_KEY
from spacy_anon.extensions import span_getter
from spacy_anon.generalize.vacuous import FALLBACK_CLASS, class_fallback_of
from spacy_anon.labels import identifier_for
from spacy_anon.mask.tidy import agree_articles, tidy_generalized


def write(doc: Doc, text: str, kept: List[Span], entity_ids: List[str], replacements: List[str],
          from_generalizer: List[bool], fallbacks: List, originals: Dict[int, Span], *,
          strategy_of: Callable[[Span], str], tidy: bool, include_original: bool,
          masked_spans_key: Optional[str]) -> Doc:
    """Join the text with its replacements, write the table rows and the spans' attributes, mark `doc` ok.

    strategy_of: the strategy of a kept span (only `generalize` replacements are tidied)."""
    rows: List[Dict[str, Any]] = []
    pieces: List[str] = []
    pos = 0
    fine_type, identifier_of = span_getter("anon_type"), span_getter("anon_identifier")
    source_of, score_of = span_getter("anon_source"), span_getter("anon_score")
    generalized_flags = [strategy_of(s) == "generalize" and fallbacks[i] is None for i, s in enumerate(kept)]
    if tidy and any(generalized_flags):
        segments = tidy_generalized(text, [(s.start_char, s.end_char) for s in kept], replacements,
                                    generalized_flags, lang=doc.lang_)
    else:
        segments = [(s.start_char, s.end_char, r, [i]) for i, (s, r) in enumerate(zip(kept, replacements))]
    segments = agree_articles(text, segments, lang=doc.lang_)  # "an [MISC_1]" would tell a vowel
    for start, end, replacement, members in segments:
        span, entity = kept[members[0]], entity_ids[members[0]]
        for i in members:
            replacements[i] = replacement
        pieces.append(text[pos:start])
        pieces.append(replacement)
        pos = end
        row = {
            "start": start, "end": end, "label": span.label_, "type": fine_type(span), "entity": entity,
            "identifier": identifier_of(span) or identifier_for(span.label_),
            "replacement": replacement, "source": source_of(span), "score": score_of(span),
        }
        if fallbacks[members[0]] is not None:  # generalize wrote a tag, a filler or the original instead
            row["fallback"], row["operator"] = fallbacks[members[0]]
        elif from_generalizer[members[0]] and class_fallback_of(span) is not None:  # its coarse class
            row["fallback"], row["operator"] = FALLBACK_CLASS, class_fallback_of(span)
        if include_original:
            row["text"] = text[start:end]
        rows.append(row)
    pieces.append(text[pos:])
    anon_text = "".join(pieces)
    written = []
    for span, entity, replacement, kept_value in zip(kept, entity_ids, replacements, from_generalizer):
        original = originals.get(id(span), span)
        for target in ((span,) if original is span else (span, original)):
            target._.anon_entity = entity
            target._.anon_replacement = replacement
            if not kept_value:  # remember what we wrote, so a rerun does not take it for a generalization
                written.append([target.start_char, target.end_char, target.label_, replacement])
        if span._.anon_identifier is None:
            span._.anon_identifier = identifier_for(span.label_)
    if masked_spans_key:
        doc.spans[masked_spans_key] = kept
    stats = dict(doc._.anon_stats or {})
    stats["masked_mentions"] = len(kept)
    stats["masked_entities"] = len(set(entity_ids))
    if len(rows) != len(kept):
        stats["merged_replacements"] = len(kept) - len(rows)
    doc._.anon_stats = stats
    doc.user_data[WRITTEN_KEY] = written
    doc._.anon_table = rows
    doc._.anon_text = anon_text
    doc._.anon_status = "ok"
    return doc
