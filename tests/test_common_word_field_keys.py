"""Bug (issue 28, field keys masked): a form's key made of ordinary words at the start of its line was
masked as a name: a lease's "Lease Term: August 1, 2025 - July 31, 2026" gave "Lease Term" as a PERSON, a
police report's "Date/Time: 06/14/2025 2315 hrs" gave "Time" as an ORG. The class: two to four dictionary
words of English (joined by spaces or "/") before the colon that opens a line, none a stop word or a given
name, and not opened by a title, an office or a role ("Officer Cook:", "Judge Baker:" are speakers), in
any casing; the value after the colon keeps its mask."""
import pytest

from spacy_anon.mask.form_keys import common_words_key
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,value", [
    ("Tenant: Shaniqua Brooks\nLease Term: August 1, 2025 - July 31, 2026\n", "August 1, 2025"),
    ("Case No: 25-004417\nDate/Time: 06/14/2025 2315 hrs\nLocation: Chicago\n", "06/14/2025"),
    ("LEASE TERM: AUGUST 1, 2025 - JULY 31, 2026\nTENANT: SHANIQUA BROOKS\n", "AUGUST 1, 2025"),
    ("Incident Report\nReporting Officer: Ofc. Raymond Castillo\n", "Raymond Castillo"),
])
def test_a_key_of_common_words_is_not_masked(nlp, text, value):
    found = rows(nlp, text)
    texts = [t for t, _ in found]
    assert not any(key in t for t in texts for key in ("Lease", "LEASE", "Term", "Time", "Reporting", "Officer")), found
    assert any(value in t for t in texts), found


@pytest.mark.parametrize("line,start,end", [
    ("Lease Term: 12 months", 0, 10), ("Date/Time: 06/14/2025", 5, 9), ("Security Deposit: $1,850", 0, 16),
    ("  Emergency Contact: Lorraine", 2, 19), ("MONTHLY RENT: $900", 0, 12),
])
def test_keys_of_common_words(line, start, end):
    assert common_words_key(line, start, end)


@pytest.mark.parametrize("line,start,end", [
    ("Officer Cook: stand back", 8, 12),  # a speaker with a role
    ("Judge Baker: sit down", 6, 11),  # a speaker with an office
    ("Rose Hill: see you at 8", 0, 9),  # a given name
    ("Tom Baker: hi", 0, 9),
    ("He said this: no", 0, 12),  # a sentence: stop words
    ("Lease Term", 0, 10),  # no colon
    ("Notes\nAnna Novak said: fine", 6, 16),  # a name no dictionary lists
    ("Lease Term: 12 months", 12, 21),  # the value
    ("See http://example.org", 0, 3),
])
def test_speakers_sentences_and_values_are_no_common_word_keys(line, start, end):
    assert not common_words_key(line, start, end)


@pytest.mark.parametrize("speaker,name", [("Officer Cook", "Cook"), ("Judge Baker", "Baker"), ("Sgt Hill", "Hill")])
def test_a_speaker_named_after_a_rank_or_office_is_masked(nlp, speaker, name):
    """Bug: "Officer Cook:" opening a transcript's turns was read as a role ("cook" is a job) and the span
    over it dropped; its words "Step out of" were masked instead. A rank or an office before a capitalised
    word is a title: the word after it is the speaker's name, whatever else it means."""
    text = f"Transcript\n{speaker}: Step out of the car.\nTasha Reynolds: Why?\n{speaker}: Because I said so.\n"
    found = [t for t, _ in rows(nlp, text)]
    assert "Tasha Reynolds" in found and sum(t.endswith(name) for t in found) == 2, found
    assert not any("Step" in t or "Because" in t for t in found), found
