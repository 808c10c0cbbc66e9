"""Documents a component failed on stay in the stream, marked, so nothing is silently dropped.

spaCy's `Pipe.pipe` drops a document whose processing raised when the pipeline's error handler does not
raise (`nlp.set_error_handler(...)`): three documents in, two out, and no sign of which one is missing.
Our components keep the document instead and mark it; `anon_mask` then leaves it NOT anonymized
(`doc._.anon_status` None), which every caller already has to check (fail closed).
"""
from typing import Iterable, Iterator, Optional

from spacy.tokens import Doc

from spacy_anon.doc_keys import FAILED_KEY


def failed_component(doc: Doc) -> Optional[str]:
    """The component that failed on `doc` under a non-raising error handler, or None."""
    return doc.user_data.get(FAILED_KEY)


def pipe_keeping_failures(component, stream: Iterable[Doc]) -> Iterator[Doc]:
    """`component(doc)` for each doc; a doc it raised on goes to the error handler (which may raise, as
    spaCy's default does) and is then yielded unchanged, marked with FAILED_KEY."""
    error_handler = component.get_error_handler()
    for doc in stream:
        try:
            yield component(doc)
        except Exception as err:  # noqa: BLE001  (handed to the pipeline's error handler)
            error_handler(component.name, component, [doc], err)
            doc.user_data.setdefault(FAILED_KEY, component.name)
            yield doc
