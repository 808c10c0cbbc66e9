"""A fine-grained tokenizer for taggers: splits at every change of character class, so that gold
offsets of identifiers (dates, codes, e-mails, addresses) fall on token boundaries."""
import re
from typing import Any

import spacy
from spacy.tokens import Doc
from spacy.vocab import Vocab

# Characters that render as nothing inside a word ("Kow\u200balski", "Kow\u00adalski"): they glue their
# neighbours into one token instead of splitting a name in three (the tagger reads the token without them).
GLUE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
# digits | letters | one other non-space character | a whitespace run
TOKEN_RE = re.compile(rf"\d+(?:[{GLUE}]+\d+)*|[^\W\d_]+(?:[{GLUE}]+[^\W\d_]+)*|[^\w\s]|_|\s+")


# the same pieces, a non-space one with the single space after it (its trailing space), in one pass of `re`
_PIECE_RE = re.compile(rf"(\d+(?:[{GLUE}]+\d+)*|[^\W\d_]+(?:[{GLUE}]+[^\W\d_]+)*|[^\w\s]|_)( ?)|(\s+)")


def split_char_classes(text: str):
    """Return (words, spaces) for `Doc`: runs of digits, runs of letters, single symbols, whitespace.

    A single space after a token becomes its trailing space; other whitespace becomes a token.
    """
    pieces = _PIECE_RE.findall(text)  # (token, its trailing space or "", a whitespace token or "")
    return [token or white for token, _space, white in pieces], [space == " " for _token, space, _white in pieces]


class CharClassTokenizer:
    """Tokenizer that produces `split_char_classes` tokens; nothing to serialize."""

    def __init__(self, vocab: Vocab):
        self.vocab = vocab

    def __call__(self, text: str) -> Doc:
        words, spaces = split_char_classes(text)
        return Doc(self.vocab, words=words, spaces=spaces)

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
