"""brat standoff corpora (MEDDOCAN): a `.txt` text beside an `.ann` file of `T` lines."""
import re
from pathlib import Path
from typing import Iterator, List, Optional, Union

from spacy.tokens import Doc

from spacy_anon.corpora.base import CorpusFormatError, GoldRecord, GoldSpan, records_to_docs
from spacy_anon.errors import Errors

PathLike = Union[str, Path]

_BRAT_T = re.compile(r"^(T\d+)\t(\S+) ([\d ;]+)\t(.*)$")


def _read_text(path: Path) -> str:
    try:
        with path.open(encoding="utf8", newline="") as f:
            return f.read()
    except FileNotFoundError:
        raise CorpusFormatError(Errors.E715.format(path=path)) from None
    except UnicodeDecodeError as err:
        raise CorpusFormatError(Errors.E719.format(path=path, start=err.start)) from None


def brat_record(txt_path: Path, ann_path: Path) -> GoldRecord:
    """One brat document: `.txt` text and `T` lines of the `.ann` file (other lines ignored).

    Discontinuous spans (`start end;start end`) become one span per fragment with the same entity id.
    """
    text = _read_text(txt_path)
    ann = _read_text(ann_path)
    spans = []
    for lineno, line in enumerate(ann.splitlines(), 1):
        if not line.strip() or not line.startswith("T"):
            continue  # attributes (A), relations (R), notes (#), events (E)
        where = f"{ann_path}:{lineno}"
        m = _BRAT_T.match(line)
        if not m:
            raise CorpusFormatError(Errors.E720.format(where=where))
        tid, label, offsets, surface = m.groups()
        fragments = [frag.split() for frag in offsets.split(";")]
        if any(len(f) != 2 for f in fragments):
            raise CorpusFormatError(Errors.E721.format(where=where))
        for start, end in fragments:
            spans.append(
                GoldSpan(
                    start=int(start), end=int(end), label=label,
                    text=surface if len(fragments) == 1 else None,
                    entity=tid, where=where,
                )
            )
    return GoldRecord(doc_id=txt_path.stem, text=text, spans=spans, where=str(ann_path))


def iter_brat_records(folder: PathLike) -> Iterator[GoldRecord]:
    """Every `<name>.txt` with a `<name>.ann` in `folder` (sorted by name); a single `.ann` works too."""
    folder = Path(folder)
    if folder.is_file():
        ann = folder.with_suffix(".ann")
        yield brat_record(folder.with_suffix(".txt"), ann)
        return
    if not folder.is_dir():
        raise CorpusFormatError(Errors.E710.format(folder=folder))
    for ann in sorted(folder.glob("*.ann")):
        txt = ann.with_suffix(".txt")
        if not txt.exists():
            raise CorpusFormatError(Errors.E722.format(ann=ann))
        yield brat_record(txt, ann)


def read_brat(
    folder: PathLike, nlp, strict: bool = True, warnings: Optional[List[str]] = None
) -> Iterator[Doc]:
    """Docs from a brat folder (MEDDOCAN): labels are the sub-category (e.g. NOMBRE_SUJETO_ASISTENCIA)."""
    return records_to_docs(nlp, iter_brat_records(folder), strict=strict, warnings=warnings)
