"""Gazetteers for CRF features: sets of lowercased word tokens, loaded from Faker or from list files.

A source spec is a string:
- `faker:<provider>.<attribute>:<locale>[,<locale>...]`, e.g. `faker:person.first_names:en_US,es_ES`
  (Faker is MIT-licensed, so models may ship these terms);
- `file:<path>` or a plain path: one entry per line, `#` lines are comments (e.g. the deid package's
  GPL lists, read from the user's copy at training time; such a trained model then contains those terms
  and inherits their licence, so never ship it);
- `package:<name>`: a list shipped in `spacy_anon/data/gazetteers/<name>.txt` (e.g. `package:demonyms`);
- `geonames:cities...`, `pycountry:countries...`, `pycountry:subdivisions...`: place names from GeoNames and
  ISO 3166 (`spacy_anon.lexicon.place_names`).
"""
import importlib
import re
from pathlib import Path
from typing import Dict, FrozenSet, Iterable, List, Set

from spacy_anon.errors import Errors
from spacy_anon.lexicon.place_names import place_names

_WORD_RE = re.compile(r"[^\W\d_]+")


def words_of(entries: Iterable[str], min_length: int = 2) -> FrozenSet[str]:
    """Lowercased letter runs of every entry (a token-level gazetteer)."""
    terms: Set[str] = set()
    for entry in entries:
        for word in _WORD_RE.findall(str(entry).lower()):
            if len(word) >= min_length:
                terms.add(word)
    return frozenset(terms)


_PHRASE_TOKEN_RE = re.compile(r"\d+|[^\W\d_]+|[^\w\s]|_")  # the taggers' tokenizer (char_class_tokenizer)
PHRASE_PREFIX = "phrase:"  # gazetteer names of phrase gazetteers inside a CRF's stored terms


def phrases_of(entries: Iterable[str]) -> FrozenSet[str]:
    """Lowercased entries as space-joined tokens of the taggers' tokenizer ("St. Mary's" -> "st . mary ' s")."""
    terms: Set[str] = set()
    for entry in entries:
        tokens = _PHRASE_TOKEN_RE.findall(str(entry).lower())
        if tokens:
            terms.add(" ".join(tokens))
    return frozenset(terms)


def load_gazetteer(spec: str, phrases: bool = False) -> FrozenSet[str]:
    """Load one gazetteer from a source spec (see module docstring); whole entries when `phrases`."""
    convert = phrases_of if phrases else words_of
    if spec.startswith("faker:"):
        _, what, locales = spec.split(":", 2)
        provider, attribute = what.rsplit(".", 1)
        entries: list = []
        for locale in locales.split(","):
            module = importlib.import_module(f"faker.providers.{provider}.{locale.strip()}")
            values = getattr(module.Provider, attribute)
            if isinstance(values, dict):  # weighted names {name: weight}, or {"01": "enero"}
                keys = list(values)
                values = keys if any(str(k).isalpha() for k in keys) else list(values.values())
            entries.extend(values)
        return convert(entries)
    if spec.startswith(("geonames:", "pycountry:")):
        return convert(place_names(spec))
    return convert(gazetteer_entries(spec))


def gazetteer_entries(spec: str) -> List[str]:
    """The entries of a list source (`package:NAME`, `file:PATH` or a path) as written: one per line,
    `#` lines and blank lines skipped."""
    if spec.startswith("package:"):
        path = Path(__file__).resolve().parents[1] / "data" / "gazetteers" / (spec[8:] + ".txt")
        if not path.exists():
            shipped = sorted(p.stem for p in path.parent.glob("*.txt"))
            raise ValueError(Errors.E002.format(spec=spec, shipped=', '.join(shipped)))
    else:
        path = Path(spec[5:] if spec.startswith("file:") else spec)
    with path.open(encoding="utf8", errors="replace") as handle:
        return [line.strip() for line in handle if line.strip() and not line.startswith("#")]


def load_gazetteers(specs: Dict[str, str], phrases: bool = False) -> Dict[str, FrozenSet[str]]:
    """Load {name: spec}; a spec may list several sources separated by `|`."""
    result: Dict[str, FrozenSet[str]] = {}
    for name, spec in specs.items():
        terms: Set[str] = set()
        for part in spec.split("|"):
            if part.strip():
                terms |= load_gazetteer(part.strip(), phrases)
        result[name] = frozenset(terms)
    return result
