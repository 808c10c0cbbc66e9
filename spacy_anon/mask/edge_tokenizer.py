"""The pipeline tokenizer's segmentation on a vocabulary of its own, for the string masker
(`mask.raw_text`), which needs only where tokens start and end.

Why: every word a tokenizer meets becomes a lexeme of its vocabulary. In the pipeline's vocabulary a
memory zone frees them, but spaCy's index of lexemes (`Vocab._by_orth`) keeps a deleted cell for each
and doubles when full, so over a log file of new timestamps and ids it grows with the input. Here the
words go to a vocabulary that is dropped, index and all, every `RENEW_RUNS` runs. The copy has the
pipeline tokenizer's special cases, prefix, suffix and infix rules, token and URL matches: its tokens
are the pipeline's. It is rebuilt when any of these changed (checked at each batch: `refresh`). A
tokenizer that is not spaCy's own class is used as it is.
"""
from typing import Any, Callable, Optional, Tuple

from spacy.tokenizer import Tokenizer
from spacy.vocab import Vocab

RENEW_RUNS = 20_000  # runs tokenized before the private vocabulary is dropped


def _settings(tokenizer: Tokenizer) -> Tuple[Any, ...]:
    return (tokenizer.prefix_search, tokenizer.suffix_search, tokenizer.infix_finditer, tokenizer.token_match,
            tokenizer.url_match, tokenizer.faster_heuristics)


class EdgeTokenizer:
    """Callable like the pipeline's tokenizer (`run -> Doc`), on a private vocabulary."""

    def __init__(self, nlp: Any) -> None:
        self.nlp = nlp
        self._source: Optional[Any] = None
        self._settings: Tuple[Any, ...] = ()
        self._rules: dict = {}
        self._copy: Optional[Callable[[str], Any]] = None
        self._runs = 0
        self.refresh()

    def refresh(self) -> None:
        """Follow the pipeline's tokenizer: a new one, or changed rules or special cases, is copied
        again."""
        source = self.nlp.tokenizer
        if type(source) is not Tokenizer:
            self._source, self._copy = source, source
            return
        if (source is not self._source or _settings(source) != self._settings or source.rules != self._rules
                or self._copy is None):
            self._source, self._settings, self._rules = source, _settings(source), dict(source.rules)
            self._renew()

    def _renew(self) -> None:
        source = self._source
        self._copy = Tokenizer(Vocab(strings=[]), rules=dict(source.rules), prefix_search=source.prefix_search,
                               suffix_search=source.suffix_search, infix_finditer=source.infix_finditer,
                               token_match=source.token_match, url_match=source.url_match,
                               faster_heuristics=source.faster_heuristics)
        self._runs = 0

    def __call__(self, run: str) -> Any:
        if self._copy is not self._source:
            self._runs += 1
            if self._runs > RENEW_RUNS:
                self._renew()
        return self._copy(run)
