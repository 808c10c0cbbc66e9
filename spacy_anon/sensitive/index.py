"""A document co-occurrence index on disk: the counts behind p(t), p(t, q) and p(t, g(t), q).

Sánchez et al. estimate probabilities from Web hit counts; here they come from a corpus the user indexes
(`spacy-anon index CORPUS -o DIR`). The index is one SQLite file with counts only, never text:

- `terms(term, df)`: in how many documents each term key occurs (stemmed n-grams of 1..max_ngram words
  that start and end with a content word, plus the anchors);
- `pairs(anchor, term, df)`: in how many documents an anchor and a term occur together. Anchors are the
  terms of every sensitive set the index may serve (all presets and the `--terms` given) and their
  generalizations; a compound anchor "t&g" counts the documents holding t and its generalization g
  together (the contextualized counts of eq. 10-13);
- `meta`: number of documents, max_ngram, format version.

Adding documents (`add_texts`) only increments counts, so an index grows without recomputing (`--append`).
"""
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from spacy_anon.errors import Errors
from spacy_anon.io import InputError, iter_jsonl, list_text_files, read_text_file
from spacy_anon.sensitive.terms import (
    is_acronym_key,
    mostly_capitals,
    ngram_keys,
    term_key,
    text_words,
    word_key,
    word_keys,
)

DB_NAME = "index.sqlite"
FORMAT = "spacy_anon.cooccurrence_index.v1"
CONTEXT_SEP = "&"
DEFAULT_MAX_NGRAM = 3

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS terms (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS anchors (anchor TEXT NOT NULL, context TEXT NOT NULL,
                                    PRIMARY KEY (anchor, context)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pairs (anchor TEXT NOT NULL, term TEXT NOT NULL, df INTEGER NOT NULL,
                                  PRIMARY KEY (anchor, term)) WITHOUT ROWID;
"""


def compound(anchor: str, context: str) -> str:
    """The key of "anchor AND context" (a sensitive term with its generalization)."""
    return f"{anchor}{CONTEXT_SEP}{context}"


def document_counts(
    text: str, anchors: Mapping[str, Sequence[str]], max_ngram: int, anchor_words: int
) -> Tuple[Set[str], Dict[str, Set[str]]]:
    """(term keys of the document, {anchor or compound anchor: term keys}) for one document.

    Pure: the index adds these sets up. A term key counts once per document however often it occurs.
    """
    words = text_words(text)
    wkeys = word_keys(words, mostly_capitals(text), (a for a in anchors if is_acronym_key(a)))
    keys = set(ngram_keys(words, max_ngram, wkeys))
    if anchor_words > max_ngram:
        keys |= {k for k in ngram_keys(words, anchor_words, wkeys) if k in anchors}
    present = [a for a in keys if a in anchors]
    pairs: Dict[str, Set[str]] = {}
    for anchor in present:
        pairs[anchor] = keys
        for context in anchors[anchor]:
            if context in keys:
                pairs[compound(anchor, context)] = keys
    return keys, pairs


class CooccurrenceIndex:
    """Document frequencies and anchor co-occurrence counts of a corpus (see the module docstring)."""

    def __init__(self, path: Union[str, Path], *, create: bool = False,
                 anchors: Optional[Mapping[str, Sequence[str]]] = None, max_ngram: int = DEFAULT_MAX_NGRAM) -> None:
        self.path = Path(path)
        db = self.path / DB_NAME
        if not create and not db.exists():
            raise FileNotFoundError(Errors.E360.format(path=str(path)))
        if create:
            self.path.mkdir(parents=True, exist_ok=True)
            if db.exists():
                db.unlink()
        self._db = sqlite3.connect(str(db))
        self._db.executescript(_SCHEMA)
        if create:
            self._set_meta(format=FORMAT, n_docs=0, max_ngram=int(max_ngram))
            self._db.executemany("INSERT OR IGNORE INTO anchors VALUES (?, ?)",
                                 [(a, c) for a, ctx in (anchors or {}).items() for c in ([""] + list(ctx))])
            self._db.commit()
        meta = dict(self._db.execute("SELECT key, value FROM meta"))
        if meta.get("format") != FORMAT:
            raise ValueError(Errors.E361.format(path=str(path), found=meta.get("format"), expected=FORMAT))
        self.max_ngram = int(meta["max_ngram"])
        self._anchors: Dict[str, List[str]] = {}
        for anchor, context in self._db.execute("SELECT anchor, context FROM anchors ORDER BY anchor, context"):
            ctx = self._anchors.setdefault(anchor, [])
            if context:
                ctx.append(context)
        self._anchor_words = max((len(a.split()) for a in self._anchors), default=1)
        self._df_cache: Dict[str, int] = {}

    # -- writing --------------------------------------------------------------------------------------
    def _set_meta(self, **values) -> None:
        self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [(k, str(v)) for k, v in values.items()])

    def add_texts(self, texts: Iterable[str], batch_size: int = 200) -> int:
        """Count the documents (incrementally) in one transaction: if reading the texts fails, nothing is
        added. RETURNS how many were added."""
        added = 0
        term_counts: Counter = Counter()
        pair_counts: Counter = Counter()

        def flush() -> None:
            self._db.executemany(
                "INSERT INTO terms VALUES (?, ?) ON CONFLICT(term) DO UPDATE SET df = df + excluded.df",
                term_counts.items())
            self._db.executemany(
                "INSERT INTO pairs VALUES (?, ?, ?) ON CONFLICT(anchor, term) DO UPDATE SET df = df + excluded.df",
                [(a, t, n) for (a, t), n in pair_counts.items()])
            self._set_meta(n_docs=self.n_docs + pending[0])
            term_counts.clear()
            pair_counts.clear()
            pending[0] = 0

        pending = [0]
        try:
            for text in texts:
                keys, pairs = document_counts(text, self._anchors, self.max_ngram, self._anchor_words)
                term_counts.update(keys)
                for anchor, with_keys in pairs.items():
                    pair_counts.update((anchor, k) for k in with_keys)
                added += 1
                pending[0] += 1
                if pending[0] >= batch_size:
                    flush()
            flush()
        except BaseException:
            self._db.rollback()
            raise
        self._db.commit()
        self._df_cache.clear()
        return added

    def close(self) -> None:
        self._db.close()

    # -- reading --------------------------------------------------------------------------------------
    @property
    def n_docs(self) -> int:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'n_docs'").fetchone()
        return int(row[0]) if row else 0

    @property
    def anchors(self) -> Dict[str, List[str]]:
        return {a: list(c) for a, c in self._anchors.items()}

    def has_anchor(self, key: str) -> bool:
        return key in self._anchors

    def df(self, term: str) -> int:
        """Documents that contain the term key."""
        if term not in self._df_cache:
            row = self._db.execute("SELECT df FROM terms WHERE term = ?", (term,)).fetchone()
            self._df_cache[term] = int(row[0]) if row else 0
        return self._df_cache[term]

    def pair_df(self, anchor: str, term: str) -> int:
        """Documents that contain the anchor (or compound anchor) and the term key."""
        row = self._db.execute("SELECT df FROM pairs WHERE anchor = ? AND term = ?", (anchor, term)).fetchone()
        return int(row[0]) if row else 0

    def stats(self) -> Dict[str, int]:
        count = lambda table: int(self._db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])  # noqa: E731
        return {"documents": self.n_docs, "terms": count("terms"), "anchors": len(self._anchors),
                "pairs": count("pairs"), "max_ngram": self.max_ngram}


def anchors_for(sensitive_terms: Iterable[Tuple[str, Sequence[str]]]) -> Dict[str, List[str]]:
    """Anchors of an index: each sensitive term key with the keys of its generalizations as contexts,
    and each generalization as an anchor of its own (PMI(g(t); q) of eq. 7 needs its pairs too).
    `sensitive_terms`: (term text, generalization names from specific to general)."""
    out: Dict[str, List[str]] = {}
    for text, ancestors in sensitive_terms:
        key = term_key(text)
        if not key:
            continue
        contexts = out.setdefault(key, [])
        for name in ancestors:
            g = term_key(name)
            if g and g != key:
                if g not in contexts:
                    contexts.append(g)
                out.setdefault(g, [])
    return out


def corpus_texts(path: Union[str, Path]) -> Iterable[str]:
    """The documents of a corpus: a folder of .txt files (recursively), one .txt file, or a JSONL file with
    a "text" field per line. Raises ValueError for a path that is none of these; InputError (naming the
    file and line, never the content) for an unreadable file or a bad JSONL line."""
    root = Path(path)
    if root.is_dir():
        for file in list_text_files(root):
            yield read_text_file(file)
    elif root.is_file() and root.suffix.lower() in (".jsonl", ".json", ".ndjson"):
        for record in iter_jsonl(root):
            yield record.text
    elif root.is_file() and root.suffix.lower() == ".txt":
        yield read_text_file(root)
    else:
        raise ValueError(Errors.E362.format(path=str(path)))


__all__ = ["InputError", "corpus_texts", "CooccurrenceIndex", "anchors_for", "document_counts", "compound", "word_key"]
