"""`anon_sensitive` on GDPR's special categories and on forms WordNet derives, on real sentences: the
hand-written lexicons, their look-alikes, origin phrases, and replacements a reader can use."""
import importlib.util
from pathlib import Path

import pytest
import spacy

import spacy_anon  # noqa: F401  (registers the factories)
from conftest import WORDNET_REQUIRED
from spacy_anon.generalize.wordnet_install import english_lexicons
from spacy_anon.sensitive import ic
from spacy_anon.sensitive.special_categories import FORMS, NEEDS_EVIDENCE, PATTERNS, RELATED

pytestmark = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)
ROOT = Path(__file__).resolve().parents[1]
GDPR = ["religion", "political_opinion", "sexual_orientation", "ethnic_origin"]


@pytest.fixture(scope="module")
def gdpr():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_sensitive", config={"conditions": GDPR})
    return nlp


@pytest.fixture(scope="module")
def health():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_sensitive")  # the five health conditions
    return nlp


def found(doc):
    return [(s.text, s._.anon_type, s.kb_id_) for s in doc.spans["anon"]]


def test_adherents_practices_and_places_of_a_religion(gdpr):
    doc = gdpr("As a Muslim, she fasts during Ramadan and asked for a halal meal.")
    assert found(doc) == [("Muslim", "SENSITIVE", "religion"), ("Ramadan", "SENSITIVE_RELATED", "religion"),
                          ("halal", "SENSITIVE_RELATED", "religion")]
    doc = gdpr("She is a Buddhist and meditates at the temple each morning.")
    assert [t for t, _, _ in found(doc)] == ["Buddhist", "temple"]


def test_everyday_words_need_a_sure_term_of_the_category(gdpr):
    text = ("Conservative management of the fracture was chosen. A mass in the left lung was biopsied, "
            "and the temple area was bruised after the party.")
    assert found(gdpr(text)) == []
    doc = gdpr("She is a Republican voter and a proud conservative; she campaigned against the Democrats.")
    assert [t for t, _, _ in found(doc)] == ["Republican", "conservative", "Democrats"]


def test_orientation_and_its_related_terms(gdpr):
    doc = gdpr("The patient is gay and lives with his same-sex partner; he came out last year.")
    assert [(t, k) for t, k, _ in found(doc)] == [("gay", "SENSITIVE"), ("same-sex partner", "SENSITIVE_RELATED"),
                                                  ("came out", "SENSITIVE_RELATED")]
    # "came out" alone is ordinary English
    assert found(gdpr("The results came out on Monday.")) == []


def test_ethnic_origin_names_and_origin_phrases(gdpr):
    doc = gdpr("Her father is African American and her mother Hispanic.")
    assert [t for t, _, _ in found(doc)] == ["African American", "Hispanic"]
    doc = gdpr("He is of Kurdish descent and needed a Farsi interpreter; the English-speaking nurse helped.")
    assert [t for t, _, _ in found(doc)] == ["Kurdish", "Farsi interpreter"]
    assert PATTERNS["ethnic_origin"].search("a patient of Somali origin")
    assert not PATTERNS["ethnic_origin"].search("a fever of unknown origin")


def test_wordnet_derived_forms_join_the_set(gdpr, health):
    component = gdpr.get_pipe("anon_sensitive")
    gdpr("x")
    from spacy_anon.sensitive.terms import term_key

    for word, condition in (("socialistic", "political_opinion"), ("Buddhistic", "religion")):
        term = component.sensitive.lookup_form(term_key(word), word)
        assert term is not None and term.origin == "derived" and term.condition == condition, word
    assert [t for t, _, _ in found(gdpr("A lifelong socialist, he writes for an anarchist newsletter."))] == [
        "socialist", "anarchist"]
    # an everyday adjective WordNet derives from a disorder needs evidence ("irrational" fears)
    assert found(health("She had an irrational fear of the dark.")) == []


def test_readable_replacements():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_sensitive", config={"conditions": ["hiv", "mental_disorder", "alcohol_abuse"]})
    doc = nlp("Long history of ETOH. ETOH abuse since 2001. Her psychiatrist treats her depression; "
              "a psych consult was called. Her partner is HIV-positive.")
    got = {s.text: s._.anon_replacement for s in doc.spans["anon"]}
    assert got["ETOH"] == "a substance"  # ethanol, not "a use"
    assert got["ETOH abuse"] == "A behavior"  # at a sentence start
    assert got["psychiatrist"] == "doctor"  # the most specific ancestor below tau, not the rarer "adult"
    assert got["depression"] == "condition"  # not "physical condition"
    assert got["psych consult"] == "conference"  # the head's ancestor: "consultation" itself is rarer than tau
    assert got["HIV-positive"] == "ill"
    nlp.add_pipe("anon_mask", config={"strategy": "generalize", "run_rules": False, "use_ents": False})
    assert nlp("Her partner is HIV-positive.")._.anon_text == "Her partner is ill."


def test_most_specific_below_tau():
    chain = [("specialist", 15.7), ("doctor", 13.6), ("adult", 14.0), ("person", 11.5)]
    assert ic.most_specific_below(chain, 14.74) == "doctor"
    assert ic.most_informative_below(chain, 14.74) == "adult"
    assert ic.most_specific_below(chain, 11.0) is None


def test_lexicon_lists_are_well_formed():
    for condition, forms in FORMS.items():
        assert condition in GDPR and forms
        assert all(isinstance(f, str) and f.strip() == f for f, _ in forms)
    assert set(RELATED) == set(GDPR)
    listed = {f for forms in FORMS.values() for f, _ in forms} | {f for r in RELATED.values() for f in r}
    assert NEEDS_EVIDENCE <= listed | {"straight"}


def test_written_dev_gold_loads_and_covers_every_condition():
    spec = importlib.util.spec_from_file_location("sensitive_eval", ROOT / "benchmarks" / "sensitive_eval.py")
    ev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ev)
    docs = ev.load_written_gold(ev.DEV_GOLD)
    counts = ev.gold_counts(docs)
    assert counts["documents"] == 32 and counts["documents_without_terms"] == 3 and counts["terms"] == 80
    assert set(counts["per_condition"]) == set(ev.CONDITIONS)
    assert {d.id for d in docs}.isdisjoint({d.id for d in ev.load_written_gold()})
    assert ev.DEV_SETS == ("deid", "written_dev") and "written" in ev.SCOPES
