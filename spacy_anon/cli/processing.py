"""Anonymize batches of records into plain results, in this process or in a worker (one code path).

A record is its text plus the string fields named by `--anonymize-fields`; all of them share one
`ReplacementMemory` (or the run's, `--consistent-across-docs`) so an entity gets the same replacement
everywhere in the record, and one leak guard (`longdocs.guard_across`): what one of them masked is
masked in the others. Texts longer than `nlp.max_length` go through `anonymize_long_text`, the
others through `nlp.pipe`, strictly in order (the memory's entity numbering follows the text order).

Fail closed: every text must come back, unchanged, with `anon_status == "ok"`; otherwise the batch
returns a `Failure` naming the record, not a partial result. `fail_closed(nlp)` makes a component's
exception stop the run even when the pipeline's error handler would swallow it (spaCy then drops the
document from `nlp.pipe`, or lets the next components run on it in `nlp(doc)`), for any component: ours,
spaCy's (a parser cannot hold a handler of its own: it always raises), plain functions (the pipeline's
default handler), pipes without `pipe()`.
"""
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from spacy_anon import progress
from spacy_anon.longdocs import (
    MEMORY_KEY,
    AnonResult,
    NotAnonymizedError,
    anonymize_long_text,
    guard_across,
    new_memory,
    result_from_doc,
)


@dataclass
class Job:
    """What a worker needs of a record: `index` (its position in the run), the text, the subject and
    the (dotted name, string) fields to anonymize with it."""

    index: int
    text: str
    subject: Any = None
    fields: Tuple[Tuple[str, str], ...] = ()


@dataclass
class Outcome:
    """The anonymized record: the text's result and one result per anonymized field."""

    index: int
    text: AnonResult
    fields: Dict[str, AnonResult] = field(default_factory=dict)


@dataclass
class Failure:
    """Why a batch stopped. indices: the record(s) concerned (several when a batch-level component
    failed); part: the field name, None for the text; reason: a message without document content;
    trace: the traceback (only with debug: it may quote content)."""

    indices: List[int]
    part: Optional[str]
    reason: str
    trace: Optional[str] = None


class ComponentError(Exception):
    """A pipeline component raised; `contexts` are the `as_tuples` contexts of the documents concerned."""

    def __init__(self, component: str, error: BaseException, contexts: Sequence[Any]):
        super().__init__(f"{type(error).__name__} in component {component!r}")
        self.component, self.error, self.contexts = component, error, list(contexts)


def _fail_closed_handler(original: Callable) -> Callable:
    def handler(name, proc, docs, error):
        contexts = [getattr(doc, "_context", None) for doc in docs]
        try:
            original(name, proc, docs, error)
        except Exception as raised:  # noqa: BLE001
            raise ComponentError(name, raised, contexts) from raised
        raise ComponentError(name, error, contexts) from error

    handler.spacy_anon_fail_closed = True  # type: ignore[attr-defined]
    return progress.raising(handler)


def fail_closed(nlp) -> None:
    """Wrap the pipeline's error handlers (default and per component) so a component's exception always
    stops processing: the original handler still runs (it may log), then ComponentError is raised.

    A component is a spaCy `Pipe` or any callable (a plain function has no handler: the default one
    applies); one that cannot hold a handler (spaCy's parser and ner are compiled classes without the
    attribute) keeps its own, which raises."""
    if not getattr(nlp.default_error_handler, "spacy_anon_fail_closed", False):
        nlp.default_error_handler = _fail_closed_handler(nlp.default_error_handler)
    for _, proc in nlp.pipeline:
        get = getattr(proc, "get_error_handler", None)
        if get is None or not hasattr(proc, "set_error_handler"):
            continue
        current = get()
        if not getattr(current, "spacy_anon_fail_closed", False):
            try:
                proc.set_error_handler(_fail_closed_handler(current))
            except (AttributeError, TypeError):  # no room for a handler: its own is spaCy's, which raises
                continue


class _UnitFailed(Exception):
    def __init__(self, units: Sequence["_Unit"], reason: str, error: Optional[BaseException] = None):
        super().__init__(reason)
        self.units, self.reason, self.error = list(units), reason, error


@dataclass
class _Unit:
    index: int
    part: Optional[str]
    text: str
    subject: Any
    memory: Any


def _make_doc(nlp, unit: _Unit):
    doc = nlp.make_doc(unit.text)
    if unit.subject is not None:
        doc._.anon_subject = unit.subject
    doc.user_data[MEMORY_KEY] = unit.memory
    return doc


def _check(unit: _Unit, doc) -> AnonResult:
    if doc._.anon_status != "ok" or doc._.anon_text is None:
        reason = (doc._.anon_stats or {}).get(progress.REASON_KEY)  # coded, names components only
        raise _UnitFailed([unit], f"not anonymized (anon_status={doc._.anon_status!r})"
                          + (f": {reason}" if reason else ""))
    if doc.text != unit.text:
        raise _UnitFailed([unit], "not anonymized (the pipeline changed the document's text)")
    return result_from_doc(doc)


def _component_failure(units: Sequence[_Unit], err: BaseException) -> _UnitFailed:
    if isinstance(err, ComponentError):
        positions = [c for c in err.contexts if isinstance(c, int) and 0 <= c < len(units)]
        if positions:
            units = [units[k] for k in positions]
        return _UnitFailed(units, f"anonymization failed ({err})", err.error)
    return _UnitFailed(units, f"anonymization failed ({type(err).__name__})", err)


def _run_short(nlp, units: Sequence[_Unit], batch_size: Optional[int]) -> List[AnonResult]:
    kwargs: Dict[str, Any] = {"as_tuples": True}
    if batch_size:
        kwargs["batch_size"] = batch_size
    results: List[AnonResult] = []
    try:
        for doc, k in nlp.pipe(((_make_doc(nlp, u), k) for k, u in enumerate(units)), **kwargs):
            if k != len(results):
                break  # a document was dropped: reported below
            results.append(_check(units[k], doc))
    except _UnitFailed:
        raise
    except Exception as err:  # noqa: BLE001
        raise _component_failure(units, err) from err
    if len(results) < len(units):
        raise _UnitFailed([units[len(results)]],
                          "not anonymized (the pipeline returned no document: a component dropped it)")
    return results


def _run_long(nlp, unit: _Unit) -> AnonResult:
    try:
        return anonymize_long_text(nlp, unit.text, unit.subject, unit.memory)
    except NotAnonymizedError as err:
        raise _UnitFailed([unit], str(err)) from None
    except Exception as err:  # noqa: BLE001
        raise _component_failure([unit], err) from err


def anonymize_batch(nlp, jobs: Sequence[Job], run_memory: Any = None, batch_size: Optional[int] = None,
                    debug: bool = False) -> Union[List[Outcome], Failure]:
    """Outcomes of `jobs` in order, or the Failure that stopped the batch (plain data either way)."""
    units: List[_Unit] = []
    for job in jobs:
        memory = run_memory if run_memory is not None else new_memory()
        units.append(_Unit(job.index, None, job.text, job.subject, memory))
        units.extend(_Unit(job.index, name, value, job.subject, memory) for name, value in job.fields)
    results: List[AnonResult] = []
    try:
        i = 0
        while i < len(units):
            if len(units[i].text) > nlp.max_length:
                results.append(_run_long(nlp, units[i]))
                i += 1
                continue
            j = i
            while j < len(units) and len(units[j].text) <= nlp.max_length:
                j += 1
            results.extend(_run_short(nlp, units[i:j], batch_size))
            i = j
    except _UnitFailed as failed:
        trace = None
        if debug and failed.error is not None:
            err = failed.error
            trace = "".join(traceback.format_exception(type(err), err, err.__traceback__))
        parts = {u.part for u in failed.units}
        indices = sorted({u.index for u in failed.units})
        return Failure(indices, parts.pop() if len(parts) == 1 else None, failed.reason, trace)
    by_record: Dict[int, List[int]] = {}
    for k, unit in enumerate(units):
        by_record.setdefault(unit.index, []).append(k)
    for index, ks in by_record.items():  # what one field masked is masked in the record's other fields
        try:
            guard_across(nlp, [units[k].text for k in ks], [results[k] for k in ks])
        except Exception as err:  # noqa: BLE001  (fail closed: the record is not written)
            trace = "".join(traceback.format_exception(type(err), err, err.__traceback__)) if debug else None
            return Failure([index], None, f"anonymization failed ({type(err).__name__} in the record's leak guard)",
                           trace)
    outcomes: Dict[int, Outcome] = {}
    for unit, result in zip(units, results):
        if unit.part is None:
            outcomes[unit.index] = Outcome(unit.index, result)
        else:
            outcomes[unit.index].fields[unit.part] = result
    return [outcomes[job.index] for job in jobs]
