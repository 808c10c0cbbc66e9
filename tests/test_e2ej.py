"""E2EJ neural tagger (spacy_anon.e2ej_tok2vec.v1), its span vote with the CRF (anon_span_vote) and the
vote's policies (spacy_anon.tagger.ensemble)."""
import importlib.util
import json
import random
from pathlib import Path

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.training import Example
from thinc.api import Adam, fix_random_seed

from spacy_anon.tagger.e2ej import build_e2ej_tok2vec
from spacy_anon.tagger.ensemble import (POLICIES, choose_policies, fold_min_gain, restrict, split_parts, vote_all,
                                       vote_spans)

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


def hits_score(gold):
    """Correct spans minus half the wrong ones, over the documents of `gold` (a missing one has no spans)."""
    def score(preds):
        hits = sum(len(set(preds.get(d, [])) & set(g)) for d, g in gold.items())
        return hits - 0.5 * (sum(len(preds.get(d, [])) for d in gold) - hits)
    return score


def test_min_gain_keeps_crf_for_a_label_whose_rise_is_within_the_margin():
    gold = {"d": [(0, 5, "A"), (10, 15, "B"), (20, 25, "B"), (40, 45, "B")]}
    crf = {"d": [(0, 5, "A")]}
    neural = {"d": [(10, 15, "B"), (20, 25, "B"), (40, 45, "B"), (30, 35, "A")]}
    score = hits_score(gold)  # A "add": +1 hit -1 wrong = -0.5; B "add": +3
    assert choose_policies(crf, neural, score, ["A", "B"], min_gain=2.9)[0] == {"B": "add"}
    assert choose_policies(crf, neural, score, ["A", "B"], min_gain=3.0) == ({}, score(crf))
    assert choose_policies(crf, neural, score, ["A", "B"], min_gain=0.0) == choose_policies(crf, neural, score, ["A", "B"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("abcdef", min_size=1, max_size=4), unique=True, max_size=30), st.integers(2, 7),
       st.integers(0, 3))
def test_split_parts_puts_each_document_in_one_part_of_even_size(ids, folds, seed):
    parts = split_parts(ids, folds, seed)
    assert len(parts) == folds and sorted(i for p in parts for i in p) == sorted(ids)
    assert max(map(len, parts)) - min(map(len, parts)) <= 1
    assert parts == split_parts(list(reversed(ids)), folds, seed)


def fold_fixture():
    """Ten documents: the neural tagger finds an A the CRF misses in each; its B is right in one only."""
    ids = [f"d{i}" for i in range(10)]
    gold = {d: [(0, 5, "A"), (10, 15, "B")] for d in ids}
    crf = {d: [(10, 15, "B")] for d in ids}
    neural = {d: [(0, 5, "A"), (20, 25, "B")] for d in ids}
    neural["d0"] = [(0, 5, "A"), (10, 15, "B"), (30, 35, "B"), (40, 45, "B")]
    return ids, gold, crf, neural


def test_fold_min_gain_scores_each_gain_on_the_parts_left_out():
    ids, gold, crf, neural = fold_fixture()
    parts = split_parts(ids, 5)
    score_on = lambda keep: hits_score({d: gold[d] for d in keep})  # noqa: E731
    gain, means = fold_min_gain(crf, neural, score_on, ["A", "B"], [0.0, 100.0], parts)
    # a margin above any rise keeps the CRF everywhere: one hit per document
    assert means[100.0] == pytest.approx(sum(score_on(p)(restrict(crf, p)) for p in parts) / 5)
    assert gain == 0.0 and means[0.0] > means[100.0]  # A "add" helps in every part


def test_fold_min_gain_ties_go_to_the_larger_margin():
    ids, gold, crf, _ = fold_fixture()
    score_on = lambda keep: hits_score({d: gold[d] for d in keep})  # noqa: E731
    gain, means = fold_min_gain(crf, crf, score_on, ["A", "B"], [0.0, 0.5, 2.0], split_parts(ids, 5))
    assert gain == 2.0 and len(set(means.values())) == 1  # the neural side adds nothing: every margin ties


def load_script(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_part(tmp_path, tag, n):
    """A gold .spacy of n short notes and CRF / E2EJ predictions: the CRF misses every PAIS, E2EJ finds it."""
    from spacy.tokens import DocBin

    nlp, bin_, crf, e2ej = spacy.blank("es"), DocBin(store_user_data=True), {}, {}
    for i in range(n):
        doc = nlp.make_doc(f"Paciente de 45 años, natural de Perú, ingresa el 0{i % 9 + 1}/03/2016.")
        doc_id = f"{tag}{i}"
        doc.user_data["doc_id"] = doc_id
        pais, fecha = doc.char_span(32, 36, "PAIS"), doc.char_span(49, 59, "FECHAS")
        assert pais is not None and fecha is not None
        doc.ents = [pais, fecha]
        bin_.add(doc)
        crf[doc_id] = [[49, 59, "FECHAS"]]
        e2ej[doc_id] = [[32, 36, "PAIS"], [49, 57, "FECHAS"]]
    paths = [tmp_path / f"{tag}.spacy", tmp_path / f"crf_{tag}.json", tmp_path / f"e2ej_{tag}.json"]
    bin_.to_disk(paths[0])
    paths[1].write_text(json.dumps(crf), encoding="utf8")
    paths[2].write_text(json.dumps(e2ej), encoding="utf8")
    return [str(p) for p in paths]


def test_vote_choose_script_chooses_on_the_first_part_and_reports_the_margin(tmp_path):
    script = load_script("e2ej_vote_choose")
    out = tmp_path / "policies.json"
    argv = ["--choose", *write_part(tmp_path, "a", 10), "--confirm", *write_part(tmp_path, "b", 6),
            "--min-gains", "0", "0.9", "--folds", "2", "-o", str(out)]
    assert script.main(argv) == 0
    report = json.loads(out.read_text(encoding="utf8"))
    # PAIS "add" raises F1 from 0.667 to 1.0 in each fold: the margin 0.9 would not let it, so 0 is chosen
    assert report["min_gain"] == 0.0 and set(report["min_gain_folds"]["mean_f1"]) == {"0.0", "0.9"}
    assert report["policies"] == report["policies_no_margin"] == {"PAIS": "add"}
    assert report["confirm"]["vote"]["subtrack1"]["f1"] == 1.0
    assert report["confirm"]["crf"]["subtrack1"]["f1"] == pytest.approx(2 / 3, abs=1e-3)


@pytest.mark.parametrize("extra", [["--folds", "1"], ["--min-gains", "-0.1"]])
def test_vote_choose_script_refuses_bad_margins_and_folds(tmp_path, extra):
    script = load_script("e2ej_vote_choose")
    argv = ["--choose", *write_part(tmp_path, "a", 2), "--confirm", *write_part(tmp_path, "b", 2),
            "-o", str(tmp_path / "p.json"), *extra]
    with pytest.raises(SystemExit) as exc:
        script.main(argv)
    assert exc.value.code == 2


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
