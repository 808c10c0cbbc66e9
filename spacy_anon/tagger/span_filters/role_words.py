"""Word-class tests on the folded words of a span: a common role, a specific occupation, a field of
work, an institution by its kind. Pure functions over the lists of `spacy_anon.lexicon.generic_mentions`,
used by `generic_spans` to decide whether a span names anyone."""
from typing import FrozenSet, Sequence

from spacy_anon.lexicon.generic_mentions import (
    DEPARTMENT_HEADS, DEPARTMENT_WORDS, FIELD_HEADS, FIELD_MODIFIERS, FIELDS, INSTITUTION_MODIFIERS, INSTITUTIONS,
    ROLE_HEADS, ROLE_MODIFIERS,
)
from spacy_anon.tagger.span_filters.qualifications import is_credential

POSSESSIVES = frozenset("his her their my our your its the a an".split())
# endings of a noun naming who does a job ("controller", "technician", "attendant", "specialist")
AGENT_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "man", "woman")
SPECIALTY_ENDINGS = ("ology", "iatrics", "iatry")


def singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


DEPARTMENT_NAME_WORDS = DEPARTMENT_WORDS | DEPARTMENT_HEADS
ROLE_PHRASE_WORDS = ROLE_HEADS | ROLE_MODIFIERS | DEPARTMENT_WORDS


def in_list(word: str, words: FrozenSet[str]) -> bool:
    return word in words or singular(word) in words


def work_words(words: Sequence[str]) -> bool:
    """A common role with its seniority or department ("Principal Dentist", "HR Business Partner", "line
    manager", "Her brother", "Chef de Partie"), or a department ("Accounts Payable", "HR Shared Services")."""
    heads = [w for w in words if in_list(w, ROLE_HEADS)]
    departments = all(in_list(w, DEPARTMENT_NAME_WORDS) or w in POSSESSIVES for w in words)
    if departments and any(w not in POSSESSIVES for w in words):
        return True
    return bool(heads) and all(in_list(w, ROLE_PHRASE_WORDS) or w in POSSESSIVES
                               for w in words)


def specific_occupation(words: Sequence[str]) -> bool:
    """Words naming a job with a word before its head that no list of common roles holds ("Leasing
    consultant", "Airport tower controller"): specific, as the everyday guideline marks it."""
    content = [w for w in words if w not in POSSESSIVES and w not in ("and", "&", ",")]
    if len(content) < 2:
        return False
    head = singular(content[-1])
    if not (in_list(head, ROLE_HEADS) or head.endswith(AGENT_ENDINGS)):
        return False
    return any(not in_list(w, ROLE_PHRASE_WORDS) for w in content[:-1])


def field_words(words: Sequence[str]) -> bool:
    """A field of study or a specialty ("Mechanical Engineering", "Paediatric Cardiology", "cardiology
    clinic")."""
    def field(w: str) -> bool:
        return w in FIELDS or w.endswith(SPECIALTY_ENDINGS)
    return any(field(w) for w in words) and all(field(w) or w in FIELD_MODIFIERS or w in FIELD_HEADS or is_credential(w)
                                                for w in words)


def institution_words(words: Sequence[str]) -> bool:
    """An institution named by its kind alone ("Police", "the council", "Employment Tribunal")."""
    return any(w in INSTITUTIONS for w in words) and all(w in INSTITUTIONS or w in INSTITUTION_MODIFIERS for w in words)
