"""rules.institution_name: Spanish and Portuguese institutions named after a place or a person."""
import pytest
import spacy

import spacy_anon  # noqa: F401  (factories)


@pytest.fixture(scope="module")
def rules():
    nlp = spacy.blank("es")
    nlp.add_pipe("anon_rules", config={"recognizers": ["rules.institution_name"]})
    return nlp


@pytest.mark.parametrize("text,expected", [
    ("que trabaja en el Ayuntamiento de Toledo.", ["Ayuntamiento de Toledo"]),
    ("ingresó en el Hospital Universitario La Paz ayer", ["Hospital Universitario La Paz"]),
    ("Trabalha na Câmara Municipal de Lisboa desde 1990.", ["Câmara Municipal de Lisboa"]),
    ("a Universidade de Coimbra e o Banco de Portugal", ["Universidade de Coimbra", "Banco de Portugal"]),
    ("volvió al hospital de día", []),
    ("En el Hospital se quedó dos días.", []),
])
def test_institutions(rules, text, expected):
    doc = rules(text)
    assert [s.text for s in doc.spans["anon"]] == expected
    assert all(s.label_ == "ORG" and s._.anon_type == "ORGANIZATION" for s in doc.spans["anon"])


def test_opt_in_only():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    assert "rules.institution_name" not in [r.name for r in nlp.get_pipe("anon_rules").recognizers]
