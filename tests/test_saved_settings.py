"""The config is the truth: a setting given at `spacy.load(path, config=...)` takes effect in every component.

A component's saved files hold what it learned (weights, rules, lists added after construction, tables);
settings found in a file saved before (every setting was written there and read back over the config) are
ignored with a warning naming those that differ, and the settings a CRF or perceptron was trained with must
equal the config's (`spacy_anon.saved_settings`).
"""
import json
import warnings

import pytest
import spacy
import srsly

import spacy_anon  # noqa: F401  (factories)
from spacy_anon.pipeline import DEFAULT_MODEL_DIR
from spacy_anon.saved_settings import check_saved_settings

TEXT = ("Peter Maxwell met Ana Kowalski in Warsaw on 3 May 2019 at the Grand Hotel. Call 555-0134 or mail "
        "peter@example.com. Later Kowalski left.")


def _spans(nlp, text=TEXT, key="anon", source=None):
    doc = nlp(text)
    return {(s.start_char, s.end_char, s.label_) for s in doc.spans.get(key, [])
            if source is None or s._.anon_source == source}


def _load(path=DEFAULT_MODEL_DIR, **components):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the shipped models hold no stale settings: loading them warns nothing
        return spacy.load(path, config={"components": components} if components else {})


@pytest.fixture(scope="module")
def default_nlp():
    return _load()


# ------------------------------------------------------------------------------------ anon_crf
def test_crf_min_score_given_at_load_drops_the_low_spans(default_nlp):
    strict = _load(anon_crf={"min_score": 0.9})
    assert strict.get_pipe("anon_crf").cfg["min_score"] == 0.9
    before, after = _spans(default_nlp, source="anon_crf"), _spans(strict, source="anon_crf")
    assert after < before  # "Warsaw" (0.47), "Call" (0.12)... are gone, the sure names stay
    assert (0, 13, "PERSON") in after and (TEXT.index("Warsaw"), TEXT.index("Warsaw") + 6, "LOC") not in after


def test_crf_entity_threshold_given_at_load_takes_effect(default_nlp):
    assert default_nlp.get_pipe("anon_crf").cfg["entity_threshold"] == 0.03  # the shipped model's value
    off = _load(anon_crf={"entity_threshold": 0.0})
    assert off.get_pipe("anon_crf").cfg["entity_threshold"] == 0.0
    before, after = _spans(default_nlp, source="anon_crf"), _spans(off, source="anon_crf")
    digits = TEXT.index("0134")
    assert (digits, digits + 4, "ORG") in before - after  # a token only the raised recall tagged


def test_crf_settings_the_weights_were_trained_with_are_checked(tmp_path, default_nlp):
    default_nlp.to_disk(tmp_path / "m")
    saved = srsly.read_json(tmp_path / "m" / "anon_crf" / "cfg.json")
    assert "min_score" not in saved and "entity_threshold" not in saved and saved["window_size"] == 2
    with pytest.raises(ValueError, match=r"\[E010\] anon_crf: .*window_size = 2.* config says 3"):
        spacy.load(tmp_path / "m", config={"components": {"anon_crf": {"window_size": 3}}})


def test_a_crf_saved_before_window_was_renamed_window_size_still_loads_and_is_checked(tmp_path, default_nlp):
    """`window` (tokens each side of a token, for the features) is `window_size` since anon_context_tagger's
    `window` means its encoder's input window: a saved model's cfg.json and config keep working."""
    default_nlp.to_disk(tmp_path / "old")
    path = tmp_path / "old" / "anon_crf" / "cfg.json"
    saved = srsly.read_json(path)
    srsly.write_json(path, {("window" if k == "window_size" else k): v for k, v in saved.items()})
    config = (tmp_path / "old" / "config.cfg").read_text(encoding="utf8")
    config = config.replace("window = null\n", "").replace("window_size = 2", "window = 2")  # as 0.1.0 wrote it
    (tmp_path / "old" / "config.cfg").write_text(config, encoding="utf8")
    with pytest.warns(UserWarning, match=r"\[W060\] anon_crf: setting window is now called window_size"):
        nlp = spacy.load(tmp_path / "old")
    assert nlp.get_pipe("anon_crf").cfg["window_size"] == 2
    with pytest.warns(UserWarning, match="W060"), \
            pytest.raises(ValueError, match=r"\[E010\] anon_crf: .*window_size = 2.* config says 1"):
        spacy.load(tmp_path / "old", config={"components": {"anon_crf": {"window": 1}}})
    with pytest.raises(ValueError, match=r"\[E061\] anon_crf: setting window was renamed window_size"):
        spacy.load(tmp_path / "old", config={"components": {"anon_crf": {"window": 1, "window_size": 3}}})


def test_a_crf_saved_with_every_setting_loads_with_the_config_s(tmp_path, default_nlp):
    default_nlp.to_disk(tmp_path / "old")
    path = tmp_path / "old" / "anon_crf" / "cfg.json"
    srsly.write_json(path, {**srsly.read_json(path), "min_score": 0.0, "entity_threshold": 0.03, "c1": 0.05})
    with pytest.warns(UserWarning, match=r"\[W001\] anon_crf: .*cfg.json.*: min_score"):
        old = spacy.load(tmp_path / "old", config={"components": {"anon_crf": {"min_score": 0.9}}})
    assert old.get_pipe("anon_crf").cfg["min_score"] == 0.9
    assert _spans(old, source="anon_crf") == _spans(_load(anon_crf={"min_score": 0.9}), source="anon_crf")


# ------------------------------------------------------------------------------------ anon_rules
def test_rules_min_score_given_at_load_takes_effect(default_nlp):
    phone = (TEXT.index("555-0134"), TEXT.index("555-0134") + 8, "CONTACT")
    assert phone in _spans(default_nlp, source="rules.phone")  # scores 0.65
    assert phone not in _spans(_load(anon_rules={"min_score": 0.9}), source="rules.phone")


def test_rules_deny_list_given_at_load_wins_over_the_saved_lists(tmp_path):
    nlp = spacy.blank("en")
    rules = nlp.add_pipe("anon_rules", config={"deny_list": [{"text": "Blue Falcon", "label": "ORG"}]})
    rules.add_deny_list([{"text": "Zorblax", "label": "ORG"}])  # added after construction: saved with it
    nlp.to_disk(tmp_path / "m")
    assert srsly.read_json(tmp_path / "m" / "anon_rules" / "lists.json")["deny_list"] == [
        {"text": "Zorblax", "label": "ORG"}]
    text = "Zorblax and Blue Falcon and Acme Widgets."
    doc = spacy.load(tmp_path / "m")(text)
    assert {s.text for s in doc.spans["anon"]} == {"Zorblax", "Blue Falcon"}
    other = spacy.load(tmp_path / "m", config={"components": {"anon_rules": {
        "deny_list": [{"text": "Acme Widgets", "label": "ORG"}]}}})
    doc = other(text)
    assert {s.text for s in doc.spans["anon"]} == {"Zorblax", "Acme Widgets"}


def test_rules_lists_saved_before_keep_their_entries_after_the_config_s(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules", config={"allow_list": ["ACME"]})
    nlp.to_disk(tmp_path / "m")
    srsly.write_json(tmp_path / "m" / "anon_rules" / "lists.json",  # the old form: config's and added entries
                     {"allow_list": ["ACME", "Zed"], "deny_list": [{"text": "Zorblax", "label": "ORG"}]})
    rules = spacy.load(tmp_path / "m").get_pipe("anon_rules")
    assert rules.allow_list == ["ACME", "Zed"] and rules.deny_list == [{"text": "Zorblax", "label": "ORG"}]


# ------------------------------------------------------------------------------------ anon_regex_generator
def test_regex_generator_settings_given_at_load_take_effect(default_nlp):
    assert _spans(default_nlp, key="anon_regex")
    moved = _load(anon_regex_generator={"spans_key": "rx_elsewhere"},
                  anon_crf={"feature_span_keys": ["anon_regex"]})
    doc = moved(TEXT)
    assert "anon_regex" not in doc.spans and len(doc.spans["rx_elsewhere"]) > 0


# ------------------------------------------------------------------------------------ anon_coref, anon_mask
def _coref_pipeline():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("span_ruler", config={"spans_key": "anon"})
    ruler.add_patterns([{"label": "ORG", "pattern": "European Court of Human Rights"}])
    nlp.add_pipe("anon_coref", config={"use_ents": False})
    nlp.add_pipe("anon_mask", config={"run_rules": False, "use_ents": False})
    return nlp


def test_coref_and_mask_settings_given_at_load_take_effect(tmp_path):
    text = "He wrote to the European Court of Human Rights. The ECHR replied."
    nlp = _coref_pipeline()
    assert nlp(text)._.anon_text == "He wrote to the [ORG_1]. The [ORG_1] replied."
    nlp.to_disk(tmp_path / "m")
    assert not list((tmp_path / "m" / "anon_coref").iterdir())  # nothing learned, nothing saved
    assert not list((tmp_path / "m" / "anon_mask").iterdir())
    old_cfg = {"acronym_labels": ["ORG"], "add_mentions": True, "spans_key": "anon"}
    srsly.write_json(tmp_path / "m" / "anon_coref" / "cfg", old_cfg)  # what a pipeline saved before held
    srsly.write_json(tmp_path / "m" / "anon_mask" / "cfg", {"strategy": "tag", "tag_format": "[{label}_{index}]"})
    with pytest.warns(UserWarning) as record:
        again = spacy.load(tmp_path / "m", config={"components": {
            "anon_coref": {"acronym_labels": [], "add_mentions": False},
            "anon_mask": {"tag_format": "<{label}>"}}})
    texts = [str(w.message) for w in record]
    assert any(t.startswith("[W001] anon_coref:") and "acronym_labels, add_mentions" in t for t in texts)
    assert any(t.startswith("[W001] anon_mask:") and ": tag_format (" in t for t in texts)
    assert again(text)._.anon_text == "He wrote to the <ORG>. The ECHR replied."


# ------------------------------------------------------------------------------------ the others
@pytest.mark.parametrize("factory,setting,configured,saved", [
    ("anon_disclosure", "threshold", 0.6, 0.3),
    ("anon_generalize", "threshold", 0.4, 0.1),
    ("anon_sensitive", "min_df", 7, 2),
])
def test_a_saved_cfg_of_the_other_components_does_not_override_the_config(tmp_path, factory, setting, configured,
                                                                          saved):
    nlp = spacy.blank("en")
    component = nlp.add_pipe(factory, config={setting: configured})
    nlp.to_disk(tmp_path / "m")
    assert not (tmp_path / "m" / factory / "cfg").exists()  # the settings are config.cfg's only
    (tmp_path / "m" / factory / "cfg").write_text(json.dumps({**component.cfg, setting: saved}), encoding="utf8")
    with pytest.warns(UserWarning, match=rf"W001.*{factory}.*: {setting}"):
        loaded = spacy.load(tmp_path / "m").get_pipe(factory)
    assert loaded.cfg[setting] == configured
    if not hasattr(component, "from_bytes"):  # anon_sensitive serializes to disk only
        return
    with pytest.warns(UserWarning, match="W001"):
        assert component.from_bytes(srsly.msgpack_dumps({"cfg": json.dumps({setting: saved})})).cfg[setting] \
            == configured


def test_context_tagger_settings_come_from_the_config(tmp_path):
    nlp = spacy.blank("en")
    tagger = nlp.add_pipe("anon_context_tagger", config={"span_threshold": 0.99})
    state = srsly.msgpack_loads(tagger.to_bytes())
    assert set(state["cfg"]) == {"encoder_layers", "layers"}  # what the perceptron learned from, only
    old = srsly.msgpack_dumps({**state, "cfg": {**tagger.cfg, "span_threshold": 0.96}})
    with pytest.warns(UserWarning, match="W001.*span_threshold"):
        assert tagger.from_bytes(old).cfg["span_threshold"] == 0.99
    other = spacy.blank("en").add_pipe("anon_context_tagger", config={"layers": [-2, -1]})
    with pytest.raises(ValueError, match=r"E010.*layers"):
        other.from_bytes(tagger.to_bytes())


def test_unchanged_or_removed_saved_settings_say_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_saved_settings("x", {"a": (1, 2), "b": 1, "gone": 3}, {"a": [1, 2], "b": 1.0})


@pytest.mark.parametrize("model", ["default_model", "default_model_es", "default_model_pt"])
def test_the_shipped_models_hold_learned_state_only(model):
    path = DEFAULT_MODEL_DIR.parent / model
    nlp = _load(path)  # no warning: no stale settings
    assert not (path / "anon_regex_generator" / "cfg.json").exists() and not (path / "anon_mask" / "cfg").exists()
    crf = srsly.read_json(path / "anon_crf" / "cfg.json")
    assert set(crf) == {"feature_span_keys", "window_size", "affix", "extra_features", "tag_scheme"}
    assert all(nlp.get_pipe("anon_crf").cfg[key] == value for key, value in crf.items())
