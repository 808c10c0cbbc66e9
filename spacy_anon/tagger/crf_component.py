"""`anon_crf`: a linear-chain CRF (python-crfsuite, as in sklearn-crfsuite) over BIO (or BILUO) tags, fed by
lexical, orthographic, gazetteer and earlier-detector features in a +-2 token window (seed 000 §3.4).

DOCS: docs/components/anon_crf.md. Trained in `initialize` (so `spacy train` fits it from the
training corpus); `update` is a no-op. Writes spans with marginal-probability scores, corrected by the
span filters named in its config (`spacy_anon.tagger.span_filters`).

This module is the spaCy adapter (factory, settings, Doc in and spans out); the work is done by
`crf_sequences` (a doc's sequences and what their features are built from), `crf_decoding` (tags,
recall knobs and scored spans; `crf_inference` is the numpy decoder), `span_filters.chain` (the
configured span filters), `crf_training` (gazetteers, training sequences, the CRFsuite fit) and
`crf_serialization` (what is saved).
"""
from functools import partial
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

import srsly
from spacy import util
from spacy.language import Language
from spacy.scorer import Scorer
from spacy.tokens import Doc
from spacy.training import Example

from spacy_anon.casing import reading_doc
from spacy_anon.candidates import append_candidates, scored_token_spans
from spacy_anon.doc_keys import NAMES_DETECTOR_KEY
from spacy_anon.errors import Errors
from spacy_anon.progress import ErrorHandling, finished, finishes, pipe_keeping_failures, started
from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY
from spacy_anon.settings_vocabulary import renamed_value
from spacy_anon.tagger._docs import span_group_getter, upstream_runner
from spacy_anon.tagger.clusters import load_optional_clusters
from spacy_anon.tagger.context_classifier import veto_spans
from spacy_anon.tagger.crf_decoding import (  # noqa: F401  (raise_recall and the others: also read from here)
    ArrayMarginals,
    decode_plans,
    decode_with_crfsuite,
    entity_tags_of,
    extend_spans,
    raise_recall,
    raise_recall_at,
)
from spacy_anon.tagger.crf_inference import EmissionCache, read_model
from spacy_anon.tagger.crf_sequences import (  # noqa: F401  (token_arrays and the others: also read from here)
    TRIGGERS,
    DocPlan,
    SequenceInputs,
    doc_plan,
    doc_sequences,
    sequence_bounds,
    sequence_feature_lists,
    sequence_inputs,
    token_arrays,
    word_gazetteers,
)
from spacy_anon.tagger.crf_serialization import (  # noqa: F401  (TRAINED_WITH: also read from here)
    FILTER_STATE,
    LEGACY_BOUNDARIES,
    TRAINED_WITH,
    check_saved_cfg,
    disk_writers,
    gazetteer_terms_of,
    learned_state,
)
from spacy_anon.tagger.crf_training import (
    cross_fit_rules,
    feature_gazetteers,
    fit_crf,
    learned_triggers,
    training_sequences,
)
from spacy_anon.tagger.features import TAG_SCHEMES, extra_token_features
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays
from spacy_anon.tagger.span_filters.chain import (
    apply_span_filters,
    learn_span_filters,
    load_legacy_boundaries,
    load_span_filter_state,
)
from spacy_anon.tagger.span_filters.removed import REMOVED_SETTINGS, removed_settings_error

SOURCE = "anon_crf"

# name -> SpanFilter; typed Any because config validation sees the filters' blocks before they are built
SpanFilters = Dict[str, Any]
INFERENCE = ("numpy", "crfsuite")  # how a trained model tags: `crf_inference` or python-crfsuite's Tagger


@Language.factory(
    "anon_crf",
    default_config={
        "spans_key": SPAN_KEY,
        "gold_key": GOLD_SPAN_KEY,
        "feature_span_keys": ["anon_regex"],
        "gazetteers": {},
        "phrase_gazetteers": {},
        "phrase_variants": [],
        "clusters": "",
        "window_size": 2,
        "affix": 3,
        "c1": 0.05,
        "c2": 0.01,
        "max_iterations": 150,
        "min_score": 0.0,
        "entity_threshold": 0.0,
        "extend_threshold": 0.0,
        "label_map": {},
        "extra_features": [],
        "cross_fit_folds": 0,
        "tag_scheme": "BIO",
        "context_veto": 0.0,
        "span_filters": {},
        "inference": "numpy",
    },
    default_score_weights={"spans_crf_f": 1.0, "spans_crf_p": 0.0, "spans_crf_r": 0.0},
)
def make_anon_crf(
    nlp: Language,
    name: str,
    spans_key: str,
    gold_key: str,
    feature_span_keys: List[str],
    gazetteers: Dict[str, str],
    phrase_gazetteers: Dict[str, str],
    phrase_variants: List[str],
    clusters: str,
    window_size: int,
    affix: int,
    c1: float,
    c2: float,
    max_iterations: int,
    min_score: float,
    entity_threshold: float,
    extend_threshold: float,
    label_map: Dict[str, str],
    extra_features: List[str],
    cross_fit_folds: int,
    tag_scheme: str,
    context_veto: float,
    span_filters: SpanFilters,
    inference: str,
    window: Optional[int] = None,
) -> "CRFTagger":
    """Create the CRF tagger.

    spans_key: span group the predictions are appended to.
    gold_key: span group of the training references with the gold annotations (else `ents`).
    feature_span_keys: span groups written by earlier components (e.g. the regex generator's) whose
        BIO position becomes a token feature.
    gazetteers: {name: source spec} (see `spacy_anon.lexicon.gazetteers`); loaded at initialize and
        stored with the model.
    phrase_gazetteers: {name: source spec} whose entries are matched whole ("University of X Medical
        Center"), case-insensitively, longest first; tokens in a match get "pz=<name>|B/I" features.
    phrase_variants: names of phrase gazetteers whose entries also match in abbreviated spellings
        ("U of MD", "Laurel Regional" for "Laurel Regional Hospital"; see
        `spacy_anon.tagger.phrase_variants`); [] = entries as written.
    clusters: path of a `word<TAB>bits` word-cluster file (`spacy-anon tagger clusters`); read at
        initialize and stored with the model; "" = no cluster features.
    window_size: how many tokens on each side of a token its features look at (spaCy's name; called
        `window` before, which anon_context_tagger uses for its encoder's input window: the old name
        still works, with warning W060); affix: longest prefix/suffix feature.
    c1, c2, max_iterations: L1/L2 regularisation and L-BFGS iterations.
    min_score: drop predicted spans whose mean marginal probability is below this.
    entity_threshold: when > 0, also tag tokens whose marginal probability of not being "O" reaches
        it (a recall knob: 0.2 tags every token with a 20% chance of being identifying); 0 = Viterbi only.
    extend_threshold: when > 0, entities (Viterbi or entity_threshold) also grow over neighbouring tokens
        whose marginal probability of not being "O" reaches this lower value (`extend_spans`); 0 = off.
    label_map: output label for a learned label (e.g. a corpus sub-category -> category).
    extra_features: optional token features, any of "date" (the chunk looks like a date), "stem" (a
        light Spanish stem), "doc" (the word lies in an earlier detector's span elsewhere in the
        document), "paren" (item of the enclosing parenthesis) and "trigger" (the head word, such as
        "Hospital" or "Calle", that opened the run of capitalised words; heads are learned from the
        training spans and stored as the gazetteer "learned_triggers"), "zipf" (English word-frequency
        band), "monthday" (the chunk can be a month/day date, or is another number group such as a
        blood pressure) and "score" (a rating out of ten, "8/10", with or without a pain word near it);
        see `spacy_anon.tagger.features.extra_token_features`.
    cross_fit_folds: when > 1, the training documents get their regex-generator features from rules
        learned on the other folds (the CRF then learns how far to trust the rules on unseen text);
        the shipped rules are still learned on all the training data. 0 = off.
    tag_scheme: "BIO" or "BILUO" (the CRF also learns a tag for the last token of a span and one for
        one-token spans; about twice the training time). Predictions are the same kind of spans.
    context_veto: when > 0, drop a predicted span when no token of it reaches this probability of
        being inside a span by `anon_context_tagger` (which must run before; it scores tokens from
        their MiniLM context), after the span filters. A threshold like entity_threshold (evaluations
        sweep the two together), so not a span filter. 0 = off.
    span_filters: {name: span filter}, applied in this order to the decoded spans (see
        `spacy_anon.tagger.span_filters`: trim_partial_chunks, trim_common_words, repair_boundaries,
        date_chunks, drop_implausible_dates, extend_names, propagate, merge_adjacent); {} = none.
        Configs written before name these steps as switches of the same names (date_label: date_chunks);
        `spacy_anon.tagger.span_filters.migrate_config` rewrites them.
    inference: "numpy" (decode in numpy from the model's weights, `spacy_anon.tagger.crf_inference`) or
        "crfsuite" (python-crfsuite's tagger); the same spans and scores. Training always uses CRFsuite.
    """
    return CRFTagger(
        nlp.vocab, name, spans_key=spans_key, gold_key=gold_key, feature_span_keys=feature_span_keys,
        gazetteers=gazetteers, phrase_gazetteers=phrase_gazetteers, phrase_variants=phrase_variants,
        clusters=clusters, window_size=window_size, window=window, affix=affix, c1=c1, c2=c2,
        max_iterations=max_iterations,
        min_score=min_score, entity_threshold=entity_threshold, extend_threshold=extend_threshold,
        label_map=label_map, extra_features=extra_features, cross_fit_folds=cross_fit_folds,
        tag_scheme=tag_scheme, context_veto=context_veto, span_filters=span_filters, inference=inference,
    )


class CRFTagger(ErrorHandling):
    """BIO CRF over spaCy tokens; model bytes kept in memory and written as `model.crfsuite`."""

    def __init__(
        self,
        vocab,
        name: str = "anon_crf",
        *,
        spans_key: str = SPAN_KEY,
        gold_key: str = GOLD_SPAN_KEY,
        feature_span_keys: Sequence[str] = ("anon_regex",),
        gazetteers: Optional[Dict[str, str]] = None,
        phrase_gazetteers: Optional[Dict[str, str]] = None,
        phrase_variants: Sequence[str] = (),
        clusters: str = "",
        window_size: int = 2,
        affix: int = 3,
        c1: float = 0.05,
        c2: float = 0.01,
        max_iterations: int = 150,
        min_score: float = 0.0,
        entity_threshold: float = 0.0,
        extend_threshold: float = 0.0,
        label_map: Optional[Dict[str, str]] = None,
        extra_features: Sequence[str] = (),
        cross_fit_folds: int = 0,
        tag_scheme: str = "BIO",
        context_veto: float = 0.0,
        span_filters: Optional[Dict[str, SpanFilter]] = None,
        inference: str = "numpy",
        window: Optional[int] = None,
        **removed: Any,
    ):
        if removed:
            unknown = sorted(set(removed) - set(REMOVED_SETTINGS))
            if unknown:
                raise TypeError(Errors.E609.format(name=name, unknown=unknown))
            raise removed_settings_error(name, removed)
        window_size = renamed_value("anon_crf", name, "window", window, window_size)
        if tag_scheme not in TAG_SCHEMES:
            raise ValueError(Errors.E601.format(name=name, value=tag_scheme, valid=", ".join(TAG_SCHEMES)))
        if inference not in INFERENCE:
            raise ValueError(Errors.E618.format(name=name, value=inference, valid=", ".join(INFERENCE)))
        if not 0.0 <= context_veto < 1.0:  # a veto of 1 or more would drop every span: a silent leak
            raise ValueError(Errors.E602.format(name=name, value=context_veto))
        for filter_name, span_filter in (span_filters or {}).items():
            if not callable(span_filter):
                raise ValueError(Errors.E603.format(name=name, filter=filter_name, kind=type(span_filter).__name__))
        self.vocab = vocab
        self.name = name
        self.cfg: Dict[str, Any] = {
            "spans_key": spans_key, "gold_key": gold_key, "feature_span_keys": list(feature_span_keys),
            "gazetteers": dict(gazetteers or {}), "phrase_gazetteers": dict(phrase_gazetteers or {}),
            "phrase_variants": list(phrase_variants),
            "clusters": clusters, "window_size": window_size, "affix": affix, "c1": c1, "c2": c2,
            "max_iterations": max_iterations, "min_score": min_score, "entity_threshold": entity_threshold,
            "extend_threshold": extend_threshold, "label_map": dict(label_map or {}),
            "extra_features": list(extra_features), "cross_fit_folds": cross_fit_folds,
            "tag_scheme": tag_scheme, "context_veto": context_veto, "inference": inference,
        }
        extra_token_features([], [], self.cfg["extra_features"])  # fail early on an unknown name
        self.span_filters: Dict[str, SpanFilter] = dict(span_filters or {})
        self.gazetteer_terms: Dict[str, FrozenSet[str]] = {}
        self.clusters: Dict[str, str] = {}
        self._name_terms: Optional[FrozenSet[str]] = None
        self.model_bytes: Optional[bytes] = None
        self._tagger = None
        self._entity_tag_cache: Optional[Tuple[Any, List[str], Dict[str, List[str]]]] = None
        self._emissions: Optional[Tuple[Tuple[Any, ...], EmissionCache]] = None

    def __getstate__(self) -> Dict[str, Any]:
        """Pickled without what is rebuilt from the model on first use: python-crfsuite's tagger (not
        picklable) and the numpy inference's weights and cache (up to tens of MB)."""
        state = dict(self.__dict__)
        state.update(_tagger=None, _emissions=None, _entity_tag_cache=None)
        return state

    @property
    def name_terms(self) -> FrozenSet[str]:
        """First and last names of the gazetteers (built once, not per document)."""
        if self._name_terms is None:
            terms = self.gazetteer_terms
            self._name_terms = terms.get("first_names", frozenset()) | terms.get("last_names", frozenset())
        return self._name_terms

    # features
    def features(
        self, doc: Doc, tokens: Optional[TokenArrays] = None
    ) -> Tuple[List[List[int]], List[List[List[str]]]]:
        """(token indices, feature lists) per sequence of a doc (`tokens`: its `token_arrays`, if read)."""
        inputs = sequence_inputs(doc, self.cfg["feature_span_keys"], self.cfg.get("extra_features") or [],
                                 self.gazetteer_terms, tokens)
        return sequence_feature_lists(inputs, self.gazetteer_terms, self.clusters, self.cfg["window_size"],
                                      self.cfg["affix"])

    def emission_cache(self) -> EmissionCache:
        """The numpy inference's weights and cached state scores, built once per loaded model."""
        key = (self.model_bytes, self.gazetteer_terms, self.clusters, self.cfg["window_size"], self.cfg["affix"])
        if self._emissions is None or any(a is not b for a, b in zip(self._emissions[0][:3], key[:3])) \
                or self._emissions[0][3:] != key[3:]:
            if self.model_bytes is None:
                raise ValueError(Errors.E604.format(name=self.name))
            cache = EmissionCache(read_model(self.model_bytes), self.cfg["window_size"], self.cfg["affix"],
                                  word_gazetteers(self.gazetteer_terms), self.clusters)
            self._emissions = (key, cache)
        return self._emissions[1]

    @property
    def tagger(self):
        if self._tagger is None:
            if self.model_bytes is None:
                raise ValueError(Errors.E604.format(name=self.name))
            import pycrfsuite

            tagger = pycrfsuite.Tagger()
            tagger.open_inmemory(self.model_bytes)
            self._tagger = tagger
        return self._tagger

    @property
    def labels(self) -> List[str]:
        """Labels the trained CRF predicts (empty before training)."""
        if self.model_bytes is None:
            return []
        return sorted({t[2:] for t in self.tagger.labels() if t != "O"})

    def _entity_tags(self) -> Tuple[List[str], Dict[str, List[str]]]:
        """(the CRF's non-O tags, {label: its tags}), read once per loaded model rather than per doc."""
        tagger = self.tagger
        if self._entity_tag_cache is None or self._entity_tag_cache[0] is not tagger:
            self._entity_tag_cache = (tagger, *entity_tags_of(tagger.labels()))
        return self._entity_tag_cache[1], self._entity_tag_cache[2]

    def predict(self, doc: Doc) -> List[Scored]:
        """(start, end, label, score) token spans; score is the mean marginal of the span's tags. The span
        filters run in order on the decoded spans, then the context veto."""
        return self.predict_batch([doc])[0]

    def predict_batch(self, docs: Sequence[Doc]) -> List[List[Scored]]:
        """`predict` of several docs; the numpy inference decodes their sequences together (one numpy
        step per position of the longest sequence of the batch, not of each doc)."""
        tokens = [token_arrays(doc) for doc in docs]
        if self.cfg.get("inference", "numpy") == "numpy":
            decoded = self._decode_numpy(docs, tokens)
        else:
            decoded = [self._decode_crfsuite(doc, toks) for doc, toks in zip(docs, tokens)]
        results = []
        for doc, toks, result in zip(docs, tokens, decoded):
            result = apply_span_filters(self.span_filters, reading_doc(doc), toks, result, self)
            if self.cfg.get("context_veto"):
                result = veto_spans(result, self._context_scores(doc), self.cfg["context_veto"])
            results.append(result)
        return results

    def _decode_crfsuite(self, doc: Doc, tokens: TokenArrays) -> List[Scored]:
        """Decoded spans of a doc by python-crfsuite's tagger (`inference = "crfsuite"`)."""
        labels, label_tags = self._entity_tags()
        return decode_with_crfsuite(
            self.tagger, zip(*self.features(doc, tokens)), tokens[0], labels, label_tags,
            entity_threshold=self.cfg.get("entity_threshold", 0.0),
            extend_threshold=self.cfg.get("extend_threshold", 0.0),
            biluo=self.cfg.get("tag_scheme", "BIO") == "BILUO",
        )

    def _decode_numpy(self, docs: Sequence[Doc], tokens: Sequence[TokenArrays]) -> List[List[Scored]]:
        """Decoded spans of docs by `crf_inference`: the same spans and scores as `_decode_crfsuite`."""
        cache = self.emission_cache()
        plans = [doc_plan(doc, toks, self.cfg["feature_span_keys"], self.cfg.get("extra_features") or [],
                          self.gazetteer_terms) for doc, toks in zip(docs, tokens)]
        return decode_plans(
            cache, plans,
            entity_threshold=self.cfg.get("entity_threshold", 0.0),
            extend_threshold=self.cfg.get("extend_threshold", 0.0),
            biluo=self.cfg.get("tag_scheme", "BIO") == "BILUO",
        )

    def _context_scores(self, doc: Doc) -> List[Optional[float]]:
        scores = doc._.anon_token_scores
        if scores is None or len(scores) != len(doc):
            raise ValueError(Errors.E605.format(name=self.name))
        return scores

    def output_label(self, label: str) -> str:
        """The label a learned label is written as (`label_map`)."""
        return self.cfg["label_map"].get(label, label)

    @finishes
    def __call__(self, doc: Doc) -> Doc:
        return self._write(doc, self.predict(doc))

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128):
        for docs in util.minibatch(stream, size=batch_size):
            for doc in docs:
                started(doc, self.name)
            try:
                found = self.predict_batch(docs)
            except Exception:  # noqa: BLE001  (again doc by doc: only the failing doc goes to the error handler)
                yield from pipe_keeping_failures(self, docs)
                continue
            for doc, spans in zip(docs, found):
                yield finished(self._write(doc, spans), self.name)

    def _write(self, doc: Doc, found: List[Scored]) -> Doc:
        spans = scored_token_spans(doc, found, SOURCE, self.cfg["label_map"], self.cfg["min_score"])
        append_candidates(doc, self.cfg["spans_key"], spans)
        doc.user_data[NAMES_DETECTOR_KEY] = self.name
        return doc

    # training
    def training_data(self, examples: Iterable[Example], nlp: Optional[Language] = None):
        """(feature sequences, tag sequences) of examples, run through the components before this one."""
        run_upstream = upstream_runner(nlp, self.name)
        examples = list(examples)
        docs = [run_upstream(eg.predicted) for eg in examples]
        if self.cfg.get("cross_fit_folds", 0) > 1 and nlp is not None:
            cross_fit_rules(examples, docs, nlp, self.name, self.cfg["cross_fit_folds"])
        return training_sequences(examples, docs, self.cfg["gold_key"], self.cfg.get("tag_scheme", "BIO"),
                                  self.features)

    def fit(self, xs: List[List[List[str]]], ys: List[List[str]]) -> None:
        """Train the CRF (L-BFGS with elastic-net regularisation) on feature/tag sequences."""
        self.model_bytes = fit_crf(xs, ys, self.cfg["c1"], self.cfg["c2"], self.cfg["max_iterations"])
        self._tagger = None

    def initialize(
        self,
        get_examples: Callable[[], Iterable[Example]],
        *,
        nlp: Optional[Language] = None,
    ) -> None:
        """Load the gazetteers and word clusters, let the span filters learn, and fit the CRF on all
        training examples."""
        self.gazetteer_terms = feature_gazetteers(self.name, self.cfg["gazetteers"],
                                                  self.cfg.get("phrase_gazetteers") or {},
                                                  self.cfg.get("phrase_variants") or [])
        self.clusters = load_optional_clusters(self.cfg.get("clusters"), self.name)
        self._name_terms = None
        examples = list(get_examples())
        if "trigger" in (self.cfg.get("extra_features") or []):
            self.gazetteer_terms[TRIGGERS] = learned_triggers(examples, self.cfg["gold_key"], self.name_terms)
        learn_span_filters(self.span_filters, examples, self)
        xs, ys = self.training_data(examples, nlp)
        if not any(t != "O" for y in ys for t in y):
            raise ValueError(Errors.E608.format(name=self.name, key=self.cfg["gold_key"]))
        self.fit(xs, ys)

    def update(self, examples: Iterable[Example], *, drop: float = 0.0, sgd=None, losses=None, **kwargs):
        """No gradient updates: the CRF is fitted in `initialize`."""
        losses = {} if losses is None else losses
        losses.setdefault(self.name, 0.0)
        return losses

    def score(self, examples: Iterable[Example], **kwargs: Any) -> Dict[str, Any]:
        """Span P/R/F of this component's predictions against the gold span group."""
        getter = span_group_getter(self.cfg["gold_key"], self.cfg["spans_key"], SOURCE, self.cfg.get("label_map"))
        return Scorer.score_spans(examples, "spans_crf", getter=getter, has_annotation=None, allow_overlap=True)

    # serialization
    def _load_cfg(self, saved: Dict[str, Any]) -> None:
        check_saved_cfg(self.name, saved, self.cfg, self.span_filters)

    def _state(self) -> Dict[str, Any]:
        return learned_state(self.cfg, self.gazetteer_terms, self.clusters, self.span_filters)

    def _set_state(self, state: Dict[str, Any]) -> None:
        self._load_cfg(state["cfg"])
        self.gazetteer_terms = gazetteer_terms_of(state.get("gazetteers", {}))
        self.clusters = dict(state.get("clusters", {}))
        if state.get("boundary_words"):
            load_legacy_boundaries(self.span_filters, state["boundary_words"])
        load_span_filter_state(self.span_filters, state.get("span_filters", {}))
        self._name_terms = None

    def to_bytes(self, *, exclude=tuple()) -> bytes:
        return srsly.msgpack_dumps({"state": self._state(), "model": self.model_bytes})

    def from_bytes(self, data: bytes, *, exclude=tuple()) -> "CRFTagger":
        msg = srsly.msgpack_loads(data)
        self._set_state(msg["state"])
        self.model_bytes = msg["model"]
        self._tagger = None
        return self

    def to_disk(self, path, *, exclude=tuple()) -> None:
        util.to_disk(util.ensure_path(path), disk_writers(self._state(), self.model_bytes), exclude)

    def from_disk(self, path, *, exclude=tuple()) -> "CRFTagger":
        path = util.ensure_path(path)

        def read_model(p):
            self.model_bytes = p.read_bytes() if p.exists() else None
            self._tagger = None

        def read_if_present(load: Callable[[Any], None], read: Callable[[Any], Any]) -> Callable[[Any], None]:
            return lambda p: load(read(p)) if p.exists() else None

        deserializers = {
            "cfg.json": read_if_present(self._load_cfg, srsly.read_json),
            "gazetteers.json": lambda p: setattr(self, "gazetteer_terms", gazetteer_terms_of(srsly.read_gzip_json(p))),
            "clusters.json": lambda p: setattr(
                self, "clusters", dict(srsly.read_gzip_json(p)) if p.exists() else {}
            ),
            LEGACY_BOUNDARIES: read_if_present(partial(load_legacy_boundaries, self.span_filters), srsly.read_json),
            FILTER_STATE: read_if_present(partial(load_span_filter_state, self.span_filters), srsly.read_json),
            "model.crfsuite": read_model,
        }
        util.from_disk(path, deserializers, exclude)
        self._name_terms = None
        return self
