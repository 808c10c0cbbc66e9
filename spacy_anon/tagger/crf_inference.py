"""CRF inference in numpy from a trained CRFsuite model's weights (the `anon_crf` setting `inference = "numpy"`).

Why: python-crfsuite takes every token as a list of attribute strings (about 60 per token here) and looks
each one up by hashing, for every token of every document. A word's attributes are the same each time it
occurs at a given distance from the token being tagged, so their summed weight vector is built once per
(word type, window offset) and kept (`EmissionCache`); a sequence's state scores are then sums of cached
rows, and Viterbi and forward-backward marginals run in numpy over all the sequences of a document at once.
The model file stays CRFsuite's: it is trained by CRFsuite and read here (`read_model`).

The scores are those CRFsuite computes, added in another order (differences of order 1e-15): the same
paths and the same marginals to well within 1e-9 (`tests/test_crf_inference.py`).
"""
import struct
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from spacy_anon.errors import Errors
from spacy_anon.tagger.features import chunk_shape, neighbour_features, token_type_features

_HEADER = struct.Struct("<4sI4sIIIIIIIII")  # crf1dm header: magic, size, type, version, counts, offsets
_CQDB_HEADER = struct.Struct("<4sIIIII")  # chunk id, size, flag, byte order, backward-link count, offset
_FEATURES = np.dtype([("type", "<u4"), ("src", "<u4"), ("dst", "<u4"), ("weight", "<f8")])  # 20 bytes
_STATE, _TRANSITION = 0, 1


@dataclass(frozen=True)
class CRFWeights:
    """A linear-chain CRF's parameters. `state` has one row per attribute and a last row of zeros that
    unknown attributes map to; `transitions[i, j]` scores label i followed by label j."""

    labels: Tuple[str, ...]
    attributes: Dict[str, int]
    state: np.ndarray
    transitions: np.ndarray

    def attribute_id(self, name: str) -> int:
        """Row of an attribute string (the zero row when the model does not know it). CRFsuite reads the
        string as a C string, so text after a NUL character is not part of the name."""
        if "\x00" in name:
            name = name.split("\x00", 1)[0]
        return self.attributes.get(name, len(self.attributes))


def _cqdb_strings(buf: bytes, base: int, count: int) -> List[str]:
    """The strings of a CQDB chunk by id (its backward-link array)."""
    chunk, _size, _flag, _order, bwd_size, bwd_offset = _CQDB_HEADER.unpack_from(buf, base)
    if chunk != b"CQDB" or bwd_size < count:
        raise ValueError(Errors.E607.format(detail="string table at offset %d" % base))
    links = np.frombuffer(buf, dtype="<u4", count=count, offset=base + bwd_offset)
    out = []
    for link in links.tolist():
        start = base + link
        size = int.from_bytes(buf[start + 4:start + 8], "little")
        out.append(buf[start + 8:start + 8 + size - 1].decode("utf-8", errors="surrogateescape"))
    return out


def read_model(model_bytes: bytes) -> CRFWeights:
    """Parse a CRFsuite model file (CRF1d "lCRF"/"FOMC" layout): labels, attributes, state and
    transition weights as stored (full double precision, unlike `Tagger.info()`'s text dump)."""
    buf = bytes(model_bytes)
    if len(buf) < _HEADER.size:
        raise ValueError(Errors.E607.format(detail="%d bytes" % len(buf)))
    (magic, _size, kind, _version, _n_features, n_labels, n_attrs,
     off_features, off_labels, off_attrs, _off_labelrefs, _off_attrrefs) = _HEADER.unpack_from(buf, 0)
    if magic != b"lCRF" or kind != b"FOMC":
        raise ValueError(Errors.E607.format(detail="magic %r, type %r" % (magic, kind)))
    labels = tuple(_cqdb_strings(buf, off_labels, n_labels))
    names = _cqdb_strings(buf, off_attrs, n_attrs)
    chunk, _chunk_size, n_features = struct.unpack_from("<4sII", buf, off_features)
    if chunk != b"FEAT":  # the header's feature count is not filled in by CRFsuite: the chunk's is
        raise ValueError(Errors.E607.format(detail="no feature chunk"))
    feats = np.frombuffer(buf, dtype=_FEATURES, count=n_features, offset=off_features + 12)
    state = np.zeros((n_attrs + 1, n_labels))
    transitions = np.zeros((n_labels, n_labels))
    is_state = feats["type"] == _STATE
    np.add.at(state, (feats["src"][is_state].astype(np.intp), feats["dst"][is_state].astype(np.intp)),
              feats["weight"][is_state])
    is_trans = feats["type"] == _TRANSITION
    np.add.at(transitions, (feats["src"][is_trans].astype(np.intp), feats["dst"][is_trans].astype(np.intp)),
              feats["weight"][is_trans])
    state.setflags(write=False)
    transitions.setflags(write=False)
    return CRFWeights(labels, {name: i for i, name in enumerate(names)}, state, transitions)


def _packing(lengths: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Time-major packing of sequences (longest first): (packed position of each flat token, rows active
    at each step, where each step starts, sorted lengths). At step t the first active[t] rows of the
    sorted order are still inside their sequence, and they are stored together."""
    n_seq = len(lengths)
    order = np.argsort(-lengths, kind="stable")
    sorted_lengths = lengths[order]
    steps = np.arange(int(sorted_lengths[0]) if n_seq else 0)
    active = np.searchsorted(-sorted_lengths, -steps, side="left")  # rows with length > t
    starts = np.zeros(len(steps) + 1, dtype=np.intp)
    np.cumsum(active, out=starts[1:])
    rank = np.empty(n_seq, dtype=np.intp)
    rank[order] = np.arange(n_seq)
    seq_of = np.repeat(np.arange(n_seq), lengths)
    seq_start = np.zeros(n_seq, dtype=np.intp)
    np.cumsum(lengths[:-1], out=seq_start[1:])
    pos = np.arange(len(seq_of)) - seq_start[seq_of]
    return starts[pos] + rank[seq_of], active, starts, sorted_lengths


def decode(
    emissions: np.ndarray, lengths: Sequence[int], transitions: np.ndarray, with_marginals: bool = True
) -> Tuple[np.ndarray, Optional[np.ndarray]]:
    """(best label index per token, P(label | sequence) per token or None) for sequences given by their
    state scores, stacked (n_tokens, n_labels), and their lengths: all sequences at once, one numpy step
    per position of the longest.

    Viterbi keeps only the scores; the back pointers of the best path are recomputed from them while
    tracing it back (ties go to the lowest label index, as in CRFsuite). The marginals come from
    forward-backward over exponentiated scores shifted per token (a per-token factor cancels in the
    per-token normalisation), renormalised every few steps so that nothing overflows."""
    lengths = np.asarray(lengths, dtype=np.intp)
    n_tokens, n_labels = emissions.shape
    if n_tokens == 0:
        return np.zeros(0, dtype=np.intp), (np.zeros((0, n_labels)) if with_marginals else None)
    where, active_arr, starts_arr, _ = _packing(lengths)
    active, starts = active_arr.tolist(), starts_arr.tolist()  # Python ints: cheaper to slice with
    packed = np.empty_like(emissions)
    packed[where] = emissions
    n_steps = len(active)
    trans = np.ascontiguousarray(transitions)
    into = np.ascontiguousarray(trans.T)  # into[j] = scores of the transitions into label j
    from_first = trans[:, None, :]  # (from, 1, to)
    delta = packed.copy()  # Viterbi scores, step by step, in place
    if with_marginals:
        expo = np.exp(packed - packed.max(axis=1, keepdims=True))
        exp_t = np.exp(trans)
        exp_into = np.ascontiguousarray(exp_t.T)
        alpha = expo.copy()
        beta = np.ones_like(expo)
    for t in range(1, n_steps):
        k, prev, cur = active[t], starts[t - 1], starts[t]
        scores = np.ascontiguousarray(delta[prev:prev + k].T)[:, :, None] + from_first  # (from, row, to)
        delta[cur:cur + k] += scores.max(axis=0)
        if with_marginals:
            a = alpha[prev:prev + k] @ exp_t
            a *= expo[cur:cur + k]
            if t % _RESCALE == 0:
                a /= a.sum(axis=1, keepdims=True)
            alpha[cur:cur + k] = a
    best = np.empty(n_tokens, dtype=np.intp)
    # rows ending at step t take their best last label; the others follow their successor back
    for t in range(n_steps - 1, -1, -1):
        k, cur = active[t], starts[t]
        ending = k - (active[t + 1] if t + 1 < n_steps else 0)
        if ending:
            best[cur + k - ending:cur + k] = delta[cur + k - ending:cur + k].argmax(axis=1)
        if t:
            prev = starts[t - 1]
            best[prev:prev + k] = (delta[prev:prev + k] + into[best[cur:cur + k]]).argmax(axis=1)
            if with_marginals:  # rows going on after t - 1; the others keep beta = 1
                b = expo[cur:cur + k] * beta[cur:cur + k]
                b = b @ exp_into
                if t % _RESCALE == 0:
                    b /= b.sum(axis=1, keepdims=True)
                beta[prev:prev + k] = b
    path = best[where]
    if not with_marginals:
        return path, None
    prob = alpha * beta
    prob /= prob.sum(axis=1, keepdims=True)
    return path, prob[where]


_RESCALE = 8  # forward/backward values are renormalised every this many steps


def state_scores(weights: CRFWeights, items: Iterable[Iterable[str]]) -> np.ndarray:
    """State scores (n, L) of a sequence given as attribute-string lists (what CRFsuite is given)."""
    rows = [[weights.attribute_id(a) for a in item] for item in items]
    return np.array([weights.state[r].sum(axis=0) for r in rows]).reshape(len(rows), len(weights.labels))


class EmissionCache:
    """State scores of CRF feature sets, summed once and kept.

    Rows of one table: row 0 is zeros; a word type (word, lemma, POS, earlier detector's tag) gets
    1 + 2 * window consecutive rows: its own and shared features (what it contributes to its own
    state scores), then its shared features as seen from each offset of the window; any other feature
    tuple (a chunk shape, a line key) gets one row. Word pairs ("bi=w=a|w=b") are looked up in numpy
    among the pairs the model knows. The cache belongs to one model with one set of gazetteers,
    clusters, window and affix; it starts afresh when it holds `max_rows` rows.
    """

    def __init__(self, weights: CRFWeights, window: int, affix: int, gazetteers, clusters, max_rows: int = 200_000):
        self.weights = weights
        self.offsets = tuple(off for off in range(-window, window + 1) if off != 0)
        self.affix = affix
        self.gazetteers = gazetteers
        self.clusters = clusters
        self.max_rows = max_rows
        self._pair_words, self._pair_codes, self._pair_rows = self._model_pairs()
        self.clear()

    def _model_pairs(self) -> Tuple[Dict[str, int], np.ndarray, np.ndarray]:
        """The word pairs the model has a weight for: (word -> id, sorted pair codes, their attribute
        rows). A name that splits into a pair in more than one way is entered under each split."""
        words: Dict[str, int] = {}
        pairs: Dict[Tuple[int, int], int] = {}
        for name, aid in self.weights.attributes.items():
            if not name.startswith("bi=w="):
                continue
            body = name[5:]
            cut = body.find("|w=")
            while cut >= 0:
                a = words.setdefault(body[:cut], len(words))
                b = words.setdefault(body[cut + 3:], len(words))
                pairs[(a, b)] = aid
                cut = body.find("|w=", cut + 1)
        size = max(len(words), 1)
        codes = np.array([a * size + b for a, b in pairs], dtype=np.int64)
        rows = np.array(list(pairs.values()), dtype=np.intp)
        order = np.argsort(codes)
        return words, codes[order], rows[order]

    def clear(self) -> None:
        self.table = np.zeros((4096, len(self.weights.labels)))
        self.size = 1
        self.rows: Dict[Tuple[str, ...], int] = {}
        self.types: Dict[Tuple[str, str, str, str], int] = {}
        self.plain_types: Dict[str, int] = {}  # word -> type, for (word, "", "", "O")
        # per type: first row, id among the model's pair words (-1: none), row as a one-token chunk
        # ("ch=Xxxxx|S"), is a colon; grown by doubling
        self.type_info = np.zeros((1024, 4), dtype=np.int64)
        self.n_types = 0

    def _put(self, vectors: np.ndarray) -> int:
        n = len(vectors)
        if self.size + n > len(self.table):
            grown = np.zeros((max(2 * len(self.table), self.size + n), self.table.shape[1]))
            grown[:self.size] = self.table[:self.size]
            self.table = grown
        base = self.size
        self.table[base:base + n] = vectors
        self.size += n
        return base

    def _sum(self, feats: Iterable[str]) -> np.ndarray:
        ids = [self.weights.attribute_id(f) for f in feats]
        return self.weights.state[ids].sum(axis=0)

    def row(self, feats: Tuple[str, ...]) -> int:
        """Row of the summed scores of a feature tuple (0 when none of them is known to the model)."""
        found = self.rows.get(feats)
        if found is None:
            vector = self._sum(feats)
            found = self.rows[feats] = self._put(vector[None]) if vector.any() else 0
        return found

    def type_id(self, key: Tuple[str, str, str, str]) -> int:
        """Index of a word type (word, lemma, POS, detector tag), its rows built on first sight."""
        found = self.types.get(key)
        if found is None:
            word, lemma, pos, span_tag = key
            own, ctx = token_type_features(word, lemma, pos, span_tag, self.gazetteers, self.clusters, self.affix)
            vectors = [self._sum(own + ctx)] + [self._sum(neighbour_features(off, ctx)) for off in self.offsets]
            found = self.types[key] = self.n_types
            if found == len(self.type_info):
                self.type_info = np.concatenate([self.type_info, np.zeros_like(self.type_info)])
            self.type_info[found] = (self._put(np.array(vectors)), self._pair_words.get(word.lower(), -1),
                                     self.row(("ch=" + chunk_shape(word) + "|S",)), word == ":")
            self.n_types += 1
            if not lemma and not pos and span_tag == "O":
                self.plain_types[word] = found
        return found

    def emissions(
        self,
        words: Sequence[str],
        lengths: Sequence[int],
        spaced: Sequence[bool],
        span_tags: Sequence[str],
        lemmas: Optional[Sequence[str]] = None,
        pos: Optional[Sequence[str]] = None,
        extra: Optional[Sequence[Sequence[str]]] = None,
    ) -> np.ndarray:
        """State scores (n_tokens, n_labels) of sequences of words given one after the other (`lengths`),
        with per token: whitespace after it, the earlier detectors' BIO tag, lemma and POS (None: none)
        and extra features (None: none). They are the scores CRFsuite gives the features
        `sequence_features` builds for each sequence (with `chunk_features` as chunks)."""
        if self.size > self.max_rows:
            self.clear()
        n_tokens = len(words)
        if lemmas is None and pos is None:
            plain, type_id = self.plain_types, self.type_id
            ids = []
            for word, tag in zip(words, span_tags):
                found = plain.get(word) if tag == "O" else None
                ids.append(found if found is not None else type_id((word, "", "", tag)))
        else:
            ids = [self.type_id((w, lemmas[i] if lemmas else "", pos[i] if pos else "", span_tags[i]))
                   for i, w in enumerate(words)]
        info = self.type_info[np.array(ids, dtype=np.intp)]
        len_arr = np.asarray(lengths, dtype=np.intp)
        seq_start = np.zeros(len(len_arr), dtype=np.intp)
        np.cumsum(len_arr[:-1], out=seq_start[1:])
        seq_of = np.repeat(np.arange(len(len_arr)), len_arr)
        tok_pos = np.arange(n_tokens) - seq_start[seq_of]
        tok_len = len_arr[seq_of]
        rows = info[:, 0]
        # Every row this batch needs is made before the table is read: `row` may grow the table into a
        # new array, and reading an array taken before that growth is what raised "index 32768 is out of
        # bounds" on batches that added more rows than the table had room for.
        # bias and the line's first word ("key=..."); after a colon, "after_colon" and key|after_colon
        line_keys = ["key=" + (words[a].lower() if words[a].isalpha() else "-") if n else ""
                     for a, n in zip(seq_start.tolist(), lengths)]
        line_rows = np.array([self.row(("bias", k)) for k in line_keys], dtype=np.intp)
        colon = info[:, 3] != 0
        colon_rows = None
        if colon.any():
            before = np.cumsum(colon) - colon
            after = before - before[seq_start][seq_of] > 0
            if after.any():
                colon_rows = np.array([self.row(("after_colon", k + "|after_colon")) for k in line_keys], dtype=np.intp)
        # the whitespace-delimited chunk's shape and the token's place in it
        ends = np.asarray(spaced, dtype=bool) | (tok_pos == tok_len - 1)
        starts = np.ones(n_tokens, dtype=bool)
        starts[1:] = ends[:-1]
        chunks = info[:, 2].copy()
        single = starts & ends
        for a in np.flatnonzero(starts & ~single).tolist():
            b = a + 1
            while not ends[b]:
                b += 1
            shape = chunk_shape("".join(words[a:b + 1]))
            chunks[a] = self.row(("ch=" + shape + "|B",))
            chunks[a + 1:b] = self.row(("ch=" + shape + "|I",))
            chunks[b] = self.row(("ch=" + shape + "|E",))
        bos, eos = self.row(("BOS",)), self.row(("EOS",))
        # extra features: (token, row) in the order they are added
        extra_rows: List[Tuple[int, int]] = []
        if extra is not None:
            for i, feats in enumerate(extra):
                if not feats:
                    continue
                feats = tuple(feats)
                extra_rows.append((i, self.row(feats)))
                for k, off in enumerate(self.offsets):
                    if 0 <= tok_pos[i] - off < tok_len[i]:  # the token that sees token i at `off`
                        extra_rows.append((i - off, self.row(neighbour_features(off, feats))))
        table = self.table  # final for this batch: no row is added below
        out = table[rows]
        out += table[line_rows[seq_of]]
        if colon_rows is not None:
            out[after] += table[colon_rows[seq_of[after]]]
        out += table[chunks]
        # neighbours' shared features, and BOS / EOS where the window passes the sequence's ends
        for k, off in enumerate(self.offsets):
            other = tok_pos + off
            inside = np.flatnonzero((other >= 0) & (other < tok_len))
            out[inside] += table[rows[inside + off] + 1 + k]
            if off < 0:
                out[other == -1] += table[bos]
            else:
                out[other == tok_len] += table[eos]
        # word pairs the model knows
        if len(self._pair_codes):
            first = info[:, 1]
            prev = np.empty_like(first)
            prev[0] = -1
            prev[1:] = first[:-1]
            known = np.flatnonzero((tok_pos > 0) & (prev >= 0) & (first >= 0))
            codes = prev[known] * max(len(self._pair_words), 1) + first[known]
            at = np.minimum(np.searchsorted(self._pair_codes, codes), len(self._pair_codes) - 1)
            hit = self._pair_codes[at] == codes
            out[known[hit]] += self.weights.state[self._pair_rows[at[hit]]]
        for i, row in extra_rows:
            out[i] += table[row]
        return out
