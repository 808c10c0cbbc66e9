"""Overlap resolution: choose one span where candidates from several detectors overlap."""
from bisect import bisect_left
from functools import partial
from typing import AbstractSet, Callable, Iterable, List, Sequence, Set, Tuple

from spacy.tokens import Span
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.extensions import span_getter
from spacy_anon.labels import CONFIDENTIAL, DIRECT, QUASI
from spacy_anon.lexicon.generic_words import DAY_TIMES, FIELD_KEYS, zipf
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.rules.recognizers.names import first_names
from spacy_anon.lexicon.sentence_adverbs import OPENING_ADVERBS
from spacy_anon.tagger.span_filters.base import stop_words

ORDER_KEYS = ("validated", "length", "score", "earliest", "identifier")
DEFAULT_ORDER = ("validated", "length", "score", "earliest")
_IDENTIFIER_RANK = {DIRECT: 0, CONFIDENTIAL: 1, QUASI: 2}


def _sort_key(order: Sequence[str], index: int, span: Span, read=None):
    """read: `read(span, name)` of the span attributes (default: `span._`)."""
    read = read or (lambda s, name: getattr(s._, name))
    key = []
    for name in order:
        if name == "validated":  # a checksum-confirmed value keeps its type against a tagger's guess
            key.append(0 if read(span, "anon_validated") else 1)
        elif name == "length":
            key.append(-(span.end_char - span.start_char))
        elif name == "score":
            score = read(span, "anon_score")
            key.append(-(float(score) if score is not None else 0.0))
        elif name == "earliest":
            key.append(span.start_char)
        elif name == "identifier":
            key.append(_IDENTIFIER_RANK.get(read(span, "anon_identifier"), 3))
    key.append(index)  # ties: first in input order
    return key


def _greedy(ranked: Sequence[Span]) -> List[Span]:
    seen: Set[int] = set()
    kept: List[Span] = []
    for span in ranked:
        tokens = range(span.start, span.end)
        if len(tokens) == 0 or any(i in seen for i in tokens):
            continue
        kept.append(span)
        seen.update(tokens)
    return kept


def _clusters(spans: Sequence[Span]) -> List[List[Span]]:
    """Groups of candidates connected by token overlap (a sweep over spans sorted by start)."""
    clusters: List[List[Span]] = []
    end = -1
    for span in sorted(spans, key=lambda s: (s.start, s.end)):
        if span.start >= span.end:
            continue
        if clusters and span.start < end:
            clusters[-1].append(span)
            end = max(end, span.end)
        else:
            clusters.append([span])
            end = span.end
    return clusters


def _merged(winner: Span, start: int, end: int) -> Span:
    """`winner`'s label and attributes stretched over tokens start..end."""
    span = Span(winner.doc, start, end, label=winner.label_, kb_id=winner.kb_id_)
    for attr in ("anon_source", "anon_score", "anon_identifier", "anon_entity", "anon_replacement", "anon_validated",
                 "anon_type"):
        setattr(span._, attr, getattr(winner._, attr))
    if (span.start_char, span.end_char) != (winner.start_char, winner.end_char):
        span._.anon_replacement = None  # a generalization of the shorter text does not fit the union
    return span


# A rule's value of these categories keeps its extent against a tagger's span that runs over it
# (`rule_values_first`): its shape or its label is proof, where a tagger reads digits it cannot place. A
# date cuts back only a span that calls it a contact or a code ("01/09/2019 to 31/03/2024" CONTACT): a
# description around a date ("arrested on 12 May 1999") is the tagger's to keep.
RULE_VALUE_LABELS = frozenset({"CONTACT", "ID", "DATETIME", "AGE"})
# value label -> the labels it cuts (else all); a span of these labels over the value's own extent goes too
# ("50th" ID over the age of "his 50th"); an age drops any span that adds only filler to it ("40" + "th")
# ("3 Feb. 1990" cuts an ORG "1990 in Leeds": no name of a body, place or person starts inside a date; a
# piece left with no letter is the tagger's reading of more of the date, and the span stays whole)
_NAMES_A_DATE_CUTS = frozenset({"ORG", "LOC", "PERSON"})
_CUT_BY = {"DATETIME": frozenset({"CONTACT", "ID", "CODE"}) | _NAMES_A_DATE_CUTS,
           "AGE": frozenset({"CONTACT", "ID", "CODE"}),
           # a rule's whole address cuts a tagger's organisation, person or place that runs into it ("Royal
           # Berkshire Hospital, Craven Road" over "Craven Road, Reading RG1 5AN"; "Mill View, Llanfair PG" over
           # "7 Mill View"): the address stays one span, the rest of the tagger's is decided alone (a tagger's
           # place that holds the whole address stays whole)
           "LOC": frozenset({"ORG", "PERSON", "MISC", "LOC"}),
           # a relative's name after a kinship word cuts a tagger's organisation, place or description that runs
           # on into the sentence ("daisy starts school" over "daisy" of "my daughter daisy"); a tagger's
           # person there may have read the surname too, and stays whole
           "PERSON": frozenset({"ORG", "LOC", "MISC"}),
           # a rule's sum of money ("£4,320.00") cuts a tagger's name or code that runs over it ("dated 15 January
           # for £4,320.00" LOC, "4" LOC + "320.00" ID): no name holds a price; a tagger's amount or description
           # around it ("a fine of £500") stays
           "QUANTITY": frozenset({"CONTACT", "ID", "CODE", "ORG", "LOC", "PERSON"})}
# a contact value cuts back others only when its context or shape made it sure: a phone number with its
# word ("call me on", "Tel"), an e-mail address; "Apartado de Correos 20134 48080" is no phone number
CONTACT_MIN_SCORE = 0.9
# words a tagger's span drags along beside a value ("07700 900123 tomorrow", "any weekday", "IP 203.0.113.77"):
# times of day and the week, and the keys of contact fields (`FIELD_KEYS`), no name
PROSE_ZIPF = 4.0
FILLER_WORDS = FIELD_KEYS | OPENING_ADVERBS | DAY_TIMES | frozenset(
    "yesterday weekend weekends week weekday weekdays web website st nd rd th".split())
# all an age's tagger span may add to be dropped: an ordinal's ending ("40" + "th"), a note's sex ("58" + "F"),
# the age's abbreviated unit ("34" + "YOA" as a QUANTITY; "19 years of age" stays a tagger's whole span)
ORDINAL_ENDS = frozenset("st nd rd th m f yo y/o y.o. yoa y.o.a. y.o.a".split())
# an age's unit written out, which a tagger's code over the age adds ("82-year-old" as an ID over the rule's
# "82"): the age's, no value beside it (a trait's "eight years old", as court judgments mark it, stays whole)
AGE_UNITS = frozenset("year years yr yrs y old month months mo week weeks wk wks day days".split())


def _age_unit(piece: Span) -> bool:
    """Whether a piece of a span holds an age's unit and nothing more ("year-old", "years old")."""
    words = [t.text.lower() for t in piece if _content(t)]
    return bool(words) and all(w in AGE_UNITS for w in words)


def _content(token) -> bool:
    return any(c.isalnum() for c in token.text)


def _surname_after(span: Span, value: Span) -> bool:
    """Whether `span` goes on right after the name `value` with a capitalised word (its surname)."""
    doc = span.doc
    return value.end < span.end and doc[value.end - 1].whitespace_ == " " and doc[value.end].text[:1].isupper()


def _after_lower_words(doc, start: int, end: int) -> int:
    """The first token of start:end after the lower-case words that open it (a verb of the sentence)."""
    while start < end and doc[start].is_lower:
        start += 1
    return start


def _hyphened_to_a_name(doc, start: int, values: Sequence[Span]) -> bool:
    """Whether the piece at token `start` is joined by a hyphen to a rule's name ("jane" of "sarah-jane"): the
    name's second half, which `hyphenated_names` gives the name, not a piece of the tagger's own."""
    return any(v.label_ == "PERSON" and start == v.end + 1 and doc[v.end].text == "-" and not doc[v.end - 1].whitespace_
               and not doc[v.end].whitespace_ for v in values)


def _filler(span: Span) -> bool:
    """Whether a piece of a tagger's span holds only function words, `FILLER_WORDS`, punctuation ("·") and
    frequent words typed in lower case ("@tomdaviesuk every single day": prose after a handle)."""
    stops = stop_words(span.doc.lang_)
    return all(t.text.lower() in stops or t.text.lower() in FILLER_WORDS or not _content(t)
               or _prose_word(t.text, span.doc.lang_) for t in span)


def _lower_words(span: Span) -> bool:
    """Whether a piece holds only words written in lower case (no capital, no digit): beside a rule's date,
    a description or a verb of the sentence, nothing of the date's own."""
    return all(t.is_lower or not _content(t) for t in span)


def _prose_word(word: str, lang: str) -> bool:
    """A frequent English word typed in lower case that names no place and is no given name."""
    return lang == "en" and word.isalpha() and word.islower() and zipf(word) >= PROSE_ZIPF \
        and fold_accents(word) not in known_place_names() and word not in first_names()


def rule_values_first(spans: Sequence[Span]) -> List[Span]:
    """`spans` with every detector's span that runs over a rule's contact value (a phone number, an e-mail
    address), identifier or date (`RULE_VALUE_LABELS`, `_CUT_BY`) cut back to what lies outside the value, and the pieces that hold only filler dropped:
    "07700" LOC + "900123 tomorrow" LOC over the phone "07700 900123" would otherwise win by length and
    type the number as a place. A span of the value's own category is dropped only when all it adds is
    filler ("0113 496 0000 tonight"); else it stays whole, for it may have read more of the value than
    the rule ("piotr dot k at example dot com"); so is a span of a label the value does not cut (`_CUT_BY`)
    that runs over a rule's age ("Happy 30th birthday Dan" stays whole). A span inside the value is left to
    the policy, but one of a label the value cuts over its very extent goes ("50th" ID over an age)."""
    source, score = span_getter("anon_source"), span_getter("anon_score")
    kind = span_getter("anon_type")
    read = [s for s in spans if (s.label_ in RULE_VALUE_LABELS or (s.label_ == "LOC" and kind(s) == "ADDRESS")
                                 or (s.label_ == "PERSON" and kind(s) == "RELATIVE")
                                 or (s.label_ == "QUANTITY" and kind(s) == "MONEY"))
            and str(source(s) or "").startswith("rules.")]
    values = [s for s in read if s.label_ != "CONTACT" or float(score(s) or 0.0) >= CONTACT_MIN_SCORE]
    if not read:
        return list(spans)
    whole = sorted((v for v in read if v.label_ in READ_WHOLE), key=lambda v: v.start)
    whole_starts = [v.start for v in whole]
    whole_reach = max((v.end - v.start for v in whole), default=0)  # "@" + "tomdaviesuk": a value may start before
    spans = [s for s in spans if not _read_by_rules(
        s, [v for v in whole[bisect_left(whole_starts, s.start - whole_reach):bisect_left(whole_starts, s.end)]
            if v.end > s.start], source)]
    if not values:
        return list(spans)
    values.sort(key=lambda v: v.start)
    starts = [v.start for v in values]
    reach = max(v.end - v.start for v in values)  # a value that overlaps a span starts this far before it
    out: List[Span] = []
    for span in spans:
        if str(source(span) or "").startswith("rules."):
            out.append(span)
            continue
        near = values[bisect_left(starts, span.start - reach):bisect_left(starts, span.end)]
        if any((v.start, v.end) == (span.start, span.end) and span.label_ != v.label_
               and span.label_ in _CUT_BY.get(v.label_, (span.label_,)) for v in near):
            continue  # the rule's type over the same characters ("415-555-0199" a phone, not the tagger's ID)
        over = [v for v in near if span.start < v.end and not v.start <= span.start < span.end <= v.end
                and (span.label_ in _CUT_BY.get(v.label_, (span.label_,)) or v.label_ == "AGE")
                # a place that holds the whole address read more of it ("654 Rua Ana Caciola 1159"): it stays
                and not (span.label_ == v.label_ == "LOC" and span.start <= v.start and v.end <= span.end)
                # a relative's name the tagger read with its surname ("Sister Ngozi Eke"): the tagger's
                and not (v.label_ == "PERSON" and _surname_after(span, v))]
        if not over:
            dated = [v for v in near if v.label_ == "DATETIME" and span.start < v.end and v.start < span.end] \
                if span.label_ in ("MISC", "DEM") else []
            if dated and all(_filler(span.doc[a:b]) or _lower_words(span.doc[a:b]) for a, b in _outside(
                    span, {i for v in dated for i in range(v.start, v.end)})):
                continue  # "DOB 01/02/1960" a MISC: a date's key and the date, which the rule reads; "departs
                # 02 Dec" over "02 Dec 2026 19:05": a verb of the sentence, not a name the date would join
            out.append(span)
            continue
        pieces = _outside(span, {i for v in over for i in range(v.start, v.end)})
        age = all(v.label_ == "AGE" for v in over)
        kept = [(start, end) for start, end in pieces if not (age and (
                    span.doc[start:end].text.lower() in ORDINAL_ENDS
                    or span.label_ in _CUT_BY["AGE"] and _age_unit(span.doc[start:end])))  # a DEM "8 years old" stays
                and (age or not _filler(span.doc[start:end])) and not _hyphened_to_a_name(span.doc, start, over)]
        if span.label_ in _NAMES_A_DATE_CUTS and any(not any(c.isalpha() for c in span.doc[a:b].text) for a, b in kept):
            out.append(span)  # "December 10" over the rule's "December": the tagger read more of the date
            continue
        if any((v.label_ == span.label_ and v.label_ != "LOC") or span.label_ not in _CUT_BY.get(v.label_, (span.label_,))
               for v in over):
            # its own category, or an age in a name ("Happy 30th birthday Dan"); an age's own span keeps its
            # unit, which stop words may hold ("13 días")
            out.extend([span] if kept or span.label_ == "AGE" or (span.label_ == "QUANTITY" and all(
                v.label_ == "QUANTITY" for v in over)) else [])  # a tagger's amount over a rule's sum stays whole
        else:
            if any(v.label_ == "PERSON" for v in over):  # "attends Lycée Voltaire" after "Youssef": the school
                kept = [(a, b) for a, b in ((_after_lower_words(span.doc, a, b), b) for a, b in kept) if a < b]
            out.extend(_merged(span, start, end) for start, end in kept)
    return out


# rule values a detector's span may hold nothing but, with filler between: then the rules read all of it
# (not dates: "28 February and 6 March 1990" is one span of a range, as court judgments mark it)
READ_WHOLE = frozenset({"CONTACT", "ID"})


def _read_by_rules(span: Span, read: Sequence[Span], source) -> bool:
    """Whether a detector's span holds rule values (contacts, identifiers; `read`: those that overlap it)
    and, besides them, only filler ("a@b.com or 07723 441 908" over an e-mail and a phone; "github.com/x."
    over the URL and a full stop; "tomdaviesuk every single day" after the handle's "@"): the rules read
    all of it, each value with its own type and entity."""
    if str(source(span) or "").startswith("rules."):
        return False
    inside = [v for v in read if v.end <= span.end and (v.start, v.end) != (span.start, span.end)]
    if not inside:
        return False
    taken = {i for v in inside for i in range(max(v.start, span.start), v.end)}
    return all(_filler(span.doc[a:b]) for a, b in _outside(span, taken)) if len(taken) < len(span) else True


def _outside(span: Span, taken: AbstractSet[int]) -> List[Tuple[int, int]]:
    """The token ranges of `span` outside `taken`, without the tokens at their edges that hold no letter
    or digit (the "·" between a phone and an e-mail address) or are function words written in lower case
    ("leeds on the" before the date "twenty fourth")."""
    pieces, start = [], None
    stops = stop_words(span.doc.lang_)

    def edge(token) -> bool:
        return not _content(token) or (token.text.islower() and token.text in stops and not token.like_num)
    for i in range(span.start, span.end + 1):
        if i < span.end and i not in taken:
            start = i if start is None else start
            continue
        if start is not None:
            end = i
            while start < end and edge(span.doc[start]):
                start += 1
            while end > start and edge(span.doc[end - 1]):
                end -= 1
            if start < end:
                pieces.append((start, end))
            start = None
    return pieces


def resolve_overlaps(
    spans: Iterable[Span], order: Sequence[str] = DEFAULT_ORDER, merge_partial: bool = True,
    values_first: bool = True,
) -> List[Span]:
    """Keep a set of non-overlapping spans, preferring spans in `order` of the criteria.

    Candidates that overlap form a cluster; in each, spans are chosen greedily by `order`. When the
    chosen spans leave part of a dropped candidate uncovered (a partial overlap, e.g. "Norwich NR" and
    "NR2 4TT"), the cluster becomes ONE span over the union with the best span's label, so no detected
    word or number is left in clear (fail closed; punctuation between the chosen spans may be); `merge_partial=False` keeps the plain greedy choice. With
    `values_first`, a rule's contact value first cuts back the spans that run over it (`rule_values_first`).

    spans (Iterable[Span]): candidates of one Doc, may overlap or repeat.
    order: criteria tried in turn: "validated" (spans whose value a checksum confirmed first, e.g. a
        valid IBAN against a tagger's CONTACT over the same characters), "length" (longer in characters first), "score" (higher
        `span._.anon_score` first, None counts as 0), "earliest" (smaller start first), "identifier"
        (DIRECT before CONFIDENTIAL before QUASI). Remaining ties keep the input order.
    RETURNS (List[Span]): the kept spans, sorted by start.
    """
    spans = rule_values_first(list(spans)) if values_first else list(spans)
    getters = {name: span_getter(name) for name in ("anon_validated", "anon_score", "anon_identifier")}

    def read(span: Span, name: str):
        return getters[name](span)

    rank = {id(span): _sort_key(order, i, span, read) for i, span in enumerate(spans)}
    kept: List[Span] = []
    for cluster in _clusters(spans):
        ranked = sorted(cluster, key=lambda s: rank[id(s)])
        chosen = _greedy(ranked)
        covered = {i for s in chosen for i in range(s.start, s.end)}
        # what must stay covered: the dropped spans' words and numbers, not the comma a tagger ran across
        # between two values the rules read ("Brightwave Media" "," "Bristol" of a CSV row)
        needed = {i for s in cluster for i in range(s.start, s.end) if _content(s.doc[i])}
        if merge_partial and not needed <= covered:
            start = min(s.start for s in cluster)
            end = max(s.end for s in cluster)
            kept.append(_merged(ranked[0], start, end))
        else:
            kept.extend(chosen)
    return sorted(kept, key=lambda s: (s.start_char, s.end_char))


@registry.misc("spacy_anon.resolve_overlaps.v1")
def make_overlap_resolver(
    order: List[str] = list(DEFAULT_ORDER), merge_partial: bool = True, values_first: bool = True
) -> Callable[[Iterable[Span]], List[Span]]:
    """Registered maker of the overlap policy: `resolver(spans) -> non-overlapping spans`.

    order (List[str]): criteria, a permutation/subset of "length", "score", "earliest", "identifier".
    merge_partial (bool): merge partially overlapping candidates into one span over their union.
    values_first (bool): a rule's contact or ID value cuts back the other detectors' spans that run over it.
    """
    unknown = [name for name in order if name not in ORDER_KEYS]
    if unknown:
        raise ValueError(Errors.E121.format(unknown=unknown, valid=list(ORDER_KEYS)))
    return partial(resolve_overlaps, order=tuple(order), merge_partial=merge_partial, values_first=values_first)


def carry_corpus_types(kept: Sequence[Span], candidates: Iterable[Span], generic_types: Iterable[str]) -> None:
    """Give a kept span the corpus type of a dropped candidate of its category that overlaps it.

    A rule match often wins the overlap against a tagger's span of the same category (longer, or
    checksum-validated), but the tagger's type is the corpus label (MEDDOCAN's CORREO_ELECTRONICO
    beside the rule's EMAIL) that the output must keep: a kept span whose type is generic (a rule type, an
    NER label: `generic_types`) or its own category takes the type of the most overlapping candidate of
    that category whose type is neither.
    """
    rule_types = frozenset(generic_types)
    fine_type = span_getter("anon_type")
    corpus = [c for c in candidates if fine_type(c) != c.label_ and fine_type(c) not in rule_types]
    if not corpus:
        return
    for span in kept:
        if fine_type(span) != span.label_ and fine_type(span) not in rule_types:
            continue
        best, best_overlap = None, 0
        for cand in corpus:
            if cand.label_ != span.label_:
                continue
            overlap = min(span.end_char, cand.end_char) - max(span.start_char, cand.start_char)
            if overlap > best_overlap:
                best, best_overlap = cand, overlap
        if best is not None:
            span._.anon_type = fine_type(best)
