"""Document-level propagation of tagged strings (`spacy_anon.tagger.propagate`)."""
from spacy_anon.tagger.propagate import propagate_spans
from spacy_anon.tagger.tokenizer import split_char_classes


def tokens(text):
    words, spaces = split_char_classes(text)
    return words, [w.isspace() for w in words], [not s for s in spaces]


def spans_text(words, spans):
    return [("".join(words[s:e]), label) for s, e, label, _ in spans]


def test_other_occurrences_get_the_same_label():
    text = "Mr Jan Olsson lives in Malmö.\nLater Jan Olsson moved from Malmö to Lund."
    words, skip, glued = tokens(text)
    first = [(words.index("Jan"), words.index("Olsson") + 1, "PERSON", 0.9), (words.index("Malmö"),
             words.index("Malmö") + 1, "LOC", 0.8)]
    out = propagate_spans(words, first, skip, glued)
    assert spans_text(words, out) == [("JanOlsson", "PERSON"), ("Malmö", "LOC"), ("JanOlsson", "PERSON"),
                                      ("Malmö", "LOC")]
    assert out[2][3] == 0.9


def test_lowercase_phrases_and_word_pieces_do_not_spread():
    text = "his wife said Ann2 and Ann met his wife"
    words, skip, glued = tokens(text)
    wife = words.index("wife")
    ann = len(words) - 1 - words[::-1].index("Ann")  # the standalone "Ann"
    out = propagate_spans(words, [(wife - 2, wife + 1, "DEM", 0.5), (ann, ann + 1, "PERSON", 0.7)], skip, glued)
    assert len(out) == 2  # "his wife" is lowercase; "Ann" inside "Ann2" would cut a word


def test_existing_spans_are_not_overlapped():
    words, skip, glued = tokens("Court of Appeal and the Court of Appeal of Svea")
    last = len(words) - 1
    spans = [(0, 5, "ORG", 0.9), (words.index("the") + 2, last + 1, "ORG", 0.6)]
    out = propagate_spans(words, spans, skip, glued)
    assert out == sorted(spans)
    assert propagate_spans(words, [], skip, glued) == []
