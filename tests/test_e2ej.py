"""E2EJ neural tagger (spacy_anon.e2ej_tok2vec.v1), its span vote with the CRF (anon_span_vote) and the
vote's policies (spacy_anon.tagger.ensemble)."""
import random
from pathlib import Path

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.training import Example
from thinc.api import Adam, fix_random_seed

from spacy_anon.tagger.e2ej import build_e2ej_tok2vec
from spacy_anon.tagger.ensemble import POLICIES, choose_policies, vote_all, vote_spans

ROOT = Path(__file__).resolve().parents[1]

TEXTS = [
    ("Paciente de 45 años, natural de Madrid, acude al Hospital La Paz el 03/03/2016.",
     [(12, 19, "EDAD_SUJETO_ASISTENCIA"), (32, 38, "TERRITORIO"), (49, 64, "HOSPITAL"), (68, 78, "FECHAS")]),
    ("Remitido por la Dra. Ana Pérez Gil, correo anaperez@correo.es, el 12/05/2018.",
     [(21, 34, "NOMBRE_PERSONAL_SANITARIO"), (43, 61, "CORREO_ELECTRONICO"), (66, 76, "FECHAS")]),
    ("Varón de 67 años que vive en Sevilla con su esposa.",
     [(0, 5, "SEXO_SUJETO_ASISTENCIA"), (9, 16, "EDAD_SUJETO_ASISTENCIA"), (29, 36, "TERRITORIO")]),
]

SMALL = dict(width=16, depth=1, word_rows=200, char_width=8, char_filters=8, char_rows=100, static_vectors=False)


def tiny_ner(encoder: str):
    fix_random_seed(0)
    nlp = spacy.blank("es")
    model = {"@architectures": "spacy.TransitionBasedParser.v2", "state_type": "ner", "hidden_width": 16,
             "maxout_pieces": 2, "use_upper": True, "extra_state_tokens": False,
             "tok2vec": dict({"@architectures": "spacy_anon.e2ej_tok2vec.v1", "encoder": encoder}, **SMALL)}
    nlp.add_pipe("ner", config={"model": model})
    examples = []
    for text, ents in TEXTS:
        doc = nlp.make_doc(text)
        assert all(doc.char_span(s, e) is not None for s, e, _ in ents), text
        examples.append(Example.from_dict(doc, {"entities": ents}))
    return nlp, examples


@pytest.mark.parametrize("encoder", ["cnn", "bilstm"])
def test_e2ej_tagger_builds_and_learns_the_fixture(encoder):
    nlp, examples = tiny_ner(encoder)
    nlp.initialize(lambda: examples)
    optimizer = Adam(0.01)
    random.seed(0)
    losses = []
    for _ in range(30):
        step = {}
        nlp.update(examples, sgd=optimizer, losses=step, drop=0.0)
        losses.append(step["ner"])
    assert min(losses[-5:]) < losses[0] / 2, losses
    doc = nlp(TEXTS[2][0])
    assert {e.label_ for e in doc.ents} <= {label for _, ents in TEXTS for _, _, label in ents}


def test_e2ej_encoder_output_is_one_row_per_token_also_for_odd_tokens():
    nlp = spacy.blank("es")
    model = build_e2ej_tok2vec(**SMALL)
    docs = [nlp("x" * 300 + " ñ 😀 a"), nlp(" ")]
    model.initialize(X=docs)
    out = model.predict(docs)
    assert [o.shape for o in out] == [(len(docs[0]), 16), (len(docs[1]), 16)]


@pytest.mark.parametrize("settings_, code", [
    ({"encoder": "gru"}, "E781"),
    ({"width": 0}, "E782"),
    ({"depth": 0}, "E782"),
    ({"max_chars": -1}, "E782"),
    ({"window_size": True}, "E782"),
    ({"encoder": "bilstm", "width": 15}, "E783"),
])
def test_e2ej_refuses_settings_that_would_build_another_model(settings_, code):
    with pytest.raises(ValueError, match=code):
        build_e2ej_tok2vec(**dict(SMALL, **settings_))


def test_shipped_e2ej_config_builds_through_the_registry():
    from spacy.util import load_config, load_model_from_config

    config = load_config(ROOT / "configs" / "e2ej_es.cfg")
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    assert nlp.pipe_names == ["anon_rules", "ner", "anon_mask"]
    tok2vec = config["components"]["ner"]["model"]["tok2vec"]
    assert tok2vec["@architectures"] == "spacy_anon.e2ej_tok2vec.v1" and tok2vec["encoder"] == "cnn"


# ---- the vote (pure)

CRF = [(0, 5, "FECHAS"), (10, 20, "CALLE"), (30, 35, "TERRITORIO")]


def test_crf_policy_ignores_the_neural_spans():
    neural = [(0, 5, "FECHAS"), (40, 45, "PAIS"), (10, 15, "HOSPITAL")]
    assert vote_spans(CRF, neural, {}, "crf") == sorted(CRF)


def test_add_policy_adds_only_neural_spans_that_overlap_nothing():
    neural = [(40, 45, "PAIS"), (12, 25, "CALLE"), (50, 55, "FECHAS")]
    voted = vote_spans(CRF, neural, {"PAIS": "add", "CALLE": "add"})
    assert voted == sorted(CRF + [(40, 45, "PAIS")])  # FECHAS stays "crf"; the CALLE overlaps the CRF's


def test_neural_policy_replaces_every_overlapped_crf_span():
    neural = [(8, 36, "CALLE")]  # covers the CRF's CALLE and TERRITORIO
    assert vote_spans(CRF, neural, {"CALLE": "neural"}) == [(0, 5, "FECHAS"), (8, 36, "CALLE")]


def test_neural_policy_relabels_an_exact_match():
    assert vote_spans([(0, 5, "PAIS")], [(0, 5, "TERRITORIO")], {"TERRITORIO": "neural"}) == [(0, 5, "TERRITORIO")]
    assert vote_spans([(0, 5, "PAIS")], [(0, 5, "TERRITORIO")], {"PAIS": "neural"}) == [(0, 5, "PAIS")]


def test_agree_policy_keeps_crf_spans_of_its_label_only_with_an_overlapping_neural_vote():
    neural = [(31, 33, "PAIS")]
    voted = vote_spans(CRF, neural, {"TERRITORIO": "agree", "CALLE": "agree"})
    assert voted == [(0, 5, "FECHAS"), (30, 35, "TERRITORIO")]  # CALLE had no vote; the PAIS is not added


def test_unknown_policy_is_refused():
    with pytest.raises(ValueError, match="E784"):
        vote_spans(CRF, [], {"CALLE": "both"})
    with pytest.raises(ValueError, match="E784"):
        vote_spans(CRF, [], {}, default="union")


LABELS = ["A", "B", "C"]


@st.composite
def disjoint_spans(draw):
    cuts = sorted(set(draw(st.lists(st.integers(0, 60), max_size=12))))
    spans = []
    for start, end in zip(cuts[::2], cuts[1::2]):
        spans.append((start, end, draw(st.sampled_from(LABELS))))
    return spans


@settings(max_examples=150, deadline=None)
@given(disjoint_spans(), disjoint_spans(), st.dictionaries(st.sampled_from(LABELS), st.sampled_from(POLICIES)),
       st.sampled_from(POLICIES))
def test_vote_of_disjoint_inputs_is_disjoint_and_drawn_from_them(crf, neural, policies, default):
    voted = vote_spans(crf, neural, policies, default)
    assert set(voted) <= set(crf) | set(neural)
    for a, b in zip(voted, voted[1:]):
        assert a[1] <= b[0], (a, b)
    if all(policies.get(lab, default) == "crf" for lab in LABELS):
        assert voted == sorted(crf)
    if not crf and all(policies.get(lab, default) in ("add", "neural") for lab in LABELS):
        assert voted == sorted(neural)


def test_choose_policies_takes_a_policy_only_when_it_raises_the_score():
    gold = {"d": [(0, 5, "A"), (10, 15, "B")]}
    crf = {"d": [(0, 5, "A"), (20, 25, "B")]}
    neural = {"d": [(10, 15, "B"), (30, 35, "A")]}

    def score(preds):
        hits = len(set(preds["d"]) & set(gold["d"]))
        return hits - 0.5 * (len(preds["d"]) - hits)

    policies, best = choose_policies(crf, neural, score, ["A", "B"])
    assert policies == {"B": "add"}  # the first policy that helps ("neural" ties); A: only a wrong span
    assert vote_all(crf, neural, policies)["d"] == [(0, 5, "A"), (10, 15, "B"), (20, 25, "B")]
    assert best == score(vote_all(crf, neural, policies))


# ---- the component

def test_anon_span_vote_needs_a_ner_before_it():
    nlp = spacy.blank("es")
    with pytest.raises(ValueError, match="E785"):
        nlp.add_pipe("anon_span_vote")


def test_anon_span_vote_refuses_unknown_policies():
    nlp = spacy.blank("es")
    nlp.add_pipe("ner")
    with pytest.raises(ValueError, match="E784"):
        nlp.add_pipe("anon_span_vote", config={"policies": {"CALLE": "maybe"}})


def test_anon_span_vote_writes_the_vote_and_consumes_the_entities():
    from spacy.tokens import Span

    nlp = spacy.blank("es")
    nlp.add_pipe("ner")
    vote = nlp.add_pipe("anon_span_vote", config={"policies": {"TERRITORIO": "add", "CALLE": "neural"}})
    doc = nlp.make_doc("Vive en la calle Mayor 3 de Toledo desde 2010 .")
    crf_calle = Span(doc, 4, 5, label="CALLE")
    crf_calle._.anon_source = "crf"
    doc.spans["anon"] = [crf_calle, Span(doc, 9, 10, label="FECHAS")]
    doc.ents = [Span(doc, 3, 6, label="CALLE"), Span(doc, 7, 8, label="TERRITORIO")]
    doc = vote(doc)
    got = [(s.text, s.label_, s._.anon_source) for s in doc.spans["anon"]]
    assert got == [("calle Mayor 3", "CALLE", "e2ej"), ("Toledo", "TERRITORIO", "e2ej"), ("2010", "FECHAS", None)]
    assert doc.spans["anon"][0]._.anon_type == "CALLE"
    assert list(doc.ents) == []


def test_vote_hands_corpus_labelled_entities_to_anon_mask():
    """E2EJ alone: the ner's MEDDOCAN labels reach the masked spans (anon_mask's ent_label_map drops them)."""
    from spacy.language import Language
    from spacy.tokens import Span

    @Language.component("test_e2ej_fake_ents")
    def fake_ents(doc):
        doc.ents = [Span(doc, 2, 4, label="NOMBRE_SUJETO_ASISTENCIA"), Span(doc, 5, 7, label="EDAD_SUJETO_ASISTENCIA")]
        return doc

    nlp = spacy.blank("es")
    nlp.add_pipe("anon_rules", config={"recognizers": []})
    nlp.add_pipe("ner")
    nlp.add_pipe("test_e2ej_fake_ents")
    nlp.add_pipe("anon_span_vote", config={"default_policy": "neural"})
    nlp.add_pipe("anon_mask")
    nlp.remove_pipe("ner")
    doc = nlp("Paciente : Ana Pérez , 45 años .")
    masked = [(s.text, s.label_) for s in doc.spans["anon_masked"]]
    assert masked == [("Ana Pérez", "NOMBRE_SUJETO_ASISTENCIA"), ("45 años", "EDAD_SUJETO_ASISTENCIA")]
    assert "Ana" not in doc._.anon_text and "45" not in doc._.anon_text
