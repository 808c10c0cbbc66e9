"""What kind of name a capitalised phrase that anon_disclosure flags is, when no NER or rule span labels
it: a person after a role word, an organisation by its head word, a place by GeoNames or by what is said
of it. Without this every such phrase was MISC, and a MISC place cannot be generalized to "a city in
Wales" nor a MISC person to "a person" (the generalizer acts on the label).

English guards only (the role and context words are English); other languages keep MISC.
"""
import re
from typing import Optional

from spacy.tokens import Span

from spacy_anon.disclosure.person_names import NOT_NAME_HEADS, looks_like_person_name
from spacy_anon.lexicon.category_words import JOB_NOUNS, ROLE_WORDS
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.rules.recognizers import first_names
from spacy_anon.rules.recognizers.names import KINSHIP_WORDS

_NAME_WORD = re.compile(r"^(?:Mc|Mac|O')?[^\W\d_a-z][^\W\d_A-Z]+(?:[-'’][^\W\d_a-z]?[^\W\d_A-Z]+)*$")
# People named by what they do in a biography or a news story ("her husband, the composer Dafydd Morrow").
ARTS_ROLES = frozenset(
    "actor actress singer songwriter composer conductor musician pianist violinist guitarist drummer dancer "
    "choreographer painter sculptor artist photographer poet novelist author playwright screenwriter director "
    "producer filmmaker presenter broadcaster comedian designer architect footballer cricketer player athlete "
    "boxer coach captain manager politician minister mp senator mayor bishop priest".split()
)
ROLE_NOUNS = ARTS_ROLES | JOB_NOUNS | ROLE_WORDS | frozenset(KINSHIP_WORDS)
_LEADS = frozenset("the a an her his their its our my your".split())
# Head words that make a phrase an organisation ("Tidewater Theatre Company", "Bangor University").
ORG_HEADS = frozenset(
    "company companies university college school academy institute institution foundation trust association "
    "society council agency ministry department party hospital club orchestra guild union corporation "
    "studios records ltd plc inc llc".split()
)
# What is said of a place, not of a thing or a work: "born in X", "grew up near X", "moved to X".
PLACE_CONTEXT = re.compile(
    r"(?i)\b(?:born|raised|grew up|brought up|lives?|lived|living|settled|died|based|resides?|resided|"
    r"moved|relocated|emigrated)\s+(?:in|at|near|to|from)\s+$|\bnear\s+$|\bnative of\s+$|\boutside\s+$"
)
_REACH = 40  # characters before a span that the context words fit in


def person_after_role(span: Span) -> bool:
    """Two to four name words after a role or kin noun ("the composer Dafydd Morrow", "her husband Tom
    Reyes"), perhaps with a comma between; the last word is no organisation or place head."""
    words = span.text.split()
    if not 2 <= len(words) <= 4 or not all(_NAME_WORD.match(w) for w in words):
        return False
    if words[-1].lower() in NOT_NAME_HEADS or words[0].lower() in _LEADS:
        return False
    doc, i = span.doc, span.start - 1
    while i >= 0 and doc[i].text == ",":
        i -= 1
    return i >= 0 and doc[i].lower_ in ROLE_NOUNS and doc[i].is_lower


def organisation_by_head(span: Span) -> bool:
    """A capitalised phrase with an organisation's head word ("Tidewater Theatre Company",
    "Royal Welsh College of Music and Drama")."""
    words = [w.strip(",.").lower() for w in span.text.split()]
    return len(words) >= 2 and span.text[:1].isupper() and any(
        w in ORG_HEADS and span.text.split()[k][:1].isupper() for k, w in enumerate(words))


def place_by_context(span: Span) -> bool:
    """One to three capitalised words that GeoNames lists as a place after a preposition or a place verb,
    or that follow what is said only of places ("born in", "grew up near", "moved to"), listed or not."""
    words = span.text.split()
    if not 1 <= len(words) <= 3 or not all(_NAME_WORD.match(w) for w in words):
        return False
    text = span.doc.text
    before = text[max(0, span.start_char - _REACH):span.start_char]
    if PLACE_CONTEXT.search(before):
        return True
    folded = fold_accents(span.text)
    listed = folded in known_place_names() and not (len(words) == 1 and span.text.lower() in first_names())
    return listed and re.search(r"(?i)\b(?:in|at|from|to|near|of)\s+$", before) is not None


def name_kind(span: Span) -> Optional[str]:
    """PERSON, ORG or LOC for a flagged phrase that no detector labelled, None when its kind is unclear."""
    if span.doc.lang_ != "en":
        return None
    if looks_like_person_name(span) or person_after_role(span):
        return "PERSON"
    if organisation_by_head(span):
        return "ORG"
    if place_by_context(span):
        return "LOC"
    return None


__all__ = ["ARTS_ROLES", "ORG_HEADS", "PLACE_CONTEXT", "ROLE_NOUNS", "name_kind", "organisation_by_head",
           "person_after_role", "place_by_context"]
