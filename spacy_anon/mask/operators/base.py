"""The operator contract and its registry (see the package docstring)."""
import inspect
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Tuple, Type

from spacy.tokens import Span
from spacy.util import registry

from spacy_anon.errors import Errors, Warnings

if TYPE_CHECKING:  # the component imports this module, not the other way round
    from spacy_anon.mask.memory import ReplacementMemory

if not hasattr(registry, "anon_operators"):
    registry.create("anon_operators", entry_points=True)

BUILT_IN = ("suppress", "tag", "surrogate", "pseudonym", "generalize", "keep", "replace", "mask_chars", "hash",
            "encrypt")
KEY_ENV = "SPACY_ANON_KEY"


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


@dataclass(frozen=True)
class OperatorParams:
    """Every operator's parameters, built once from anon_mask's settings (`settings.operator_params`), as
    Presidio passes `params` to `operate`: operators read them here, never from the component.

    options: `operators = {"<name>": {...}}` (an operator reads its own with `Operator.option`, its declared
    default when unset); key: the secret key of keyed operators (never serialized or logged); name_labels / honorifics: the grouper's (person labels, titles
    that are not name parts); surrogate_extras: the optional keywords the surrogate provider takes.
    """

    lang: str = "en"
    surrogate_provider: Optional[Callable[..., str]] = None
    surrogate_extras: FrozenSet[str] = frozenset()
    seed: Optional[int] = None
    date_granularity: str = "month"
    age_bucket: int = 10
    number_style: str = "about"
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    key: Optional[bytes] = field(default=None, repr=False)
    name_labels: Tuple[str, ...] = ("PERSON",)
    honorifics: Tuple[str, ...] = ()
    key_env: str = KEY_ENV

    def options_of(self, name: str) -> Dict[str, Any]:
        """The settings of operator `name`: `operators = {"<name>": {...}}` on anon_mask."""
        return dict(self.options.get(name, {}))

    # Views of the built-in operators' settings by their former top-level names, for operators of your own
    # written against them (read `get_operator(name).option(params, key)` instead).
    @property
    def suppress_filler(self) -> str:
        return get_operator("suppress").option(self, "filler")

    @property
    def suppress_keep_length(self) -> bool:
        return get_operator("suppress").option(self, "keep_length")

    @property
    def tag_format(self) -> str:
        return get_operator("tag").option(self, "format")

    @property
    def surrogate_locale(self) -> str:
        return get_operator("surrogate").option(self, "locale")

    @property
    def date_shift_days(self) -> int:
        return get_operator("surrogate").option(self, "date_shift_days")

    @property
    def pseudonym_format(self) -> str:
        return get_operator("pseudonym").option(self, "format")

    @property
    def pseudonym_length(self) -> int:
        return get_operator("pseudonym").option(self, "length")


class Operator:
    """One replacement strategy, stateless: subclasses set `name` (by `register`), refuse parameters that
    cannot work in `validate(params)` and return the replacement string in `operate(mention, params)`.

    `operate_with_fallback` also says whether a generalizer supplied the value and, when the operator wrote
    something else than its kind of replacement, (fallback, operator) for the table; only `generalize`
    has one of its own.
    """

    name = ""
    # The operator's settings (`operators = {"<name>": {...}}` on anon_mask) and their defaults; None: the
    # operator checks its own settings in `validate` (operators written before settings were declared).
    defaults: Optional[Dict[str, Any]] = None

    def __init__(self, mask: Any = None) -> None:
        self.mask = mask  # only operators of the older interface read the component (`LegacyOperator`)

    def validate(self, params: OperatorParams) -> None:
        """Raise ValueError naming the setting and the fix when a parameter cannot work."""

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        raise NotImplementedError

    def operate_with_fallback(self, mention: Mention,
                              params: OperatorParams) -> Tuple[str, bool, Optional[Tuple[str, str]]]:
        """(replacement, whether a generalizer supplied it, (fallback, operator) or None)."""
        return self.operate(mention, params), False, None

    @classmethod
    def option(cls, params: OperatorParams, key: str) -> Any:
        """The operator's setting `key`: `operators.<name>.<key>` on anon_mask, else its declared default."""
        return params.options_of(cls.name).get(key, (cls.defaults or {}).get(key))

    @classmethod
    def check_options(cls, params: OperatorParams, known: Optional[set] = None) -> None:
        """Refuse settings this operator does not have (a typo would otherwise be ignored silently);
        known: the setting names (default: those of `defaults`)."""
        known = set(cls.defaults or ()) if known is None else set(known)
        unknown = sorted(set(params.options_of(cls.name)) - known)
        if unknown:
            raise ValueError(Errors.E125.format(name=cls.name, unknown=unknown, known=sorted(known) or "none"))

    # the older interface, for operators that still read the component (`LegacyOperator` runs them)
    def settings(self) -> dict:
        return dict(getattr(self.mask, "operator_settings", {}).get(self.name, {}))

    def check_settings(self, known: set) -> None:
        unknown = sorted(set(self.settings()) - set(known))
        if unknown:
            raise ValueError(Errors.E125.format(name=self.name, unknown=unknown, known=sorted(known) or "none"))


class LegacyOperator(Operator):
    """An operator written for the older interface (`__init__(mask)`, `validate()`, `operate(mention)`,
    reading settings from the component), run as it was; a DeprecationWarning says how to migrate."""

    def __init__(self, name: str, legacy: Any) -> None:
        super().__init__()
        self.name, self.legacy = name, legacy

    def validate(self, params: OperatorParams) -> None:
        self.legacy.validate()

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return self.legacy.operate(mention)

    def operate_with_fallback(self, mention, params):
        if hasattr(self.legacy, "operate_with_source"):
            value, generalized = self.legacy.operate_with_source(mention)
            return value, generalized, None
        return self.operate(mention, params), False, None


def is_legacy(cls: Type[Any]) -> bool:
    """Whether an operator class has the older interface: `operate(mention)` without `params`."""
    try:
        params = list(inspect.signature(cls.operate).parameters)
    except (TypeError, ValueError, AttributeError):
        return False
    return len(params) == 2


def make_operator(name: str, mask: Any) -> Operator:
    """The operator registered under `name`; one of the older interface is wrapped (`LegacyOperator`)
    with the component it reads its settings from, and a DeprecationWarning says how to migrate."""
    cls = get_operator(name)
    if is_legacy(cls):
        warnings.warn(Warnings.W102.format(name=name), DeprecationWarning, stacklevel=3)
        return LegacyOperator(name, cls(mask))
    return cls()


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
