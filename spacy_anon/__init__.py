"""spacy-anon: spaCy components that anonymize text while keeping it useful."""
from spacy_anon import extensions  # noqa: F401  (registers Doc/Span attributes)
from spacy_anon.labels import SPAN_KEY, GOLD_SPAN_KEY  # noqa: F401
from spacy_anon.pipeline import load  # noqa: F401
from spacy_anon.structured import anonymize_dataframe  # noqa: F401

__version__ = "0.2.0.dev0"
