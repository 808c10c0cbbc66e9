"""A fine-grained tokenizer for taggers: splits at every change of character class, so that gold
offsets of identifiers (dates, codes, e-mails, addresses) fall on token boundaries."""
import re
from typing import Any, List, Tuple

import spacy
from spacy.tokens import Doc
from spacy.vocab import Vocab

from spacy_anon.extensions import remember_text

# Characters that render as nothing inside a word ("Kow\u200balski", "Kow\u00adalski", "Kow\x00alski"): they
# glue their neighbours into one token instead of splitting a name in three (the tagger reads the token
# without them). C0/C1 controls count, but for tab, the line breaks and NEL.
_CONTROLS = "".join(chr(c) for c in (*range(0x09), 0x0e, 0x0f, *range(0x10, 0x20), 0x7f, *range(0x80, 0x85),
                                     *range(0x86, 0xa0)))
GLUE = "\u00ad\u200b\u200c\u200d\u2060\ufeff" + _CONTROLS
# digits | letters | one other non-space character | a whitespace run
TOKEN_RE = re.compile(rf"\d+(?:[{GLUE}]+\d+)*|[^\W\d_]+(?:[{GLUE}]+[^\W\d_]+)*|[^\w\s]|_|\s+")


# the same pieces, a non-space one with the single space after it (its trailing space), in one pass of `re`
_PIECE_RE = re.compile(rf"(\d+(?:[{GLUE}]+\d+)*|[^\W\d_]+(?:[{GLUE}]+[^\W\d_]+)*|[^\w\s]|_)( ?)|(\s+)")


_HAS_GLUE = re.compile(f"[{GLUE}]")
# a glue run between a lower-case letter and a capital: two words run together ("Hello\x00Jonathan")
_CASE_JOIN = re.compile(rf"(?<=[^\W\d_])([{GLUE}]+)(?=[^\W\d_])")


def _split_case_joins(token: str) -> List[str]:
    """A glued letter run cut where an invisible character stands between a lower-case letter and a
    capital ("Hello\u200bJonathan" -> "Hello", "\u200b", "Jonathan"): two words, not one hidden word, so
    the tagger sees the name on its own. "Kow\u200balski" and "KOW\u200bALSKI" stay one token."""
    out, pos = [], 0
    for m in _CASE_JOIN.finditer(token):
        if token[m.start() - 1].islower() and token[m.end()].isupper():
            out += [token[pos:m.start()], m.group()]
            pos = m.end()
    return out + [token[pos:]] if out else [token]


def split_char_classes(text: str) -> Tuple[List[str], List[bool]]:
    """Return (words, spaces) for `Doc`: runs of digits, runs of letters, single symbols, whitespace.

    A single space after a token becomes its trailing space; other whitespace becomes a token.
    """
    pieces = _PIECE_RE.findall(text)  # (token, its trailing space or "", a whitespace token or "")
    words = [token or white for token, _space, white in pieces]
    spaces = [space == " " for _token, space, _white in pieces]
    if not _HAS_GLUE.search(text):
        return words, spaces
    out_words: List[str] = []
    out_spaces: List[bool] = []
    for word, space in zip(words, spaces):
        parts = _split_case_joins(word) if _HAS_GLUE.search(word) else [word]
        out_words += parts
        out_spaces += [False] * (len(parts) - 1) + [space]
    return out_words, out_spaces


class CharClassTokenizer:
    """Tokenizer that produces `split_char_classes` tokens; nothing to serialize."""

    def __init__(self, vocab: Vocab):
        self.vocab = vocab

    def __call__(self, text: str) -> Doc:
        words, spaces = split_char_classes(text)
        doc = Doc(self.vocab, words=words, spaces=spaces)
        remember_text(doc, text)  # the pieces are the text, every character once, in order
        return doc

    def pipe(self, texts, batch_size: int = 1000):
        for text in texts:
            yield self(text)

    def to_disk(self, path, **kwargs: Any) -> None:
        return None

    def from_disk(self, path, **kwargs: Any) -> "CharClassTokenizer":
        return self

    def to_bytes(self, **kwargs: Any) -> bytes:
        return b""

    def from_bytes(self, data: bytes, **kwargs: Any) -> "CharClassTokenizer":
        return self


@spacy.registry.tokenizers("spacy_anon.char_class_tokenizer.v1")
def make_char_class_tokenizer():
    """Config: `[nlp.tokenizer] @tokenizers = "spacy_anon.char_class_tokenizer.v1"`."""

    def create_tokenizer(nlp):
        return CharClassTokenizer(nlp.vocab)

    return create_tokenizer
