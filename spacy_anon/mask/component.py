"""`anon_mask`: the spaCy component that decides what to replace, replaces it, and writes the table.

It orchestrates one concern per module: the candidates (`candidates`: span group and `doc.ents`, allow
lists, score thresholds), the rule recognizers when none ran before it (`rule_fallback`), overlaps
(registered policy), fine types, entities (registered grouper, leak-guard sweep, replacement memory:
`entities`), the operator of each mention (`replacing`, by fine type, category, default strategy) and the
outputs (`writer`). Settings are checked in `settings`. It is the only writer of `doc._.anon_text`,
`doc._.anon_table` and `doc._.anon_status` (fail closed: any error propagates and leaves
`anon_text`/`anon_status` at None).
"""
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import srsly
from spacy import util
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc, Span
from spacy.util import SimpleFrozenList

from spacy_anon import extensions  # noqa: F401  (registers the Doc/Span attributes)
from spacy_anon import progress
from spacy_anon.coref.grouper import CorefGrouper, grouper_for
from spacy_anon.doc_keys import MEMORY_KEY  # noqa: F401  (re-exported)
from spacy_anon.errors import Errors, Warnings
from spacy_anon.casing import reading_text
from spacy_anon.extensions import doc_text, span_getter
from spacy_anon.labels import DEFAULT_ENT_LABEL_MAP, RULE_TYPES
from spacy_anon.mask import coverage, entities, fine_types, span_kinds, writer
from spacy_anon.mask.candidates import CandidateFinder
from spacy_anon.mask.grouping import canonical_parts, one_label_per_name
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.mask.operators import Operator
from spacy_anon.mask.operators.base import BUILT_IN, KEY_ENV, make_operator
from spacy_anon.mask.operators.generalize import GeneralizeOperator
from spacy_anon.mask.operators.pseudonym import pseudonym  # noqa: F401  (public helper, re-exported)
from spacy_anon.mask.operators.suppress import suppress  # noqa: F401  (public helper, re-exported)
from spacy_anon.mask.operators.surrogate import render_name  # noqa: F401  (public helper, re-exported)
from spacy_anon.mask.code_pieces import whole_codes
from spacy_anon.mask.hyphenated_names import whole_hyphenated_names
from spacy_anon.mask.overlaps import carry_corpus_types
from spacy_anon.mask.replacing import Policies, replacements
from spacy_anon.mask.rule_fallback import RuleFallback
from spacy_anon.mask.settings import (ALLOW_SEED_ENV, CONSISTENCY, DEFAULT_CONFIG,  # noqa: F401  (re-exported)
                                      DEFAULT_DATE_SHIFT_DAYS, DEFAULT_LOCALES, KEY_SCOPES, MAX_DATE_SHIFT_DAYS,
                                      MIN_KEY_LENGTH, MOVED_TO_OPERATORS, RUN_RULES, checked_key, honorifics_of, known_label_names,
                                      moved_setting, name_labels_of, operator_params, secret_key_of, serializable,
                                      strategy_names, validated_settings)
from spacy_anon.mask.entities import SWEEP_SOURCE  # noqa: F401  (re-exported)
from spacy_anon.mask.coordinated_names import with_coordinated_names
from spacy_anon.mask.stated_ages import with_introduced_names, with_stated_ages
from spacy_anon.mask.tidy import starts_sentence, agree_articles, indefinite_article, tidy_generalized  # noqa: F401
from spacy_anon.progress import pipe_keeping_failures
from spacy_anon.rules.recognizers.names import first_names, world_given_names
from spacy_anon.lexicon.given_names import SHORT_GIVEN_NAMES, WORD_GIVEN_NAMES
from spacy_anon.saved_settings import check_saved_settings
from spacy_anon.settings_vocabulary import agreement_problems

STRATEGIES = BUILT_IN  # the built-in operators; others come from the `anon_operators` registry
GENERIC_TYPES = frozenset(RULE_TYPES) | frozenset(DEFAULT_ENT_LABEL_MAP)  # less specific than a corpus label


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
    seed: Optional[int],
    pseudonym_key: Optional[str],
    date_granularity: str,
    age_bucket: int,
    number_style: str,
    consistency: str,
    include_original: bool,
    scorer: Optional[Callable],
    key_scope: str = "document",
    allow_list: List[Any] = [],  # noqa: B006  (spaCy passes the config value; never mutated)
    leak_guard: bool = True,
    operators: Dict[str, Dict[str, Any]] = {},  # noqa: B006  (spaCy passes the config value; never mutated)
    extra_labels: List[str] = [],  # noqa: B006  (spaCy passes the config value; never mutated)
    min_score: float = 0.0,
    label_min_scores: Dict[str, float] = {},  # noqa: B006  (spaCy passes the config value; never mutated)
    # the operators' former top-level settings (`MOVED_TO_OPERATORS`): null unless an older config gives
    # them; applied as operators.<name>.<setting> with warning W195
    suppress_filler: Optional[str] = None,
    suppress_keep_length: Optional[bool] = None,
    tag_format: Optional[str] = None,
    surrogate_locale: Optional[str] = None,
    date_shift_days: Optional[int] = None,
    pseudonym_format: Optional[str] = None,
    pseudonym_length: Optional[int] = None,
    tidy_generalized: Optional[bool] = None,
) -> "AnonMask":
    """Build the masking component; see `AnonMask` for the arguments."""
    moved = {"suppress_filler": suppress_filler, "suppress_keep_length": suppress_keep_length,
             "tag_format": tag_format, "surrogate_locale": surrogate_locale, "date_shift_days": date_shift_days,
             "pseudonym_format": pseudonym_format, "pseudonym_length": pseudonym_length,
             "tidy_generalized": tidy_generalized}
    return AnonMask(
        nlp, name, strategy=strategy, label_strategies=label_strategies, use_ents=use_ents,
        ent_label_map=ent_label_map, spans_key=spans_key, masked_spans_key=masked_spans_key,
        run_rules=run_rules, rules=rules, overlap_resolver=overlap_resolver, grouper=grouper,
        surrogate_provider=surrogate_provider, seed=seed, pseudonym_key=pseudonym_key,
        date_granularity=date_granularity, age_bucket=age_bucket,
        number_style=number_style, consistency=consistency, include_original=include_original,
        key_scope=key_scope, scorer=scorer, allow_list=allow_list, leak_guard=leak_guard,
        operators=operators, extra_labels=extra_labels, min_score=min_score,
        label_min_scores=label_min_scores, **{k: v for k, v in moved.items() if v is not None},
    )


class AnonMask(Pipe):
    """Replace detected mentions consistently per entity and record what was replaced.

    DOCS: docs/components/anon_mask.md
    """

    def __init__(self, nlp: Optional[Language] = None, name: str = "anon_mask", *,
                 pseudonym_key: Optional[str] = None, **settings: Any) -> None:
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
        date_granularity ("month" | "year"), age_bucket (years), number_style ("about" | "words"):
            built-in coarsening of `generalize` when no generalizer set `span._.anon_replacement`.
        consistency: "doc" (a new memory per doc) or "pipeline" (one memory for the component's
            lifetime); a `ReplacementMemory` in doc.user_data["spacy_anon.memory"] always wins.
        include_original: add the original `text` to each table row.
        allow_list: terms never masked, whichever detector flagged them: strings (case-insensitive, whole
            words; "European Court of Human Rights"), {"text": ...} or {"pattern": regex} (matching a whole
            value, a run of tokens, as in anon_rules); the pipeline's anon_rules allow lists count too. A
            candidate inside an occurrence is dropped, one running past it trimmed to what is worth masking
            outside it (`spacy_anon.mask.allow_list`).
        leak_guard: mask what the detectors half found (`spacy_anon.mask.leak_guard`): a person
            mention that is only a title, or that stops before a capitalised word with a possessive, is
            grown over those words ("Mr Fredin’s", "Peter Maxwell's"), and every other occurrence of a
            masked value (any case, accents or invisible characters; a common word capitalised, or where
            it is used as a name) is masked as the same entity ("KOWALSKI", "Kow\u200balski"); a
            person's name tagged ORG/LOC/DEM/MISC takes the person label first (`entities.as_persons`).
            Dates, quantities and ages are not swept. Off only to measure the detectors alone.
        operators: each operator's settings, by operator name; each operator declares them and their
            defaults (`Operator.defaults`): suppress {filler, keep_length}, tag {format, names},
            surrogate {locale, date_shift_days}, pseudonym {format, length}, generalize {places,
            vacuous, tidy}, mask_chars {char, keep_last}, replace {text}, hash {length}, encrypt {block}
            (docs/components/anon_mask.md). An unknown setting is refused. The former top-level names
            (suppress_filler, tag_format, surrogate_locale, date_shift_days, pseudonym_format,
            pseudonym_length, tidy_generalized...: `MOVED_TO_OPERATORS`) are applied there with W195.
        min_score / label_min_scores: candidates whose `span._.anon_score` is below the threshold of their
            label are not masked (`spacy_anon.mask.thresholds`): `label_min_scores` by fine type, else by
            category, else `min_score` (0.0: every candidate is masked). Numbers in [0, 1].
        scorer: used by `nlp.evaluate` / `python -m spacy evaluate` (spacy_anon.anon_scorer.v1: TAB,
            span, seed-003 and B³ metrics against `doc.spans["anon_gold"]`).
        """
        self.nlp = nlp
        self.name = name
        cfg = validated_settings(nlp, **settings)  # the settings, checked: also this component's attributes
        policies = cfg.pop("policies")
        vars(self).update(cfg)
        self.candidate_finder = CandidateFinder(  # bad allow-list entries raise here, at build time
            nlp, spans_key=self.spans_key, use_ents=self.use_ents, ent_label_map=self.ent_label_map,
            allow_list=self.allow_list, name_labels=self.name_labels(), honorifics=self.honorifics(),
            rule_allow_lists=self._rule_allow_lists)
        self._key_in_config = bool(pseudonym_key)
        self._key: Optional[bytes] = secret_key_of(pseudonym_key, self.seed)
        self._params = operator_params(cfg, self._key)
        self._operators: Dict[str, Operator] = {}
        for strategy in strategy_names(cfg):
            operator = make_operator(strategy, self)
            operator.validate(self._params)  # a setting that cannot work fails here, not at the first document
            self._operators[strategy] = operator
        self._policies = Policies(self.strategy, policies, self._operators)
        self.memory = ReplacementMemory()
        self._agreement_checked: set = set()  # components whose shared settings were compared (W061)
        self.rule_fallback = RuleFallback(nlp, self.run_rules, self.rules_cfg, self.spans_key)
        if nlp is not None:
            progress.watch(nlp)  # a non-raising error handler set before this component records failures

    # ------------------------------------------------------------------------------------ settings
    def uses(self, strategy: str) -> bool:
        """Whether any label may be replaced with `strategy`."""
        return self.strategy == strategy or strategy in self.label_strategies.values()

    def strategy_for(self, label: str, fine_type: Optional[str] = None) -> str:
        """The strategy of a span: its fine type's (`label_strategies`, aliases resolved), else its
        category's, else `strategy` (`fine_types.policy_for`)."""
        return self._policies.strategy_for(label, fine_type)

    def operator(self, strategy: str) -> Operator:
        """The operator that `strategy` names (made and validated when the component was built)."""
        return self._operators[strategy]

    def operator_params(self) -> Any:
        """The operators' parameters (`OperatorParams`, built once from the settings)."""
        return self._params

    def known_label_names(self) -> Tuple[str, ...]:
        """Names `label_strategies` accepts (`spacy_anon.mask.settings.known_label_names`)."""
        return known_label_names(self.nlp, vars(self))

    KEY_ENV = KEY_ENV

    def has_key(self) -> bool:
        """Whether a secret key is set (operators that need one check it in `validate`)."""
        return self._key is not None

    def secret_key(self) -> Optional[bytes]:
        """The secret key of keyed operators, or None (never serialized, never logged)."""
        return self._key

    def set_pseudonym_key(self, key: str) -> None:
        """Set the secret key of pseudonyms and keyed surrogates (kept in memory only; never serialized)."""
        self._key = checked_key(key)
        self._params = operator_params(vars(self), self._key)

    def reset_memory(self) -> None:
        """Forget the pipeline-wide memory (consistency = "pipeline")."""
        self.memory = ReplacementMemory()

    def name_labels(self) -> Tuple[str, ...]:
        """Labels whose mentions are person names (the grouper's)."""
        return name_labels_of(self.grouper)

    def honorifics(self) -> Tuple[str, ...]:
        """Titles that are not part of a name (the grouper's)."""
        return honorifics_of(self.grouper)

    def canonical_parts(self, key: str, span: Span) -> List[str]:
        """The normalized name parts of an entity (from its grouper key, else from the mention)."""
        return canonical_parts(key, span, self.honorifics())

    def _settings(self) -> Dict[str, Any]:
        """Serializable settings (the pseudonym key is never among them)."""
        return serializable(vars(self))

    # ------------------------------------------------------------------------------------ detection
    def _rule_allow_lists(self) -> List[Any]:
        return self.rule_fallback.allow_lists()  # a method, not a lambda: the component pickles

    def candidates(self, doc: Doc, text: Optional[str] = None) -> List[Tuple[Span, Span]]:
        """(candidate with our label, original span) from the span group, then from doc.ents
        (`CandidateFinder.candidates`). text: `doc.text`, when the caller has it."""
        return self.candidate_finder.candidates(doc, doc_text(doc) if text is None else text)

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
        self.rule_fallback.run(doc)  # only when no anon_rules ran before (`run_rules`)
        coverage.warn_once(self, doc)  # no detector of names ran: say so, once
        text = doc_text(doc)  # built from the tokens once per doc (`extensions.doc_text`)
        pairs = self.candidate_finder.find(doc, text, self.min_score, self.label_min_scores, self.leak_guard)
        originals = {id(c): o for c, o in pairs}
        kept = self._resolve(doc, [c for c, _ in pairs], text)
        memory = self._memory_of(doc)
        if self.leak_guard:  # a person's name tagged ORG/LOC/DEM is the person's (one entity, one label)
            kept = entities.as_persons(kept, text, originals, name_labels=self.name_labels(),
                                       honorifics=self.honorifics(),
                                       is_given_name=lambda w: w in world_given_names() or w in WORD_GIVEN_NAMES,
                                       is_common=self.candidate_finder.is_common(),
                                       known_person=entities.person_in_memory(memory, self.name_labels()),
                                       reading=lambda: reading_text(doc))
        keys = self._group(doc, kept, text)
        if self.leak_guard and kept:
            finder = self.candidate_finder
            kept, keys = entities.sweep(doc, kept, keys, text, name_labels=self.name_labels(),
                                        honorifics=self.honorifics(), is_common=finder.is_common(),
                                        stop_words=finder.stop_words(), allowed=finder.allowed(text))
        entity_ids = entities.entity_ids(kept, keys, memory, self.name_labels(), self.honorifics())
        values, from_generalizer, fallbacks = replacements(doc, text, kept, keys, entity_ids, memory, originals,
                                                           self._policies, self._params, self.name_labels())
        fine_type = span_getter("anon_type")
        return writer.write(doc, text, kept, entity_ids, values, from_generalizer, fallbacks, originals,
                            strategy_of=lambda s: self.strategy_for(s.label_, fine_type(s)),
                            tidy=GeneralizeOperator.option(self._params, "tidy"), include_original=self.include_original,
                            masked_spans_key=self.masked_spans_key)

    def _resolve(self, doc: Doc, candidates: List[Span], text: str) -> List[Span]:
        """The kept spans: overlaps resolved (`overlap_resolver`), in order, each with its fine type."""
        kept = list(self.overlap_resolver(candidates))
        kept.sort(key=lambda s: (s.start_char, s.end_char))
        carry_corpus_types(kept, candidates, GENERIC_TYPES)  # a tagger's corpus label survives
        kept = span_kinds.decide_categories(kept, text, span_kinds.person_names().__contains__, fine_types.relabelled,
                                            is_given_name=lambda w: w in world_given_names() or w in SHORT_GIVEN_NAMES)
        allowed, whole = self.candidate_finder.allowed(text)
        if allowed or whole:  # a reading that grew a name ("Mr Courtney" + "Smith") leaves an allowed word alone
            pairs = self.candidate_finder.trim_allowed(doc, [(s, s) for s in kept], text, allowed, whole)
            kept = sorted((piece for piece, _ in pairs), key=lambda s: (s.start_char, s.end_char))
        kept = whole_hyphenated_names(kept, fine_types.relabelled)  # "Ellie" of "Ellie-Mae": the whole name
        kept = whole_codes(kept, text, fine_types.relabelled)  # "20260093" of "S20260093": the whole code
        kept = one_label_per_name(kept, fine_types.relabelled)  # one place, one label, one entity
        kept = with_stated_ages(kept, text)  # "Mrs Hazel Finch (72)": her age
        kept = with_introduced_names(doc, kept, text, lambda w: w in world_given_names() or w in WORD_GIVEN_NAMES
                                     or w in SHORT_GIVEN_NAMES)  # "Tinder bio: Rob, 34."
        kept = with_coordinated_names(doc, kept, text, lambda w: w in world_given_names() or w in SHORT_GIVEN_NAMES
                                      or w in first_names())  # "ill take ollie and freya"
        kept = fine_types.decide_fine_types(kept, text)  # once, whoever detected: policies and the table use it
        for a, b in zip(kept, kept[1:]):
            if b.start_char < a.end_char:
                raise ValueError(Errors.E116.format(problem="overlapping spans"))
        if any(s.doc is not doc for s in kept):
            raise ValueError(Errors.E116.format(problem="spans of another Doc"))
        return kept

    def _group(self, doc: Doc, kept: List[Span], text: str) -> List[str]:
        """One entity key per kept span: anon_coref's grouper when it ran, else `grouper`."""
        grouper = grouper_for(self.nlp, doc, self.grouper)
        self._check_agreement()
        keys = list(grouper(doc, kept, text=text) if isinstance(grouper, CorefGrouper) else grouper(doc, kept))
        if len(keys) != len(kept):
            raise ValueError(Errors.E117.format(n_keys=len(keys), n_spans=len(kept)))
        return keys

    def _check_agreement(self) -> None:
        """Warn once per component (W061) when an earlier component of the pipeline was given another value
        of a setting both have and must agree on (`settings_vocabulary`: anon_coref's use_ents,
        ent_label_map, grouper; anon_generalize's date_granularity, age_bucket, number_style)."""
        if self.nlp is None or not set(self.nlp.pipe_names) - self._agreement_checked - {self.name}:
            return  # every other pipe checked: the config is not read again for each doc
        components = self.nlp.config.interpolate()["components"]  # `${components.anon_coref.grouper}` resolved
        mine = components.get(self.name, {})
        for other in self.nlp.pipe_names:
            if other in self._agreement_checked or other == self.name:
                continue
            self._agreement_checked.add(other)
            problems = agreement_problems(mine, components.get(other, {}))
            if problems:
                warnings.warn(Warnings.W061.format(component=self.name, settings=", ".join(problems), other=other,
                                                   example=problems[0]), UserWarning, stacklevel=2)

    def _memory_of(self, doc: Doc) -> ReplacementMemory:
        """The doc's own memory (doc.user_data), else the pipeline's or a new one (`consistency`)."""
        memory = doc.user_data.get(MEMORY_KEY)
        if memory is None:
            memory = self.memory if self.consistency == "pipeline" else ReplacementMemory()
        elif not isinstance(memory, ReplacementMemory):
            raise TypeError(Errors.E118.format(key=MEMORY_KEY, kind=type(memory).__name__))
        if self._key is not None:
            entities.set_scope(memory, doc, self.key_scope)
        return memory

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



def _moved_view(old: str) -> property:
    """The effective value of an operator's setting by its former top-level name, read-only (operators of
    the older interface read it from the component)."""
    return property(lambda self: moved_setting(vars(self), old), doc=f"operators' setting, formerly {old}")


for _old in MOVED_TO_OPERATORS:
    setattr(AnonMask, _old, _moved_view(_old))


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
    try:
        cfg = nlp.get_pipe_config(name)  # the live config spaCy saves (not a copy)
    except ValueError:  # no component of that name
        return
    if cfg.get("pseudonym_key"):
        cfg["pseudonym_key"] = None
