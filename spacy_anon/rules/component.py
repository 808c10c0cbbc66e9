"""`anon_rules`: the spaCy component that adds rule matches (emails, phones, IDs, dates...) to doc.spans."""
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

import srsly
from spacy import util
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc, Span
from spacy.util import SimpleFrozenList

from spacy_anon import extensions  # noqa: F401  (registers the span attributes)
from spacy_anon.casing import reading_text
from spacy_anon.extensions import doc_text, has_own_value
from spacy_anon.candidates import append_candidates
from spacy_anon.progress import finishes, pipe_keeping_failures
from spacy_anon.doc_keys import RULES_RAN_KEY, SPAN_KEY
from spacy_anon.errors import Errors
from spacy_anon.labels import CATEGORIES, identifier_for
from spacy_anon.rules.custom import build_custom_recognizers
from spacy_anon.rules.matching import (RuleMatch, RuleOptions, find_matches, find_matches_batch, make_options,
                                       recognizers_for)
from spacy_anon.rules.recognizers import REGISTRY

DEFAULT_PHONE_REGIONS = list(RuleOptions.phone_regions)
DEFAULT_POSTAL_LOCALES = list(RuleOptions.postal_locales)
SUPPORTED_LANGUAGES = ("en", "es", "pt")

DEFAULT_CONFIG: Dict[str, Any] = {
    "recognizers": ["all"],
    "phone_regions": DEFAULT_PHONE_REGIONS,
    "postal_locales": DEFAULT_POSTAL_LOCALES,
    "allow_list": [],
    "deny_list": [],
    "extra_labels": [],
    "context_window": 5,
    "context_boost": 0.35,
    "min_score": 0.5,
    "spans_key": SPAN_KEY,
    "languages": [],
    "resolve_overlaps": True,
    "custom_recognizers": [],
}


@Language.factory("anon_rules", default_config=DEFAULT_CONFIG)
def make_anon_rules(
    nlp: Language,
    name: str,
    recognizers: List[str],
    phone_regions: List[str],
    postal_locales: List[str],
    allow_list: List[Any],
    deny_list: List[Dict[str, Any]],
    extra_labels: List[str],
    context_window: int,
    context_boost: float,
    min_score: float,
    spans_key: str,
    languages: List[str],
    resolve_overlaps: bool,
    custom_recognizers: List[Dict[str, Any]] = [],  # noqa: B006  (spaCy passes the config value)
) -> "AnonRules":
    """Build the rule recognizer component; see `AnonRules` for the arguments."""
    return AnonRules(
        nlp, name, recognizers=recognizers, phone_regions=phone_regions, postal_locales=postal_locales,
        allow_list=allow_list, deny_list=deny_list, extra_labels=extra_labels, context_window=context_window,
        context_boost=context_boost, min_score=min_score, spans_key=spans_key, languages=languages,
        resolve_overlaps=resolve_overlaps, custom_recognizers=custom_recognizers,
    )


class AnonRules(Pipe):
    """Detect structured identifiers with regexes, checksums and context words, and append them as spans.

    DOCS: docs/components/anon_rules.md
    """

    def __init__(
        self,
        nlp: Optional[Language] = None,
        name: str = "anon_rules",
        *,
        recognizers: Sequence[str] = ("all",),
        phone_regions: Sequence[str] = tuple(DEFAULT_PHONE_REGIONS),
        postal_locales: Sequence[str] = tuple(DEFAULT_POSTAL_LOCALES),
        allow_list: Sequence[Any] = (),
        deny_list: Sequence[Dict[str, Any]] = (),
        extra_labels: Sequence[str] = (),
        context_window: int = 5,
        context_boost: float = 0.35,
        min_score: float = 0.5,
        spans_key: str = SPAN_KEY,
        languages: Sequence[str] = (),
        resolve_overlaps: bool = True,
        custom_recognizers: Sequence[Dict[str, Any]] = (),
    ) -> None:
        """
        nlp: the pipeline (only its name space is used; may be None outside a pipeline).
        recognizers: recognizer names (`rules.email` or `email`) or ["all"].
        phone_regions: ISO regions tried by phonenumbers, e.g. ["US", "GB", "ES"].
        postal_locales: postal-code shapes to look for: US, GB, ES, PT, FR, DE, NL, CA, BR, IE.
        allow_list: strings (exact, case-insensitive) or {"pattern": regex} that are never reported.
        deny_list: {"text" | "pattern", "label"} terms that are always reported with that label.
        extra_labels: user labels allowed in deny_list besides our categories.
        context_window: tokens before/after a match searched for context words.
        context_boost: score added by a context word (and removed by a negative one).
        min_score: matches scoring below are dropped.
        spans_key: the span group to append to.
        languages: restrict recognizers to these languages (empty: all).
        resolve_overlaps: keep only the best of overlapping rule matches.
        custom_recognizers: recognizers defined in the config (`spacy_anon.rules.custom`): name, label,
            patterns, context words, optional validator; checked here and saved with the pipeline.
        """
        self.nlp = nlp
        self.name = name
        self.spans_key = spans_key
        unknown = [lang for lang in languages if lang not in SUPPORTED_LANGUAGES]
        if unknown:
            raise ValueError(Errors.E210.format(unknown=unknown, valid=", ".join(SUPPORTED_LANGUAGES)))
        self.recognizer_names = list(recognizers)
        self.languages = list(languages)
        self.custom_recognizers = [dict(entry) if isinstance(entry, dict) else entry for entry in custom_recognizers]
        self._settings = dict(
            phone_regions=list(phone_regions), postal_locales=list(postal_locales),
            context_window=context_window, context_boost=context_boost, min_score=min_score,
            resolve_overlaps=resolve_overlaps, extra_labels=list(extra_labels),
        )
        self.recognizers = self._build_recognizers()
        self.allow_list: List[Any] = list(allow_list)
        self.deny_list: List[Dict[str, Any]] = [dict(d) for d in deny_list]
        self._config_lists = (list(self.allow_list), [dict(d) for d in self.deny_list])  # what the config gave
        self._compile()

    def _build_recognizers(self) -> tuple:
        """The named registry recognizers and the config-defined ones, for this component's languages."""
        custom = build_custom_recognizers(self.custom_recognizers,
                                          tuple(CATEGORIES) + tuple(self._settings["extra_labels"]))
        if self.languages:
            custom = [r for r in custom if not r.languages or set(r.languages) & set(self.languages)]
        return recognizers_for(self.recognizer_names, self.languages) + tuple(custom)

    def _compile(self) -> None:
        self.options = make_options(allow_list=self.allow_list, deny_list=self.deny_list, **self._settings)

    # ------------------------------------------------------------ pickling (worker processes)
    def __getstate__(self) -> Dict[str, Any]:
        """The settings, not the compiled recognizers: those are rebuilt from the registry on load, so a
        pipeline with this component can be sent to spawned worker processes."""
        state = dict(self.__dict__)
        state.pop("recognizers", None)
        state.pop("options", None)
        state["name"] = self.name  # a field of spaCy's compiled Pipe, not in __dict__
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        state = dict(state)
        self.name = state.pop("name", "anon_rules")
        self.__dict__.update(state)
        self.recognizers = self._build_recognizers()
        self._compile()

    def __reduce__(self):
        return (_restore, (type(self), self.__getstate__()))

    @property
    def labels(self) -> tuple:
        """Labels this component can produce."""
        return tuple(sorted({r.label for r in self.recognizers} | {d["label"] for d in self.deny_list}))

    @property
    def extra_labels(self) -> tuple:
        """User labels allowed in the deny list besides our categories (setting extra_labels): other
        components read them here (anon_mask accepts them in `label_strategies`)."""
        return tuple(self._settings["extra_labels"])

    def fine_types(self) -> Dict[str, str]:
        """Recognizer name -> the fine type its spans get as `span._.anon_type` (EMAIL, PHONE...)."""
        return {r.name: r.type or r.label for r in self.recognizers}

    def add_deny_list(self, entries: Iterable[Dict[str, Any]]) -> None:
        """Add deny-list entries ({"text" | "pattern", "label"})."""
        self.deny_list.extend(dict(e) for e in entries)
        self._compile()

    def add_allow_list(self, entries: Iterable[Any]) -> None:
        """Add allow-list strings or {"pattern": regex} entries."""
        self.allow_list.extend(entries)
        self._compile()

    def match(self, text: str, reading: Optional[str] = None) -> List[RuleMatch]:
        """The rule matches of a plain text (`reading`: its truecased reading, `find_matches`)."""
        return find_matches(text, self.recognizers, self.options, reading=reading)

    def match_batch(self, texts: Sequence[str],
                    readings: Optional[Sequence[Optional[str]]] = None) -> List[List[RuleMatch]]:
        """The rule matches of each text, as `match` finds them, each plain pattern run once over the
        texts together (`find_matches_batch`: faster on many short texts)."""
        return find_matches_batch(texts, self.recognizers, self.options, readings=readings)

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:
        """Run on each doc, the docs of a batch scanned together (`match_batch`); a doc this fails on is
        kept, marked as failed (anon_mask will not mask it)."""
        for batch in util.minibatch(stream, size=max(1, batch_size)):
            try:
                found = self.match_batch([doc_text(doc) for doc in batch], [reading_text(doc) for doc in batch])
            except Exception:  # noqa: BLE001  (each doc alone then: its own error goes to the handler)
                found = [None] * len(batch)
            by_doc = {id(doc): matches for doc, matches in zip(batch, found)}
            yield from pipe_keeping_failures(self, batch, lambda doc: self(doc, matches=by_doc[id(doc)]))

    @finishes
    def __call__(self, doc: Doc, matches: Optional[Sequence[RuleMatch]] = None) -> Doc:
        """Append rule matches to doc.spans[spans_key] and mark that the rules ran (`matches`: those of
        the doc's text, found already by `match_batch`)."""
        if matches is None:
            matches = self.match(doc_text(doc), reading_text(doc))  # names read truecased lines (`casing`)
        types = self.fine_types()
        group = doc.spans[self.spans_key] if self.spans_key in doc.spans else None
        existing = {(s.start_char, s.end_char, s.label_, s._.anon_source) for s in group} if group else set()
        new_spans: List[Span] = []
        for m in matches:
            span = doc.char_span(m.start, m.end, label=m.label, alignment_mode="expand")
            if span is None or (span.start_char, span.end_char, m.label, m.source) in existing:
                continue
            span._.anon_source = m.source
            span._.anon_score = m.score
            span._.anon_identifier = m.identifier or identifier_for(m.label)
            if not has_own_value(span, "anon_type"):  # a tagger's corpus label over the same characters stays
                span._.anon_type = types.get(m.source) or m.label
            if m.validated:
                span._.anon_validated = True
            new_spans.append(span)
        append_candidates(doc, self.spans_key, new_spans)
        doc.user_data[RULES_RAN_KEY] = True
        return doc

    # ------------------------------------------------------------ serialization (allow / deny lists)
    def _lists(self) -> Dict[str, Any]:
        """The entries added by `add_allow_list` / `add_deny_list`: the config's are in config.cfg."""
        allow, deny = self._config_lists
        return {"allow_list": [e for e in self.allow_list if e not in allow],
                "deny_list": [d for d in self.deny_list if d not in deny]}

    def _set_lists(self, data: Dict[str, Any]) -> None:
        """The config's lists, then the saved entries they lack (a file saved before held the config's
        entries too: the config's wins, as for every setting)."""
        allow, deny = self._config_lists
        self.allow_list, self.deny_list = list(allow), [dict(d) for d in deny]
        for entry in data.get("allow_list", []):
            if entry not in self.allow_list:
                self.allow_list.append(entry)
        for entry in data.get("deny_list", []):
            if dict(entry) not in self.deny_list:
                self.deny_list.append(dict(entry))
        self._compile()

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Serialize the allow and deny lists."""
        serializers = {"lists": lambda: srsly.json_dumps(self._lists())}
        return util.to_bytes(serializers, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "AnonRules":
        """Load the allow and deny lists from bytes."""
        deserializers = {"lists": lambda b: self._set_lists(srsly.json_loads(b))}
        util.from_bytes(bytes_data, deserializers, exclude)
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """Write the allow and deny list entries added after construction to `path/lists.json`."""
        path = util.ensure_path(path)
        serializers = {"lists.json": lambda p: srsly.write_json(p, self._lists())}
        util.to_disk(path, serializers, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "AnonRules":
        """Add the saved allow and deny list entries (`path/lists.json`) to the config's."""
        path = util.ensure_path(path)
        deserializers = {"lists.json": lambda p: self._set_lists(srsly.read_json(p))}
        util.from_disk(path, deserializers, exclude)
        return self


def _restore(cls, state: Dict[str, Any]) -> "AnonRules":
    """Unpickle an AnonRules (see `AnonRules.__getstate__`)."""
    obj = cls.__new__(cls)
    obj.__setstate__(state)
    return obj


def build_default_rules(nlp_or_vocab: Any = None, **config: Any) -> AnonRules:
    """An `AnonRules` with the default config (overridden by `config`), usable on any Doc.

    nlp_or_vocab: a Language, a Vocab or None (the rules need neither).
    """
    nlp = nlp_or_vocab if isinstance(nlp_or_vocab, Language) else None
    return AnonRules(nlp, "anon_rules", **config)


@lru_cache(maxsize=8)
def _cached_default(frozen_config: str) -> AnonRules:
    return build_default_rules(None, **srsly.json_loads(frozen_config))


def detect_default_rules(doc: Doc, **config: Any) -> Doc:
    """Run the default rule recognizers (with `config` overrides) on `doc`, as the `anon_rules` component would."""
    return _cached_default(srsly.json_dumps(config, sort_keys=True))(doc)


__all__ = ["AnonRules", "make_anon_rules", "build_default_rules", "detect_default_rules", "REGISTRY"]
