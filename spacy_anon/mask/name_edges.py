"""The edges of a name span: punctuation and function words at its ends are no part of the name ("you
Douglas", "Prosecutor at the"), nor a kinship word before it ("children Kai"); `span_kinds` trims each piece
of a tagger's span with `trim_lower_edges`. Pure functions over a Doc's tokens."""
import re
from typing import Tuple

from spacy.tokens import Doc

from spacy_anon.lexicon.category_words import trait_words
from spacy_anon.lexicon.generic_words import folded
from spacy_anon.mask.name_context import capitalised_opener
from spacy_anon.mask.person_starts import kin_lead
from spacy_anon.tagger.span_filters.names import NAME_PARTICLES


def has_capitals(doc: Doc, start: int, end: int) -> bool:
    """Whether a token of start:end opens with a capital (in lower case, case says nothing)."""
    return any(doc[i].text[:1].isupper() for i in range(start, end))


EDGE_LINKS = frozenset("of and by from to at in on for with".split())  # in capitals, never a name's last word


def trim_lower_edges(doc: Doc, start: int, end: int) -> Tuple[int, int]:
    """start:end without the punctuation and lower-case function words at its edges ("you Douglas",
    "Fernhill Dental and the two", "Prosecutor at the") when it has a capitalised word: a name written
    with capitals does not begin or end with one (a name particle such as "van" or "de" stays before a
    name, and content words stay: "the northern part of Cyprus" is one description)."""
    if not has_capitals(doc, start, end):
        return start, end

    def lower(i: int, particles_stay: bool = True) -> bool:
        tok = doc[i]
        if not particles_stay and tok.is_upper and tok.lower_ in EDGE_LINKS:
            return True  # "MRS JANET O'HARE OF" in capitals
        return (tok.is_punct and tok.text not in ("&", "'", "’")) or tok.is_space or (
            tok.text[:1].islower() and (tok.is_stop or tok.lower_ in ("till", "til", "vs", "v", "versus"))
            and not (particles_stay and tok.lower_ in NAME_PARTICLES))
    if folded(doc[start].text) in trait_words() and not any(doc[i].text[:1].isupper() for i in range(start + 1, end)):
        return start, end  # "Portuguese doctoral student": a trait and what it describes (`category_by_shape`)
    while start < end and (lower(start, particles_stay=doc[start].lower_ not in ("of", "v", "vs"))
                           or capitalised_opener(doc, start, end) or kin_lead(doc, start, end)):
        start += 1  # a name may open with "van" or "de", never with "of" ("out of the Tesco")
    while end > start and lower(end - 1, particles_stay=False) and not (doc[end - 1].is_alpha and not doc[end - 2].whitespace_) \
            and not abbreviation_stop(doc, end - 1):
        end -= 1  # a word glued to the one before stays ("6pm")
    return start, end


# a dotted abbreviation without its final full stop, as the tokenizer leaves it before more stops ("S.A" of
# "S.A..")
DOTTED = re.compile(r"(?:[^\W\d_]{1,3}\.)+[^\W\d_]{1,3}")


def abbreviation_stop(doc: Doc, i: int) -> bool:
    """Whether doc[i] is full stops glued to a dotted abbreviation ("Foo S.A" + ".."): the first is the
    abbreviation's own, so the name ends after it (cut, a surrogate's "S.L." and the sentence's stop
    doubled: "S.L.. Fin.")."""
    return i > 0 and set(doc[i].text) == {"."} and not doc[i - 1].whitespace_ \
        and DOTTED.fullmatch(doc[i - 1].text) is not None
