"""The pure engine: context scoring, allow and deny lists, overlap resolution, option validation."""
import pytest

from spacy_anon.rules import Pattern, Recognizer, find_matches, make_options
from spacy_anon.rules.matching import DENY_SOURCE, RuleMatch, context_distance, resolve_rule_overlaps
import re

TICKET = Recognizer(
    name="test.ticket",
    label="CODE",
    patterns=(Pattern(re.compile(r"\bT-\d{4}\b"), 0.3),),
    context=("ticket", "support request"),
    negative_context=("<example",),
)


def test_context_word_raises_score_above_threshold():
    assert find_matches("Nothing to see: T-1234.", [TICKET]) == []
    got = find_matches("Your ticket T-1234 was closed.", [TICKET])
    assert [(m.label, m.score, m.source) for m in got] == [("CODE", 0.65, "test.ticket")]


def test_context_after_and_phrase():
    assert find_matches("T-1234 is your support request.", [TICKET])
    assert not find_matches("T-1234 is your request.", [TICKET])


def test_context_window_is_respected():
    text = "ticket one two three four five six T-1234"
    assert not find_matches(text, [TICKET], context_window=5)
    assert find_matches(text, [TICKET], context_window=7)


def test_context_boost_is_configurable():
    assert find_matches("Your ticket T-1234.", [TICKET], context_boost=0.1) == []


def test_negative_context_lowers_score_and_nearest_word_wins():
    text = "For example T-1234 is a ticket."  # "example" is nearer (1) than "ticket" (3)
    assert find_matches(text, [TICKET], min_score=0.0)[0].score == 0.0
    text = "Example: the ticket T-1234."  # "ticket" is nearer
    assert find_matches(text, [TICKET])[0].score == 0.65
    # "<example" only counts before the match
    assert find_matches("T-1234 ticket, for example", [TICKET])[0].score == 0.65


def test_context_distance_directions():
    assert context_distance(["my", "is"], ["phone"], ("phone",)) == 1
    assert context_distance(["hace"], [], ("<hace",)) == 1
    assert context_distance([], ["hace"], ("<hace",)) is None
    assert context_distance(["security", "social"], [], ("social security",)) == 1


def test_min_score_filters():
    text = "Call me at +1 (212) 555-0199."
    assert find_matches(text, min_score=0.99) == []
    assert find_matches(text, min_score=0.5)


def test_allow_list_exact_and_pattern():
    text = "Write to info@example.com or to ana@clinic.es; call +1 (212) 555-0199."
    got = {text[m.start:m.end] for m in find_matches(text, allow_list=["INFO@example.com", {"pattern": r"\+1 \(212\).*"}])}
    assert got == {"ana@clinic.es"}


def test_deny_list_text_and_pattern_always_detected():
    text = "Dr. House met Project Phoenix staff and badge B-77 at the Acme plant."
    deny = [{"text": "project phoenix", "label": "MISC"}, {"pattern": r"\bB-\d+\b", "label": "ID"},
            {"text": "Acme", "label": "ORG", "case_sensitive": True}]
    got = [(text[m.start:m.end], m.label, m.score, m.source) for m in find_matches(text, deny_list=deny)]
    assert got == [("Project Phoenix", "MISC", 1.0, DENY_SOURCE), ("B-77", "ID", 1.0, DENY_SOURCE),
                   ("Acme", "ORG", 1.0, DENY_SOURCE)]
    # case-sensitive text entries do not match other casings; word boundaries are respected
    assert find_matches("ACME and Acmeville", deny_list=deny[2:]) == []


def test_deny_list_beats_overlapping_rule_match():
    text = "Reach me at 555-123-4567 today."
    got = find_matches(text, deny_list=[{"text": "555-123-4567", "label": "ID"}])
    assert [(m.label, m.source) for m in got] == [("ID", DENY_SOURCE)]


def test_overlap_resolution_prefers_score_then_length():
    a = RuleMatch(0, 10, "ID", 0.9, "a")
    b = RuleMatch(5, 20, "CONTACT", 0.6, "b")
    c = RuleMatch(20, 25, "ID", 0.6, "c")
    d = RuleMatch(21, 30, "ID", 0.6, "d")  # longer than c, same score
    # a beats b and d beats c; the losers' outer parts go to the winners (nothing left in clear)
    assert resolve_rule_overlaps([b, c, a, d]) == [RuleMatch(0, 20, "ID", 0.9, "a"), RuleMatch(20, 30, "ID", 0.6, "d")]


def test_overlaps_kept_when_asked():
    text = "IBAN GB82 WEST 1234 5698 7654 32"
    kept = find_matches(text, resolve_overlaps=False, min_score=0.0)
    assert len(kept) > len(find_matches(text, min_score=0.0))


def test_credit_card_wins_over_phone_candidate():
    text = "My card number is 4111 1111 1111 1111."
    assert [m.source for m in find_matches(text)] == ["rules.credit_card"]


@pytest.mark.parametrize("kwargs,message", [
    ({"deny_list": [{"text": "x", "label": "PERSONS"}]}, r"\[E201\].*valid labels"),
    ({"deny_list": [{"label": "ID"}]}, "exactly one of 'text' or 'pattern'"),
    ({"deny_list": [{"pattern": "(", "label": "ID"}]}, r"\[E204\] anon_rules: invalid deny_list pattern"),
    ({"allow_list": [3]}, "allow_list entries"),
    ({"postal_locales": ["XX"]}, "valid: BR, CA, DE"),
    ({"phone_regions": ["ZZ"]}, "unknown phone region"),
    ({"min_score": 2}, "min_score"),
    ({"context_window": -1}, "context_window"),
])
def test_bad_options_raise_clear_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_options(**kwargs)


def test_extra_labels_allow_user_labels():
    opts = make_options(deny_list=[{"text": "Zorg", "label": "PROJECT"}], extra_labels=["PROJECT"])
    assert [m.label for m in find_matches("Zorg is late.", [], opts)] == ["PROJECT"]


def test_matches_do_not_carry_text():
    m = find_matches("mail a@b.co")[0]
    assert "a@b.co" not in repr(m)


def test_an_address_after_the_word_at_is_not_cut_by_the_spelled_at_form():
    """"Kowalski at anna.kowalski@example.com" once joined into "Kowalski@anna.kowalski", which won the
    overlap and left "@example.com" in clear."""
    text = "Contact Anna Kowalski at anna.kowalski@example.com today."
    spans = [text[m.start:m.end] for m in find_matches(text)]
    assert "anna.kowalski@example.com" in spans
    assert not any("Kowalski at" in s for s in spans)


def test_partly_overlapping_rule_matches_never_leave_a_part_in_clear():
    """The loser of an overlap that reaches beyond the winner is not dropped: the winner grows over it."""
    a = RuleMatch(10, 30, "CONTACT", 0.9, "a")
    b = RuleMatch(20, 45, "ID", 0.6, "b")  # lower score, reaches 15 characters further
    c = RuleMatch(50, 55, "ID", 0.6, "c")
    kept = resolve_rule_overlaps([a, b, c])
    assert [(m.start, m.end, m.label) for m in kept] == [(10, 45, "CONTACT"), (50, 55, "ID")]
    inner = RuleMatch(12, 20, "ID", 0.5, "inner")  # inside the winner: dropped as before
    assert [(m.start, m.end) for m in resolve_rule_overlaps([a, inner])] == [(10, 30)]
