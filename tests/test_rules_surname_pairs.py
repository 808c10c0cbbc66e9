"""Two Spanish or Portuguese surnames in a row name a person (`rules.surname_pair`), in any one casing;
place names and ordinary words made of surnames stay out."""
import pytest

from spacy_anon.rules import find_matches
from spacy_anon.rules.matching import recognizers_for


def persons(text, lang):
    return [text[m.start:m.end] for m in find_matches(text, recognizers_for(("all",), (lang,))) if m.source == "rules.surname_pair"]


@pytest.mark.parametrize("text, lang, expected", [
    ("García López volvió a casa.", "es", ["García López"]),
    ("garcía lópez volvió ayer.", "es", ["garcía lópez"]),
    ("Refiere que FERNÁNDEZ RUIZ no acudió.", "es", ["FERNÁNDEZ RUIZ"]),
    ("Depois, silva santos negou tudo.", "pt", ["silva santos"]),
    ("O senhor Oliveira Costa Pereira chegou.", "pt", ["Oliveira Costa Pereira"]),
    # the given names before the surnames are part of the name (were left in clear: "María [PERSONA_1]")
    ("La paciente María García Pérez vive en Sevilla.", "es", ["María García Pérez"]),
    ("Depois, João Pedro da Silva Santos negou.", "pt", ["João Pedro da Silva Santos"]),
    ("Ana Maria de Souza Lima chegou.", "pt", ["Ana Maria de Souza Lima"]),
    ("Ayer García López volvió.", "es", ["García López"]),  # a word before that is no given name stays
    ("la paciente maría garcía pérez", "es", ["garcía pérez"]),  # lower case: only Title-case given names
])
def test_surname_pairs(text, lang, expected):
    assert persons(text, lang) == expected


@pytest.mark.parametrize("text, lang", [
    ("Viajó a Porto Alegre y a Porto Rico.", "pt"),
    ("Compró flores blancas en la costa.", "es"),
    ("las flores rosa de la costa", "es"),  # surnames in lower case that are ordinary words
    ("García volvió a casa con López.", "es"),  # not in a row
    ("García López volvió.", "en"),  # Spanish and Portuguese only
])
def test_not_surname_pairs(text, lang):
    assert persons(text, lang) == []
