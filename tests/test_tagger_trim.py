"""Bug: the recall-tuned CRF tagged "Mail" (before an e-mail) and "Contact Mr Cengiz Polat" as PERSON."""
import spacy

from spacy_anon.tagger.crf_component import trim_common_words


def _spans(text, spans, names=frozenset()):
    doc = spacy.blank("en")(text)
    result = trim_common_words(doc, [(s, e, label, 0.9) for s, e, label in spans], frozenset(names))
    return [doc[s:e].text for s, e, _, _ in result]


def test_leading_common_word_before_a_name_is_trimmed():
    assert _spans("Contact Mr Cengiz Polat today", [(0, 4, "PERSON")]) == ["Mr Cengiz Polat"]


def test_lone_common_capitalised_word_is_dropped():
    assert _spans("Mail jane", [(0, 1, "PERSON")]) == []


def test_names_initials_surnames_and_descriptions_are_kept():
    assert _spans("Mrs E. Palm", [(0, 4, "PERSON")]) == ["Mrs E. Palm"]
    assert _spans("Will Smith", [(0, 2, "PERSON")], names={"will"}) == ["Will Smith"]
    assert _spans("his two sisters", [(0, 3, "PERSON")]) == ["his two sisters"]
    assert _spans("Mail Office", [(0, 2, "ORG")]) == ["Mail Office"]  # other labels untouched


def test_lone_function_words_are_dropped_whatever_the_label():
    """Bug: with the recall knob on, "at" in "Mail Cengiz Polat at cengiz.polat@..." came out as ORG."""
    assert _spans("Polat at home", [(1, 2, "ORG"), (0, 1, "PERSON")]) == ["Polat"]
    assert _spans("The Hague", [(0, 2, "LOC")]) == ["The Hague"]
