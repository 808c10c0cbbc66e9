"""Policies by fine type, whoever detected: a kept span's type is decided once, from its detector and its
value's shape, so `label_strategies = {"PHONE": "suppress"}` treats a phone the tagger found (category
CONTACT only) like one the rules found; Presidio's entity names are aliases of our names."""
import pytest
import spacy

import spacy_anon
from spacy_anon.labels import CATEGORIES, SPAN_KEY, known_types
from spacy_anon.mask.fine_types import ALIASES, decide_fine_type, normalize_policies, policy_for, shape_type

TEXT = "Write to jane.roe@example.com or call +1 415 555 2671."
VALUES = {"jane.roe@example.com": "EMAIL", "+1 415 555 2671": "PHONE"}
POLICY = {"EMAIL": "suppress", "PHONE": "mask_chars"}


def _by_rules(text, **config):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"run_rules": True, **config})
    return nlp(text)


def _by_tagger(text, spans, **config):
    """What a tagger such as anon_crf leaves: the category only (its type is the label it learned)."""
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"run_rules": False, **config})
    doc = nlp.make_doc(text)
    group = []
    for value, label in spans:
        start = text.index(value)
        span = doc.char_span(start, start + len(value), label=label)
        span._.anon_source, span._.anon_score, span._.anon_type = "anon_crf", 0.9, label
        group.append(span)
    doc.spans[SPAN_KEY] = group
    return nlp.get_pipe("anon_mask")(doc)


def _rows(doc):
    return [(doc.text[r["start"]:r["end"]], r["label"], r["type"], r["replacement"]) for r in doc._.anon_table]


def test_the_same_email_and_phone_get_the_same_type_and_policy_whoever_found_them():
    by_rules = _by_rules(TEXT, label_strategies=POLICY)
    by_tagger = _by_tagger(TEXT, [(v, "CONTACT") for v in VALUES], label_strategies=POLICY)
    assert _rows(by_rules) == _rows(by_tagger)
    assert [(value, fine) for value, _, fine, _ in _rows(by_tagger)] == list(VALUES.items())
    assert by_tagger._.anon_text == by_rules._.anon_text == "Write to *** or call +* *** *** ****."
    assert [s._.anon_type for s in by_tagger.spans["anon_masked"]] == ["EMAIL", "PHONE"]


@pytest.mark.parametrize("value, label, fine", [
    ("https://clinic.example.org/jane", "CONTACT", "URL"), ("192.168.20.14", "CONTACT", "IP"),
    ("GB82 WEST 1234 5698 7654 32", "ID", "IBAN"), ("4111 1111 1111 1111", "CODE", "CARD"),
    ("536-22-1234", "ID", "SSN"), ("jane.roe@example.com", "CODE", "EMAIL"),
])
def test_a_tagger_span_gets_the_type_its_shape_proves(value, label, fine):
    doc = _by_tagger(f"Details: {value}.", [(value, label)], label_strategies={fine: "suppress"})
    assert _rows(doc) == [(value, label, fine, "***")]


@pytest.mark.parametrize("value, label", [
    ("GB82 WEST 1234 5698 7654 33", "ID"),  # mod-97 fails
    ("4111 1111 1111 1112", "ID"),  # Luhn fails
    ("12345/01", "CODE"),  # an application number
])
def test_a_value_that_fails_its_check_keeps_its_category(value, label):
    assert decide_fine_type(value, label, label) == label


def test_a_number_under_id_is_a_phone_only_after_a_phone_word_or_in_a_phone_layout():
    assert shape_type("6145550198", "ID") is None
    assert shape_type("(614) 555-0198", "ID") == "PHONE" and shape_type("+44 20 7946 0958", "ID") == "PHONE"
    assert shape_type("(614) 555-0198", "ID", before="Tel: ") == "PHONE"
    assert shape_type("(614) 555-0198", "CONTACT") == "PHONE"


def test_a_detector_type_finer_than_the_category_stays():
    # a corpus label, an NER label, a user's type: the table shows them as before
    assert decide_fine_type("ana.gil@correo.es", "CONTACT", "CORREO_ELECTRONICO") == "CORREO_ELECTRONICO"
    assert decide_fine_type("Izmir", "LOC", "GPE") == "GPE"
    assert decide_fine_type("EMP-12345", "ID", "EMPLOYEE_ID") == "EMPLOYEE_ID"
    # ...and the policy of the type it stands for applies to it
    assert policy_for(normalize_policies({"EMAIL": "suppress"}), "CONTACT", "CORREO_ELECTRONICO", "tag") == "suppress"


def test_default_pipeline_suppresses_a_phone_the_tagger_found():
    doc = spacy_anon.load(label_strategies={"PHONE": "suppress"})("Phone: (614) 555-0198")
    assert doc._.anon_text == "Phone: ***"
    assert [(r["label"], r["type"]) for r in doc._.anon_table] == [("CONTACT", "PHONE")]


@pytest.mark.parametrize("alias, ours", sorted(ALIASES.items()))
def test_every_alias_is_accepted_and_stands_for_our_name(alias, ours):
    assert ours in CATEGORIES or ours in known_types()
    nlp = spacy.blank("en")
    mask = nlp.add_pipe("anon_mask", config={"label_strategies": {alias: "suppress"}})
    assert mask.strategy_for(ours if ours in CATEGORIES else "MISC", None if ours in CATEGORIES else ours) == "suppress"


@pytest.mark.parametrize("config, text, expected", [
    ({"EMAIL_ADDRESS": "suppress"}, TEXT, "Write to *** or call [CONTACT_2]."),  # index per entity
    ({"PHONE_NUMBER": "suppress"}, TEXT, "Write to [CONTACT_1] or call ***."),
    ({"US_SSN": "suppress", "CREDIT_CARD": "mask_chars"}, "SSN 536-22-1234, card 4111 1111 1111 1111.",
     "SSN ***, card **** **** **** 1111."),
])
def test_presidio_names_change_what_they_name(config, text, expected):
    assert _by_rules(text, strategy="tag", label_strategies=config)._.anon_text == expected


def test_presidio_category_names_apply_to_the_category():
    doc = _by_tagger("She moved to Izmir.", [("Izmir", "LOC")], label_strategies={"LOCATION": "suppress"})
    assert doc._.anon_text == "She moved to ***."


def test_two_names_of_one_type_with_different_strategies_are_refused():
    with pytest.raises(ValueError, match=r"\[E130\].*EMAIL_ADDRESS"):
        spacy.blank("en").add_pipe("anon_mask", config={"label_strategies": {"EMAIL": "tag",
                                                                            "EMAIL_ADDRESS": "suppress"}})
    spacy.blank("en").add_pipe("anon_mask", config={"label_strategies": {"EMAIL": "tag", "EMAIL_ADDRESS": "tag"}})


def test_unknown_names_are_refused_and_extra_labels_accepted():
    for name in ("E_MAIL", "AU_TFN", "PHONES"):
        with pytest.raises(ValueError, match=r"\[E133\]"):
            spacy.blank("en").add_pipe("anon_mask", config={"label_strategies": {name: "suppress"}})
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"run_rules": False, "extra_labels": ["DRUG"],
                                      "label_strategies": {"DRUG": "suppress"}})
    doc = nlp.make_doc("She takes Zorbitol daily.")
    doc.spans[SPAN_KEY] = [doc.char_span(10, 18, label="DRUG")]
    assert nlp.get_pipe("anon_mask")(doc)._.anon_text == "She takes *** daily."
    with pytest.raises(ValueError, match=r"\[E131\]"):
        spacy.blank("en").add_pipe("anon_mask", config={"extra_labels": [""]})


def test_the_alias_table_of_the_docs_is_the_one_in_code():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "components" / "anon_mask.md").read_text("utf8")
    section = page.split("| name | stands for | which is a |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1:4] for line in section.splitlines()[2:]]
    assert {a.strip(" `"): b.strip(" `") for a, b, _ in rows} == ALIASES
    assert all((kind.strip() == "category") == (b.strip(" `") in CATEGORIES) for _, b, kind in rows)


@pytest.mark.parametrize("value, label, fine", [
    ("192.168.1.23", "CONTACT", "IP"),  # `rules.ip`, though `rules.defanged_ip` reports IP too
    ("192[.]168[.]1[.]23", "CONTACT", "IP"),
    ("https://example.org/a", "CONTACT", "URL"),
    ("hxxp://evil[.]example/x", "CONTACT", "URL"),
    ("536-22-1234", "ID", "SSN"),
])
def test_a_type_several_recognizers_report_is_proved_by_each(value, label, fine):
    assert shape_type(value, label) == fine
