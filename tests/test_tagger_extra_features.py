"""Optional CRF features (date shape, light stem, document-level word labels) and regex cross-fitting."""
import pytest

from spacy_anon.tagger.features import (
    chunk_texts, date_shape, doc_span_words, extra_token_features, light_stem, sequence_features,
)


def test_date_shape_accepts_valid_dates_in_any_separator_format():
    assert date_shape("22-10-04") == "dmy"
    assert date_shape("(3/7/2011).") == "dmy"
    assert date_shape("12.31.1999") == "dmy"  # month first
    assert date_shape("enero-04") == "my" and date_shape("Sep-2004") == "my"
    assert date_shape("45-67-04") == "" and date_shape("1-2") == "" and date_shape("rojo-04") == ""
    assert date_shape("28 28 49712") == "" and date_shape("3-4/32") == ""


def test_light_stem_joins_gender_and_number():
    assert light_stem("hermanos") == light_stem("Hermana") == light_stem("hermano") == "herman"
    assert light_stem("padres") == light_stem("padre")
    assert light_stem("tio") == "tio"  # too short to cut


def test_chunk_texts_and_extra_features():
    words = ["el", "22", "-", "10", "-", "04", "Ana", "hermanas"]
    spaced = [True, False, False, False, False, True, True, False]
    assert chunk_texts(words, spaced)[1:6] == ["22-10-04"] * 5
    feats = extra_token_features(words, spaced, ["date", "stem", "doc"], ["O"] * 8, {"ana": frozenset({"NAME"})})
    assert all("date=dmy" in f for f in feats[1:6]) and "date=dmy" not in feats[0]
    assert "st=herman" in feats[7] and "doc=NAME" in feats[6]
    assert extra_token_features(words, spaced, []) == [[] for _ in words]
    with pytest.raises(ValueError):
        extra_token_features(words, spaced, ["nope"])


def test_doc_span_words_and_sequence_extra():
    words = doc_span_words(["Nombre", ":", "Ana", "de", "Soto", "y", "ana"], [(2, 5, "NAME")])
    assert words == {"ana": frozenset({"NAME"}), "soto": frozenset({"NAME"})}
    feats = sequence_features(["la", "Ana"], extra=[[], ["doc=NAME"]])
    assert "doc=NAME" in feats[1] and "+1:doc=NAME" in feats[0]


def test_crf_with_extra_features_and_cross_fitting_trains():
    from test_tagger_components import make_examples, tagger_blank  # tests/ is on sys.path under pytest

    nlp = tagger_blank()
    nlp.add_pipe("anon_regex_generator", config={"spans_key": "anon_regex"})
    nlp.add_pipe("anon_crf", config={"max_iterations": 30, "extra_features": ["date", "stem", "doc", "paren", "trigger"],
                                     "cross_fit_folds": 3})
    examples = make_examples(nlp, n=30)
    nlp.initialize(lambda: examples)
    doc = nlp("Nombre: Ana Soto.\nNHC: 123456.\nFecha de ingreso: 03/04/2011.\n")
    assert {"NOMBRE", "FECHA"} <= {s.label_ for s in doc.spans["anon"]}
    with pytest.raises(ValueError):
        nlp.add_pipe("anon_crf", name="bad", config={"extra_features": ["nope"]})


def test_paren_items_and_trigger_runs():
    from spacy_anon.tagger.features import paren_items, trigger_runs

    assert paren_items(["x", "(", "Dro", "®", ",", "Maker", ",", "City", ")", "y"]) == [0, 0, 1, 1, 0, 2, 0, 3, 0, 0]
    words = ["el", "Centro", "Nacional", "de", "Biología", "de", "Soria", "y", "otros", "Hospital", "X"]
    runs = trigger_runs(words, frozenset({"centro", "hospital"}))
    assert runs[:7] == ["", "centro", "centro", "centro", "centro", "centro", "centro"]
    assert runs[8] == "" and runs[9:] == ["hospital", "hospital"]
    # "y" continues a run of capitalised words; "otros" (lowercase, not a connector) ends it
    assert runs[7] == "centro"


def test_learn_triggers_keeps_span_heads_not_names():
    from spacy_anon.tagger.features import learn_triggers

    data = [(["Hospital", "San", "Juan", "y", "Ana", "María", "Soto"], [(0, 3, "H"), (4, 7, "N")])] * 3
    data += [(["María", "Ana", "Ruiz"], [(0, 3, "N")])] * 3
    assert learn_triggers(data) == frozenset({"hospital"})
    assert learn_triggers(data, min_count=4) == frozenset()


def test_fill_dates_completes_and_adds_date_chunks():
    from spacy_anon.tagger.span_filters.dates import fill_dates
    from test_tagger_components import tagger_blank

    doc = tagger_blank()("El 25-3-10 y el (22-10-04), entre 2001 y 2005, dosis 3-4/32.")
    words = [t.text for t in doc]
    i = words.index("25")
    partial = [(i, i + 3, "FECHAS", 0.9)]  # "25-3"
    j = words.index("2001")
    longer = (j, j + 3, "FECHAS", 0.8)  # "2001 y 2005": no date chunk inside, kept
    out = fill_dates(doc, partial + [longer], "FECHAS")
    texts = sorted(doc[s:e].text for s, e, _l, _p in out)
    assert texts == ["2001 y 2005", "22-10-04", "25-3-10"]
    assert all(label == "FECHAS" for _s, _e, label, _p in out)


def test_exact_run_rules_do_not_stretch_over_following_capitals():
    from spacy_anon.tagger.regex_generator import RuleIndex, apply_rules, generalize_codes, learn_rules

    assert generalize_codes("CCC", runs=False) == "CCC" and generalize_codes("CCC") == "C+"
    docs = [(["Dr", ".", a, b, ".", "x"], [(2, 4, "NAME")]) for a, b in [("Ana", "Soto"), ("Luis", "Vidal")]]
    exact = RuleIndex(learn_rules(docs, generalize_runs=False, context_free=False))
    loose = RuleIndex(learn_rules(docs, context_free=False))
    tokens = ["Dr", ".", "Eva", "Prieto", "Hospital", "General"]
    assert [m[:3] for m in apply_rules(tokens, exact)] == [(2, 4, "NAME")]
    assert [m[:3] for m in apply_rules(tokens, loose)] == [(2, 6, "NAME")]


def test_cached_token_features_are_fresh_lists():
    """The per-word features are cached; a caller that extends its lists must not change the cache."""
    from spacy_anon.tagger.features import sequence_features, token_base_features

    own, ctx = token_base_features("Olsen", gazetteers=["last_names"])
    own.append("x=1")
    ctx.append("y=1")
    again_own, again_ctx = token_base_features("Olsen", gazetteers=["last_names"])
    assert "x=1" not in again_own and "y=1" not in again_ctx
    assert "w=olsen" in again_ctx and "gz=last_names" in again_ctx and "W=Olsen" in again_own
    clusters = {"olsen": "0110101"}
    first = sequence_features(["Mr", "Olsen"], clusters=clusters, extra=[["e=1"], []])
    second = sequence_features(["Mr", "Olsen"], clusters=clusters)
    assert "cl4=0110" in first[1] and "cl4=0110" in second[1]
    assert "e=1" in first[0] and "e=1" not in second[0] and "-1:e=1" not in second[1]
