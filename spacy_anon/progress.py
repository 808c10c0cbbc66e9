"""Which components finished a document: `anon_mask` writes `anon_text` only when every one before it did.

spaCy lets a pipeline go on after a component raised (`nlp.set_error_handler(...)` with a handler that does
not raise): `nlp(doc)` hands the same doc to the next component, `nlp.pipe` drops it or, for our
components, keeps it. Nothing in the doc says that a detector gave up half-way, so the mask would present
a name in clear as anonymized. This module makes that impossible by construction:

- each spacy-anon component's `__call__` is wrapped by `finishes`: the doc is marked "started" by it
  before any work and "finished" only as the last step (doc.user_data[PROGRESS_KEY][name]); `pipe()`
  goes through `__call__` doc by doc (`pipe_keeping_failures`) or marks the same two steps itself;
- an error handler that does not raise is wrapped (`watch`, called when `anon_mask` is built and
  whenever `nlp.set_error_handler` is called) so that it first marks the doc(s) it was handed as failed
  (FAILED_KEY), whichever component failed, ours or not;
- `anon_mask` asks `refusal(nlp, name, doc)` before writing anything and leaves the doc NOT anonymized
  (`anon_status` None, the coded reason in `anon_stats["not_anonymized"]`) when a component started on
  the doc and did not finish, a failure was recorded, a spacy-anon component placed before the mask did
  not finish on it, or a third-party component before the mask could have failed unseen (see
  `_fails_loudly`).

What is guaranteed for third-party components (ner, parser, a plain function): a failure of theirs either
raises, drops the doc (spaCy's `pipe`), makes `nlp(doc)` raise (a trainable pipe returns no doc), or is
handed to an error handler that records it. A component that catches its own errors and returns the doc
without calling any handler cannot be seen by anyone; it is trusted to have done its work.
"""
import functools
from typing import Any, Callable, Iterable, Iterator, List, Optional

from spacy.pipeline import TrainablePipe
from spacy.tokens import Doc
from spacy.util import raise_error

from spacy_anon.doc_keys import FAILED_KEY, PROGRESS_KEY
from spacy_anon.errors import Errors

STARTED, FINISHED = "started", "finished"
_FINISHES = "spacy_anon_finishes"  # on a __call__ wrapped by `finishes`: the component marks itself
_RECORDS = "spacy_anon_records"  # on an error handler that marks the docs it is handed as failed
_RAISES = "spacy_anon_raises"  # on an error handler that always raises (the CLI's)
REASON_KEY = "not_anonymized"  # in doc._.anon_stats: why anon_mask did not write anon_text


def _marks(doc: Doc) -> dict:
    marks = doc.user_data.get(PROGRESS_KEY)
    if marks is None:
        marks = doc.user_data[PROGRESS_KEY] = {}
    return marks


def started(doc: Doc, name: str) -> Doc:
    """Mark that component `name` began on `doc` (a mark "finished" of an earlier run is replaced)."""
    _marks(doc)[name] = STARTED
    return doc


def finished(doc: Doc, name: str) -> Doc:
    """Mark that component `name` finished `doc`: the last step of its work on it."""
    _marks(doc)[name] = FINISHED
    return doc


def finishes(call: Callable) -> Callable:
    """Decorator of a component's `__call__(self, doc)`: started before, finished after (not on error)."""

    @functools.wraps(call)
    def marked_call(self, doc: Doc, *args: Any, **kwargs: Any) -> Doc:
        started(doc, self.name)
        doc = call(self, doc, *args, **kwargs)
        return finished(doc, self.name)

    setattr(marked_call, _FINISHES, True)
    return marked_call


def marks_itself(component: Any) -> bool:
    """Whether `component` marks the docs it finishes (its `__call__` is wrapped by `finishes`)."""
    return bool(getattr(getattr(type(component), "__call__", None), _FINISHES, False))


def failed_component(doc: Doc) -> Optional[str]:
    """The component that failed on `doc` under a non-raising error handler, or None."""
    return doc.user_data.get(FAILED_KEY)


def _mark_failed(docs: Iterable[Any], name: str) -> None:
    for doc in docs:
        if isinstance(doc, Doc):
            doc.user_data.setdefault(FAILED_KEY, name)


class ErrorHandling:
    """The error handler of a component, as spaCy's `Pipe` keeps it: `nlp.set_error_handler` reaches it
    and `nlp(doc)` / `pipe()` call it (by default it raises)."""

    def set_error_handler(self, error_handler: Callable) -> None:
        self.error_handler = error_handler

    def get_error_handler(self) -> Callable:
        return getattr(self, "error_handler", raise_error)


def pipe_keeping_failures(component: Any, stream: Iterable[Doc],
                          call: Optional[Callable[[Doc], Doc]] = None) -> Iterator[Doc]:
    """`component(doc)` (or `call(doc)`, the component's work with what its `pipe` prepared) for each
    doc; a doc it raised on goes to the error handler (which may raise, as spaCy's default does) and is
    then yielded as it is, marked failed: never dropped, never finished."""
    get = getattr(component, "get_error_handler", None)
    error_handler = get() if get is not None else raise_error
    run = component if call is None else call
    for doc in stream:
        try:
            yield run(doc)
        except Exception as err:  # noqa: BLE001  (handed to the pipeline's error handler)
            error_handler(component.name, component, [doc], err)
            _mark_failed([doc], component.name)
            yield doc


# ------------------------------------------------------------------------------------ error handlers
def recording(handler: Callable) -> Callable:
    """`handler`, first marking the docs it is handed as failed; spaCy's raising default is kept as it is."""
    if handler is raise_error or getattr(handler, _RECORDS, False) or getattr(handler, _RAISES, False):
        return handler

    def record_then_handle(name, proc, docs, error):
        _mark_failed(docs, name)
        return handler(name, proc, docs, error)

    setattr(record_then_handle, _RECORDS, True)
    return record_then_handle


def raising(handler: Callable) -> Callable:
    """Declare that `handler` always raises (then nothing needs recording)."""
    setattr(handler, _RAISES, True)
    return handler


def _set_handler(proc: Any, handler: Callable) -> bool:
    """Set a component's handler; False when it cannot hold one (spaCy's parser and ner: they raise)."""
    try:
        proc.set_error_handler(handler)
    except (AttributeError, TypeError):
        return False
    return True


def watch(nlp: Any) -> None:
    """Make every error handler of `nlp` that may not raise record the failures it is handed."""
    nlp.default_error_handler = recording(nlp.default_error_handler)
    for _, proc in nlp.pipeline:
        if hasattr(proc, "get_error_handler") and hasattr(proc, "set_error_handler"):
            current = proc.get_error_handler()
            wrapped = recording(current)
            if wrapped is not current:
                _set_handler(proc, wrapped)


def _fails_loudly(nlp: Any, proc: Any) -> bool:
    """Whether a failure of a third-party component on a doc is always seen: a trainable pipe with spaCy's
    own `__call__` returns no doc (then `nlp(doc)` raises), else its error handler raises or records."""
    if getattr(type(proc), "__call__", None) is TrainablePipe.__call__:
        return True
    get = getattr(proc, "get_error_handler", None)
    handler = get() if get is not None else nlp.default_error_handler
    return handler is raise_error or bool(getattr(handler, _RECORDS, False) or getattr(handler, _RAISES, False))


def refusal(nlp: Any, name: str, doc: Doc) -> Optional[str]:
    """Why the component `name` (anon_mask) must not anonymize `doc`, as a coded message; None if it may.

    nlp: the pipeline holding `name` (None: only the marks on the doc are checked)."""
    marks = doc.user_data.get(PROGRESS_KEY) or {}
    stuck = sorted(n for n, state in marks.items() if state != FINISHED)
    if stuck:
        return Errors.E020.format(names=", ".join(repr(n) for n in stuck))
    failed = failed_component(doc)
    if failed is not None:
        return Errors.E021.format(name=failed)
    upstream: List[Any] = []
    names = nlp.pipe_names if nlp is not None else []
    if name in names:
        upstream = nlp.pipeline[:names.index(name)]
    for pipe_name, proc in upstream:
        if marks_itself(proc):
            if marks.get(pipe_name) != FINISHED:
                return Errors.E022.format(name=pipe_name)
        elif not _fails_loudly(nlp, proc):
            return Errors.E023.format(name=pipe_name)
    return None
