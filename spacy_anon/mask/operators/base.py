"""The operator contract and its registry (see the package docstring)."""
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, List, Tuple, Type

from spacy.tokens import Span
from spacy.util import registry

from spacy_anon.errors import Errors

if TYPE_CHECKING:  # the component imports this module, not the other way round
    from spacy_anon.mask.memory import ReplacementMemory

if not hasattr(registry, "anon_operators"):
    registry.create("anon_operators", entry_points=True)

BUILT_IN = ("suppress", "tag", "surrogate", "pseudonym", "generalize", "keep", "replace", "mask_chars", "hash",
            "encrypt")


@dataclass
class Mention:
    """One mention to replace and what an operator may need to decide its replacement.

    span: the mention (our label); detected: the detector's own span (a generalizer's value is on it);
    entity: the entity id (`PERSON_1`); key: the grouper's entity key (normalized original text: use it
    only through a digest or an HMAC); memory: the replacement memory of this doc or run; texts: the
    entity's mentions in this doc; starts_sentence: the mention opens a sentence (capitalise);
    written: replacements anon_mask itself wrote earlier on spans (not a generalizer's); titles: the
    title words ("mr", "sra") an entity's person mentions start with or follow, in this doc.
    """

    span: Span
    detected: Span
    entity: str
    key: str
    memory: "ReplacementMemory"
    texts: List[str] = field(default_factory=list)
    starts_sentence: bool = False
    written: frozenset = frozenset()
    titles: str = ""

    @property
    def label(self) -> str:
        return self.span.label_

    @property
    def text(self) -> str:
        return self.span.text

    @property
    def fine_type(self) -> str:
        """The span's fine type (`span._.anon_type`: EMAIL, NOMBRE_SUJETO_ASISTENCIA...)."""
        return self.span._.anon_type


class Operator:
    """One replacement strategy. Subclasses set `name`, read their settings from the component in
    `__init__`, refuse bad ones in `validate` and return the replacement string in `operate`.

    from_generalizer: whether `operate` took the replacement from a generalizer (`anon_generalize`),
    which tidy-up and reruns must know; only `generalize` sets it.
    """

    name = ""

    def __init__(self, mask: Any) -> None:
        self.mask = mask

    def validate(self) -> None:
        """Raise ValueError naming the setting and the fix when a setting cannot work."""

    def settings(self) -> dict:
        """This operator's settings: `operators = {"<name>": {...}}` on anon_mask."""
        return dict(getattr(self.mask, "operator_settings", {}).get(self.name, {}))

    def check_settings(self, known: set) -> None:
        """Refuse settings this operator does not have (a typo would otherwise be ignored silently)."""
        unknown = sorted(set(self.settings()) - set(known))
        if unknown:
            raise ValueError(Errors.E125.format(name=self.name, unknown=unknown, known=sorted(known) or "none"))

    def operate(self, mention: Mention) -> str:
        raise NotImplementedError

    def operate_with_source(self, mention: Mention) -> Tuple[str, bool]:
        """(replacement, whether a generalizer supplied it)."""
        return self.operate(mention), False


def operator_names() -> Tuple[str, ...]:
    """Every registered strategy name (the built-in ones first)."""
    _load_built_ins()
    names = set(registry.anon_operators.get_all())
    return tuple(n for n in BUILT_IN if n in names) + tuple(sorted(names - set(BUILT_IN)))


def get_operator(name: str) -> Type[Operator]:
    """The operator class registered under `name`; ValueError listing the valid names otherwise."""
    _load_built_ins()
    try:
        return registry.anon_operators.get(name)
    except Exception:  # noqa: BLE001  (catalogue raises its own RegistryError)
        raise ValueError(Errors.E101.format(name=name, valid=", ".join(operator_names()))) from None


def _load_built_ins() -> None:
    """Import the built-in operator modules (they register themselves)."""
    # lazy: import cycle (every operator module imports this one to register itself)
    from spacy_anon.mask.operators import (  # noqa: F401
        encrypt, generalize, keep, keyed_hash, mask_chars, pseudonym, replace, suppress, surrogate, tag)


def register(name: str) -> Callable[[Type[Operator]], Type[Operator]]:
    """Class decorator: `@register("tag")` registers an operator under its strategy name."""

    def wrap(cls: Type[Operator]) -> Type[Operator]:
        cls.name = name
        registry.anon_operators.register(name, func=cls)
        return cls

    return wrap

