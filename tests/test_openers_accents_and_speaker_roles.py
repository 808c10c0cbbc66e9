"""Bugs found on an Irish rota e-mail and a meeting transcript. "Pádraig is off sick" masked "Pádraig" as an
organisation (the given-name lists write "Padraig"); "Can Aoife cover the Saturday night?" masked "Can Aoife"
as one organisation; "Speaker 1 (Dr Helen Marsh):" masked "Speaker 1" as an organisation. A given name is
looked up without its accents too; an auxiliary or conjunction capitalised because it opens a sentence is
no part of a name; a transcript's numbered role label with the speaker's name in brackets is a turn's label
(the name in brackets is masked)."""
import pytest

from spacy_anon.mask.name_context import capitalised_opener
from spacy_anon.rules.recognizers.speakers import is_role_turn
from tests.default_pipeline import default_nlp, masked_rows, masked_texts, nlp  # noqa: F401  (the fixture)

ROTA = "Hi Declan,\nCan Aoife cover the Saturday night? Pádraig is off sick.\nThanks,\nSiobhán"
TRANSCRIPT = ("Speaker 1 (Dr Helen Marsh): Good morning everyone, let's start with the Q2 figures.\n"
              "Speaker 2 (Raj Patel): Thanks Helen. Revenue was down 4%.\n"
              "Speaker 1 (Dr Helen Marsh): And the Leicester site?")


@pytest.mark.parametrize("name", ["Declan", "Aoife", "Pádraig", "Siobhán"])
def test_irish_given_names_are_people(nlp, name):
    assert (name, "PERSON") in masked_rows(nlp, ROTA)


def test_a_sentences_opening_auxiliary_is_no_part_of_a_name(nlp):
    assert not any(m.startswith("Can") for m in masked_texts(nlp, ROTA))


@pytest.mark.parametrize("text, word, expected", [
    ("Hi,\nCan Aoife cover", "Can", True), ("It rained. Did Tomasz call?", "Did", True),
    ("The Hague is far.", "The", False), ("Will Smith called.", "Will", False), ("I said Can Aoife", "Can", False),
])
def test_capitalised_opener(text, word, expected):
    doc = default_nlp().make_doc(text)
    i = next(t.i for t in doc if t.text == word)
    assert capitalised_opener(doc, i, i + 2) is expected


def test_a_numbered_role_with_the_speaker_in_brackets_is_a_turns_label(nlp):
    masked = masked_texts(nlp, TRANSCRIPT)
    assert not any(m.startswith("Speaker") for m in masked)
    assert "Dr Helen Marsh" in masked and "Raj Patel" in masked
    start = TRANSCRIPT.index("Speaker 2")
    assert is_role_turn(TRANSCRIPT, start, start + len("Speaker 2"))


@pytest.mark.parametrize("lang, text, word, expected", [
    ("pt", "tentando tomar Áden sem êxito", "Áden", "ORG"), ("pt", "governador da Índia na sucessão", "Índia", "ORG"),
    ("en", "Tell Pádraig now", "Pádraig", "PERSON"), ("en", "flights to Índia now", "Índia", "ORG"),
])
def test_an_accented_given_name_is_looked_up_folded_in_english_only_and_never_a_place(lang, text, word, expected):
    """HAREM: "tentando tomar Áden", "governador da Índia" (a tagger's ORG) became persons once accents were
    folded ("aden", "india" are given names in the lists): the folded lookup is English text's, and never
    a known place's."""
    import spacy

    from spacy_anon.mask import span_kinds
    from spacy_anon.mask.fine_types import relabelled
    from spacy_anon.rules.recognizers.names import world_given_names
    doc = spacy.blank(lang)(text)
    start = text.index(word)
    span = doc.char_span(start, start + len(word), label="ORG")
    span._.anon_source = "anon_crf"
    out = span_kinds.decide_categories([span], text, span_kinds.person_names().__contains__, relabelled,
                                       is_given_name=world_given_names().__contains__)
    assert [s.label_ for s in out] == [expected]
