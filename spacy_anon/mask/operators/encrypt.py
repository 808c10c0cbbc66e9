"""`encrypt`: the mention encrypted with the secret key (AES-SIV), reversible only with that key.

The replacement is `ENC:` + base64url(ciphertext). `decrypt_token` (and `spacy-anon deanonymize`) turn it
back into the original. AES-SIV is deterministic: the same value gives the same token, so the output
stays consistent and joinable, and equality of values is visible (as with pseudonyms). The AES key is
derived from the secret key with HMAC-SHA512, so the same `SPACY_ANON_KEY` serves every keyed operator
without reusing key material.
"""
import base64
import hashlib
import hmac
import re

from spacy_anon.errors import Errors
from spacy_anon.generalize.grammar import indefinite_article
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register

PREFIX = "ENC:"
TOKEN = re.compile(r"ENC:[A-Za-z0-9_\-]+")


def derive_key(secret: bytes) -> bytes:
    """The 512-bit AES-SIV key (two AES-256 keys) for a secret key."""
    return hmac.new(secret, b"spacy-anon encrypt v1", hashlib.sha512).digest()


def encrypt_value(secret: bytes, value: str) -> str:
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV  # only when the operator is used

    data = AESSIV(derive_key(secret)).encrypt(value.encode("utf8"), None)
    return PREFIX + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def decrypt_token(secret: bytes, token: str) -> str:
    """The original value of an `ENC:` token; ValueError when it was made with another key or altered."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV

    if not token.startswith(PREFIX):
        raise ValueError(Errors.E124.format(problem="does not start with ENC:"))
    body = token[len(PREFIX):]
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        return AESSIV(derive_key(secret)).decrypt(data, None).decode("utf8")
    except (InvalidTag, ValueError) as err:
        raise ValueError(Errors.E124.format(problem=f"cannot be decrypted with this key ({type(err).__name__})")) \
            from None


@register("encrypt")
class EncryptOperator(Operator):
    def validate(self, params: OperatorParams) -> None:
        self.check_options(params, set())
        if params.key is None:
            raise ValueError(Errors.E110.format(strategy="encrypt", env=params.key_env))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return encrypt_value(params.key, mention.text)


def decrypt_spans(secret: bytes, anonymized: str, spans) -> tuple:
    """(restored text, number of tokens decrypted) of an anonymized text whose replacement table rows
    give `anon_start`/`anon_end` (the CLI's JSONL spans): every `ENC:` replacement becomes its original
    value (an "a"/"an" the row covers is made to agree with the value again); other replacements stay as
    they are."""
    pieces, pos, restored = [], 0, 0
    for span in sorted(spans, key=lambda s: s["anon_start"]):
        start, end = span["anon_start"], span["anon_end"]
        token = anonymized[start:end]
        article, _, rest = token.partition(" ")
        if article in ("a", "an", "A", "An") and TOKEN.fullmatch(rest):  # anon_mask made the article agree
            value = decrypt_token(secret, rest)
            article = indefinite_article(value)
            value = f"{article.capitalize() if token[:1].isupper() else article} {value}"
        elif TOKEN.fullmatch(token):
            value = decrypt_token(secret, token)
        else:
            continue
        pieces += [anonymized[pos:start], value]
        pos = end
        restored += 1
    pieces.append(anonymized[pos:])
    return "".join(pieces), restored
