"""The coarse class of a span with no safe specific generalization ("a film", "a place", "a performer").

Tried in order, each under the class-level test `passes` (the crowd test or the vectors at
`class_threshold`, decided by the component): a nationality's world region (`regions`), a class the
span's own words name (`shapes`: "Marvel Comics" -> publisher), then `classes.coarse_class` from the
WordNet chain, its lexicographer file and the whole-unit class.
"""
from typing import Any, Callable, List, Optional, Sequence, Tuple

from spacy.tokens import Span

from spacy_anon.generalize.classes import coarse_class, shares_word
from spacy_anon.generalize.mentions import NAME_LABELS
from spacy_anon.generalize.regions import demonym_region
from spacy_anon.generalize.shapes import shape_classes
from spacy_anon.generalize.vacuous import is_vacuous

# passes(class, implied): whether a class (or one of the phrases implied by it) passes the class-level test
ClassTest = Callable[[str, Sequence[str]], bool]


def class_for(span: Span, label: str, unit: Optional[str], *, sense: Any, chain: List[Tuple[str, Optional[int]]],
              passes: ClassTest, lang: str = "en", min_depth: int = 0,
              regions: bool = True) -> Optional[Tuple[str, str]]:
    """(coarse class, source) of the span that passes, else None. sense: the WordNet sense of its head
    (None for names), chain: its generalization chain ([] for names), unit: its whole-unit class."""
    lexfile = None
    if sense is not None:
        try:
            lexfile = sense.lexfile()
        except Exception:  # a lexicon without lexicographer files: anchors and units decide
            lexfile = None

    def vacuous(cls: str, lab: Optional[str]) -> bool:
        return is_vacuous(cls, lab, None, min_depth, lang)

    if regions and lang == "en":
        doc = span.doc
        region = demonym_region(span.text, doc[span.start - 1].text if span.start else "",
                                doc[span.end].text if span.end < len(doc) else "")
        if region is not None and passes(region[0], region[1]):
            return region[0], "region"
    # the span's own words ("Marvel Comics": publisher, else company): the first class that passes
    shapes = shape_classes(span, lang) if label not in NAME_LABELS else ()
    shape = next((c for c in shapes if not vacuous(c, label) and not shares_word(c, span.text)
                  and passes(c, ())), None)
    found = coarse_class(span.text, label, chain, lexfile, unit, vacuous, shape=shape)
    if found is None:
        return None
    return found if passes(found[0], ()) else None


__all__ = ["ClassTest", "class_for"]
