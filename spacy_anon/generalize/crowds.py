"""Crowd test: a word that many documents of the background corpus share cannot single a person out.

The safety test of a generalization asks whether its vector points at the protected person more than at
the crowd (`anon_generalize`'s `threshold`). In vectors trained on one domain a coarse class word fails it
for almost everybody: in WikiActors' skip-gram vectors "film" and "performer" are close to every actor,
so at t = 0.25 no class was ever written and about 1,100 spans became tags.

An attacker re-identifies a text by matching its words against what is known about each candidate (the
TF-IDF attack of `spacy_anon.risk` weights a word by its inverse document frequency). A word that
occurs in a share s of the documents of a corpus like the attacker's background points at s * N people at
once (k-anonymity with k = s * N, Sweeney) and carries at most log(1/s) of TF-IDF weight. So a class
word with a document share of at least `crowd_share` is safe by itself, whatever its vector.

Limits (documented on the anon_generalize page): the table is only a proxy of the attacker's background
(the corpus the vectors were trained on, or one the user gives); a combination of shared words can still
be rare (the test is per word, not per set of words); and a phrase longer than two words is not counted,
so it gets no crowd (it falls back on the vectors' test). The test never makes the output less safe than
a tag for words a corpus does not contain: an unknown word has share 0.

`DocumentFrequencies` counts, for each lower-case word and two-word phrase, the documents that contain
it; it is written next to the component (`doc_freq.json`) by `nlp.to_disk`.
"""
import json
import re
from collections import Counter
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Union

from spacy_anon.disclosure.vectors import read_texts

_WORD = re.compile(r"(?<!\w)[^\W\d_]+(?:[-'’][^\W\d_]+)*(?![\w])", re.UNICODE)
FILE_NAME = "doc_freq.json"
# phrases counted in fewer documents than this are not stored (their share is read as 0: no crowd)
DEFAULT_MIN_COUNT = 5


def words(text: str) -> List[str]:
    """Lower-case words of a text, hyphenated words kept whole ("highest-paid"), without a possessive
    "'s" ("Jolie's" counts as "jolie"); no word glued to a digit ("2nd")."""
    return [w[:-2] if w.endswith(("'s", "’s")) else w for w in _WORD.findall(text.lower())]


class DocumentFrequencies:
    """For each lower-case word and two-word phrase, in how many documents of a corpus it occurs."""

    def __init__(self, n_docs: int, counts: Dict[str, int]) -> None:
        self.n_docs = int(n_docs)
        self.counts = dict(counts)

    @classmethod
    def from_texts(cls, texts: Iterable[str], min_count: int = DEFAULT_MIN_COUNT) -> "DocumentFrequencies":
        """Count every word and two-word phrase once per document; keep those in >= min_count documents."""
        counts: Counter = Counter()
        n = 0
        for text in texts:
            n += 1
            ws = words(text)
            seen = set(ws)
            seen.update(f"{a} {b}" for a, b in zip(ws, ws[1:]))
            counts.update(seen)
        return cls(n, {k: v for k, v in counts.items() if v >= min_count})

    def count(self, phrase: str) -> int:
        """Documents that contain the phrase (0 when it has more than two words or is rare)."""
        ws = words(phrase)
        if not ws or len(ws) > 2:
            return 0
        return self.counts.get(" ".join(ws), 0)

    def share(self, phrase: str) -> float:
        """The share of documents that contain the phrase, in [0, 1]."""
        return self.count(phrase) / self.n_docs if self.n_docs else 0.0

    def to_dict(self) -> Dict[str, object]:
        return {"n_docs": self.n_docs, "counts": self.counts}

    @classmethod
    def from_dict(cls, data: Dict[str, object]) -> "DocumentFrequencies":
        return cls(int(data["n_docs"]), dict(data["counts"]))

    def to_disk(self, path: Union[str, Path]) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True), encoding="utf8")

    @classmethod
    def from_disk(cls, path: Union[str, Path]) -> "DocumentFrequencies":
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf8")))


def load_frequencies(path: Union[str, Path]) -> "DocumentFrequencies":
    """A table written by `DocumentFrequencies.to_disk` (.json), or one counted from a corpus (.jsonl,
    .jsonl.gz with a "text" field, .txt, or a folder of them: one document per record or file)."""
    path = Path(path)
    if path.is_dir() and (path / FILE_NAME).exists():
        path = path / FILE_NAME
    if path.suffix == ".json" and path.is_file():
        data = json.loads(path.read_text(encoding="utf8"))
        if isinstance(data, dict) and "n_docs" in data:
            return DocumentFrequencies.from_dict(data)
    return DocumentFrequencies.from_texts(read_texts(path))


def crowd_of(table: Optional[DocumentFrequencies], phrases: Iterable[str]) -> float:
    """The largest document share among phrases that each imply the class (a lower bound of the share
    of the class itself: everyone called "American" is North American)."""
    if table is None:
        return 0.0
    return max((table.share(p) for p in phrases), default=0.0)


__all__ = ["DocumentFrequencies", "FILE_NAME", "crowd_of", "load_frequencies", "words"]
