"""Pure functions of disclosure detection (seed 003 §3.2.2): who to protect, and which phrases disclose them.

A phrase p is a quasi-identifier of the protected entity e when cos(v(p), v(e)) > t. Several entities
are handled one after the other: p is flagged if it exceeds t for any of them.

With specificity "relative", p must also be closer to e than to the average other entity:
cos(v(p), v(e)) - mean_r cos(v(p), v(r)) > t_s, r over a reference population of other entities. Words that
are frequent in the training corpus ("film", "role", "screen" in biographies of actors) sit close to every
entity of the corpus, so their absolute similarity is high for everyone and says nothing about this one.
"""
from collections import Counter
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple, Union

import numpy
from spacy.tokens import Doc, Span

from spacy_anon.disclosure.chunking import Chunk, FUNCTION_WORDS, text_key
from spacy_anon.disclosure.name_kinds import ORG_HEADS, organisation_by_head, person_after_role
from spacy_anon.disclosure.person_names import looks_like_person_name
from spacy_anon.disclosure.vectors import cosine, entity_vector
from spacy_anon.labels import DEFAULT_ENT_LABEL_MAP, SPAN_KEY

# Titles that may precede a name and still refer to the same person ("Sir Patrick Stewart").
HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "dr", "sir", "dame", "lord", "lady", "jr", "sr"})


SPECIFICITIES = ("absolute", "relative")
# The chunk kinds the relative test may leave unflagged: common words and phrases. Names and titles
# ("Scott Pilgrim vs.", "HitRecord") point at one thing whatever their vectors say, so they keep the
# absolute rule.
SPECIFIC_KINDS = frozenset({"word", "phrase"})


@dataclass
class Subject:
    """An entity to protect: its name, the words of its name, and its vector (None when unknown)."""

    name: str
    parts: Tuple[str, ...]
    vector: Optional[numpy.ndarray]
    how: str  # "phrase" | "mentions" | "parts" | "missing"
    reference: Optional[numpy.ndarray] = None  # mean unit vector of other entities (specificity "relative")


@dataclass
class Decision:
    """The outcome for one chunk."""

    chunk: Chunk
    score: Optional[float]  # max cosine over subjects; None when the phrase has no vector
    mention: bool  # a mention of a protected entity itself (DIRECT)
    flagged: bool  # becomes a candidate
    specificity: Optional[float] = None  # max over subjects of cos to e minus mean cos to the reference


def subjects_of(doc: Doc, subject: Union[None, str, Sequence[str]] = None) -> Tuple[List[str], str]:
    """Names to protect: `subject` / `doc._.anon_subject` (str or list), else the most frequent PERSON.

    The most frequent PERSON is counted over doc.ents and doc.spans["anon"] by last word (so "Cruise"
    and "Tom Cruise" count together); its longest mention is returned. RETURNS (names, source) with
    source "given", "person" or "none".
    """
    given = subject if subject is not None else doc._.anon_subject
    if isinstance(given, str):
        given = [given]
    names = [s for s in (given or []) if s and s.strip()]
    if names:
        return names, "given"
    spans = [e for e in doc.ents if DEFAULT_ENT_LABEL_MAP.get(e.label_) == "PERSON"]
    if SPAN_KEY in doc.spans:
        spans.extend(s for s in doc.spans[SPAN_KEY] if s.label_ == "PERSON")
    counts: Counter = Counter()
    longest: Dict[str, str] = {}
    first: Dict[str, int] = {}
    for span in spans:
        words = [t.lower_ for t in span if t.is_alpha]
        if not words:
            continue
        key = words[-1]
        counts[key] += 1
        first.setdefault(key, span.start_char)
        if len(span.text) > len(longest.get(key, "")):
            longest[key] = span.text
    if not counts:
        return [], "none"
    best = max(counts, key=lambda k: (counts[k], -first[k]))
    return [longest[best]], "person"


def name_parts(name: str) -> Tuple[str, ...]:
    return tuple(p for p in text_key(name).split("_") if p and p not in HONORIFICS)


def is_mention(chunk: Chunk, parts: Sequence[str]) -> bool:
    """A name chunk that refers to the subject: only words of the name ("Caan", "Scott Caan"), all of the
    name ("Scott Andrew Caan"), or the surname inside a longer name ("Thomas Cruise Mapother IV")."""
    if chunk.kind != "name" or not parts:
        return False
    words = [w for w in chunk.key.split("_") if w not in FUNCTION_WORDS and w not in HONORIFICS]
    if not words:
        return False
    name = set(parts)
    if set(words) <= name or name <= set(words):
        return True
    return len(parts) > 1 and parts[-1] in words and len(words) <= 4


def build_subjects(kv, names: Sequence[str], chunks: Sequence[Chunk], use_mentions: bool = True
                   ) -> List[Subject]:
    """Vectors of the entities to protect; with use_mentions, the doc's own mentions of each entity
    ("scott_andrew_caan", "caan") are averaged with the name's phrase vector."""
    subjects = []
    for name in names:
        parts = name_parts(name)
        extra: List[str] = []
        if use_mentions:
            for chunk in chunks:
                if is_mention(chunk, parts) and chunk.key not in extra:
                    extra.append(chunk.key)
        vec, how = entity_vector(kv, name, extra)
        subjects.append(Subject(name, parts, vec, how))
    return subjects


def reference_keys(kv, exclude: Iterable[str] = (), size: int = 1000) -> List[str]:
    """The reference population: the `size` most frequent multi-word units of the vocabulary (names,
    titles, places: other entities of the corpus), skipping those that share a word with `exclude` (the
    protected entity's own name parts). gensim keeps the vocabulary sorted by frequency."""
    own = set(exclude)
    picked: List[str] = []
    for key in kv.index_to_key:
        words = str(key).split("_")
        if len(words) < 2 or own.intersection(words):
            continue
        picked.append(key)
        if len(picked) >= size:
            break
    return picked


def mean_unit_vector(vectors: Sequence[numpy.ndarray], size: int) -> numpy.ndarray:
    """Mean of the unit vectors (zeros when there are none), so that mean_r cos(v, r) = unit(v) . mean."""
    if not len(vectors):
        return numpy.zeros(size)
    mat = numpy.vstack(vectors).astype("float64")
    mat /= numpy.maximum(numpy.linalg.norm(mat, axis=1, keepdims=True), 1e-12)
    return mat.mean(axis=0)


def specificity(vec: numpy.ndarray, subject: numpy.ndarray, reference: Optional[numpy.ndarray]) -> float:
    """cos(v, e) minus the mean cosine of v to the reference population (the plain cosine without one)."""
    value = cosine(vec, subject)
    if reference is not None:
        norm = float(numpy.linalg.norm(vec))
        if norm > 0.0:
            value -= float(numpy.dot(vec, reference) / norm)
    return value


def score_chunks(kv, chunks: Sequence[Chunk], subjects: Sequence[Subject], threshold: float,
                 oov: str = "mask", always: Iterable[str] = (), nominal_only: bool = True,
                 specificity_threshold: Optional[float] = None) -> List[Decision]:
    """Decide every chunk: subject mentions are flagged; others when max cos > threshold.

    oov: "mask" flags phrases without a vector, "keep" leaves them. always: chunk kinds flagged whatever
    their score (e.g. "date", "number"). nominal_only: verbs and adverbs (chunk.nominal False) are
    never flagged (seed 003 masks noun phrases). specificity_threshold: when given, a common word or
    phrase (kind in `SPECIFIC_KINDS`) over `threshold` is flagged only if its specificity (cos to e minus
    mean cos to e's `reference`) also exceeds it for that subject; subjects without a reference count by
    their plain cosine; names keep the absolute rule.
    """
    always_set: Set[str] = set(always)
    known = [s for s in subjects if s.vector is not None]
    relative = specificity_threshold is not None
    cache: Dict[str, Optional[float]] = {}
    spec_cache: Dict[str, Optional[float]] = {}
    decisions = []
    for chunk in chunks:
        mention = any(is_mention(chunk, s.parts) for s in subjects)
        if chunk.key not in cache:
            spec_cache[chunk.key] = None
            if chunk.key in kv.key_to_index:
                vec = kv[chunk.key]
                cache[chunk.key] = max((cosine(vec, s.vector) for s in known), default=None)
                if relative and known:
                    # a subject counts only when the phrase is over t for it, so the relative test
                    # narrows the absolute one and never flags a phrase the absolute rule keeps
                    over = [specificity(vec, s.vector, s.reference) for s in known if cosine(vec, s.vector) > threshold]
                    spec_cache[chunk.key] = max(over, default=max(
                        specificity(vec, s.vector, s.reference) for s in known))
            else:
                cache[chunk.key] = None
        score = cache[chunk.key]
        spec = spec_cache[chunk.key]
        in_vocab = chunk.key in kv.key_to_index
        if mention or chunk.kind in always_set:
            flagged = True
        elif nominal_only and not chunk.nominal:
            flagged = False
        elif not in_vocab:
            flagged = oov == "mask"
        elif score is None:  # no subject has a vector: the component's on_subject_oov decides
            flagged = False
        elif relative and spec is not None and chunk.kind in SPECIFIC_KINDS:
            flagged = score > threshold and spec > specificity_threshold
        else:
            flagged = score > threshold
        decisions.append(Decision(chunk, score, mention, flagged, spec))
    return decisions


# Lowercase function words that may sit inside a Title Case title ("Lost in Translation", "Charlie and
# the Chocolate Factory", "Girl with a Pearl Earring"): the usual title-case exceptions.
TITLE_INNER_WORDS = frozenset(
    "a an the and or nor but of in on at to for with from by as into onto upon over per via vs".split()
)


# "X and Y" between two names is usually a coordination of two things ("Glass Orchard and Iron Meadow",
# "Brad Pitt and Angelina Jolie"); only "and the" / "or a" ... is read as inside one title
# ("Charlie and the Chocolate Factory", "The Fast and the Furious").
COORDINATORS = frozenset({"and", "or", "nor", "but"})
ARTICLES = frozenset({"a", "an", "the"})


def join_title_runs(doc: Doc, decisions: Sequence[Decision], max_gap: int = 3,
                    blocked: Iterable[int] = ()) -> List[List[Decision]]:
    """Group the flagged decisions into runs that read as one Title Case phrase.

    Two flagged name units are joined (with the lowercase function words between them) when 1 to
    `max_gap` tokens separate them and every one of those tokens is a lowercase title function word
    (`TITLE_INNER_WORDS`): the standard title heuristic, a capitalised run that starts and ends with a
    capitalised word and has only lowercase function words inside. A gap that starts with a coordinating
    conjunction joins only when an article follows it ("Charlie and the Chocolate Factory", not "Glass
    Orchard and Iron Meadow"). Mentions of the protected entity and
    units touching a token index in `blocked` (e.g. PERSON spans of another detector) are never
    joined, so "Brad Pitt and Angelina Jolie" stays two people. RETURNS a list of runs (each a list of
    decisions in text order); a run of one is an ordinary flagged phrase.
    """
    blocked_set = set(blocked)
    runs: List[List[Decision]] = []
    for dec in decisions:
        if not dec.flagged:
            continue
        if runs and max_gap > 0:
            prev = runs[-1][-1]
            gap = doc[prev.chunk.end:dec.chunk.start]
            if (prev.chunk.kind == "name" and dec.chunk.kind == "name" and not prev.mention and not dec.mention
                    and not any(i in blocked_set for i in range(prev.chunk.start, dec.chunk.end))
                    and 1 <= len(gap) <= max_gap
                    and all((t.text.islower() and t.text in TITLE_INNER_WORDS) or _title_function_word(doc, t.i)
                            for t in gap)):
                left = doc[runs[-1][0].chunk.start:prev.chunk.end]
                right = doc[dec.chunk.start:dec.chunk.end]
                coordinated = gap[0].text in COORDINATORS and (len(gap) == 1 or gap[1].text not in ARTICLES)
                if (not coordinated and not name_then_place(left, gap)) or organisation_of_two(left, gap, right):
                    runs[-1].append(dec)
                    continue
        runs.append([dec])
    return runs


# Prepositions that say where a person or an organisation is ("Ivy Harrowgate in the BBC").
PLACE_PREPOSITIONS = frozenset({"in", "at", "from", "near"})


def name_then_place(left: Span, gap: Span) -> bool:
    """Whether `gap` after a flagged name `left` starts with a preposition of place and `left` is an
    organisation by its head word or a person's full name (by its first name, or after a role word): "Tidewater Theatre Company in Swansea", "the
    detective Ivy Harrowgate in the BBC" are two things, each masked as what it is (a place generalizes to
    "a city in Wales"). A title keeps its words: "Lost in Translation", "Alice in Wonderland", "Midnight in
    Paris" start with no organisation and no full name."""
    if gap[0].lower_ not in PLACE_PREPOSITIONS:
        return False
    return organisation_by_head(left) or (len(left.text.split()) >= 2 and (
        looks_like_person_name(left) or person_after_role(left)))


def organisation_of_two(left: Span, gap: Span, right: Span) -> bool:
    """"Royal Welsh College of Music" + "and" + "Drama", "Department of Health and Social Care": the "and"
    joins the two fields an organisation is "of", so the whole is one name (not a coordination of two)."""
    if gap.text != "and" or len(right.text.split()) > 3 or organisation_by_head(right):
        return False
    words = left.text.split()
    return any(w.lower() in ORG_HEADS and w[:1].isupper() and "of" in words[k + 1:] for k, w in enumerate(words))


def _title_function_word(doc: Doc, i: int) -> bool:
    """A capitalised function word inside a sentence ("starred in In Her Shoes", "Catch Me If You Can"):
    in running text only titles capitalise these. "I" and sentence starts do not count."""
    tok = doc[i]
    if not (tok.is_alpha and tok.text[:1].isupper() and tok.lower_ in FUNCTION_WORDS and tok.text != "I"):
        return False
    if i == 0:
        return False
    prev = doc[i - 1]
    return not (prev.is_punct and prev.text not in (",", "-", "–")) and "\n" not in prev.text_with_ws \
        and prev.text not in (":", ";")


def title_extent(doc: Doc, start: int, end: int) -> Tuple[int, int]:
    """Widen a flagged name unit [start, end) over capitalised function words next to it that can only be
    part of a title (see `_title_function_word`): "In Her Shoes", "Catch Me If You Can"."""
    while start > 0 and _title_function_word(doc, start - 1):
        start -= 1
    while end < len(doc) and _title_function_word(doc, end):
        end += 1
    return start, end
