"""`anon_sensitive` on real sentences: sensitive terms of a condition (WordNet synonyms and hyponyms),
related terms found through a co-occurrence index, generalization, the `spacy-anon index` command,
serialization and the end-to-end result with anon_mask."""
import json
import math

import pytest
import spacy

import spacy_anon  # noqa: F401  (registers the factories)
from conftest import WORDNET_REQUIRED
from spacy_anon.cli import main as cli_main
from spacy_anon.generalize.wordnet_install import english_lexicons
from spacy_anon.sensitive.rendering import pluralize
from test_sensitive_formulas import write_fake_snomed

pytestmark = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)

PATIENT = "The patient is HIV positive and takes antiretroviral drugs after unprotected intercourse."
# A tiny corpus: 8 documents about HIV, 12 about other things (some share "virus", "infection", "drug").
HIV_DOCS = [
    "HIV is a virus that attacks the immune system. Antiretroviral drugs keep the infection under control.",
    "Most people with HIV got the infection through unprotected intercourse. Antiretroviral drugs lower "
    "the viral load.",
    "An HIV test after unprotected intercourse is free at the clinic. The infection can be treated with "
    "antiretroviral drugs.",
    "Antiretroviral drugs must be taken every day by people living with HIV, because the infection never goes away.",
    "Unprotected intercourse and shared needles spread HIV. Without antiretroviral drugs the infection "
    "weakens the immune system.",
    "AIDS is the late stage of HIV infection, when the immune system fails. Antiretroviral drugs prevent it.",
    "The clinic offers counselling on HIV and on the risks of unprotected intercourse, and a first infection test.",
    "A new trial tests long-acting antiretroviral drugs for HIV infection given as an injection every month.",
]
OTHER_DOCS = [
    "Influenza is a virus infection of the nose and throat. Most people recover in a week without any drug.",
    "The doctor prescribed a drug for high blood pressure and asked the patient to walk every day.",
    "A bacterial infection of the skin is treated with an antibiotic drug for ten days.",
    "The new drug for migraine reduces pain within two hours, the trial showed.",
    "Chickenpox is a virus infection common in children; the rash heals in about a week.",
    "The football club won the cup after a penalty shoot-out in the last minute.",
    "Bake the bread for forty minutes, then let it cool on a rack before cutting it.",
    "The city council approved a new bus line to the airport, which opens in spring.",
    "She broke her arm skiing and wore a cast for six weeks.",
    "The library extends its opening hours during the exam period.",
    "Regular exercise and a balanced diet lower the risk of heart disease.",
    "The museum shows paintings of the harbour from the nineteenth century.",
]


# Step 2 on the 20-document corpus below: the formulas alone (no clinical lexicon, no discount, no
# common-vocabulary cut, which are meant for corpora of thousands of documents)
PAPER = {"clinical": False, "pmi_discount": 0.0, "max_df_share": 1.0}


def sensitive_pipeline(**config):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_sensitive", config=config)
    return nlp


def found(doc):
    return [(s.text, s._.anon_type, s._.anon_replacement) for s in doc.spans["anon"]
            if s._.anon_identifier == "CONFIDENTIAL"]


@pytest.fixture(scope="module")
def hiv_index(tmp_path_factory):
    folder = tmp_path_factory.mktemp("corpus")
    corpus = folder / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in enumerate(HIV_DOCS + OTHER_DOCS)),
                      encoding="utf8")
    out = folder / "index"
    assert cli_main(["index", str(corpus), "-o", str(out), "--conditions", "hiv"]) == 0
    return out


# -- Step 1: terms of the sensitive set -------------------------------------------------------------------
def test_hiv_is_confidential_and_generalized():
    doc = sensitive_pipeline(conditions=["hiv"])(PATIENT)
    # "HIV positive" is a clinical form, generalized as the adjective it is ("is ill", not "is an
    # infection"); the drug class is in the clinical lexicon (a related term), and so is the sexual risk
    # behaviour that Sánchez et al. give as their example (a shared term of HIV and STD: HIV is named)
    assert found(doc) == [("HIV positive", "SENSITIVE", "ill"), ("antiretroviral drugs", "SENSITIVE_RELATED", "drugs"),
                          ("unprotected intercourse", "SENSITIVE_RELATED", "a contact")]
    assert found(sensitive_pipeline(conditions=["hiv"], clinical=False)(PATIENT)) == [("HIV", "SENSITIVE", "infection")]
    span = doc.spans["anon"][0]
    assert span.label_ == "MISC" and span._.anon_source == "anon_sensitive" and span.kb_id_ == "hiv"
    assert doc._.anon_stats["sensitive_terms"] == 3


def test_synonyms_are_sensitive_too():
    doc = sensitive_pipeline(conditions=["hiv"])("She was tested for the human immunodeficiency virus and for AIDS.")
    assert [t for t, _, _ in found(doc)] == ["human immunodeficiency virus", "AIDS"]
    # "aids" (help) is not the syndrome: acronyms match only in capitals
    assert found(sensitive_pipeline(conditions=["hiv"])("Hearing aids help older people.")) == []


def test_depression_is_a_mental_disorder_by_hyponymy():
    nlp = sensitive_pipeline(conditions=["mental_disorder"])
    doc = nlp("She has been treated for depression and schizophrenia since 2019.")
    assert [t for t, _, _ in found(doc)] == ["depression", "schizophrenia"]
    component = nlp.get_pipe("anon_sensitive")
    for _, _, replacement in found(doc):  # eq. 4: a generalization below tau, never the term itself
        assert replacement and "depress" not in replacement.lower()
        assert component.ic(replacement.split(" ", 1)[-1]) < component.taus["mental_disorder"]


def test_catholic_under_religion():
    doc = sensitive_pipeline(conditions=["religion"])("He is a devout Catholic and goes to Mass every Sunday.")
    assert found(doc)[0][:2] == ("Catholic", "SENSITIVE")
    assert found(doc)[0][2] == "person"  # "a devout person": the article is already there


def test_each_condition_has_its_own_tau():
    # adding religion (whose least informative term is more frequent) does not change how HIV is generalized
    alone = sensitive_pipeline(conditions=["hiv"])
    both = sensitive_pipeline(conditions=["hiv", "religion"])
    assert found(both(PATIENT)) == found(alone(PATIENT))
    assert found(alone(PATIENT))[0] == ("HIV positive", "SENSITIVE", "ill")
    plain = {"conditions": ["hiv"], "clinical": False}
    assert found(sensitive_pipeline(**plain)(PATIENT))[0] == ("HIV", "SENSITIVE", "infection")
    assert found(sensitive_pipeline(**{**plain, "conditions": ["hiv", "religion"]})(PATIENT))[0][2] == "infection"
    taus = both.get_pipe("anon_sensitive").taus
    assert taus["religion"] < taus["hiv"] == pytest.approx(alone.get_pipe("anon_sensitive").tau)


def test_no_detection_in_an_unrelated_sentence():
    nlp = sensitive_pipeline()  # the five conditions of Sánchez et al.
    doc = nlp("The weather in Lisbon was sunny on Tuesday and the market opened at nine.")
    assert "anon" not in doc.spans or found(doc) == []


def test_ambiguous_lemmas_need_evidence_of_the_condition():
    nlp = sensitive_pipeline(conditions=["sexually_transmitted_disease"])
    assert found(nlp("Take one dose of the syrup after each meal.")) == []  # "dose" is also an STD in WordNet
    assert [t for t, _, _ in found(nlp("He was treated for gonorrhea and chlamydia."))] == ["gonorrhea", "chlamydia"]


def test_custom_terms_and_no_generalization():
    doc = sensitive_pipeline(conditions=[], terms=["tuberculosis"], generalize=False)("Her tuberculosis is cured.")
    assert found(doc) == [("tuberculosis", "SENSITIVE", None)]


def test_invalid_condition_lists_the_presets():
    with pytest.raises(ValueError, match=r"\[E350\].*'aids'.*presets: alcohol_abuse.*hiv.*religion"):
        sensitive_pipeline(conditions=["aids"])


def test_settings_that_need_an_index_fail_clearly(tmp_path):
    with pytest.raises(ValueError, match=r"\[E352\] anon_sensitive: related = true needs a co-occurrence index"):
        sensitive_pipeline(related=True)
    with pytest.raises(ValueError, match=r"\[E352\]"):
        sensitive_pipeline(contextualize=True)
    with pytest.raises(ValueError, match=r"\[E351\]"):
        sensitive_pipeline(conditions=[], terms=[])
    nlp = sensitive_pipeline(ic_source=str(tmp_path / "no_index"))
    with pytest.raises(FileNotFoundError, match=r"\[E360\]"):
        nlp("HIV.")


# -- the clinical lexicon: forms, treatments, look-alikes, denials, spelling ---------------------------------
def spans_of(nlp, text):
    doc = nlp(text)
    return [(s.text, s.kb_id_, s._.anon_type) for s in doc.spans["anon"]]


@pytest.fixture(scope="module")
def health():
    return sensitive_pipeline()  # the five conditions of Sánchez et al., clinical lexicon on


def test_clinical_forms_of_the_conditions(health):
    text = "PMH: bipolar II, polysubstance abuse, ETOH withdrawal with DTs last year. Former IVDU, cocaine abuse."
    assert spans_of(health, text) == [
        ("bipolar II", "mental_disorder", "SENSITIVE"), ("polysubstance abuse", "substance_abuse", "SENSITIVE"),
        ("ETOH withdrawal", "alcohol_abuse", "SENSITIVE"), ("DTs", "alcohol_abuse", "SENSITIVE"),
        ("IVDU", "substance_abuse", "SENSITIVE"), ("cocaine abuse", "substance_abuse", "SENSITIVE")]
    # an acronym with no other reading is matched in any case
    assert [t for t, _, _ in spans_of(health, "Hx of etoh and ivdu, lives with his sister.")] == ["etoh", "ivdu"]


def test_treatments_reveal_the_condition(health):
    got = spans_of(health, "She was started on haloperidol and sertraline by the psychiatrist.")
    assert got == [("haloperidol", "mental_disorder", "SENSITIVE_RELATED"),
                   ("sertraline", "mental_disorder", "SENSITIVE_RELATED"),
                   ("psychiatrist", "mental_disorder", "SENSITIVE_RELATED")]
    assert found(health("Resumed haloperidol at night."))[0][2] == "a drug"  # a generalization, not a drug class


def test_look_alikes_and_denials_are_not_the_condition(health):
    for text in ("The ECG showed ST depression in the lateral leads.",
                 "No respiratory depression after the morphine bolus.",
                 "CT: depressed skull fracture on the left.",
                 "He appears depressed after the news from home.",
                 "Denies ETOH or drug use. Occasional etoh at weddings.",
                 "Withdrawal of care was discussed with the family."):  # "withdrawal" needs a sure alcohol term
        assert spans_of(health, text) == [], text
    assert [t for t, _, _ in spans_of(health, "Long history of ETOH abuse, now in withdrawal.")] == [
        "ETOH abuse", "withdrawal"]


def test_amounts_of_drink_are_related_to_alcohol_abuse(health):
    got = spans_of(health, "Reports 6 beers a day and a pint of vodka daily for years.")
    assert got == [("6 beers a day", "alcohol_abuse", "SENSITIVE_RELATED"),
                   ("a pint of vodka daily", "alcohol_abuse", "SENSITIVE_RELATED")]
    assert found(health("Drinks 4-5 drinks/day."))[0][2] is None  # removed: no generalization hides it
    for text in ("He drinks two cups of coffee a day.", "Give 1 liter per day of saline.", "Took 2 tabs per day."):
        assert spans_of(health, text) == [], text


def test_a_long_word_with_one_spelling_error_still_matches(health):
    assert [t for t, _, _ in spans_of(health, "Treated for depresssion and schizophrena since 2015.")] == [
        "depresssion", "schizophrena"]
    assert spans_of(health, "The price of the house was depressed by the noise.") == []  # a derivation, not a form


def test_a_replacement_never_names_the_condition(health):
    component = health.get_pipe("anon_sensitive")
    doc = health("Known IV drug user; seen in the clinic for alcohol withdrawal and bipolar disorder.")
    assert [t for t, _, _ in found(doc)] == ["IV drug user", "alcohol withdrawal", "bipolar disorder"]
    for _, _, replacement in found(doc):
        assert replacement and replacement.split(" ")[-1] not in ("user", "addict", "alcoholic")
        words = replacement.split(" ", 1)[-1]
        assert words.lower() not in component.sensitive  # not a term of S
    # "withdrawal" shares the stem of "withdrawer" (a drug addict in WordNet) but is not that word
    assert found(health("WITHDRAWAL of the drain went well.")) == []


# -- Step 2: related terms through the index ---------------------------------------------------------------
@pytest.mark.parametrize("contextualize", [False, True])
def test_related_terms_are_found_and_generalized(hiv_index, contextualize):
    nlp = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True, contextualize=contextualize,
                             **PAPER)
    doc = nlp(PATIENT)
    spans = {t: (kind, repl) for t, kind, repl in found(doc)}
    assert spans["HIV"][0] == "SENSITIVE"
    assert spans["antiretroviral drugs"] == ("SENSITIVE_RELATED", "drugs")  # eq. 8: "drug" is safe
    assert spans["unprotected intercourse"][0] == "SENSITIVE_RELATED"
    component = nlp.get_pipe("anon_sensitive")
    hiv = component.sensitive.terms["HIV"]
    # HIV is in 8 of 20 documents, AIDS in 1: tau = log2(20 / 8); "infection" (11 documents) is g(HIV)
    assert component.tau == pytest.approx(1.3219, abs=1e-4)
    assert component.generalization(hiv) == "infection"
    # "antiretroviral drugs" only occurs with HIV and infection: DR = IC(HIV) = tau (total disclosure)
    assert component.disclosure_risk(hiv, "antiretrovir drug") == pytest.approx(component.tau)
    assert component.risk([hiv], "antiretrovir drug") == pytest.approx(0.0)
    assert component.risk([hiv], "drug") < 0.0
    assert doc._.anon_stats["sensitive_related"] == 2
    assert {s.kb_id_ for s in doc.spans["anon"]} == {"hiv"}  # the condition each span reveals


def test_contextualized_counts_fall_back_to_plain_ones_when_the_corpus_is_sparse(hiv_index):
    # eq. 10-13 count t with g(t); with fewer than min_df documents holding both, the plain counts stand
    plain = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True, min_df=9, **PAPER)
    ctx = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True, min_df=9,
                             contextualize=True, **PAPER)
    plain(PATIENT), ctx(PATIENT)
    a, b = plain.get_pipe("anon_sensitive"), ctx.get_pipe("anon_sensitive")
    assert a.tau == pytest.approx(b.tau)
    hiv = a.sensitive.terms["HIV"]
    same = b.sensitive.terms["HIV"]
    assert a.disclosure_risk(hiv, "antiretrovir drug") == b.disclosure_risk(same, "antiretrovir drug")


def test_evidence_rules_for_a_corpus(hiv_index):
    def risk(**config):
        nlp = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True,
                                 **{**PAPER, **config})
        nlp(PATIENT)
        component = nlp.get_pipe("anon_sensitive")
        return component.risk([component.sensitive.terms["HIV"]], "antiretrovir drug"), nlp
    # "antiretroviral drugs" with HIV in 7 documents: a discount of 1 lowers DR, one of 7 leaves no evidence
    assert risk()[0] == pytest.approx(0.0)
    assert -1.0 < risk(pmi_discount=1.0)[0] < 0.0
    assert risk(pmi_discount=7.0)[0] == -math.inf
    # a term in more than max_df_share of the documents is common vocabulary, never a related term
    _, nlp = risk(max_df_share=0.3)  # "antiretroviral drugs" is in 8 of 20 documents
    assert [t for t, _, _ in found(nlp(PATIENT))] == ["HIV", "unprotected intercourse"]
    with pytest.raises(ValueError, match=r"\[E355\]"):
        sensitive_pipeline(max_df_share=0.0)
    with pytest.raises(ValueError, match=r"\[E355\]"):
        sensitive_pipeline(pmi_discount=-1)


def test_unrelated_words_are_not_related_terms(hiv_index):
    nlp = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True, **PAPER)
    doc = nlp("The patient with HIV walks every day and bakes bread.")
    assert [t for t, _, _ in found(doc)] == ["HIV"]
    assert found(nlp("The patient walks every day and takes antiretroviral drugs.")) == []  # no t, no Step 2


def test_index_must_know_the_conditions(hiv_index):
    nlp = sensitive_pipeline(conditions=["mental_disorder"], ic_source=str(hiv_index), related=True)
    with pytest.raises(ValueError, match=r"\[E35[34]\]"):
        nlp("She has depression.")


# -- end to end, serialization, CLI -----------------------------------------------------------------------
@pytest.mark.parametrize("strategy", ["generalize", "tag", "suppress"])
def test_end_to_end_with_anon_mask(hiv_index, strategy):
    nlp = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True, **PAPER)
    nlp.add_pipe("anon_mask", config={"strategy": strategy})
    doc = nlp(PATIENT)
    assert doc._.anon_status == "ok"
    assert "HIV" not in doc._.anon_text and "antiretroviral" not in doc._.anon_text
    rows = [r for r in doc._.anon_table if r["source"] == "anon_sensitive"]
    assert len(rows) == 3 and {r["identifier"] for r in rows} == {"CONFIDENTIAL"}
    if strategy == "generalize":
        assert "takes drugs after" in doc._.anon_text


def test_fine_types_can_take_their_own_strategy(hiv_index):
    nlp = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True, **PAPER)
    nlp.add_pipe("anon_mask", config={"strategy": "generalize", "label_strategies": {"SENSITIVE": "suppress"}})
    text = nlp(PATIENT)._.anon_text
    assert text.startswith("The patient is *** positive") and "takes drugs" in text


def test_to_disk_copies_the_index(hiv_index, tmp_path):
    import shutil

    copy = tmp_path / "index_copy"
    shutil.copytree(hiv_index, copy)
    nlp = sensitive_pipeline(conditions=["hiv"], ic_source=str(copy), related=True, **PAPER)
    nlp.to_disk(tmp_path / "pipeline")
    shutil.rmtree(copy)  # the saved pipeline carries its own index
    loaded = spacy.load(tmp_path / "pipeline")
    assert [t for t, _, _ in found(loaded(PATIENT))] == ["HIV", "antiretroviral drugs", "unprotected intercourse"]


def test_index_cli_appends_and_reports_errors(tmp_path, capsys):
    folder = tmp_path / "notes"
    folder.mkdir()
    for i, text in enumerate(HIV_DOCS[:3]):
        (folder / f"{i}.txt").write_text(text, encoding="utf8")
    out = tmp_path / "idx"
    assert cli_main(["index", str(folder), "-o", str(out), "--conditions", "hiv"]) == 0
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"text": OTHER_DOCS[0]}) + "\n", encoding="utf8")
    assert cli_main(["index", str(more), "-o", str(out), "--append"]) == 0
    assert "4 documents" in capsys.readouterr().err
    assert cli_main(["index", str(tmp_path / "missing"), "-o", str(out)]) == 1
    assert "[E362]" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1}\n', encoding="utf8")
    assert cli_main(["index", str(bad), "-o", str(tmp_path / "idx2"), "--conditions", "hiv"]) == 1
    err = capsys.readouterr().err
    assert "line 1" in err and "missing \"text\"" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli_main(["index", str(empty), "-o", str(tmp_path / "idx3"), "--conditions", "hiv"]) == 1
    assert "[E363]" in capsys.readouterr().err
    assert cli_main(["index", str(folder), "-o", str(tmp_path / "idx4"), "--conditions", "flu"]) == 1
    assert "[E350]" in capsys.readouterr().err


def test_snomed_hook_gives_terms_and_generalizations(tmp_path):
    release = write_fake_snomed(tmp_path / "release")
    nlp = sensitive_pipeline(conditions=[], terms=["HIV infection"], snomed_path=str(release))
    doc = nlp("In 2001 she developed AIDS; the HIV infection was treated.")
    assert [t for t, _, _ in found(doc)] == ["AIDS", "HIV infection"]
    component = nlp.get_pipe("anon_sensitive")
    assert component.chains(component.sensitive.terms["AIDS"]) == ["HIV infection", "Viral disease", "Disease"]
    with pytest.raises(FileNotFoundError, match=r"\[E356\]"):
        sensitive_pipeline(snomed_path=str(tmp_path / "no_release"))


def test_pluralize():
    assert [pluralize(w) for w in ("drug", "agency", "virus", "day", "sexual disease")] == [
        "drugs", "agencies", "viruses", "days", "sexual diseases"]


def test_pickles_without_its_open_index(hiv_index):
    import pickle

    nlp = sensitive_pipeline(conditions=["hiv"], ic_source=str(hiv_index), related=True, **PAPER)
    nlp(PATIENT)  # opens the index
    copy = pickle.loads(pickle.dumps(nlp.get_pipe("anon_sensitive")))  # a worker started with "spawn"
    doc = copy(nlp.make_doc("HIV and antiretroviral drugs."))
    assert [t for t, _, _ in found(doc)] == ["HIV", "antiretroviral drugs"]


def test_text_in_capitals_is_read_in_lower_case_except_acronyms():
    nlp = sensitive_pipeline(conditions=["hiv", "mental_disorder", "alcohol_abuse"])
    doc = nlp("PMH: HIV, DEPRESSION, ALCOHOLISM. PT IS AN ALCOHOLIC.")
    assert [(t, s.kb_id_) for (t, _, _), s in zip(found(doc), doc.spans["anon"])] == [
        ("HIV", "hiv"), ("DEPRESSION", "mental_disorder"), ("ALCOHOLISM", "alcohol_abuse"),
        ("ALCOHOLIC", "alcohol_abuse")]
