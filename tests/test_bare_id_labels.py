"""Bug (issue 28, leaks): "Employee: Tomasz Nowak (ID 448210) was absent" left "448210" in clear: a code after a
bare "ID" label had no rule (only after "Employee ID", "staff id", "account ref"...), and the tagger missed
it. The class: a code of four digits or more after "ID", "ID:", "id no.", "identification" or "identity
card" is an ID of type ID_NUMBER (`rules.id_number`, the last cue of `labelled_ids`, so "Employee ID"
stays EMPLOYEE_ID); "IDNP", "I did 1234 reps" and a bare year are none."""
import pytest

from spacy_anon.rules.matching import find_matches
from tests.default_pipeline import nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, code", [
    ("Employee: Tomasz Nowak (ID 448210) was absent on 12 August.", "448210"),
    ("Locker ID: 7781-2290 was reassigned.", "7781-2290"),
    ("my student id 20391882 got blocked", "20391882"),
])
def test_a_code_after_a_bare_id_label_is_masked(nlp, text, code):
    rows = [(text[r["start"]:r["end"]], r["label"], r["type"]) for r in nlp(text)._.anon_table]
    assert (code, "ID", "ID_NUMBER") in rows, rows


def test_an_employee_id_keeps_its_type():
    text = "Employee ID: EMP-204518 on the badge"
    assert [(m.source) for m in find_matches(text)] == ["rules.employee_id"]


@pytest.mark.parametrize("text", ["sole trader (IDNP 2003048812345), who", "I did 1234 reps", "the ID was 2019"])
def test_no_bare_id_number(text):
    assert [m for m in find_matches(text) if m.source == "rules.id_number"] == []
