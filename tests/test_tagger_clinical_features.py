"""Opt-in CRF features for clinical notes: word frequency band and month/day plausibility of number chunks."""
import pytest
import spacy
from spacy.training import Example

from spacy_anon.labels import GOLD_SPAN_KEY
from spacy_anon.tagger.features import date_chunk_features, sequence_features, zipf_feature


def test_zipf_band_separates_rare_words_from_common_ones():
    assert zipf_feature("the") == "zf=7"
    assert zipf_feature("Zorbelwick") == "zf=0"
    assert zipf_feature("7/22") == ""  # no letter, no band


def test_date_chunks_tell_month_day_pairs_from_other_number_groups():
    words = ["on", "7", "/", "22", "BP", "136", "/", "43", "(", "09", "-", "14", "-", "95", ")", "1601", "/",
             "206", "/", "13", "pH", "7", ".", "35"]
    spaced = [True, False, False, True, True, False, False, True, False, False, False, False, False, False,
              True, False, False, False, False, True, True, False, False, True]
    flags = date_chunk_features(words, spaced)
    assert flags[0] == "" and flags[1:4] == ["md"] * 3
    assert flags[5:8] == ["nd"] * 3  # 136/43 is no month/day
    assert flags[8:15] == ["md"] * 7  # (09-14-95)
    assert flags[15:20] == ["nd"] * 5
    assert flags[20:] == [""] * 4  # decimals are not number groups


def test_extra_features_reach_the_neighbours():
    feats = sequence_features(["seen", "7"], extra=[["zf=5"], ["dv=md"]], window=1)
    assert "dv=md" in feats[1] and "+1:dv=md" in feats[0] and "-1:zf=5" in feats[1]


def _examples(nlp):
    examples = []
    for i in range(12):
        text = f"Seen by Dr Zorbel{i % 3} on {i % 12 + 1}/{i + 10}. BP 13{i}/4{i}.\n"
        ref = nlp.make_doc(text)
        start = text.index("Zorbel")
        date = text.index(" on ") + 4
        spans = [ref.char_span(start, start + 7, label="HCPName"),
                 ref.char_span(date, text.index(". BP"), label="Date")]
        ref.spans[GOLD_SPAN_KEY] = spans
        examples.append(Example(nlp.make_doc(text), ref))
    return examples


def test_crf_with_extra_features_trains_and_propagates():
    nlp = spacy.blank("en", config={"nlp": {"tokenizer": {"@tokenizers": "spacy_anon.char_class_tokenizer.v1"}}})
    crf = nlp.add_pipe("anon_crf", config={"max_iterations": 30, "extra_features": ["zipf", "monthday"],
                                           "span_filters": {"propagate": {"@misc": "spacy_anon.propagate.v1"}}})
    nlp.initialize(lambda: _examples(nlp))
    assert any(f.startswith("dv=") for seq in crf.features(nlp.make_doc("on 3/12 ok"))[1] for f in seq[1])
    doc = nlp("Seen by Dr Zorbel1 on 3/14. BP 130/40.\nzorbel1 called.")
    found = {s.text for s in doc.spans["anon"]}
    assert "zorbel1" in found  # the second mention, found through propagation


def test_unknown_extra_feature_is_refused():
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="monthday"):  # at construction, listing the known names
        nlp.add_pipe("anon_crf", config={"extra_features": ["nope"]})


def test_phrase_gazetteer_marks_the_longest_whole_match(tmp_path):
    from spacy_anon.tagger.features import phrase_features
    from spacy_anon.lexicon.gazetteers import load_gazetteers, phrases_of

    assert phrases_of(["St. Mary's", "  "]) == {"st . mary ' s"}
    listing = tmp_path / "hospitals.txt"
    listing.write_text("U Zorland\nUniversity of Zorland Medical Center\nZorland\n")
    phrases = load_gazetteers({"hosp": f"file:{listing}"}, phrases=True)
    words = "to U ZORLAND then University of Zorland Medical Center , u".split()
    feats = phrase_features(words, phrases)
    assert feats[1:3] == [["pz=hosp|B"], ["pz=hosp|I"]]
    assert feats[4] == ["pz=hosp|B"] and feats[5:9] == [["pz=hosp|I"]] * 4
    assert feats[0] == [] and feats[-1] == []  # a lone "u" is no hospital


def test_crf_stores_phrase_gazetteers_with_the_model(tmp_path):
    listing = tmp_path / "hospitals.txt"
    listing.write_text("Zorland General\n")
    nlp = spacy.blank("en", config={"nlp": {"tokenizer": {"@tokenizers": "spacy_anon.char_class_tokenizer.v1"}}})
    nlp.add_pipe("anon_crf", config={"max_iterations": 10, "phrase_gazetteers": {"hosp": str(listing)}})
    nlp.initialize(lambda: _examples(nlp))
    nlp.to_disk(tmp_path / "model")
    crf = spacy.load(tmp_path / "model").get_pipe("anon_crf")
    feats = crf.features(crf_doc := nlp.make_doc("sent to zorland general today"))[1][0]
    assert "pz=hosp|B" in feats[2] and "pz=hosp|I" in feats[3] and len(crf_doc) == 5


def _deid_pipeline():
    """configs/crf_deid.cfg built, untrained (its rule components work without training)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    config = spacy.util.load_config(root / "configs" / "crf_deid.cfg")
    return spacy.util.load_model_from_config(config, auto_fill=True, validate=True)


def test_deid_config_builds_and_tags_only_ages_over_89():
    nlp = _deid_pipeline()
    assert nlp.pipe_names == ["anon_rules", "anon_regex_generator", "anon_crf", "anon_age_over_89",
                              "anon_apostrophe_years", "anon_relative_names", "anon_titled_names",
                              "anon_full_dates", "anon_mask"]
    assert nlp.get_pipe("anon_crf").cfg["phrase_gazetteers"]["hospitals"].endswith("stripped_hospitals.txt")
    doc = nlp.get_pipe("anon_age_over_89")(nlp.make_doc("98 yo man, wife 91 years old, son 45 yo, 101 y/o"))
    assert [s.text for s in doc.spans["anon"]] == ["98", "91", "101"]
    # a note opening with the age; not a number of 90+ elsewhere in a line
    doc = nlp.get_pipe("anon_age_over_89")(nlp.make_doc("Nursing note\n93 s/p hip fx, HR 95 F\n92 mg given"))
    assert [s.text for s in doc.spans["anon"]] == ["93"]


def test_deid_config_tags_two_digit_years_after_an_apostrophe():
    nlp = _deid_pipeline()
    doc = nlp.get_pipe("anon_apostrophe_years")(
        nlp.make_doc("PMH: MI '91, PTCA '09 and stent; pt's 80's, '123 a'12 (CABG'96)"))
    assert [s.text for s in doc.spans["anon"]] == ["91", "09"]


def test_deid_config_tags_relatives_named_after_a_kinship_word():
    nlp = _deid_pipeline()
    doc = nlp.get_pipe("anon_relative_names")(
        nlp.make_doc("social- son bill in to visit; son will call; wife, rose, left phone number"))
    assert [(s.text, s.label_) for s in doc.spans["anon"]] == [("bill", "PERSON"), ("rose", "PERSON")]


def test_deid_config_tags_whole_dates_by_rule():
    nlp = _deid_pipeline()
    doc = nlp.get_pipe("anon_full_dates")(nlp.make_doc("LITHIUM TOXICITY- 9/2/92. PS 10/5, 3/4 tab, EF 50%"))
    assert [(s.text, s.label_) for s in doc.spans["anon"]] == [("9/2/92", "DATETIME")]


def test_recall_knob_never_emits_an_inside_tag_the_model_lacks():
    """Bug: fold 1 of deid crashed ("Failed to convert into label identifier: I-RelativeProxyName")."""
    from spacy_anon.tagger.crf_decoding import raise_recall

    class FakeTagger:
        probs = [{"O": 0.2, "B-X": 0.8}, {"O": 0.9, "B-X": 0.1}]

        def marginal(self, y, i):
            return self.probs[i].get(y, 0.0)

    assert raise_recall(FakeTagger(), ["B-X", "O"], ["B-X"], 0.05) == ["B-X", "B-X"]
    assert raise_recall(FakeTagger(), ["B-X", "O"], ["B-X", "I-X"], 0.05) == ["B-X", "I-X"]


def test_score_feature_tells_pain_scores_from_month_day_dates():
    from spacy_anon.tagger.features import extra_token_features, score_features

    # "had 8/10 CP, then seen 9/10 ok (7.5/10) 12/10"
    words = ["had", "8", "/", "10", "CP", ",", "then", "seen", "9", "/", "10", "ok", "(", "7", ".", "5", "/", "10",
             ")", "12", "/", "10"]
    spaced = [True, False, False, True, False, True, True, True, False, False, True, True, False, False, False,
              False, False, False, True, False, False, True]
    flags = score_features(words, spaced)
    assert flags[1:4] == ["10p"] * 3  # a pain word next to it
    assert flags[8:11] == ["10"] * 3  # a rating shape, no pain word within two chunks
    assert flags[12:19] == ["10"] * 7
    assert flags[19:] == [""] * 3  # 12 is no rating out of ten
    assert flags[0] == flags[4] == ""
    assert "sc=10p" in extra_token_features(words, spaced, ["score"])[1]


def test_deid_config_tags_clinical_date_shorthand_and_titled_names():
    nlp = _deid_pipeline()
    doc = nlp.get_pipe("anon_full_dates")(
        nlp.make_doc("s/p pelvic fx4/97, PMH MI 92, CVA 74'. BP 129/78, PSV 10/5.\nplan for 10/3."))
    assert [s.text for s in doc.spans["anon"]] == ["4/97", "92", "74", "10/3"]
    doc = nlp.get_pipe("anon_titled_names")(nlp.make_doc("REFER TO MR. BENSKY; dr aware; monitor MS. Aspiration"))
    assert [(s.text, s.label_) for s in doc.spans["anon"]] == [("BENSKY", "PERSON")]
    crf = nlp.get_pipe("anon_crf")
    assert {"extend_names", "drop_implausible_dates"} <= set(crf.span_filters)
