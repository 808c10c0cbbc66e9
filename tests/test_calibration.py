"""Calibrated span scores (span filter spacy_anon.calibrate_scores.v1) and the reliability of scores."""
import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.util import registry

from spacy_anon.evaluate.reliability import expected_calibration_error, reliability_bins, span_precision
from spacy_anon.tagger.span_filters.calibration import ALL_LABELS, CalibrateScores, apply_curve, fit_isotonic

unit = st.floats(0.0, 1.0, allow_nan=False)


@given(st.lists(st.tuples(unit, unit), min_size=1, max_size=60), st.lists(unit, min_size=2, max_size=10))
@settings(max_examples=80, deadline=None)
def test_isotonic_fit_is_monotone_and_within_the_outcomes(pairs, probes):
    scores, outcomes = [p[0] for p in pairs], [p[1] for p in pairs]
    curve = fit_isotonic(scores, outcomes)
    xs, ys = curve
    assert list(xs) == sorted(set(xs)) and all(b >= a for a, b in zip(ys, ys[1:]))
    values = [apply_curve(curve, p) for p in sorted(probes)]
    assert all(b >= a - 1e-12 for a, b in zip(values, values[1:]))
    assert all(min(outcomes) - 1e-12 <= v <= max(outcomes) + 1e-12 for v in values)


def test_isotonic_fit_pools_violators():
    # raw scores that say the opposite of the outcomes: the fit pools them to their mean
    xs, ys = fit_isotonic([0.2, 0.5, 0.9], [1.0, 0.0, 0.5])
    assert ys[0] == pytest.approx(0.5) and ys[-1] == pytest.approx(0.5)
    xs, ys = fit_isotonic([0.1, 0.4, 0.8], [0.0, 0.5, 1.0])  # already monotone: kept
    assert (xs, ys) == ((0.1, 0.4, 0.8), (0.0, 0.5, 1.0))


def fitted(min_spans=2):
    labels = ["PERSON"] * 4 + ["LOC"] * 4
    scores = [0.2, 0.4, 0.6, 0.9, 0.2, 0.4, 0.6, 0.9]
    outcomes = [0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    return CalibrateScores(min_spans).fit(labels, scores, outcomes)


def test_calibration_maps_scores_per_label_and_keeps_spans():
    cal = fitted()
    spans = [(0, 2, "PERSON", 0.4), (3, 4, "LOC", 0.4), (5, 6, "ORG", 0.9)]
    out = cal(None, ([], [], []), spans, None)
    assert [s[:3] for s in out] == [s[:3] for s in spans]
    assert out[0][3] == pytest.approx(1.0) and out[1][3] == pytest.approx(0.0)
    assert out[2][3] == pytest.approx(apply_curve(cal.curves[ALL_LABELS], 0.9))  # unseen label: the pooled curve
    few = fitted(min_spans=5)  # four spans per label: only the pooled curve
    assert set(few.curves) == {ALL_LABELS}


def test_calibration_round_trips_through_the_component_state():
    cal = fitted()
    again = CalibrateScores().from_dict(cal.to_dict())
    assert again.curves == cal.curves
    for score in (0.0, 0.3, 0.55, 1.0):
        assert again.calibrate("LOC", score) == cal.calibrate("LOC", score)


def test_calibration_is_saved_with_anon_crf(tmp_path):
    from spacy_anon.tagger.span_filters.chain import load_span_filter_state, span_filter_state

    filters = {"calibrate": fitted()}
    state = span_filter_state(filters)
    other = {"calibrate": CalibrateScores()}
    load_span_filter_state(other, state)
    assert other["calibrate"].curves == filters["calibrate"].curves


def test_unfitted_calibration_refuses_to_run():
    with pytest.raises(ValueError, match="E661"):
        CalibrateScores()(None, ([], [], []), [(0, 1, "PERSON", 0.5)], None)


@pytest.mark.parametrize("data", [
    {"curves": {"PERSON": {"x": [0.5, 0.2], "y": [0.1, 0.9]}}},   # knots not ascending
    {"curves": {"PERSON": {"x": [0.2, 0.5], "y": [0.9, 0.1]}}},   # decreasing
    {"curves": {"PERSON": {"x": [0.2, 0.5], "y": [0.1]}}},        # lengths differ
    {"curves": {"PERSON": {"x": [0.2, 1.5], "y": [0.1, 0.2]}}},   # outside [0, 1]
    {"curves": {"PERSON": [0.2, 0.5]}},
    {"curves": []},
    {},
])
def test_malformed_saved_curves_are_refused(data):
    with pytest.raises(ValueError, match="E662"):
        CalibrateScores().from_dict(data)


@pytest.mark.parametrize("value", [0, -3, 2.5, True, "50"])
def test_bad_min_spans_is_refused(value):
    with pytest.raises(ValueError, match="E661"):
        CalibrateScores(value)


def test_unknown_setting_of_the_registered_filter_is_refused():
    from thinc.api import Config

    make = registry.misc.get("spacy_anon.calibrate_scores.v1")
    assert isinstance(make(min_spans=10), CalibrateScores)
    cfg = Config().from_str('[f]\n@misc = "spacy_anon.calibrate_scores.v1"\nmin_spans = 10\nbins = 5\n')
    with pytest.raises(Exception, match="bins"):
        registry.resolve(cfg)


def test_span_precision_counts_the_non_space_characters_inside_gold():
    text = "Mr Jan Kowalski lives in Gdansk."
    gold = [(3, 15)]
    assert span_precision(text, 3, 15, gold) == 1.0
    assert span_precision(text, 0, 15, gold) == pytest.approx(11 / 13)  # "Mr" adds 2 non-space characters to 11
    assert span_precision(text, 25, 31, gold) == 0.0
    assert span_precision(text, 2, 3, gold) == 0.0  # only a space: nothing to count


def test_reliability_bins_and_calibration_error():
    items = [(0.05, 0.0), (0.15, 0.0), (0.95, 1.0), (0.92, 1.0), (0.55, 0.0), (0.58, 1.0)]
    bins = reliability_bins(items, n_bins=10)
    assert sum(b["n"] for b in bins) == len(items)
    top = [b for b in bins if b["lo"] == pytest.approx(0.9)][0]
    assert top["n"] == 2 and top["precision"] == 1.0 and top["mean_score"] == pytest.approx(0.935)
    assert expected_calibration_error(bins) == pytest.approx(
        sum(b["n"] * abs(b["mean_score"] - b["precision"]) for b in bins) / len(items))
    assert expected_calibration_error(reliability_bins([(1.0, 1.0), (0.0, 0.0)])) == 0.0
    with pytest.raises(ValueError, match="E763"):
        reliability_bins([(1.2, 1.0)])


def test_calibration_in_a_trained_anon_crf_is_saved_and_loaded(tmp_path):
    from test_tagger_components import make_examples, tagger_blank  # tests/ is on sys.path under pytest

    text = "Nombre: Ana Soto.\nNHC: 123456.\nFecha de ingreso: 03/04/2001.\nLe atiende el doctor Soto.\n"
    nlp = tagger_blank()
    nlp.add_pipe("anon_crf", config={"max_iterations": 20, "span_filters": {
        "calibrate_scores": {"@misc": "spacy_anon.calibrate_scores.v1", "min_spans": 1}}})
    nlp.initialize(lambda: make_examples(nlp, n=20))
    with pytest.raises(ValueError, match="E661"):  # never fitted: no raw score passes as calibrated
        nlp(text)
    nlp.get_pipe("anon_crf").span_filters["calibrate_scores"].fit(["ANY"], [0.5], [0.25])
    doc = nlp(text)
    scores = [s._.anon_score for s in doc.spans["anon"]]
    assert scores and all(score == pytest.approx(0.25) for score in scores)
    nlp.to_disk(tmp_path / "m")
    again = spacy.load(tmp_path / "m")
    doc2 = again(text)
    assert [s._.anon_score for s in doc2.spans["anon"]] == pytest.approx(scores)
