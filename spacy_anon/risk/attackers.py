"""Re-identification attackers: multi-class classifiers with one class per individual of the background
knowledge, trained on windows of pre-processed text and deciding per document by summed window scores.

`tfidf` (default, seconds on a CPU): word 1-2-grams and character 3-5-grams (TF-IDF, sublinear tf) and a
linear SVM; with a development set it picks C on the development documents' accuracy.
`transformer` (`spacy_anon.risk.transformer`): a fine-tuned BERT-family encoder, as in the thesis.
"""
import logging
from typing import Callable, Dict, List, Optional, Sequence

import numpy

from spacy_anon.errors import Errors
from spacy_anon.risk.windows import aggregate_windows, sliding_windows

logger = logging.getLogger("spacy_anon.risk")


def window_texts(texts: Sequence[str], size: int, overlap: int):
    """(window strings, document index of each window) of pre-processed, space-separated texts."""
    windows, owner = [], []
    for i, text in enumerate(texts):
        words = text.split()
        for start, end in sliding_windows(len(words), size, overlap):
            windows.append(" ".join(words[start:end]))
            owner.append(i)
    return windows, owner


class WindowAttacker:
    """What every attacker shares: `document_scores(texts)` (one row of class scores per document, summed
    over its windows) decides `predict` and `accuracy`; `classes_` names the columns."""

    classes_: List[str]

    def document_scores(self, texts: Sequence[str]) -> numpy.ndarray:
        raise NotImplementedError

    def predict(self, texts: Sequence[str]) -> List[str]:
        if not len(texts):
            return []
        return [self.classes_[i] for i in self.document_scores(texts).argmax(axis=1)]

    def accuracy(self, texts: Sequence[str], labels: Sequence[str]) -> Optional[float]:
        if not len(texts):
            return None
        predicted = self.predict(texts)
        return sum(p == g for p, g in zip(predicted, labels)) / len(labels)


class TfidfAttacker(WindowAttacker):
    """TF-IDF word and character n-grams + linear SVM over sliding windows."""

    name = "tfidf"

    def __init__(self, window: int = 100, overlap: int = 25, C: Sequence[float] = (1.0,),
                 dev_C: Sequence[float] = (0.1, 1.0, 10.0), word_ngrams=(1, 2), char_ngrams=(3, 5),
                 class_weight: Optional[str] = "balanced"):
        sliding_windows(0, window, overlap)  # validates the sizes
        self.window, self.overlap = window, overlap
        self.C, self.dev_C = tuple(C), tuple(dev_C)
        self.word_ngrams, self.char_ngrams = tuple(word_ngrams), tuple(char_ngrams)
        self.class_weight = class_weight
        self.classes_: List[str] = []
        self.chosen_C: Optional[float] = None
        self.dev_accuracy: Optional[float] = None

    def settings(self) -> Dict:
        return {"name": self.name, "window": self.window, "overlap": self.overlap,
                "word_ngrams": list(self.word_ngrams), "char_ngrams": list(self.char_ngrams),
                "C": self.chosen_C, "class_weight": self.class_weight}

    def _vectorizer(self):
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.pipeline import FeatureUnion

        return FeatureUnion([
            ("words", TfidfVectorizer(analyzer="word", ngram_range=self.word_ngrams, sublinear_tf=True,
                                      token_pattern=r"\S+", dtype=numpy.float32)),
            ("chars", TfidfVectorizer(analyzer="char_wb", ngram_range=self.char_ngrams, sublinear_tf=True,
                                      min_df=2, dtype=numpy.float32)),
        ])

    def fit(self, texts: Sequence[str], labels: Sequence[str], dev_texts: Sequence[str] = (),
            dev_labels: Sequence[str] = ()) -> "TfidfAttacker":
        from sklearn.svm import LinearSVC

        self.classes_ = sorted(set(labels))
        index = {c: i for i, c in enumerate(self.classes_)}
        windows, owner = window_texts(texts, self.window, self.overlap)
        y = numpy.array([index[labels[i]] for i in owner])
        self.vectorizer_ = self._vectorizer()
        X = self.vectorizer_.fit_transform(windows)
        grid = self.dev_C if len(dev_texts) else self.C
        best = None
        for C in grid:
            clf = LinearSVC(C=C, class_weight=self.class_weight).fit(X, y)
            self.model_ = clf
            acc = self.accuracy(dev_texts, dev_labels) if len(dev_texts) else None
            logger.info("tfidf attacker: C=%s dev accuracy %s", C, acc)
            if best is None or (acc is not None and acc > best[0]):
                best = (acc, C, clf)
        self.dev_accuracy, self.chosen_C, self.model_ = best
        return self

    def document_scores(self, texts: Sequence[str]) -> numpy.ndarray:
        windows, owner = window_texts(texts, self.window, self.overlap)
        scores = self.model_.decision_function(self.vectorizer_.transform(windows))
        if scores.ndim == 1:  # two classes: one decision value for class 1
            scores = numpy.stack([-scores, scores], axis=1)
        return aggregate_windows(scores, owner, len(texts))


ATTACKERS: Dict[str, Callable[..., object]] = {"tfidf": TfidfAttacker}


def make_attacker(name: str = "tfidf", **settings):
    """An untrained attacker by name ("tfidf", "transformer")."""
    if name == "transformer":
        # lazy: the transformer attacker's module is only needed (with torch) when asked for
        from spacy_anon.risk.transformer import TransformerAttacker

        return TransformerAttacker(**settings)
    if name not in ATTACKERS:
        raise ValueError(Errors.E853.format(name=name, known=sorted(ATTACKERS) + ["transformer"]))
    return ATTACKERS[name](**settings)
