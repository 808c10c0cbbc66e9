"""`tag` in the document's language: class names per language ([PESSOA_1], [PERSONA_1], [PERSON_1]),
one index per entity, named formats ([**PESSOA5**])."""
import pytest
import spacy

import spacy_anon  # noqa: F401  (extensions, factories)
from spacy_anon.labels import CATEGORIES
from spacy_anon.lexicon.tag_names import TAG_NAMES, resolve_tag_format, tag_label

pytestmark = pytest.mark.filterwarnings("ignore:anon_mask. no detector")


def tagged(lang, text, spans, **config):
    nlp = spacy.blank(lang)
    nlp.add_pipe("anon_mask", config=dict(strategy="tag", use_ents=False, run_rules=False, **config))
    doc = nlp.make_doc(text)
    found = []
    for phrase, label in spans:
        start = text.index(phrase)
        found.append(doc.char_span(start, start + len(phrase), label=label))
    doc.spans["anon"] = found
    return nlp.get_pipe("anon_mask")(doc)._.anon_text


PT = "O Papa Clemente VII recebeu Henrique em Lisboa. Mais tarde, Henrique voltou à Universidade de Coimbra."
PT_SPANS = [("Clemente VII", "PERSON"), ("Henrique", "PERSON"), ("Lisboa", "LOC"),
            ("Universidade de Coimbra", "ORG")]


def test_portuguese_class_names_one_index_per_entity():
    out = tagged("pt", PT, PT_SPANS)
    assert out.startswith("O Papa [PESSOA_1] recebeu [PESSOA_2] em [LOCAL_1].")
    assert "[ORGANIZACAO_1]" in out
    assert "Henrique" not in out and "Lisboa" not in out


def test_portuguese_harem_format():
    out = tagged("pt", PT, PT_SPANS, operators={"tag": {"format": "harem"}})
    assert out.startswith("O Papa [**PESSOA1**] recebeu [**PESSOA2**] em [**LOCAL1**].")


def test_spanish_class_names():
    text = "La paciente María José Pérez vive en Barcelona y trabaja en el Hospital Clínic."
    out = tagged("es", text, [("María José Pérez", "PERSON"), ("Barcelona", "LOC"), ("Hospital Clínic", "ORG")])
    assert out == "La paciente [PERSONA_1] vive en [LUGAR_1] y trabaja en el [ORGANIZACION_1]."


def test_english_unchanged_and_category_names_on_request():
    text = "Maria Santos moved to Porto."
    spans = [("Maria Santos", "PERSON"), ("Porto", "LOC")]
    assert tagged("en", text, spans) == "[PERSON_1] moved to [LOC_1]."
    assert tagged("pt", "Maria Santos mudou-se para o Porto.", spans,
                  operators={"tag": {"names": "category"}}) == "[PERSON_1] mudou-se para o [LOC_1]."


def test_bad_names_setting_says_the_choices():
    with pytest.raises(ValueError, match="E135"):
        tagged("pt", PT, PT_SPANS, operators={"tag": {"names": "portuguese"}})


def test_tables_cover_every_category():
    for lang in ("pt", "es"):
        assert set(TAG_NAMES[lang]) == set(CATEGORIES)
        assert all(name.isupper() and name.isascii() for name in TAG_NAMES[lang].values())
    assert tag_label("PERSON", "fr") == "PERSON" and tag_label("SECRET", "pt") == "SECRET"
    assert resolve_tag_format("harem") == "[**{label}{index}**]"
    assert resolve_tag_format("<<{label}>>") == "<<{label}>>"
