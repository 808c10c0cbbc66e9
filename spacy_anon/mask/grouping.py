"""Entity grouping: which mentions refer to the same entity ("Mr Cengiz Polat", "Polat", "C. Polat").

Interface of a grouper (any replacement, e.g. a coreference component's, keeps it):

    grouper(doc: Doc, spans: Sequence[Span]) -> List[str]

one entity key per span, in the order of `spans` (non-overlapping, sorted by start, labels already
mapped to our categories). Spans with equal keys are one entity. A key must not depend on the document
(it is the consistency key across chunks and documents, and the input of pseudonym HMACs); the keys of
this grouper are `"<LABEL>|<normalized canonical form>"`, and for name-part labels the canonical form
is the space-separated parts of the most complete name (used to align surrogate name parts).
"""
import re
import unicodedata
from typing import AbstractSet, Callable, Dict, List, Optional, Sequence, Tuple

from spacy.tokens import Doc, Span
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.extensions import doc_text
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.mask.named_buildings import after_place_the
from spacy_anon.rules.recognizers.addresses import STREET_PREFIXES

# the words a street's name opens with in the languages that write the type first ("Calle", "Rua", "Via")
STREET_OPENERS = frozenset(w.lower() for w in STREET_PREFIXES)

AMBIGUITY_POLICIES = ("separate", "recent")


_NOT_WORD = re.compile(r"[\W_]+")


def normalize(text: str) -> str:
    """Lowercase, strip accents, turn punctuation into spaces and collapse whitespace."""
    if not text.isascii():  # ASCII has no accents to strip (NFKD leaves it as it is)
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(_NOT_WORD.sub(" ", text.lower()).split())


# Labels a tagger swaps on one place from mention to mention ("returned to Somalia" LOC, "any part of
# Somalia" ORG): in one document a name of these takes one of them.
PLACE_OR_BODY_LABELS = ("ORG", "LOC")


def one_label_per_name(spans: Sequence[Span], relabel: Callable[[Span, str], Span],
                       labels: Sequence[str] = PLACE_OR_BODY_LABELS) -> List[Span]:
    """`spans` with every mention of a name (`normalize`d text) under `labels` given the label most of them
    have (on a tie, the first mention's), so one place is one entity with one replacement;
    `relabel(span, label)` makes the span under another label."""
    votes: Dict[str, Dict[str, int]] = {}
    for span in spans:
        if span.label_ in labels:
            counts = votes.setdefault(normalize(span.text), {})
            counts[span.label_] = counts.get(span.label_, 0) + 1
    chosen = {key: max(counts, key=counts.__getitem__) for key, counts in votes.items() if len(counts) > 1}
    if not chosen:
        return list(spans)
    out = []
    for span in spans:
        label = chosen.get(normalize(span.text), span.label_) if span.label_ in labels else span.label_
        out.append(span if label == span.label_ else relabel(span, label))
    return out


def name_parts(text: str, honorifics: Sequence[str] = DEFAULT_HONORIFICS) -> List[str]:
    """Normalized parts of a person name without leading honorifics ("Sra. Dña. Ana Gil" -> [ana, gil])."""
    parts = normalize(text).split()
    while parts and parts[0] in honorifics:
        parts.pop(0)
    return parts


def _part_match(a: str, b: str) -> bool:
    if a == b:
        return True
    if len(a) == 1 or len(b) == 1:  # initials
        return a[0] == b[0]
    return False


def compatible(parts: Sequence[str], canonical: Sequence[str]) -> bool:
    """`parts` can name the same person as `canonical`: an in-order sub-sequence (initials match
    their full part) with at least one full part in common."""
    j = 0
    full_hit = False
    for part in parts:
        while j < len(canonical) and not _part_match(part, canonical[j]):
            j += 1
        if j == len(canonical):
            return False
        full_hit = full_hit or (len(part) > 1 and part == canonical[j])
        j += 1
    return full_hit


def group_mentions(
    mentions: Sequence[Tuple[str, str]],
    *,
    name_labels: Sequence[str] = ("PERSON",),
    honorifics: Sequence[str] = DEFAULT_HONORIFICS,
    ambiguous: str = "separate",
) -> List[str]:
    """Entity keys for `(label, text)` mentions given in text order.

    Labels in `name_labels` group by name parts: the most complete names are placed first (exact
    normalized match, else the one compatible entity), then shorter mentions ("Polat", "C. Polat")
    join the one entity whose name contains them. A mention that fits several entities ("Polat" next
    to "Cengiz Polat" and "Ayse Polat") is, with `ambiguous="separate"` (default), an entity of its own
    (never attributed to the wrong person; it is still masked), or with `"recent"` joins the entity
    mentioned most recently before it (else the next one after it). Other labels group by exact
    normalized text (case, accents, whitespace, punctuation).
    """
    if ambiguous not in AMBIGUITY_POLICIES:
        raise ValueError(Errors.E122.format(valid=AMBIGUITY_POLICIES, value=ambiguous))
    keys: List[Optional[str]] = [None] * len(mentions)
    by_label: Dict[str, List[int]] = {}
    for i, (label, text) in enumerate(mentions):
        if label in name_labels:
            by_label.setdefault(label, []).append(i)
        else:
            norm = normalize(text) or text
            keys[i] = f"{label}|{norm}"
    for label, indices in by_label.items():
        for i, key in _group_names(label, indices, mentions, honorifics, ambiguous).items():
            keys[i] = key
    return [k if k is not None else "" for k in keys]


def _group_names(label, indices, mentions, honorifics, ambiguous) -> Dict[int, str]:
    parts_of = {i: name_parts(mentions[i][1], honorifics) for i in indices}
    entities: List[List[str]] = []  # canonical parts per entity
    members: List[List[int]] = []
    assigned: Dict[int, int] = {}

    def n_full(i):
        return sum(1 for p in parts_of[i] if len(p) > 1)

    def choose(i, candidates):
        if len(candidates) == 1:
            return candidates[0]
        if not candidates or ambiguous == "separate":
            return None
        before = [(max((m for m in members[e] if m < i), default=-1), e) for e in candidates]
        best = max(before)
        if best[0] >= 0:
            return best[1]
        return min((min(members[e]), e) for e in candidates)[1]

    exact: Dict[Tuple[str, ...], int] = {}
    by_part: Dict[str, List[int]] = {}  # full part -> multi-part entities containing it
    order = sorted(indices, key=lambda i: (-n_full(i), -len(parts_of[i]), i))
    for i in order:
        parts = parts_of[i]
        if not parts:
            continue
        target = exact.get(tuple(parts))
        if target is None and (len(parts) > 1 or n_full(i) == 1):
            near = sorted({e for p in parts if len(p) > 1 for e in by_part.get(p, ())})
            target = choose(i, [e for e in near if compatible(parts, entities[e])])
        if target is None:
            entities.append(parts)
            members.append([])
            target = len(entities) - 1
            exact[tuple(parts)] = target
            if len(parts) > 1:
                for p in set(parts):
                    if len(p) > 1:
                        by_part.setdefault(p, []).append(target)
        members[target].append(i)
        assigned[i] = target
    keys = {}
    for i in indices:
        if i in assigned:
            keys[i] = f"{label}|{' '.join(entities[assigned[i]])}"
        else:
            keys[i] = f"{label}|{normalize(mentions[i][1]) or mentions[i][1]}"
    return keys


# Labels a tagger gives a person's name by mistake ("The claimant, Kowalski," as LOC, "Mr lindqvist" as DEM,
# "Patient Bartholomew Quayle" as ORG): a mention of these is the person's when its words name the person.
CONFUSED_LABELS = ("ORG", "LOC", "DEM", "MISC")
# Labels of values a tagger also gives a surname now and then ("Later Brennagh signed" with "Brennagh" as
# DATETIME): a mention of these joins a person only when its words are rare words that name that person.
JOINED_LABELS = ("DATETIME", "QUANTITY", "AGE")


def person_forms(mentions: Sequence[Tuple[str, str]], *, name_labels: Sequence[str] = ("PERSON",),
                 honorifics: Sequence[str] = DEFAULT_HONORIFICS,
                 is_given_name: Callable[[str], bool] = lambda word: False,
                 is_common: Callable[[str], bool] = lambda word: False,
                 before: Optional[Sequence[str]] = None, roles: AbstractSet[str] = frozenset(),
                 known_person: Callable[[Sequence[str]], Optional[str]] = lambda parts: None) -> Dict[int, str]:
    """Mentions of `CONFUSED_LABELS` that are forms of a person's name: index -> the name label to give them.

    One entity stays one entity whatever label each mention got. A mention is a person's when
    - it starts with a title ("Mr lindqvist", "Dr. Kowalski"), or
    - its name parts (titles dropped) can name a person mentioned under a name label (`compatible`:
      "Kowalski", "KOWALSKI", "Jan Kowalski" after "Jan Kowalski"), or
    - it is two or three capitalised words that are no common words, the first a known given name or
      the word before the mention a role noun of `roles` ("Patient Bartholomew Quayle"; not "Victoria
      Street", "Rose Garden").
    - its name parts are all parts of one person named earlier in another part of the same document
      (`known_person`: the replacement memory a record's fields or a long text's chunks share; "Kowalski
      called back" tagged LOC in one field after "Jonathan Kowalski" in another), or
    - it is given names and then a surname that a person mention is alone ("Bartholomew Quayle" as ORG,
      "Quayle" as PERSON).
    A mention of `JOINED_LABELS` (a date, a number) is a person's only by the second way, and only when
    it has no digit and no common word ("Brennagh", not "May" next to a May Smith).
    `mentions` are (label, text) in text order; `before`: the text before each mention (a few words);
    `is_given_name` / `is_common` take a folded word; `known_person` takes name parts and gives the name
    label of the one person they belong to, or None.
    """
    name_labels = tuple(name_labels)
    if not name_labels:
        return {}
    titles = {h.lower().strip(".") for h in honorifics}
    persons: Dict[str, List[List[str]]] = {}  # name label -> name parts of its mentions
    for label, text in mentions:
        if label in name_labels:
            parts = name_parts(text, honorifics)
            if parts:
                persons.setdefault(label, []).append(parts)
    out: Dict[int, str] = {}
    grown = False
    surnames = {lab: {known[0] for known in names if len(known) == 1 and len(known[0]) > 1}
                for lab, names in persons.items()}
    for i, (label, text) in enumerate(mentions):
        if label not in CONFUSED_LABELS and label not in JOINED_LABELS:
            continue
        words = normalize(text).split()
        if not words or len(words) > 4 or any(w.isdigit() for w in words):
            continue
        parts = name_parts(text, honorifics)
        if not parts:
            continue
        if label in JOINED_LABELS:
            if words == parts and not any(is_common(p) or len(p) < 3 for p in parts):
                owner = next((lab for lab, names in persons.items()
                              if any(compatible(parts, known) for known in names if len(known) >= len(parts))), None)
                if owner is not None:
                    out[i] = owner
            continue
        if words[0] in titles and len(parts) <= 3:
            out[i] = name_labels[0]
            continue
        owner = next((lab for lab, names in persons.items()
                      if any(compatible(parts, known) for known in names if len(known) >= len(parts))), None)
        if owner is None and len(parts) > 1 and all(is_given_name(p) for p in parts[:-1]):
            owner = next((lab for lab, known in surnames.items() if parts[-1] in known), None)
        if owner is None:
            owner = known_person(parts)
        if owner is not None:
            out[i] = owner
        elif before is not None and after_place_the(before[i]):
            continue  # "taken to the John Radcliffe": a hospital named after a person, unless that person is named
        elif 2 <= len(parts) <= 3 and _given_names_then_surname(text, parts, is_given_name, is_common):
            out[i] = name_labels[0]  # given names that are also words before a surname that is none: "Lily Evans"
            grown = True
        elif 2 <= len(parts) <= 3 and _looks_like_a_name(text, parts, is_common):
            previous = normalize(before[i]).split()[-1:] if before is not None else []
            first = text.split()[-len(parts)] if len(text.split()) >= len(parts) else ""
            if normalize(first) == parts[0] and is_given_name(parts[0]) or (previous and previous[0] in roles):
                out[i] = name_labels[0]
    if grown:  # a person found by its given names: the other forms of the name are that person's ("Lily-Rose")
        again = person_forms([(out.get(i, label), text) for i, (label, text) in enumerate(mentions)],
                             name_labels=name_labels, honorifics=honorifics, is_given_name=lambda word: False,
                             is_common=is_common, before=before, roles=roles, known_person=known_person)
        out.update({i: lab for i, lab in again.items() if i not in out})
    return out


def _given_names_then_surname(text: str, parts: Sequence[str], is_given_name: Callable[[str], bool],
                              is_common: Callable[[str], bool]) -> bool:
    """Whether `parts` are given names, then capitalised words that are no common words ("Lily Evans",
    "Lily-Rose Evans"), written as two or three capitalised words and nothing else (not "Mr Lily Evans",
    "Marina di Ragusa", "Mitchell and Williams", "Warren Grant hosp", nor one hyphenated word: a firm's
    "Fritz-Armstrong"): a person, whatever words the given names are."""
    written = text.split()
    if written and written[0].lower() in STREET_OPENERS:
        return False  # "Calle Pedro Gonu": a street named after a person ("Calle" is a Swedish given name too)
    if not 2 <= len(written) <= 3 or normalize(text).split() != list(parts) \
            or not all(w[:1].isupper() and w.replace("-", "").isalpha() for w in written):
        return False
    k = 0
    while k < len(parts) - 1 and is_given_name(parts[k]):
        k += 1
    first = (normalize(text).split() or [""])[0]
    return k >= 1 and first == parts[0] and _looks_like_a_name(text, parts[k:], is_common)


def _looks_like_a_name(text: str, parts: Sequence[str], is_common: Callable[[str], bool]) -> bool:
    capitalised = [w for w in _NOT_WORD.sub(" ", text).split() if w[:1].isupper()]
    if len(capitalised) < len(parts):
        return False
    return all(len(p) > 1 and not is_common(p) for p in parts)


class NamePartGrouper:
    """The default grouper: name-part matching for person labels, exact normalized match otherwise."""

    def __init__(self, name_labels: Sequence[str] = ("PERSON",), honorifics: Sequence[str] = DEFAULT_HONORIFICS,
                 ambiguous: str = "separate") -> None:
        if ambiguous not in AMBIGUITY_POLICIES:
            raise ValueError(Errors.E122.format(valid=AMBIGUITY_POLICIES, value=ambiguous))
        self.name_labels = tuple(name_labels)
        self.honorifics = tuple(h.lower().strip(".") for h in honorifics)
        self.ambiguous = ambiguous

    def __call__(self, doc: Doc, spans: Sequence[Span]) -> List[str]:
        text = doc_text(doc)  # a span's text is the doc's text between its offsets
        keys = group_mentions([(s.label_, text[s.start_char:s.end_char]) for s in spans], name_labels=self.name_labels,
                              honorifics=self.honorifics, ambiguous=self.ambiguous)
        return initials_joined(text, [(s.start_char, s.end_char, s.label_) for s in spans], keys,
                               self.name_labels, self.honorifics)


_INITIALS = re.compile(r"[A-Z](?:\.?[A-Z]){1,3}\.?")
_OPENING = re.compile(r"[ \t]*\([ \t]*$")


def introduced_initials(text: str, mentions: Sequence[Tuple[int, int, str]], name_labels: Sequence[str],
                        honorifics: Sequence[str] = DEFAULT_HONORIFICS) -> List[int]:
    """The indices of the mentions that are a person's initials given in brackets right after the name
    ("Kevin O'Donnell (KO)", "Anna Maria Berg (A.M.B.)"): the first letters of the name's parts, titles
    left out. `mentions`: (start, end, label), sorted, not overlapping."""
    titles = {h.lower().strip(".") for h in honorifics}
    found = []
    for i in range(1, len(mentions)):
        start, end, label = mentions[i]
        p_start, p_end, p_label = mentions[i - 1]
        value = text[start:end]
        if label not in name_labels or p_label not in name_labels or not _INITIALS.fullmatch(value) \
                or not _OPENING.fullmatch(text[p_end:start]) or not text[end:end + 1] == ")":
            continue
        parts = [p for p in re.split(r"[\s\-]+", text[p_start:p_end])
                 if p and p.lower().strip(".") not in titles]
        letters = "".join(p[0] for p in parts if p[0].isalpha()).upper()
        if len(parts) >= 2 and letters == value.replace(".", ""):
            found.append(i)
    return found


def initials_joined(text: str, mentions: Sequence[Tuple[int, int, str]], keys: Sequence[str],
                    name_labels: Sequence[str], honorifics: Sequence[str] = DEFAULT_HONORIFICS) -> List[str]:
    """`keys` with a person's initials given in brackets right after the name (`introduced_initials`)
    made that person's key, and so every mention with the initials' own key (the initials used later:
    "KO saw the forklift tip"): one entity, one replacement."""
    keys = list(keys)
    for i in introduced_initials(text, mentions, name_labels, honorifics):
        if keys[i] != keys[i - 1]:
            old = keys[i]
            keys = [keys[i - 1] if k == old else k for k in keys]
    return keys


@registry.misc("spacy_anon.name_part_grouper.v1")
def make_name_part_grouper(
    name_labels: List[str] = ["PERSON"],
    honorifics: List[str] = list(DEFAULT_HONORIFICS),
    ambiguous: str = "separate",
) -> Callable[[Doc, Sequence[Span]], List[str]]:
    """Registered maker of the default grouper `grouper(doc, spans) -> list of entity keys`.

    name_labels: labels grouped by name parts (others: exact normalized match).
    honorifics: leading titles ignored in names (normalized: lowercase, no accents or dots).
    ambiguous: "separate" or "recent", for a short mention that fits several full names.
    """
    return NamePartGrouper(name_labels, honorifics, ambiguous)


def canonical_parts(key: str, span: Span, honorifics: Sequence[str] = DEFAULT_HONORIFICS) -> List[str]:
    """The normalized name parts of an entity: from its grouper key ("PERSON|cengiz polat"), else from the
    mention without its titles."""
    if "|" in key:
        return key.split("|", 1)[1].split()
    return name_parts(span.text, honorifics)
