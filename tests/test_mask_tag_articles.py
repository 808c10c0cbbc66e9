"""The "a"/"an" before a replacement tells nothing of the hidden word: it agrees with the replacement as
written, for every strategy that writes a tag, a filler or another word, and the table stays exact."""
import pytest
import spacy

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.generalize.vacuous import FALLBACKS_KEY
from spacy_anon.io import output_spans
from spacy_anon.mask.component import AnonMask
from spacy_anon.mask.tidy import agree_articles, article_for_replacement


def _mask(text, spans, lang="en", generalized=(), fallbacks=(), **cfg):
    """spans: (substring, label); `generalized`: {substring: replacement} set as a generalizer would;
    `fallbacks`: substrings anon_generalize found only a vacuous generalization for."""
    nlp = spacy.blank(lang)
    doc = nlp.make_doc(text)
    group = []
    for sub, label in spans:
        start = text.index(sub)
        span = doc.char_span(start, start + len(sub), label=label)
        assert span is not None, sub
        span._.anon_replacement = dict(generalized).get(sub)
        group.append(span)
        if sub in fallbacks:
            doc.user_data.setdefault(FALLBACKS_KEY, {})[f"{span.start_char}:{span.end_char}"] = "tag"
    doc.spans["anon"] = group
    cfg.setdefault("strategy", "tag")
    doc = AnonMask(nlp, use_ents=False, run_rules=False, **cfg)(doc)
    _check_offsets(doc)
    return doc


def _check_offsets(doc):
    """Every row's output offsets point at its replacement in doc._.anon_text, and the rows rebuild it."""
    spans = output_spans(doc.text, doc._.anon_text, doc._.anon_table)
    for row in spans:
        assert doc._.anon_text[row["anon_start"]:row["anon_end"]] == row["replacement"]
    text, out, pos = doc.text, [], 0
    for row in doc._.anon_table:
        out += [text[pos:row["start"]], row["replacement"]]
        pos = row["end"]
    assert "".join(out + [text[pos:]]) == doc._.anon_text


def test_an_before_a_tag_becomes_the_tags_article_and_the_row_covers_it():
    """(A nationality is DEM, as TAB marks it; anon_mask gives it that category whatever a tagger said.)"""
    text = "Angelina Jolie is an American actress."
    doc = _mask(text, [("Angelina Jolie", "PERSON"), ("American", "DEM")])
    assert doc._.anon_text == "[PERSON_1] is a [DEM_1] actress."
    row = doc._.anon_table[1]
    assert text[row["start"]:row["end"]] == "an American" and row["replacement"] == "a [DEM_1]"


def test_a_and_an_give_the_same_output_whatever_was_hidden():
    vowel = _mask("He is an honest man.", [("honest", "MISC"), ("man", "MISC")])
    consonant = _mask("He is a brave man.", [("brave", "MISC"), ("man", "MISC")])
    assert vowel._.anon_text == consonant._.anon_text == "He is a [MISC_1] [MISC_2]."
    assert len(consonant._.anon_table) == 2 and consonant._.anon_table[0]["start"] == 8  # already agreed: untouched


def test_capital_an_at_a_sentence_start_keeps_its_capital():
    doc = _mask("An Oscar followed. Then an Emmy.", [("Oscar", "MISC"), ("Emmy", "MISC")])
    assert doc._.anon_text == "A [MISC_1] followed. Then a [MISC_2]."


def test_article_is_kept_when_the_next_word_is_not_masked_or_is_a_name_letter():
    doc = _mask("She is an old friend of an American actor.", [("American", "DEM")])
    assert doc._.anon_text == "She is an old friend of a [DEM_1] actor."
    # "A" mid-sentence is a letter, not an article
    doc = _mask("We chose Plan A Orwell drafted.", [("Orwell", "PERSON")])
    assert doc._.anon_text == "We chose Plan A [PERSON_1] drafted."


def test_a_tag_that_starts_with_a_vowel_sound_takes_an():
    doc = _mask("He worked for a Microsoft subsidiary.", [("Microsoft", "ORG")])
    assert doc._.anon_text == "He worked for an [ORG_1] subsidiary."
    doc = _mask("He worked for an Apple subsidiary.", [("Apple", "ORG")])
    assert doc._.anon_text == "He worked for an [ORG_1] subsidiary." and doc._.anon_table[0]["start"] == 17


@pytest.mark.parametrize("cfg,expected", [
    ({"strategy": "suppress"}, "Jolie is a *** actress."),
    ({"strategy": "suppress", "operators": {"suppress": {"keep_length": True}}}, "Jolie is a ******** actress."),
    ({"operators": {"tag": {"format": "<{label}>"}}}, "Jolie is a <DEM> actress."),
    ({"operators": {"tag": {"format": "[**{label}{index}**]"}}}, "Jolie is a [**DEM1**] actress."),
    ({"strategy": "replace", "operators": {"replace": {"text": "<{label}>"}}}, "Jolie is a <DEM> actress."),
    ({"strategy": "mask_chars"}, None),
])
def test_every_strategy_that_writes_a_tag_or_filler(cfg, expected):
    doc = _mask("Jolie is an American actress.", [("American", "DEM")], **cfg)
    if expected is None:  # whatever it writes, the article agrees with it
        rep = doc._.anon_table[0]["replacement"]
        assert doc._.anon_text.startswith("Jolie is a ") and not doc._.anon_text.startswith("Jolie is an ")
        assert rep.startswith("a ")
    else:
        assert doc._.anon_text == expected


def test_pseudonyms_and_encryption_agree_and_decryption_restores_the_article(monkeypatch):
    from spacy_anon.mask.operators.encrypt import decrypt_spans

    monkeypatch.setenv("SPACY_ANON_KEY", "a-test-key-of-enough-length")
    doc = _mask("She is an American actress.", [("American", "DEM")], strategy="pseudonym")
    assert doc._.anon_text.startswith("She is a DEM_")
    for text, hidden in (("She is a Welsh actress.", "Welsh"), ("She is an American actress.", "American")):
        doc = _mask(text, [(hidden, "DEM")], strategy="encrypt")
        assert doc._.anon_text.startswith("She is an ENC2:")
        spans = output_spans(doc.text, doc._.anon_text, doc._.anon_table)
        restored, n = decrypt_spans(b"a-test-key-of-enough-length", doc._.anon_text, spans)
        assert (restored, n) == (text, 1)


def test_a_generalization_that_fell_back_to_a_tag_agrees_too():
    text = "Angelina Jolie is an American actress and an Oscar winner."
    doc = _mask(text, [("American", "DEM"), ("Oscar", "MISC")], strategy="generalize",
                generalized={"Oscar": "award"}, fallbacks=("American",))
    assert doc._.anon_text == "Angelina Jolie is a [DEM_1] actress and an award winner."
    assert doc._.anon_table[0]["fallback"] == "vacuous"


def test_without_tidying_a_generalization_still_gets_an_agreeing_article():
    doc = _mask("Caan is an American actor.", [("American", "DEM")], strategy="generalize",
                generalized={"American": "performer"}, operators={"generalize": {"tidy": False}})
    assert doc._.anon_text == "Caan is a performer actor."


def test_spanish_and_portuguese_articles_are_left_as_written():
    doc = _mask("Ela é uma atriz americana.", [("americana", "MISC")], lang="pt")
    assert doc._.anon_text == "Ela é uma atriz [OUTRO_1]."
    doc = _mask("Es un actor argentino.", [("actor", "MISC")], lang="es")
    assert doc._.anon_text.startswith("Es un [")


def test_quote_between_article_and_mention():
    doc = _mask('He wrote an "Ode" in 1819.', [("Ode", "MISC")])
    assert doc._.anon_text == 'He wrote a "[MISC_1]" in 1819.'


def test_article_for_replacement_reads_the_replacement_only():
    assert article_for_replacement("[MISC_3]") == "a"
    assert article_for_replacement("[ORG_1]") == "an"
    assert article_for_replacement("<EMAIL>") == "an"
    assert article_for_replacement("***") == article_for_replacement("[***]") == "a"
    assert article_for_replacement("****ican") == "a"  # the start is hidden: the fixed form
    assert article_for_replacement("[**ORG1**]") == "an"
    assert article_for_replacement("SSN_1f3a09bc") == "an"  # S-S-N, letter by letter
    assert article_for_replacement("NHS_2") == "an" and article_for_replacement("DNI") == "a"
    assert article_for_replacement("8 March 1961") == "an" and article_for_replacement("18") == "an"
    assert article_for_replacement("11,000") == "an" and article_for_replacement("110") == "a"
    assert article_for_replacement("hour") == "an" and article_for_replacement("university") == "a"


def test_agree_articles_is_a_pure_function_on_segments():
    text = "an Oscar and a Emmy"
    segs = [(3, 8, "[MISC_1]", [0]), (15, 19, "[MISC_2]", [1])]
    assert agree_articles(text, segs) == [(0, 8, "a [MISC_1]", [0]), (15, 19, "[MISC_2]", [1])]
    assert agree_articles(text, segs, lang="pt") == segs
