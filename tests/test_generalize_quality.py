"""Generalizations a reader can use: the sense that fits the sentence, never a vacuous concept, grammar
that agrees (en, es, pt), and words that disclose nothing left as they are."""
import collections

import pytest
import spacy

import spacy_anon  # noqa: F401  (factories)
from conftest import WORDNET_REQUIRED
from generalize_support import generalized
from spacy_anon.generalize.component import compound_runs as comp_runs
from spacy_anon.generalize.grammar import indefinite_article, looks_plural, pluralize
from spacy_anon.generalize.senses import choose_sense, content_words, disambiguate, sentence_context
from spacy_anon.generalize.vacuous import core_phrase, is_vacuous, keepable
from spacy_anon.generalize.wordnet import generalization_chain, noun_senses, synset_label
from spacy_anon.generalize.wordnet_install import english_lexicons
from spacy_anon.mask.tidy import tidy_generalized

pytestmark = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)


def masked(text, spans, generalize=None, mask=None):
    """Run anon_generalize + anon_mask (generalize) on `text` with the given (substring, label) spans."""
    return generalized(text, spans, generalize=generalize, mask=mask)


def vacuous_share(rows):
    """Share of table rows whose replacement is vacuous for their label (what the benchmark counts)."""
    counted = [r for r in rows if r.get("fallback") is None]
    return sum(is_vacuous(r["replacement"], r["label"]) for r in counted) / max(1, len(rows))


# -- sense in context ----------------------------------------------------------------------------
def _chosen(term, sentence):
    senses = noun_senses(term)
    index, _ = disambiguate(senses, content_words(sentence), term)
    return senses[index]


def test_role_in_a_film_sentence_is_a_portrayal_not_a_duty():
    role = _chosen("role", "Her first film role came in 1993.")
    assert "actor" in role.definition()  # "an actor's portrayal of someone in a play"
    assert noun_senses("role")[0] is not role  # the most frequent sense is the duty one
    assert synset_label(noun_senses("role")[0]) == "function"


def test_bank_of_the_river_and_the_bank_that_lends():
    assert "slope" in _chosen("bank", "They walked along the bank of the river.").definition()
    assert "financial institution" in _chosen("bank", "The bank approved the loan.").definition()


def test_without_context_the_most_frequent_sense_wins():
    assert disambiguate(noun_senses("bank"), [], "bank")[0] == 0
    assert choose_sense([0.0, 0.5, 0.0]) == 0  # a small preference does not beat the sense rank
    assert choose_sense([0.0, 1.5, 1.5]) == 1  # ties go to the more frequent sense
    assert choose_sense([]) == 0


def test_sense_choice_reaches_the_hypernym_chain_and_the_text():
    chain = generalization_chain("role", choose_sense=lambda term, senses: 1)
    assert chain[0] == ("portrayal", 7)  # depth: levels to the root, entity = 0
    doc = masked("Her first film role came in 1993.", [("role", "MISC")])
    assert doc._.anon_text == "Her first film portrayal came in 1993."
    doc = masked("The bank approved the loan.", [("bank", "MISC")])
    assert doc._.anon_text == "The financial institution approved the loan."


def test_sentence_context_without_a_parser():
    nlp = spacy.blank("en")
    doc = nlp("She grew up in Wales. Her first film role came in 1993 .")
    assert sentence_context(doc, 9, 10) == ["film", "came"]


def test_sheep_farm_becomes_a_farm_not_a_bovid_workplace():
    doc = masked("She grew up on a sheep farm near Tregaron.", [("sheep farm", "MISC")])
    assert doc._.anon_text == "She grew up on a farm near Tregaron."
    assert "bovid" not in " ".join(c for c, _ in generalization_chain("sheep farm"))


def test_adjacent_words_are_generalized_as_one_compound():
    # the detector marked "sheep" and "farm" apart: one phrase, one row, never "a bovid workplace";
    # neither member's own word comes back (each was selected for masking)
    doc = masked("She grew up on a sheep farm near Tregaron.", [("sheep", "MISC"), ("farm", "MISC")])
    assert doc._.anon_text == "She grew up on a workplace near Tregaron."
    assert len(doc._.anon_table) == 1
    doc = masked("She received an honorary doctorate and is an American actress.",
                 [("honorary", "MISC"), ("doctorate", "MISC"), ("American", "MISC"), ("actress", "MISC")])
    assert doc._.anon_text == "She received an academic degree and is an actor."


def test_compound_runs():
    nlp = spacy.blank("en")
    doc = nlp("Her first film role on a sheep farm with two Welsh actresses and Tom Jones")
    spans = [doc[i:i + 1] for i in (1, 2, 3, 6, 7, 9, 10, 11)] + [doc[13:15]]
    for span, label in zip(spans, ["MISC"] * 8 + ["PERSON"]):
        span.label_ = label
    runs = [[s.text for s in run] for run in comp_runs(spans)]
    assert runs == [["first"], ["film", "role"], ["sheep", "farm"], ["two"], ["Welsh", "actresses"],
                    ["Tom Jones"]]


# -- never vacuous ---------------------------------------------------------------------------------
@pytest.mark.parametrize("replacement, label, depth, vacuous", [
    ("a thing", "MISC", None, True), ("An entity", "PERSON", 0, True), ("some", "MISC", None, True),
    ("psychological feature", "MISC", 2, True), ("act", "MISC", 4, True), ("living thing", "MISC", 4, True),
    ("a person", "MISC", 6, True), ("a person", "ORG", 6, True), ("A person", "PERSON", None, False),
    ("a location", "LOC", None, False), ("location", "MISC", 3, True), ("social group", "ORG", 3, True),
    ("something", "MISC", None, True), ("city", "LOC", 8, False),
    ("award", "MISC", 5, False), ("region", "LOC", 3, True), ("a few awards", "MISC", None, False),
    ("[MISC_1]", "MISC", None, False),
])
def test_vacuous_concepts(replacement, label, depth, vacuous):
    assert is_vacuous(replacement, label, depth) is vacuous


def test_vacuous_concepts_per_language():
    assert is_vacuous("algo", "MISC", lang="es") and is_vacuous("uma coisa", "MISC", lang="pt")
    assert is_vacuous("una persona", "PERSON", lang="es") is False
    assert is_vacuous("data", "MISC", lang="en") is False  # Portuguese "data" is a date, English data is not


def test_core_phrase_strips_articles_only():
    assert core_phrase("A thing") == "thing" and core_phrase("some awards") == "some awards"


def test_a_name_with_only_vacuous_generalizations_is_tagged_and_the_table_says_so():
    doc = masked("She grew up near Tregaron.", [("Tregaron", "MISC")])
    assert doc._.anon_text == "She grew up near [MISC_1]."
    row = doc._.anon_table[0]
    assert row["fallback"] == "vacuous" and row["operator"] == "tag" and row["replacement"] == "[MISC_1]"
    assert doc._.anon_stats["generalize_vacuous"] == 1


def test_vacuous_suppress_and_its_validation():
    doc = masked("She grew up near Tregaron.", [("Tregaron", "MISC")], generalize={"vacuous": "suppress"})
    assert doc._.anon_text == "She grew up near ***."
    assert doc._.anon_table[0]["operator"] == "suppress"
    for setting, value, code in (("vacuous", "delete", "E303"), ("min_depth", -1, "E304"),
                                 ("min_depth", "4", "E304"), ("sense", "best", "E305")):
        with pytest.raises(ValueError, match=code):
            spacy.blank("en").add_pipe("anon_generalize", config={setting: value})


def test_never_climbs_to_a_vacuous_concept_and_an_org_is_never_a_person():
    # governor > politician > leader > person > organism > ... : levels_up far beyond the chain
    doc = masked("He wrote to the Governor in 1990.", [("Governor", "ORG")], generalize={"levels_up": 20})
    assert doc._.anon_text == "He wrote to the organization in 1990."
    doc = masked("She grew up on a farm.", [("farm", "MISC")], generalize={"levels_up": 20})
    assert doc._.anon_text == "She grew up on a point."  # farm > workplace > geographic point > point (4)


def test_min_depth_decides_what_is_too_general():
    doc = masked("She grew up on a farm.", [("farm", "MISC")], generalize={"min_depth": 7, "classes": False})
    assert doc._.anon_text == "She grew up on a [MISC_1]."  # workplace is 6 levels below entity
    # with coarse classes (the default) the span says what kind of thing it was instead of a tag
    doc = masked("She grew up on a farm.", [("farm", "MISC")], generalize={"min_depth": 7})
    assert doc._.anon_text == "She grew up on a place."
    assert doc._.anon_table[0]["fallback"] == "class"


def test_a_bare_number_is_coarsened_or_tagged_never_some():
    doc = masked("They have two children and 1,200 fans.", [("two", "MISC"), ("1,200", "MISC")])
    assert doc._.anon_text == "They have a few children and about 1,000 fans."


def test_anon_mask_alone_tags_instead_of_writing_something():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "generalize", "run_rules": False, "use_ents": False})
    doc = nlp.make_doc("He joined Acme in Paris for the Gala.")
    doc.spans["anon"] = [doc.char_span(10, 14, label="ORG"), doc.char_span(18, 23, label="LOC"),
                         doc.char_span(32, 36, label="MISC")]
    with pytest.warns(Warning):
        doc = nlp(doc)
    assert doc._.anon_text == "He joined an organisation in a location for the [MISC_1]."
    assert [r.get("fallback") for r in doc._.anon_table] == [None, None, "vacuous"]
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="E303"):
        nlp.add_pipe("anon_mask", config={"strategy": "generalize", "operators": {"generalize": {"vacuous": "x"}}})


# -- words that disclose nothing stay ------------------------------------------------------------
def test_ordinals_and_common_words_are_kept_names_and_numbers_never():
    assert keepable("first", "MISC") and keepable("second", "DEM") and keepable("films", "MISC")
    assert not keepable("Tregaron", "MISC") and not keepable("first", "DATETIME")
    assert not keepable("2", "MISC") and not keepable("humanitarian", "MISC")
    assert not keepable("first", "CODE") and not keepable("Smith", "PERSON")
    doc = masked("Her third husband, Brad, was her first co-star.", [("third", "MISC"), ("first", "MISC")])
    assert doc._.anon_text == "Her third husband, Brad, was her first co-star."
    assert [(r["fallback"], r["operator"]) for r in doc._.anon_table] == [("kept", "keep")] * 2


def test_an_adjective_is_not_read_as_a_noun():
    # "major" the officer, "critical" has no noun sense at all: kept (common) or tagged, never generalized
    doc = masked("It was her first leading role in a major film after critical acclaim.",
                 [("major", "MISC"), ("critical", "MISC")])
    assert doc._.anon_text == "It was her first leading role in a major film after [MISC_2] acclaim."
    doc = masked("He served as a major in the army.", [("major", "MISC")])
    assert "military officer" in doc._.anon_text


# -- grammar ---------------------------------------------------------------------------------------
def test_english_inflection_rules():
    assert [pluralize(w) for w in ("city", "class", "person", "film actor", "piece of work", "day")] == \
        ["cities", "classes", "people", "film actors", "pieces of work", "days"]
    assert indefinite_article("organization") == "an" and indefinite_article("university") == "a"
    assert looks_plural("awards", "", lambda w: False, lambda w: "award")
    assert not looks_plural("news", "", lambda w: True, lambda w: "new")
    assert looks_plural("cities", "NNS") and not looks_plural("cities", "NN")


def test_plural_stays_plural_and_an_agrees():
    doc = masked("She lived in two cities.", [("cities", "MISC")])
    assert doc._.anon_text == "She lived in two municipalities."
    doc = masked("He moved to a farm in 1990.", [("farm", "MISC")], generalize={"levels_up": 1})
    assert doc._.anon_text == "He moved to a workplace in 1990."
    doc = masked("He wrote about an actress.", [("actress", "MISC")])
    assert doc._.anon_text == "He wrote about an actor."


def test_jolie_sentence_has_no_doubled_article_and_nothing_vacuous():
    text = ("Angelina Jolie ( joh-LEE; born Angelina Jolie Voight, June 4, 1975) is an American actress, "
            "filmmaker, and humanitarian.")
    spans = [("Angelina Jolie", "PERSON"), ("joh", "MISC"), ("Angelina Jolie Voight", "PERSON"),
             ("June 4, 1975", "DATETIME"), ("actress", "MISC"), ("filmmaker", "MISC"),
             ("humanitarian", "MISC")]
    doc = masked(text, spans)
    assert doc._.anon_text == ("A person ( [MISC_1]-LEE; born a person, June 1975) is an American actor, "
                               "a producer, and a benefactor.")
    assert vacuous_share(doc._.anon_table) == 0.0


@pytest.mark.parametrize("lang, text, sub, replacement, expected", [
    ("pt", "Ele viu o Papa Clemente VII em Roma.", "Papa Clemente VII", "uma pessoa", "Ele viu a pessoa em Roma."),
    ("pt", "O Papa Clemente VII morreu.", "Papa Clemente VII", "Uma pessoa", "A pessoa morreu."),
    ("pt", "A carta do Papa chegou.", "Papa", "uma pessoa", "A carta da pessoa chegou."),
    ("pt", "Voltou a Lisboa em 1500.", "Lisboa", "uma cidade", "Voltou a uma cidade em 1500."),
    ("pt", "Viveu no Porto.", "Porto", "uma cidade", "Viveu na cidade."),
    ("es", "La carta del rey Felipe llegó.", "rey Felipe", "una persona", "La carta de la persona llegó."),
    ("es", "El Papa Clemente VII murió.", "Papa Clemente VII", "Una persona", "La persona murió."),
    ("es", "Vive en la aldea de Tordesillas.", "aldea de Tordesillas", "un lugar", "Vive en el lugar."),
    ("es", "Vive en Tordesillas.", "Tordesillas", "un lugar", "Vive en un lugar."),
])
def test_spanish_and_portuguese_articles_agree_and_are_not_doubled(lang, text, sub, replacement, expected):
    start = text.index(sub)
    segments = tidy_generalized(text, [(start, start + len(sub))], [replacement], [True], lang=lang)
    (seg_start, seg_end, rep, _), = segments
    assert text[:seg_start] + rep + text[seg_end:] == expected


def test_portuguese_pipeline_drops_the_texts_article():
    nlp = spacy_anon.load(lang="pt", strategy="generalize")
    doc = nlp("A carta do Papa Clemente VII chegou.")
    assert doc._.anon_text == "A carta da pessoa chegou."
    assert "uma" not in doc._.anon_text


def test_measure_counts_vacuous_replacements():
    rows = [{"replacement": "a thing", "label": "MISC"}, {"replacement": "A person", "label": "PERSON"},
            {"replacement": "[MISC_1]", "label": "MISC", "fallback": "vacuous"},
            {"replacement": "a city", "label": "LOC"}]
    assert vacuous_share(rows) == 0.25
    assert collections.Counter(core_phrase(r["replacement"]) for r in rows)["thing"] == 1
