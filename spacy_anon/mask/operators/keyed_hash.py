"""`hash`: a keyed digest of the mention's own value, HMAC-SHA256 with the secret key, hex.

Unlike `pseudonym` (one token per entity, from the grouper's key), every distinct value gets its own
digest, so equal values can be matched across records by whoever holds the key, and nobody else can
test guesses (a plain hash of a name or a phone number is reversed by hashing candidates).
Settings (`operators = {"hash": {...}}`): `length` (hex digits, default 16, 8 to 64)."""
import hashlib
import hmac

from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, register


def keyed_hash(key: bytes, value: str, length: int = 16) -> str:
    return hmac.new(key, b"hash\x1f" + value.encode("utf8"), hashlib.sha256).hexdigest()[:length]


@register("hash")
class HashOperator(Operator):
    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.length = self.settings().get("length", 16)

    def validate(self) -> None:
        self.check_settings({"length"})
        if not isinstance(self.length, int) or not 8 <= self.length <= 64:
            raise ValueError(Errors.E123.format(setting="operators.hash.length", value=self.length,
                                                allowed="8 to 64 hex digits"))
        if not self.mask.has_key():
            raise ValueError(Errors.E110.format(strategy="hash", env=self.mask.KEY_ENV))

    def operate(self, mention: Mention) -> str:
        return keyed_hash(self.mask.secret_key(), mention.text, self.length)
