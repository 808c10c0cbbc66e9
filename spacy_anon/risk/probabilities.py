"""Probability sources for information content, IC(w) = -log2 p(w), of the words of a document.

- `wordfreq` (default, offline): the word's frequency in wordfreq's multi-source English counts, via
  `spacy_anon.generalize.utility.information_content` (unseen words get the floor 1e-9, about 29.9 bits).
- `corpus`: a unigram model estimated from your own texts (add-one smoothing).
- `mlm`: a local masked language model, in context (Manzanares-Salor §4.2, after the TAB benchmark):
  terms are replaced by [MASK] in rounds and the model's probability of the true sub-tokens is read;
  a word's probability is the minimum over its sub-tokens. S-TA masks one term per sentence per round,
  each sentence its own input; N-TA masks every N-th term of inputs filled up to 512 sub-tokens.

Every source gives per-word probabilities for the words of a parsed original (`word_probabilities`),
and a context-free IC for a generalization's text (`text_ic`; the `mlm` source uses wordfreq there).
"""
import math
import re
from collections import Counter
from typing import Dict, Iterable, List, Optional, Sequence

from spacy.tokens import Doc

from spacy_anon.errors import Errors
from spacy_anon.generalize.utility import DEFAULT_FLOOR, information_content
from spacy_anon.risk.terms import Term

_WORDS = re.compile(r"\w+")
STRATEGIES = ("s-ta", "n-ta")


class WordFreqProbabilities:
    name = "wordfreq"

    def __init__(self, lang: str = "en", floor: float = DEFAULT_FLOOR):
        self.lang, self.floor = lang, floor

    def word_probability(self, word: str) -> float:
        return 2.0 ** -information_content(word.lower(), self.lang, self.floor)

    def word_probabilities(self, doc: Doc, terms: Sequence[Term]) -> Dict[int, float]:
        return {i: self.word_probability(doc[i].text) for t in terms for i in t.tokens}

    def text_ic(self, text: str) -> float:
        """IC of a phrase: -log2 of its least probable word (0 for no word)."""
        words = _WORDS.findall(text)
        return max((-math.log2(self.word_probability(w)) for w in words), default=0.0)

    def phrase_probability(self, phrase: str) -> float:
        words = _WORDS.findall(phrase)
        return min((self.word_probability(w) for w in words), default=1.0)


class CorpusProbabilities(WordFreqProbabilities):
    """Unigram relative frequencies of lower-cased `\\w+` words in `texts`, add-one smoothed."""

    name = "corpus"

    def __init__(self, texts: Iterable[str]):
        super().__init__()
        self.counts = Counter(w.lower() for t in texts for w in _WORDS.findall(t))
        self.total = sum(self.counts.values()) + len(self.counts) + 1

    def word_probability(self, word: str) -> float:
        return (self.counts.get(word.lower(), 0) + 1) / self.total


class MaskedLMProbabilities(WordFreqProbabilities):
    """In-context probabilities from a local masked LM (a folder path, or a (model, tokenizer) pair)."""

    name = "mlm"

    def __init__(self, model, tokenizer=None, strategy: str = "s-ta", n: int = 6, max_length: int = 512,
                 batch_size: int = 16, device: Optional[str] = None):
        super().__init__()
        if strategy not in STRATEGIES:
            raise ValueError(Errors.E860.format(name=strategy))
        if strategy == "n-ta" and n < 1:
            raise ValueError(Errors.E861.format(value=n))
        try:
            import torch
            import transformers
        except ImportError:
            raise ImportError(Errors.E854) from None
        if isinstance(model, str):
            tokenizer = transformers.AutoTokenizer.from_pretrained(model)
            model = transformers.AutoModelForMaskedLM.from_pretrained(model)
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.model = model.to(self.device).eval()
        self.tokenizer = tokenizer
        self.strategy, self.n, self.max_length, self.batch_size = strategy, n, max_length, batch_size

    def _segments(self, doc: Doc, terms: Sequence[Term]) -> List[List[Term]]:
        """Terms grouped by model input: per sentence (S-TA), or sentences packed up to max_length (N-TA)."""
        by_sentence: List[List[Term]] = []
        sentence_of = {}
        for k, sent in enumerate(doc.sents):
            by_sentence.append([])
            for i in range(sent.start, sent.end):
                sentence_of[i] = k
        for term in terms:
            by_sentence[sentence_of[term.tokens[0]]].append(term)
        by_sentence = [s for s in by_sentence if s]
        if self.strategy == "s-ta":
            segments = by_sentence
        else:
            segments, current, size = [], [], 0
            for sent in by_sentence:
                length = len(self.tokenizer(doc[sent[0].tokens[0]:sent[-1].tokens[-1] + 1].text,
                                            add_special_tokens=False)["input_ids"])
                if current and size + length > self.max_length - 2:
                    segments.append(current)
                    current, size = [], 0
                current.extend(sent)
                size += length
            if current:
                segments.append(current)
        # an input longer than the model allows is split by terms
        out = []
        for seg in segments:
            out.extend(self._split_long(doc, seg))
        return out

    def _split_long(self, doc: Doc, seg: List[Term]) -> List[List[Term]]:
        text = doc[seg[0].tokens[0]:seg[-1].tokens[-1] + 1].text
        if len(self.tokenizer(text, add_special_tokens=False)["input_ids"]) <= self.max_length - 2 or len(seg) == 1:
            return [seg]
        half = len(seg) // 2
        return self._split_long(doc, seg[:half]) + self._split_long(doc, seg[half:])

    def word_probabilities(self, doc: Doc, terms: Sequence[Term]) -> Dict[int, float]:
        import torch

        inputs = []  # (ids, [(position, true id, token index)])
        for seg in self._segments(doc, terms):
            first, last = doc[seg[0].tokens[0]], doc[seg[-1].tokens[-1]]
            base = first.idx
            text = doc.text[base:last.idx + len(last.text)]
            enc = self.tokenizer(text, return_offsets_mapping=True, truncation=True, max_length=self.max_length)
            ids, offsets = enc["input_ids"], enc["offset_mapping"]
            pieces = {}
            for term in seg:
                for i in term.tokens:
                    s, e = doc[i].idx - base, doc[i].idx - base + len(doc[i].text)
                    pieces[i] = [p for p, (a, b) in enumerate(offsets) if b > a and a < e and b > s]
            rounds = len(seg) if self.strategy == "s-ta" else min(self.n, len(seg))
            for r in range(rounds):
                chosen = [seg[r]] if self.strategy == "s-ta" else seg[r::self.n]
                masked = list(ids)
                targets = []
                for term in chosen:
                    for i in term.tokens:
                        for p in pieces[i]:
                            masked[p] = self.tokenizer.mask_token_id
                            targets.append((p, ids[p], i))
                if targets:
                    inputs.append((masked, targets))
        probs: Dict[int, float] = {i: 1.0 for t in terms for i in t.tokens}
        with torch.no_grad():
            for b in range(0, len(inputs), self.batch_size):
                batch = inputs[b:b + self.batch_size]
                width = max(len(ids) for ids, _ in batch)
                pad = self.tokenizer.pad_token_id or 0
                ids = torch.full((len(batch), width), pad, dtype=torch.long)
                att = torch.zeros((len(batch), width), dtype=torch.long)
                for k, (row, _) in enumerate(batch):
                    ids[k, :len(row)] = torch.tensor(row)
                    att[k, :len(row)] = 1
                logits = self.model(input_ids=ids.to(self.device), attention_mask=att.to(self.device)).logits
                soft = torch.softmax(logits.float(), dim=-1).cpu()
                for k, (_, targets) in enumerate(batch):
                    for p, true_id, i in targets:
                        probs[i] = min(probs[i], max(float(soft[k, p, true_id]), 1e-30))
        return probs


def make_probabilities(name: str = "wordfreq", mlm_path: Optional[str] = None, corpus: Optional[Iterable[str]] = None,
                       strategy: str = "s-ta", n: int = 6, **settings):
    """A probability source by name: "wordfreq", "corpus" (needs `corpus` texts), "mlm" (needs `mlm_path`)."""
    if name == "wordfreq":
        return WordFreqProbabilities()
    if name == "corpus":
        if corpus is None:
            raise ValueError(Errors.E859.format(name=name, what="texts", fix="give --corpus FILE ({id: text} or JSONL)"))
        return CorpusProbabilities(corpus)
    if name == "mlm":
        if not mlm_path:
            raise ValueError(Errors.E859.format(name=name, what="a model", fix="give --mlm-path, a local masked-LM folder"))
        return MaskedLMProbabilities(mlm_path, strategy=strategy, n=n, **settings)
    raise ValueError(Errors.E858.format(name=name, known=["wordfreq", "corpus", "mlm"]))
