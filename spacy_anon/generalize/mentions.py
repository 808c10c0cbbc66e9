"""How `anon_generalize` reads a candidate span: its label's kind, the text it looks up, whether it is a
number, an ordinal-like modifier or an adjective, and which neighbouring spans form one noun compound."""
from typing import List, Sequence

from spacy.tokens import Span

from spacy_anon.generalize.vacuous import is_ordinal
from spacy_anon.generalize.wordnet import has_adjective_sense

# Labels that are coarsened (`spacy_anon.generalize.coarsen`), not climbed in WordNet.
COARSENED_LABELS = ("DATETIME", "AGE", "QUANTITY")
# Labels whose mentions are names: simplifying them ("Tom Cruise" -> "Cruise") would leak a part of the
# name, so only their WordNet entry (e.g. "Einstein" > physicist) and the category word are candidates.
NAME_LABELS = ("PERSON",)


def is_cardinal(token) -> bool:
    """A number ("2", "two", "18,000"), not an ordinal ("first", "3rd")."""
    if not token.like_num:
        return False
    lower = token.lower_
    return not (lower.endswith(("st", "nd", "rd", "th")) or lower in ("first", "second", "third"))


def at_sentence_start(span: Span) -> bool:
    """The span opens its sentence (or the text): a capital there says nothing about a name."""
    doc = span.doc
    return span.start == 0 or doc[span.start - 1].text in (".", "!", "?", "\n", "\n\n") or (
        doc[span.start].is_sent_start is True and doc.has_annotation("SENT_START"))


def lookup_text(span: Span) -> str:
    """The span text, with a sentence-initial capital removed from a one-word common noun
    ("Detective ..." at the start of a sentence is looked up as "detective")."""
    text = span.text
    if at_sentence_start(span) and len(span) == 1 and text[:1].isupper() and text[1:].islower():
        return text[:1].lower() + text[1:]
    return text


def is_adjective(span: Span, lang: str, lexicon) -> bool:
    """A one-word lower-case span that modifies the next word and has adjective senses in WordNet
    ("a major film", "critical acclaim"): its noun senses ("major" the officer) are misreadings."""
    if len(span) != 1 or lang != "en" or not span[0].is_lower or not span[0].is_alpha:
        return False
    if span[0].pos_:
        return span[0].pos_ == "ADJ"
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    if nxt is None or not nxt.is_alpha or not nxt.is_lower or nxt.is_stop:
        return False
    return has_adjective_sense(span[0].text, lexicon)


def _lower_words(span: Span) -> bool:
    return all(t.is_lower and (t.is_alpha or t.text == "-") for t in span)


def _compound_member(span: Span) -> bool:
    return (span.label_ not in NAME_LABELS and span.label_ not in COARSENED_LABELS
            and not is_ordinal(span.text) and not any(is_cardinal(t) for t in span))


def compound_runs(spans: Sequence[Span]) -> List[List[Span]]:
    """Group candidate spans that together form one noun compound: adjacent, same label (not a name or
    a date), lower-case words ("sheep" + "farm", "honorary" + "doctorate"); the first one may be one
    capitalised word ("Welsh" + "actress"); ordinals and numbers stay alone. RETURNS the runs in
    order, single spans as runs of one."""
    runs: List[List[Span]] = []
    for span in sorted(spans, key=lambda s: (s.start, s.end)):
        if runs and _compound_member(span) and _lower_words(span):
            run = runs[-1]
            last = run[-1]
            opener = len(run) == 1 and len(last) == 1 and last[0].is_title
            if (last.end == span.start and last.label_ == span.label_ and _compound_member(last)
                    and (_lower_words(last) or opener)):
                run.append(span)
                continue
        runs.append([span])
    return runs


__all__ = ["COARSENED_LABELS", "NAME_LABELS", "at_sentence_start", "compound_runs", "is_adjective",
           "is_cardinal", "lookup_text"]
