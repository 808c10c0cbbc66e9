"""`anon_mask`: the spaCy component that decides what to replace, replaces it, and writes the table.

It merges `doc.spans["anon"]` with `doc.ents` (label map), resolves overlaps (registered policy),
groups mentions into entities (registered grouper), and replaces each mention by a strategy chosen
globally or per label: suppress, tag, surrogate, pseudonym, generalize. It is the only writer of
`doc._.anon_text`, `doc._.anon_table` and `doc._.anon_status` (fail closed: any error propagates and
leaves `anon_text`/`anon_status` at None).
"""
import hashlib
import os
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import srsly
from spacy import util
from spacy.language import Language
from spacy.pipeline import Pipe, TrainablePipe
from spacy.tokens import Doc, Span
from spacy.util import SimpleFrozenList

from spacy_anon import extensions  # noqa: F401  (registers the Doc/Span attributes)
from spacy_anon.coref.grouper import CorefGrouper, grouper_for
from spacy_anon.doc_keys import MASKED_SPAN_KEY, MEMORY_KEY, RULES_RAN_KEY, SPAN_KEY, WRITTEN_KEY
from spacy_anon.errors import Errors
from spacy_anon.extensions import doc_text, has_own_value, span_getter
from spacy_anon import progress
from spacy_anon.progress import pipe_keeping_failures
from spacy_anon.generalize import coarsen
from spacy_anon.generalize.vacuous import FALLBACK_CLASS, class_fallback_of
from spacy_anon.labels import CATEGORIES, DEFAULT_ENT_LABEL_MAP, RULE_TYPES, identifier_for, known_types
from spacy_anon.lexicon.common_words import common_word_test
from spacy_anon.mask import coverage, fine_types, leak_guard, thresholds
from spacy_anon.mask.allow_list import (allowed_regions, compile_occurrence_patterns, inside_any, rule_allow_entries,
                                        trim_to_unallowed, whole_value_regions, worth_masking)
from spacy_anon.mask.grouping import DEFAULT_HONORIFICS, make_name_part_grouper, name_parts
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.mask.operators import Mention, Operator, get_operator
from spacy_anon.mask.operators.base import BUILT_IN
from spacy_anon.mask.operators.pseudonym import pseudonym  # noqa: F401  (public helper, re-exported)
from spacy_anon.mask.operators.suppress import suppress  # noqa: F401  (public helper, re-exported)
from spacy_anon.mask.operators.surrogate import render_name  # noqa: F401  (public helper, re-exported)
from spacy_anon.mask.overlaps import carry_corpus_types, make_overlap_resolver
from spacy_anon.mask.surrogates import make_faker_surrogates, titles_of_mention
from spacy_anon.mask.tidy import _starts_sentence, agree_articles, indefinite_article, tidy_generalized  # noqa: F401
from spacy_anon.rules.component import AnonRules
from spacy_anon.rules.recognizers import REGISTRY
from spacy_anon.saved_settings import check_saved_settings

STRATEGIES = BUILT_IN  # the built-in operators; others come from the `anon_operators` registry
CONSISTENCY = ("doc", "pipeline")
RUN_RULES = ("auto", True, False)
KEY_ENV = "SPACY_ANON_KEY"
# A seed is public: with candidate lists anyone reverses seeded surrogates. Tests may still use one alone
# when this variable is "1"; any other run needs a secret key.
ALLOW_SEED_ENV = "SPACY_ANON_ALLOW_SEED_ONLY"
MIN_KEY_LENGTH = 16
KEY_SCOPES = ("document", "corpus")
SWEEP_SOURCE = "anon_mask.leak_guard"  # source of the mentions the leak guard adds
DEFAULT_LOCALES = {"en": "en_US", "es": "es_ES", "pt": "pt_PT"}
DEFAULT_DATE_SHIFT_DAYS = 365
GENERIC_TYPES = frozenset(RULE_TYPES) | frozenset(DEFAULT_ENT_LABEL_MAP)  # less specific than a corpus label
MAX_DATE_SHIFT_DAYS = 36500

DEFAULT_CONFIG: Dict[str, Any] = {
    "strategy": "tag",
    "label_strategies": {},
    "extra_labels": [],
    "use_ents": True,
    "ent_label_map": None,
    "spans_key": SPAN_KEY,
    "masked_spans_key": MASKED_SPAN_KEY,
    "run_rules": "auto",
    "rules": {},
    "overlap_resolver": {"@misc": "spacy_anon.resolve_overlaps.v1"},
    "grouper": {"@misc": "spacy_anon.name_part_grouper.v1"},
    "surrogate_provider": {"@misc": "spacy_anon.faker_surrogates.v1"},
    "suppress_filler": "***",
    "suppress_keep_length": False,
    "tag_format": "[{label}_{index}]",
    "surrogate_locale": None,
    "seed": None,
    "pseudonym_key": None,
    "pseudonym_format": "{label}_{digest}",
    "pseudonym_length": 8,
    "date_granularity": "month",
    "date_shift_days": DEFAULT_DATE_SHIFT_DAYS,
    "age_bucket": 10,
    "number_style": "about",
    "consistency": "doc",
    "key_scope": "document",
    "include_original": False,
    "tidy_generalized": True,
    "allow_list": [],
    "leak_guard": True,
    "operators": {},
    "min_score": 0.0,
    "label_min_scores": {},
    "scorer": {"@scorers": "spacy_anon.anon_scorer.v1"},
}


@Language.factory(
    "anon_mask",
    assigns=["doc._.anon_text", "doc._.anon_table", "doc._.anon_status", "doc.spans"],
    default_config=DEFAULT_CONFIG,
)
def make_anon_mask(
    nlp: Language,
    name: str,
    strategy: str,
    label_strategies: Dict[str, str],
    use_ents: bool,
    ent_label_map: Optional[Dict[str, Optional[str]]],
    spans_key: str,
    masked_spans_key: Optional[str],
    run_rules: Union[bool, str],
    rules: Dict[str, Any],
    overlap_resolver: Callable[[Iterable[Span]], List[Span]],
    grouper: Callable[[Doc, Sequence[Span]], List[str]],
    surrogate_provider: Callable[..., str],
    suppress_filler: str,
    suppress_keep_length: bool,
    tag_format: str,
    surrogate_locale: Optional[str],
    seed: Optional[int],
    pseudonym_key: Optional[str],
    pseudonym_format: str,
    pseudonym_length: int,
    date_granularity: str,
    age_bucket: int,
    number_style: str,
    consistency: str,
    include_original: bool,
    scorer: Optional[Callable],
    key_scope: str = "document",
    tidy_generalized: bool = True,
    allow_list: List[Any] = [],  # noqa: B006  (spaCy passes the config value; never mutated)
    leak_guard: bool = True,
    operators: Dict[str, Dict[str, Any]] = {},  # noqa: B006  (spaCy passes the config value; never mutated)
    date_shift_days: int = DEFAULT_DATE_SHIFT_DAYS,
    extra_labels: List[str] = [],  # noqa: B006  (spaCy passes the config value; never mutated)
    min_score: float = 0.0,
    label_min_scores: Dict[str, float] = {},  # noqa: B006  (spaCy passes the config value; never mutated)
) -> "AnonMask":
    """Build the masking component; see `AnonMask` for the arguments."""
    return AnonMask(
        nlp, name, strategy=strategy, label_strategies=label_strategies, use_ents=use_ents,
        ent_label_map=ent_label_map, spans_key=spans_key, masked_spans_key=masked_spans_key,
        run_rules=run_rules, rules=rules, overlap_resolver=overlap_resolver, grouper=grouper,
        surrogate_provider=surrogate_provider, suppress_filler=suppress_filler,
        suppress_keep_length=suppress_keep_length, tag_format=tag_format, surrogate_locale=surrogate_locale,
        seed=seed, pseudonym_key=pseudonym_key, pseudonym_format=pseudonym_format,
        pseudonym_length=pseudonym_length, date_granularity=date_granularity, age_bucket=age_bucket,
        number_style=number_style, consistency=consistency, include_original=include_original,
        key_scope=key_scope, scorer=scorer, tidy_generalized=tidy_generalized, allow_list=allow_list, leak_guard=leak_guard,
        operators=operators, date_shift_days=date_shift_days, extra_labels=extra_labels, min_score=min_score,
        label_min_scores=label_min_scores,
    )


class AnonMask(Pipe):
    """Replace detected mentions consistently per entity and record what was replaced.

    DOCS: docs/components/anon_mask.md
    """

    def __init__(
        self,
        nlp: Optional[Language] = None,
        name: str = "anon_mask",
        *,
        strategy: str = "tag",
        label_strategies: Optional[Dict[str, str]] = None,
        use_ents: bool = True,
        ent_label_map: Optional[Dict[str, Optional[str]]] = None,
        spans_key: str = SPAN_KEY,
        masked_spans_key: Optional[str] = MASKED_SPAN_KEY,
        run_rules: Union[bool, str] = "auto",
        rules: Optional[Dict[str, Any]] = None,
        overlap_resolver: Optional[Callable[[Iterable[Span]], List[Span]]] = None,
        grouper: Optional[Callable[[Doc, Sequence[Span]], List[str]]] = None,
        surrogate_provider: Optional[Callable[..., str]] = None,
        suppress_filler: str = "***",
        suppress_keep_length: bool = False,
        tag_format: str = "[{label}_{index}]",
        surrogate_locale: Optional[str] = None,
        seed: Optional[int] = None,
        pseudonym_key: Optional[str] = None,
        pseudonym_format: str = "{label}_{digest}",
        pseudonym_length: int = 8,
        date_granularity: str = "month",
        age_bucket: int = 10,
        number_style: str = "about",
        consistency: str = "doc",
        key_scope: str = "document",
        include_original: bool = False,
        tidy_generalized: bool = True,
        scorer: Optional[Callable] = None,
        allow_list: Sequence[Any] = (),
        leak_guard: bool = True,
        operators: Optional[Dict[str, Dict[str, Any]]] = None,
        date_shift_days: int = DEFAULT_DATE_SHIFT_DAYS,
        extra_labels: Sequence[str] = (),
        min_score: float = 0.0,
        label_min_scores: Optional[Dict[str, float]] = None,
    ) -> None:
        """
        strategy: default strategy, one of suppress | tag | surrogate | pseudonym | generalize.
        label_strategies: strategy per category or fine type, e.g. {"DATETIME": "generalize", "EMAIL":
            "suppress"}: a span's fine type (`span._.anon_type`, decided once per kept span from its
            detector and its value's shape: `spacy_anon.mask.fine_types`) wins over its category
            (`span.label_`). Presidio's entity names are aliases (EMAIL_ADDRESS = EMAIL, LOCATION = LOC).
            An unknown name is refused (`known_label_names` lists the accepted ones).
        extra_labels: labels and fine types your own components write (a custom span getter, a rule
            set of your own), accepted in `label_strategies` besides those the pipeline declares.
        use_ents: also mask `doc.ents`, mapped by `ent_label_map`.
        ent_label_map: NER label -> our category; labels absent or mapped to null are ignored.
            None: `spacy_anon.labels.DEFAULT_ENT_LABEL_MAP`. A dict replaces the default entirely.
        spans_key: span group with the detectors' candidates.
        masked_spans_key: span group that receives the kept spans (None: not written).
        run_rules: "auto" (run the default rule recognizers when no anon_rules ran on the doc), true
            (always run them), false (never).
        rules: config of those rule recognizers (arguments of `AnonRules`).
        overlap_resolver: `resolver(spans) -> non-overlapping spans` (spacy_anon.resolve_overlaps.v1).
        grouper: `grouper(doc, spans) -> entity key per span` (spacy_anon.name_part_grouper.v1).
        surrogate_provider: see `spacy_anon.mask.surrogates` (spacy_anon.faker_surrogates.v1).
        suppress_filler / suppress_keep_length: what `suppress` writes; repeat it to the mention length.
        tag_format: format of `tag` with {label}, {index} (per label, 1-based) and {entity}.
        surrogate_locale: Faker locale (en_US, en_GB, es_ES, pt_PT...); None: from the pipeline language
            (en_US, es_ES, pt_PT). Names, addresses and the reading of numeric dates (day first except
            in en_US) follow it.
        date_shift_days: the largest shift of a surrogate date, in days (default 365): one shift per
            replacement memory, drawn from 30 (or less when this is smaller) to this many days, earlier
            or later; a past date never moves past today (it stops at today).
        seed: with a secret key, a public number mixed into the keyed surrogate choices (change it to
            draw other surrogates with the same key). Alone it is refused: a seed is no secret, and
            seeded surrogates can be reversed with candidate lists (tests may set the environment
            variable SPACY_ANON_ALLOW_SEED_ONLY=1). None and no key: surrogates and date shifts are
            drawn at random per replacement memory (not reproducible, not reversible).
        pseudonym_key: the secret key (at least 16 characters) of `pseudonym` (HMAC-SHA256 of the
            entity) and of surrogate choices and date shifts (HMAC of the entity and the key scope);
            else env SPACY_ANON_KEY; required by `pseudonym`. Never serialized by this component (prefer
            the environment variable: a key given in the config is part of `nlp.config`; `to_disk`
            redacts it from the saved config.cfg).
        key_scope: what keyed surrogates and date shifts are consistent over: "document" (default:
            the same person gets another surrogate and dates another shift in each document, so one
            known date or name reveals nothing about other documents) or "corpus" (one surrogate per
            entity and one date shift for every document processed with the key).
        pseudonym_format / pseudonym_length: "{label}_{digest}" with that many hex digits.
        date_granularity ("month" | "year"), age_bucket (years), number_style ("about" | "words"):
            built-in coarsening of `generalize` when no generalizer set `span._.anon_replacement`.
        consistency: "doc" (a new memory per doc) or "pipeline" (one memory for the component's
            lifetime); a `ReplacementMemory` in doc.user_data["spacy_anon.memory"] always wins.
        include_original: add the original `text` to each table row.
        tidy_generalized: readability of `generalize` replacements (see `tidy_generalized`): adjacent
            mentions with the same generalization and only whitespace between them become one row
            ("thing thing" -> "thing"); an "a"/"an" just before a replacement is corrected to match it,
            the row then covering the article ("an American actor" -> "a performer", row from "an");
            a bare singular replacement at the start of a noun phrase gets "a"/"an" ("In 2015 a person").
        allow_list: terms never masked, whichever detector flagged them: strings (case-insensitive, whole
            words; "European Court of Human Rights"), {"text": ...} or {"pattern": regex}; the phrases of
            the pipeline's anon_rules allow lists count too. A candidate inside an occurrence is dropped,
            one running past it trimmed to what is worth masking outside it (`spacy_anon.mask.allow_list`).
        leak_guard: mask what the detectors half found (`spacy_anon.mask.leak_guard`): a person
            mention that is only a title, or that stops before a capitalised word with a possessive, is
            grown over those words ("Mr Fredin’s", "Peter Maxwell's"), and every other occurrence of a
            masked value (any case, accents or invisible characters; common words only capitalised) is
            masked as the same entity ("KOWALSKI", "Kow\u200balski"). Dates, quantities and ages are
            not swept. Off only to measure the detectors alone.
        operators: settings of operators that have no top-level setting, by operator name, e.g.
            {"mask_chars": {"char": "#", "keep_last": 4}, "replace": {"text": "<{label}>"},
            "hash": {"length": 16}}; an unknown setting is refused by its operator.
        min_score / label_min_scores: candidates whose `span._.anon_score` is below the threshold of their
            label are not masked (`spacy_anon.mask.thresholds`): `label_min_scores` by fine type, else by
            category, else `min_score` (0.0: every candidate is masked). Numbers in [0, 1].
        scorer: used by `nlp.evaluate` / `python -m spacy evaluate` (spacy_anon.anon_scorer.v1: TAB,
            span, seed-003 and B³ metrics against `doc.spans["anon_gold"]`).
        """
        self.nlp = nlp
        self.name = name
        self.scorer = scorer
        self.strategy = strategy
        self.label_strategies = dict(label_strategies or {})
        if isinstance(extra_labels, str) or not all(isinstance(x, str) and x for x in extra_labels):
            raise ValueError(Errors.E041.format(value=extra_labels))
        self.extra_labels = list(extra_labels)
        if not isinstance(date_shift_days, int) or isinstance(date_shift_days, bool) \
                or not 1 <= date_shift_days <= MAX_DATE_SHIFT_DAYS:
            raise ValueError(Errors.E751.format(value=date_shift_days))
        self.date_shift_days = date_shift_days
        operator_classes = {name: get_operator(name) for name in [strategy, *self.label_strategies.values()]}
        self.operator_settings: Dict[str, Dict[str, Any]] = {}
        for name, settings in dict(operators or {}).items():
            if not isinstance(settings, dict):
                raise ValueError(Errors.E126.format(kind=type(settings).__name__, name=name))
            get_operator(name)  # an unknown operator name is an error here too
            self.operator_settings[name] = dict(settings)
        if key_scope not in KEY_SCOPES:
            raise ValueError(Errors.E102.format(valid=KEY_SCOPES, value=key_scope))
        if consistency not in CONSISTENCY:
            raise ValueError(Errors.E103.format(valid=CONSISTENCY, value=consistency))
        if run_rules not in RUN_RULES:
            raise ValueError(Errors.E104.format(value=run_rules))
        self.use_ents = use_ents
        self.ent_label_map = dict(DEFAULT_ENT_LABEL_MAP if ent_label_map is None else ent_label_map)
        self.spans_key = spans_key
        self.masked_spans_key = masked_spans_key
        self.run_rules = run_rules
        self.rules_cfg = dict(rules or {})
        self.min_score, self.label_min_scores = thresholds.check_thresholds(min_score, label_min_scores or {})
        known = self.known_label_names() if self.label_strategies or self.label_min_scores else ()
        unknown = sorted(set(self.label_min_scores) - set(known))
        if unknown:
            raise ValueError(Errors.E014.format(names=", ".join(unknown), categories=", ".join(CATEGORIES),
                                                types=", ".join(sorted(set(known) - set(CATEGORIES)))))
        unknown = sorted(set(self.label_strategies) - set(known))
        if unknown:
            fine = sorted(set(known) - set(CATEGORIES))
            raise ValueError(Errors.E750.format(names=", ".join(unknown), categories=", ".join(CATEGORIES),
                                                types=", ".join(fine)))
        self._policies = fine_types.normalize_policies(self.label_strategies)  # aliases -> our names
        self.overlap_resolver = overlap_resolver or make_overlap_resolver()
        self.grouper = grouper or make_name_part_grouper()
        self.surrogate_provider = surrogate_provider or make_faker_surrogates()
        self.suppress_filler = suppress_filler
        self.suppress_keep_length = suppress_keep_length
        self.tag_format = tag_format
        self.lang = coarsen.lang_of(nlp.lang if nlp is not None else "en")
        self.surrogate_locale = surrogate_locale or DEFAULT_LOCALES.get(
            (nlp.lang if nlp is not None else "en"), "en_US")
        self.seed = seed
        self.key_scope = key_scope
        self.pseudonym_format = pseudonym_format
        self.pseudonym_length = pseudonym_length
        self.date_granularity = date_granularity
        self.age_bucket = age_bucket
        self.number_style = number_style
        self.consistency = consistency
        self.include_original = include_original
        self.tidy_generalized = bool(tidy_generalized)
        self.allow_list = list(allow_list)
        self.leak_guard = bool(leak_guard)
        self._is_common: Optional[Callable[[str], bool]] = None
        self._allow_patterns = compile_occurrence_patterns(self.allow_list)  # bad entries raise here, at build time
        self._rule_allow: Tuple[str, Any] = ("[]", ((), ()))  # anon_rules' allow lists, compiled (`_allowed`)
        self._key_in_config = bool(pseudonym_key)
        self._key: Optional[bytes] = None
        key = pseudonym_key or os.environ.get(KEY_ENV)
        if key:
            self.set_pseudonym_key(key)
        elif seed is not None and os.environ.get(ALLOW_SEED_ENV) != "1":
            raise ValueError(Errors.E111.format(min_length=MIN_KEY_LENGTH, env=KEY_ENV))
        self._operators: Dict[str, Operator] = {}
        for name, cls in operator_classes.items():
            operator = cls(self)
            operator.validate()  # a setting that cannot work fails here, not at the first document
            self._operators[name] = operator
        self.memory = ReplacementMemory()
        self._rules = None
        if run_rules is True or self.rules_cfg:
            self._rules = self._make_rules()
        if nlp is not None:
            progress.watch(nlp)  # a non-raising error handler set before this component records failures

    # ------------------------------------------------------------------------------------ settings
    def uses(self, strategy: str) -> bool:
        """Whether any label may be replaced with `strategy`."""
        return self.strategy == strategy or strategy in self.label_strategies.values()

    def strategy_for(self, label: str, fine_type: Optional[str] = None) -> str:
        """The strategy of a span: its fine type's (`label_strategies`, aliases resolved), else its
        category's, else `strategy` (`fine_types.policy_for`)."""
        return fine_types.policy_for(self._policies, label, fine_type, self.strategy)

    def known_label_names(self) -> Tuple[str, ...]:
        """Names `label_strategies` accepts: the categories, every fine type of this package
        (`spacy_anon.labels.known_types`: rule types, corpus labels, NER labels), the labels and types of
        the registered recognizers, of this component's `rules` (extra_labels, deny_list,
        custom_recognizers) and `ent_label_map`, and those the pipeline's earlier components declare
        (a spaCy component's `labels`, a tagger's `label_map`, an anon_rules' settings)."""
        names = set(known_types()) | set(CATEGORIES) | set(fine_types.ALIASES) | set(self.extra_labels)
        for recognizer in REGISTRY.values():
            names.update((recognizer.label, recognizer.type or recognizer.label))
        names.update(self.ent_label_map)
        names.update(v for v in self.ent_label_map.values() if v)
        names.update(_rules_config_names(self.rules_cfg))
        for _, proc in (self.nlp.pipeline if self.nlp is not None else []):
            cfg = getattr(proc, "cfg", None)
            if isinstance(cfg, dict) and isinstance(cfg.get("label_map"), dict):
                names.update(cfg["label_map"])
                names.update(str(v) for v in cfg["label_map"].values())
            if isinstance(proc, AnonRules):
                names.update(_rules_config_names({"extra_labels": proc._settings.get("extra_labels", ()),
                                                  "deny_list": proc.deny_list,
                                                  "custom_recognizers": proc.custom_recognizers}))
            if isinstance(proc, TrainablePipe):  # spaCy's ner, spancat...: their labels are cheap to list
                names.update(str(label) for label in proc.labels)
        return tuple(sorted(names))

    KEY_ENV = KEY_ENV

    def has_key(self) -> bool:
        """Whether a secret key is set (operators that need one check it in `validate`)."""
        return self._key is not None

    def secret_key(self) -> Optional[bytes]:
        """The secret key of keyed operators, or None (never serialized, never logged)."""
        return self._key

    def set_pseudonym_key(self, key: str) -> None:
        """Set the secret key of pseudonyms and keyed surrogates (kept in memory only; never serialized)."""
        if not key:
            raise ValueError(Errors.E112.format(env=KEY_ENV, min_length=MIN_KEY_LENGTH))
        if len(key) < MIN_KEY_LENGTH:
            raise ValueError(Errors.E113.format(length=len(key), env=KEY_ENV, min_length=MIN_KEY_LENGTH))
        self._key = key.encode("utf8")

    def reset_memory(self) -> None:
        """Forget the pipeline-wide memory (consistency = "pipeline")."""
        self.memory = ReplacementMemory()

    def _settings(self) -> Dict[str, Any]:
        """Serializable settings (the pseudonym key is never among them)."""
        return {
            "strategy": self.strategy, "label_strategies": self.label_strategies, "use_ents": self.use_ents,
            "ent_label_map": self.ent_label_map, "spans_key": self.spans_key,
            "masked_spans_key": self.masked_spans_key, "run_rules": self.run_rules, "rules": self.rules_cfg,
            "suppress_filler": self.suppress_filler, "suppress_keep_length": self.suppress_keep_length,
            "tag_format": self.tag_format, "surrogate_locale": self.surrogate_locale, "seed": self.seed,
            "pseudonym_format": self.pseudonym_format, "pseudonym_length": self.pseudonym_length,
            "date_granularity": self.date_granularity, "age_bucket": self.age_bucket,
            "number_style": self.number_style, "consistency": self.consistency, "key_scope": self.key_scope,
            "include_original": self.include_original, "tidy_generalized": self.tidy_generalized,
            "allow_list": self.allow_list, "leak_guard": self.leak_guard, "operators": self.operator_settings,
            "extra_labels": self.extra_labels,
            "min_score": self.min_score, "label_min_scores": self.label_min_scores,
        }

    # ------------------------------------------------------------------------------------ detection
    def _make_rules(self):
        cfg = dict(self.rules_cfg)
        cfg.setdefault("spans_key", self.spans_key)
        return AnonRules(self.nlp, "anon_rules", **cfg)

    def _maybe_run_rules(self, doc: Doc) -> None:
        if self.run_rules is False:
            return
        if self.run_rules == "auto" and doc.user_data.get(RULES_RAN_KEY):
            return
        if self._rules is None:
            self._rules = self._make_rules()
        self._rules(doc)

    def candidates(self, doc: Doc, text: Optional[str] = None) -> List[Tuple[Span, Span]]:
        """(candidate with our label, original span) from the span group, then from doc.ents.

        Identical (start, end, label) candidates are merged, keeping the highest score; candidates inside
        an occurrence of an `allow_list` entry are left out. text: `doc.text`, when the caller has it.
        """
        if text is None:
            text = doc_text(doc)
        found: List[Tuple[Span, Span]] = []
        if self.spans_key in doc.spans:
            for span in doc.spans[self.spans_key]:
                found.append((span, span))
        if self.use_ents:
            for ent in doc.ents:
                label = self.ent_label_map.get(ent.label_)
                if not label:
                    continue
                found.append((Span(doc, ent.start, ent.end, label=label), ent))
        allowed, whole = self._allowed(text)
        if allowed or whole:
            found = self._trim_allowed(doc, found, text, allowed, whole)
        score = span_getter("anon_score")
        best: Dict[Tuple[int, int, str], Tuple[Span, Span]] = {}
        order: List[Tuple[int, int, str]] = []
        for cand, orig in found:
            start, end = cand.start_char, cand.end_char
            if not text[start:end].strip():  # the span's text, without rebuilding it from its tokens
                continue
            key = (start, end, cand.label_)
            if key not in best:
                order.append(key)
                best[key] = (cand, orig)
            elif (score(orig) or 0.0) > (score(best[key][1]) or 0.0):
                best[key] = (cand, orig)
        result = []
        for key in order:
            cand, orig = best[key]
            if cand is not orig:  # an entity under our label: carry its attributes over
                cand._.anon_source = orig._.anon_source or "ner"
                cand._.anon_score = orig._.anon_score
                cand._.anon_identifier = orig._.anon_identifier or identifier_for(cand.label_)
                cand._.anon_type = orig._.anon_type  # the NER label ("GPE") or the detector's fine type
                cand._.anon_replacement = orig._.anon_replacement
            result.append((cand, orig))
        return result

    def _allowed(self, text: str) -> Tuple[List[Tuple[int, int]], Tuple[Any, ...]]:
        """The allowed character ranges of `text` (this component's allow list and the phrases of every
        `anon_rules` allow list of the pipeline) and the anon_rules' whole-value patterns."""
        entries = list(self._rules.allow_list if self._rules is not None else self.rules_cfg.get("allow_list") or ())
        for _, proc in (self.nlp.pipeline if self.nlp is not None else []):
            if isinstance(proc, AnonRules):
                entries.extend(proc.allow_list)
        key = repr(entries)
        if key != self._rule_allow[0]:  # compiled again only when a list changed (`add_allow_list`)
            self._rule_allow = (key, rule_allow_entries(entries))
        phrases, whole = self._rule_allow[1]
        patterns = self._allow_patterns + phrases
        return (allowed_regions(text, patterns) if patterns else []), whole

    def _trim_allowed(self, doc: Doc, found: List[Tuple[Span, Span]], text: str, allowed: List[Tuple[int, int]],
                      whole: Tuple[Any, ...]) -> List[Tuple[Span, Span]]:
        """Candidates without their allowed tokens (`allow_list.trim_to_unallowed`): dropped when nothing
        worth masking is left, else cut to what is; the pieces keep the detector's attributes."""
        if self._is_common is None:
            self._is_common = common_word_test(self.nlp.lang if self.nlp is not None else "en")
        stop_words = self.nlp.Defaults.stop_words if self.nlp is not None else frozenset()
        is_common, name_labels = self._is_common, set(self._name_labels())
        out: List[Tuple[Span, Span]] = []
        for cand, orig in found:
            tokens = [(t.idx, t.idx + len(t.text), t.text) for t in cand]
            regions = allowed
            if whole:
                regions = sorted(allowed + whole_value_regions(text, [(a, b) for a, b, _ in tokens], whole))
            name = cand.label_ in name_labels
            pieces = trim_to_unallowed(tokens, regions, lambda w: worth_masking(w, stop_words, is_common, name)) \
                if regions else None
            if pieces is None:
                out.append((cand, orig))
                continue
            for i, j in pieces:
                piece = Span(doc, cand.start + i, cand.start + j, label=cand.label_)
                if not has_own_value(piece, "anon_source"):  # else another detector's span over these tokens
                    piece._.anon_source = orig._.anon_source or ("ner" if cand is not orig else None)
                    piece._.anon_score = orig._.anon_score
                    piece._.anon_identifier = orig._.anon_identifier or identifier_for(cand.label_)
                    piece._.anon_type = orig._.anon_type
                out.append((piece, piece))
        return out

    def _above_thresholds(self, pairs: List[Tuple[Span, Span]], text: str) -> List[Tuple[Span, Span]]:
        """The candidates that reach their score threshold, or whose entity a confident one established.
        A span's threshold is looked up by the fine type its value proves (as the policies are), so
        `label_min_scores={"EMAIL": ...}` applies to an e-mail whichever detector found it."""
        keep = thresholds.kept_by_thresholds(
            [(c.label_, fine_types.fine_type_of(c, text), c._.anon_score, o._.anon_entity,
              text[c.start_char:c.end_char]) for c, o in pairs], self.min_score, self.label_min_scores)
        return [pair for pair, ok in zip(pairs, keep) if ok]

    # ------------------------------------------------------------------------------------ the step
    def set_error_handler(self, error_handler: Callable) -> None:
        """Called for every component by `nlp.set_error_handler`: the new handler records failures too."""
        super().set_error_handler(error_handler)
        if self.nlp is not None:
            progress.watch(self.nlp)

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:
        """Mask each doc; a doc that failed here or upstream comes out NOT anonymized, never dropped."""
        return pipe_keeping_failures(self, stream)

    def __call__(self, doc: Doc) -> Doc:
        """Mask `doc`: set doc._.anon_text, anon_table, anon_status="ok" (only when all succeeded)."""
        doc._.anon_status = None
        doc._.anon_text = None
        doc._.anon_table = None
        refused = progress.refusal(self.nlp, self.name, doc)
        if refused is not None:  # a component before this one did not finish the doc: fail closed
            doc._.anon_stats = {**(doc._.anon_stats or {}), progress.REASON_KEY: refused}
            return doc
        self._maybe_run_rules(doc)
        coverage.warn_once(self, doc)  # no detector of names ran: say so, once
        text = doc_text(doc)  # built from the tokens once per doc (`extensions.doc_text`)
        pairs = self.candidates(doc, text)
        if thresholds.is_active(self.min_score, self.label_min_scores):
            pairs = self._above_thresholds(pairs, text)
        if self.leak_guard:
            pairs = self._extend_names(doc, pairs, text)
            pairs = leak_guard.join_hyphenated_pairs(doc, pairs, text)  # no fragment of a wrapped word left
        originals = {id(c): o for c, o in pairs}
        kept = list(self.overlap_resolver([c for c, _ in pairs]))
        kept.sort(key=lambda s: (s.start_char, s.end_char))
        carry_corpus_types(kept, [c for c, _ in pairs], GENERIC_TYPES)  # a tagger's corpus label survives
        fine_types.decide_fine_types(kept, text)  # once, whoever detected: policies and the table use it
        for a, b in zip(kept, kept[1:]):
            if b.start_char < a.end_char:
                raise ValueError(Errors.E116.format(problem="overlapping spans"))
        if any(s.doc is not doc for s in kept):
            raise ValueError(Errors.E116.format(problem="spans of another Doc"))
        grouper = grouper_for(self.nlp, doc, self.grouper)  # anon_coref's when it ran
        keys = list(grouper(doc, kept, text=text) if isinstance(grouper, CorefGrouper) else grouper(doc, kept))
        if len(keys) != len(kept):
            raise ValueError(Errors.E117.format(n_keys=len(keys), n_spans=len(kept)))
        if self.leak_guard and kept:
            kept, keys = self._sweep(doc, kept, keys, text)
        memory = doc.user_data.get(MEMORY_KEY)
        if memory is None:
            memory = self.memory if self.consistency == "pipeline" else ReplacementMemory()
        elif not isinstance(memory, ReplacementMemory):
            raise TypeError(Errors.E118.format(key=MEMORY_KEY, kind=type(memory).__name__))
        self._set_scope(memory, doc)
        entity_ids = self._entity_ids(kept, keys, memory)
        replacements, from_generalizer, fallbacks = self._replacements(doc, kept, keys, entity_ids, memory, originals,
                                                                       text)
        # everything computed: now build the outputs
        pieces: List[str] = []
        rows: List[Dict[str, Any]] = []
        pos = 0
        fine_type, identifier_of = span_getter("anon_type"), span_getter("anon_identifier")
        source_of, score_of = span_getter("anon_source"), span_getter("anon_score")
        generalized_flags = [self.strategy_for(s.label_, fine_type(s)) == "generalize" and fallbacks[i] is None
                             for i, s in enumerate(kept)]
        if self.tidy_generalized and any(generalized_flags):
            segments = tidy_generalized(text, [(s.start_char, s.end_char) for s in kept], replacements,
                                        generalized_flags, lang=doc.lang_)
        else:
            segments = [(s.start_char, s.end_char, r, [i]) for i, (s, r) in enumerate(zip(kept, replacements))]
        segments = agree_articles(text, segments, lang=doc.lang_)  # "an [MISC_1]" would tell a vowel
        for start, end, replacement, members in segments:
            span, entity = kept[members[0]], entity_ids[members[0]]
            for i in members:
                replacements[i] = replacement
            pieces.append(text[pos:start])
            pieces.append(replacement)
            pos = end
            row = {
                "start": start, "end": end, "label": span.label_, "type": fine_type(span), "entity": entity,
                "identifier": identifier_of(span) or identifier_for(span.label_),
                "replacement": replacement, "source": source_of(span), "score": score_of(span),
            }
            if fallbacks[members[0]] is not None:  # generalize wrote a tag, a filler or the original instead
                row["fallback"], row["operator"] = fallbacks[members[0]]
            elif from_generalizer[members[0]] and class_fallback_of(span) is not None:  # its coarse class
                row["fallback"], row["operator"] = FALLBACK_CLASS, class_fallback_of(span)
            if self.include_original:
                row["text"] = text[start:end]
            rows.append(row)
        pieces.append(text[pos:])
        anon_text = "".join(pieces)
        written = []
        for span, entity, replacement, kept_value in zip(kept, entity_ids, replacements, from_generalizer):
            original = originals.get(id(span), span)
            for target in ((span,) if original is span else (span, original)):
                target._.anon_entity = entity
                target._.anon_replacement = replacement
                if not kept_value:  # remember what we wrote, so a rerun does not take it for a generalization
                    written.append([target.start_char, target.end_char, target.label_, replacement])
            if span._.anon_identifier is None:
                span._.anon_identifier = identifier_for(span.label_)
        if self.masked_spans_key:
            doc.spans[self.masked_spans_key] = kept
        stats = dict(doc._.anon_stats or {})
        stats["masked_mentions"] = len(kept)
        stats["masked_entities"] = len(set(entity_ids))
        if len(rows) != len(kept):
            stats["merged_replacements"] = len(kept) - len(rows)
        doc._.anon_stats = stats
        doc.user_data[WRITTEN_KEY] = written
        doc._.anon_table = rows
        doc._.anon_text = anon_text
        doc._.anon_status = "ok"
        return doc

    def _extend_names(self, doc: Doc, pairs: List[Tuple[Span, Span]], text: str) -> List[Tuple[Span, Span]]:
        """Person candidates grown over the name words their detector left out (`extend_name_mentions`)."""
        name_labels = set(self._name_labels())
        names = [i for i, (cand, _) in enumerate(pairs) if cand.label_ in name_labels]
        if not names:
            return pairs
        extended = leak_guard.extend_name_mentions(
            text, [(pairs[i][0].start_char, pairs[i][0].end_char) for i in names], self._honorifics())
        out = list(pairs)
        for i, (start, end) in zip(names, extended):
            cand = pairs[i][0]
            if end == cand.end_char:
                continue
            span = doc.char_span(start, end, label=cand.label_, alignment_mode="expand")
            if span is None:
                continue
            span._.anon_source = cand._.anon_source
            span._.anon_score = cand._.anon_score
            span._.anon_identifier = cand._.anon_identifier
            span._.anon_type = cand._.anon_type
            out[i] = (span, span)
        return out

    def _sweep(self, doc: Doc, kept: List[Span], keys: List[str], text: str) -> Tuple[List[Span], List[str]]:
        """Add every other occurrence of a masked value as a mention of its entity (`find_occurrences`)."""
        if self._is_common is None:
            self._is_common = common_word_test(self.nlp.lang if self.nlp is not None else "en")
        stop_words = self.nlp.Defaults.stop_words if self.nlp is not None else frozenset()
        kept_texts = [text[s.start_char:s.end_char] for s in kept]  # the spans' texts
        terms = leak_guard.sweep_terms([(s.label_, t) for s, t in zip(kept, kept_texts)], self._name_labels(),
                                       self._honorifics(), self._is_common, stop_words)
        occurrences = leak_guard.find_occurrences(text, terms)
        if not occurrences:
            return kept, keys
        taken = bytearray(len(doc) + 1)  # tokens taken
        for span in kept:
            taken[span.start:span.end] = b"\x01" * (span.end - span.start)
        allowed, whole = self._allowed(text)
        added: List[Tuple[Span, str]] = []
        for start, end, t in occurrences:
            if allowed and inside_any(start, end, allowed) or any(p.fullmatch(text[start:end]) for p in whole):
                continue
            source = kept[terms[t].entity]
            span = doc.char_span(start, end, label=source.label_, alignment_mode="expand")
            if span is None or taken.find(1, span.start, span.end) != -1:
                continue
            taken[span.start:span.end] = b"\x01" * (span.end - span.start)
            span._.anon_source = SWEEP_SOURCE
            span._.anon_score = source._.anon_score
            span._.anon_identifier = source._.anon_identifier or identifier_for(source.label_)
            span._.anon_type = source._.anon_type
            if text[span.start_char:span.end_char] == kept_texts[terms[t].entity]:
                span._.anon_replacement = source._.anon_replacement
            added.append((span, keys[terms[t].entity]))
        if not added:
            return kept, keys
        merged = sorted(list(zip(kept, keys)) + added, key=lambda pair: (pair[0].start_char, pair[0].end_char))
        return [span for span, _ in merged], [key for _, key in merged]

    def name_labels(self) -> Tuple[str, ...]:
        """Labels whose mentions are person names (the grouper's)."""
        return self._name_labels()

    def honorifics(self) -> Tuple[str, ...]:
        """Titles that are not part of a name (the grouper's)."""
        return self._honorifics()

    def canonical_parts(self, key: str, span: Span) -> List[str]:
        """The normalized name parts of an entity (from its grouper key, else from the mention)."""
        return self._canonical_parts(key, span)

    def _name_labels(self) -> Tuple[str, ...]:
        return tuple(getattr(self.grouper, "name_labels", ("PERSON",)))

    def _honorifics(self) -> Tuple[str, ...]:
        return tuple(getattr(self.grouper, "honorifics", DEFAULT_HONORIFICS))

    def _canonical_parts(self, key: str, span: Span) -> List[str]:
        if "|" in key:
            return key.split("|", 1)[1].split()
        return name_parts(span.text, self._honorifics())

    def _entity_ids(self, kept: List[Span], keys: List[str], memory: ReplacementMemory) -> List[str]:
        """Entity ids from the memory, created in order of first mention.

        A lone name part ("Polat") is aliased to a remembered full name only when this doc has no
        multi-part name containing that part (then the grouper already decided, e.g. ambiguous).
        """
        name_labels = self._name_labels()
        doc_parts = set()
        for span, key in zip(kept, keys):
            if span.label_ in name_labels:
                parts = self._canonical_parts(key, span)
                if len(parts) > 1:
                    doc_parts.update((span.label_, p) for p in parts)
        ids: Dict[Tuple[str, str], str] = {}
        result = []
        for span, key in zip(kept, keys):
            label = span.label_
            if (label, key) not in ids:
                parts: List[str] = []
                alias = False
                if label in name_labels:
                    parts = self._canonical_parts(key, span)
                    alias = len(parts) == 1 and (label, parts[0]) not in doc_parts
                ids[(label, key)] = memory.entity_id(label, key, parts=parts, alias_part=alias)
            result.append(ids[(label, key)])
        return result

    def _replacements(self, doc, kept, keys, entity_ids, memory, originals,
                      text) -> Tuple[List[str], List[bool], List]:
        """The replacement of each kept span (by its label's operator), whether a generalizer supplied
        it, and the (fallback, operator) of an operator that wrote something else (None: no fallback)."""
        texts: Dict[str, List[str]] = {}
        titles: Dict[str, List[str]] = {}
        name_labels = set(self._name_labels())
        for span, entity in zip(kept, entity_ids):
            texts.setdefault(entity, []).append(text[span.start_char:span.end_char])  # the span's text
            if span.label_ in name_labels:  # "Mr." in or before a mention: the surrogate name agrees with it
                titles.setdefault(entity, []).append(titles_of_mention(text, span.start_char, span.end_char))
        written = frozenset(tuple(w) for w in doc.user_data.get(WRITTEN_KEY) or ())
        fine_type = span_getter("anon_type")
        result = []
        from_generalizer = []
        fallbacks = []
        for span, key, entity in zip(kept, keys, entity_ids):
            label = span.label_
            mention = Mention(span=span, detected=originals.get(id(span), span), entity=entity, key=key,
                              memory=memory, texts=texts[entity],
                              starts_sentence=_starts_sentence(text, span.start_char), written=written,
                              titles=" ".join(t for t in titles.get(entity, ()) if t))
            strategy = self.strategy_for(label, fine_type(span))
            operator = self._operators[strategy]
            fallback = None
            if hasattr(operator, "operate_with_fallback"):
                value, generalized, fallback = operator.operate_with_fallback(mention)
            else:
                value, generalized = operator.operate_with_source(mention)
            if not isinstance(value, str):
                raise TypeError(Errors.E119.format(strategy=strategy, kind=type(value).__name__, label=label))
            result.append(value)
            from_generalizer.append(generalized)
            fallbacks.append(fallback)
        return result, from_generalizer, fallbacks

    def _set_scope(self, memory: ReplacementMemory, doc: Doc) -> None:
        """Fix the key scope of a memory at its first document (`key_scope`): a digest of that document
        (so keyed choices differ between documents) or one corpus-wide constant."""
        if memory.scope is None and self._key is not None:
            if self.key_scope == "corpus":
                memory.scope = b"corpus"
            else:
                memory.scope = hashlib.sha256(doc_text(doc).encode("utf8", "surrogatepass")).digest()

    # ------------------------------------------------------------------------------------ serialization
    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Nothing learned to serialize: the settings are the pipeline config's (never the pseudonym key)."""
        return util.to_bytes({}, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "AnonMask":
        """Settings serialized before (`cfg`) are ignored: the config is what configures the component."""
        util.from_bytes(bytes_data, {"cfg": lambda b: self._check_old_settings(srsly.json_loads(b))}, exclude)
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """An empty folder: nothing is learned, the settings are the pipeline config's.

        When called by `nlp.to_disk` and the key came from the config, the key is also redacted from
        the pipeline's config.cfg written next to this directory.
        """
        path = util.ensure_path(path)
        util.to_disk(path, {}, exclude)
        if self._key_in_config:
            _redact_key_in_config(path.parent / "config.cfg", self.name)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "AnonMask":
        """Settings a pipeline saved before in `path/cfg` are ignored: the config's win."""
        path = util.ensure_path(path)
        util.from_disk(path, {"cfg": lambda p: self._check_old_settings(srsly.read_json(p)) if p.exists() else None},
                       exclude)
        return self

    def _check_old_settings(self, saved: Dict[str, Any]) -> None:
        check_saved_settings(self.name, saved, self._settings(), file="cfg")


def _rules_config_names(cfg: Dict[str, Any]) -> set:
    """Labels and fine types an `anon_rules` config adds: extra_labels, deny-list labels, custom recognizers."""
    names = set(cfg.get("extra_labels") or ())
    names.update(d.get("label") for d in cfg.get("deny_list") or () if isinstance(d, dict) and d.get("label"))
    for entry in cfg.get("custom_recognizers") or ():
        if isinstance(entry, dict):
            names.update(str(entry[k]) for k in ("label", "type") if entry.get(k))
    return names


def _redact_key_in_config(config_path: Path, name: str) -> None:
    if not config_path.exists():
        return
    from thinc.api import Config

    config = Config().from_disk(config_path, interpolate=False)
    component = config.get("components", {}).get(name)
    if component and component.get("pseudonym_key"):
        component["pseudonym_key"] = None
        config.to_disk(config_path)


def forget_config_key(nlp: Language, name: str = "anon_mask") -> None:
    """Drop a pseudonym key from `nlp.config` (the live component keeps it), so no save can write it."""
    cfg = nlp._pipe_configs.get(name)  # noqa: SLF001  (spaCy keeps component configs here)
    if cfg is not None and cfg.get("pseudonym_key"):
        cfg["pseudonym_key"] = None
