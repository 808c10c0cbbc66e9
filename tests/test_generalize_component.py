"""The anon_generalize component on Docs: with and without vectors, coarsening, config errors, I/O."""
import numpy
import pytest
import spacy
from spacy.tokens import Span

import spacy_anon  # noqa: F401
from spacy_anon.generalize import component as comp
from spacy_anon.generalize import grammar, safety
from spacy_anon.generalize.vacuous import fallback_of
from conftest import WORDNET_REQUIRED, skip_without_wordnet  # noqa: F401
from spacy_anon.generalize.wordnet_install import english_lexicons

pytestmark = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)

TEXT = "Tom Cruise moved to Barcelona on 3 March 1990 when he was 27 years old . He met a famous lawyer ."


def make_doc(nlp):
    doc = nlp.make_doc(TEXT)
    doc.spans["anon"] = [
        Span(doc, 0, 2, "PERSON"), Span(doc, 4, 5, "LOC"), Span(doc, 6, 9, "DATETIME"),
        Span(doc, 12, 15, "AGE"), Span(doc, 18, 21, "MISC"), Span(doc, 20, 21, "ID"),
    ]
    doc._.anon_subject = "Tom Cruise"
    return doc


def replacements(doc):
    return {(s.text, s.label_): s._.anon_replacement for s in doc.spans["anon"]}


def test_without_vectors_takes_the_first_generalization():
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize")
    doc = gen(make_doc(nlp))
    out = replacements(doc)
    assert out[("Tom Cruise", "PERSON")] == "A person"
    assert out[("Barcelona", "LOC")] == "a city"
    assert out[("3 March 1990", "DATETIME")] == "March 1990"
    assert out[("27 years old", "AGE")] == "20-29 years old"
    assert out[("a famous lawyer", "MISC")] == "a lawyer"
    assert out[("lawyer", "ID")] is None  # skipped label
    assert doc._.anon_stats["generalized"] == 5


def test_levels_up_and_no_article():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_generalize", config={"levels_up": 2, "article": False})
    doc = nlp.get_pipe("anon_generalize")(make_doc(nlp))
    assert replacements(doc)[("Barcelona", "LOC")] == "municipality"


def test_existing_replacements_are_kept_unless_overwrite():
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize")
    doc = make_doc(nlp)
    doc.spans["anon"][1]._.anon_replacement = "somewhere"
    assert replacements(gen(doc))[("Barcelona", "LOC")] == "somewhere"
    gen.cfg["overwrite"] = True
    assert replacements(gen(doc))[("Barcelona", "LOC")] == "a city"


def test_determiner_before_the_span_suppresses_the_article():
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize")
    doc = nlp.make_doc("She works for the University of Texas")
    doc.spans["anon"] = [Span(doc, 4, 7, "ORG")]
    assert gen(doc).spans["anon"][0]._.anon_replacement == "university"


class FakeKV:
    """A tiny KeyedVectors stand-in: 2-d vectors, 'tom_cruise' along x."""

    def __init__(self, vectors):
        self.vectors = {k: numpy.asarray(v, dtype="float32") for k, v in vectors.items()}
        self.key_to_index = {k: i for i, k in enumerate(self.vectors)}

    def __getitem__(self, key):
        return self.vectors[key]


def test_with_vectors_picks_the_first_candidate_below_threshold():
    kv = FakeKV({
        "tom_cruise": [1, 0], "tom": [1, 0], "cruise": [1, 0],
        "city": [1, 0.1],            # close to the subject: unsafe
        "municipality": [0.9, 0.5],  # cos ~ 0.87: unsafe
        "urban_area": [0, 1],        # orthogonal: safe
    })
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize", config={"threshold": 0.25, "safety": "absolute"})
    gen.set_vectors(kv)
    doc = gen(make_doc(nlp))
    assert replacements(doc)[("Barcelona", "LOC")] == "an urban area"


def test_candidates_without_vectors_are_not_safe_and_counted():
    kv = FakeKV({"tom_cruise": [1, 0], "tom": [1, 0], "cruise": [1, 0], "region": [0, 1]})
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize", config={"safety": "absolute"})
    gen.set_vectors(kv)
    doc = nlp.make_doc("He moved to Barcelona")
    doc.spans["anon"] = [Span(doc, 3, 4, "LOC")]
    doc._.anon_subject = "Tom Cruise"
    doc = gen(doc)
    # city, municipality, urban area, geographical area have no vector (words "urban", "area" unknown)
    assert doc.spans["anon"][0]._.anon_replacement in ("a region", "an entity")
    assert doc._.anon_stats["generalize_no_vector"] >= 3


def test_mean_of_word_vectors_for_missing_phrases():
    kv = FakeKV({"urban": [1, 0], "area": [0, 1]})
    assert numpy.allclose(safety.candidate_vector(kv, "urban area"), [0.5, 0.5])
    assert safety.candidate_vector(kv, "galaxy") is None


def test_with_article():
    assert grammar.with_article("city") == "a city"
    assert grammar.with_article("organization") == "an organization"
    assert grammar.with_article("university") == "a university"
    assert grammar.with_article("hour") == "an hour"


def test_config_errors_are_clear(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_generalize", config={"vectors": str(tmp_path / "missing.kv")})
    with pytest.raises(ValueError, match="vectors path .* does not exist"):
        nlp(make_doc(nlp))
    with pytest.raises(ValueError, match="language code"):
        nlp.add_pipe("anon_generalize", name="g2", config={"lang": "english"})
    with pytest.raises(Exception, match="No WordNet for language 'xx'"):
        nlp.add_pipe("anon_generalize", name="g3", config={"lang": "xx"})
    with pytest.raises(Exception, match="not installed"):
        nlp.add_pipe("anon_generalize", name="g4", config={"lexicon": "nosuch:1.0"})
    with pytest.raises(ValueError, match="levels_up"):
        nlp.add_pipe("anon_generalize", name="g5", config={"levels_up": 0})


def test_missing_wordnet_error_names_the_install_command(tmp_path, monkeypatch):
    from spacy_anon.generalize import wordnet as gw

    monkeypatch.setattr(gw, "installed_lexicons", lambda lang="en": [])
    with pytest.raises(gw.WordNetMissingError, match="spacy-anon wordnet install"):
        gw.resolve_lexicon("en")


def test_round_trip_to_disk(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_generalize", config={"levels_up": 2, "threshold": 0.3})
    nlp.to_disk(tmp_path / "p")
    nlp2 = spacy.load(tmp_path / "p")
    gen = nlp2.get_pipe("anon_generalize")
    assert gen.cfg["levels_up"] == 2 and gen.cfg["threshold"] == 0.3
    b = nlp.get_pipe("anon_generalize").to_bytes()
    # the bytes carry what was learned, not settings: the receiving component keeps its own (the config's)
    assert comp.Generalizer(None).from_bytes(b).cfg["levels_up"] == 1


def _real_kv(tmp_path):
    from gensim.models import KeyedVectors

    kv = KeyedVectors(vector_size=2)
    keys = ["tom_cruise", "tom", "cruise", "city", "municipality", "urban_area"]
    kv.add_vectors(keys, numpy.asarray([[1, 0], [1, 0], [1, 0], [1, 0.1], [0.9, 0.5], [0, 1]], dtype="float32"))
    path = tmp_path / "vectors.kv"
    kv.save(str(path))
    return path


def test_vectors_path_round_trips_through_to_disk(tmp_path):
    path = _real_kv(tmp_path)
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_generalize", config={"vectors": str(path)})
    doc = nlp(make_doc(nlp))
    assert replacements(doc)[("Barcelona", "LOC")] == "an urban area"
    nlp.to_disk(tmp_path / "p")
    path.unlink()  # the saved pipeline has its own copy
    nlp2 = spacy.load(tmp_path / "p")
    doc2 = nlp2(make_doc(nlp2))
    assert replacements(doc2)[("Barcelona", "LOC")] == "an urban area"


def test_shares_the_vectors_of_anon_disclosure(tmp_path):
    path = _real_kv(tmp_path)
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_disclosure", config={"vectors": str(path)})
    gen = nlp.add_pipe("anon_generalize")
    assert gen.kv is nlp.get_pipe("anon_disclosure").kv
    nlp2 = spacy.blank("en")
    assert nlp2.add_pipe("anon_generalize", config={"vectors_from": None}).kv is None


def test_oov_candidates_safe_takes_the_first_unknown_candidate():
    kv = FakeKV({"tom_cruise": [1, 0], "tom": [1, 0], "cruise": [1, 0], "city": [1, 0.1]})
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize", config={"oov_candidates": "safe", "safety": "absolute"})
    gen.set_vectors(kv)
    doc = gen(make_doc(nlp))
    # "city" is known and too close; "municipality" is unknown, hence safe with this setting
    assert replacements(doc)[("Barcelona", "LOC")] == "a municipality"
    with pytest.raises(ValueError, match="oov_candidates"):
        nlp.add_pipe("anon_generalize", name="g2", config={"oov_candidates": "maybe"})


def test_nothing_safe_falls_back_to_the_category_word():
    kv = FakeKV({"tom_cruise": [1, 0], "tom": [1, 0], "cruise": [1, 0]})
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize", config={"safety": "absolute"})
    gen.set_vectors(kv)
    doc = gen(make_doc(nlp))
    assert replacements(doc)[("Barcelona", "LOC")] == "a location"
    assert doc._.anon_stats["generalize_no_safe_candidate"] >= 1


def test_numbers_and_sentence_initial_common_nouns():
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize", config={"safety": "absolute"})
    doc = nlp.make_doc("Detective arrived . The pair have two daughters .")
    doc.spans["anon"] = [Span(doc, 0, 1, "MISC"), Span(doc, 6, 7, "MISC")]
    assert gen.lookup_text(doc.spans["anon"][0]) == "detective"
    doc = gen(doc)
    first, number = [s._.anon_replacement for s in doc.spans["anon"]]
    assert first == "A policeman"  # detective > policeman; capital kept at the start of the sentence
    assert number == "a few"  # a number word is coarsened by its value, never the vacuous "some"
    doc = nlp.make_doc("Her first role")
    doc.spans["anon"] = [Span(doc, 1, 2, "MISC")]
    doc = gen(doc)
    assert doc.spans["anon"][0]._.anon_replacement is None  # an ordinal is not a quantity: it stays
    assert fallback_of(doc.spans["anon"][0]) == "keep"
