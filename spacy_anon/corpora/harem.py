"""HAREM golden collections (Portuguese): the XML of the Segundo HAREM (`<EM CATEG=...>`) and the SGML of
the Colecção Dourada (`<PESSOA ...>`), read into gold records with exact character offsets."""
import html
import re
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple, Union

from spacy.tokens import Doc

from spacy_anon.corpora.base import CorpusFormatError, GoldRecord, GoldSpan, records_to_docs
from spacy_anon.errors import Errors

PathLike = Union[str, Path]

_TAG = re.compile(r"<(/?)([A-Za-z_][\w.-]*)([^>]*?)(/?)>")
_ATTR = re.compile(r'([A-Za-z_]+)\s*=\s*"([^"]*)"')
_HAREM_CATS = {"PESSOA", "LOCAL", "ORGANIZACAO", "TEMPO", "VALOR", "ABSTRACCAO",
               "ACONTECIMENTO", "COISA", "OBRA", "OUTRO", "VARIADO"}
_HAREM_META = {"DOCID", "GENERO", "ORIGEM"}


def _decode_harem(path: Path) -> str:
    raw = path.read_bytes()
    head = raw[:200].decode("ascii", errors="ignore")
    m = re.search(r'encoding="([^"]+)"', head)
    encoding = m.group(1) if m else None
    for enc in ([encoding] if encoding else []) + ["utf8", "latin-1"]:
        try:
            return raw.decode(enc)
        except (UnicodeDecodeError, LookupError):
            continue
    raise CorpusFormatError(Errors.E704.format(path=path))


def iter_harem_records(path: PathLike) -> Iterator[GoldRecord]:
    """HAREM golden collections, both the XML (`<EM CATEG="PESSOA|..." ...>`) and SGML variants.

    - Label = the first category of `CATEG` (XML) or the tag name (SGML); the full
      `CATEG`/`TIPO`/`SUBTIPO` strings go to `GoldRecord.meta["attrs"]`.
    - `<ALT>a|b</ALT>`: only the first alternative is kept (text and entities).
    - `<OMITIDO>`: text kept, entities inside dropped (excluded from HAREM's evaluation).
    - Whitespace runs are collapsed to one space (the SGML file keeps its line breaks); `<p>` -> "\n".
    """
    path = Path(path)
    data = _decode_harem(path)
    # line number of a character position, for errors
    line_starts = [0] + [m.end() for m in re.finditer("\n", data)]

    def line_of(pos: int) -> int:
        import bisect

        return bisect.bisect_right(line_starts, pos)

    sgml = "<EM " not in data  # the SGML collection keeps its line breaks; XML indentation does not
    doc = None
    pos = 0
    for m in _TAG.finditer(data):
        text_piece = data[pos:m.start()]
        pos = m.end()
        closing, name, attrs_s, selfclose = m.group(1) == "/", m.group(2).upper(), m.group(3), m.group(4)
        if doc is not None:
            doc.add_text(text_piece)
        if name == "DOC":
            if not closing:
                if doc is not None:
                    raise CorpusFormatError(Errors.E731.format(path=path, line=line_of(m.start())))
                attrs = dict(_ATTR.findall(attrs_s))
                doc = _HaremDoc(path, attrs.get("DOCID"), line_of(m.start()), keep_newlines=sgml)
            else:
                if doc is None:
                    raise CorpusFormatError(Errors.E732.format(path=path, line=line_of(m.start())))
                yield doc.finish(line_of(m.start()))
                doc = None
            continue
        if doc is None:
            continue
        doc.tag(closing, name, dict(_ATTR.findall(attrs_s)), bool(selfclose), line_of(m.start()))
    if doc is not None:
        raise CorpusFormatError(Errors.E712.format(path=path, line=doc.line))


class _HaremDoc:
    def __init__(self, path: Path, doc_id: Optional[str], line: int, keep_newlines: bool = False):
        self.path, self.doc_id, self.line = path, doc_id, line
        self.keep_newlines = keep_newlines
        self.parts: List[str] = []
        self.length = 0
        self.stack: List[Tuple[str, Optional[dict]]] = []  # (tag, open entity info)
        self.spans: List[GoldSpan] = []
        self.attrs: List[dict] = []
        self.alt_depth = 0
        self.alt_skip = False  # inside the 2nd+ alternative of an ALT
        self.omitted = 0
        self.meta_tag: Optional[str] = None
        self.meta: Dict[str, str] = {}

    def _append(self, s: str):
        s = html.unescape(s)
        if self.keep_newlines:
            s = re.sub(r"[^\S\n]*\n\s*", "\n", s)
            s = re.sub(r"[^\S\n]+", " ", s)
        else:
            s = re.sub(r"\s+", " ", s)
        prev = self.parts[-1][-1] if self.parts else ""
        if prev in ("", "\n"):
            s = s.lstrip(" \n")
        elif prev == " ":
            s = s.lstrip(" ")
        if s:
            self.parts.append(s)
            self.length += len(s)

    def add_text(self, s: str):
        if self.meta_tag:
            self.meta[self.meta_tag] = self.meta.get(self.meta_tag, "") + s.strip()
            return
        if self.alt_depth and not self.alt_skip and "|" in s:
            head, _, _ = s.partition("|")
            self._append(head.rstrip())
            self.alt_skip = True
            return
        if self.alt_skip:
            return
        self._append(s)

    def tag(self, closing: bool, name: str, attrs: dict, selfclose: bool, line: int):
        where = f"{self.path}:{line}"
        if name in _HAREM_META:
            self.meta_tag = None if closing else name
            return
        if name == "ALT":
            if closing:
                self.alt_depth -= 1
                if self.alt_depth == 0:
                    self.alt_skip = False
            else:
                self.alt_depth += 1
            return
        if name == "OMITIDO":
            self.omitted += -1 if closing else 1
            return
        if name in ("P", "TEXTO"):
            if not self.alt_skip and self.parts and self.parts[-1][-1] != "\n":
                self.parts.append("\n")
                self.length += 1
            return
        is_entity = name == "EM" or name in _HAREM_CATS
        if not is_entity:
            return
        if selfclose:
            return
        if not closing:
            if name == "EM":
                categ = attrs.get("CATEG", "OUTRO")
            else:
                categ = name
            info = {"categ": categ, "attrs": attrs, "line": line, "skip": self.alt_skip}
            self.stack.append((name, info))
            info["start"] = self.length
            return
        if not self.stack or self.stack[-1][0] != name:
            raise CorpusFormatError(Errors.E724.format(where=where, name=name))
        _, info = self.stack.pop()
        if info["skip"] or self.alt_skip or self.omitted:
            return
        text = "".join(self.parts)
        start, end = info["start"], self.length
        while start < end and text[start] in " \n":
            start += 1
        while end > start and text[end - 1] in " \n":
            end -= 1
        if start >= end:
            return
        label = info["categ"].split("|")[0] or "OUTRO"
        self.spans.append(
            GoldSpan(start, end, label, entity=info["attrs"].get("ID"), where=f"{self.path}:{info['line']}")
        )
        self.attrs.append({k: v for k, v in info["attrs"].items() if k in ("CATEG", "TIPO", "SUBTIPO")})

    def finish(self, line: int) -> GoldRecord:
        if self.stack:
            raise CorpusFormatError(Errors.E725.format(path=self.path, line=self.stack[-1][1]['line'],
                                                       stack=self.stack[-1][0]))
        text = "".join(self.parts).strip("\n ")
        # strip can only remove leading chars if text started with them; offsets are from the join
        lead = len("".join(self.parts)) - len("".join(self.parts).lstrip("\n "))
        spans = [
            GoldSpan(s.start - lead, s.end - lead, s.label, entity=s.entity, where=s.where) for s in self.spans
        ]
        doc_id = self.doc_id or self.meta.get("DOCID") or f"{self.path.name}:{self.line}"
        meta = {k.lower(): v for k, v in self.meta.items() if k != "DOCID"}
        meta["attrs"] = self.attrs
        return GoldRecord(doc_id=doc_id, text=text, spans=spans, where=f"{self.path}:{self.line}", meta=meta)


def read_harem(
    path: PathLike, nlp, strict: bool = True, warnings: Optional[List[str]] = None
) -> Iterator[Doc]:
    """Docs from a HAREM golden collection (XML or SGML); labels PESSOA, LOCAL, ORGANIZACAO, TEMPO..."""
    return records_to_docs(nlp, iter_harem_records(path), strict=strict, warnings=warnings)
