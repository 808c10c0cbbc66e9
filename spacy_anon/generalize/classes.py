"""Coarse classes: what kind of thing a span was ("a film", "a place", "a performer", "an award"), written
when no specific generalization is safe, instead of a tag.

A tag ("[MISC_3]") tells a reader only that something was removed. The class of the span tells what kind
of thing was there, and it is shared by so many people of a corpus of biographies ("film", "award",
"performer") that it points at nobody in particular. The class comes from, in order:

1. the span as a unit (`spacy_anon.generalize.units`): a class noun in its sentence ("the films George
   Wallace (1997) and Gia (1998)" -> "film"), the knowledge base, WordNet instances, the NER label;
2. the span's own words or its place in the sentence (`spacy_anon.generalize.shapes`: "Golden Globe" ->
   "award", "Marvel Comics" -> "publisher", "starred in Gilmore Girls" -> "production");
3. the hypernym chain of the head's sense in context: the first ancestor that is a *class anchor*
   (`ANCHORS`: coarse nodes such as entertainer -> "performer", award -> "award", language ->
   "language", industry -> "industry"; "actress" > actor > performer gives "performer");
4. the WordNet lexicographer file of that sense (`LEXFILE_CLASSES`: noun.location -> "place",
   noun.time -> "period", noun.food -> "food" ...);
5. the NER label (`LABEL_CLASSES`: LOC -> "place", ORG -> "organization").

No class is vacuous in the sense of `spacy_anon.generalize.vacuous` (never "thing", "person" for a
non-person, "act"), and no class repeats a word of the span. Where no source has a class, the span is
tagged (or suppressed) as before. The class still passes a safety test in `anon_generalize` (its own
threshold, `class_threshold`).
"""
from typing import Any, Dict, Iterable, Optional, Sequence, Tuple

# Coarse WordNet nodes (head word of the synset as in the chain) and the class written for them. Only
# nodes that a reader understands and that many people of any corpus share; nodes whose words mislead
# when a sense is misread ("feeling" for a horror film, "deity" for a title) are left out.
ANCHORS: Dict[str, str] = {
    # people
    "entertainer": "performer", "performer": "performer", "musician": "musician",
    "writer": "writer", "creator": "creator", "artist": "artist", "leader": "leader",
    "worker": "worker", "professional": "professional", "athlete": "athlete", "scientist": "scientist",
    "relative": "relative", "expert": "expert", "politician": "politician",
    # works and media
    "movie": "film", "show": "show", "television program": "show", "broadcast": "broadcast",
    "dramatic composition": "work", "literary composition": "work", "writing": "work",
    "musical composition": "piece of music", "music": "music", "song": "song", "album": "album",
    "publication": "publication", "periodical": "publication", "medium": "medium", "genre": "genre",
    "award": "award", "prize": "award",
    # organisations
    "industry": "industry", "government": "government", "company": "company", "institution": "institution",
    "educational institution": "school", "team": "team", "musical group": "band", "party": "party",
    "organization": "organization",
    # places and things
    "city": "place", "town": "place", "country": "place", "region": "place", "district": "place",
    "geographical area": "place", "geographic point": "place", "building": "building",
    "thoroughfare": "street", "vehicle": "vehicle", "musical instrument": "instrument",
    # language, origin, time, status, others
    "natural language": "language", "language": "language", "people": "people", "nation": "people",
    "time period": "period", "year": "year", "calendar month": "month", "status": "status",
    "sport": "sport", "game": "game", "disease": "illness", "illness": "illness", "religion": "religion",
    "academic degree": "degree", "occupation": "occupation", "competition": "competition",
    "animal": "animal", "food": "food", "plant": "plant",
}
# The lexicographer file of the head's sense, when no anchor is on its chain.
LEXFILE_CLASSES: Dict[str, str] = {
    "noun.location": "place", "noun.time": "period", "noun.food": "food", "noun.animal": "animal",
    "noun.plant": "plant", "noun.body": "body part",
}
# NER labels whose class a reader can use (PERSON's "person" is the unit's; dates and numbers are coarsened).
LABEL_CLASSES: Dict[str, str] = {"LOC": "place", "ORG": "organization", "PERSON": "person"}
CLASS_SOURCES = ("unit", "shape", "anchor", "lexfile", "label")


def anchor_class(chain: Iterable[Tuple[str, Any]]) -> Optional[str]:
    """The class of the first anchor on a hypernym chain [(head word, depth)], specific to general
    ("performer" for actress > actor > performer > entertainer > person); None when none is."""
    for word, _ in chain:
        cls = ANCHORS.get(word) or ANCHORS.get(word.lower())
        if cls:
            return cls
    return None


# Words a class may share with its span ("a character in a production" for "Marla Singer in Fight Club").
_FUNCTION_WORDS = frozenset(["a", "an", "the", "in", "on", "of", "and", "or"])
# British and American spellings are one word ("Kennedy Center Honors" must not become "the honour").
_SPELLINGS = {"honor": "honour", "honors": "honours", "theater": "theatre", "theaters": "theatres",
              "center": "centre", "centers": "centres", "organisation": "organization"}


def shares_word(cls: str, text: str) -> bool:
    """Whether the class repeats a content word of the span (in its own spelling, a plural, or the other
    side of the Atlantic's): "award" for "Saturn Awards", "honour" for "Kennedy Center Honors"."""
    def norm(word: str) -> str:
        word = word.lower().strip(".,;:'\"")
        return _SPELLINGS.get(word, word)

    words = {norm(w) for w in text.split()}
    return any(w in words or w + "s" in words for w in map(norm, cls.split()) if w not in _FUNCTION_WORDS)


def coarse_class(text: str, label: Optional[str], chain: Sequence[Tuple[str, Any]],
                 lexfile: Optional[str] = None, unit: Optional[str] = None,
                 is_vacuous=None, shape: Optional[str] = None) -> Optional[Tuple[str, str]]:
    """(class, source) of a span, source one of `CLASS_SOURCES`; None when no source knows a class.

    text: the span's words; label: its NER label; chain: the hypernym chain of its head's sense in
    context; lexfile: that sense's lexicographer file ("noun.location"); unit: the span's unit class
    (`units.unit_generalization`), if any; is_vacuous(class, label): a class it rejects is skipped;
    shape: the class of the span's own words or place (`shapes.shape_class`), if any.
    """
    found = (("unit", unit), ("shape", shape), ("anchor", anchor_class(chain)),
             ("lexfile", LEXFILE_CLASSES.get(lexfile or "")), ("label", LABEL_CLASSES.get(label or "")))
    for source, cls in found:
        if not cls or shares_word(cls, text):
            continue
        if is_vacuous is not None and is_vacuous(cls, label):
            continue
        return cls, source
    return None


__all__ = ["ANCHORS", "LEXFILE_CLASSES", "LABEL_CLASSES", "CLASS_SOURCES", "anchor_class", "coarse_class", "shares_word"]
