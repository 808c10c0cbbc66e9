"""The model-free chunker: phrases as atomic units, stop words dropped, same keys in training and detection."""
import spacy

from spacy_anon.disclosure.chunking import chunk_doc, chunk_keys, iter_chunked_texts, text_key

TEXT = (
    "Thomas Cruise Mapother IV (born July 3, 1962) is an American actor and producer. He started "
    "his career at age 19 in the film Endless Love (1981), before starring in the action drama Top Gun "
    "(1986) and in A Few Good Men. He read the New York Times and joined the Church of Scientology."
)


def _chunks(text, **kw):
    nlp = spacy.blank("en")
    doc = nlp(text)
    return doc, chunk_doc(doc, **kw)


def test_names_dates_numbers_are_single_units():
    doc, chunks = _chunks(TEXT)
    by_text = {doc[c.start:c.end].text: c for c in chunks}
    assert by_text["Thomas Cruise Mapother IV"].key == "thomas_cruise_mapother_iv"
    assert by_text["July 3, 1962"].kind == "date"
    assert by_text["Endless Love"].kind == "name"
    assert by_text["Top Gun"].key == "top_gun"  # a capitalised stop word inside a title is kept
    assert by_text["A Few Good Men"].key == "few_good_men"  # the article is in the span, not the key
    assert by_text["Church of Scientology"].key == "church_of_scientology"
    assert by_text["1986"].kind == "number"


def test_stop_words_dropped_and_article_does_not_change_the_key():
    keys = chunk_keys(spacy.blank("en")(TEXT))
    assert "new_york_times" in keys
    assert text_key("the New York Times") == "new_york_times"
    for stop in ("is", "an", "and", "the", "he", "his"):
        assert stop not in keys


def test_verbs_and_adverbs_are_not_nominal():
    doc, chunks = _chunks("She currently stars in the drama and was born in Lyon.")
    nominal = {doc[c.start:c.end].text: c.nominal for c in chunks}
    assert nominal["currently"] is False
    assert nominal["born"] is False
    assert nominal["drama"] is True
    assert nominal["Lyon"] is True


def test_merge_lowercase_and_deterministic():
    _, plain = _chunks("He played a recurring role in the television series.")
    _, merged = _chunks("He played a recurring role in the television series.", merge_lowercase=True)
    assert "television_series" in [c.key for c in merged]
    assert "television_series" not in [c.key for c in plain]
    assert [c.key for c in _chunks(TEXT)[1]] == [c.key for c in _chunks(TEXT)[1]]


def test_training_and_detection_see_the_same_units():
    nlp = spacy.blank("en")
    from_training = next(iter_chunked_texts([TEXT]))
    assert from_training == chunk_keys(nlp(TEXT))


def test_unknown_chunker_is_an_error():
    import pytest

    with pytest.raises(ValueError):
        chunk_doc(spacy.blank("en")("x"), chunker="nope")


def _split_apostrophes(text):
    """A doc tokenised as the default English pipeline does: an apostrophe is a token of its own."""
    import re
    from spacy.tokens import Doc
    nlp = spacy.blank("en")
    parts = re.findall(r"\w+|[^\w\s]|\s+", text)
    words, spaces = [], []
    for part in parts:
        if part.isspace():
            if spaces:
                spaces[-1] = True
            continue
        words.append(part)
        spaces.append(False)
    return Doc(nlp.vocab, words=words, spaces=spaces)


def test_possessive_split_into_apostrophe_and_s_is_no_chunk():
    # The default pipeline's tokenizer splits "keeper's" into keeper / ' / s: the "s" is the possessive,
    # not a word (a chunk over it was replaced alone: "the custodian'a female offspring").
    for text in ("the lighthouse keeper's daughter", "the lighthouse keeper’s daughter", "John's car",
                 "Charlie's Angels won", "Spike Jonze's film"):
        doc = _split_apostrophes(text)
        for chunk in chunk_doc(doc):
            span = doc[chunk.start:chunk.end]
            assert span[0].text.lower() != "s" or span.start == 0 or doc[span.start - 1].text not in ("'", "’"), \
                (text, span.text)
    doc = _split_apostrophes("the lighthouse keeper's daughter")
    assert {doc[c.start:c.end].text for c in chunk_doc(doc)} >= {"lighthouse", "keeper", "daughter"}
    doc = _split_apostrophes("Charlie's Angels won")
    assert "Charlie's Angels" in {doc[c.start:c.end].text for c in chunk_doc(doc)}
