"""Bug (issue 28, types): a council's noise warning "recorded music at 72dB after 23:00" tagged "72dB" a
date ([DATETIME_2]). The class: a number with a unit of sound, power, frequency, speed or data is a measure
(type MEASURE), and a measure a tagger called a date is a quantity."""
import pytest

from spacy_anon.mask.value_kinds import value_kind
from tests.default_pipeline import nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("value", ["72dB", "72 dB", "3kW", "50 Hz", "30 mph", "5GB", "80 mg"])
def test_a_number_with_a_unit_is_a_measure(value):
    assert value_kind(value) == "MEASURE"


@pytest.mark.parametrize("value", ["23:00", "18/11", "5 W 8th St"])
def test_no_measure_without_a_unit(value):
    assert value_kind(value) != "MEASURE"


def test_a_measure_a_tagger_called_a_date_is_a_quantity(nlp):
    doc = nlp("we visited on 18/11 and recorded music at 72dB after 23:00.")
    rows = {doc.text[r["start"]:r["end"]]: (r["label"], r["type"]) for r in doc._.anon_table}
    assert rows.get("72dB", ("QUANTITY", "MEASURE")) == ("QUANTITY", "MEASURE"), rows
    assert rows["23:00"][0] == "DATETIME", rows
