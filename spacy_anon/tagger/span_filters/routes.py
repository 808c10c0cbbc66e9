"""The span filter that splits a span the CRF ran across a route: "from Norwich to Leeds", "between Leeds
and York". The CRF learned organisation names with an inner "to" or "and" ("Campaign to Protect Rural
England", "Marks and Spencer"), so after "from" or "between" it reads two places as one organisation and
may run on into the clause after them ("Flights from Boston to Chicago resume in May"). A route names two
places: two mentions, each with its own replacement, and a place of the gazetteers is a place."""
from typing import Container, FrozenSet, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.lexicon.category_words import MONTHS, ORG_HEADS
from spacy_anon.lexicon.generic_words import WEEKDAYS, folded
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_words

# The word before a route -> the word that joins its two places.
ROUTE_JOINS = {"from": "to", "between": "and"}
# Lower-case words inside one place name ("Newcastle upon Tyne", "Stoke-on-Trent", "Rio de Janeiro").
PLACE_PARTICLES = frozenset("upon on de del da do dos la le les en am im sur".split())
# A route's place the CRF took for a person ("from Bristol to Dublin" read as two surnames) is a place.
PERSON_LABELS = frozenset({"PERSON", "PER"})
# Words after which a month opens a date ("resume in May").
DATE_OPENERS = frozenset("in on by until till since from before after".split())


def _capitalised(text: str) -> bool:
    return text[:1].isupper() and any(ch.isalpha() for ch in text)


def _place_run(words: Sequence[str], start: int) -> int:
    """The end of the run of capitalised words from `start`, with particles and hyphens between two of
    them ("Newcastle upon Tyne", "Stoke-on-Trent")."""
    k = start
    while k < len(words):
        if _capitalised(words[k]):
            k += 1
        elif (words[k] == "-" or words[k].lower() in PLACE_PARTICLES) and k + 1 < len(words) \
                and _capitalised(words[k + 1]):
            k += 1
        else:
            break
    return k


def _known(words: Sequence[str], places: Container[str]) -> bool:
    """A listed place, not an organisation named after it ("Leeds Building Society")."""
    folded_words = [fold_accents(w) for w in words if w != "-"]
    if any(w in ORG_HEADS for w in folded_words):
        return False
    return " ".join(folded_words) in places or "".join(folded_words) in places


def _time_word(words: Sequence[str]) -> bool:
    """A month or weekday run ("from Monday to Friday", "between May and June"): a period, no place."""
    return any(folded(w) in MONTHS or folded(w) in WEEKDAYS for w in words)


def find_routes(words: Sequence[str], places: Container[str]) -> List[Tuple[int, int, int, int, bool, bool]]:
    """Routes in the tokens `words`: "from A to B" or "between A and B", A and B runs of capitalised words,
    at least one of them a place `places` lists (folded), neither a month or weekday. Each as
    (A start, A end, B start, B end, A listed, B listed)."""
    routes = []
    for i, word in enumerate(words):
        join = ROUTE_JOINS.get(word.lower())
        if join is None or i + 3 >= len(words):
            continue
        a_end = _place_run(words, i + 1)
        if a_end == i + 1 or a_end + 1 >= len(words) or words[a_end].lower() != join:
            continue
        b_end = _place_run(words, a_end + 1)
        if b_end == a_end + 1:
            continue
        a, b = words[i + 1:a_end], words[a_end + 1:b_end]
        a_known, b_known = _known(a, places), _known(b, places)
        if (a_known or b_known) and not (_time_word(a) or _time_word(b)):
            routes.append((i + 1, a_end, a_end + 1, b_end, a_known, b_known))
    return routes


def _month(words: Sequence[str], start: int, end: int) -> Optional[Tuple[int, int]]:
    """A month (with its day or year) after a date opener in tokens start..end ("in May", "by June 2021")."""
    for k in range(start, end - 1):
        if words[k].lower() in DATE_OPENERS and folded(words[k + 1]) in MONTHS and _capitalised(words[k + 1]):
            stop = k + 2
            while stop < end and words[stop].isdigit():
                stop += 1
            return k + 1, stop
    return None


def _runs_on(words: Sequence[str], span: Scored, route_end: int) -> bool:
    """A span that opens right after the route with a lower-case word ("... to Chicago | resume in May"):
    the clause after the places, which the CRF read on from them."""
    return span[0] == route_end and words[route_end][:1].islower()


def split_routes(words: Sequence[str], spans: List[Scored], labels: Sequence[str], places: Container[str],
                 place_label: str = "LOC", date_label: str = "DATETIME") -> List[Scored]:
    """`spans` (over the tokens `words`) with the two places of each route (`find_routes`) as spans of their
    own. A place listed takes `place_label` (the other keeps the label of the span over it, else
    `place_label`); a span of `labels` or of a person that ran over a route is cut there, keeping the pieces
    before and after it for the filters that follow, but a month after the route ("resume in May") becomes a
    `date_label` span and what the span ran on into after the second place before it is dropped."""
    routes = find_routes(words, places)
    if not routes:
        return spans
    out = list(spans)
    for a_start, a_end, b_start, b_end, a_known, b_known in routes:
        over = [s for s in out if (s[0] < b_end and s[1] > a_start)
                or (s[2] in labels and _runs_on(words, s, b_end))]
        if any(s[2] not in labels and s[2] != place_label and s[2] not in PERSON_LABELS for s in over):
            continue  # a date, an identifier, ... over it: not a route the CRF misread
        score = max((s[3] for s in over), default=0.5)
        label = next((s[2] for s in over if s[2] in labels), place_label)
        kept = [s for s in out if s not in over]
        for s_start, s_end, s_label, s_score in over:
            if s_start < a_start - 1:
                kept.append((s_start, a_start - 1, s_label, s_score))  # before "from": "Mr Petrov travelled"
            if s_end > b_end:
                month = _month(words, b_end, s_end)
                if month is not None:
                    kept.append((month[0], month[1], date_label, s_score))
                    if s_end > month[1]:
                        kept.append((month[1], s_end, s_label, s_score))
        kept.append((a_start, a_end, place_label if a_known else label, score))
        kept.append((b_start, b_end, place_label if b_known else label, score))
        out = kept
    return sorted(out)


class PlaceLookup:
    """Membership in either of two sets of folded place names, without building their union."""

    def __init__(self, listed: FrozenSet[str], cities: FrozenSet[str]):
        self.listed, self.cities = listed, cities

    def __contains__(self, name: object) -> bool:
        return name in self.listed or name in self.cities


class SplitRoutes(SpanFilter):
    """Splits "from X to Y" and "between X and Y" spans of `labels` into their two places (`split_routes`);
    the places known are the tagger's gazetteers `place_gazetteers` and, with `cities`, the GeoNames cities."""

    def __init__(self, labels: Sequence[str] = ("ORG", "LOC", "MISC"), place_label: str = "LOC",
                 date_label: str = "DATETIME", place_gazetteers: Sequence[str] = ("countries", "regions"),
                 cities: bool = True):
        self.labels, self.place_label, self.date_label = tuple(labels), place_label, date_label
        self.place_gazetteers, self.cities = tuple(place_gazetteers), cities
        self._places: Optional[Tuple[tuple, PlaceLookup]] = None  # the last gazetteer lists and their lookup

    def places(self, tagger) -> "PlaceLookup":
        """The place names known to `tagger`, folded; read again only when the tagger's gazetteer lists change (the
        union with GeoNames' cities is not built: a lookup asks both)."""
        terms = getattr(tagger, "gazetteer_terms", {}) or {}
        lists = tuple(terms.get(name) for name in self.place_gazetteers)
        cached = self._places
        if cached is None or any(a is not b for a, b in zip(cached[0], lists)):
            listed = frozenset(fold_accents(w) for terms_of in lists for w in terms_of or ())
            cached = self._places = (lists, PlaceLookup(listed, known_place_names() if self.cities else frozenset()))
        return cached[1]

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        words = doc_words(doc)
        if not any(w in ROUTE_JOINS for w in words):
            return spans
        return split_routes(words, spans, self.labels, self.places(tagger), self.place_label, self.date_label)


@registry.misc("spacy_anon.split_routes.v1")
def make_split_routes(labels: Sequence[str] = ("ORG", "LOC", "MISC"), place_label: str = "LOC",
                      date_label: str = "DATETIME", place_gazetteers: Sequence[str] = ("countries", "regions"),
                      cities: bool = True) -> SplitRoutes:
    return SplitRoutes(labels, place_label, date_label, place_gazetteers, cities)
