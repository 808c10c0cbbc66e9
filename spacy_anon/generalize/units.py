"""Whole-unit generalization: titles of works, names and multiword expressions are replaced as one unit by
their class ("a film", "a television series", "a memoir") instead of word by word."""
from typing import Any, Optional

from spacy.tokens import Span


def unit_generalization(span: Span, lang: str = "en", knowledge_base: Optional[Any] = None) -> Optional[str]:
    """The class of a span that is one unit (a title, a name, a multiword expression), without article;
    None when the span is not such a unit or its class is unknown (the WordNet walk decides then)."""
    return None
