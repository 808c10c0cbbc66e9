"""`propagate_tokens`: a word the CRF tagged once in a document is tagged where else it occurs there."""
import spacy

from spacy_anon.tagger.crf_component import propagate_tokens


def _run(text, spans, common=()):
    doc = spacy.blank("en")(text)
    result = propagate_tokens(doc, [(s, e, label, 0.9) for s, e, label in spans],
                              is_common=lambda w: w in set(common))
    return [(doc[s:e].text, label) for s, e, label, _ in result]


def test_other_occurrences_are_tagged_case_insensitively():
    text = "Seen by Dr Zorbel today . ZORBEL called back , zorbel agrees"
    assert _run(text, [(3, 4, "HCPName")]) == [
        ("Zorbel", "HCPName"), ("ZORBEL", "HCPName"), ("zorbel", "HCPName")]


def test_common_words_numbers_and_single_letters_are_not_spread():
    text = "Sent to Holy Cross on 7 / 22 . holy water , cross , 22 beds , A"
    spans = [(2, 4, "Location"), (5, 8, "Date"), (16, 17, "Location")]
    out = _run(text, spans, common={"holy"})
    assert ("cross", "Location") in out
    assert ("holy", "Location") not in out
    assert out.count(("22", "Date")) == 0  # only inside the date span, which stays whole
    assert ("7 / 22", "Date") in out


def test_adjacent_hits_merge_and_nothing_found_changes_nothing():
    text = "Son Arlo Vantz visited . arlo vantz will call"
    out = _run(text, [(1, 3, "RelativeProxyName")])
    assert out == [("Arlo Vantz", "RelativeProxyName"), ("arlo vantz", "RelativeProxyName")]
    assert _run("nothing here", []) == []
