"""E2EJ token encoder: the joint neural tagger of Hassan's thesis (§3.5) with spaCy/thinc layers, CPU only.

The thesis embeds each word as [pre-trained word vector ; character CNN], encodes the sentence with a
BiLSTM and decodes B/I/O tags of every PHI type with a CRF, sensitivity and type learned together. Here
(`spacy_anon.e2ej_tok2vec.v1`, the `tok2vec` of spaCy's `ner`):

- word vectors: static word2vec vectors (`[initialize] vectors`, trained with gensim on the corpus text by
  `scripts/e2ej_vectors.py`) plus hashed NORM/PREFIX/SUFFIX/SHAPE embeddings;
- character CNN: each token's first `max_chars` characters embedded, a width-3 convolution (a window of
  1 either side, inside the token only) with a maxout, max-pooled over the characters (eq. 3.1-3.2);
- encoder: `"cnn"`, spaCy's maxout window encoder (depth x window gives the receptive field; fast), or
  `"bilstm"`, thinc's numpy LSTM in both directions (the thesis' design; several times slower on CPU);
- decoder: spaCy's transition-based `ner` over the joint label set (each MEDDOCAN type is "sensitive and
  of this type"), in place of the CRF.
"""
from typing import List

from spacy.ml.models.tok2vec import MaxoutWindowEncoder, MultiHashEmbed
from spacy.tokens import Doc
from spacy.util import registry
from thinc.api import (LSTM, HashEmbed, Maxout, Model, Ragged, chain, concatenate, expand_window, map_list,
                       reduce_max, residual, with_array, with_padded)
from thinc.types import Floats2d

from spacy_anon.errors import Errors

ENCODERS = ("cnn", "bilstm")


def check_e2ej_settings(*, width: int, encoder: str, depth: int, window_size: int, max_chars: int,
                        char_width: int, char_filters: int, word_rows: int, char_rows: int) -> None:
    """Refuse settings that would build a model other than the one asked for (coded errors)."""
    if encoder not in ENCODERS:
        raise ValueError(Errors.E781.format(value=encoder, valid=list(ENCODERS)))
    sizes = {"width": width, "depth": depth, "window_size": window_size, "max_chars": max_chars,
             "char_width": char_width, "char_filters": char_filters, "word_rows": word_rows,
             "char_rows": char_rows}
    for setting, value in sizes.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(Errors.E782.format(setting=setting, value=value))
    if encoder == "bilstm" and width % 2:
        raise ValueError(Errors.E783.format(width=width))


def char_ids(max_chars: int) -> Model[Doc, Ragged]:
    """A doc's characters as code points, one ragged row per token (its first `max_chars` characters)."""

    def forward(model: Model, doc: Doc, is_train: bool):
        ops = model.ops
        codes: List[int] = []
        lengths: List[int] = []
        for token in doc:
            text = token.text[:max_chars] or " "
            codes.extend(ord(ch) for ch in text)
            lengths.append(len(text))
        ragged = Ragged(ops.asarray1i(codes).astype("uint64"), ops.asarray1i(lengths))
        return ragged, lambda d_ragged: []

    return Model("e2ej_char_ids", forward)


def char_cnn(char_width: int, char_filters: int, char_rows: int, max_chars: int) -> Model[List[Doc], List[Floats2d]]:
    """Character CNN with max-over-time pooling: one `char_filters` vector per token (thesis eq. 3.1-3.2)."""
    per_doc = chain(
        char_ids(max_chars),
        with_array(HashEmbed(nO=char_width, nV=char_rows, seed=7)),
        expand_window(window_size=1),
        with_array(Maxout(nO=char_filters, nI=3 * char_width, nP=2, normalize=False)),
        reduce_max(),
    )
    return map_list(per_doc)


def bilstm_encoder(width: int, depth: int) -> Model[List[Floats2d], List[Floats2d]]:
    """Two-direction LSTM over the sentence (thinc's numpy LSTM; `width` split between the directions)."""
    return with_padded(LSTM(nO=width, nI=width, bi=True, depth=depth))


@registry.architectures("spacy_anon.e2ej_tok2vec.v1")
def build_e2ej_tok2vec(width: int = 128, encoder: str = "cnn", depth: int = 4, window_size: int = 1,
                       word_rows: int = 5000, char_width: int = 32, char_filters: int = 64,
                       char_rows: int = 2000, max_chars: int = 20,
                       static_vectors: bool = True) -> Model[List[Doc], List[Floats2d]]:
    """Word embeddings (+ static vectors) and a character CNN, concatenated, mixed to `width`, encoded by
    `encoder` ("cnn" or "bilstm", `depth` layers; `window_size` is the cnn's tokens either side)."""
    check_e2ej_settings(width=width, encoder=encoder, depth=depth, window_size=window_size, max_chars=max_chars,
                        char_width=char_width, char_filters=char_filters, word_rows=word_rows,
                        char_rows=char_rows)
    words = MultiHashEmbed(width=width, attrs=["NORM", "PREFIX", "SUFFIX", "SHAPE"], rows=[word_rows] * 4,
                           include_static_vectors=static_vectors)
    embed = chain(
        concatenate(words, char_cnn(char_width, char_filters, char_rows, max_chars)),
        with_array(Maxout(nO=width, nI=width + char_filters, nP=3, normalize=True)),
    )
    if encoder == "cnn":
        encode = MaxoutWindowEncoder(width=width, window_size=window_size, maxout_pieces=3, depth=depth)
    else:
        encode = residual(bilstm_encoder(width, depth)) if depth > 1 else bilstm_encoder(width, depth)
    model = chain(embed, encode)
    model.set_dim("nO", width)
    model.attrs["encoder"] = encoder
    return model
