"""`pseudonym`: a keyed digest of the entity, the same in every document processed with the key."""
import hashlib
import hmac

from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, register


def pseudonym(key: bytes, label: str, entity_key: str, length: int = 8, fmt: str = "{label}_{digest}") -> str:
    """Keyed pseudonym: HMAC-SHA256(key, entity key) truncated to `length` hex digits, e.g. PERSON_3f9a1c2b."""
    digest = hmac.new(key, entity_key.encode("utf8"), hashlib.sha256).hexdigest()[:length]
    return fmt.format(label=label, digest=digest)


@register("pseudonym")
class PseudonymOperator(Operator):
    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.fmt, self.length = mask.pseudonym_format, mask.pseudonym_length

    def validate(self) -> None:
        try:
            self.fmt.format(label="X", digest="0")
        except (KeyError, IndexError, ValueError) as err:
            raise ValueError(Errors.E108.format(setting="pseudonym_format", value=self.fmt, error=repr(err),
                                                fields="{label} and {digest}", example="{label}_{digest}")) from None
        if not 4 <= self.length <= 64:
            raise ValueError(Errors.E109.format(value=self.length))
        if not self.mask.has_key():
            raise ValueError(Errors.E110.format(strategy="pseudonym", env=self.mask.KEY_ENV))

    def operate(self, mention: Mention) -> str:
        value = mention.memory.get(mention.entity, "pseudonym")
        if value is None:
            value = pseudonym(self.mask.secret_key(), mention.label, mention.key, self.length, self.fmt)
            mention.memory.set(mention.entity, "pseudonym", value)
        return value
