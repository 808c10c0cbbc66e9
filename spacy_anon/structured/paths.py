"""Field patterns: dotted names reaching nested objects ("patient.notes") and list items ("notes.*.text").

A pattern expands, on one record, to concrete paths: tuples of keys and list indices. "*" stands for every
item of a list (or every value of an object). Pure functions; messages name fields, never values.
"""
from typing import Any, Dict, Iterator, List, Sequence, Tuple, Union

from spacy_anon.errors import Errors

Key = Union[str, int]
Path = Tuple[Key, ...]
FieldPattern = Tuple[str, ...]
STAR = "*"


def parse_pattern(name: str) -> FieldPattern:
    """The parts of a dotted pattern; ValueError for an empty part."""
    parts = tuple(name.split("."))
    if not name or not all(parts):
        raise ValueError(Errors.E808.format(name=name))
    return parts


def path_name(path: Path) -> str:
    """The dotted name of a concrete path ("notes.0.text")."""
    return ".".join(str(p) for p in path)


def expand(obj: Any, pattern: FieldPattern) -> Iterator[Tuple[Path, Any]]:
    """(concrete path, value) of every place `pattern` reaches in `obj`; missing levels reach nothing."""
    def walk(value: Any, rest: Sequence[str], at: Path) -> Iterator[Tuple[Path, Any]]:
        if not rest:
            yield at, value
            return
        head, tail = rest[0], rest[1:]
        if head == STAR:
            if isinstance(value, list):
                for i, item in enumerate(value):
                    yield from walk(item, tail, at + (i,))
            elif isinstance(value, dict):
                for key, item in value.items():
                    yield from walk(item, tail, at + (key,))
        elif isinstance(value, dict) and head in value:
            yield from walk(value[head], tail, at + (head,))
        elif isinstance(value, list) and head.isdigit() and int(head) < len(value):
            yield from walk(value[int(head)], tail, at + (int(head),))

    yield from walk(obj, pattern, ())


def overlapping(a: FieldPattern, b: FieldPattern) -> bool:
    """Whether two patterns may reach the same place (or one a place inside the other)."""
    for x, y in zip(a, b):
        if x != y and STAR not in (x, y):
            return False
    return True


def put_path(out: Any, source: Any, path: Path, value: Any) -> Any:
    """Set `value` at `path` in `out` (created level by level in the shape of `source`: a list where the
    source has a list, of the same length, its unselected items None); RETURNS the (new) root."""
    if not path:
        return value
    head, tail = path[0], path[1:]
    if isinstance(source, list):
        if not isinstance(out, list):
            out = [None] * len(source)
        child = out[head] if out[head] is not None else (None if not tail else ({} if isinstance(source[head], dict) else None))
        out[head] = put_path(child, source[head], tail, value)
        return out
    if not isinstance(out, dict):
        out = {}
    out[head] = put_path(out.get(head), source[head] if isinstance(source, dict) else None, tail, value)
    return out


def project(source: Dict[str, Any], values: List[Tuple[Path, Any]]) -> Dict[str, Any]:
    """A new object holding only `values` at their paths, shaped as `source` (values in the given order)."""
    out: Dict[str, Any] = {}
    for path, value in values:
        out = put_path(out, source, path, value)
    return out
