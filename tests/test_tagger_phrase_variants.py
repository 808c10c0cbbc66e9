"""Abbreviated spellings of institution names for the phrase gazetteers (synthetic names)."""
import spacy

from spacy_anon.tagger.phrase_variants import expand_phrases, phrase_variants


def test_abbreviations_and_state_codes_are_spelled_out_both_ways():
    variants = phrase_variants("u of maryland")
    assert {"u of maryland", "u of md", "univ of md", "university of maryland"} <= variants


def test_state_codes_do_not_become_state_names():
    # "VA" in a hospital name is Veterans Affairs, not Virginia
    assert not any("virginia" in v for v in phrase_variants("zorland va center"))


def test_generic_head_is_left_out_of_the_variants():
    variants = phrase_variants("zorland regional hospital")
    assert variants == {"zorland regional hospital", "zorland regional"}
    variants = phrase_variants("university of zorland medical center")
    assert "u of zorland" in variants and "university of zorland medical center" in variants
    assert "u of zorland med ctr" not in variants  # "Med Ctr" would teach the tagger to mask the head


def test_a_name_too_short_without_its_head_keeps_it():
    assert phrase_variants("zorland hospital") == {"zorland hospital"}
    assert phrase_variants("zorland and hospital") == {"zorland and hospital"}


def test_saint_spellings_follow_the_tokenizer():
    variants = phrase_variants("saint zorbel")
    assert {"st zorbel", "st . zorbel"} <= variants


def test_expand_phrases_keeps_every_entry():
    assert {"a b", "zorland regional", "zorland regional hospital"} <= expand_phrases(["a b", "zorland regional hospital"])


def test_crf_phrase_variants_option_matches_abbreviated_names(tmp_path):
    from spacy.training import Example

    from spacy_anon.labels import GOLD_SPAN_KEY

    (tmp_path / "hosp.txt").write_text("University of Zorland Medical Center\n")
    nlp = spacy.blank("en", config={"nlp": {"tokenizer": {"@tokenizers": "spacy_anon.char_class_tokenizer.v1"}}})
    crf = nlp.add_pipe("anon_crf", config={"max_iterations": 5, "phrase_gazetteers": {"hosp": str(tmp_path / "hosp.txt")},
                                           "phrase_variants": ["hosp"]})
    examples = []
    for i in range(4):
        text = f"sent to U of Zorland today {i}"
        ref = nlp.make_doc(text)
        ref.spans[GOLD_SPAN_KEY] = [ref.char_span(8, 20, label="Location")]
        examples.append(Example(nlp.make_doc(text), ref))
    nlp.initialize(lambda: examples)
    feats = crf.features(nlp.make_doc("to UNIV OF ZORLAND MED CTR"))[1][0]
    assert "pz=hosp|B" in feats[1] and "pz=hosp|I" in feats[3]
    assert not any(f.startswith("pz=") for f in feats[4])  # the head is not part of a variant


def test_phrase_variants_must_name_a_phrase_gazetteer():
    import pytest
    from spacy.training import Example

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_crf", config={"phrase_variants": ["nope"]})
    ref = nlp.make_doc("a b")
    with pytest.raises(ValueError, match="nope"):
        nlp.initialize(lambda: [Example(nlp.make_doc("a b"), ref)])
