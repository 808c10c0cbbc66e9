"""Span filters: the steps that correct `anon_crf`'s spans after CRF decoding, named in its config.

A CRF decides each token from a small window, so its spans need corrections that look further: whole
words, names that start at the right word, dates the CRF missed, strings tagged in one place but not in
another. Each correction is a registered function (`spacy.registry.misc`, "spacy_anon.<name>.v1")
returning a `SpanFilter`; `anon_crf`'s `span_filters` setting names them, and they run in the order
listed, each on the spans the previous one returned:

    [components.anon_crf.span_filters.trim_partial_chunks]
    @misc = "spacy_anon.trim_partial_chunks.v1"

    [components.anon_crf.span_filters.propagate]
    @misc = "spacy_anon.propagate.v1"

Spans are (start token, end token, CRF label, score) tuples; see `base.SpanFilter` for the call and
the optional learning step (a plain function with the same call works too). Another package adds a
filter by registering its function under `spacy.registry.misc` (entry point group `spacy_misc`).
`removed` maps the component's former on/off settings to these filters.
"""
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays  # noqa: F401
from spacy_anon.tagger.span_filters.boundary_repair import RepairBoundaries  # noqa: F401
from spacy_anon.tagger.span_filters.calibration import CalibrateScores, apply_curve, fit_isotonic  # noqa: F401
from spacy_anon.tagger.span_filters.chunks import (  # noqa: F401
    MergeAdjacent, TrimPartialChunks, chunk_ids, merge_adjacent_spans, trim_partial_chunks,
)
from spacy_anon.tagger.span_filters.clinical_content import ClinicalContent  # noqa: F401
from spacy_anon.tagger.span_filters.clinical_notes import ClinicalNotes  # noqa: F401
from spacy_anon.tagger.span_filters.generic_spans import DropGenericSpans, drop_generic_spans  # noqa: F401
from spacy_anon.tagger.span_filters.generic_words import TrimGenericWords, trim_generic_words  # noqa: F401
from spacy_anon.tagger.span_filters.dates import DateChunks, DropImplausibleDates, fill_dates  # noqa: F401
from spacy_anon.tagger.span_filters.names import ExtendNames, TrimCommonWords, trim_common_words  # noqa: F401
from spacy_anon.tagger.span_filters.name_tails import TrimNameTails, trim_name_tails  # noqa: F401
from spacy_anon.tagger.span_filters.nationality_nouns import TrimNationalityNouns, trim_nationality_nouns  # noqa: F401
from spacy_anon.tagger.span_filters.org_heads import ExtendOrgHeads  # noqa: F401
from spacy_anon.tagger.span_filters.propagation import Propagate  # noqa: F401
from spacy_anon.tagger.span_filters.qualifications import DropQualifications, drop_qualifications  # noqa: F401
from spacy_anon.tagger.span_filters.quoted_names import QuotedNames, quoted_names  # noqa: F401
from spacy_anon.tagger.span_filters.common_word_names import DropCommonWordNames, drop_common_word_names  # noqa: F401
from spacy_anon.tagger.span_filters.public_references import DropPublicReferences, drop_public_references  # noqa: F401
from spacy_anon.tagger.span_filters.routes import SplitRoutes, split_routes  # noqa: F401
from spacy_anon.tagger.span_filters.scores import LabelMinScores, label_min_scores  # noqa: F401
from spacy_anon.tagger.span_filters.span_edges import SplitSpanEdges  # noqa: F401
from spacy_anon.tagger.span_filters.removed import (  # noqa: F401
    REMOVED_SETTINGS, migrate_config, removed_settings_message, span_filters_for,
)
