"""Spanish organisations and places found by a list or a cue word (`spacy_anon.lexicon.name_cues`), run as
`anon_rules` custom recognizers on sentences written for these tests; the clinical phrasings that share a
cue word ("la cadena A alfa", "grupo A") and a place's own name ("Ciudad de México") stay as they are."""
import pytest
import spacy

from spacy_anon.lexicon.gazetteers import gazetteer_entries
from spacy_anon.lexicon.name_cues import name_cue_recognizers


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("es")
    nlp.add_pipe("anon_rules", config={
        "recognizers": [], "custom_recognizers": {"@misc": "spacy_anon.name_cue_recognizers.v1", "lang": "es"}})
    return nlp


def found(nlp, text):
    doc = nlp(text)
    return [(sp.text, sp.label_) for sp in doc.spans["anon"]]


@pytest.mark.parametrize("text,expected", [
    ("Su hermano es ingeniero en Iberdrola y su cuñada trabaja en Mercadona.",
     [("Iberdrola", "ORG"), ("Mercadona", "ORG")]),
    ("Ana Ruiz, periodista de La Vanguardia, entrevistó al consejero delegado de Repsol.",
     [("La Vanguardia", "ORG"), ("Repsol", "ORG")]),
    ("Tras diez años en Gas Natural Fenosa se incorporó a Telefónica Móviles.",
     [("Gas Natural Fenosa", "ORG"), ("Telefónica Móviles", "ORG")]),
    ("Según publicó el diario Hoy de Extremadura, el consejero dimitió el martes.",
     [("Hoy de Extremadura", "ORG")]),
    ("La aseguradora Previsora General no cubre la prótesis.", [("Previsora General", "ORG")]),
    ("Trabaja como contable en Transportes Hermanos Gil, S.L. desde 2015.",
     [("Transportes Hermanos Gil, S.L.", "ORG")]),
    ("Distribuciones Norte SA presentó concurso de acreedores.", [("Distribuciones Norte SA", "ORG")]),
])
def test_organisations_by_name_cue_or_legal_form(nlp, text, expected):
    assert found(nlp, text) == expected


@pytest.mark.parametrize("text,expected", [
    ("La alcaldesa de Valencia inauguró el mercado.", [("Valencia", "LOC")]),
    ("El paciente, vecino de Villanueva de la Serena, acude a urgencias.", [("Villanueva de la Serena", "LOC")]),
    ("Natural de Tlacotalpan, reside en Coatzacoalcos desde hace años.",
     [("Tlacotalpan", "LOC"), ("Coatzacoalcos", "LOC")]),
    ("Nació en Aracataca en 1927.", [("Aracataca", "LOC")]),
])
def test_places_after_a_cue_word(nlp, text, expected):
    assert found(nlp, text) == expected


@pytest.mark.parametrize("text", [
    "Depósitos positivos para la cadena A alfa del fibrinógeno.",
    "El grupo A de la clasificación de Child-Pugh tiene mejor pronóstico.",
    "El país vecino cerró la frontera; el mundo entero lo vio.",
    "La empresa familiar cerró en verano.",
    "Mango, piña y papaya forman parte de la dieta.",
])
def test_no_match_in_ordinary_or_clinical_phrasing(nlp, text):
    assert found(nlp, text) == []


@pytest.mark.parametrize("text,expected", [
    ("La aseguradora rechazó cubrir la prótesis del señor Ramírez.", [("Ramírez", "PERSON")]),
    ("Doña Encarnación Ríos de la Vega firmó el consentimiento.", [("Encarnación Ríos de la Vega", "PERSON")]),
])
def test_persons_after_a_form_of_address(nlp, text, expected):
    assert found(nlp, text) == expected


def test_a_place_name_headed_by_a_cue_noun_is_not_cut():
    nlp = spacy.blank("es")
    nlp.add_pipe("anon_rules", config={"recognizers": [], "custom_recognizers": name_cue_recognizers("es")})
    assert found(nlp, "Viajó a Ciudad de México en mayo.") == []
    assert found(nlp, "Vive en la ciudad de Puebla.") == [("Puebla", "LOC")]


def test_the_list_is_documented_and_other_languages_are_refused():
    names = gazetteer_entries("package:organisations_es")
    assert "Telefónica" in names and "El Espectador" in names and len(names) > 150
    assert not any(name.startswith("#") for name in names)
    with pytest.raises(ValueError, match="E218"):
        name_cue_recognizers("de")
    without = name_cue_recognizers("es", organisations="", places=False)
    assert [entry["name"] for entry in without] == ["organisation_cues_es", "person_cues_es"]
