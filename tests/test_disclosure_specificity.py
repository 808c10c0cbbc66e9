"""anon_disclosure's specificity="relative": a word close to every entity of the corpus ("film" in actors'
biographies) is not a quasi-identifier of one of them; a word close to this one only is."""
from pathlib import Path

import numpy
import pytest
import spacy
from gensim.models import KeyedVectors

import spacy_anon  # noqa: F401
import spacy_anon.disclosure.component  # noqa: F401
from spacy_anon.disclosure.detect import mean_unit_vector, reference_keys, specificity
from spacy_anon.disclosure.vectors import load_vectors, train_from_corpus

TEXT = "Nora Vell made her career in film in Dunmore after years of ballet."


def _unit(*xs):
    v = numpy.array(xs, dtype="float32")
    return v / numpy.linalg.norm(v)


@pytest.fixture()
def kv():
    """Hand-set vectors: axis 0 is "being an actor" (shared by everyone), axes 1-3 one actor each.
    "film", "career" and "years" point along the shared axis, "ballet" and "dunmore" (her birthplace) along
    her own."""
    kv = KeyedVectors(vector_size=4)
    keys = ["film", "career", "years", "silas_rook", "mara_quill", "tobias_renwick", "nora_vell", "dunmore", "ballet"]
    vecs = [_unit(1, 0, 0, 0), _unit(0.9, 0.1, 0.05, 0.05), _unit(1, 0.05, 0, 0), _unit(0.6, 0, 0.8, 0),
            _unit(0.6, 0, 0, 0.8), _unit(0.6, 0, -0.8, 0), _unit(0.6, 0.8, 0, 0), _unit(0.3, 0.95, 0, 0),
            _unit(0.3, 0.95, 0, 0)]
    kv.add_vectors(keys, numpy.vstack(vecs))
    return kv


def _nlp(kv, **cfg):
    nlp = spacy.blank("en")
    pipe = nlp.add_pipe("anon_disclosure", config={"threshold": 0.25, **cfg})
    pipe.set_vectors(kv)
    return nlp


def _flagged(nlp, text=TEXT, subject="Nora Vell"):
    doc = nlp.make_doc(text)
    doc._.anon_subject = subject
    doc = nlp(doc)
    return {s.text for s in doc.spans["anon"]}, doc


def test_reference_population_is_frequent_multiword_units_without_the_subject(kv):
    assert reference_keys(kv, exclude=("nora", "vell"), size=10) == ["silas_rook", "mara_quill", "tobias_renwick"]
    assert reference_keys(kv, exclude=("nora", "vell"), size=2) == ["silas_rook", "mara_quill"]
    assert reference_keys(kv, exclude=("silas",), size=10) == ["mara_quill", "tobias_renwick", "nora_vell"]
    mean = mean_unit_vector([kv[k] for k in ["silas_rook", "mara_quill"]], 4)
    assert mean == pytest.approx(numpy.array([0.6, 0, 0.4, 0.4]), abs=1e-6)
    assert mean_unit_vector([], 4).tolist() == [0, 0, 0, 0]


def test_specificity_subtracts_the_mean_cosine_to_the_reference(kv):
    mean = mean_unit_vector([kv[k] for k in reference_keys(kv, ("nora", "vell"))], 4)
    subject = kv["nora_vell"]
    assert specificity(kv["film"], subject, mean) == pytest.approx(0.0, abs=1e-6)  # as close to all as to her
    assert specificity(kv["dunmore"], subject, mean) > 0.6
    assert specificity(kv["film"], subject, None) == pytest.approx(0.6, abs=1e-6)  # plain cosine


def test_absolute_flags_words_close_to_everyone_relative_keeps_them(kv):
    absolute, _ = _flagged(_nlp(kv))
    assert {"Nora Vell", "film", "career", "years", "Dunmore", "ballet"} <= absolute
    relative, doc = _flagged(_nlp(kv, specificity="relative", specificity_threshold=0.2))
    assert {"Nora Vell", "Dunmore", "ballet"} <= relative  # the subject and what is hers
    assert not {"film", "career", "years"} & relative
    assert relative < absolute  # only narrows the absolute rule
    assert doc._.anon_stats["disclosure_unspecific"] >= 2


def test_relative_threshold_sets_how_specific(kv):
    loose, _ = _flagged(_nlp(kv, specificity="relative", specificity_threshold=-0.5))
    strict, _ = _flagged(_nlp(kv, specificity="relative", specificity_threshold=0.9))
    absolute, _ = _flagged(_nlp(kv))
    assert loose == absolute
    # mentions are flagged whatever their score; names ("Dunmore") keep the absolute rule
    assert strict == {"Nora Vell", "Dunmore"}


def test_relative_never_flags_what_absolute_keeps_on_trained_vectors(tmp_path):
    fixture = Path(__file__).parent / "fixtures" / "disclosure_tiny.jsonl"
    train_from_corpus(fixture, tmp_path, vector_size=24, window=5, epochs=100, workers=1, seed=1, sample=0)
    kv = load_vectors(tmp_path)
    text = "Nora Vell starred in Glass Orchard as the pilot Juno Kade and was born in Dunmore."
    for t in (0.1, 0.3, 0.5):
        absolute, _ = _flagged(_nlp(kv, threshold=t), text)
        relative, _ = _flagged(_nlp(kv, threshold=t, specificity="relative", specificity_threshold=0.1,
                                    reference_size=50), text)
        assert relative <= absolute, t


@pytest.mark.parametrize("cfg", [
    {"specificity": "frequency"},
    {"specificity_threshold": 1.5},
    {"specificity_threshold": -2.0},
    {"reference_size": 0},
])
def test_invalid_settings_raise_E390(cfg):
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="E409"):
        nlp.add_pipe("anon_disclosure", config=cfg)
    with pytest.raises(ValueError, match="E409"):
        spacy_anon.disclosure.component.DisclosureDetector(None, **cfg)
    with pytest.raises(ValueError, match="E409.*specificity_threshold"):
        spacy_anon.disclosure.component.DisclosureDetector(None, specificity_threshold="high")


def test_settings_survive_to_disk(kv, tmp_path):
    nlp = _nlp(kv, specificity="relative", specificity_threshold=0.15, reference_size=2)
    nlp.to_disk(tmp_path / "p")
    loaded = spacy.load(tmp_path / "p")
    cfg = loaded.get_pipe("anon_disclosure").cfg
    assert (cfg["specificity"], cfg["specificity_threshold"], cfg["reference_size"]) == ("relative", 0.15, 2)
    assert _flagged(loaded)[0] == _flagged(nlp)[0]
