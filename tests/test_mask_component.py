"""`anon_mask` on real sentences: strategies, consistency, table offsets, overlaps, errors, fail closed."""
import re

import pytest
import spacy
from spacy.tokens import Span

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.generalize.coarsen import parse_date
from spacy_anon.mask.component import MEMORY_KEY, STRATEGIES, AnonMask
from spacy_anon.mask.memory import ReplacementMemory

TEXT = ("Mr Cengiz Polat met Ayse Demir at Acme Corp in Paris on 12 March 2021. "
        "Polat said that C. Polat was 58 years old. Write to cengiz.polat@example.com.")
ENTS = [("Cengiz Polat", "PERSON", 0), ("Ayse Demir", "PERSON", 0), ("Acme Corp", "ORG", 0),
        ("Paris", "GPE", 0), ("12 March 2021", "DATE", 0), ("Polat", "PERSON", 1), ("C. Polat", "PERSON", 0),
        ("58 years old", "DATE", 0)]
SPANS = [("cengiz.polat@example.com", "CONTACT", 0, "rules.email", 1.0), ("58 years old", "AGE", 0, "rules.age", 0.8)]
def blank(lang="en"):
    return spacy.blank(lang)


def char_span(doc, text, label, nth=0):
    start = -1
    for _ in range(nth + 1):
        start = doc.text.index(text, start + 1)
    span = doc.char_span(start, start + len(text), label=label)
    assert span is not None, text
    return span


def make_doc(nlp, text=TEXT, ents=ENTS, spans=SPANS):
    doc = nlp.make_doc(text)
    doc.ents = [char_span(doc, t, label, nth) for t, label, nth in ents]
    group = []
    for t, label, nth, source, score in spans:
        span = char_span(doc, t, label, nth)
        span._.anon_source, span._.anon_score = source, score
        group.append(span)
    doc.spans["anon"] = group
    return doc


def masker(**config):
    nlp = blank(config.pop("lang", "en"))
    config.setdefault("run_rules", False)
    return nlp, nlp.add_pipe("anon_mask", config=config)


def apply_table(text, rows):
    out, pos = [], 0
    for row in sorted(rows, key=lambda r: r["start"]):
        out += [text[pos:row["start"]], row["replacement"]]
        pos = row["end"]
    return "".join(out) + text[pos:]


def originals_of(doc):
    return {doc.text[r["start"]:r["end"]] for r in doc._.anon_table}


def assert_masked(doc):
    assert doc._.anon_status == "ok"
    assert apply_table(doc.text, doc._.anon_table) == doc._.anon_text
    for value in ["Cengiz", "Polat", "Ayse Demir", "Acme", "Paris", "cengiz.polat@example.com", "12 March 2021"]:
        assert value not in doc._.anon_text, value


def test_tag_consistent_per_entity():
    nlp, mask = masker(strategy="tag")
    doc = mask(make_doc(nlp))
    assert doc._.anon_text == (
        "Mr [PERSON_1] met [PERSON_2] at [ORG_1] in [LOC_1] on [DATETIME_1]. "
        "[PERSON_1] said that [PERSON_1] was [AGE_1]. Write to [CONTACT_1].")
    assert_masked(doc)
    rows = {r["replacement"]: r for r in doc._.anon_table}
    assert rows["[CONTACT_1]"]["source"] == "rules.email" and rows["[CONTACT_1]"]["score"] == 1.0
    assert rows["[PERSON_2]"]["source"] == "ner" and rows["[PERSON_2]"]["identifier"] == "DIRECT"
    assert rows["[LOC_1]"]["label"] == "LOC" and rows["[LOC_1]"]["identifier"] == "QUASI"
    assert all(set(r) == {"start", "end", "label", "type", "entity", "identifier", "replacement", "source", "score"}
               for r in doc._.anon_table)
    assert rows["[LOC_1]"]["type"] == "GPE"  # the NER label survives beside the category
    # the kept spans, with entity and replacement, for inspection
    masked = doc.spans["anon_masked"]
    assert [s._.anon_entity for s in masked][:2] == ["PERSON_1", "PERSON_2"]
    assert all(s._.anon_replacement for s in masked)
    assert doc._.anon_stats["masked_entities"] == 7


def test_tag_format_and_include_original():
    nlp, mask = masker(strategy="tag", operators={"tag": {"format": "<{label}-{index}>"}}, include_original=True)
    doc = mask(make_doc(nlp))
    assert doc._.anon_text.startswith("Mr <PERSON-1> met <PERSON-2>")
    for row in doc._.anon_table:
        assert row["text"] == doc.text[row["start"]:row["end"]]


def test_suppress():
    nlp, mask = masker(strategy="suppress")
    doc = mask(make_doc(nlp))
    assert doc._.anon_text.startswith("Mr *** met *** at ***")
    assert_masked(doc)
    nlp, mask = masker(strategy="suppress", operators={"suppress": {"filler": "#", "keep_length": True}})
    doc = mask(make_doc(nlp))
    assert len(doc._.anon_text) == len(doc.text)
    assert doc._.anon_text.startswith("Mr ############ met")
    assert_masked(doc)


def test_surrogate_consistent_and_seeded():
    nlp, mask = masker(strategy="surrogate", seed=7)
    doc = mask(make_doc(nlp))
    assert_masked(doc)
    by_start = {doc.text[r["start"]:r["end"]]: r["replacement"] for r in doc._.anon_table}
    full = by_start["Cengiz Polat"]
    first, last = full.split()[0], full.split()[-1]
    assert by_start["Polat"] == last  # a surname mention gets the surrogate's surname
    assert by_start["C. Polat"] == f"{first[0]}. {last}"
    assert by_start["Ayse Demir"] != full
    assert re.fullmatch(r"[^@\s]+@[^@\s]+\.\w+", by_start["cengiz.polat@example.com"])
    assert by_start["58 years old"].endswith(" years old") and by_start["58 years old"] != "58 years old"
    shifted = parse_date(by_start["12 March 2021"])
    assert shifted is not None and shifted.day is not None and by_start["12 March 2021"] != "12 March 2021"
    # deterministic given the seed; another seed gives other values
    nlp2, mask2 = masker(strategy="surrogate", seed=7)
    assert mask2(make_doc(nlp2))._.anon_text == doc._.anon_text
    nlp3, mask3 = masker(strategy="surrogate", seed=8)
    assert mask3(make_doc(nlp3))._.anon_text != doc._.anon_text
    # a shared memory keeps names only as digests
    memory = ReplacementMemory()
    shared = make_doc(nlp3)
    shared.user_data[MEMORY_KEY] = memory
    mask3(shared)
    assert not re.search(r"cengiz|polat|ayse|acme|paris", repr(memory.__dict__), re.I)


def test_surrogate_locales():
    for locale in ("es_ES", "pt_BR"):
        nlp, mask = masker(strategy="surrogate", operators={"surrogate": {"locale": locale}}, seed=1)
        doc = mask(make_doc(nlp))
        assert_masked(doc)
    with pytest.raises(ValueError, match=r"\[E114\].*operators.surrogate.locale"):
        masker(strategy="surrogate", operators={"surrogate": {"locale": "xx_XX"}})


def test_generalize_uses_generalizer_value_else_coarsens():
    nlp, mask = masker(strategy="generalize")
    doc = make_doc(nlp)
    doc.spans["anon"][0]._.anon_replacement = "an e-mail address"  # as anon_generalize would set it
    mask(doc)
    assert doc._.anon_text == (
        "Mr a person met a person at an organisation in a location on March 2021. "
        "A person said that a person was 50-59 years old. Write to an e-mail address.")
    assert_masked(doc)
    # a second run does not mistake its own earlier replacements for a generalizer's
    nlp2, tagger = masker(strategy="tag")
    tagger(doc)
    mask(doc)
    assert "[PERSON_1]" not in doc._.anon_text and doc._.anon_text.startswith("Mr a person")


def test_generalize_options_and_languages():
    nlp, mask = masker(strategy="generalize", date_granularity="year", age_bucket=5, lang="es")
    doc = nlp.make_doc("Ana Gil nació el 12 de marzo de 1960 y tiene 63 años.")
    doc.spans["anon"] = [char_span(doc, "Ana Gil", "PERSON"), char_span(doc, "12 de marzo de 1960", "DATETIME"),
                         char_span(doc, "63 años", "AGE")]
    mask(doc)
    assert doc._.anon_text == "Una persona nació el 1960 y tiene 60-64 años."


def test_label_strategies():
    nlp, mask = masker(strategy="tag", label_strategies={"DATETIME": "generalize", "CONTACT": "suppress"})
    doc = mask(make_doc(nlp))
    assert "on March 2021." in doc._.anon_text
    assert doc._.anon_text.endswith("Write to ***.")
    assert "[PERSON_1]" in doc._.anon_text


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_offsets_round_trip(strategy):
    nlp, mask = masker(strategy=strategy, seed=3, pseudonym_key="a-key-for-keyed-operators")
    doc = mask(make_doc(nlp))
    assert apply_table(doc.text, doc._.anon_table) == doc._.anon_text
    for row in doc._.anon_table:
        span = doc.char_span(row["start"], row["end"])
        assert span is not None and span.text == doc.text[row["start"]:row["end"]]
    assert originals_of(doc) == {"Cengiz Polat", "Ayse Demir", "Acme Corp", "Paris", "12 March 2021",
                                 "Polat", "C. Polat", "58 years old", "cengiz.polat@example.com"}


def test_ents_and_spans_merge_with_overlap_policy():
    nlp, mask = masker(strategy="tag")
    doc = nlp.make_doc("Contact Dr Ana Gil at ana.gil@example.org or +34 612 345 678 now.")
    doc.ents = [char_span(doc, "Ana Gil", "PER"), char_span(doc, "612", "CARDINAL")]
    longer = char_span(doc, "Dr Ana Gil", "PERSON")  # longer than the entity: wins
    phone = char_span(doc, "+34 612 345 678", "CONTACT")
    email = char_span(doc, "ana.gil@example.org", "CONTACT")
    for span, score in ((longer, 0.5), (phone, 0.9), (email, 1.0)):
        span._.anon_score = score
    doc.spans["anon"] = [longer, phone, email]
    mask(doc)
    assert doc._.anon_text == "Contact [PERSON_1] at [CONTACT_1] or [CONTACT_2] now."
    assert [(r["label"], doc.text[r["start"]:r["end"]]) for r in doc._.anon_table] == [
        ("PERSON", "Dr Ana Gil"), ("CONTACT", "ana.gil@example.org"), ("CONTACT", "+34 612 345 678")]


def test_overlap_order_configurable():
    nlp, mask = masker(strategy="tag", overlap_resolver={"@misc": "spacy_anon.resolve_overlaps.v1",
                                                         "order": ["score", "length", "earliest"],
                                                         "merge_partial": False})
    doc = nlp.make_doc("Contact Dr Ana Gil today.")
    short, long_ = char_span(doc, "Ana Gil", "PERSON"), char_span(doc, "Dr Ana Gil", "MISC")
    short._.anon_score, long_._.anon_score = 0.9, 0.3
    doc.spans["anon"] = [long_, short]
    assert mask(doc)._.anon_text == "Contact Dr [PERSON_1] today."


def test_ent_label_map():
    nlp, mask = masker(strategy="tag", ent_label_map={"PERSON": "PERSON", "GPE": None})
    doc = mask(make_doc(nlp, spans=[]))
    assert "Paris" in doc._.anon_text  # mapped to nothing: ignored
    assert "Acme Corp" in doc._.anon_text  # not in the map: ignored
    assert "Cengiz" not in doc._.anon_text
    nlp, mask = masker(strategy="tag", use_ents=False)
    doc = mask(make_doc(nlp))
    assert "Cengiz Polat" in doc._.anon_text and "[CONTACT_1]" in doc._.anon_text


def test_unknown_strategy_is_a_config_error():
    nlp = blank()
    with pytest.raises(ValueError, match="unknown strategy.*suppress, tag, surrogate, pseudonym, generalize"):
        nlp.add_pipe("anon_mask", config={"strategy": "scramble"})
    with pytest.raises(ValueError, match="unknown strategy"):
        nlp.add_pipe("anon_mask", config={"label_strategies": {"PERSON": "hide"}})
    with pytest.raises(ValueError, match="consistency"):
        nlp.add_pipe("anon_mask", config={"consistency": "corpus"})


def test_empty_doc_and_doc_without_candidates():
    nlp, mask = masker()
    for text in ("", "Nothing to hide here."):
        doc = mask(nlp.make_doc(text))
        assert doc._.anon_status == "ok"
        assert doc._.anon_text == text
        assert doc._.anon_table == []


def test_shared_memory_across_chunks_and_pipeline_consistency():
    nlp, mask = masker(strategy="tag")
    memory = ReplacementMemory()
    first = nlp.make_doc("Cengiz Polat works at Acme.")
    first.spans["anon"] = [char_span(first, "Cengiz Polat", "PERSON"), char_span(first, "Acme", "ORG")]
    second = nlp.make_doc("Ana Gil thanked Polat and Acme.")
    second.spans["anon"] = [char_span(second, "Ana Gil", "PERSON"), char_span(second, "Polat", "PERSON"),
                            char_span(second, "Acme", "ORG")]
    for doc in (first, second):
        doc.user_data[MEMORY_KEY] = memory
        mask(doc)
    assert first._.anon_text == "[PERSON_1] works at [ORG_1]."
    assert second._.anon_text == "[PERSON_2] thanked [PERSON_1] and [ORG_1]."
    # without a shared memory each doc starts again at 1
    third = nlp.make_doc("Ana Gil.")
    third.spans["anon"] = [char_span(third, "Ana Gil", "PERSON")]
    assert mask(third)._.anon_text == "[PERSON_1]."
    # consistency = "pipeline": one memory for the component's lifetime
    nlp, mask = masker(strategy="tag", consistency="pipeline")
    texts = []
    for text in ("Ana Gil.", "Cengiz Polat and Ana Gil."):
        doc = nlp.make_doc(text)
        doc.spans["anon"] = [char_span(doc, n, "PERSON") for n in ("Ana Gil", "Cengiz Polat") if n in text]
        texts.append(mask(doc)._.anon_text)
    assert texts == ["[PERSON_1].", "[PERSON_2] and [PERSON_1]."]


def test_fail_closed():
    nlp, mask = masker(strategy="tag")

    def broken_grouper(doc, spans):
        raise RuntimeError("boom")

    doc = mask(make_doc(nlp))
    assert doc._.anon_status == "ok"
    mask.grouper = broken_grouper
    with pytest.raises(RuntimeError):
        mask(doc)
    assert doc._.anon_text is None and doc._.anon_status is None and doc._.anon_table is None
    mask.grouper = lambda doc, spans: ["x"]  # wrong length
    with pytest.raises(ValueError, match="one entity key per span"):
        mask(make_doc(nlp))


def test_component_without_pipeline():
    mask = AnonMask(None, strategy="suppress", run_rules=False)
    nlp = blank()
    doc = nlp.make_doc("Hi Ana")
    doc.spans["anon"] = [Span(doc, 1, 2, label="PERSON")]
    assert mask(doc)._.anon_text == "Hi ***"


def test_blank_pipeline_masks_with_default_rules():
    nlp = blank()
    nlp.add_pipe("anon_mask")
    text = "Mail jane.doe@example.com or call +1 415 555 2671; card 4111 1111 1111 1111."
    doc = nlp(text)
    assert doc._.anon_status == "ok"
    for value in ("jane.doe@example.com", "415 555 2671", "4111 1111 1111 1111"):
        assert value not in doc._.anon_text
    assert apply_table(text, doc._.anon_table) == doc._.anon_text
    assert doc.user_data.get("spacy_anon.rules_ran") is True


def test_run_rules_auto_does_not_rerun_and_false_skips():
    nlp = blank()
    nlp.add_pipe("anon_mask", config={"run_rules": False})
    assert nlp("Mail jane.doe@example.com")._.anon_text == "Mail jane.doe@example.com"
    nlp = blank()
    nlp.add_pipe("anon_mask")
    doc = nlp.make_doc("Mail jane.doe@example.com")
    doc.user_data["spacy_anon.rules_ran"] = True  # an anon_rules ran (and found nothing)
    assert nlp.get_pipe("anon_mask")(doc)._.anon_text == "Mail jane.doe@example.com"


def test_rerun_keeps_a_generalizers_value():
    nlp, mask = masker(strategy="generalize")
    doc = make_doc(nlp)
    doc.spans["anon"][0]._.anon_replacement = "an e-mail address"
    mask(doc)
    mask(doc)
    assert doc._.anon_text.endswith("Write to an e-mail address.")


def test_same_offsets_from_two_detectors_keep_their_own_source_and_score():
    """Bug: spaCy keys span extensions by character offsets only, so a CRF span and a rule span over
    the same characters shared one source and score (the last writer's): the overlap choice by score
    was a tie and the table credited the wrong detector."""
    nlp, _ = masker(use_ents=False)
    doc = nlp.make_doc("Account 20210312 was closed.")
    crf = char_span(doc, "20210312", "DATETIME")
    crf._.anon_source, crf._.anon_score = "crf", 0.4
    rule = char_span(doc, "20210312", "ID")
    rule._.anon_source, rule._.anon_score = "rules.id", 0.95
    doc.spans["anon"] = [crf, rule]  # the mask's own rules append after the tagger
    crf_back, rule_back = doc.spans["anon"]
    assert (crf_back._.anon_source, crf_back._.anon_score) == ("crf", 0.4)
    assert (rule_back._.anon_source, rule_back._.anon_score) == ("rules.id", 0.95)
    doc = nlp(doc)
    (row,) = doc._.anon_table
    assert (row["label"], row["source"], row["score"]) == ("ID", "rules.id", 0.95)
    assert "20210312" not in doc._.anon_text


def test_span_attributes_survive_docbin_round_trip():
    from spacy.tokens import DocBin

    nlp = blank()
    doc = nlp.make_doc("Call Ann Lee today.")
    span = char_span(doc, "Ann Lee", "PERSON")
    span._.anon_source, span._.anon_score = "crf", 0.7
    doc.spans["anon"] = [span]
    (restored,) = DocBin(docs=[doc], store_user_data=True).get_docs(nlp.vocab)
    (back,) = restored.spans["anon"]
    assert (back._.anon_source, back._.anon_score) == ("crf", 0.7)
