"""Strict JSON: what Python's json module accepts but cannot be written back as valid UTF-8 JSON
(NaN, Infinity, 1e999, lone surrogate escapes), duplicate keys (which one is the document?) and nesting
deep enough to exhaust the recursion limit are all refused, with a reason that never quotes the content.

The CLI's JSONL input, the corpus readers and the review records all parse with `loads_strict`, so the
same line is valid (or not) everywhere; `dumps_jsonl` writes what `loads_strict` reads back.
"""
import json
import math
import re
from typing import Any, Dict, List, Tuple

from spacy_anon.errors import Errors

# JSON nested deeper than this is refused: Python's json (reading or writing) would run out of recursion.
MAX_JSON_DEPTH = 500
# Input fields whose name may appear in a message (schema names, never content).
_NAMED_FIELDS = ("id", "text", "subject", "doc_id")


class _Rejected(ValueError):
    """A value the strict reader refuses; the message is the reason, never the content."""


def _reject_constant(_name: str) -> Any:
    raise _Rejected("non-finite number (NaN or Infinity)")


def _finite_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _Rejected("number out of range (not finite)")
    return value


def _unique_keys(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    obj: Dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _Rejected(f'duplicate key "{key}"' if key in _NAMED_FIELDS else "duplicate key in an object")
        obj[key] = value
    return obj


# A \uD800-\uDFFF escape; only then can a parsed string hold a surrogate (the bytes are strict UTF-8).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _has_lone_surrogate(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _deeper_than(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def loads_strict(line: str) -> Any:
    """`json.loads` that raises ValueError (a reason without content) for what `dumps_jsonl` could not
    write back: non-finite numbers, duplicate keys, lone surrogate escapes, excessive nesting."""
    try:
        obj = json.loads(line, parse_constant=_reject_constant, parse_float=_finite_float,
                         object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as err:
        # err.msg is the parser's reason ("Expecting ',' delimiter"), never the content.
        raise ValueError(Errors.E812.format(msg=err.msg, colno=err.colno)) from None
    except _Rejected as err:
        raise ValueError(Errors.E813.format(err=err)) from None
    except RecursionError:
        raise ValueError(Errors.E814) from None
    except ValueError:  # an integer with more digits than Python converts
        raise ValueError(Errors.E815) from None
    if line.count("[") + line.count("{") > MAX_JSON_DEPTH and _deeper_than(obj, MAX_JSON_DEPTH):
        raise ValueError(Errors.E803.format(max_json_depth=MAX_JSON_DEPTH))
    if _SURROGATE_ESCAPE.search(line) and _has_lone_surrogate(obj):
        raise ValueError(Errors.E804)
    return obj



def dumps_jsonl(obj: Dict[str, Any]) -> str:
    """One JSON line (UTF-8 characters kept as they are; NaN/Infinity refused: they are not JSON)."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False) + "\n"
