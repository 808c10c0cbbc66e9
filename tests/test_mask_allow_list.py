"""Pipeline-wide allow list of anon_mask: terms stay in clear whichever detector flagged them."""
import pytest
import spacy
from spacy.tokens import Span

import spacy_anon
from spacy_anon.labels import SPAN_KEY
from spacy_anon.mask.allow_list import (allowed_regions, compile_occurrence_patterns, inside_any, rule_allow_entries,
                                        trim_to_unallowed, whole_value_regions, worth_masking)

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
    # a candidate running past an allowed word is trimmed to the rest: the allowed word stays in clear
    doc = _mask(["Smith"], [("Courtney Smith", "PERSON")])
    assert "[PERSON_1] Smith did not" in doc._.anon_text and "Courtney" not in doc._.anon_text
    # fail closed: an occurrence that covers only part of a token leaves the token, and the candidate, whole
    doc = _mask([{"pattern": "Smi"}], [("Courtney Smith", "PERSON")])
    assert "Courtney" not in doc._.anon_text and "Smith" not in doc._.anon_text


def test_bad_allow_list_fails_when_the_pipe_is_built():
    with pytest.raises(ValueError, match="invalid pattern"):
        spacy.blank("en").add_pipe("anon_mask", config={"allow_list": [{"pattern": "[a-"}]})


def test_default_pipeline_keeps_allowed_terms_and_saves_the_list(tmp_path):
    text = "The applicant complained to the Norwegian Consumer Council. Mr John Smith appeared."
    plain = spacy_anon.load()(text)
    assert "Consumer Council" not in plain._.anon_text  # the tagger masks it by default
    nlp = spacy_anon.load(allow_list=["Norwegian Consumer Council"])
    doc = nlp(text)
    assert "Norwegian Consumer Council" in doc._.anon_text and "John Smith" not in doc._.anon_text
    nlp.to_disk(tmp_path / "m")
    reloaded = spacy.load(tmp_path / "m")(text)
    assert reloaded._.anon_text == doc._.anon_text


# ------------------------------------------------------------------ a tagger span running past an allowed phrase
CLERK = "She met the European Court of Human Rights clerk in Strasbourg."


@pytest.mark.parametrize("entry", [
    "European Court of Human Rights", {"text": "european court of human rights"},
    {"pattern": r"EUROPEAN COURT OF \w+ RIGHTS"},
])
def test_allowed_phrase_wins_over_a_tagger_span_one_word_longer(entry):
    # the default tagger reports "European Court of Human Rights clerk" as one ORG
    plain = spacy_anon.load()(CLERK)
    assert plain._.anon_text == "She met the [ORG_1] in [LOC_1]."
    doc = spacy_anon.load(allow_list=[entry])(CLERK)
    assert doc._.anon_text == "She met the European Court of Human Rights clerk in [LOC_1]."


@pytest.mark.parametrize("entry", ["European Court of Human Rights", {"pattern": r"european court of \w+ rights"}])
def test_anon_rules_allow_list_trims_a_tagger_span_too(entry):
    nlp = spacy_anon.load()
    nlp.get_pipe("anon_rules").add_allow_list([entry])
    doc = nlp("A European Court of Human Rights clerk, Mr Smith, replied.")
    assert doc._.anon_text == "A European Court of Human Rights clerk, [PERSON_1], replied."


def test_what_is_left_is_kept_only_when_worth_masking():
    doc = _mask(["Human Rights"], [("Human Rights; Mr Courtney", "PERSON"), ("Commission of\nHuman Rights", "ORG")])
    # the person's piece keeps its name words (cut to them), the ORG's rest is function and common words
    assert doc._.anon_text == "The applicant complained to the European  Commission of\nHuman Rights; [PERSON_1] Smith did not."
    assert [(ECHR[r["start"]:r["end"]], r["source"]) for r in doc._.anon_table] == [("Mr Courtney", "anon_crf")]


def test_worth_masking_and_trimming_rules():
    stop, common = {"the", "of", "'s", "a"}, {"clerk", "registry", "grand", "smith"}.__contains__
    keep = [w for w in ["the", ",", "'s", "clerk", "Registry", "Kowalski", "kowalski", "12", "A-12", "Smith"]
            if worth_masking(w, stop, common)]
    assert keep == ["Kowalski", "kowalski", "12", "A-12"]
    assert worth_masking("Smith", stop, common, name=True) and not worth_masking("The", stop, common, name=True)
    words = "the European Court clerk of Leeds".split()
    tokens, pos = [], 0
    for w in words:
        tokens.append((pos, pos + len(w), w))
        pos += len(w) + 1
    worth = lambda w: worth_masking(w, stop, common)  # noqa: E731
    assert trim_to_unallowed(tokens, [(100, 120)], worth) is None  # touches nothing allowed: whole
    assert trim_to_unallowed(tokens, [(4, 18)], worth) == [(5, 6)]  # "clerk of Leeds" -> "Leeds"
    assert trim_to_unallowed(tokens[:4], [(4, 18)], worth) == []  # "the" and "clerk": dropped
    assert trim_to_unallowed(tokens, [(5, 18)], worth) == [(1, 2), (5, 6)]  # "uropean Court" covers part of a token


def test_a_rule_pattern_allows_whole_token_runs_only():
    text = "Contact John at info@example.org today."
    phrases, whole = rule_allow_entries([{"pattern": r".*@example\.org"}, "John Doe"])
    assert [p.pattern for p in phrases] and len(whole) == 1
    john = [(8, 12)]
    assert whole_value_regions(text, john, whole) == []  # searched, ".*" would have allowed the whole line
    email = [(16, 32)]
    assert whole_value_regions(text, email, whole) == [(16, 32)]
