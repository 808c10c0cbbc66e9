"""Pipeline-wide allow list of anon_mask: terms stay in clear whichever detector flagged them."""
import pytest
import spacy
from spacy.tokens import Span

import spacy_anon
from spacy_anon.labels import SPAN_KEY
from spacy_anon.mask.allow_list import allowed_regions, compile_occurrence_patterns, inside_any

ECHR = "The applicant complained to the European  Commission of\nHuman Rights; Mr Courtney Smith did not."


def test_string_entries_match_whole_words_across_whitespace_and_case():
    patterns = compile_occurrence_patterns(["european commission of human rights", "Court"])
    regions = allowed_regions(ECHR, patterns)
    start = ECHR.index("European")
    assert regions == [(start, ECHR.index(";"))]  # "Courtney" is not the word "Court"
    assert inside_any(start, start + 8, regions) and not inside_any(start - 4, start + 8, regions)


def test_pattern_and_text_entries_and_bad_entries():
    patterns = compile_occurrence_patterns([{"pattern": r"Mr \w+ Smith"}, {"text": "applicant"}])
    assert [ECHR[s:e] for s, e in allowed_regions(ECHR, patterns)] == ["applicant", "Mr Courtney Smith"]
    for bad in [[""], [{"pattern": "("}], [{"label": "X"}], [3]]:
        with pytest.raises(ValueError, match="allow_list"):
            compile_occurrence_patterns(bad)


def _mask(allow_list, spans):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"run_rules": False, "allow_list": allow_list})
    doc = nlp.make_doc(ECHR)
    group = []
    for text, label in spans:
        start = ECHR.index(text)
        span = doc.char_span(start, start + len(text), label=label)
        span._.anon_source = "anon_crf"
        group.append(span)
    doc.spans[SPAN_KEY] = group
    return nlp.get_pipe("anon_mask")(doc)


def test_tagger_pieces_inside_an_allowed_term_are_dropped_longer_ones_kept():
    # a tagger split the name of the court in two pieces: both lie inside the allowed occurrence
    doc = _mask(["European Commission of Human Rights"],
                [("European  Commission of\nHuman", "ORG"), ("Rights", "LOC"), ("Courtney Smith", "PERSON")])
    assert doc._.anon_status == "ok"
    assert "European  Commission of\nHuman Rights" in doc._.anon_text
    assert [row["label"] for row in doc._.anon_table] == ["PERSON"]
    # fail closed: a candidate that only contains an allowed word is still masked
    doc = _mask(["Smith"], [("Courtney Smith", "PERSON")])
    assert "Smith" not in doc._.anon_text


def test_bad_allow_list_fails_when_the_pipe_is_built():
    with pytest.raises(ValueError, match="invalid pattern"):
        spacy.blank("en").add_pipe("anon_mask", config={"allow_list": [{"pattern": "[a-"}]})


def test_default_pipeline_keeps_allowed_terms_and_saves_the_list(tmp_path):
    text = "The applicant complained to the European Commission of Human Rights. Mr John Smith appeared."
    plain = spacy_anon.load()(text)
    assert "Commission of Human Rights" not in plain._.anon_text  # the tagger masks it by default
    nlp = spacy_anon.load(allow_list=["European Commission of Human Rights"])
    doc = nlp(text)
    assert "European Commission of Human Rights" in doc._.anon_text and "John Smith" not in doc._.anon_text
    nlp.to_disk(tmp_path / "m")
    reloaded = spacy.load(tmp_path / "m")(text)
    assert reloaded._.anon_text == doc._.anon_text
