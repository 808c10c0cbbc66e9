"""The CRF's numpy inference (`inference = "numpy"`) gives python-crfsuite's spans and scores."""
import json
import random
from pathlib import Path

import numpy as np
import pytest
from spacy.training import Example

import spacy_anon
from spacy_anon.labels import GOLD_SPAN_KEY
from spacy_anon.tagger.crf_sequences import doc_sequences, sequence_bounds, token_arrays
from spacy_anon.tagger.crf_inference import decode, read_model, state_scores
from tests.test_tagger_components import FIRST, LAST, make_examples, make_record, tagger_blank

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
    # the line in lower case is read truecased (spacy_anon.casing), the others as written
    assert texts == [t.text if t.text != "lives" else "Lives" for t in doc]
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
    from spacy_anon.text_views import visible_text

    for text in ENGLISH + ["a", " ", "x \n y", "Mail jane.roe@x.org  now\n"]:
        doc = default_nlp.make_doc(text)
        expected, current = [], 0
        # a token of only invisible or control characters ("\x00") parts words like a space
        blank = [token.is_space or not visible_text(token.text) for token in doc]
        for token in doc:
            expected.append(current)
            if token.whitespace_ or blank[token.i] or (token.i + 1 < len(doc) and blank[token.i + 1]):
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


def test_rows_added_late_in_a_call_are_read_from_the_grown_table(default_nlp):
    """The emission table grows by reallocation; a row first needed after the word types (the line's bias,
    a chunk shape, BOS/EOS) must be read from the grown table (lower-cased TAB dev stopped the CLI with an
    IndexError when the table filled up in the middle of a batch)."""
    crf = default_nlp.get_pipe("anon_crf")
    docs = upstream_docs(default_nlp, ENGLISH[:2])
    tokens = [token_arrays(doc) for doc in docs]
    expected = crf._decode_numpy(docs, tokens)  # every word type now has its rows
    cache = crf.emission_cache()
    late = [k for k in cache.rows if k[0] in ("bias", "BOS", "EOS") or k[0].startswith("ch=")]
    assert late
    for key in late:  # needed again only after the types are looked up: built anew
        del cache.rows[key]
    cache.table = cache.table[:cache.size].copy()  # full: the next row makes it grow
    got = crf._decode_numpy(docs, tokens)
    assert [[s[:3] for s in spans] for spans in got] == [[s[:3] for s in spans] for spans in expected]
    assert all(abs(a[3] - b[3]) <= 1e-9 for g, e in zip(got, expected) for a, b in zip(g, e))


def paren_examples(nlp, n, seed):
    """Training notes where a name sits in a parenthesis and a hospital follows a trigger word, so that
    the model gives weights to the "paren" and "trigger" extra features (combined with any stem)."""
    rng = random.Random(seed)
    examples = []
    for i in range(n):
        text, spans = make_record(rng)
        if i % 3 == 0:
            first, last = rng.choice(FIRST), rng.choice(LAST)
            head = text + "Tratamiento: ibuprofeno (Dr. "
            spans = spans + [(len(head), len(head) + len(first) + len(last) + 1, "NOMBRE")]
            text = head + f"{first} {last}, Murcia).\nIngresa en el Hospital Virgen de la Vega.\n"
        ref = nlp.make_doc(text)
        ref.spans[GOLD_SPAN_KEY] = [ref.char_span(s, e, label=label) for s, e, label in spans]
        examples.append(Example(nlp.make_doc(text), ref))
    return examples


def unseen_word_lines(rng, n_lines):
    """Lines of made-up words (new word types, new stems, new line keys), each with a colon, a name,
    a parenthesis, a trigger word and a date: every extra feature makes rows the cache has not seen."""
    def word():
        return "".join(rng.choice("bcdfglmnprstv") + rng.choice("aeiou") for _ in range(3))

    return "\n".join(
        f"{word().capitalize()}: {rng.choice(FIRST)} {word().capitalize()} ({word()}, {word()}, "
        f"Dr. {word().capitalize()}) ingresa en el Hospital {word().capitalize()} el 12/03/2004."
        for _ in range(n_lines)
    )


@pytest.fixture(scope="module")
def extra_feature_nlp():
    """A small CRF with the shipped Spanish model's extra features, every weight kept (c1 = 0)."""
    nlp = tagger_blank()
    nlp.add_pipe("anon_regex_generator", config={"spans_key": "anon_regex"})
    nlp.add_pipe("anon_crf", config={
        "max_iterations": 30, "c1": 0.0, "extra_features": ["date", "stem", "doc", "paren", "trigger"],
        "gazetteers": {"first": "faker:person.first_names:es_ES"}})
    nlp.initialize(lambda: paren_examples(nlp, 30, seed=0))
    return nlp


def test_new_rows_crossing_every_table_size_decode_as_crfsuite(extra_feature_nlp, monkeypatch):
    """A batch adds rows to the cache's table (word types first, then line keys, chunk shapes and extra
    features); the table doubles when full. Wherever the growth falls in a batch, and at every size the
    table doubles to, the numpy inference gives CRFsuite's state scores, marginals and spans (a local
    alias of the table from before the growth crashed with "index 32768 is out of bounds")."""
    nlp = extra_feature_nlp
    crf = nlp.get_pipe("anon_crf")
    rng = random.Random(3)
    docs = upstream_docs(nlp, [unseen_word_lines(rng, 3), unseen_word_lines(rng, 2)])
    tokens = [token_arrays(doc) for doc in docs]
    reference = [crf._decode_crfsuite(doc, toks) for doc, toks in zip(docs, tokens)]
    tagger = crf.tagger
    weights = read_model(crf.model_bytes)
    expected_scores, expected_marginals, lengths = [], [], []
    for doc in docs:
        for items in crf.features(doc)[1]:
            lengths.append(len(items))
            expected_scores.append(state_scores(weights, items))
            tagger.set(items)
            expected_marginals.append([[tagger.marginal(tag, i) for tag in weights.labels] for i in range(len(items))])
    expected_scores = np.concatenate(expected_scores)
    expected_marginals = np.concatenate([np.array(m) for m in expected_marginals])
    assert sum(len(r) for r in reference) >= 5

    cache = crf.emission_cache()
    emissions = cache.emissions
    seen = []
    monkeypatch.setattr(cache, "emissions", lambda *a, **k: seen.append(emissions(*a, **k)) or seen[-1])
    cache.clear()
    crf._decode_numpy(docs, tokens)
    added = cache.size - 1  # the rows this batch adds to an empty table
    assert added > 300
    n_labels = len(weights.labels)
    for capacity in (4096, 8192, 16384, 32768, 65536):
        # the table holds `capacity` rows of which `capacity - room` are taken: the batch's rows reach the
        # end of the table at its first row, at its last, and at every 17th in between
        for room in sorted({0, 1, 2, added - 1, added, *range(3, added, 17)}):
            cache.clear()
            cache.table = np.zeros((capacity, n_labels))
            cache.size = capacity - room
            seen.clear()
            got = crf._decode_numpy(docs, tokens)
            assert cache.size == capacity - room + added
            assert np.abs(seen[0] - expected_scores).max() < 1e-9
            _, marginals = decode(seen[0], lengths, weights.transitions)
            assert np.abs(marginals - expected_marginals).max() < 1e-9
            for ref, spans in zip(reference, got):
                assert [s[:3] for s in spans] == [s[:3] for s in ref]
                assert all(abs(a[3] - b[3]) <= 1e-9 for a, b in zip(spans, ref))
