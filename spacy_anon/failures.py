"""Documents a component failed on stay in the stream, marked, so nothing is silently dropped.

Defined in `spacy_anon.progress` (with the marks `anon_mask` checks before writing); kept importable here.
"""
from spacy_anon.progress import failed_component, pipe_keeping_failures  # noqa: F401
