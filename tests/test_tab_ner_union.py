"""The NER screen trains on lines of the TAB documents, with the gold spans as entities."""
import spacy
from spacy.tokens import Span


def test_paragraphs_split_lines_and_keep_gold_entities(load_benchmark):
    bench = load_benchmark("tab_ner_union")
    nlp = spacy.blank("en")
    doc = nlp("Mr Olsen lives in Oslo.\n\nThe Government replied on 3 May 1999.")
    gold = [doc.char_span(0, 8, "PERSON"), doc.char_span(18, 22, "LOC"),
            doc.char_span(doc.text.index("3 May"), doc.text.index("3 May") + 10, "DATETIME"),
            doc.char_span(0, 2, "DEM")]  # overlaps the PERSON span: the longer one wins
    doc.spans["anon_gold"] = [s for s in gold if isinstance(s, Span)]
    lines = list(bench.paragraphs(doc))
    assert [line.text for line in lines] == ["Mr Olsen lives in Oslo.", "The Government replied on 3 May 1999."]
    assert [(e.text, e.label_) for e in lines[0].ents] == [("Mr Olsen", "PERSON"), ("Oslo", "LOC")]
    assert [(e.text, e.label_) for e in lines[1].ents] == [("3 May 1999", "DATETIME")]
