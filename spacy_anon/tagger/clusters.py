"""Word clusters for CRF features: word2vec on unlabelled text, then a binary hierarchy of the vectors.

A CRF only knows the words it saw labelled. Cluster features let it generalise to unseen words that
occur in the same contexts ("Strasbourg" near "Ankara"): each word gets a bit path from a recursive
2-means split of its word2vec vector (like Brown clusters), and its prefixes of several lengths become
features (coarse to fine). The text needs no annotation, so in-domain unlabelled text (case-law
background, unannotated clinical notes) helps most.

Words are lowercased and digits mapped to "0" (`cluster_key`), with the taggers' fine tokenizer.
"""
import gzip
import json
import logging
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Set

import numpy

from spacy_anon.corpora.readers import iter_jsonl_objects
from spacy_anon.errors import Errors, Warnings
from spacy_anon.tagger.tokenizer import split_char_classes

# Prefix lengths of the bit path that become features (Ratinov & Roth's choice for Brown clusters).
DEFAULT_PREFIXES = (4, 6, 10, 20)


@lru_cache(maxsize=131072)
def cluster_key(word: str) -> str:
    """Lookup key of a token: lowercased, every digit -> "0"."""
    return "".join("0" if ch.isdigit() else ch for ch in word.lower())


def tokenize_for_clusters(text: str) -> List[List[str]]:
    """Sentences (here: lines) of cluster keys, whitespace dropped."""
    sentences: List[List[str]] = []
    for line in text.splitlines():
        words, _ = split_char_classes(line)
        keys = [cluster_key(w) for w in words if not w.isspace()]
        if keys:
            sentences.append(keys)
    return sentences


def bisect_paths(vectors: numpy.ndarray, max_depth: int = 16, min_leaf: int = 2,
                 iterations: int = 8, seed: int = 0) -> List[str]:
    """Bit path of every row: recursive spherical 2-means of the centred vectors (a binary hierarchy,
    like Brown clusters).

    Rows are split until a node has fewer than 2 * min_leaf rows or max_depth bits; a split that puts
    (almost) everything on one side stops there.
    """
    centred = vectors - vectors.mean(0)  # word2vec vectors share a common direction; it carries no meaning
    norms = numpy.linalg.norm(centred, axis=1, keepdims=True)
    unit = centred / numpy.maximum(norms, 1e-9)
    paths = [""] * len(unit)
    rng = numpy.random.default_rng(seed)
    stack = [(numpy.arange(len(unit)), "")]
    while stack:
        rows, prefix = stack.pop()
        if len(rows) < 2 * min_leaf or len(prefix) >= max_depth:
            continue
        data = unit[rows]
        centers = data[rng.choice(len(rows), 2, replace=False)]
        side = numpy.zeros(len(rows), dtype=bool)
        for _ in range(iterations):
            side = (data @ centers[1]) > (data @ centers[0])
            if side.all() or not side.any():
                break
            centers = numpy.stack([data[~side].mean(0), data[side].mean(0)])
        if side.sum() < min_leaf or (~side).sum() < min_leaf:
            continue
        for bit, mask in (("0", ~side), ("1", side)):
            sub = rows[mask]
            for r in sub:
                paths[r] = prefix + bit
            stack.append((sub, prefix + bit))
    return paths


def train_word_clusters(
    sentences: Sequence[Sequence[str]],
    *,
    dim: int = 100,
    window: int = 5,
    min_count: int = 3,
    epochs: int = 10,
    max_depth: int = 16,
    workers: int = 1,
    seed: int = 0,
) -> Dict[str, str]:
    """{cluster key: bit path} from tokenized sentences (word2vec skip-gram, then `bisect_paths`).

    One worker thread by default: the same clusters on every run. More threads are faster, but the
    order of their updates varies, and with it the clusters, the tagger trained on them and its
    held-out scores between two builds of the same recipe."""
    from gensim.models import Word2Vec

    sentences = [list(s) for s in sentences]
    if not sentences:
        raise ValueError(Errors.E611)
    model = Word2Vec(
        sentences, vector_size=dim, window=window, min_count=min_count, sg=1, epochs=epochs,
        workers=workers, seed=seed,
    )
    words = list(model.wv.index_to_key)
    if len(words) < 4:
        raise ValueError(Errors.E612.format(n_words=len(words), min_count=min_count))
    paths = bisect_paths(model.wv.vectors, max_depth=max_depth, seed=seed)
    return {w: p for w, p in zip(words, paths) if p}


def cluster_features(path: Optional[str], prefixes: Sequence[int] = DEFAULT_PREFIXES) -> List[str]:
    """Features of one bit path: its prefixes of the given lengths (shorter paths give fewer)."""
    if not path:
        return []
    out, seen = [], set()
    for n in prefixes:
        piece = path[:n]
        if piece not in seen:
            seen.add(piece)
            out.append("cl%d=%s" % (n, piece))
    return out


def write_clusters(clusters: Dict[str, str], path: Path) -> None:
    """Write `word<TAB>bits` lines (gzipped if the name ends in .gz), creating the folder (a fresh
    checkout has no training/clusters/)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "wt", encoding="utf8") as handle:
        for word, bits in sorted(clusters.items(), key=lambda kv: (kv[1], kv[0])):
            handle.write(f"{word}\t{bits}\n")


def read_clusters(path: Path) -> Dict[str, str]:
    """Read a `word<TAB>bits` file (Brown-cluster files with a third count column also work)."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    clusters: Dict[str, str] = {}
    with opener(path, "rt", encoding="utf8") as handle:
        for number, line in enumerate(handle, 1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 3 and set(parts[0]) <= {"0", "1"}:  # Brown layout: bits, word, count
                parts = [parts[1], parts[0]]
            if len(parts) < 2 or not parts[0] or not parts[1] or not set(parts[1]) <= {"0", "1"}:
                raise ValueError(Errors.E613.format(path=path, number=number, n_line=len(line)))
            clusters[cluster_key(parts[0])] = parts[1]
    return clusters


def load_optional_clusters(path: Optional[str], component: str = "anon_crf") -> Dict[str, str]:
    """The clusters of `path` ("" or None: none). Cluster features are optional: a missing file logs one
    warning naming the command that builds it, and the component trains without them."""
    if not path:
        return {}
    if not Path(path).exists():
        logging.getLogger("spacy_anon").warning(Warnings.W601.format(name=component, path=str(path)))
        return {}
    return read_clusters(path)


def _record_id(record: dict) -> str:
    return str(record.get("doc_id", record.get("id", "")))


def _record_texts(records: Iterable[dict], excluded: Set[str]) -> Iterator[str]:
    for record in records:
        text = record.get("text", record.get("full_text"))
        if _record_id(record) not in excluded and isinstance(text, str):
            yield text


def held_out_ids(paths: Iterable[Path]) -> Set[str]:
    """`doc_id` (else `id`) of every record of JSONL corpora: documents to keep out of the clusters."""
    return {_record_id(record) for path in paths for _, record in iter_jsonl_objects(path)}


def iter_texts(path: Path, exclude_ids: Iterable[str] = ()) -> Iterator[str]:
    """Texts of a corpus file or folder for cluster training.

    .txt files (a folder of them, e.g. brat), JSONL (`text`/`full_text` field, .gz allowed), JSON
    (a {id: text} map such as TAB's background files, or a list of records), and .spacy DocBins.
    Records whose id (`doc_id`/`id` or map key) is in exclude_ids are skipped, so held-out documents
    never shape the clusters.
    """
    path = Path(path)
    excluded = set(exclude_ids)
    if path.is_dir():
        for child in sorted(path.rglob("*.txt")):
            yield child.read_text(encoding="utf8", errors="replace")
        return
    name = path.name
    if name.endswith(".spacy"):
        from spacy.tokens import DocBin
        import spacy

        for doc in DocBin().from_disk(path).get_docs(spacy.blank("xx").vocab):
            yield doc.text
        return
    opener = gzip.open if name.endswith(".gz") else open
    if name.endswith((".jsonl", ".jsonl.gz")):
        records: Iterable = (record for _, record in iter_jsonl_objects(path))
        yield from _record_texts(records, excluded)
        return
    if name.endswith((".json", ".json.gz")):
        with opener(path, "rt", encoding="utf8", errors="replace") as handle:
            data = json.load(handle)
        if isinstance(data, dict):
            for key, text in data.items():
                if key not in excluded and isinstance(text, str):
                    yield text
        else:
            yield from _record_texts((r for r in data if isinstance(r, dict)), excluded)
        return
    with opener(path, "rt", encoding="utf8", errors="replace") as handle:
        yield handle.read()
