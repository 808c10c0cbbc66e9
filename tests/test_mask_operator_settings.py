"""anon_mask's operator settings belong to the operators: `operators.<name>.<setting>`, with the defaults each
operator declares; the former top-level names are applied there with W195, refused (E195) when they
contradict the new place, and the factory can no longer grow a setting of one operator."""
import datetime
import re
import warnings

import pytest
import spacy
from spacy.language import Language
from spacy.tokens import Span

import spacy_anon
from spacy_anon.mask.component import AnonMask
from spacy_anon.mask.operators import get_operator
from spacy_anon.mask.operators.base import BUILT_IN
from spacy_anon.mask.settings import DEFAULT_CONFIG, MOVED_TO_OPERATORS, operator_defaults
from spacy_anon.pipeline import load_keywords
from spacy_anon.policy import read_policy

KEY = "k7#Qv9!mZ2@xL5$wR8^tB3&nH6*pJ4(d"
TEXT = "Write to ann.lee@example.com or to bo@example.org before the meeting."
# a value other than the default for each moved setting
VALUES = {"suppress_filler": "#", "suppress_keep_length": True, "tag_format": "<{label}>",
          "surrogate_locale": "pt_BR", "date_shift_days": 10, "pseudonym_format": "{label}-{digest}",
          "pseudonym_length": 12, "tidy_generalized": False}


@pytest.fixture(autouse=True)
def secret_key(monkeypatch):
    monkeypatch.setenv("SPACY_ANON_KEY", KEY)


def mask_with(**config):
    nlp = spacy.blank("en")
    return nlp, nlp.add_pipe("anon_mask", config=config)


def new_place(old, value):
    operator, key = MOVED_TO_OPERATORS[old]
    return {"operators": {operator: {key: value}}}


def tidy_output(mask):
    """'an American actor' with both words generalized to 'thing': merged into one row only when tidy."""
    doc = mask.nlp.make_doc("Scott Caan is an American actor.")
    spans = [Span(doc, 4, 5, label="MISC"), Span(doc, 5, 6, label="MISC")]
    for span in spans:
        span._.anon_replacement = "thing"
    doc.spans["anon"] = spans
    return mask(doc)._.anon_text


def effect(old, mask):
    """What the setting changed, observed on the component's output (or its effective value)."""
    nlp = mask.nlp
    if old in ("suppress_filler", "suppress_keep_length", "tag_format", "pseudonym_format", "pseudonym_length"):
        return nlp(TEXT)._.anon_text
    if old == "date_shift_days":
        shifted = nlp("Date of birth: 02/11/1958.")._.anon_table[0]["replacement"]
        return abs((datetime.datetime.strptime(shifted, "%m/%d/%Y").date() - datetime.date(1958, 2, 11)).days)
    if old == "tidy_generalized":
        return tidy_output(mask)
    return getattr(mask, old)  # the locale: its effective value


STRATEGY = {"suppress_filler": "suppress", "suppress_keep_length": "suppress", "tag_format": "tag",
            "surrogate_locale": "surrogate", "date_shift_days": "surrogate", "pseudonym_format": "pseudonym",
            "pseudonym_length": "pseudonym", "tidy_generalized": "generalize"}


def expected(old, value):
    return {"suppress_filler": "Write to # or to # before the meeting.",
            "suppress_keep_length": "Write to " + "*" * 19 + " or to ************** before the meeting.",
            "tag_format": "Write to <CONTACT> or to <CONTACT> before the meeting.",
            "surrogate_locale": "pt_BR", "tidy_generalized": "Scott Caan is a thing thing."}.get(old)


@pytest.mark.parametrize("old", sorted(MOVED_TO_OPERATORS))
def test_each_operator_setting_takes_effect_from_its_operator(old):
    value = VALUES[old]
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # the new place warns nothing
        nlp, mask = mask_with(strategy=STRATEGY[old], **new_place(old, value))
    got = effect(old, mask)
    if old == "date_shift_days":
        assert 1 <= got <= value
    elif old == "pseudonym_format":
        assert re.fullmatch(r"Write to CONTACT-[0-9a-f]{8} or to CONTACT-[0-9a-f]{8} before the meeting\.", got)
    elif old == "pseudonym_length":
        assert re.fullmatch(r"Write to CONTACT_[0-9a-f]{12} or to CONTACT_[0-9a-f]{12} before the meeting\.", got)
    else:
        assert got == expected(old, value)
    assert getattr(mask, old) == value  # the former name reads the operator's setting (older operators)
    default_nlp, default_mask = mask_with(strategy=STRATEGY[old])
    if old != "date_shift_days":
        assert effect(old, default_mask) != got  # the default differs: the setting did something


@pytest.mark.parametrize("old", sorted(MOVED_TO_OPERATORS))
def test_a_former_top_level_name_warns_names_the_new_place_and_applies(old):
    operator, key = MOVED_TO_OPERATORS[old]
    with pytest.warns(UserWarning, match=rf"\[W195\].*{old}.*operators\.{operator}\.{key}"):
        nlp, mask = mask_with(strategy=STRATEGY[old], **{old: VALUES[old]})
    assert getattr(mask, old) == VALUES[old]
    new_nlp, new_mask = mask_with(strategy=STRATEGY[old], **new_place(old, VALUES[old]))
    if old != "date_shift_days":
        assert effect(old, mask) == effect(old, new_mask)


@pytest.mark.parametrize("old", sorted(MOVED_TO_OPERATORS))
def test_a_setting_given_both_ways_differently_is_refused(old):
    operator, key = MOVED_TO_OPERATORS[old]
    value = VALUES[old]
    other = (not value) if isinstance(value, bool) else value + 1 if isinstance(value, int) else "x" + value
    if old == "surrogate_locale":
        other = "es_ES"
    if other == get_operator(operator).defaults[key]:  # a true/false one: the new place at its default is
        with pytest.warns(UserWarning, match=r"\[W195\]"):  # not told from an unset one; the old value wins
            assert getattr(mask_with(**{old: value}, **new_place(old, other))[1], old) == value
        return
    with pytest.raises(ValueError, match=rf"\[E195\].*{old}.*operators\.{operator}\.{key}"):
        mask_with(strategy=STRATEGY[old], **{old: VALUES[old]}, **new_place(old, other))
    with pytest.warns(UserWarning, match=r"\[W195\]"):  # the same value both ways: applied, with the warning
        mask_with(strategy=STRATEGY[old], **{old: VALUES[old]}, **new_place(old, VALUES[old]))


def test_the_factory_lists_no_setting_of_one_operator():
    settings = set(Language.get_factory_meta("anon_mask").default_config)
    assert not settings & set(MOVED_TO_OPERATORS)
    # no other top-level setting is named after an operator ("suppress_...", "tag_..."), except the secret key
    # of every keyed operator (pseudonym, hash, encrypt, surrogate choices) and the surrogate provider, a
    # registered function (its own config block, as overlap_resolver and grouper)
    shared = {"pseudonym_key", "surrogate_provider"}
    for name in BUILT_IN:
        assert not any(s.startswith(f"{name}_") for s in settings - shared), name
    # every built-in operator's settings are in the default config, with the defaults it declares
    assert DEFAULT_CONFIG["operators"] == operator_defaults()
    for name, defaults in operator_defaults().items():
        assert get_operator(name).defaults == defaults
    assert "pseudonym_key" in settings  # the one key of every keyed operator stays the component's


def test_nlp_config_shows_the_effective_operator_settings_and_round_trips(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "suppress", "operators": {"suppress": {"keep_length": True}}})
    cfg = nlp.config["components"]["anon_mask"]
    assert cfg["operators"]["suppress"] == {"filler": "***", "keep_length": True}
    assert cfg["operators"]["tag"]["format"] == "[{label}_{index}]"
    before = nlp(TEXT)._.anon_text
    nlp.to_disk(tmp_path / "m")
    saved = (tmp_path / "m" / "config.cfg").read_text()
    assert "[components.anon_mask.operators.suppress]" in saved and "keep_length = true" in saved
    # the former names are only accepted arguments (as spaCy writes every argument): unset, they do nothing
    assert all(cfg.get(old) is None for old in MOVED_TO_OPERATORS)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        loaded = spacy.load(tmp_path / "m")
    assert loaded(TEXT)._.anon_text == before
    assert loaded.config["components"]["anon_mask"]["operators"]["suppress"]["keep_length"] is True


def test_an_older_saved_config_with_the_former_names_still_loads_and_applies(tmp_path):
    nlp = spacy.blank("en")
    with pytest.warns(UserWarning, match=r"\[W195\]"):
        nlp.add_pipe("anon_mask", config={"strategy": "tag", "tag_format": "<{label}>"})
    nlp.to_disk(tmp_path / "old")
    with pytest.warns(UserWarning, match=r"\[W195\].*tag_format.*operators\.tag\.format"):
        loaded = spacy.load(tmp_path / "old")
    assert loaded(TEXT)._.anon_text == "Write to <CONTACT> or to <CONTACT> before the meeting."
    with pytest.warns(UserWarning, match=r"\[W195\]"):  # a load-time override of the new place wins ...
        fixed = spacy.load(tmp_path / "old", config={"components.anon_mask.operators.tag.format": "<{label}>"})
    assert fixed(TEXT)._.anon_text == "Write to <CONTACT> or to <CONTACT> before the meeting."
    with pytest.raises(ValueError, match=r"\[E195\]"):  # ... unless it contradicts the old name
        spacy.load(tmp_path / "old", config={"components.anon_mask.operators.tag.format": "[[{label}]]"})


def test_spacy_anon_load_and_policy_files_move_the_former_names(tmp_path):
    with pytest.warns(UserWarning, match=r"\[W195\].*tag_format.*operators\.tag\.format"):
        nlp = spacy_anon.load(tag_format="<{label}>", run_rules=True)
    cfg = nlp.config["components"]["anon_mask"]
    assert cfg.get("tag_format") is None and cfg["operators"]["tag"]["format"] == "<{label}>"
    assert nlp(TEXT)._.anon_text.startswith("Write to <CONTACT> or to <CONTACT> before ")
    with pytest.raises(ValueError, match=r"\[E195\]"):
        spacy_anon.load(tag_format="<{label}>", operators={"tag": {"format": "{{label}}"}})
    policy = tmp_path / "policy.yml"
    policy.write_text("strategy: suppress\nsuppress_filler: '#'\n")
    settings = read_policy(policy, [k for k in load_keywords(moved=True) if k != "config"])
    with pytest.warns(UserWarning, match=r"\[W195\].*suppress_filler"):
        nlp = spacy_anon.load(**settings)
    assert nlp(TEXT)._.anon_text.startswith("Write to # or to # before ")
    assert "tag_format" not in load_keywords()  # the documented keywords are the new ones


def test_an_unknown_setting_of_a_built_in_operator_is_refused_even_when_it_is_not_used():
    with pytest.raises(ValueError, match=r"\[E125\].*lenght.*'pseudonym'"):
        mask_with(strategy="tag", operators={"pseudonym": {"lenght": 12}})
    with pytest.raises(ValueError, match=r"\[E134\]"):
        mask_with(strategy="tag", operators={"surrogate": {"date_shift_days": 0}})
    with pytest.raises(ValueError, match=r"\[E123\].*operators\.suppress\.keep_length"):
        mask_with(strategy="suppress", operators={"suppress": {"keep_length": "yes"}})
    with pytest.raises(ValueError, match=r"\[E109\].*operators\.pseudonym\.length"):
        mask_with(strategy="pseudonym", operators={"pseudonym": {"length": 2}})


def test_the_constructor_takes_the_same_settings():
    nlp = spacy.blank("en")
    mask = AnonMask(nlp, strategy="suppress", operators={"suppress": {"filler": "#"}})
    assert mask(nlp.make_doc(TEXT))._.anon_text == "Write to # or to # before the meeting."
    with pytest.warns(UserWarning, match=r"\[W195\]"):
        assert AnonMask(nlp, strategy="suppress", suppress_filler="#").suppress_filler == "#"


@pytest.mark.parametrize("operator, key", [(op, key) for op, d in operator_defaults().items() for key in d])
def test_every_declared_setting_shows_in_the_config_and_a_misspelt_one_is_refused(operator, key):
    nlp, mask = mask_with(strategy="tag")
    assert nlp.config["components"]["anon_mask"]["operators"][operator][key] == get_operator(operator).defaults[key]
    with pytest.raises(ValueError, match=rf"\[E125\].*{key}s.*'{operator}'"):
        mask_with(strategy="tag", operators={operator: {key + "s": 1}})
