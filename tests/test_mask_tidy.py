"""anon_mask's readability step for `generalize` output (articles, repeated generalizations), on real sentences."""
import spacy
from spacy.tokens import Span

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.mask.component import AnonMask, indefinite_article, tidy_generalized


def _mask(text, spans, **cfg):
    """spans: (text, label, replacement or None, nth)"""
    nlp = spacy.blank("en")
    doc = nlp.make_doc(text)
    group = []
    for sub, label, rep, nth in spans:
        start = -1
        for _ in range(nth + 1):
            start = text.index(sub, start + 1)
        span = doc.char_span(start, start + len(sub), label=label)
        assert span is not None, sub
        span._.anon_replacement = rep
        group.append(span)
    doc.spans["anon"] = group
    masker = AnonMask(nlp, strategy="generalize", use_ents=False, run_rules=False, **cfg)
    return masker(doc)


def _check_table(doc):
    """The table offsets still rebuild the anonymized text from the original."""
    text, out, pos = doc.text, [], 0
    for row in doc._.anon_table:
        out.append(text[pos:row["start"]])
        out.append(row["replacement"])
        pos = row["end"]
    out.append(text[pos:])
    assert "".join(out) == doc._.anon_text


def test_article_before_a_replacement_is_corrected_and_the_row_covers_it():
    text = "Scott Caan is an American actor. He was nominated for a Oscar in 2002."
    doc = _mask(text, [("American", "MISC", "performer", 0), ("Oscar", "MISC", "award", 0)])
    assert doc._.anon_text == "Scott Caan is a performer actor. He was nominated for an award in 2002."
    rows = doc._.anon_table
    assert text[rows[0]["start"]:rows[0]["end"]] == "an American"
    assert text[rows[1]["start"]:rows[1]["end"]] == "a Oscar"
    _check_table(doc)


def test_capitalised_article_keeps_its_capital():
    doc = _mask("An Oscar followed.", [("Oscar", "MISC", "award", 0)])
    assert doc._.anon_text == "An award followed."
    doc = _mask("An Emmy and a Tony followed.", [("Emmy", "MISC", "thing", 0)])
    assert doc._.anon_text == "A thing and a Tony followed."


def test_replacement_with_its_own_article_replaces_the_texts_article():
    doc = _mask("She played a Welsh nurse.", [("Welsh", "MISC", "a person", 0)])
    assert doc._.anon_text == "She played a person nurse."


def test_adjacent_identical_generalizations_become_one_row():
    text = "Scott Caan is an American actor and model."
    doc = _mask(text, [("American", "MISC", "thing", 0), ("actor", "MISC", "thing", 0)])
    assert doc._.anon_text == "Scott Caan is a thing and model."
    assert len(doc._.anon_table) == 1
    row = doc._.anon_table[0]
    assert text[row["start"]:row["end"]] == "an American actor"
    assert doc._.anon_stats["merged_replacements"] == 1
    _check_table(doc)


def test_different_or_separated_generalizations_are_not_merged():
    doc = _mask("a Welsh actress, singer", [("Welsh", "MISC", "thing", 0), ("actress", "MISC", "performer", 0),
                                           ("singer", "MISC", "performer", 0)])
    assert len(doc._.anon_table) == 3
    assert doc._.anon_text == "a thing performer, performer"


def test_bare_noun_at_a_noun_phrase_start_gets_an_article():
    text = "In 2015 Caan founded a company. He worked as model."
    doc = _mask(text, [("Caan", "PERSON", "person", 0), ("model", "MISC", "artist", 0)])
    assert doc._.anon_text == "In 2015 a person founded a company. He worked as an artist."
    _check_table(doc)


def test_no_article_after_a_determiner_possessive_or_for_plurals():
    doc = _mask("the Welsh actress and his Oscar and two Emmys", [
        ("Welsh", "MISC", "thing", 0), ("Oscar", "MISC", "award", 0), ("Emmys", "MISC", "awards", 0)])
    assert doc._.anon_text == "the thing actress and his award and two awards"


def test_tidy_can_be_switched_off_and_tags_still_get_an_agreeing_article():
    text = "Scott Caan is an American actor."
    doc = _mask(text, [("American", "MISC", "thing", 0), ("actor", "MISC", "thing", 0)],
                operators={"generalize": {"tidy": False}})
    # no merging, but the article still agrees with the replacement (it would tell the hidden word's sound)
    assert doc._.anon_text == "Scott Caan is a thing thing."
    nlp = spacy.blank("en")
    d = nlp.make_doc(text)
    d.spans["anon"] = [Span(d, 4, 5, label="MISC")]
    out = AnonMask(nlp, strategy="tag", use_ents=False, run_rules=False)(d)
    # a nationality is DEM whatever the tagger said (spacy_anon.mask.span_kinds)
    assert out._.anon_text == "Scott Caan is a [DEM_1] actor."  # tests/test_mask_tag_articles.py


def test_pure_function_and_article_rules():
    assert indefinite_article("award") == "an" and indefinite_article("university") == "a"
    assert indefinite_article("hour") == "an" and indefinite_article("person") == "a"
    text = "is an American actor"
    segs = tidy_generalized(text, [(6, 14), (15, 20)], ["thing", "thing"], [True, True])
    assert segs == [(3, 20, "a thing", [0, 1])]


def test_a_category_phrase_after_a_determiner_loses_its_article():
    import spacy

    nlp = spacy.blank("en")
    mask = nlp.add_pipe("anon_mask", config={"strategy": "generalize", "run_rules": False, "use_ents": False})
    doc = nlp.make_doc("She joined the Acme Corp in Paris.")
    doc.spans["anon"] = [doc.char_span(15, 24, label="ORG"), doc.char_span(28, 33, label="LOC")]
    assert mask(doc)._.anon_text == "She joined the organisation in a location."


def test_english_article_rules_leave_other_languages_alone():
    # Portuguese "a" is a preposition here ("returned to Lisbon"): no "an" before a vowel
    text = "Voltou a Lisboa em 1500."
    start = text.index("Lisboa")
    out = tidy_generalized(text, [(start, start + 6)], ["uma cidade de Portugal"], [True], lang="pt")
    assert out == [(start, start + 6, "uma cidade de Portugal", [0])]
    english = tidy_generalized("He went to a Oscar gala.", [(13, 18)], ["award"], [True])
    assert english[0][2] == "an award"


def test_a_persons_name_after_a_generalized_role_goes_into_the_role():
    text = "She founded it with her husband, the composer Dafydd Morrow."
    doc = _mask(text, [("composer", "MISC", "musician", 0), ("Dafydd Morrow", "PERSON", "person", 0)])
    assert doc._.anon_text == "She founded it with her husband, the musician."
    assert len(doc._.anon_table) == 1
    _check_table(doc)
    # a person named after a word left as written keeps their replacement
    doc = _mask("She thanked the composer Dafydd Morrow.", [("Dafydd Morrow", "PERSON", "person", 0)])
    assert doc._.anon_text.startswith("She thanked the composer ") and "person" in doc._.anon_text
