"""One settings vocabulary: a setting name two factories share means one thing (type, default, check),
renamed settings keep working with a warning, registered functions carry versions."""
import inspect
import re
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
import spacy
from spacy.language import Language
from spacy.util import registry

import spacy_anon  # noqa: F401  (registers the factories)
from conftest import WORDNET_REQUIRED
from spacy_anon.errors import Errors
from spacy_anon.generalize.wordnet import WordNetMissingError
from spacy_anon.generalize.wordnet_install import english_lexicons
from spacy_anon.pipeline import add_anon_components
from spacy_anon.settings_vocabulary import REGISTERED_VERSIONS, RENAMED, VOCABULARY, checked
from spacy_anon.tagger import context_component, crf_component, regex_generator_component  # noqa: F401
from spacy_anon.tagger import vote_component  # noqa: F401
from spacy_anon.disclosure import component as disclosure_component  # noqa: F401
from spacy_anon.sensitive import component as sensitive_component  # noqa: F401
from spacy_anon.generalize import component as generalize_component  # noqa: F401
from spacy_anon.coref import component as coref_component  # noqa: F401
from spacy_anon.mask import component as mask_component  # noqa: F401
from spacy_anon.rules import component as rules_component  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
NEEDS_WORDNET = pytest.mark.skipif(not english_lexicons() and not WORDNET_REQUIRED,
                                   reason="WordNet not installed: run `spacy-anon wordnet install`")
FACTORIES = sorted(name for name in Language.factories if name.startswith("anon_"))


def settings_of(factory: str) -> dict:
    """{setting: (annotation, default)} of a factory: its arguments but nlp and name, its default_config's
    value first."""
    meta = Language.get_factory_meta(factory)
    out = {}
    for name, param in inspect.signature(registry.factories.get(factory)).parameters.items():
        if name in ("nlp", "name"):
            continue
        default = meta.default_config.get(name, param.default)
        out[name] = (param.annotation, default)
    return out


SETTINGS = {factory: settings_of(factory) for factory in FACTORIES}
USERS = {}
for _factory, _settings in SETTINGS.items():
    for _name in _settings:
        if (_factory, _name) not in RENAMED:
            USERS.setdefault(_name, []).append(_factory)
SHARED = sorted(name for name, users in USERS.items() if len(users) > 1)


def test_the_ten_factories_are_inventoried():
    assert FACTORIES == ["anon_context_tagger", "anon_coref", "anon_crf", "anon_disclosure", "anon_generalize",
                         "anon_mask", "anon_regex_generator", "anon_rules", "anon_sensitive", "anon_span_vote"]


@pytest.mark.parametrize("name", SHARED)
def test_a_name_two_factories_use_has_one_definition(name):
    assert name in VOCABULARY, f"{name} is used by {USERS[name]}: define it in spacy_anon.settings_vocabulary"
    entry = VOCABULARY[name]
    assert sorted(entry.factories) == USERS[name]
    for factory in USERS[name]:
        annotation, default = SETTINGS[factory][name]
        assert annotation == entry.type, (factory, name, annotation)
        assert default == entry.default_for(factory), (factory, name, default)


def test_every_vocabulary_entry_is_a_setting_of_its_factories():
    for name, entry in VOCABULARY.items():
        assert sorted(entry.factories) == USERS.get(name), name
        assert set(entry.component_defaults) <= set(entry.factories), name
        assert entry.meaning and entry.allowed, name


def test_a_renamed_setting_names_a_vocabulary_entry_the_factory_has():
    for (factory, old), (new, why) in RENAMED.items():
        assert new in SETTINGS[factory] and old in SETTINGS[factory] and new in VOCABULARY and why
        assert SETTINGS[factory][old][1] is None  # accepted, never filled in


BAD = {"lang": ["english", "e1", 3], "date_granularity": ["week", "Month", None], "age_bucket": [0, -5, 2.5, True],
       "number_style": ["roughly", ""]}
GOOD = {"lang": [None, "en", "pt"], "date_granularity": ["month", "year"], "age_bucket": [1, 10],
        "number_style": ["about", "words"]}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_checked_setting_is_refused_alike_by_every_factory(name):
    entry = VOCABULARY[name]
    assert entry.check is not None
    for value in GOOD[name]:
        for factory in entry.factories:
            assert checked(factory, name, value) == value
    for value in BAD[name]:
        for factory in entry.factories:
            with pytest.raises(ValueError, match=rf"\[E060\] {factory}: setting {name} must be "):
                checked(factory, name, value)
            nlp = spacy.blank("en")
            config = {name: value}
            if factory == "anon_mask":
                config["strategy"] = "tag"  # refused whatever the strategy: the setting takes effect or fails
            with pytest.raises(Exception, match=r"E060|is not "):
                nlp.add_pipe(factory, config=config)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=6), st.integers(), st.none(), st.booleans()))
def test_every_factory_with_a_checked_setting_gives_every_value_the_same_verdict(value):
    for name, entry in VOCABULARY.items():
        if entry.check is None:
            continue
        verdicts = set()
        for factory in entry.factories:
            try:
                checked(factory, name, value)
                verdicts.add("accepted")
            except ValueError as err:
                assert str(err).startswith(f"[E060] {factory}: setting {name}") and "Fix:" in str(err)
                verdicts.add("refused")
        assert len(verdicts) == 1, (name, value)


@NEEDS_WORDNET
def test_lang_left_out_is_the_pipeline_s_language_in_every_factory_that_has_it():
    nlp = spacy.blank("pt")
    assert nlp.add_pipe("anon_coref").lang == "pt"
    assert nlp.add_pipe("anon_sensitive").cfg["lang"] == "pt"
    with pytest.raises(WordNetMissingError, match="'pt'"):  # looked for a Portuguese WordNet, not English
        nlp.add_pipe("anon_generalize")
    assert spacy.blank("pt").add_pipe("anon_generalize", config={"lang": "en"}).cfg["lang"] == "en"
    assert spacy.blank("en").add_pipe("anon_generalize").cfg["lang"] == "en"


# ------------------------------------------------------------------ settings components must agree on
def test_the_shipped_and_built_pipelines_define_the_shared_settings_once():
    must_agree = sorted(name for name, e in VOCABULARY.items() if e.must_agree and "anon_coref" in e.factories)
    assert must_agree == ["ent_label_map", "grouper", "use_ents"]
    configs = sorted(ROOT.glob("spacy_anon/data/default_model*/config.cfg"))
    configs += [ROOT / "configs" / "crf_en.cfg", ROOT / "configs" / "crf_en_context.cfg"]
    for path in configs:
        text = path.read_text(encoding="utf8")
        for name in must_agree:
            assert f"{name} = ${{components.anon_coref.{name}}}" in text, (path.name, name)
    for nlp in (spacy_anon.load(), spacy_anon.load("blank:en")):
        raw = nlp.config["components"]["anon_mask"]
        assert all(raw[name] == f"${{components.anon_coref.{name}}}" for name in must_agree)


def test_a_keyword_setting_of_load_reaches_both_components():
    nlp = spacy_anon.load(use_ents=False, ent_label_map={"PERSON": "PERSON"},
                          grouper={"@misc": "spacy_anon.name_part_grouper.v1", "ambiguous": "recent"})
    coref, mask = nlp.get_pipe("anon_coref"), nlp.get_pipe("anon_mask")
    assert coref.use_ents is mask.use_ents is False
    assert coref.ent_label_map == mask.ent_label_map == {"PERSON": "PERSON"}
    assert coref.grouper.base.ambiguous == mask.grouper.ambiguous == "recent"
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        warnings.filterwarnings("ignore", message=r"\[W101\]")
        assert nlp("Mr John Smith met Dr Smith in Leeds.")._.anon_status == "ok"


def test_add_anon_components_gives_anon_coref_the_mask_s_shared_settings():
    nlp = add_anon_components(spacy.blank("en"), use_ents=False, ent_label_map={"PER": "PERSON"})
    assert nlp.get_pipe("anon_coref").use_ents is nlp.get_pipe("anon_mask").use_ents is False
    assert nlp.get_pipe("anon_coref").ent_label_map == {"PER": "PERSON"}


def test_components_that_disagree_are_named_once():
    nlp = spacy_anon.load(config={"components": {"anon_mask": {"use_ents": False}}})
    with pytest.warns(UserWarning, match=r"\[W061\] anon_mask: settings use_ents differ from those of anon_coref"):
        nlp("Mr John Smith met Dr Smith.")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        nlp("Mr John Smith met Dr Smith again.")  # once per component


@NEEDS_WORDNET
def test_coarsening_that_differs_between_anon_generalize_and_anon_mask_is_named():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_generalize", config={"date_granularity": "year"})
    nlp.add_pipe("anon_mask", config={"strategy": "generalize"})
    with pytest.warns(UserWarning, match=r"\[W061\] anon_mask: settings date_granularity differ .* anon_generalize"):
        nlp("Born on 3 May 1970.")
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_generalize", config={"date_granularity": "year"})
    nlp.add_pipe("anon_mask", config={"strategy": "generalize", "date_granularity": "year"})
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        warnings.filterwarnings("ignore", message=r"\[W101\]")
        assert nlp("Born on 3 May 1970.")._.anon_text == "Born on 1970."


# ------------------------------------------------------------------ allow_list: one meaning
def test_an_allow_list_pattern_matches_a_whole_value_in_anon_mask_as_in_anon_rules():
    text = "Write to John Smith at info@example.org today."
    pattern = {"pattern": r".*@example\.org"}  # searched, it would cover "Write to John Smith at ..." too
    for nlp in (spacy_anon.load(allow_list=[pattern]), spacy_anon.load(rules={"allow_list": [pattern]})):
        out = nlp(text)._.anon_text
        assert "info@example.org" in out and "John Smith" not in out, out


# ------------------------------------------------------------------ registered functions carry versions
def registered_names():
    found = {}
    for kind in ("misc", "scorers", "tokenizers", "callbacks", "readers", "architectures", "loggers"):
        for name in getattr(registry, kind).get_all():
            if name.startswith("spacy_anon."):
                found[name] = kind
    return found


def test_every_registered_function_has_a_version_and_is_listed():
    found = registered_names()
    assert found == REGISTERED_VERSIONS
    assert all(re.fullmatch(r"spacy_anon\.[a-z0-9_]+\.v[0-9]+", name) for name in found)


def test_the_design_page_lists_the_vocabulary_and_the_registered_versions():
    design = (ROOT / "docs" / "DESIGN.md").read_text(encoding="utf8")
    section = design[design.index("## Settings"):]
    for name in SHARED:
        assert f"| `{name}` |" in section, name
    for name in REGISTERED_VERSIONS:
        assert f"`{name}`" in section, name
    for (factory, old), (new, _) in RENAMED.items():
        assert f"`{old}`" in section and f"`{new}`" in section


def test_component_pages_point_to_the_shared_definitions():
    for factory in FACTORIES:
        shared = [name for name in SETTINGS[factory] if name in SHARED]
        if shared:
            page = (ROOT / "docs" / "components" / f"{factory}.md").read_text(encoding="utf8")
            assert "DESIGN.md#settings" in page, factory


def test_the_vocabulary_errors_are_coded():
    assert Errors.E060.startswith("[E060]") and "Fix:" in Errors.E060


def test_the_agreement_check_reads_the_config_once_not_for_every_doc(monkeypatch):
    """Was: anon_mask interpolated the whole config again for every doc (its own name was never marked
    checked), 40% of its time on TAB dev."""
    from thinc.api import Config

    import spacy_anon

    nlp = spacy_anon.load()
    nlp("Warm up.")
    calls = []
    original = Config.interpolate
    monkeypatch.setattr(Config, "interpolate", lambda self: calls.append(1) or original(self))
    for text in ("Jan Kowalski lives in Leeds.", "Anna Nowak wrote.", "Mr Smith called."):
        nlp(text)
    assert calls == []
