"""Entity grouping, overlap policy, memory and surrogate helpers: pure functions and small Docs."""
import random

import pytest
import spacy
from spacy.tokens import Doc
from spacy.vocab import Vocab

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.mask.component import pseudonym, render_name, suppress
from spacy_anon.mask.grouping import compatible, group_mentions, make_name_part_grouper, name_parts, normalize
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.mask.overlaps import make_overlap_resolver, resolve_overlaps
from spacy_anon.mask.surrogates import reshape_code, reshape_phone
from spacy_anon.rules.validators import luhn_valid


def test_normalize_and_honorifics():
    assert normalize("  Cengiz   POLAT, ") == "cengiz polat"
    assert normalize("José-María") == "jose maria"
    assert name_parts("Mr. Cengiz Polat") == ["cengiz", "polat"]
    assert name_parts("Sra. Dña. María García") == ["maria", "garcia"]
    assert compatible(["c", "polat"], ["cengiz", "polat"])
    assert not compatible(["c"], ["cengiz", "polat"])  # an initial alone is not enough
    assert not compatible(["ayse", "polat"], ["cengiz", "polat"])


def test_name_parts_join_their_full_name():
    keys = group_mentions([
        ("PERSON", "Mr Cengiz Polat"), ("ORG", "Acme Inc."), ("PERSON", "Polat"), ("PERSON", "C. Polat"),
        ("ORG", "ACME inc"), ("PERSON", "Cengiz"), ("PERSON", "Ana Gil"),
    ])
    assert keys[0] == keys[2] == keys[3] == keys[5] == "PERSON|cengiz polat"
    assert keys[1] == keys[4] == "ORG|acme inc"
    assert keys[6] == "PERSON|ana gil"


def test_ambiguous_surname_policy():
    mentions = [("PERSON", "Cengiz Polat"), ("PERSON", "Ayşe Polat"), ("PERSON", "Polat"), ("PERSON", "Polat")]
    separate = group_mentions(mentions)
    assert separate[2] == separate[3] == "PERSON|polat"  # its own entity, not either full name
    assert len(set(separate)) == 3
    recent = group_mentions(mentions, ambiguous="recent")
    assert recent[2] == recent[1] == "PERSON|ayse polat"
    with pytest.raises(ValueError):
        make_name_part_grouper(ambiguous="guess")


def test_exact_match_for_other_labels():
    keys = group_mentions([("LOC", "New York"), ("LOC", "new  york"), ("LOC", "York")])
    assert keys[0] == keys[1] != keys[2]


def _doc():
    return Doc(Vocab(), words=["Mail", "jane@example.com", "or", "call", "Jane", "Smith", "today"])


def test_overlap_policy_longest_then_score_then_earliest():
    doc = _doc()
    short, long_ = doc[4:5], doc[4:6]
    short._.anon_score, long_._.anon_score = 0.99, 0.1
    assert [(s.start, s.end) for s in resolve_overlaps([short, long_])] == [(4, 6)]
    a, b = doc[4:6], doc[5:7]  # same length: higher score wins
    a._.anon_score, b._.anon_score = 0.2, 0.9
    assert [(s.start, s.end) for s in resolve_overlaps([a, b], merge_partial=False)] == [(5, 7)]
    even = Doc(Vocab(), words=["aa", "bb", "cc", "dd"])
    c, d = even[0:2], even[1:3]  # same length and score: earliest wins
    assert [(s.start, s.end) for s in resolve_overlaps([d, c], merge_partial=False)] == [(0, 2)]
    by_score = make_overlap_resolver(["score", "length"], merge_partial=False)
    assert [(s.start, s.end) for s in by_score([short, long_])] == [(4, 5)]
    # by default a chosen short span never leaves the rest of a longer candidate in clear
    assert [(s.start, s.end) for s in make_overlap_resolver(["score", "length"])([short, long_])] == [(4, 6)]
    with pytest.raises(ValueError, match="unknown overlap criteria"):
        make_overlap_resolver(["random"])


def test_overlap_resolver_is_registered():
    resolver = spacy.registry.resolve({"r": {"@misc": "spacy_anon.resolve_overlaps.v1", "order": ["earliest"],
                                             "merge_partial": False}})["r"]
    doc = _doc()
    assert [(s.start, s.end) for s in resolver([doc[4:6], doc[3:5]])] == [(3, 5)]
    grouper = spacy.registry.resolve({"g": {"@misc": "spacy_anon.name_part_grouper.v1"}})["g"]
    person = spacy.tokens.Span(doc, 4, 6, label="PERSON")
    assert grouper(doc, [person]) == ["PERSON|jane smith"]


def test_memory_ids_counters_and_part_alias():
    memory = ReplacementMemory()
    a = memory.entity_id("PERSON", "PERSON|cengiz polat", parts=["cengiz", "polat"])
    assert a == "PERSON_1"
    assert memory.entity_id("PERSON", "PERSON|cengiz polat") == "PERSON_1"
    assert memory.entity_id("ORG", "ORG|acme") == "ORG_1"
    assert memory.entity_id("PERSON", "PERSON|polat", parts=["polat"], alias_part=True) == "PERSON_1"
    assert memory.entity_id("PERSON", "PERSON|gil", parts=["gil"], alias_part=True) == "PERSON_2"
    assert ReplacementMemory.index_of("PERSON_2") == 2
    # keys are stored as salted digests, never as text
    assert "cengiz" not in repr(memory.__dict__)


def test_render_name_parts():
    canonical, surrogate = ["cengiz", "polat"], ["John", "Smith"]
    assert render_name("Mr Cengiz Polat", canonical, surrogate) == "Mr John Smith"
    assert render_name("Polat", canonical, surrogate) == "Smith"
    assert render_name("C. Polat", canonical, surrogate) == "J. Smith"
    assert render_name("POLAT", canonical, surrogate) == "SMITH"
    assert render_name("Ali Polat", canonical, surrogate) is None


def test_suppress_and_pseudonym_helpers():
    assert suppress("Cengiz", "***") == "***"
    assert suppress("Cengiz", "*", keep_length=True) == "******"
    assert suppress("Cengiz", "XY", keep_length=True) == "XYXYXY"
    token = pseudonym(b"k", "PERSON", "PERSON|cengiz polat")
    assert token.startswith("PERSON_") and len(token) == len("PERSON_") + 8
    assert token == pseudonym(b"k", "PERSON", "PERSON|cengiz polat")
    assert token != pseudonym(b"other", "PERSON", "PERSON|cengiz polat")


def test_shape_preserving_surrogates():
    rng = random.Random(1)
    card = reshape_code("4111 1111 1111 1111", rng)
    assert card != "4111 1111 1111 1111" and len(card) == 19 and luhn_valid(card.replace(" ", ""))
    phone = reshape_phone("+34 612 345 678", rng)
    assert phone.startswith("+34 ") and len(phone) == len("+34 612 345 678") and phone != "+34 612 345 678"
    iban = reshape_code("ES91 2100 0418 4502 0005 1332", rng)
    assert iban.startswith("ES") and len(iban) == 29


def test_partial_overlap_is_merged_so_nothing_detected_stays_in_clear():
    """Bug: CRF "Norwich NR" beat the rules' postcode "NR2 4TT" and left "2 4TT" unmasked."""
    doc = Doc(Vocab(), words=["in", "Norwich", "NR2", "4TT", "today"])
    city, postcode = doc[1:3], doc[2:4]
    city.label_, postcode.label_ = "ORG", "LOC"
    city._.anon_score, postcode._.anon_score = 0.6, 0.9
    city._.anon_source = "anon_crf"
    (merged,) = resolve_overlaps([city, postcode])
    assert (merged.start, merged.end) == (1, 4)
    assert merged.label_ == "ORG" and merged._.anon_source == "anon_crf"  # the longer candidate leads
    contained = [doc[1:4], doc[2:3]]  # a span inside another is simply dropped
    assert [(s.start, s.end) for s in resolve_overlaps(contained)] == [(1, 4)]
    chain = [doc[0:2], doc[1:3], doc[2:5]]  # the chosen spans cover every candidate: no merge needed
    assert [(s.start, s.end) for s in resolve_overlaps(chain)] == [(0, 2), (2, 5)]
    leaky = [doc[0:2], doc[1:4]]  # choosing 1..4 would leave token 0 in clear: one span 0..4
    assert [(s.start, s.end) for s in resolve_overlaps(leaky)] == [(0, 4)]
    separate = [doc[0:1], doc[2:3]]
    assert [(s.start, s.end) for s in resolve_overlaps(separate)] == [(0, 1), (2, 3)]
