"""Generalizations that tell a reader nothing ("a thing", "an entity", "some") and the words that need none.

Climbing WordNet's hypernym chain far enough always ends at concepts that are true of everything:
"entity", "physical entity", "abstraction", "object", "whole", "living thing", "psychological feature",
"act", "group". Writing them into the text is worse than a tag: it reads like information and carries
none (Hassan et al., word embeddings, §3.2.3 replace names by "entity"; a reader gets more from
"[MISC_1]"). Two tests decide that a concept is too general:

1. it is in `VACUOUS_CONCEPTS` (a fixed list, per language), unless it is the category of the span's own
   label (`LABEL_CONCEPTS`: "person" for a PERSON, "location" for a LOC, what a tag says anyway);
2. its hypernym chain to WordNet's root is shorter than `min_depth` levels (entity = 0, abstraction = 1,
   group = 2, social group = 3, organization = 4).

`keepable` names the words that may stay as they are instead: ordinals ("her first film") and very common
lower-case words ("the way", "a part"), which single out nobody.
"""
import re
from typing import Dict, FrozenSet, Optional

from spacy.tokens import Doc, Span

# Concepts never written as a generalization (lower case, singular). The WordNet 3.0 top levels plus the
# everyday words that say as little ("something", "some", "stuff").
VACUOUS_CONCEPTS: Dict[str, FrozenSet[str]] = {
    "en": frozenset({
        "entity", "physical entity", "abstraction", "abstract entity", "thing", "object", "physical object",
        "whole", "unit", "living thing", "animate thing", "organism", "being", "causal agent", "cause",
        "causal agency", "matter", "substance", "psychological feature", "cognition", "content", "event",
        "happening", "occurrence", "act", "deed", "human action", "human activity", "action", "activity",
        "group", "grouping", "social group", "attribute", "property", "state", "condition", "quality",
        "relation", "measure", "quantity", "amount", "communication", "part", "portion", "set",
        "location", "person", "individual", "someone", "somebody", "mortal", "human", "soul",
        "organization", "organisation", "something", "some", "stuff", "item", "kind", "sort", "type",
        "date", "time", "age", "demographic attribute",
    }),
    "es": frozenset({"algo", "cosa", "entidad", "objeto", "alguien", "persona", "lugar", "organización",
                     "fecha", "edad", "cantidad", "algunos", "algunas", "atributo demográfico"}),
    "pt": frozenset({"algo", "coisa", "entidade", "objeto", "alguém", "pessoa", "local", "lugar",
                     "organização", "data", "idade", "quantidade", "alguns", "algumas",
                     "atributo demográfico"}),
}
# The category of a label may be written for that label: it tells what a tag ("[PERSON_1]") tells.
LABEL_CONCEPTS: Dict[str, FrozenSet[str]] = {
    "PERSON": frozenset({"person", "individual", "someone", "somebody", "pessoa", "persona", "alguém",
                         "alguien"}),
    "LOC": frozenset({"location", "place", "lugar", "local"}),
    "ORG": frozenset({"organization", "organisation", "organización", "organização"}),
    "DATETIME": frozenset({"date", "time", "fecha", "data"}),
    "AGE": frozenset({"age", "edad", "idade"}),
    "QUANTITY": frozenset({"quantity", "amount", "cantidad", "quantidade"}),
    "DEM": frozenset({"demographic attribute", "atributo demográfico"}),
}
# A concept whose chain to the root has fewer levels than this is too general (see the module docstring).
DEFAULT_MIN_DEPTH = 4
VACUOUS_POLICIES = ("tag", "suppress")
_ARTICLES = frozenset("a an the un una uno unos unas um uma uns umas el la los las o os".split())
# Ordinal words (en, es, pt): "her first film", "la primera película" disclose nothing by themselves.
ORDINALS = frozenset(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth last "
    "primero primera segundo segunda tercero tercera último última "
    "primeiro primeira terceiro terceira".split())
# A lower-case word at least this frequent (wordfreq Zipf; 5.0 is 100 per million words) is common
# enough to single out nobody (anon_generalize's `common_zipf`; words that name a kind of person are never
# kept, whatever their frequency: see anon_generalize).
COMMON_WORD_ZIPF = 5.0
# Labels whose mentions are names, values or identifiers: never kept, whatever their words.
NEVER_KEPT_LABELS = frozenset({"PERSON", "ORG", "LOC", "DATETIME", "AGE", "QUANTITY", "CODE", "CONTACT",
                               "ID"})
_WORD = re.compile(r"\w+", re.UNICODE)


def core_phrase(replacement: str) -> str:
    """The replacement without a leading article, in lower case ("A thing" -> "thing")."""
    words = replacement.strip().lower().split()
    while len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return " ".join(words)


def _singular(phrase: str) -> str:
    if phrase.endswith("ies") and len(phrase) > 4:
        return phrase[:-3] + "y"
    if phrase.endswith("s") and not phrase.endswith(("ss", "us", "is")) and len(phrase) > 3:
        return phrase[:-1]
    return phrase


def is_vacuous(replacement: Optional[str], label: Optional[str] = None, depth: Optional[int] = None,
               min_depth: int = DEFAULT_MIN_DEPTH, lang: str = "en") -> bool:
    """Whether a generalization tells a reader nothing about the span it replaces.

    label: the span's category; its own concept ("person" for PERSON) is allowed.
    depth: levels from the concept to WordNet's root along its hypernym chain (None: unknown, e.g. a
        simpler noun phrase or a category word; only the list decides then).
    """
    if replacement is None:
        return False
    phrase = core_phrase(replacement)
    if not phrase or not any(ch.isalnum() for ch in phrase):
        return True
    forms = {phrase, _singular(phrase)}
    if label and forms & LABEL_CONCEPTS.get(label, frozenset()):
        return False
    vacuous = VACUOUS_CONCEPTS.get(lang, VACUOUS_CONCEPTS["en"]) | VACUOUS_CONCEPTS["en"]
    if forms & vacuous:
        return True
    return depth is not None and depth < min_depth


def is_ordinal(text: str) -> bool:
    """One ordinal word ("first", "Third", "última")."""
    return text.strip().lower() in ORDINALS


def keepable(text: str, label: Optional[str], lang: str = "en", at_sentence_start: bool = False,
             min_zipf: float = COMMON_WORD_ZIPF) -> bool:
    """Whether a span discloses nothing and may stay as written when its generalization is vacuous:
    ordinals and lower-case words at least as frequent as `min_zipf` ("first", "part", "way"), never a
    name, a date, a number with its value, a code, an identifier or a contact."""
    if label in NEVER_KEPT_LABELS:
        return False
    words = _WORD.findall(text)
    if not words or any(ch.isdigit() for ch in text):
        return False
    from wordfreq import zipf_frequency

    for i, word in enumerate(words):
        if word[:1].isupper() and not (i == 0 and at_sentence_start and word[1:].islower()):
            return False  # a capitalised word is a name or a title
        lower = word.lower()
        if lower in ORDINALS:
            continue
        forms = [lower] + ([lower[:-1]] if lower.endswith("s") and len(lower) > 3 else [])  # "films"
        if max(zipf_frequency(f, lang) for f in forms) < min_zipf:
            return False
    return True


# Where anon_generalize tells anon_mask what to do with a span it would only generalize vacuously:
# doc.user_data[FALLBACKS_KEY] = {"start:end": "keep" | "tag" | "suppress"} (character offsets), and the
# policy for mentions anon_generalize never saw (added by anon_mask's leak guard) in POLICY_KEY.
FALLBACKS_KEY = "spacy_anon.generalize_fallbacks"
POLICY_KEY = "spacy_anon.generalize_vacuous"
FALLBACK_KINDS = ("keep", *VACUOUS_POLICIES)
# Spans that got their coarse class ("a film") because no specific generalization was safe:
# doc.user_data[CLASSES_KEY] = {"start:end": source} (`spacy_anon.generalize.classes.CLASS_SOURCES`).
CLASSES_KEY = "spacy_anon.generalize_classes"
FALLBACK_CLASS = "class"


def set_fallback(span: Span, kind: str) -> None:
    """Record that `span` is kept ("keep") or left to anon_mask's tag/suppress operator."""
    span.doc.user_data.setdefault(FALLBACKS_KEY, {})[f"{span.start_char}:{span.end_char}"] = kind


def set_class_fallback(span: Span, source: str) -> None:
    """Record that `span` was replaced by its coarse class, found by `source` ("unit", "anchor", ...)."""
    span.doc.user_data.setdefault(CLASSES_KEY, {})[f"{span.start_char}:{span.end_char}"] = source


def class_fallback_of(span: Span) -> Optional[str]:
    """The source of the coarse class anon_generalize wrote for `span`, or None."""
    return (span.doc.user_data.get(CLASSES_KEY) or {}).get(f"{span.start_char}:{span.end_char}")


def fallback_of(span: Span) -> Optional[str]:
    """The fallback recorded for `span` by anon_generalize, or None."""
    return (span.doc.user_data.get(FALLBACKS_KEY) or {}).get(f"{span.start_char}:{span.end_char}")


def vacuous_policy(doc: Doc, default: str = "tag") -> str:
    """The `vacuous` setting of the anon_generalize that ran on `doc`, else `default`."""
    policy = doc.user_data.get(POLICY_KEY)
    return policy if policy in VACUOUS_POLICIES else default
