"""`spacy_anon.load(lang="es")`: the shipped Spanish model (MEDDOCAN + the persons, places and organisations
of general text) on real sentences; tags use Spanish class names; the Spanish demo leaves no name in clear."""
import pytest

import spacy_anon
from spacy_anon.cli.demo import EXAMPLES_DIR
from spacy_anon.pipeline import DEFAULT_MODEL_DIRS

MODEL = DEFAULT_MODEL_DIRS["es"]
pytestmark = pytest.mark.skipif(not (MODEL / "config.cfg").exists(), reason="Spanish model not packaged")

DEMO = EXAMPLES_DIR / "informe_alta.es.txt"
DEMO_NAMES = ("Carmen", "Delgado", "Ruiz", "Sevilla", "Alcalá", "28014", "Madrid", "La Paz", "Javier", "Moreno",
              "Lucía", "Fernández", "Chamberí", "600 123 456", "lucia.fernandez")


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load(lang="es")


def test_the_shipped_model_is_small_and_used(nlp):
    size = sum(p.stat().st_size for p in MODEL.rglob("*") if p.is_file())
    assert size < 5e6
    assert nlp.lang == "es" and "anon_crf" in nlp.pipe_names and nlp.pipe_names[-1] == "anon_mask"


@pytest.mark.parametrize("text,names", [
    ("El presidente Pedro Sánchez viajó a Barcelona para reunirse con directivos de Telefónica.",
     ("Pedro Sánchez", "Barcelona")),
    ("Gabriel García Márquez nació en Aracataca y trabajó en Bogotá para El Espectador.",
     ("García Márquez", "Bogotá")),
    ("La alcaldesa de Valencia, María José Catalá, se reunió con Juan Pérez en la Universidad de Salamanca.",
     ("María José", "Catalá", "Juan Pérez", "Salamanca")),
])
def test_general_text_names_places_organisations(nlp, text, names):
    doc = nlp(text)
    assert doc._.anon_status == "ok"
    for name in names:
        assert name not in doc._.anon_text, name


def test_clinical_text_and_spanish_tags(nlp):
    doc = nlp("Paciente: Carmen Delgado Ruiz, de 67 años, ingresó en el Hospital Universitario La Paz.")
    assert "Carmen" not in doc._.anon_text and "La Paz" not in doc._.anon_text
    assert "[PERSONA_1]" in doc._.anon_text


def test_demo_document_leaves_no_person_place_or_contact_in_clear(nlp):
    doc = nlp(DEMO.read_text(encoding="utf-8"))
    assert doc._.anon_status == "ok"
    for name in DEMO_NAMES:
        assert name not in doc._.anon_text, name


# Known misses of the shipped model (no general Spanish training text offline, docs/languages.md): an
# organisation outside MEDDOCAN's and HAREM's vocabulary, a small town, a newspaper, a city after a title.
# ("Ayuntamiento de Toledo" was one; the opt-in rules.institution_name recognizer of the shipped model finds it.)
@pytest.mark.xfail(strict=True, reason="general Spanish organisations and places outside the training data")
@pytest.mark.parametrize("text,name", [
    ("El presidente viajó a Barcelona para reunirse con directivos de Telefónica.", "Telefónica"),
    ("Gabriel García Márquez nació en Aracataca y trabajó en Bogotá para El Espectador.", "Aracataca"),
    ("Gabriel García Márquez nació en Aracataca y trabajó en Bogotá para El Espectador.", "El Espectador"),
    ("La alcaldesa de Valencia, María José Catalá, habló ayer.", "Valencia"),
])
def test_known_misses(nlp, text, name):
    assert name not in nlp(text)._.anon_text


def test_places_are_generalized_in_spanish():
    doc = spacy_anon.load(lang="es", strategy="generalize")("El paciente, natural de Barcelona, ingresó ayer.")
    assert doc._.anon_text == "El paciente, natural de una ciudad de España, ingresó ayer."


def test_institutions_named_after_a_place_are_masked(nlp):
    out = nlp("La paciente vive con su hija, Lucía Fernández Delgado, que trabaja en el Ayuntamiento de Toledo.")
    assert "Toledo" not in out._.anon_text and "Ayuntamiento" not in out._.anon_text
    assert "Lucía" not in out._.anon_text


def test_the_spanish_demo_leaves_no_name_in_clear():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "assets" / "examples" / "informe_alta.es.txt").read_text("utf8")
    out = spacy_anon.load(lang="es")(text)._.anon_text
    for name in ("Toledo", "Ayuntamiento"):
        assert name not in out


def test_the_recall_knob_reaches_three_of_the_known_misses():
    """docs/languages.md: entity_threshold 0.1 masks the small town, the newspaper and the city after a title;
    the shipped model keeps 0 because no held-out Spanish text measures the precision it costs."""
    nlp = spacy_anon.load(lang="es")
    assert nlp.get_pipe("anon_crf").cfg["entity_threshold"] == 0
    nlp.get_pipe("anon_crf").cfg["entity_threshold"] = 0.1
    out = nlp("Gabriel García Márquez nació en Aracataca y trabajó en Bogotá para El Espectador.")._.anon_text
    assert "Aracataca" not in out and "Espectador" not in out
    assert "Valencia" not in nlp("La alcaldesa de Valencia, María José Catalá, habló ayer.")._.anon_text
