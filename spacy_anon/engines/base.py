"""The adapter between a corpus run and an execution engine (in-process, Dask; Ray or Spark can plug in).

An engine only maps a picklable task over partitions (lists of records, or of jobs made from them) and
gives the results back in partition order, with a bounded number of partitions in flight, so that
memory does not grow with the corpus and the output keeps the input order. It knows nothing about the
records: the caller builds the partitions from an iterator (folder, JSONL, CSV, Parquet: the same).

The pipeline is loaded once per worker process: a task carries a `PipelineSpec` (model, language, mask
settings), which is small and picklable, and `worker_pipeline(spec)` loads it on first use and keeps it
for the life of the worker. Pseudonyms stay consistent across workers without shared state: keyed
replacements (HMAC of the entity under the secret key) depend only on the key and the entity.
"""
import abc
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Type

from spacy_anon.errors import Errors
from spacy_anon.pipeline import load


class PartitionError(RuntimeError):
    """A partition failed on every attempt. `number`: its position in the run (0-based); `items`: what
    it held (the caller names the records); `reason`: the exception type, without content."""

    def __init__(self, number: int, items: Sequence[Any], attempts: int, reason: str):
        super().__init__(f"partition {number + 1} failed after {attempts} attempt(s) ({reason})")
        self.number, self.items, self.attempts, self.reason = number, list(items), attempts, reason


@dataclass(frozen=True)
class PipelineSpec:
    """What a worker needs to load the pipeline itself: picklable, hashable, no loaded object."""

    model: Optional[str] = None
    lang: str = "en"
    mask_config: Tuple[Tuple[str, Any], ...] = ()
    max_length: Optional[int] = None

    @classmethod
    def from_config(cls, model: Optional[str] = None, lang: str = "en", mask_config: Optional[Dict] = None,
                    max_length: Optional[int] = None) -> "PipelineSpec":
        items = tuple(sorted((k, _frozen(v)) for k, v in (mask_config or {}).items()))
        return cls(None if model is None else str(model), lang, items, max_length)

    def load(self):
        config = {k: _thawed(v) for k, v in self.mask_config}
        nlp = load(model=self.model, lang=self.lang, **config)
        if self.max_length:
            nlp.max_length = self.max_length
        return nlp


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return ("__dict__", tuple(sorted((k, _frozen(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return ("__list__", tuple(_frozen(v) for v in value))
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "__dict__":
        return {k: _thawed(v) for k, v in value[1]}
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "__list__":
        return [_thawed(v) for v in value[1]]
    return value


_PIPELINES: Dict[PipelineSpec, Any] = {}


def worker_pipeline(spec: PipelineSpec) -> Any:
    """The pipeline of `spec`, loaded once in this process (a worker keeps it between tasks)."""
    nlp = _PIPELINES.get(spec)
    if nlp is None:
        nlp = _PIPELINES[spec] = spec.load()
    return nlp


@dataclass(frozen=True)
class PipelineTask:
    """A picklable task: `func(worker_pipeline(spec), partition)`. `func` must be importable by name on
    the workers (a module-level function or a functools.partial of one)."""

    spec: PipelineSpec
    func: Callable[[Any, List[Any]], Any]

    def __call__(self, partition: List[Any]) -> Any:
        return self.func(worker_pipeline(self.spec), partition)


def partitions(items: Iterable[Any], size: int) -> Iterator[List[Any]]:
    """Consecutive lists of `size` items (the last may be shorter), read lazily."""
    if size < 1:
        raise ValueError(Errors.E909.format(name="partition size", minimum=1, value=size))
    batch: List[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


class Engine(abc.ABC):
    """Where partitions run. Subclasses implement `map`; use as a context manager (start/close)."""

    name = "engine"

    def start(self) -> "Engine":
        return self

    def close(self) -> None:
        pass

    def __enter__(self) -> "Engine":
        return self.start()

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.close()
        return False

    @abc.abstractmethod
    def map(self, task: Callable[[List[Any]], Any], parts: Iterable[List[Any]]) -> Iterator[Any]:
        """`task(part)` for each part, yielded in the order of `parts`; at most a bounded number of parts
        read ahead. Raises PartitionError (after the engine's retries) when a part keeps failing."""


@dataclass
class SerialEngine(Engine):
    """This process, one partition after the other: the reference the other engines must match."""

    name = "serial"
    options: Dict[str, Any] = field(default_factory=dict)

    def map(self, task, parts):
        for number, part in enumerate(parts):
            try:
                yield task(part)
            except Exception as err:  # noqa: BLE001
                raise PartitionError(number, part, 1, type(err).__name__) from err


_ENGINES: Dict[str, Tuple[Callable[..., Engine], Optional[Tuple[str, str]]]] = {}


def register_engine(name: str, factory: Callable[..., Engine], needs: Optional[Tuple[str, str]] = None) -> None:
    """Make `--engine NAME` available. factory(**options) -> Engine; needs: (module, extra) that must be
    importable, named in the error when it is not."""
    _ENGINES[name] = (factory, needs)


def engine_names() -> List[str]:
    return sorted(_ENGINES)


def make_engine(name: str, **options: Any) -> Engine:
    """The engine registered as `name`, built with `options` (ValueError naming the fix otherwise)."""
    if name not in _ENGINES:
        raise ValueError(Errors.E906.format(name=name, known=", ".join(engine_names())))
    factory, needs = _ENGINES[name]
    if needs is not None:
        import importlib.util

        module, extra = needs
        if importlib.util.find_spec(module) is None:
            raise ImportError(Errors.E907.format(name=name, package=module, extra=extra))
    return factory(**options)


def _serial(**options: Any) -> Engine:
    return SerialEngine(options)


register_engine("serial", _serial)
