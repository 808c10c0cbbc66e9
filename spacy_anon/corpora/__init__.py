"""Corpus readers: annotated corpora -> spaCy Docs with gold spans in `doc.spans["anon_gold"]`.

Readers: `read_tab_json`, `read_span_jsonl`, `read_brat`, `read_presidio_synth`, `read_iob`,
`read_harem`, `read_everyday` (the project's own everyday set). Each has a record-level twin (`iter_*_records`) returning plain `GoldRecord`s with exact
character offsets, which is what the metrics in `spacy_anon.evaluate` consume.
"""
from spacy_anon.corpora.base import (  # noqa: F401
    CorpusFormatError,
    GoldRecord,
    GoldSpan,
    check_spans,
    record_from_doc,
    record_to_doc,
    records_to_docs,
)
from spacy_anon.corpora.docbin import iter_docbin_records, write_docbin  # noqa: F401
from spacy_anon.errors import Errors
from spacy_anon.labels import LABEL_MAPS, to_category  # noqa: F401
from spacy_anon.corpora.brat import iter_brat_records, read_brat  # noqa: F401
from spacy_anon.corpora.harem import iter_harem_records, read_harem  # noqa: F401
from spacy_anon.corpora.readers import (  # noqa: F401
    guess_format,
    iter_everyday_records,
    iter_iob_records,
    iter_presidio_records,
    iter_records,
    iter_span_records,
    iter_tab_records,
    read_everyday,
    read_iob,
    read_presidio_synth,
    read_span_jsonl,
    read_tab_json,
)

READERS = {
    "tab": read_tab_json,
    "wikiactors": read_tab_json,
    "jsonl": read_span_jsonl,
    "deid": read_span_jsonl,
    "brat": read_brat,
    "meddocan": read_brat,
    "presidio": read_presidio_synth,
    "iob": read_iob,
    "wikiann": read_iob,
    "wnut17": read_iob,
    "harem": read_harem,
    "everyday": read_everyday,
}


def read_corpus(path, nlp, fmt=None, **kwargs):
    """Docs of any supported corpus (`fmt` as in `READERS`; None guesses it from the path)."""
    fmt = fmt or guess_format(path)
    if fmt not in READERS:
        raise ValueError(Errors.E701.format(fmt=fmt, known=sorted(READERS)))
    return READERS[fmt](path, nlp, **kwargs)
