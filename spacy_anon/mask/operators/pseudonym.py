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
    defaults = {"format": "{label}_{digest}", "length": 8}

    def validate(self, params: OperatorParams) -> None:
        self.check_options(params)
        fmt, length = self.option(params, "format"), self.option(params, "length")
        try:
            fmt.format(label="X", digest="0")
        except (KeyError, IndexError, ValueError, AttributeError) as err:
            raise ValueError(Errors.E108.format(setting="operators.pseudonym.format", value=fmt,
                                                error=repr(err), fields="{label} and {digest}",
                                                example="{label}_{digest}")) from None
        if isinstance(length, bool) or not isinstance(length, int) or not 4 <= length <= 64:
            raise ValueError(Errors.E109.format(value=length))
        if params.key is None:
            raise ValueError(Errors.E110.format(strategy="pseudonym", env=params.key_env))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        value = mention.memory.get(mention.entity, "pseudonym")
        if value is None:
            value = pseudonym(params.key, mention.label, mention.key, self.option(params, "length"),
                              self.option(params, "format"))
            mention.memory.set(mention.entity, "pseudonym", value)
        return value
