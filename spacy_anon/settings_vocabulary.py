"""One vocabulary of settings: a setting name that two components share means one thing in both.

Each shared setting is defined here once: its type (the factories' annotation), its default, its allowed
values, a one-line meaning, and the check every component applies (`checked`), so a value is accepted or
refused the same way wherever it is written. `tests/test_settings_vocabulary.py` holds every factory to it:
a name used by two factories must be an entry here, with this type and default (`component_defaults`
lists the few documented exceptions). Settings that components of one pipeline must agree on
(`must_agree`) are written once in a config, with spaCy's variable interpolation (`${...}`), and anon_mask
warns when the pipeline's anon_coref disagrees (W061).

A setting renamed because it meant something else than the same name elsewhere stays accepted under its
old name, with a warning that names the new one (`RENAMED`, W060). Registered functions follow spaCy's
versioning: a changed behaviour is a new `.vN` name, the old one kept (`REGISTERED_VERSIONS`).
"""
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.errors import Errors, Warnings

DATE_GRANULARITIES = ("month", "year")
NUMBER_STYLES = ("about", "words")

TAGGERS = ("anon_context_tagger", "anon_crf", "anon_regex_generator")
DETECTORS_AND_READERS = ("anon_context_tagger", "anon_coref", "anon_crf", "anon_generalize", "anon_mask",
                         "anon_regex_generator", "anon_rules", "anon_sensitive", "anon_span_vote")


@dataclass(frozen=True)
class SharedSetting:
    """One setting name shared by several factories, and what it means in all of them."""

    name: str
    type: Any  # the annotation of the factories' argument
    default: Any
    meaning: str  # one line, for docs and error messages
    allowed: str  # the values accepted, in words
    factories: Tuple[str, ...]
    must_agree: bool = False  # the components of one pipeline must use one value (define it once)
    component_defaults: Mapping[str, Any] = field(default_factory=dict)  # documented exceptions
    check: Optional[Callable[[str, Any], Any]] = None  # (component, value) -> value; raises E060

    def default_for(self, factory: str) -> Any:
        return self.component_defaults.get(factory, self.default)


def refuse(component: str, setting: str, value: Any, fix: str) -> ValueError:
    """The coded error (E060) for a shared setting's bad value: names the component, the setting, its
    allowed values and the fix."""
    allowed = VOCABULARY[setting].allowed if setting in VOCABULARY else "see its documentation"
    return ValueError(Errors.E060.format(component=component, setting=setting, allowed=allowed, value=value,
                                         fix=fix))


def _one_of(values: Sequence[Any]) -> Callable[[str, str, Any], Any]:
    def check(component: str, setting: str, value: Any) -> Any:
        if value not in values:
            raise refuse(component, setting, value, f"use one of {', '.join(map(repr, values))}")
        return value
    return check


def _positive_int(component: str, setting: str, value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise refuse(component, setting, value, "give a whole number of years, e.g. 10")
    return int(value)


def _language(component: str, setting: str, value: Any) -> Any:
    if value is not None and (not isinstance(value, str) or not value.isalpha() or not 2 <= len(value) <= 3):
        raise refuse(component, setting, value, "e.g. 'en', 'es' or 'pt', or null for the pipeline's language")
    return value


def _bound(check: Callable[[str, str, Any], Any], setting: str) -> Callable[[str, Any], Any]:
    return lambda component, value: check(component, setting, value)


def _entries() -> List[SharedSetting]:
    grouper_type = Callable[[Doc, Sequence[Span]], List[str]]
    return [
        SharedSetting("spans_key", str, "anon", "the `doc.spans` group of the candidate spans: detectors "
                      "append to it, later components read it", "a span group name", DETECTORS_AND_READERS),
        SharedSetting("gold_key", str, "anon_gold", "the `doc.spans` group of the gold spans a trainable "
                      "component learns from", "a span group name", TAGGERS),
        SharedSetting("label_map", Dict[str, str], {}, "the label a learned label is written as (a corpus "
                      "sub-category -> a category)", "a dict of label -> label", TAGGERS),
        SharedSetting("lang", Optional[str], None, "language of the component's word lists and lexicons "
                      "(pronouns, WordNet, word frequencies, month names); null: the pipeline's (`nlp.lang`)",
                      "null or a language code ('en', 'es', 'pt')",
                      ("anon_coref", "anon_generalize", "anon_sensitive"), check=_bound(_language, "lang")),
        SharedSetting("lexicon", Optional[str], None, "the WordNet lexicon (a `wn` specifier such as "
                      "'oewn:2024'); null: the best one installed for `lang`", "null or a lexicon specifier",
                      ("anon_generalize", "anon_sensitive")),
        SharedSetting("vectors", Optional[str], None, "path of word vectors (gensim KeyedVectors: a "
                      "`spacy-anon train-embeddings` folder, .kv, .model, word2vec .txt/.bin)",
                      "null or a path", ("anon_disclosure", "anon_generalize")),
        SharedSetting("threshold", float, 0.25, "the risk bound t: a phrase whose cosine similarity to a "
                      "protected entity reaches t discloses it", "a number in (-1, 1]",
                      ("anon_disclosure", "anon_generalize")),
        SharedSetting("reference_size", int, 1000, "how many of the vectors' most frequent multi-word keys "
                      "form the reference population of the relative risk tests", "a whole number >= 1",
                      ("anon_disclosure", "anon_generalize")),
        SharedSetting("label", str, "MISC", "the category of the spans this component adds",
                      "a category", ("anon_disclosure", "anon_sensitive")),
        SharedSetting("use_ents", bool, True, "also take `doc.ents` (a spaCy `ner`), under `ent_label_map`, "
                      "as mentions: anon_coref groups them, anon_mask masks them", "true or false",
                      ("anon_coref", "anon_mask"), must_agree=True),
        SharedSetting("ent_label_map", Optional[Dict[str, Optional[str]]], None, "NER label -> category for "
                      "`use_ents` (absent or null: ignored); null: `spacy_anon.labels.DEFAULT_ENT_LABEL_MAP`",
                      "null or a dict", ("anon_coref", "anon_mask"), must_agree=True),
        SharedSetting("grouper", grouper_type, {"@misc": "spacy_anon.name_part_grouper.v1"}, "which mentions "
                      "are one entity (name parts, titles, initials); anon_mask uses anon_coref's when it ran",
                      "a registered grouper", ("anon_coref", "anon_mask"), must_agree=True),
        SharedSetting("date_granularity", str, "month", "how far a DATETIME is coarsened by generalization",
                      f"one of {', '.join(map(repr, DATE_GRANULARITIES))}", ("anon_generalize", "anon_mask"),
                      must_agree=True, check=_bound(_one_of(DATE_GRANULARITIES), "date_granularity")),
        SharedSetting("age_bucket", int, 10, "the width in years of the range an AGE is generalized to",
                      "a whole number >= 1", ("anon_generalize", "anon_mask"), must_agree=True,
                      check=_bound(_positive_int, "age_bucket")),
        SharedSetting("number_style", str, "about", "how a QUANTITY is generalized: 'about' (rounded, "
                      "'about 1,200') or 'words' (its order of magnitude, 'thousands of')",
                      f"one of {', '.join(map(repr, NUMBER_STYLES))}", ("anon_generalize", "anon_mask"),
                      must_agree=True, check=_bound(_one_of(NUMBER_STYLES), "number_style")),
        SharedSetting("allow_list", List[Any], [], "terms kept in clear: a string (or {\"text\": ...}) by "
                      "its occurrences (whole words, any case); a {\"pattern\": regex} when it matches a whole "
                      "value (a run of tokens)", "a list of strings, {\"text\"} and {\"pattern\"} entries",
                      ("anon_mask", "anon_rules")),
        SharedSetting("extra_labels", List[str], [], "labels of your own (not categories) the component "
                      "accepts in its label settings (deny lists, label strategies)", "a list of labels",
                      ("anon_mask", "anon_rules")),
        SharedSetting("min_score", float, 0.0, "spans scored below it are dropped (the component's own "
                      "score: rule confidence, tagger probability, any detector's `anon_score` for anon_mask)",
                      "a number in [0, 1]", ("anon_crf", "anon_mask", "anon_rules"),
                      component_defaults={"anon_rules": 0.5}),
        SharedSetting("seed", Optional[int], None, "seed of the component's random choices (training, "
                      "surrogates); null: not seeded", "null or a whole number",
                      ("anon_context_tagger", "anon_mask"), component_defaults={"anon_context_tagger": 0}),
        SharedSetting("window", int, 256, "length in tokens of the windows a long text is cut into for the "
                      "encoder (with `stride`)", "a whole number >= 1", ("anon_context_tagger",)),
        SharedSetting("window_size", int, 2, "how many tokens on each side of a token its features look at "
                      "(spaCy's `window_size`)", "a whole number >= 0", ("anon_crf",)),
    ]


VOCABULARY: Dict[str, SharedSetting] = {entry.name: entry for entry in _entries()}


def checked(component: str, setting: str, value: Any) -> Any:
    """`value` of a shared setting, checked as every component checks it (E060 when refused)."""
    entry = VOCABULARY[setting]
    return entry.check(component, value) if entry.check else value


def pipeline_language(lang: Optional[str], nlp: Any, component: str) -> str:
    """The language a component's word resources use: its `lang` setting, else the pipeline's."""
    checked(component, "lang", lang)
    return lang or (getattr(nlp, "lang", None) or "en")


# ---- renamed settings: (factory, old name) -> (new name, why)
RENAMED: Dict[Tuple[str, str], Tuple[str, str]] = {
    ("anon_crf", "window"): ("window_size", "`window` is the encoder's input window in anon_context_tagger"),
}


def renamed_value(factory: str, component: str, old: str, old_value: Any, new_value: Any) -> Any:
    """The value of a setting renamed in `RENAMED`: given under its old name (not None), that value, with
    warning W060; both names given with different values: refused (E061); else the new one's."""
    new, why = RENAMED[(factory, old)]
    if old_value is None:
        return new_value
    if new_value != VOCABULARY[new].default_for(factory) and new_value != old_value:
        raise ValueError(Errors.E061.format(component=component, old=old, new=new, old_value=old_value,
                                            new_value=new_value))
    warnings.warn(Warnings.W060.format(component=component, old=old, new=new, why=why), UserWarning, stacklevel=3)
    return old_value


# ---- registered functions: name -> its spaCy registry. A changed behaviour is a new `.vN` name, the old one
# registered still (old behaviour) or refusing with the migration; docs/DESIGN.md lists them.
REGISTERED_VERSIONS: Dict[str, str] = {
    "spacy_anon.anon_scorer.v1": "scorers",
    "spacy_anon.calibrate_scores.v1": "misc",
    "spacy_anon.char_class_tokenizer.v1": "tokenizers",
    "spacy_anon.corpus_label_map.v1": "misc",
    "spacy_anon.date_chunks.v1": "misc",
    "spacy_anon.drop_implausible_dates.v1": "misc",
    "spacy_anon.drop_common_word_names.v1": "misc",
    "spacy_anon.drop_public_references.v1": "misc",
    "spacy_anon.drop_generic_spans.v1": "misc",
    "spacy_anon.drop_qualifications.v1": "misc",
    "spacy_anon.trim_nationality_nouns.v1": "misc",
    "spacy_anon.e2ej_tok2vec.v1": "architectures",
    "spacy_anon.minilm_transformer.v1": "architectures",
    "spacy_anon.clinical_notes.v1": "misc",
    "spacy_anon.clinical_content.v1": "misc",
    "spacy_anon.extend_names.v1": "misc",
    "spacy_anon.extend_org_heads.v1": "misc",
    "spacy_anon.faker_surrogates.v1": "misc",
    "spacy_anon.fitted_in_initialize.v1": "callbacks",
    "spacy_anon.label_min_scores.v1": "misc",
    "spacy_anon.merge_adjacent.v1": "misc",
    "spacy_anon.name_cue_recognizers.v1": "misc",
    "spacy_anon.name_part_grouper.v1": "misc",
    "spacy_anon.propagate.v1": "misc",
    "spacy_anon.quoted_names.v1": "misc",
    "spacy_anon.split_routes.v1": "misc",
    "spacy_anon.repair_boundaries.v1": "misc",
    "spacy_anon.resolve_overlaps.v1": "misc",
    "spacy_anon.span_scorer.v1": "scorers",
    "spacy_anon.tab_scorer.v1": "scorers",
    "spacy_anon.trim_common_words.v1": "misc",
    "spacy_anon.trim_generic_words.v1": "misc",
    "spacy_anon.trim_name_tails.v1": "misc",
    "spacy_anon.split_span_edges.v1": "misc",
    "spacy_anon.trim_partial_chunks.v1": "misc",
}


def agreement_problems(first: Mapping[str, Any], second: Mapping[str, Any]) -> List[str]:
    """The `must_agree` settings two components' configs (with their `factory`) both have and set
    differently."""
    factories = {first.get("factory"), second.get("factory")}
    return sorted(name for name, entry in VOCABULARY.items()
                  if entry.must_agree and factories <= set(entry.factories) and name in first and name in second
                  and first[name] != second[name])


__all__ = ["DATE_GRANULARITIES", "NUMBER_STYLES", "REGISTERED_VERSIONS", "RENAMED", "SharedSetting",
           "VOCABULARY", "agreement_problems", "checked", "pipeline_language", "refuse", "renamed_value"]
