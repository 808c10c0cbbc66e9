"""Reading the inputs of an attack and of a utility measure into plain `{id: text}` dicts.

- Background knowledge: `{name: text}`, or the re-identification records of WikiActors
  (`[{"name", "public_knowledge", ...}]`).
- Anonymized documents: the JSONL of `spacy-anon anonymize` (`{"id", "anonymized"}` per line),
  `{id: text}`, or re-identification records with a field (`"spacy_abstract"`, ...).
- Masks files (`{id: [[start, end], ...]}`, the baselines of TAB-format corpora) become masked text
  with `apply_masks`, given the original texts.

Ids of anonymized documents are the true individuals: they are used for scoring only.
"""
import json
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

from spacy_anon.errors import Errors

PathLike = Union[str, Path]
Texts = Dict[str, str]

BLACK_OUT = "***"
# Values of a record field that mean "no text" in the WikiActors records.
_MISSING = (None, "", "None")


def _read_json_or_jsonl(path: Path):
    text = path.read_text(encoding="utf8")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def _records_field(records: Sequence[dict], field: str, path: PathLike) -> Texts:
    if records and not any(field in r for r in records):
        raise ValueError(Errors.E852.format(path=path, field=field, fields=sorted(records[0])))
    return {str(r["name"]): r[field] for r in records if r.get(field) not in _MISSING}


def load_background(source: Union[PathLike, Texts, Sequence[dict]]) -> Texts:
    """Background knowledge as `{individual: text}` (a dict is returned as is)."""
    data = source
    if isinstance(source, (str, Path)):
        data = _read_json_or_jsonl(Path(source))
    if isinstance(data, dict) and all(isinstance(v, str) for v in data.values()):
        return {str(k): v for k, v in data.items()}
    if isinstance(data, list) and data and all(isinstance(r, dict) and "name" in r for r in data):
        return _records_field(data, "public_knowledge", source if isinstance(source, (str, Path)) else "<records>")
    raise ValueError(Errors.E850.format(path=source if isinstance(source, (str, Path)) else "<data>"))


def load_texts(source: Union[PathLike, Texts, Sequence[dict]], field: Optional[str] = None) -> Texts:
    """Anonymized (or original) documents as `{id: text}`.

    field: for re-identification records, the field to read (e.g. "manual_abstract"); for JSONL
        records, the text field (default: "anonymized", else "text").
    """
    where: PathLike = source if isinstance(source, (str, Path)) else "<data>"
    data = source
    if isinstance(source, (str, Path)):
        data = _read_json_or_jsonl(Path(source))
    if isinstance(data, dict) and ("id" in data or "doc_id" in data) and not isinstance(data.get("id", ""), dict):
        data = [data]  # a one-line JSONL file
    if isinstance(data, dict) and all(isinstance(v, str) for v in data.values()):
        return {str(k): v for k, v in data.items()}
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        if "name" in data[0] and ("public_knowledge" in data[0] or field):
            return _records_field(data, field or "original_abstract", where)
        out: Texts = {}
        for r in data:
            doc_id = r.get("id", r.get("doc_id"))
            key = field or ("anonymized" if "anonymized" in r else "text")
            if doc_id is None or not isinstance(r.get(key), str):
                raise ValueError(Errors.E851.format(path=where))
            out[str(doc_id)] = r[key]
        return out
    raise ValueError(Errors.E851.format(path=where))


def load_tab_texts(path: PathLike) -> Texts:
    """`{doc_id: text}` of a TAB-format corpus (a list of `{"doc_id", "text", "annotations"}`)."""
    data = json.loads(Path(path).read_text(encoding="utf8"))
    return {str(d["doc_id"]): d["text"] for d in data}


def apply_masks(text: str, spans: Sequence[Sequence], replacement: str = BLACK_OUT) -> str:
    """The text with each span replaced: by its replacement (a third item that is not a label), by
    `[LABEL]` (an upper-case third item), or by `replacement`. Overlapping spans are merged first."""
    items: List[Tuple[int, int, Optional[str]]] = []
    for span in sorted((tuple(s) for s in spans), key=lambda s: (int(s[0]), -int(s[1]))):
        start, end = int(span[0]), int(span[1])
        third = span[2] if len(span) > 2 else None
        if items and start < items[-1][1]:
            prev = items[-1]
            items[-1] = (prev[0], max(prev[1], end), prev[2])
            continue
        items.append((start, end, third))
    out, pos = [], 0
    for start, end, third in items:
        out.append(text[pos:start])
        if third is None:
            out.append(replacement)
        elif str(third).replace("_", "").isupper() and not str(third).startswith("["):
            out.append(f"[{third}]")
        else:
            out.append(str(third))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def load_masked(masks: PathLike, originals: Texts, replacement: str = BLACK_OUT) -> Texts:
    """`{id: masked text}` from a masks file `{id: [[start, end(, label)], ...]}` and the original texts."""
    data = json.loads(Path(masks).read_text(encoding="utf8"))
    return {str(k): apply_masks(originals[str(k)], v, replacement) for k, v in data.items() if str(k) in originals}
