"""The CRF's numpy inference (`inference = "numpy"`) gives python-crfsuite's spans and scores."""
import json
from pathlib import Path

import numpy as np
import pytest

import spacy_anon
from spacy_anon.tagger.crf_sequences import doc_sequences, sequence_bounds, token_arrays
from spacy_anon.tagger.crf_inference import decode, read_model, state_scores
from tests.test_tagger_components import make_examples, tagger_blank

TAB_DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "tab" / "tab_dev.jsonl"

ENGLISH = [
    "On 12 March 2004 Mr John Smith, born in Leeds, lodged an application (no. 41235/04) against the "
    "United Kingdom with the European Court of Human Rights.\n\nHe was represented by Ms A. Jones, a lawyer "
    "practising in London. Contact: jsmith@example.org, +44 20 7946 0958.",
    "The applicant, Mrs Maria Kowalska, is a Polish national who was born in 1961 and lives in Gdańsk.\n"
    "Date: 3/7/2011\nAge: 54\n\u00a0\nThe hearing was held in Strasbourg on 5 May 2012 ; the judgment of "
    "the Regional Court (Sąd Okręgowy) became final.",
    "",
    "   \n\n  ",
    "Name:\x00Bob Stone\nID:\tAB-123-XY",
]


def upstream_docs(nlp, texts):
    """Docs as the CRF sees them: run through the components before it."""
    crf = nlp.get_pipe("anon_crf")
    docs = []
    for text in texts:
        doc = nlp.make_doc(text)
        for name, proc in nlp.pipeline:
            if name == crf.name:
                break
            doc = proc(doc)
        docs.append(doc)
    return docs


def assert_same_spans(crf, docs, tol=1e-9):
    """The numpy inference, doc by doc and all docs together, decodes what python-crfsuite decodes."""
    tokens = [token_arrays(doc) for doc in docs]
    reference = [crf._decode_crfsuite(doc, toks) for doc, toks in zip(docs, tokens)]
    one_by_one = [crf._decode_numpy([doc], [toks])[0] for doc, toks in zip(docs, tokens)]
    together = crf._decode_numpy(docs, tokens)
    for got in (one_by_one, together):
        for ref, spans in zip(reference, got):
            assert [s[:3] for s in spans] == [s[:3] for s in ref]
            assert all(abs(a[3] - b[3]) <= tol for a, b in zip(spans, ref))
    return sum(len(r) for r in reference)


@pytest.fixture(scope="module")
def default_nlp():
    return spacy_anon.load()


def test_model_weights_are_read_as_crfsuite_stores_them(default_nlp):
    crf = default_nlp.get_pipe("anon_crf")
    weights = read_model(crf.model_bytes)
    info = crf.tagger.info()  # a text dump: six decimals
    assert list(weights.labels) == crf.tagger.labels()
    labels = {tag: i for i, tag in enumerate(weights.labels)}
    assert len(info.state_features) == int((weights.state != 0).sum())
    for (attr, tag), value in list(info.state_features.items())[:5000]:
        assert abs(weights.state[weights.attributes[attr], labels[tag]] - value) < 1e-6
    for (a, b), value in info.transitions.items():
        assert abs(weights.transitions[labels[a], labels[b]] - value) < 1e-6
    assert weights.attribute_id("no such attribute") == len(weights.attributes)  # the zero row
    assert not weights.state[-1].any()


def test_paths_and_marginals_equal_crfsuite_on_feature_lists(default_nlp):
    crf = default_nlp.get_pipe("anon_crf")
    weights = read_model(crf.model_bytes)
    tagger = crf.tagger
    docs = upstream_docs(default_nlp, ENGLISH)
    feats = [f for doc in docs for f in crf.features(doc)[1]]
    scores = [state_scores(weights, f) for f in feats]
    path, prob = decode(np.concatenate(scores), [len(f) for f in feats], weights.transitions)
    start = 0
    for items in feats:
        n = len(items)
        assert [weights.labels[c] for c in path[start:start + n]] == tagger.tag(items)
        expected = [[tagger.marginal(tag, i) for tag in weights.labels] for i in range(n)]
        assert np.abs(prob[start:start + n] - np.array(expected)).max() < 1e-9
        start += n


def test_default_model_spans_equal_crfsuite_on_real_sentences(default_nlp):
    crf = default_nlp.get_pipe("anon_crf")
    docs = upstream_docs(default_nlp, ENGLISH)
    assert assert_same_spans(crf, docs) > 5
    # the cached word types serve later documents: decoding again gives the same
    assert assert_same_spans(crf, docs[:2]) > 5


@pytest.mark.skipif(not TAB_DEV.exists(), reason="TAB dev set not present")
def test_default_model_spans_equal_crfsuite_on_tab_documents(default_nlp):
    with open(TAB_DEV, encoding="utf-8") as fh:
        texts = [json.loads(line)["text"] for _, line in zip(range(4), fh)]
    crf = default_nlp.get_pipe("anon_crf")
    assert assert_same_spans(crf, upstream_docs(default_nlp, texts)) > 100


@pytest.mark.parametrize("settings", [
    {"entity_threshold": 0.2, "extra_features": ["date", "doc", "paren", "trigger", "stem", "score", "monthday"]},
    {"tag_scheme": "BILUO", "entity_threshold": 0.1, "extend_threshold": 0.05},
])
def test_trained_models_with_extra_features_and_biluo_decode_alike(settings):
    nlp = tagger_blank()
    nlp.add_pipe("anon_regex_generator", config={"spans_key": "anon_regex"})
    nlp.add_pipe("anon_crf", config={"max_iterations": 30, **settings,
                                     "gazetteers": {"first": "faker:person.first_names:es_ES"}})
    nlp.initialize(lambda: make_examples(nlp, n=30))
    crf = nlp.get_pipe("anon_crf")
    texts = [eg.reference.text for eg in make_examples(nlp, n=6, seed=7)] + [
        "Nombre: Ana Soto (Hospital Virgen de la Arrixaca, Murcia).\nDolor 8/10 desde el 7/22; TA 136/43.",
        "Servicio de Urgencias del Hospital Clinico: Ana Soto, Ana Soto y ana soto.",
    ]
    assert assert_same_spans(crf, upstream_docs(nlp, texts)) > 10
    docs = [nlp(text) for text in texts]  # the whole pipeline, doc by doc and batched, also agree
    crf.cfg["inference"] = "crfsuite"
    expected = [[(s.start, s.end, s.label_) for s in doc.spans["anon"]] for doc in (nlp(t) for t in texts)]
    crf.cfg["inference"] = "numpy"
    assert [[(s.start, s.end, s.label_) for s in doc.spans["anon"]] for doc in docs] == expected
    assert [[(s.start, s.end, s.label_) for s in doc.spans["anon"]] for doc in nlp.pipe(texts)] == expected


def test_sequences_are_lines_without_whitespace_tokens(default_nlp):
    doc = default_nlp.make_doc("Ann Lee\n\nlives  in\nRome \n")
    texts, gaps, spaces = token_arrays(doc)
    assert texts == [t.text for t in doc]
    assert gaps == [bool(t.whitespace_) for t in doc] and spaces == [t.is_space for t in doc]
    content, lengths = sequence_bounds(texts, spaces)
    assert lengths == [2, 2, 1]
    assert doc_sequences(doc) == [[0, 1], [3, 5], [7]]
    assert content.tolist() == [0, 1, 3, 5, 7]


def test_inference_setting_is_checked_and_crfsuite_stays_available():
    nlp = tagger_blank()
    with pytest.raises(ValueError, match="unknown inference"):
        nlp.add_pipe("anon_crf", config={"inference": "torch"})
    nlp = spacy_anon.load()
    crf = nlp.get_pipe("anon_crf")
    assert crf.cfg["inference"] == "numpy"

    def spans(text):
        doc = nlp(text)
        return [(s.start_char, s.end_char, s.label_) for s in doc.spans["anon"]]

    found = spans(ENGLISH[0])
    assert found
    crf.cfg["inference"] = "crfsuite"
    try:
        assert spans(ENGLISH[0]) == found
    finally:
        crf.cfg["inference"] = "numpy"


def test_a_file_that_is_not_a_crfsuite_model_is_refused():
    with pytest.raises(ValueError, match="not a CRFsuite CRF1d model"):
        read_model(b"not a model at all, but long enough to hold a header")


def test_chunk_ids_from_arrays_match_the_token_by_token_reading(default_nlp):
    from spacy_anon.tagger.span_filters.chunks import chunk_ids

    for text in ENGLISH + ["a", " ", "x \n y", "Mail jane.roe@x.org  now\n"]:
        doc = default_nlp.make_doc(text)
        expected, current = [], 0
        for token in doc:
            expected.append(current)
            if token.whitespace_ or token.is_space or (token.i + 1 < len(doc) and doc[token.i + 1].is_space):
                current += 1
        assert chunk_ids(doc) == expected


def test_pickled_tagger_leaves_its_caches_behind_and_decodes_alike(default_nlp):
    import pickle

    text = ENGLISH[1]
    doc = default_nlp(text)
    crf = default_nlp.get_pipe("anon_crf")
    assert crf._emissions is not None
    copy = pickle.loads(pickle.dumps(default_nlp))
    assert copy.get_pipe("anon_crf")._emissions is None
    doc2 = copy(text)
    assert [(s.start, s.end, s.label_) for s in doc2.spans["anon"]] == \
        [(s.start, s.end, s.label_) for s in doc.spans["anon"]]
