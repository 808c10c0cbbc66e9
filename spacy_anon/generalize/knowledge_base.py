"""A knowledge base of classes for named entities (e.g. WikiActors' Wikipedia categories per term), used to
generalize a name or title by what it is ("Gia" -> "a film")."""
from pathlib import Path
from typing import Dict, Optional, Union


class KnowledgeBase:
    """term (lower case, spaces) -> class phrase ("film", "television series")."""

    def __init__(self, classes: Optional[Dict[str, str]] = None) -> None:
        self.classes: Dict[str, str] = dict(classes or {})

    @classmethod
    def from_path(cls, path: Union[str, Path]) -> "KnowledgeBase":
        raise NotImplementedError

    def lookup(self, term: str) -> Optional[str]:
        return self.classes.get(" ".join(term.lower().split()))
