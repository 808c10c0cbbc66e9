"""Spanish and Portuguese lines in capitals or in lower case are read as the language writes them.

The Spanish and Portuguese defaults were trained on written text, where capitals mark names; a line in
capitals or without them is read truecased (`spacy_anon.casing`, with the language's profile in
`spacy_anon.lexicon.case_profiles`), so it is masked as when written as usual. Per class: person names
with and without accents ("josé garcía", "JOÃO SILVA"), titles ("Dra.", "Sr.", "D."), places with a
prefix ("são paulo", "rio de janeiro"), dates in words, identifiers; the as-written text is read as it is.
"""
import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from casing_support import masked_words
from spacy_anon.casing import AS_WRITTEN, LOWER, UPPER, line_regime, reading_text, truecased_text, usual_form
from spacy_anon.lexicon.case_profiles import PROFILES

ES = [
    "El paciente José García Pérez ingresó el 12 de marzo de 2019 en el Hospital Universitario de Salamanca.",
    "Remitido por la Dra. María López desde Sevilla.",
    "D. Juan Martínez Ruiz, con DNI 12345678Z, vive en Madrid.",
]
PT = [
    "O presidente João Silva chegou a Lisboa no dia 3 de Março de 2005.",
    "A Sra. Maria Santos trabalha na Câmara Municipal do Porto.",
    "Pedro Costa e Ana Pereira visitaram São Paulo e o Rio de Janeiro.",
]


# sentences whose every word the truecasing gives back as written (in ES[2] and PT[1], "DNI" and
# "Municipal" are read as words: the masks are still the same, see the last test)
ROUND_TRIP = [("es", ES[0]), ("es", ES[1]), ("pt", PT[0]), ("pt", PT[2]),
              ("pt", "A Sra. Maria Santos trabalha na Universidade de Coimbra.")]


@pytest.fixture(scope="module")
def pipelines():
    return {"es": spacy_anon.load(lang="es"), "pt": spacy_anon.load(lang="pt")}



# ------------------------------------------------------------------ the truecased reading of a line

@pytest.mark.parametrize("lang,text", ROUND_TRIP)
def test_upper_and_lower_lines_read_as_written(lang, text):
    """The written sentences of each class come back exactly from their capitals and their lower case."""
    assert truecased_text(text.upper(), lang) == text
    assert truecased_text(text.lower(), lang) == text


@pytest.mark.parametrize("lang,line,expected", [
    ("es", "josé garcía y maría fernández llegaron", "José García y María Fernández llegaron"),
    ("es", "LA DRA. CARMEN RUIZ VIO AL SR. PABLO GÓMEZ", "La Dra. Carmen Ruiz vio al Sr. Pablo Gómez"),
    ("es", "¿vive josé en barcelona?", "¿Vive José en Barcelona?"),
    ("es", "nació en san sebastián el 4 de julio", "Nació en San Sebastián el 4 de julio"),
    ("pt", "JOÃO SILVA E MARIA OLIVEIRA", "João Silva e Maria Oliveira"),
    ("pt", "o sr. paulo santos vive em coimbra", "O Sr. Paulo Santos vive em Coimbra"),
    ("pt", "chegou a 5 de janeiro de 2004 ao brasil", "Chegou a 5 de Janeiro de 2004 ao Brasil"),
    ("pt", "viveu em santa catarina e no rio de janeiro", "Viveu em Santa Catarina e no Rio de Janeiro"),
])
def test_names_titles_places_and_dates_in_words(lang, line, expected):
    assert truecased_text(line, lang) == expected


@pytest.mark.parametrize("lang,word,form", [
    ("es", "izquierdo", "izquierdo"),  # a Faker surname that the clinical text writes as a word
    ("es", "madrid", "Madrid"),
    ("es", "marzo", "marzo"),  # Spanish months are written in lower case
    ("pt", "silva", "Silva"),  # as frequent as an ordinary word, yet a name
    ("pt", "dias", "dias"),  # "days" more often than the surname
    ("pt", "de", "de"),
    ("pt", "rapidamente", "rapidamente"),  # the adverb of a word is a word
])
def test_usual_form_per_language(lang, word, form):
    assert usual_form(word, LOWER, lang) == form
    assert usual_form(word.upper(), UPPER, lang) == form


def test_a_written_line_and_a_mixed_text_are_left_as_they_are():
    written = "O Dr. João Silva foi a Lisboa.\nSem nomes aqui."
    assert truecased_text(written, "pt") is written
    mixed = "Informe de alta.\nPACIENTE: JOSÉ GARCÍA\nVive en Madrid."
    out = truecased_text(mixed, "es")
    assert out.splitlines()[0] == "Informe de alta." and out.splitlines()[2] == "Vive en Madrid."
    assert out.splitlines()[1] == "Paciente: José García"
    assert line_regime("PACIENTE: JOSÉ GARCÍA") == UPPER and line_regime(written.splitlines()[0]) == AS_WRITTEN


def test_reading_text_of_spanish_and_portuguese_docs():
    for lang, text in (("es", "JOSÉ GARCÍA VIVE EN MADRID"), ("pt", "joão silva vive em lisboa")):
        doc = spacy.blank(lang)(text)
        assert reading_text(doc).lower() == text.lower() and reading_text(doc) != text


def test_every_profile_has_its_table_and_stop_words():
    from spacy_anon.casing import LEXICON

    for lang, profile in PROFILES.items():
        path = LEXICON / profile.table
        assert path.exists() and path.stat().st_size < 300_000, lang
        assert usual_form("xyzzq", LOWER, lang) == "Xyzzq"  # an unknown word in running text: a name


@pytest.mark.parametrize("lang", ["fr", "", "EN"])
def test_a_language_without_a_profile_is_refused(lang):
    with pytest.raises(ValueError, match="E450"):
        truecased_text("JEAN DUPONT HABITE A PARIS", lang)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from("aáãçéêíñóõúüßAÁÃÇÉÑÓÕÚÜ .,¿¡«»-\n'019"), max_size=80),
       st.sampled_from(("es", "pt")))
def test_truecasing_only_changes_case_and_keeps_length(text, lang):
    out = truecased_text(text, lang)
    assert len(out) == len(text)
    assert all(a == b or a.lower() == b.lower() or a.upper() == b.upper() for a, b in zip(text, out))
    for line, new in zip(text.split("\n"), out.split("\n")):
        if line_regime(line) == AS_WRITTEN:
            assert new == line


# ------------------------------------------------------------------------- through the default pipelines

@pytest.mark.parametrize("lang,text", [(lang, t) for lang, texts in (("es", ES), ("pt", PT)) for t in texts])
def test_upper_and_lower_documents_mask_the_words_masked_as_written(pipelines, lang, text):
    nlp = pipelines[lang]
    written = masked_words(nlp, text)
    assert written
    assert masked_words(nlp, text.upper()) == written
    assert masked_words(nlp, text.lower()) == written
