"""`hash`: a keyed digest of the mention's own value, HMAC-SHA256 with the secret key, hex.

Unlike `pseudonym` (one token per entity, from the grouper's key), every distinct value gets its own
digest, so equal values can be matched across records by whoever holds the key, and nobody else can
test guesses (a plain hash of a name or a phone number is reversed by hashing candidates).
Settings (`operators = {"hash": {...}}`): `length` (hex digits, default 16, 8 to 64)."""
import hashlib
import hmac

from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def keyed_hash(key: bytes, value: str, length: int = 16) -> str:
    return hmac.new(key, b"hash\x1f" + value.encode("utf8"), hashlib.sha256).hexdigest()[:length]


@register("hash")
class HashOperator(Operator):
    defaults = {"length": 16}

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        length = self.option(params, "length")
        if not isinstance(length, int) or not 8 <= length <= 64:
            raise ValueError(Errors.E123.format(setting="operators.hash.length", value=length,
                                                allowed="8 to 64 hex digits"))
        if params.key is None:
            raise ValueError(Errors.E110.format(strategy="hash", env=params.key_env))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return keyed_hash(params.key, mention.text, self.option(params, "length"))
