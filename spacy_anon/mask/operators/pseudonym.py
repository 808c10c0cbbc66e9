"""`pseudonym`: a keyed digest of the entity, the same in every document processed with the key."""
import hashlib
import hmac

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
            raise ValueError(f"anon_mask: bad pseudonym_format {self.fmt!r} ({err!r}); use the fields "
                             "{label} and {digest}") from None
        if not 4 <= self.length <= 64:
            raise ValueError("anon_mask: pseudonym_length must be between 4 and 64")
        if not self.mask.has_key():
            raise ValueError(
                "anon_mask: the 'pseudonym' strategy needs a secret key: set the environment variable "
                f"{self.mask.KEY_ENV} or the config setting pseudonym_key (there is no default key)")

    def operate(self, mention: Mention) -> str:
        value = mention.memory.get(mention.entity, "pseudonym")
        if value is None:
            value = pseudonym(self.mask.secret_key(), mention.label, mention.key, self.length, self.fmt)
            mention.memory.set(mention.entity, "pseudonym", value)
        return value
