"""Writing reader output to `.spacy` DocBin files and reading gold records back from them."""
from pathlib import Path
from typing import Iterable, Iterator, Union

from spacy.tokens import Doc, DocBin

from spacy_anon.corpora.base import GoldRecord, record_from_doc
from spacy_anon.labels import GOLD_SPAN_KEY


def write_docbin(docs: Iterable[Doc], output: Union[str, Path]) -> int:
    """Save docs (with span groups and user data: doc ids, exact gold offsets) to `output`; RETURNS count."""
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    db = DocBin(store_user_data=True)
    n = 0
    for doc in docs:
        db.add(doc)
        n += 1
    db.to_disk(output)
    return n


def iter_docbin_records(path: Union[str, Path], key: str = GOLD_SPAN_KEY) -> Iterator[GoldRecord]:
    """Gold records of a `.spacy` file written by `write_docbin` (any DocBin with `anon_gold` or ents)."""
    from spacy.vocab import Vocab

    for doc in DocBin().from_disk(path).get_docs(Vocab()):
        yield record_from_doc(doc, key=key)
