"""anon_crf's span filters: registered functions named in its config, run in order after decoding;
settings that became filters are refused with their replacement; pipelines saved before load."""
import json
import shutil

import pytest
import spacy

import spacy_anon
import srsly
from spacy.util import registry

from spacy_anon.tagger.crf_component import CRFTagger
from spacy_anon.tagger.span_filters import REMOVED_SETTINGS, SpanFilter, migrate_config, span_filters_for
from test_tagger_components import make_examples, tagger_blank  # tests/ is on sys.path under pytest

TEXT = "Nombre: Ana Soto.\nNHC: 123456.\nFecha de ingreso: 03/04/2001.\nLe atiende el doctor Soto.\n"
LOG = []  # what the test filters saw, in call order


class Recorder(SpanFilter):
    """Logs its name and the spans it got; relabels them when asked."""

    def __init__(self, name: str, relabel: str = ""):
        self.name, self.relabel = name, relabel

    def __call__(self, doc, tokens, spans, tagger):
        LOG.append((self.name, list(spans)))
        return [(s, e, self.relabel or label, score) for s, e, label, score in spans]


@registry.misc("test_spacy_anon.recorder.v1")
def make_recorder(name: str, relabel: str = "") -> Recorder:
    return Recorder(name, relabel)


def _recorder(name, relabel=""):
    return {"@misc": "test_spacy_anon.recorder.v1", "name": name, "relabel": relabel}


def _trained(span_filters, n=20, **config):
    nlp = tagger_blank()
    nlp.add_pipe("anon_crf", config={"max_iterations": 20, "span_filters": span_filters, **config})
    nlp.initialize(lambda: make_examples(nlp, n=n))
    return nlp


def _found(nlp, text=TEXT):
    doc = nlp(text)
    return [(s.start, s.end, s.label_, s._.anon_score) for s in doc.spans["anon"]]


def test_a_filter_named_in_the_config_gets_the_decoded_spans():
    nlp = _trained({"seen": _recorder("seen", relabel="SEEN")})
    crf = nlp.get_pipe("anon_crf")
    LOG.clear()
    doc = nlp(TEXT)
    decoded = CRFTagger(nlp.vocab).from_bytes(crf.to_bytes()).predict(nlp.make_doc(TEXT))  # no filters
    assert decoded and LOG == [("seen", decoded)]
    assert {s.label_ for s in doc.spans["anon"]} == {"SEEN"}


def test_filters_run_in_the_config_order_which_saving_keeps(tmp_path):
    nlp = _trained({"second": _recorder("second"), "first": _recorder("first")})
    LOG.clear()
    nlp(TEXT)
    assert [name for name, _ in LOG] == ["second", "first"]
    nlp.to_disk(tmp_path / "m")
    LOG.clear()
    spacy.load(tmp_path / "m")(TEXT)
    assert [name for name, _ in LOG] == ["second", "first"]
    # what replaces the old switches lists them in the order they ran, whatever order they were given in
    names = list(span_filters_for({"merge_adjacent": True, "propagate": True, "trim_partial_chunks": True}))
    assert names == ["trim_partial_chunks", "propagate", "merge_adjacent"]


def test_unknown_filter_names_and_non_filters_are_refused():
    nlp = spacy.blank("en")
    with pytest.raises(Exception) as err:
        nlp.add_pipe("anon_crf", config={"span_filters": {"x": {"@misc": "spacy_anon.no_such_filter.v1"}}})
    assert "spacy_anon.no_such_filter.v1" in str(err.value)
    with pytest.raises(ValueError, match=r"\[E603\] anon_crf: span_filters\.x is a int, not a span filter"):
        nlp.add_pipe("anon_crf", config={"span_filters": {"x": 3}})


@pytest.mark.parametrize("key", sorted(REMOVED_SETTINGS))
def test_removed_settings_name_their_replacement(key):
    value = "FECHAS" if key == "date_label" else True
    with pytest.raises(ValueError) as err:
        CRFTagger(spacy.blank("es").vocab, **{key: value})
    new = REMOVED_SETTINGS[key]
    message = str(err.value)
    assert key in message and new.function in message
    assert f"[components.anon_crf.span_filters.{new.name}]" in message
    # spaCy's config validation refuses the key before the component is built; it names it too
    with pytest.raises(Exception, match=key):
        spacy.blank("es").add_pipe("anon_crf", config={key: value})


def test_migrate_config_turns_switches_into_filters_in_their_old_order():
    old = {"components": {"anon_crf": {"factory": "anon_crf", "min_score": 0.0, "propagate": True,
                                       "merge_adjacent": True, "date_label": "FECHAS", "trim_common_words": False,
                                       "trim_partial_chunks": True},
                          "other": {"factory": "anon_rules", "propagate": True}}}
    new = migrate_config(spacy.util.Config(old))
    crf = new["components"]["anon_crf"]
    assert not set(crf) & set(REMOVED_SETTINGS) and crf["min_score"] == 0.0
    assert crf["span_filters"] == {
        "trim_partial_chunks": {"@misc": "spacy_anon.trim_partial_chunks.v1"},
        "date_chunks": {"@misc": "spacy_anon.date_chunks.v1", "label": "FECHAS"},
        "propagate": {"@misc": "spacy_anon.propagate.v1"},
        "merge_adjacent": {"@misc": "spacy_anon.merge_adjacent.v1"},
    }
    assert new["components"]["other"]["propagate"] is True  # not an anon_crf
    assert old["components"]["anon_crf"]["propagate"] is True  # the input is left alone
    old["components"]["anon_crf"]["span_filters"] = {"x": {"@misc": "spacy_anon.propagate.v1"}}
    with pytest.raises(ValueError, match="keep one form"):
        migrate_config(spacy.util.Config(old))


SWITCHES = {"trim_partial_chunks": True, "trim_common_words": True, "repair_boundaries": True, "date_label": "FECHA",
            "drop_implausible_dates": True, "extend_names": True, "propagate": True, "merge_adjacent": True}


def _save_in_old_form(new_dir, old_dir):
    """A pipeline as the component saved it before span filters: switches in config.cfg and cfg.json,
    the boundary words in boundaries.json."""
    shutil.copytree(new_dir, old_dir)
    config = spacy.util.load_config(old_dir / "config.cfg", interpolate=False)
    del config["components"]["anon_crf"]["span_filters"]
    config["components"]["anon_crf"].update(SWITCHES)
    config.to_disk(old_dir / "config.cfg")
    crf_dir = old_dir / "anon_crf"
    srsly.write_json(crf_dir / "cfg.json", {**srsly.read_json(crf_dir / "cfg.json"), **SWITCHES})
    state = srsly.read_json(crf_dir / "span_filters.json")
    srsly.write_json(crf_dir / "boundaries.json", state["repair_boundaries"])
    (crf_dir / "span_filters.json").unlink()


def test_a_pipeline_saved_with_switches_gives_the_same_spans_once_migrated(tmp_path):
    filters = span_filters_for(SWITCHES)
    assert list(filters) == ["trim_partial_chunks", "trim_common_words", "repair_boundaries", "date_chunks",
                             "drop_implausible_dates", "extend_names", "propagate", "merge_adjacent"]
    nlp = _trained(filters, n=30)
    nlp.to_disk(tmp_path / "new")
    _save_in_old_form(tmp_path / "new", tmp_path / "old")
    with pytest.raises(Exception, match="trim_partial_chunks"):  # as saved, the config is refused
        spacy.load(tmp_path / "old")
    config = spacy.util.load_config(tmp_path / "old" / "config.cfg", interpolate=False)
    migrate_config(config).to_disk(tmp_path / "old" / "config.cfg")
    migrated = spacy.load(tmp_path / "old")
    assert migrated.get_pipe("anon_crf").span_filters["repair_boundaries"].words == \
        nlp.get_pipe("anon_crf").span_filters["repair_boundaries"].words
    for text in (TEXT, "Nombre: Irene Campos.\nNHC: 555123. Correo: irene4@correo.es\n"):
        assert _found(migrated, text) == _found(nlp, text) != []


def test_saved_switches_the_config_lacks_are_refused(tmp_path):
    nlp = _trained(span_filters_for({"propagate": True}), n=10)
    nlp.to_disk(tmp_path / "m")
    cfg_path = tmp_path / "m" / "anon_crf" / "cfg.json"
    srsly.write_json(cfg_path, {**srsly.read_json(cfg_path), "propagate": True, "merge_adjacent": False})
    assert _found(spacy.load(tmp_path / "m")) == _found(nlp)  # the switch matches the configured filter
    srsly.write_json(cfg_path, {**srsly.read_json(cfg_path), "date_label": "FECHA"})
    with pytest.raises(ValueError) as err:
        spacy.load(tmp_path / "m")
    assert "date_label" in str(err.value) and "cfg.json" in str(err.value) and 'label = "FECHA"' in str(err.value)


def test_the_shipped_model_loads_with_its_filters_and_a_removed_switch_is_named(tmp_path):
    from spacy_anon.pipeline import DEFAULT_MODEL_DIR

    crf = spacy.load(DEFAULT_MODEL_DIR).get_pipe("anon_crf")
    assert list(crf.span_filters) == ["trim_partial_chunks", "split_routes", "trim_generic_words", "trim_common_words",
                                      "extend_org_heads", "drop_qualifications", "split_span_edges", "trim_name_tails", "drop_generic_spans",
                                      "drop_public_references", "trim_nationality_nouns", "drop_common_word_names", "quoted_names",
                                      "clinical_notes",
                                      "clinical_content", "propagate"]
    assert not set(crf.cfg) & set(REMOVED_SETTINGS)
    copy = tmp_path / "model"
    shutil.copytree(DEFAULT_MODEL_DIR, copy)
    config = spacy.util.load_config(copy / "config.cfg", interpolate=False)
    del config["components"]["anon_crf"]["span_filters"]["propagate"]
    config["components"]["anon_crf"]["propagate"] = True  # a config written before the span filters
    config.to_disk(copy / "config.cfg")
    with pytest.raises(ValueError, match=r"propagate \(now spacy_anon\.propagate\.v1\)"):
        spacy_anon.load(copy)
