"""What follows a street address: the district or town the address goes on to, whatever label a tagger gave it."""
from typing import Callable, List

from spacy.tokens import Span

from spacy_anon.extensions import span_getter
from spacy_anon.lexicon.place_names import fold_accents, known_place_names


def places_after_addresses(spans: List[Span], text: str, relabel: Callable[[Span, str], Span],
                           is_given_name: Callable[[str], bool],
                           organisation_shape: Callable[[str], bool]) -> List[Span]:
    """`spans` with a tagger's person or organisation of one or two capitalised words right after a rule's
    street address and a comma made a place: the district or town the address goes on to ("12 Orchard Way,
    Selly Oak"), which no given name opens; a town whose name ends like a firm's is still a town ("Leamington
    Spa"). `organisation_shape(value)`: whether a name's own words make it an organisation's."""
    source = span_getter("anon_source")
    out: List[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and prev.label_ == "LOC" and str(source(prev) or "") == "rules.address" \
                and text[prev.end_char:span.start_char] == ", " and span.label_ in ("PERSON", "ORG") \
                and not str(source(span) or "").startswith(("rules.", "custom.")) and 1 <= len(span.text.split()) <= 2 \
                and all(w.istitle() and w.isalpha() for w in span.text.split()) \
                and not is_given_name(span[0].lower_) and (not organisation_shape(span.text)
                                                           or fold_accents(span.text.lower()) in known_place_names()):
            span = relabel(span, "LOC")
            span._.anon_type = None  # decided anew for the place (`fine_types.decide_fine_types`)
        out.append(span)
    return out
