"""Bug (issue 28, wrong types): "Call me on 07700 900123 tomorrow." came out as "[LOC_1] [LOC_2]": the rules
found the phone number, but the tagger's "07700" LOC and "900123 tomorrow" LOC were longer and won the overlap,
so the number was typed a place and "tomorrow" was masked with it ("0113 496 0000 tonight" CONTACT, "IP
203.0.113.77 eleven minutes" CONTACT the same). The class: a detector's span that runs over a rule's contact
value is cut back to what lies outside the value, and what is left of it is dropped when it holds only
function words, times of day, field keys and punctuation (`overlaps.rule_values_first`)."""
import pytest
from spacy.tokens import Doc
from spacy.vocab import Vocab

from spacy_anon.mask.overlaps import resolve_overlaps
from tests.default_pipeline import masked_rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, value, after", [
    ("Call me on 07700 900123 tomorrow.", "07700 900123", "tomorrow"),
    ("ring me on 0113 496 0000 tonight", "0113 496 0000", "tonight"),
    ("You can call me on 07700 900263 any weekday after 5.", "07700 900263", "any weekday"),
    ("The login came from IP 203.0.113.77 eleven minutes later.", "203.0.113.77", "IP"),
    ("Mail jane.roe@example.org this afternoon please", "jane.roe@example.org", "this afternoon"),
])
def test_a_contact_value_keeps_its_type_and_the_words_beside_it_stay(nlp, text, value, after):
    rows = masked_rows(nlp, text)
    assert (value, "CONTACT") in rows, rows
    assert not any(after in masked for masked, _ in rows), rows


def _spans(doc, *parts):
    spans = []
    for start, end, label, source, score in parts:
        span = doc[start:end]
        span.label_ = label
        span._.anon_source, span._.anon_score = source, score
        spans.append(span)
    return spans


def test_a_tagger_span_over_a_value_keeps_the_name_beside_it():
    doc = Doc(Vocab(), words=["ask", "John", "Smith", "07700", "900123", "today"])
    tagged, phone = _spans(doc, (1, 6, "PERSON", "anon_crf", 0.9), (3, 5, "CONTACT", "rules.phone", 0.95))
    kept = resolve_overlaps([tagged, phone])
    assert [(s.start, s.end, s.label_) for s in kept] == [(1, 3, "PERSON"), (3, 5, "CONTACT")]
    assert kept[0]._.anon_source == "anon_crf"


def test_pieces_of_a_value_and_the_setting_that_turns_it_off():
    doc = Doc(Vocab(), words=["on", "07700", "900123", "tomorrow"])
    first, rest, phone = _spans(doc, (1, 2, "LOC", "anon_crf", 0.55), (2, 4, "LOC", "anon_crf", 0.48),
                                (1, 3, "CONTACT", "rules.phone", 0.95))
    assert [(s.start, s.end, s.label_) for s in resolve_overlaps([first, rest, phone])] == [(1, 3, "CONTACT")]
    # off: the longer tagger pieces win, as before
    kept = resolve_overlaps([first, rest, phone], values_first=False)
    assert [(s.start, s.end, s.label_) for s in kept] == [(1, 2, "LOC"), (2, 4, "LOC")]


def test_a_value_found_by_a_tagger_alone_is_left_to_the_policy():
    doc = Doc(Vocab(), words=["on", "07700", "900123", "tomorrow"])
    tagged, other = _spans(doc, (1, 4, "LOC", "anon_crf", 0.5), (1, 3, "CONTACT", "anon_regex_generator", 0.9))
    assert [(s.start, s.end) for s in resolve_overlaps([tagged, other])] == [(1, 4)]


def test_the_setting_is_in_the_shipped_config(nlp):
    resolver = nlp.get_pipe("anon_mask").overlap_resolver
    assert resolver.keywords["values_first"] is True


def test_a_contact_value_without_its_context_cuts_nothing():
    """MEDDOCAN: "Apartado de Correos 20134 48080" read as a phone (score 0.6, no context word) must not cut
    the tagger's address (`overlaps.CONTACT_MIN_SCORE`)."""
    doc = Doc(Vocab(), words=["Apartado", "de", "Correos", "20134", "48080"])
    tagged, phone = _spans(doc, (0, 4, "LOC", "anon_crf", 0.9), (3, 5, "CONTACT", "rules.phone", 0.6))
    kept = resolve_overlaps([tagged, phone])
    assert [(s.start, s.end, s.label_) for s in kept] == [(0, 5, "LOC")]  # merged whole, as before
