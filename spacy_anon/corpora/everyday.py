"""The everyday set: hand-written documents of the kinds users bring to an anonymizer, annotated inline.

The set lives in a source checkout at `assets/everyday/docs/<genre>/<nn>.txt` (not in the installed
package). Each file is plain text with inline markup `⟦LABEL|text⟧` or `⟦LABEL/FINE|text⟧`; the
characters ⟦ ⟧ | never occur in the text itself, so the markup parses without escapes. Documents 01-07
of a genre are the `dev` split, 08-11 the `test` split (see assets/everyday/README.md and GUIDELINE.md).

`parse_markup` is a pure function (marked text -> plain text and spans, malformed markup refused with a
coded error); `iter_everyday` yields plain dicts; `iter_everyday_records` gives the `GoldRecord`s of
the other corpus readers (`spacy_anon.corpora.read_everyday` makes `Doc`s).
`python -m spacy_anon.corpora.everyday strip OUTDIR` writes the texts without markup, for a second annotator.
"""
import argparse
import re
import sys
from pathlib import Path
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from spacy_anon.corpora.base import CorpusFormatError, GoldRecord, GoldSpan
from spacy_anon.errors import Errors
from spacy_anon.labels import EVERYDAY

PathLike = Union[str, Path]

OPEN, CLOSE, SEP = "\u27e6", "\u27e7", "|"

# The twelve genres of the set, in the order the benchmark reports them.
EVERYDAY_GENRES = (
    "email", "chat", "hr-letter", "clinical-letter", "caps-notes", "support-ticket",
    "incident-report", "cv", "social", "legal-letter", "form", "transcript",
)
LABELS = ("PERSON", "ORG", "LOC", "ADDRESS", "DATETIME", "CONTACT", "ID", "AGE", "DEM", "QUANTITY", "MISC")
FINE_TYPES: Dict[str, Tuple[str, ...]] = {
    "CONTACT": ("EMAIL", "PHONE", "URL", "IP"),
    "ID": ("MRN", "EMPLOYEE", "CASE", "ACCOUNT", "IBAN", "CARD", "NATIONAL", "PLATE", "OTHER"),
}
# The set's labels -> spacy-anon categories (an address is a place; the rest are categories already).
LABEL_MAP: Dict[str, str] = EVERYDAY
SPLITS = ("dev", "test")
DEV_LAST = 7  # documents 01..07 are dev, 08.. are test
# Field keys and headers the guideline says are never part of a span.
FIELD_KEYS = (
    "MRN", "DOB", "Tel", "Phone", "E-mail", "Case No", "Staff id", "Date of birth", "Discharge summary",
    "Subject", "From", "To", "Re",
)

_DOC_NAME = re.compile(r"^(\d{2})\.txt$")
_HEAD = re.compile(r"^([A-Z]+)(?:/([A-Z]+))?$")


def default_folder() -> Path:
    """assets/everyday/docs of the source checkout this package was imported from."""
    return Path(__file__).resolve().parents[2] / "assets" / "everyday" / "docs"


def split_of(number: int) -> str:
    """`dev` for documents 1-7 of a genre, `test` for 8 and above."""
    return "dev" if number <= DEV_LAST else "test"


def _where(source: str, marked: str, offset: int) -> str:
    line = marked.count("\n", 0, offset) + 1
    return f"{source or '<text>'}:{line}"


def parse_markup(marked: str, source: str = "") -> Tuple[str, List[dict]]:
    """Plain text and spans of a marked-up document.

    marked (str): text with `⟦LABEL|text⟧` / `⟦LABEL/FINE|text⟧` spans (no nesting).
    source (str): file name used in error messages.
    RETURNS (tuple): (text, spans), each span {"start", "end", "label", "type", "text"} in offsets of the
        plain text (end exclusive); `type` is the fine type, or the label when there is none.
    Raises `CorpusFormatError` ([E747]-[E756]) naming the file and line of malformed markup.
    """
    out: List[str] = []
    spans: List[dict] = []
    pos = 0  # position in `marked`
    length = 0  # length of the plain text written so far
    n = len(marked)
    while pos < n:
        nxt = min((i for i in (marked.find(c, pos) for c in (OPEN, CLOSE, SEP)) if i >= 0), default=n)
        out.append(marked[pos:nxt])
        length += nxt - pos
        if nxt == n:
            break
        if marked[nxt] != OPEN:
            raise CorpusFormatError(Errors.E749.format(where=_where(source, marked, nxt), char=marked[nxt]))
        sep = marked.find(SEP, nxt + 1)
        close = marked.find(CLOSE, nxt + 1)
        inner_open = marked.find(OPEN, nxt + 1)
        if close < 0:
            if 0 <= inner_open:
                raise CorpusFormatError(Errors.E748.format(where=_where(source, marked, inner_open)))
            raise CorpusFormatError(Errors.E747.format(where=_where(source, marked, nxt)))
        if 0 <= inner_open < close:
            raise CorpusFormatError(Errors.E748.format(where=_where(source, marked, inner_open)))
        where = _where(source, marked, nxt)
        if sep < 0 or sep > close:
            raise CorpusFormatError(Errors.E753.format(where=where))
        head_match = _HEAD.match(marked[nxt + 1:sep])
        if not head_match:
            raise CorpusFormatError(Errors.E753.format(where=where))
        label, fine = head_match.group(1), head_match.group(2)
        if label not in LABELS:
            raise CorpusFormatError(Errors.E754.format(where=where, label=label, known=", ".join(LABELS)))
        if fine is not None and fine not in FINE_TYPES.get(label, ()):
            known = ", ".join(f"{lab}/{f}" for lab, fines in FINE_TYPES.items() for f in fines)
            raise CorpusFormatError(Errors.E755.format(where=where, label=label, fine=fine, known=known))
        body = marked[sep + 1:close]
        if SEP in body:
            raise CorpusFormatError(Errors.E749.format(where=_where(source, marked, sep + 1 + body.index(SEP)),
                                                       char=SEP))
        if not body or body != body.strip():
            raise CorpusFormatError(Errors.E756.format(where=where, label=label))
        spans.append({"start": length, "end": length + len(body), "label": label, "type": fine or label,
                      "text": body})
        out.append(body)
        length += len(body)
        pos = close + 1
    return "".join(out), spans


def _check_choice(what: str, values: Optional[Iterable[str]], known: Sequence[str]) -> Optional[List[str]]:
    if values is None:
        return None
    values = [values] if isinstance(values, str) else list(values)
    for value in values:
        if value not in known:
            raise ValueError(Errors.E758.format(what=what, value=value, known=", ".join(known)))
    return values


def iter_files(
    folder: Optional[PathLike] = None, split: Optional[str] = None, genres: Optional[Iterable[str]] = None
) -> Iterator[Tuple[str, str, str, Path]]:
    """(doc_id, genre, split, path) of every document file, genres in `EVERYDAY_GENRES` order then by
    number; genres whose folder is absent are skipped (unless asked for by name)."""
    root = Path(folder) if folder is not None else default_folder()
    if not root.is_dir():
        raise FileNotFoundError(Errors.E757.format(path=root))
    wanted_genres = _check_choice("genre", genres, EVERYDAY_GENRES)
    wanted_splits = _check_choice("split", split, SPLITS)
    for genre in wanted_genres or EVERYDAY_GENRES:
        gdir = root / genre
        if not gdir.is_dir():
            if wanted_genres is not None:
                raise FileNotFoundError(Errors.E757.format(path=gdir))
            continue
        for path in sorted(gdir.glob("*.txt")):
            match = _DOC_NAME.match(path.name)
            if not match:
                raise CorpusFormatError(Errors.E759.format(path=path))
            doc_split = split_of(int(match.group(1)))
            if wanted_splits is None or doc_split in wanted_splits:
                yield f"{genre}/{match.group(1)}", genre, doc_split, path


def iter_everyday(
    folder: Optional[PathLike] = None, split: Optional[str] = None, genres: Optional[Iterable[str]] = None
) -> Iterator[dict]:
    """Documents of the everyday set as dicts {"doc_id": "<genre>/<nn>", "genre", "split", "text", "spans"}.

    folder: the docs folder (default: assets/everyday/docs of the source checkout).
    split: "dev", "test" or None for both. genres: names from `EVERYDAY_GENRES`, None for all present.
    """
    for doc_id, genre, doc_split, path in iter_files(folder, split, genres):
        text, spans = parse_markup(path.read_text(encoding="utf8"), source=str(path))
        yield {"doc_id": doc_id, "genre": genre, "split": doc_split, "text": text, "spans": spans}


def iter_everyday_records(path: Optional[PathLike] = None, split: Optional[str] = None) -> Iterator[GoldRecord]:
    """`GoldRecord`s of the set (label = the set's label; the fine type is in `meta["types"]`)."""
    for doc in iter_everyday(path, split=split):
        spans = [GoldSpan(s["start"], s["end"], s["label"], text=s["text"], where=doc["doc_id"])
                 for s in doc["spans"]]
        yield GoldRecord(doc["doc_id"], doc["text"], spans, where=doc["doc_id"],
                         meta={"genre": doc["genre"], "split": doc["split"],
                               "types": [s["type"] for s in doc["spans"]]})


def strip(
    outdir: PathLike, folder: Optional[PathLike] = None, split: Optional[str] = None,
    genres: Optional[Iterable[str]] = None,
) -> int:
    """Write the plain texts (no markup) to OUTDIR/<genre>/<nn>.txt for a second annotator; returns the count."""
    count = 0
    for doc in iter_everyday(folder, split=split, genres=genres):
        target = Path(outdir) / f"{doc['doc_id']}.txt"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(doc["text"], encoding="utf8")
        count += 1
    return count


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spacy_anon.corpora.everyday",
                                     description="Tools for the everyday set.")
    sub = parser.add_subparsers(dest="command", required=True)
    st = sub.add_parser("strip", help="write the texts without markup to OUTDIR/<genre>/<nn>.txt")
    st.add_argument("outdir")
    st.add_argument("--folder", default=None, help="docs folder (default: assets/everyday/docs of the checkout)")
    st.add_argument("--genres", nargs="+", default=None, choices=EVERYDAY_GENRES, metavar="GENRE")
    st.add_argument("--split", default=None, choices=SPLITS)
    args = parser.parse_args(argv)
    try:
        count = strip(args.outdir, folder=args.folder, split=args.split, genres=args.genres)
    except (FileNotFoundError, CorpusFormatError, ValueError) as err:
        print(err, file=sys.stderr)
        return 1
    print(f"wrote {count} plain texts to {args.outdir}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
