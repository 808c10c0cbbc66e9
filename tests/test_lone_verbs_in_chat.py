"""Bug (issue 28, chat): "@jess_k omg same!! see u at glastonbury x" masked "see" as a place. In a line typed
in lower case (or in capitals) case says nothing, and a span of common words was dropped there only when it
held a word no name holds ("to", "then", "we"); a lone verb was kept, since a name may be a word ("coach will
said"). The class: a one-word span that is a common verb of instructions, chat or narration ("see", "go",
"call", "said") in a line of one case is no name (`common_word_names.LONE_VERBS`); a listed given name that
is also a verb ("will", "mark") is kept."""
import pytest

from spacy_anon.tagger.span_filters.common_word_names import drop_common_word_names
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


def test_a_lone_verb_in_chat_is_no_name(nlp):
    text = "@jess_k omg same!! see u at glastonbury x"
    assert "see" not in masked_texts(nlp, text)


@pytest.mark.parametrize("line, word, dropped", [
    ("ok see u there", "see", True), ("OK SEE U THERE", "SEE", True), ("we said no", "said", True),
    ("thanks mark see you", "mark", False), ("ok see u there", "u", True),  # a chat word names no one
    ("see u at glastonbury", "glastonbury", False),
])
def test_lone_verbs_and_given_names(nlp, line, word, dropped):
    doc = nlp.make_doc(line)
    i = [t.text for t in doc].index(word)
    kept = drop_common_word_names(doc, [(i, i + 1, "LOC", 0.5)], ("LOC",), names=frozenset({"mark"}))
    assert (kept == []) is dropped
