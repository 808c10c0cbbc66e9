"""The settings of one sub-command run, read once from the command line.

Each sub-command declares a frozen dataclass of its flags (named as argparse names them) that inherits
`FromArgs`; its entry point, the function `register` sets as `func`, calls `from_args(args)` once and
passes the result down, so nothing below the entry point sees argparse's Namespace and a run's settings
cannot change half-way (tests/test_architecture.py checks both). `spacy-anon anonymize` has its own
`options.Options`.
"""
from dataclasses import fields
from typing import Any, Type, TypeVar

from spacy_anon.errors import Errors

T = TypeVar("T", bound="FromArgs")
# Attributes argparse sets that are not flags: the function to run and the chosen (sub-)command.
NOT_FLAGS = ("func", "command")


class FromArgs:
    """`from_args` for a dataclass of a sub-command's flags."""

    @classmethod
    def from_args(cls: Type[T], args: Any) -> T:
        """The options of parsed arguments. A flag without a field is refused (it would have no effect)."""
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        values = {name: value for name, value in vars(args).items()
                  if name not in NOT_FLAGS and not name.endswith("_command")}
        unknown = sorted(set(values) - names)
        if unknown:
            raise TypeError(Errors.E984.format(names=", ".join(unknown), options=cls.__name__))
        return cls(**values)
