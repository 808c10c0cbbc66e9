"""Possessives read the same whichever tokenizer wrote them: spaCy's English one ("keeper" / "'s") or the
default English pipeline's, which splits every apostrophe ("keeper" / "'" / "s")."""
import re

import pytest
import spacy
from spacy.tokens import Doc

from spacy_anon.generalize.rendering import render
from spacy_anon.possessives import ends_with_possessive, is_split_possessive_s, possessive_end

NLP = spacy.blank("en")


def split_apostrophes(text):
    words, spaces = [], []
    for part in re.findall(r"\w+|[^\w\s]|\s+", text):
        if part.isspace():
            spaces[-1] = True
        else:
            words.append(part)
            spaces.append(False)
    return Doc(NLP.vocab, words=words, spaces=spaces)


@pytest.mark.parametrize("make", [NLP.make_doc, split_apostrophes], ids=["spacy", "split"])
@pytest.mark.parametrize("apostrophe", ["'", "’"])
def test_the_word_after_a_possessive_is_read_as_after_one(make, apostrophe):
    doc = make(f"the lighthouse keeper{apostrophe}s daughter")
    daughter = [t.i for t in doc if t.text == "daughter"][0]
    assert ends_with_possessive(doc, daughter - 1)
    # the replacement after a possessive takes no article: "the keeper's female offspring"
    assert render(doc[daughter:daughter + 1], "female offspring", False) == "female offspring"


def test_an_s_that_is_a_word_or_a_name_part_is_no_possessive():
    doc = split_apostrophes("O'Sullivan said the letter s is short")
    assert not any(is_split_possessive_s(doc, t.i) for t in doc)
    doc = split_apostrophes("Charlie's Angels")
    assert possessive_end(doc, 1) == 3 and is_split_possessive_s(doc, 2)
    doc = split_apostrophes("the boys' room")  # a plural possessive is the apostrophe alone
    assert possessive_end(doc, 2) == 3


@pytest.mark.parametrize("make", [NLP.make_doc, split_apostrophes], ids=["spacy", "split"])
@pytest.mark.parametrize("text", ["let's go", "it's fine", "there's a form", "what's new", "That's all"])
def test_a_contraction_is_no_possessive(make, text):
    doc = make(text)
    assert all(possessive_end(doc, t.i) == t.i for t in doc)


NOTE = """L&D TRIAGE NOTE  12/24/2025 0315
CHRISTIANA PARK WOMEN'S HOSPITAL

PT: NGUYEN THI LAN   MRN: W-661904   DOB: 06/30/1998
SVE 4/80/-1 PER CNM SOLVEIG HALL. FHR 140S, MOD VAR, +ACCELS. SEE FLOWSHEET.
"""


def test_a_hospital_with_a_possessive_in_a_note_in_capitals_keeps_its_name_masked():
    # the note filter reads the head word after a possessive as the place's head; with the default
    # tokenizer's split apostrophe ("WOMEN" / "'" / "S") it missed it and "WOMEN" was left in clear
    from default_pipeline import default_nlp

    text = default_nlp()(NOTE)._.anon_text
    assert "CHRISTIANA" not in text and "WOMEN" not in text
