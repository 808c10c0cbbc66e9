"""anon_sensitive's pure parts on numbers checked by hand: IC, tau, PMI, disclosure risk (Sánchez et al.
eq. 1-8), stemmed term keys, the co-occurrence index and the SNOMED CT loader (on a tiny fake release)."""
import math

import pytest

from spacy_anon.sensitive import ic
from spacy_anon.sensitive.index import CooccurrenceIndex, anchors_for, compound, corpus_texts, document_counts
from spacy_anon.sensitive.snomed import SnomedTaxonomy
from spacy_anon.sensitive.terms import ngram_keys, term_key, text_words, word_key


# -- formulas --------------------------------------------------------------------------------------------
def test_information_content_from_counts():
    assert ic.ic_from_counts(5, 20) == pytest.approx(2.0)  # -log2(5/20)
    assert ic.ic_from_counts(20, 20) == 0.0
    assert ic.ic_from_counts(0, 20) == math.inf  # never seen
    assert ic.information_content(0.25) == pytest.approx(2.0)


def test_wordfreq_ic_of_a_phrase_is_at_least_that_of_its_rarest_word():
    assert ic.wordfreq_ic("disease") < ic.wordfreq_ic("venereal disease")
    assert ic.wordfreq_ic("venereal disease") >= ic.wordfreq_ic("venereal")
    assert ic.wordfreq_ic("qwzxhrtplk") == pytest.approx(-math.log2(ic.WORDFREQ_FLOOR))


def test_threshold_is_the_least_informative_sensitive_term():
    assert ic.threshold([3.0, 2.5, math.inf]) == 2.5
    assert ic.threshold([math.inf]) is None
    assert ic.threshold([]) is None


def test_eq4_most_informative_ancestor_below_tau():
    # IC of HIV's virus chain (wordfreq): retrovirus 22.1, animal virus 18.0, virus 15.2, microorganism 16.9
    chain = [("retrovirus", 22.1), ("animal virus", 18.0), ("virus", 15.2), ("microorganism", 16.9),
             ("organism", 12.0)]
    assert ic.most_informative_below(chain, tau=15.78) == "virus"  # 15.2 < 15.78, and above 12.0
    assert ic.most_informative_below(chain, tau=17.0) == "microorganism"  # not the first below: the most informative
    assert ic.most_informative_below(chain, tau=10.0) is None


def test_pmi_from_document_counts():
    # t in 8 of 20 documents, q in 4, together in 4: log2(4 * 20 / (8 * 4)) = log2(2.5)
    assert ic.pmi(4, 8, 4, 20) == pytest.approx(math.log2(2.5))
    assert ic.pmi(2, 4, 5, 20) == pytest.approx(1.0)
    assert ic.pmi(1, 4, 5, 20) == pytest.approx(0.0)  # independent: 4/20 * 5/20 * 20 = 1 expected
    assert ic.pmi(0, 4, 5, 20) == -math.inf
    assert ic.pmi(3, 0, 5, 20) == 0.0  # no count: no evidence


def test_pmi_of_a_term_that_always_comes_with_t_is_ic_of_t():
    # Sánchez et al. §3.4: if q always co-occurs with t, PMI(t; q) = IC(t) (total disclosure)
    assert ic.pmi(4, 8, 4, 20) == pytest.approx(ic.ic_from_counts(8, 20))


def test_eq7_disclosure_risk():
    assert ic.disclosure_risk(1.0, 0.5, 0.25) == pytest.approx(1.25)  # PMI(t;q) + IC(g) - PMI(g;q)
    assert ic.disclosure_risk(1.0, 0.0, 0.0) == pytest.approx(1.0)  # t removed: eq. 5
    assert ic.disclosure_risk(-math.inf, 0.5, 0.25) == -math.inf  # never together: no risk
    assert ic.disclosure_risk(1.0, 0.5, -math.inf) == pytest.approx(1.5)  # q never with g(t)


def test_eq8_first_safe_generalization():
    risks = {"antiretroviral drug": 2.0, "drug": 1.4, "medicine": 0.9, "agent": 0.2}
    hierarchy = ["antiretroviral drug", "drug", "medicine", "agent"]
    assert ic.first_safe(hierarchy, risks.get, tau=1.32) == "medicine"
    assert ic.first_safe(hierarchy, risks.get, tau=0.1) is None


# -- term keys --------------------------------------------------------------------------------------------
def test_keys_are_porter_stems_and_acronyms_keep_their_case():
    assert term_key("Sexually transmitted diseases") == term_key("sexually transmitted disease")
    assert term_key("alcoholics") == term_key("alcoholic")
    assert word_key("AIDS") == "AIDS" and word_key("aids") == "aid"  # help is not the syndrome
    assert word_key("STDs") == "STD"
    assert term_key("HIV-positive") == term_key("HIV positive")


def test_words_break_at_punctuation_and_ngrams_skip_stop_word_edges():
    words = text_words("He is HIV-positive, takes antiretroviral drugs.")
    assert words == ["He", "is", "HIV", "positive", None, "takes", "antiretroviral", "drugs"]
    keys = ngram_keys(words, 3)
    assert term_key("antiretroviral drugs") in keys and term_key("HIV positive") in keys
    assert "is" not in keys and not any(k.startswith("he ") for k in keys)
    assert term_key("positive takes") not in keys  # crosses the comma


# -- the index --------------------------------------------------------------------------------------------
def test_document_counts_pairs_anchors_with_every_term_and_their_context():
    anchors = {"HIV": ["infect"], "infect": []}
    keys, pairs = document_counts("HIV infection spreads. HIV drugs help.", anchors, 2, 1)
    assert {"HIV", "infect", "drug", "HIV drug"} <= keys
    assert set(pairs) == {"HIV", "infect", compound("HIV", "infect")}
    _, pairs = document_counts("HIV drugs help.", anchors, 2, 1)
    assert set(pairs) == {"HIV"}  # no "infection": no contextualized count


def test_index_counts_documents_and_appends(tmp_path):
    anchors = anchors_for([("HIV", ["viral infection", "infection"])])
    assert anchors == {"HIV": ["viral infect", "infect"], "viral infect": [], "infect": []}
    index = CooccurrenceIndex(tmp_path / "idx", create=True, anchors=anchors, max_ngram=2)
    assert index.add_texts(["HIV is an infection. Drugs help.", "A drug trial.", "Infection, infection!"]) == 3
    assert (index.n_docs, index.df("drug"), index.df("infect"), index.df("HIV")) == (3, 2, 2, 1)
    assert index.pair_df("HIV", "drug") == 1 and index.pair_df("infect", "drug") == 1
    assert index.pair_df(compound("HIV", "infect"), "drug") == 1
    index.close()
    again = CooccurrenceIndex(tmp_path / "idx")  # --append: counts grow, nothing is recomputed
    again.add_texts(["HIV drugs."])
    assert (again.n_docs, again.df("drug"), again.pair_df("HIV", "drug")) == (4, 3, 2)
    assert again.stats()["documents"] == 4


def test_a_failed_append_adds_nothing(tmp_path):
    index = CooccurrenceIndex(tmp_path / "idx", create=True, anchors={"HIV": []})
    index.add_texts(["HIV drugs."])

    def texts():
        yield "HIV drugs again."
        raise ValueError("line 2: not valid JSON")

    with pytest.raises(ValueError):
        index.add_texts(texts())
    assert (index.n_docs, index.df("drug"), index.pair_df("HIV", "drug")) == (1, 1, 1)


def test_index_stores_no_text(tmp_path):
    index = CooccurrenceIndex(tmp_path / "idx", create=True, anchors={"HIV": []})
    index.add_texts(["Jane Roe was diagnosed with HIV at St Mary's."])
    index.close()
    data = (tmp_path / "idx" / "index.sqlite").read_bytes()
    assert b"Jane Roe was" not in data and b"diagnosed with" not in data  # only stemmed keys and counts


def test_missing_index_and_corpus_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"\[E360\]"):
        CooccurrenceIndex(tmp_path / "nowhere")
    with pytest.raises(ValueError, match=r"\[E362\]"):
        list(corpus_texts(tmp_path / "nowhere.csv"))


def test_corpus_texts_reads_folders_and_jsonl(tmp_path):
    (tmp_path / "a.txt").write_text("first", encoding="utf8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_text("second", encoding="utf8")
    assert list(corpus_texts(tmp_path)) == ["first", "second"]
    jsonl = tmp_path / "c.jsonl"
    jsonl.write_text('{"text": "one"}\n\n{"id": 2, "text": "two"}\n', encoding="utf8")
    assert list(corpus_texts(jsonl)) == ["one", "two"]


# -- SNOMED CT hook ----------------------------------------------------------------------------------------
DESCRIPTION_HEADER = "id\teffectiveTime\tactive\tmoduleId\tconceptId\tlanguageCode\ttypeId\tterm\tcaseSignificanceId\n"
RELATIONSHIP_HEADER = ("id\teffectiveTime\tactive\tmoduleId\tsourceId\tdestinationId\trelationshipGroup\ttypeId\t"
                       "characteristicTypeId\tmodifierId\n")
FSN, SYN = "900000000000003001", "900000000000013009"


def write_fake_snomed(folder):
    """A made-up five-concept release in RF2 layout (invented ids; no SNOMED CT content)."""
    rows = [("101", FSN, "Disease (disorder)"), ("101", SYN, "Disease"),
            ("102", FSN, "Viral disease (disorder)"), ("102", SYN, "Viral disease"),
            ("103", FSN, "Human immunodeficiency virus infection (disorder)"), ("103", SYN, "HIV infection"),
            ("104", SYN, "AIDS"), ("104", SYN, "Acquired immune deficiency syndrome"),
            ("105", SYN, "Old retired term")]
    folder.mkdir(parents=True)
    with (folder / "sct2_Description_Snapshot-en_INT_20250101.txt").open("w", encoding="utf8") as f:
        f.write(DESCRIPTION_HEADER)
        for n, (concept, kind, term) in enumerate(rows):
            active = "0" if concept == "105" else "1"
            f.write(f"{n}\t20250101\t{active}\t1\t{concept}\ten\t{kind}\t{term}\t1\n")
    with (folder / "sct2_Relationship_Snapshot_INT_20250101.txt").open("w", encoding="utf8") as f:
        f.write(RELATIONSHIP_HEADER)
        for n, (child, parent) in enumerate([("102", "101"), ("103", "102"), ("104", "103")]):
            f.write(f"{n}\t20250101\t1\t1\t{child}\t{parent}\t0\t116680003\t1\t1\n")
    return folder


def test_snomed_loader_reads_synonyms_descendants_and_ancestors(tmp_path):
    snomed = SnomedTaxonomy(write_fake_snomed(tmp_path / "Snapshot" / "Terminology"))
    assert snomed.concepts("hiv infection") == ["103"]
    assert snomed.lemmas("103") == ["HIV infection", "Human immunodeficiency virus infection"]  # synonym first
    assert snomed.descendants("102") == ["103", "104"]
    assert snomed.ancestors("104") == ["HIV infection", "Viral disease", "Disease"]
    assert snomed.concepts("Old retired term") == []  # inactive rows are ignored
    assert len(snomed) == 4


def test_snomed_loader_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"\[E356\].*licensed"):
        SnomedTaxonomy(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match=r"\[E357\]"):
        SnomedTaxonomy(tmp_path / "empty")


# -- the clinical lexicon's helpers ------------------------------------------------------------------------
def test_one_edit_and_symmetric_deletions():
    from spacy_anon.sensitive.clinical import deletions, one_edit

    assert one_edit("depression", "depresssion")  # an extra letter
    assert one_edit("trazodone", "trazadone")  # one letter changed
    assert one_edit("schizophrenia", "schizophrenai")  # two neighbours swapped
    assert not one_edit("schizophrenia", "schizofrenia")  # two edits
    assert not one_edit("depressant", "depression")
    assert set(deletions("abc")) == {"abc", "bc", "ac", "ab"}


def test_inflections_are_forms_of_a_lemma_derivations_are_not():
    from spacy_anon.sensitive.sensitive_set import inflects

    assert inflects("drug", "drugs") and inflects("psychosis", "psychoses") and inflects("DTs", "DT")
    assert inflects("agency", "agencies") and inflects("alcoholic", "Alcoholics")
    assert not inflects("depression", "depressed") and not inflects("withdrawer", "withdrawal")


def test_look_alike_and_denial_contexts():
    from spacy_anon.sensitive.clinical import excluded

    assert excluded("EKG with 1mm ST ", "depression", " in V5")
    assert excluded("no signs of respiratory ", "depression", ".")
    assert excluded("", "depressed", " skull fracture")
    assert excluded("Pt appears ", "depressed", " today")
    assert excluded("Social hx: denies ", "ETOH", ", tobacco")
    assert excluded("drinks ", "ETOH", " only on holidays") is False  # the amount is for a reader to judge
    assert excluded("serum ", "ETOH", " level 0") and excluded("occasional ", "etoh", "")
    assert not excluded("Hx of severe ", "depression", " and anxiety")
