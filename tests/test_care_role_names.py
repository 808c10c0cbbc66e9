"""Bug (issue 28, notes in capitals): "NURSE WILL COOK CALLED FAMILY AT 1400." masked only "COOK" (as ORG) and
left "WILL" in clear: the truecaser read "Nurse will Cook", the span was cut at the verb "will", and a
care role before a word-name ("WILL", "MAY", "HOPE") in capitals was taken for a job title ("Nurse ...
Cook"). The class: after a care role or a title, a given name that is also a word is the name's first
word, in any casing (`generic_words.GenericWordTrimmer.verb`, `name_context.titled_name`); "THE NURSE WILL
CALL" stays a sentence and "NURSE MANAGER" a job."""
import pytest

from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, name", [
    ("NURSE WILL COOK CALLED FAMILY AT 1400. PT RESTING.", "WILL COOK"),
    ("Nurse Will Cook called the family.", "Will Cook"),
    ("SPOKE WITH DR MAY PATEL.", "MAY PATEL"),
])
def test_a_word_name_after_a_care_role_is_masked(nlp, text, name):
    assert any(name in masked for masked in masked_texts(nlp, text))


@pytest.mark.parametrize("text, clear", [("THE NURSE WILL CALL THE FAMILY AT 1400.", "WILL"),
                                          ("NURSE MANAGER AWARE.", "MANAGER")])
def test_a_verb_or_a_job_after_a_care_role_stays(nlp, text, clear):
    assert not any(clear in masked for masked in masked_texts(nlp, text))
