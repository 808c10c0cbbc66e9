"""Phrase embeddings for disclosure scoring: read a corpus, train/update skip-gram Word2Vec, look up phrases.

Seed 003 §3.2.1: skip-gram, 300 dimensions, window 10, no minimum count (rare names must get a vector),
trained over the chunked corpus (`chunking.chunk_doc`), so every noun phrase is one vocabulary item.
gensim is imported inside functions (it is slow to import).

Files written by `save_model(model, out_dir)`:
    out_dir/vectors.kv       KeyedVectors (what detection and the generalizer load)
    out_dir/word2vec.model   the full model, needed to add documents later (`update_model`)
    out_dir/meta.json        chunker settings and training parameters (detection must chunk the same way)
"""
import gzip
import json
import time
import zlib
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import numpy

from spacy_anon.disclosure.chunking import iter_chunked_texts, text_key
from spacy_anon.errors import Errors

KV_NAME = "vectors.kv"
MODEL_NAME = "word2vec.model"
META_NAME = "meta.json"

DEFAULT_TRAINING = {
    "vector_size": 300,
    "window": 10,
    "min_count": 1,
    "sg": 1,
    "epochs": 10,
    "negative": 5,
    "workers": 2,
    "seed": 0,
}


def read_texts(path: Union[str, Path], text_field: str = "text") -> Iterator[str]:
    """Texts of a corpus: .jsonl / .jsonl.gz with a "text" field, a .txt file, or a folder of .txt files."""
    path = Path(path)
    if path.is_dir():
        for file in sorted(path.rglob("*.txt")):
            yield file.read_text(encoding="utf8")
        for file in sorted(list(path.rglob("*.jsonl")) + list(path.rglob("*.jsonl.gz"))):
            yield from read_texts(file, text_field)
        return
    name = path.name
    if name.endswith(".jsonl") or name.endswith(".jsonl.gz"):
        opener = gzip.open if name.endswith(".gz") else open
        with opener(path, "rt", encoding="utf8") as fh:
            for line in fh:
                line = line.strip()
                if line:
                    text = json.loads(line).get(text_field)
                    if text:
                        yield text
        return
    if name.endswith(".json"):
        data = json.loads(path.read_text(encoding="utf8"))
        for row in data if isinstance(data, list) else [data]:
            if isinstance(row, dict) and row.get(text_field):
                yield row[text_field]
        return
    yield path.read_text(encoding="utf8")


def chunk_corpus(
    texts: Iterable[str], chunker: str = "rule", merge_lowercase: bool = False, nlp=None
) -> List[List[str]]:
    """Each text as its list of phrase keys (the "sentences" Word2Vec trains on)."""
    return [keys for keys in iter_chunked_texts(texts, nlp=nlp, chunker=chunker,
                                                merge_lowercase=merge_lowercase) if keys]


def stable_hash(text: str) -> int:
    """Seeds the initial vectors; Python's hash() changes between processes, this does not."""
    return zlib.crc32(text.encode("utf8"))


def train_model(sentences: Sequence[List[str]], **params: Any):
    """Train a skip-gram Word2Vec model on chunked sentences (seed 003 defaults, see DEFAULT_TRAINING).

    With workers=1 the result is reproducible; with more threads gensim's order of updates varies.
    """
    from gensim.models import Word2Vec

    cfg = dict(DEFAULT_TRAINING)
    cfg.update({k: v for k, v in params.items() if v is not None})
    return Word2Vec(sentences=list(sentences), hashfxn=stable_hash, **cfg)


def update_model(model, sentences: Sequence[List[str]], epochs: Optional[int] = None):
    """Add new documents to a trained model without retraining from scratch (vocabulary expansion).

    New phrases get vectors (build_vocab(update=True)); the model is then trained on the new sentences.
    """
    sentences = list(sentences)
    if not sentences:
        return model
    model.build_vocab(sentences, update=True)
    model.train(sentences, total_examples=len(sentences), epochs=epochs or model.epochs)
    return model


def save_model(model, out_dir: Union[str, Path], meta: Optional[Dict[str, Any]] = None) -> Path:
    """Write vectors.kv, word2vec.model and meta.json into out_dir."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save(str(out_dir / MODEL_NAME))
    model.wv.save(str(out_dir / KV_NAME))
    info = dict(meta or {})
    info.setdefault("vocab_size", len(model.wv))
    info.setdefault("vector_size", model.wv.vector_size)
    (out_dir / META_NAME).write_text(json.dumps(info, indent=2, sort_keys=True), encoding="utf8")
    return out_dir


def load_model(path: Union[str, Path]):
    """The full Word2Vec model (for updates) from a folder written by save_model or a .model file."""
    from gensim.models import Word2Vec

    path = Path(path)
    if path.is_dir():
        path = path / MODEL_NAME
    return Word2Vec.load(str(path))


def load_meta(path: Union[str, Path]) -> Dict[str, Any]:
    path = Path(path)
    meta = (path if path.is_dir() else path.parent) / META_NAME
    return json.loads(meta.read_text(encoding="utf8")) if meta.exists() else {}


def load_vectors(path: Union[str, Path]):
    """KeyedVectors from a folder (vectors.kv or word2vec.model), a .kv / .model file, or word2vec format.

    Word2vec text (.txt, .vec) and binary (.bin) files are read with `load_word2vec_format`.
    """
    from gensim.models import KeyedVectors, Word2Vec

    path = Path(path)
    if path.is_dir():
        if (path / KV_NAME).exists():
            return KeyedVectors.load(str(path / KV_NAME))
        if (path / MODEL_NAME).exists():
            return Word2Vec.load(str(path / MODEL_NAME)).wv
        raise FileNotFoundError(Errors.E407.format(kv_name=KV_NAME, model_name=MODEL_NAME, path=path))
    if not path.exists():
        raise FileNotFoundError(Errors.E408.format(path=path))
    if path.suffix in (".txt", ".vec"):
        return KeyedVectors.load_word2vec_format(str(path), binary=False)
    if path.suffix == ".bin":
        return KeyedVectors.load_word2vec_format(str(path), binary=True)
    if path.suffix == ".model":
        return Word2Vec.load(str(path)).wv
    return KeyedVectors.load(str(path))


def phrase_vector(kv, phrase: str) -> Optional[numpy.ndarray]:
    """The vector of a phrase, or None: the key itself, else its normalised key ("New York Times" ->
    "new_york_times"). No averaging over words: an unknown phrase has no vector (seed 003)."""
    for key in (phrase, phrase.lower(), text_key(phrase), text_key(phrase).replace("_", " ")):
        if key and key in kv.key_to_index:
            return kv[key]
    return None


def entity_vector(kv, name: str, extra_keys: Sequence[str] = ()) -> Tuple[Optional[numpy.ndarray], str]:
    """Vector of an entity to protect and how it was found.

    Order: the name's own phrase key ("phrase"); else the mean of the vectors of `extra_keys` (e.g. the
    doc's own mentions such as "scott_andrew_caan", "caan") and of the name's parts that have vectors
    ("mentions"/"parts"); else (None, "missing").
    """
    vec = phrase_vector(kv, name)
    if vec is not None and not extra_keys:
        return vec, "phrase"
    vecs = []
    if vec is not None:
        vecs.append(vec)
    for key in extra_keys:
        if key in kv.key_to_index:
            vecs.append(kv[key])
    how = "mentions" if vecs else "parts"
    if not vecs:
        for part in text_key(name).split("_"):
            if part and part in kv.key_to_index:
                vecs.append(kv[part])
    if not vecs:
        return None, "missing"
    if vec is not None and len(vecs) == 1:
        return vec, "phrase"
    return numpy.mean(numpy.vstack(vecs), axis=0), how


def cosine(a: numpy.ndarray, b: numpy.ndarray) -> float:
    na = float(numpy.linalg.norm(a))
    nb = float(numpy.linalg.norm(b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return float(numpy.dot(a, b) / (na * nb))


def train_from_corpus(
    corpus: Union[str, Path, Sequence[str]],
    out_dir: Union[str, Path],
    chunker: str = "rule",
    merge_lowercase: bool = False,
    extra: Sequence[Union[str, Path]] = (),
    nlp=None,
    **params: Any,
) -> Dict[str, Any]:
    """Chunk a corpus (path or list of texts, plus `extra` corpora), train, save; returns timing info."""
    t0 = time.perf_counter()
    texts: List[str] = list(corpus) if isinstance(corpus, (list, tuple)) else list(read_texts(corpus))
    for path in extra:
        texts.extend(read_texts(path))
    sentences = chunk_corpus(texts, chunker=chunker, merge_lowercase=merge_lowercase, nlp=nlp)
    t1 = time.perf_counter()
    model = train_model(sentences, **params)
    t2 = time.perf_counter()
    cfg = dict(DEFAULT_TRAINING)
    cfg.update({k: v for k, v in params.items() if v is not None})
    meta = {
        "chunker": chunker,
        "merge_lowercase": merge_lowercase,
        "training": cfg,
        "documents": len(texts),
        "units": sum(len(s) for s in sentences),
        "chunk_seconds": round(t1 - t0, 1),
        "train_seconds": round(t2 - t1, 1),
    }
    save_model(model, out_dir, meta)
    meta["vocab_size"] = len(model.wv)
    return meta


def update_from_corpus(model_dir: Union[str, Path], corpus: Union[str, Path, Sequence[str]],
                       out_dir: Optional[Union[str, Path]] = None, epochs: Optional[int] = None,
                       nlp=None) -> Dict[str, Any]:
    """Add the documents of `corpus` to the model in model_dir (chunked like the original training)."""
    meta = load_meta(model_dir)
    model = load_model(model_dir)
    before = len(model.wv)
    texts = list(corpus) if isinstance(corpus, (list, tuple)) else list(read_texts(corpus))
    sentences = chunk_corpus(texts, chunker=meta.get("chunker", "rule"),
                             merge_lowercase=meta.get("merge_lowercase", False), nlp=nlp)
    t0 = time.perf_counter()
    update_model(model, sentences, epochs=epochs)
    meta["updated_documents"] = meta.get("updated_documents", 0) + len(texts)
    meta["vocab_size"] = len(model.wv)
    save_model(model, out_dir or model_dir, meta)
    return {"added_documents": len(texts), "new_phrases": len(model.wv) - before,
            "vocab_size": len(model.wv), "train_seconds": round(time.perf_counter() - t0, 1)}
