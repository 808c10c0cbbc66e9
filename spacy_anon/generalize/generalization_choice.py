"""Which generalization of a mention is written: the candidates G(s) and the most specific safe one.

G(s) comes from `spacy_anon.generalize.wordnet.generalization_chain` (simpler noun phrases, the hypernym
chain of the sense that fits, the label's category word, the root); the vacuous ones are dropped
(`spacy_anon.generalize.vacuous`). Seed 003's rule picks the first candidate that passes the safety test
(`spacy_anon.generalize.safety`); without a test, the `levels_up`-th.
"""
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from spacy_anon.generalize.mentions import NAME_LABELS
from spacy_anon.generalize.vacuous import is_vacuous
from spacy_anon.generalize.wordnet import generalization_chain

# Last-resort generalization per category (before the root "entity") when WordNet has nothing better.
CATEGORY_WORDS: Dict[str, Dict[str, str]] = {
    "en": {"PERSON": "person", "ORG": "organization", "LOC": "location", "DEM": "group",
           "MISC": "thing", "DATETIME": "date", "AGE": "age", "QUANTITY": "quantity"},
}


def candidate_chain(text: str, label: Optional[str], *, lang: str, lexicon, simplify: bool,
                    choose_sense=None) -> List[Tuple[str, Optional[int]]]:
    """G(s) with depths (`generalization_chain`); `choose_sense` picks the sense of the head. A name
    (NAME_LABELS) is never simplified: a part of it would leak."""
    category = CATEGORY_WORDS.get(lang, {}).get(label) if label else None
    simplify = simplify and label not in NAME_LABELS
    return generalization_chain(text, lang=lang, lexicon=lexicon, simplify=simplify,
                                category=category, choose_sense=choose_sense)


def usable_candidates(chain: Sequence[Tuple[str, Optional[int]]], label: Optional[str], *, min_depth: int,
                      lang: str) -> List[str]:
    """The candidates of a chain that are not vacuous for this label (see `is_vacuous`)."""
    return [c for c, depth in chain if not is_vacuous(c, label, depth, min_depth, lang)]


def pick_generalization(text: str, label: Optional[str], usable: Sequence[str],
                        is_safe: Optional[Callable[[str], bool]], *, levels_up: int = 1, lang: str = "en",
                        stats: Optional[Dict[str, Any]] = None) -> Optional[str]:
    """The most specific candidate other than the text itself that `is_safe` accepts (seed 003); when
    none is, the label's category word if it is usable (what a tag tells anyway: "A person (born
    1971)"), else None (counted in stats["generalize_no_safe_candidate"]). is_safe None (no vectors or
    no protected entity): the levels_up-th candidate."""
    if not usable:
        return None
    if is_safe is None:
        return usable[min(levels_up, len(usable)) - 1]
    for candidate in usable:
        if candidate.lower() != text.lower() and is_safe(candidate):
            return candidate
    if stats is not None:
        stats["generalize_no_safe_candidate"] = stats.get("generalize_no_safe_candidate", 0) + 1
    category = CATEGORY_WORDS.get(lang, {}).get(label)
    return category if category and category in usable else None


__all__ = ["CATEGORY_WORDS", "candidate_chain", "pick_generalization", "usable_candidates"]
