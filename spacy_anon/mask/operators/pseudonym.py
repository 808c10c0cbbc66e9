"""`pseudonym`: a keyed digest of the entity, the same in every document processed with the key."""
import hashlib
import hmac

from spacy_anon.errors import Errors
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register


def pseudonym(key: bytes, label: str, entity_key: str, length: int = 8, fmt: str = "{label}_{digest}") -> str:
    """Keyed pseudonym: HMAC-SHA256(key, entity key) truncated to `length` hex digits, e.g. PERSON_3f9a1c2b."""
    digest = hmac.new(key, entity_key.encode("utf8"), hashlib.sha256).hexdigest()[:length]
    return fmt.format(label=label, digest=digest)


@register("pseudonym")
class PseudonymOperator(Operator):
    def validate(self, params: OperatorParams) -> None:
        try:
            params.pseudonym_format.format(label="X", digest="0")
        except (KeyError, IndexError, ValueError) as err:
            raise ValueError(Errors.E108.format(setting="pseudonym_format", value=params.pseudonym_format,
                                                error=repr(err), fields="{label} and {digest}",
                                                example="{label}_{digest}")) from None
        if not 4 <= params.pseudonym_length <= 64:
            raise ValueError(Errors.E109.format(value=params.pseudonym_length))
        if params.key is None:
            raise ValueError(Errors.E110.format(strategy="pseudonym", env=params.key_env))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        value = mention.memory.get(mention.entity, "pseudonym")
        if value is None:
            value = pseudonym(params.key, mention.label, mention.key, params.pseudonym_length,
                              params.pseudonym_format)
            mention.memory.set(mention.entity, "pseudonym", value)
        return value
