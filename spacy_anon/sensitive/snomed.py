"""A hook for SNOMED CT: read a user's licensed release (RF2 snapshot) as a `Taxonomy`.

No SNOMED CT data ships with this package (its licence does not allow it). Point `snomed_path` at the
folder of an RF2 release (or at its `Snapshot/Terminology` folder): the loader reads the active rows of
`sct2_Description_*Snapshot*.txt` (synonyms and fully specified names) and `sct2_Relationship_*Snapshot*.txt`
("is a" relations, typeId 116680003). Concepts, lemmas and "is a" parents are all it keeps.
"""
import csv
import re
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Union

from spacy_anon.errors import Errors

IS_A = "116680003"
FULLY_SPECIFIED_NAME = "900000000000003001"
_SEMANTIC_TAG = re.compile(r"\s*\([^()]*\)\s*$")


def _rf2_file(root: Path, kind: str) -> Optional[Path]:
    found = sorted(p for p in root.rglob(f"sct2_{kind}_*.txt") if "Snapshot" in p.name and "Stated" not in p.name)
    return found[0] if found else None


def _rows(path: Path):
    with path.open(encoding="utf8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if row.get("active", "1") == "1":
                yield row


class SnomedTaxonomy:
    """The "is a" hierarchy and the descriptions of a SNOMED CT RF2 release."""

    name = "snomed"

    def __init__(self, path: Union[str, Path]) -> None:
        root = Path(path)
        if not root.exists():
            raise FileNotFoundError(Errors.E356.format(path=str(path)))
        descriptions = _rf2_file(root, "Description") if root.is_dir() else root
        relationships = _rf2_file(root, "Relationship") if root.is_dir() else None
        if descriptions is None or relationships is None:
            raise ValueError(Errors.E357.format(path=str(path)))
        self._lemmas: Dict[str, List[str]] = {}
        self._by_term: Dict[str, List[str]] = {}
        names: List[Tuple[str, str, bool]] = []
        for row in _rows(descriptions):
            fsn = row["typeId"] == FULLY_SPECIFIED_NAME
            term = _SEMANTIC_TAG.sub("", row["term"]) if fsn else row["term"]
            names.append((row["conceptId"], term, fsn))
        for concept, term, fsn in sorted(names, key=lambda n: n[2]):  # synonyms before names with tags
            lemmas = self._lemmas.setdefault(concept, [])
            if term not in lemmas:
                lemmas.append(term)
                self._by_term.setdefault(term.lower(), []).append(concept)
        self._parents: Dict[str, List[str]] = {}
        self._children: Dict[str, List[str]] = {}
        for row in _rows(relationships):
            if row["typeId"] == IS_A:
                self._parents.setdefault(row["sourceId"], []).append(row["destinationId"])
                self._children.setdefault(row["destinationId"], []).append(row["sourceId"])

    def __len__(self) -> int:
        return len(self._lemmas)

    def concepts(self, term: str) -> List[str]:
        return list(self._by_term.get(" ".join(term.split()).lower(), []))

    def lemmas(self, concept: str) -> List[str]:
        return list(self._lemmas.get(concept, []))

    def descendants(self, concept: str) -> List[str]:
        out: List[str] = []
        seen = {concept}
        stack = list(self._children.get(concept, []))
        while stack:
            child = stack.pop(0)
            if child in seen:
                continue
            seen.add(child)
            out.append(child)
            stack.extend(self._children.get(child, []))
        return out

    def ancestors(self, concept: str) -> List[str]:
        chain: List[str] = []
        seen = {concept}
        current = concept
        while True:
            parents = [p for p in sorted(self._parents.get(current, [])) if p not in seen]
            if not parents:
                return chain
            current = parents[0]
            seen.add(current)
            lemmas = self._lemmas.get(current)
            if lemmas:
                chain.append(lemmas[0])

    def domain(self, concept: str) -> Optional[str]:
        return None
