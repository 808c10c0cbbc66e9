"""`encrypt`: the mention encrypted with the secret key (AES-SIV), reversible only with that key.

The replacement is `ENC2:` + base64url(ciphertext) (token format 2). The value is padded to a multiple
of `block` bytes (`operators = {"encrypt": {"block": 64}}`, default 64) before encryption, so every value
of up to `block - 1` UTF-8 bytes gives a token of the same length; a longer value reveals only how many
blocks it takes. `decrypt_token` (and `spacy-anon deanonymize`) turn a token back into the original; it
also reads the unpadded `ENC:` tokens of format 1, whose length followed the value's.

AES-SIV is deterministic: the same value gives the same token, so the output stays consistent and
joinable, and equality of values is visible (as with pseudonyms). The AES key is derived from the secret
key with HMAC-SHA512 (one label per format), so the same `SPACY_ANON_KEY` serves every keyed operator
without reusing key material.
"""
import base64
import hashlib
import hmac
import re
from typing import Optional

from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register

PREFIX = "ENC2:"  # format 2: padded
PREFIX_V1 = "ENC:"  # format 1: unpadded (still decrypted)
TOKEN = re.compile(r"ENC2?:[A-Za-z0-9_\-]+")
DEFAULT_BLOCK = 64
PAD_MARK = b"\x80"  # ISO/IEC 7816-4 padding: 0x80 then zeros
_LABELS = {PREFIX_V1: b"spacy-anon encrypt v1", PREFIX: b"spacy-anon encrypt v2"}


def derive_key(secret: bytes, label: bytes = _LABELS[PREFIX_V1]) -> bytes:
    """The 512-bit AES-SIV key (two AES-256 keys) for a secret key and a token format."""
    return hmac.new(secret, label, hashlib.sha512).digest()


def pad(data: bytes, block: int = DEFAULT_BLOCK) -> bytes:
    """`data` + 0x80 + zeros up to the next multiple of `block` (at least one byte is added)."""
    padded = data + PAD_MARK
    return padded + b"\x00" * (-len(padded) % block)


def unpad(data: bytes) -> bytes:
    """The data `pad` padded; ValueError when the padding is not there."""
    body = data.rstrip(b"\x00")
    if not body.endswith(PAD_MARK):
        raise ValueError(Errors.E124.format(problem="has no padding"))
    return body[:-1]


def encrypt_value(secret: bytes, value: str, block: int = DEFAULT_BLOCK) -> str:
    """The format-2 token of `value`: its length says only how many `block`-byte blocks the value takes."""
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV  # only when the operator is used

    data = AESSIV(derive_key(secret, _LABELS[PREFIX])).encrypt(pad(value.encode("utf8"), block), None)
    return PREFIX + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def token_format(token: str) -> Optional[str]:
    """The prefix of the token's format (`ENC2:`, `ENC:`), None when it is not an encrypted token."""
    if not TOKEN.fullmatch(token):
        return None
    return PREFIX if token.startswith(PREFIX) else PREFIX_V1


def decrypt_token(secret: bytes, token: str) -> str:
    """The original value of an `ENC2:` or `ENC:` token; ValueError when it was made with another key or
    altered (AES-SIV authenticates: a changed or cut token never decrypts to a wrong value)."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV

    prefix = token_format(token)
    if prefix is None:
        raise ValueError(Errors.E124.format(problem="does not start with ENC2: or ENC:"))
    body = token[len(prefix):]
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        if base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != body:  # only the one spelling
            raise ValueError(Errors.E124.format(problem="is not in canonical base64url"))
        plain = AESSIV(derive_key(secret, _LABELS[prefix])).decrypt(data, None)
        return (unpad(plain) if prefix == PREFIX else plain).decode("utf8")
    except (InvalidTag, ValueError) as err:
        raise ValueError(Errors.E124.format(problem=f"cannot be decrypted with this key ({type(err).__name__})")) \
            from None


def block_of(params: OperatorParams) -> int:
    return EncryptOperator.option(params, "block")


@register("encrypt")
class EncryptOperator(Operator):
    defaults = {"block": DEFAULT_BLOCK}

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        block = block_of(params)
        if not isinstance(block, int) or isinstance(block, bool) or not 16 <= block <= 1024 or block % 16:
            raise ValueError(Errors.E123.format(setting="operators.encrypt.block", value=block,
                                                allowed="a multiple of 16 bytes from 16 to 1024"))
        if params.key is None:
            raise ValueError(Errors.E110.format(strategy="encrypt", env=params.key_env))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return encrypt_value(params.key, mention.text, block_of(params))


def decrypt_spans(secret: bytes, anonymized: str, spans) -> tuple:
    """(restored text, number of tokens decrypted) of an anonymized text and its table rows (the CLI's
    JSONL spans); ValueError when a row's token cannot be restored (`restore.restore_text` reports each)."""
    from spacy_anon.mask.restore import restore_text  # lazy: restore imports this module

    result = restore_text(secret, anonymized, spans)
    if result.failed:
        raise ValueError(Errors.E124.format(problem=f"cannot be restored ({len(result.failed)} table row(s): altered, cut or made with another key)"))
    return result.text, result.restored
