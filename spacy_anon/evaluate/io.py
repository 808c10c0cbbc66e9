"""Reading system outputs: masks files and the JSONL written by `spacy-anon anonymize`."""
import json
import re
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Union

from spacy_anon.corpora.base import CorpusFormatError
from spacy_anon.corpora.readers import iter_jsonl_objects
from spacy_anon.errors import Errors

# A system span: (start, end, label, entity, replacement); missing values are None.
SysSpan = Tuple[int, int, Optional[str], Optional[str], Optional[str]]
_LABEL_RE = re.compile(r"^[A-Z][A-Z0-9_\-]*$")


def _span_from_list(item, where: str) -> SysSpan:
    if not isinstance(item, (list, tuple)) or len(item) < 2:
        raise CorpusFormatError(Errors.E735.format(where=where))
    start, end = int(item[0]), int(item[1])
    third = item[2] if len(item) > 2 else None
    if third is None:
        return (start, end, None, None, None)
    third = str(third)
    if _LABEL_RE.match(third):
        return (start, end, third, None, None)
    # INTACT / manual baselines: [start, end, replacement]
    return (start, end, None, None, third)


def load_system(path: Union[str, Path]) -> Dict[str, List[SysSpan]]:
    """System output as `{doc_id: [(start, end, label, entity, replacement), ...]}`.

    Accepts:
    - a masks file `{doc_id: [[start, end], ...]}` / `[[start, end, label], ...]` (the baselines in
      ../shared/data/*/baselines); a third element that is not an UPPER_CASE label is taken as a
      replacement string (INTACT manual baseline `[start, end, replacement]`);
    - `spacy-anon anonymize` JSONL: one `{"id", "anonymized", "spans": [{"start", "end", "label",
      "entity", "identifier", "replacement", ...}]}` per line (`doc_id` is accepted for `id`; only the
      ids and span offsets are read, so the original text need not be in the file).
    """
    path = Path(path)
    if not path.exists():
        raise CorpusFormatError(Errors.E715.format(path=path))
    text = path.read_text(encoding="utf8")
    stripped = text.lstrip()
    if path.suffix == ".jsonl" or (stripped.startswith("{") and "\n{" in stripped.rstrip() and not _is_json(stripped)):
        return _load_jsonl(path, text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise CorpusFormatError(Errors.E714.format(path=path, lineno=err.lineno, msg=err.msg)) from None
    if not isinstance(data, dict):
        raise CorpusFormatError(Errors.E736.format(path=path))
    out: Dict[str, List[SysSpan]] = {}
    for doc_id, spans in data.items():
        if not isinstance(spans, list):
            raise CorpusFormatError(Errors.E737.format(path=path, doc_id=doc_id))
        out[str(doc_id)] = [_span_from_list(s, f"{path}: doc {doc_id!r} span {k}") for k, s in enumerate(spans)]
    return out


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
        return True
    except json.JSONDecodeError:
        return False


def _load_jsonl(path: Path, text: str) -> Dict[str, List[SysSpan]]:
    out: Dict[str, List[SysSpan]] = {}
    for lineno, obj in iter_jsonl_objects(path):
        where = f"{path}:{lineno}"
        doc_id = obj.get("id", obj.get("doc_id"))
        if doc_id is None:
            raise CorpusFormatError(Errors.E738.format(where=where))
        spans = []
        for k, s in enumerate(obj.get("spans") or []):
            if isinstance(s, dict):
                if "start" not in s or "end" not in s:
                    raise CorpusFormatError(Errors.E739.format(where=where, k=k))
                spans.append((int(s["start"]), int(s["end"]), s.get("label"), s.get("entity"), s.get("replacement")))
            else:
                spans.append(_span_from_list(s, f"{where} span {k}"))
        out.setdefault(str(doc_id), []).extend(spans)
    return out
