"""The anon_rules component: spans and attributes on the Doc, config handling, serialization."""
import pytest
import spacy
from spacy.tokens import Span

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.labels import SPAN_KEY
from spacy_anon.rules.component import AnonRules, RULES_RAN_KEY, build_default_rules, detect_default_rules

TEXT = ("Patient is a 58-year-old man (MRN: 00012345) seen on 3 March 2004 at 14:30. "
        "Contact: j.smith@example.com, +1 (212) 555-0199. Card 4111 1111 1111 1111.")


def _blank(lang="en"):
    return spacy.blank(lang)


@pytest.fixture
def nlp(monkeypatch):
    try:
        return _blank()
    except ImportError:
        # another area's factory module (entry point in setup.cfg) is not written yet: load ours only
        monkeypatch.setattr(spacy.util.registry._entry_point_factories, "entry_points", False)
        return _blank()


def spans_of(doc, key=SPAN_KEY):
    return [(s.text, s.label_, s._.anon_source) for s in doc.spans[key]]


def test_factory_adds_spans_with_attributes(nlp):
    nlp.add_pipe("anon_rules")
    doc = nlp(TEXT)
    assert spans_of(doc) == [
        ("58", "AGE", "rules.age"),
        ("00012345", "ID", "rules.record_number"),
        ("3 March 2004 at 14:30", "DATETIME", "rules.date"),  # a date and its time: one span
        ("j.smith@example.com", "CONTACT", "rules.email"),
        ("+1 (212) 555-0199", "CONTACT", "rules.phone"),
        ("4111 1111 1111 1111", "ID", "rules.credit_card"),
    ]
    by_text = {s.text: s for s in doc.spans[SPAN_KEY]}
    assert by_text["j.smith@example.com"]._.anon_identifier == "DIRECT"
    assert by_text["3 March 2004 at 14:30"]._.anon_identifier == "QUASI"
    assert all(0.5 <= s._.anon_score <= 1.0 for s in doc.spans[SPAN_KEY])
    assert doc.user_data[RULES_RAN_KEY] is True


def test_appends_to_existing_group_and_keeps_others(nlp):
    nlp.add_pipe("anon_rules")
    doc = nlp.make_doc(TEXT)
    other = Span(doc, 0, 1, label="PERSON")
    doc.spans[SPAN_KEY] = [other]
    doc = nlp.get_pipe("anon_rules")(doc)
    assert doc.spans[SPAN_KEY][0].label_ == "PERSON"
    assert len(doc.spans[SPAN_KEY]) == 7  # the other span and the rules' six (a date and its time are one)
    # running twice does not duplicate rule spans
    doc = nlp.get_pipe("anon_rules")(doc)
    assert len(doc.spans[SPAN_KEY]) == 7  # the other span and the rules' six (a date and its time are one)


def test_char_offsets_expand_to_tokens(nlp):
    nlp.add_pipe("anon_rules")
    doc = nlp("Tel.:912 345 678")  # the tokenizer keeps "Tel.:912" together
    span = doc.spans[SPAN_KEY][0]
    assert span.label_ == "CONTACT" and "912" in span.text


def test_config_keys(nlp):
    nlp.add_pipe("anon_rules", config={
        "recognizers": ["email", "rules.phone"], "spans_key": "pii", "min_score": 0.9,
        "allow_list": ["j.smith@example.com"], "deny_list": [{"text": "Card", "label": "MISC"}],
    })
    doc = nlp(TEXT)
    assert SPAN_KEY not in doc.spans
    assert spans_of(doc, "pii") == [("+1 (212) 555-0199", "CONTACT", "rules.phone"),
                                    ("Card", "MISC", "rules.deny_list")]


def test_languages_filter(nlp):
    rules = AnonRules(nlp, languages=["es"])
    assert "rules.us_ssn" not in {r.name for r in rules.recognizers}
    assert "rules.us_ssn" in {r.name for r in AnonRules(nlp, languages=["en"]).recognizers}


@pytest.mark.parametrize("config,message", [
    ({"recognizers": ["emails"]}, r"\[E212\].*valid names: all, rules.account_number, rules.address, rules.age.*custom_recognizers"),
    ({"postal_locales": ["US", "Mars"]}, r"\[E207\] anon_rules: unknown postal locale.*setting postal_locales"),
    ({"phone_regions": ["XX"]}, r"\[E206\] anon_rules: unknown phone region.*Fix: ISO 3166"),
    ({"deny_list": [{"text": "Zorg", "label": "PLANET"}]}, r"\[E201\].*valid labels: PERSON.*extra_labels"),
    ({"languages": ["klingon"]}, r"\[E210\].*valid: en, es, pt"),
])
def test_config_errors(nlp, config, message):
    """Errors name the component, the setting and the fix, with a code."""
    with pytest.raises(ValueError, match=message):
        nlp.add_pipe("anon_rules", config=config)


def test_serialization_round_trip_disk_and_bytes(nlp, tmp_path):
    rules = nlp.add_pipe("anon_rules")
    rules.add_deny_list([{"text": "Zorg", "label": "ORG"}])
    rules.add_allow_list(["j.smith@example.com"])
    data = rules.to_bytes()
    fresh = AnonRules(nlp)
    fresh.from_bytes(data)
    assert fresh.deny_list == [{"text": "Zorg", "label": "ORG"}]
    assert fresh.allow_list == ["j.smith@example.com"]
    rules.to_disk(tmp_path / "rules")
    from_disk = AnonRules(nlp).from_disk(tmp_path / "rules")
    doc = from_disk(nlp.make_doc("Zorg wrote from j.smith@example.com."))
    assert spans_of(doc) == [("Zorg", "ORG", "rules.deny_list")]


def test_pipeline_round_trip(nlp, tmp_path):
    rules = nlp.add_pipe("anon_rules", config={"min_score": 0.6})
    rules.add_deny_list([{"pattern": r"\bZ-\d+\b", "label": "ID"}])
    nlp.to_disk(tmp_path / "pipe")
    loaded = spacy.load(tmp_path / "pipe")
    assert loaded.get_pipe("anon_rules").deny_list == [{"pattern": r"\bZ-\d+\b", "label": "ID"}]
    assert loaded.get_pipe("anon_rules").options.min_score == 0.6
    assert spans_of(loaded("Badge Z-12."))[0][1] == "ID"


def test_constructor_defaults_and_helpers(nlp):
    rules = AnonRules(nlp, "anon_rules")  # every config key has a default
    doc = rules(nlp.make_doc("Mail a@b.co"))
    assert spans_of(doc) == [("a@b.co", "CONTACT", "rules.email")]
    assert isinstance(build_default_rules(nlp.vocab), AnonRules)
    doc = detect_default_rules(nlp.make_doc("Mail a@b.co on 3 March 2004"), recognizers=["date"])
    assert spans_of(doc) == [("3 March 2004", "DATETIME", "rules.date")]
    assert doc.user_data[RULES_RAN_KEY] is True


def test_portuguese_and_spanish_pipelines(monkeypatch):
    try:
        nlp_es, nlp_pt = _blank("es"), _blank("pt")
    except ImportError:
        monkeypatch.setattr(spacy.util.registry._entry_point_factories, "entry_points", False)
        nlp_es, nlp_pt = _blank("es"), _blank("pt")
    nlp_es.add_pipe("anon_rules")
    nlp_pt.add_pipe("anon_rules")
    doc = nlp_es("Paciente de 70 años, NHC: 2589658, ingresó el 12 de marzo de 2019. Tel. 912 345 678.")
    assert [s.label_ for s in doc.spans[SPAN_KEY]] == ["AGE", "ID", "DATETIME", "CONTACT"]
    doc = nlp_pt("Doente de 45 anos, internado a 5 de janeiro de 2020, morada 1100-053 Lisboa.")
    assert [(s.text, s.label_) for s in doc.spans[SPAN_KEY]] == [
        ("45 anos", "AGE"), ("5 de janeiro de 2020", "DATETIME"), ("1100-053", "LOC")]
