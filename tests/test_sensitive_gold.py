"""The confidential-attribute gold and the scoring of benchmarks/sensitive_eval.py (loading, matching,
P/R/F1, utility with generalization versus removal). Tests of the deid notes skip when ../shared is absent."""
import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "sensitive_gold"
DEID = ROOT.parent / "shared" / "data" / "deid" / "deid_notes_dev.jsonl"


@pytest.fixture(scope="module")
def ev():
    spec = importlib.util.spec_from_file_location("sensitive_eval", ROOT / "benchmarks" / "sensitive_eval.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def written(ev):
    return ev.load_written_gold()


def test_written_gold_covers_every_condition_with_both_kinds_and_negatives(ev, written):
    counts = ev.gold_counts(written)
    assert counts["documents"] == 33 and counts["documents_without_terms"] == 6
    assert counts["terms"] == 93
    assert set(counts["per_condition"]) == set(ev.CONDITIONS)
    for condition, row in counts["per_condition"].items():
        assert row["sensitive"] >= 1 or condition == "substance_abuse" and row["related"] >= 4, condition
        assert row["related"] >= 1, condition
    assert sum(r["sensitive"] for r in counts["per_condition"].values()) == 27


def test_written_gold_marks_terms_not_their_lookalikes(written):
    by_id = {d.id: d for d in written}
    marked = lambda d: [d.text[t.start:t.end] for t in d.terms]  # noqa: E731
    # "ST depression" on an ECG, a condom catheter and a glass of water reveal nothing
    assert not by_id["w30"].terms and "ST depression" in by_id["w30"].text
    assert not by_id["w32"].terms and not by_id["w31"].terms
    # the opioid overdose's "respiratory depression" is not a mental disorder; the drugs are related terms
    assert "respiratory depression" not in marked(by_id["w14"])
    assert {"Naloxone", "methadone programme"} <= set(marked(by_id["w14"]))
    # "Roma" is ethnic origin; "Romania" and "Romani" are separate terms, not part of it
    roma = {by_id["w25"].text[t.start:t.end]: t.kind for t in by_id["w25"].terms}
    assert roma == {"Roma": "sensitive", "Romania": "related", "Romani": "related"}


def test_loader_refuses_a_span_that_does_not_read_its_text(ev, tmp_path):
    bad = tmp_path / "gold.jsonl"
    bad.write_text(json.dumps({"id": "x", "text": "History of syphilis.", "spans": [
        {"start": 11, "end": 19, "condition": "sexually_transmitted_disease", "kind": "sensitive",
         "text": "syphili"}]}))
    with pytest.raises(ValueError, match="does not read"):
        ev.load_written_gold(bad)
    bad.write_text(json.dumps({"id": "x", "text": "History of syphilis.", "spans": [
        {"start": 11, "end": 19, "condition": "syphilis", "kind": "sensitive"}]}))
    with pytest.raises(ValueError, match="unknown condition"):
        ev.load_written_gold(bad)


def test_deid_fixture_ships_no_note_text():
    rows = [json.loads(line) for line in (FIXTURES / "deid_gold.jsonl").read_text().splitlines()]
    assert len(rows) == 30
    for row in rows:
        assert set(row) == {"patient", "note", "sha256", "spans"}
        for span in row["spans"]:
            assert set(span) == {"start", "end", "condition", "kind"}


def test_deid_loader_checks_the_hash_of_the_note(ev, tmp_path):
    text = "PMH: etoh abuse, depression. Social: lives alone."
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"patient": 7, "note": 2, "sha256": hashlib.sha256(text.encode()).hexdigest(),
                                "spans": [{"start": 5, "end": 15, "condition": "alcohol_abuse", "kind": "sensitive"}]}))
    notes = tmp_path / "notes.jsonl"
    notes.write_text(json.dumps({"patient": 7, "note": 2, "text": text, "spans": []}) + "\n")
    (doc,) = ev.load_deid_gold(notes, gold)
    assert doc.id == "deid-7-2" and doc.text[doc.terms[0].start:doc.terms[0].end] == "etoh abuse"
    notes.write_text(json.dumps({"patient": 7, "note": 2, "text": text.replace("etoh", "ETOH"), "spans": []}) + "\n")
    with pytest.raises(ValueError, match="SHA-256"):
        ev.load_deid_gold(notes, gold)
    notes.write_text(json.dumps({"patient": 7, "note": 3, "text": text, "spans": []}) + "\n")
    with pytest.raises(ValueError, match="not found"):
        ev.load_deid_gold(notes, gold)


def test_deid_gold_reads_the_shared_notes_on_word_boundaries(ev):
    if not DEID.exists():
        pytest.skip(f"shared data not available: {DEID}")
    docs = ev.load_deid_gold(DEID)
    counts = ev.gold_counts(docs)
    assert counts["documents"] == 30 and counts["terms"] == 96 and counts["documents_without_terms"] == 4
    assert set(counts["per_condition"]) == {"mental_disorder", "alcohol_abuse", "substance_abuse"}
    for d in docs:
        for t in d.terms:
            assert d.text[t.start].isalnum() and d.text[t.end - 1].isalnum() or d.text[t.end - 1] in "S'"
            assert t.start == 0 or not d.text[t.start - 1].isalnum()
            assert t.end == len(d.text) or not d.text[t.end].isalnum()


def _doc(ev):
    text = "He has HIV and takes zidovudine daily. He drinks six beers a day. The ECG is normal."
    terms = [ev.GoldTerm(7, 10, "hiv", "sensitive"), ev.GoldTerm(21, 31, "hiv", "related"),
             ev.GoldTerm(42, 64, "alcohol_abuse", "related")]
    return ev.GoldDoc("t1", text, terms)


def test_overlap_and_strict_scores(ev):
    doc = _doc(ev)
    # exact HIV, part of the drinking phrase, and a false positive on "ECG"; zidovudine missed
    predicted = {"t1": [(7, 10, None), (49, 54, None), (70, 73, None)]}
    s = ev.score_terms([doc], predicted)
    assert s["overlap"]["precision"] == pytest.approx(2 / 3) and s["overlap"]["recall"] == pytest.approx(2 / 3)
    assert s["strict"]["precision"] == pytest.approx(1 / 3) and s["strict"]["recall"] == pytest.approx(1 / 3)
    assert s["overlap"]["f1"] == pytest.approx(2 / 3)
    assert s["per_kind"]["sensitive"]["recall"] == 1.0 and s["per_kind"]["related"]["recall"] == 0.5
    assert s["per_condition"]["hiv"]["recall"] == 0.5 and s["per_condition"]["alcohol_abuse"]["recall"] == 1.0
    # the component said no condition: per-condition precision is undefined, not zero
    assert s["per_condition"]["hiv"]["precision"] is None and not s["conditions_said"]
    # one predicted span over two gold terms finds both (recall) and counts once (precision)
    s = ev.score_terms([doc], {"t1": [(7, 31, None)]})
    assert s["overlap"]["recall"] == pytest.approx(2 / 3) and s["overlap"]["precision"] == 1.0
    assert ev.score_terms([doc], {})["overlap"]["precision"] is None


def test_per_condition_precision_when_the_component_names_it(ev):
    doc = _doc(ev)
    predicted = {"t1": [(7, 10, "hiv"), (21, 31, "substance_abuse"), (42, 48, "alcohol_abuse")]}
    s = ev.score_terms([doc], predicted)
    assert s["conditions_said"]
    assert s["per_condition"]["hiv"]["precision"] == 1.0
    assert s["per_condition"]["alcohol_abuse"]["precision"] == 1.0
    # zidovudine is found (overlap) but named the wrong condition: wrong for substance_abuse's precision
    assert s["per_condition"]["substance_abuse"]["precision"] == 0.0
    assert s["overlap"]["precision"] == 1.0 and s["overlap"]["recall"] == 1.0


def test_scope_leaves_out_other_conditions(ev):
    doc = _doc(ev)
    predicted = {"t1": [(7, 10, None), (42, 64, None)]}
    s = ev.score_terms([doc], predicted, conditions=["hiv"])
    # the drinking phrase is neither gold nor a false positive in the HIV-only scope
    assert s["overlap"]["n_gold"] == 2 and s["overlap"]["n_pred"] == 1
    assert s["overlap"]["precision"] == 1.0 and s["overlap"]["recall"] == 0.5
    assert set(s["per_condition"]) == {"hiv"} and s["per_kind"]["related"]["n_gold"] == 1


def test_sanitize_replaces_removes_and_merges_overlaps(ev):
    text = "takes zidovudine and lamivudine"
    assert ev.sanitize(text, [(6, 16, "a drug"), (21, 31, None)]) == "takes a drug and "
    assert ev.sanitize(text, [(6, 20, "x"), (10, 31, "y")]) == "takes x"


def test_generalization_keeps_more_information_than_removal(ev):
    doc = ev.GoldDoc("u1", "She tested positive for syphilis and was given benzathine penicillin at the clinic.", [])
    spans = {"u1": [(24, 32, "an infection"), (47, 67, "an antibiotic")]}
    u = ev.utility([doc], spans)
    gen, rem = u["generalization"]["mean_percent"], u["removal"]["mean_percent"]
    assert 0 < rem < gen < 100
    assert u["spans"] == 2
    kept = ev.utility([doc], {})
    assert kept["generalization"]["mean_percent"] == pytest.approx(100.0)
    assert kept["removal"]["mean_percent"] == pytest.approx(100.0)


def test_upper_case_notes_are_not_read_as_mask_tokens(ev):
    # capitalised words are neither mask tags nor one name-like chunk: removing DEPRESSION from
    # "CHRONIC DEPRESSION" loses its information, as it does in lower case
    upper = ev.GoldDoc("u2", "PMH: CHRONIC DEPRESSION. LIVES WITH HUSBAND.", [])
    lower = ev.GoldDoc("u2", upper.text.lower(), [])
    spans = {"u2": [(13, 23, "CONDITION")]}
    u, v = ev.utility([upper], spans), ev.utility([lower], spans)
    assert u["removal"]["mean_percent"] < u["generalization"]["mean_percent"] < 100
    assert u == v


def test_placeholder_component_stops_with_a_message(ev):
    with pytest.raises(SystemExit, match="placeholder"):
        ev.check_component({})
    with pytest.raises(SystemExit, match="not registered"):
        ev.check_component(None)
    ev.check_component({"conditions": [], "contextualize": False, "ic_source": "wordfreq", "related": True,
                        "generalize": True})


def test_confidential_spans_are_read_from_the_doc(ev):
    import spacy
    from spacy.tokens import Span

    import spacy_anon  # noqa: F401  (registers the span attributes)

    doc = spacy.blank("en")("He has HIV and a broken arm.")
    hiv = Span(doc, 2, 3, label="CONFIDENTIAL")
    hiv._.anon_type = "hiv"
    hiv._.anon_replacement = "a virus"
    arm = Span(doc, 5, 7, label="QUASI")
    doc.spans["anon"] = [hiv, arm]
    assert ev.confidential_spans(doc) == [(7, 10, "hiv", "a virus")]


def test_results_replace_only_the_generated_part_of_the_page(ev, tmp_path):
    page = tmp_path / "sensitive.md"
    ev.write_markdown(page, "first results")
    assert page.read_text().startswith("# Confidential attributes") and "first results" in page.read_text()
    page.write_text(page.read_text() + "\n## Reading the figures\n\nProse written by hand.\n")
    ev.write_markdown(page, "second results")
    text = page.read_text()
    assert "second results" in text and "first results" not in text and "Prose written by hand." in text


def test_errors_name_misses_and_false_positives(ev):
    doc = _doc(ev)
    lines = list(ev.errors([doc], {"t1": [(7, 10, None), (70, 73, None)]}))
    assert lines == ["t1\tmissed\thiv/related\t'zidovudine'",
                     "t1\tmissed\talcohol_abuse/related\t'drinks six beers a day'",
                     "t1\tfalse positive\t-\t'ECG'"]
