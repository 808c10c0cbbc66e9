"""anon_sensitive: related terms from WordNet's glosses, the care lists, shared drug classes, and the
look-alikes of the GDPR categories in clinical notes."""
import importlib.util
import sys
from pathlib import Path

import pytest
import spacy

import spacy_anon  # noqa: F401
from conftest import skip_without_wordnet
from spacy_anon.sensitive.glosses import CUES, named_terms

ROOT = Path(__file__).resolve().parents[1]
HEALTH = ["hiv", "sexually_transmitted_disease", "mental_disorder", "alcohol_abuse", "substance_abuse"]
GDPR = ["religion", "political_opinion", "sexual_orientation", "ethnic_origin"]


def _wordnet_or_skip():
    """Skip only when WordNet is absent (and `make test` does not require it); any other error fails."""
    from spacy_anon.generalize.wordnet_install import english_lexicons
    from spacy_anon.sensitive.taxonomy import WordNetTaxonomy

    skip_without_wordnet(bool(english_lexicons()))
    return WordNetTaxonomy()


@pytest.fixture(scope="module")
def nlp():
    _wordnet_or_skip()
    pipeline = spacy.blank("en")
    pipeline.add_pipe("anon_sensitive", config={"conditions": HEALTH + GDPR})
    return pipeline


def spans(nlp, text):
    doc = nlp(text)
    return [(s.text, s.kb_id_, s._.anon_type, s._.anon_replacement) for s in doc.spans["anon"]]


# ------------------------------------------------------------------------------------ pure gloss reading
KEYS = {"AIDS": ("hiv", "AIDS"), "alcohol": ("alcohol_abuse", "alcoholic"),
        "pox": ("sexually_transmitted_disease", "pox"),
        "gonorrhea": ("sexually_transmitted_disease", "gonorrhea")}


def _named(gloss, cue=True, nouns=("chicken pox",), adjectives=("alcoholic",)):
    return named_terms(gloss, KEYS, 3, lambda t: t in nouns, lambda t: t in adjectives, lambda c: cue)


def test_gloss_names_a_term_after_a_clinical_cue():
    assert _named("an antiviral drug used in the treatment of AIDS") == [("hiv", "AIDS")]
    assert _named("an antibiotic used to treat gonorrhea") == [("sexually_transmitted_disease", "gonorrhea")]


def test_gloss_mention_without_cue_is_not_a_relation():
    assert _named("pneumonia in persons with impaired immune systems (as AIDS victims)") == []
    assert CUES.search("used in the treatment of")


def test_adjective_and_longer_noun_are_not_the_term():
    assert _named("a large vessel used to hold alcoholic beverages") == []  # not "alcoholic" the person
    assert _named("a skin lesion caused by chicken pox") == []  # "pox" inside "chicken pox"


def test_one_use_among_others_is_not_a_disclosure():
    keys = dict(KEYS, trichomoniasi=("sexually_transmitted_disease", "trichomoniasis"))
    found = named_terms("medication used to treat trichomoniasis and giardiasis", keys, 3, lambda t: False,
                        lambda t: False, lambda c: True)
    assert found == []


# ------------------------------------------------------------------------------------ the component
def test_drug_named_by_no_list_is_found_through_its_gloss(nlp):
    found = spans(nlp, "She has taken dideoxyinosine since 2010.")
    assert [(t, c, k) for t, c, k, _ in found] == [("dideoxyinosine", "hiv", "SENSITIVE_RELATED")]
    assert found[0][3] is not None and "HIV" not in found[0][3]  # a WordNet ancestor that names no condition
    found = spans(nlp, "He was treated with spectinomycin last month.")
    assert [(t, c) for t, c, _, _ in found] == [("spectinomycin", "sexually_transmitted_disease")]


def test_drug_with_many_uses_is_not_marked(nlp):
    assert spans(nlp, "Flagyl 500 mg started for C. diff.") == []


def test_glosses_off(nlp):
    pipeline = spacy.blank("en")
    pipeline.add_pipe("anon_sensitive", config={"conditions": HEALTH, "glosses": False})
    doc = pipeline("He was treated with spectinomycin last month.")
    assert len(doc.spans["anon"]) == 0


def test_observance_replacement_is_readable_and_names_no_faith(nlp):
    pipeline = spacy.blank("en")
    pipeline.add_pipe("anon_sensitive", config={"conditions": ["religion"]})
    pipeline.add_pipe("anon_mask", config={"strategy": "generalize"})
    with pytest.warns(Warning):
        doc = pipeline("The patient fasted during Ramadan.")
    assert doc._.anon_text == "The patient fasted during a month."


def test_care_lists_name_tests_and_services(nlp):
    found = {t: c for t, c, _, _ in spans(nlp, "Her PHQ-9 was 18. Labs: FTA-ABS reactive. COWS score of 12.")}
    assert found.get("PHQ-9") == "mental_disorder"
    assert found.get("FTA-ABS") == "sexually_transmitted_disease"
    assert "COWS score" not in found  # an ordinary word: only with a sure term of substance abuse


def test_benzodiazepine_takes_the_condition_of_the_document(nlp):
    found = spans(nlp, "Hx of ETOH abuse. Ativan 2 mg given for withdrawal.")
    assert ("Ativan", "alcohol_abuse") in [(t, c) for t, c, _, _ in found]
    found = spans(nlp, "Long history of depression. Takes Ativan regularly.")
    assert ("Ativan", "mental_disorder") in [(t, c) for t, c, _, _ in found]
    # no sure term, or given for sedation (guideline rule 4): not marked
    assert spans(nlp, "Ativan given before the procedure.") == []
    found = spans(nlp, "Hx of ETOH abuse. Sedated on ativan gtt overnight.")
    assert "ativan" not in [t for t, _, _, _ in found]


@pytest.mark.parametrize("text", [
    "Pt was transferred from Kessler-Adventist Hosp for cath.",
    "Remains intubated on a puritan bennett vent.",
    "Family visiting relatives in the dominican republic.",
    "SNP gtt restarted for BP control.",
    "Sputum sent for CULT and gram stain.",
    "He remained stable prior to transfer.",
    "Her sister and brother visited; son believes pt is DNR.",
])
def test_gdpr_lookalikes_in_clinical_notes(nlp, text):
    assert spans(nlp, text) == []


def test_gdpr_terms_still_found(nlp):
    found = [(t, c) for t, c, _, _ in spans(nlp, "The patient is gay and a practising Catholic; the Rabbi visited.")]
    assert ("gay", "sexual_orientation") in found and ("Catholic", "religion") in found


# ------------------------------------------------------------------------------------ the benchmark's sets
def _eval_module():
    spec = importlib.util.spec_from_file_location("sensitive_eval", ROOT / "benchmarks" / "sensitive_eval.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["sensitive_eval"] = module
    spec.loader.exec_module(module)
    return module


def test_second_held_out_set_runs_only_on_request(tmp_path, monkeypatch):
    ev = _eval_module()
    assert "written_test2" in ev.SCOPES and "written_test2" not in ev.DEFAULT_SETS
    monkeypatch.setattr(ev, "TEST2_GOLD", tmp_path / "written_test2_gold.jsonl")
    with pytest.raises(SystemExit, match="does not exist"):
        ev.main(["--sets", "written_test2", "--gold-only", "--json", str(tmp_path / "r.json"),
                 "--md", str(tmp_path / "r.md")])


def test_amount_of_drink_is_evidence_for_a_benzodiazepine(nlp):
    found = [(t, c) for t, c, _, _ in spans(nlp, "He normally drinks 6-8 beers a day. PO Ativan given.")]
    assert ("Ativan", "alcohol_abuse") in found


def test_diseases_and_states_are_not_gloss_related(nlp):
    # "cirrhosis: the major cause is chronic alcoholism"; "hallucination: a symptom of severe mental
    # disorder": other causes, and transient ICU states (guideline rule 4)
    assert spans(nlp, "He has cirrhosis and had a hallucination overnight.") == []


def test_common_word_of_another_kind_stays_ambiguous(nlp):
    assert spans(nlp, "The race was close.") == []
    assert ("mixed race", "ethnic_origin") in [(t, c) for t, c, _, _ in spans(nlp, "She is of mixed race.")]


def test_short_slang_drug_name_needs_evidence(nlp):
    assert spans(nlp, "PACED AT 90, VENT MA 18, SENS 2, THRESHOLD 15.") == []


def test_observance_found_through_its_topic_domain(nlp):
    found = spans(nlp, "They held a seder at home.")
    assert [(t, c) for t, c, _, _ in found] == [("seder", "religion")]
    assert "Jew" not in (found[0][3] or "")  # the replacement names no faith


def test_hyphenated_origin_and_faith_still_found(nlp):
    assert ("Catholic", "religion") in [(t, c) for t, c, _, _ in spans(nlp, "She grew up in an Irish-Catholic family.")]


def test_the_sedation_rule_reads_the_pipelines_own_shared_terms_not_another_pipelines(nlp):
    # the health pipeline (fixture, run first) shares benzodiazepines between conditions and skips one given
    # for sedation; a pipeline whose own set lists "Ativan" as a custom term shares nothing, so that rule is
    # not its rule, whichever pipeline ran first in the process
    assert "ativan" not in [t for t, _, _, _ in spans(nlp, "Hx of ETOH abuse. Sedated on ativan gtt overnight.")]
    custom = spacy.blank("en")
    custom.add_pipe("anon_sensitive", config={"conditions": ["religion"], "terms": ["Ativan"]})
    assert [t for t, _, _, _ in spans(custom, "Ativan gtt for sedation. Ativan helps her.")] == ["Ativan", "Ativan"]
