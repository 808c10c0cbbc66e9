"""The crowd test of coarse classes (a class word that many background documents share passes whatever its
vector), nationality words to their region, words kept because they disclose only by their frequency, and
the document-frequency table travelling with the pipeline."""
import pytest
import spacy

import spacy_anon  # noqa: F401  (factories)
from conftest import WORDNET_REQUIRED
from generalize_support import rows_by_text
from generalize_support import generalized_near_subject as anonymize
from spacy_anon.generalize.crowds import DocumentFrequencies, crowd_of, load_frequencies, words
from spacy_anon.generalize.regions import demonym_code, demonym_region
from spacy_anon.generalize.wordnet_install import english_lexicons

pytestmark = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)

# A background of 20 short biographies: "film", "performer" and "acclaim" are in most of them, "Welsh" in one.
BACKGROUND = (
    ["Ann Roe is an American performer known for her film roles and critical acclaim."] * 12
    + ["Bo Lind is a Swedish performer who appeared in a film to wide acclaim."] * 6
    + ["Cai Rhys is a Welsh singer from Tregaron."]
    + ["Dee Moss is a British writer and performer."]
)




@pytest.fixture(scope="module")
def table_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("crowd") / "doc_freq.json"
    DocumentFrequencies.from_texts(BACKGROUND, min_count=1).to_disk(path)
    return str(path)


def test_document_frequencies_count_documents_not_occurrences():
    table = DocumentFrequencies.from_texts(["film film film", "a film and a play", "a play"], min_count=1)
    assert table.n_docs == 3 and table.count("film") == 2 and table.count("Film") == 2
    assert table.share("a play") == pytest.approx(2 / 3)
    assert table.count("a film and") == 0  # longer phrases are not counted: no crowd, fail closed
    assert table.count("opera") == 0 and table.share("opera") == 0.0
    assert words("the highest-paid actress's 2nd role") == ["the", "highest-paid", "actress", "role"]
    rare = DocumentFrequencies.from_texts(["film", "film", "opera"], min_count=2)
    assert rare.counts == {"film": 2}
    assert crowd_of(table, ["opera", "film"]) == pytest.approx(2 / 3) and crowd_of(None, ["film"]) == 0.0


def test_table_reads_from_a_corpus_or_a_saved_table(tmp_path, table_path):
    corpus = tmp_path / "bios.jsonl"
    corpus.write_text("\n".join('{"text": "%s"}' % t for t in BACKGROUND), encoding="utf8")
    from_corpus = load_frequencies(corpus)
    from_table = load_frequencies(table_path)
    assert from_corpus.n_docs == from_table.n_docs == 20
    assert from_corpus.count("performer") == from_table.count("performer") == 19


def test_a_class_shared_by_the_crowd_passes_where_its_vector_fails(table_path):
    text = "Nora Vell is an American actress."
    assert anonymize(text, [("actress", "MISC")])._.anon_text == "Nora Vell is an American [MISC_1]."
    doc = anonymize(text, [("actress", "MISC")], document_frequencies=table_path)
    assert doc._.anon_text == "Nora Vell is an American performer."
    assert doc._.anon_table[0]["fallback"] == "class"
    # a stricter crowd (every document) refuses it: 19 of 20 documents say "performer"
    doc = anonymize(text, [("actress", "MISC")], document_frequencies=table_path, crowd_share=1.0)
    assert doc._.anon_text == "Nora Vell is an American [MISC_1]."
    doc = anonymize(text, [("actress", "MISC")], document_frequencies=table_path, crowd_share=None)
    assert doc._.anon_text == "Nora Vell is an American [MISC_1]."


def test_a_class_no_document_contains_is_still_tagged(table_path):
    # "place" occurs in none of the background documents: the vectors decide, and they refuse
    doc = anonymize("She grew up near Aberystwyth.", [("Aberystwyth", "MISC")], document_frequencies=table_path)
    assert "[MISC_1]" in doc._.anon_text


def test_nationality_words_become_their_region_under_the_crowd_test(table_path):
    doc = anonymize("Nora Vell is an American actress.", [("American", "MISC")], document_frequencies=table_path)
    assert doc._.anon_text == "Nora Vell is a North American actress."
    assert doc._.anon_table[0]["operator"] == "region"
    # Welsh is in 1 document of 20, but the region is true of every European: British, Swedish count
    doc = anonymize("Nora Vell is a Welsh singer.", [("Welsh", "MISC")], document_frequencies=table_path)
    assert doc._.anon_text == "Nora Vell is a European singer."
    # without a table the vectors decide (and refuse); with regions off the span is tagged
    # (a nationality is tagged DEM whatever the tagger said: spacy_anon.mask.span_kinds)
    doc = anonymize("Nora Vell is a Welsh singer.", [("Welsh", "MISC")])
    assert "[DEM_1]" in doc._.anon_text
    doc = anonymize("Nora Vell is a Welsh singer.", [("Welsh", "MISC")], document_frequencies=table_path,
                    regions=False)
    assert "[DEM_1]" in doc._.anon_text


def test_demonyms_and_what_is_not_one():
    assert demonym_code("American") == "NA" and demonym_code("Austrian-American") == "NA"
    assert demonym_code("Welsh") == "EU" and demonym_code("New Zealander") == "OC"
    assert demonym_code("american") is None and demonym_code("Iron Man") is None
    assert demonym_region("an American")[0] == "North American"
    assert demonym_region("English", "an", "actor")[0] == "European"
    assert demonym_region("English", "spoke", ".") is None  # the language, not a nationality
    assert "british" in demonym_region("Welsh", "a", "singer")[1]


def test_words_shared_by_the_crowd_stay_as_written(table_path):
    text = "Her work won critical acclaim from Tregaron."
    spans = [("acclaim", "MISC"), ("Tregaron", "MISC")]
    doc = anonymize(text, spans, document_frequencies=table_path, keep_share=0.5)
    rows = rows_by_text(doc)
    assert rows["acclaim"]["fallback"] == "kept"
    assert rows["Tregaron"]["fallback"] == "vacuous"  # a name is never kept, however common
    doc = anonymize(text, spans, document_frequencies=table_path, keep_share=None)
    assert rows_by_text(doc)["acclaim"]["fallback"] != "kept"
    doc = anonymize(text, spans, keep_share=0.5)  # without a table nothing is kept
    assert rows_by_text(doc)["acclaim"]["fallback"] != "kept"
    # off by default: a word the detector marked is not written back because many documents contain it
    doc = anonymize(text, spans, document_frequencies=table_path)
    assert rows_by_text(doc)["acclaim"]["fallback"] != "kept"


def test_the_table_travels_with_the_pipeline(tmp_path, table_path):
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize")
    gen.set_document_frequencies(load_frequencies(table_path))
    nlp.to_disk(tmp_path / "pipe")
    assert (tmp_path / "pipe" / "anon_generalize" / "frequencies" / "doc_freq.json").exists()
    loaded = spacy.load(tmp_path / "pipe").get_pipe("anon_generalize")
    assert loaded.frequencies.count("performer") == 19
    copy = spacy.blank("en").add_pipe("anon_generalize")
    copy.from_bytes(gen.to_bytes())
    assert copy.frequencies.n_docs == 20


def test_bad_shares_and_a_missing_table_fail_with_their_codes(tmp_path):
    for setting, value in (("crowd_share", 0.0), ("crowd_share", 1.5), ("keep_share", -0.1)):
        with pytest.raises(ValueError, match="E340"):
            spacy.blank("en").add_pipe("anon_generalize", config={setting: value})
    gen = spacy.blank("en").add_pipe("anon_generalize", config={"document_frequencies": str(tmp_path / "no")})
    with pytest.raises(ValueError, match="E341"):
        gen.frequencies


def _span(text, sub, label="MISC"):
    nlp = spacy.blank("en")
    doc = nlp(text)
    start = text.index(sub)
    return doc.char_span(start, start + len(sub), label=label)


def test_titles_by_their_year_and_the_medium_of_the_sentence():
    from spacy_anon.generalize.units import cue_class

    assert cue_class(_span("She had a lead role in Liar Liar (1997).", "Liar Liar")) == "film"
    assert cue_class(_span("His films include Patriot Games (1992) and Ronin (1998).", "Ronin")) == "film"
    assert cue_class(_span("He voiced Danger Mouse (2015–17) and Trollhunters.", "Danger Mouse")) == "television series"
    assert cue_class(_span("She appeared in the HBO drama Big Love (2006) for years.", "Big Love")) == "television series"
    # the rest of the title between the span and its year: "Avengers: Age of Ultron (2015)"
    assert cue_class(_span("She starred in Avengers: Age of Ultron (2015).", "Avengers")) == "film"
    # two media named, or none and no role: no class (the span stays tagged)
    assert cue_class(_span("Her films and television series include Away (2019).", "Away")) is None
    assert cue_class(_span("They moved to Paris (1999) with family.", "Paris")) is None
    # an award's name is not a title
    assert cue_class(_span("She won the Independent Spirit Award for Manny Lo (1997) films.",
                           "Independent Spirit Award for Manny Lo")) is None


def test_characters_after_as_or_played():
    from spacy_anon.generalize.units import cue_class

    assert cue_class(_span("He played Lieutenant Pete Mitchell in Top Gun.", "Pete Mitchell")) == "character"
    assert cue_class(_span("He currently stars as Detective Danny Williams.", "Danny Williams")) == "character"
    assert cue_class(_span("She was known as Lady Di to the press.", "Lady Di")) is None
    assert cue_class(_span("He worked as Secretary of State.", "Secretary of State")) is None
    assert cue_class(_span("He played IMF agents in two films.", "IMF")) is None  # an acronym is no character


def test_a_title_gets_its_class_with_an_article_of_its_own(table_path):
    text = "Nora Vell had a lead role in The Truman Show (1998)."
    doc = anonymize(text, [("The Truman Show", "MISC")], document_frequencies=table_path)
    assert doc._.anon_text == "Nora Vell had a lead role in a film (1998)."
    # without the crowd test the class fails the vectors' test and the title is tagged
    doc = anonymize(text, [("The Truman Show", "MISC")])
    assert doc._.anon_text == "Nora Vell had a lead role in [MISC_1] (1998)."
