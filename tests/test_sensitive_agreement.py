"""Agreement between the two annotations of the confidential-attribute gold: the measures on small
hand-made cases, and the second annotation's files (well-formed, same documents as the first).
Tests that need the deid notes skip when ../shared is absent."""
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECOND = ROOT / "tests" / "fixtures" / "sensitive_gold" / "second_annotator"
DEID = ROOT.parent / "shared" / "data" / "deid" / "deid_notes_dev.jsonl"


@pytest.fixture(scope="module")
def ag():
    spec = importlib.util.spec_from_file_location("sensitive_agreement",
                                                  ROOT / "benchmarks" / "sensitive_agreement.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TEXT = "Hx of ETOH abuse and depression; on paxil. Drinks tea."


def term(ag, phrase, condition, kind, text=TEXT):
    start = text.index(phrase)
    return ag.Term(start, start + len(phrase), condition, kind)


def test_identical_annotations_agree_fully(ag):
    terms = [term(ag, "ETOH abuse", "alcohol_abuse", "sensitive"), term(ag, "paxil", "mental_disorder", "related")]
    g = ag.agreement([ag.Doc("d", TEXT, terms, list(terms))])
    assert g["exact"]["f1"] == 1.0 and g["exact"]["f1_with_labels"] == 1.0
    assert g["overlap"]["f1"] == 1.0
    assert g["condition"]["share"] == 1.0 and g["kind"]["share"] == 1.0
    assert g["tokens"]["kappa"] == 1.0
    assert ag.disagreements(ag.Doc("d", TEXT, terms, list(terms))) == []


def test_boundary_difference_counts_for_overlap_not_exact(ag):
    a = [term(ag, "ETOH abuse", "alcohol_abuse", "sensitive")]
    b = [term(ag, "ETOH", "alcohol_abuse", "sensitive")]
    g = ag.agreement([ag.Doc("d", TEXT, a, b)])
    assert g["exact"]["agreed"] == 0 and g["exact"]["f1"] == 0.0
    assert g["overlap"]["f1"] == 1.0
    assert [r["type"] for r in ag.disagreements(ag.Doc("d", TEXT, a, b))] == ["boundary"]


def test_missed_term_lowers_overlap_f1_symmetrically(ag):
    a = [term(ag, "ETOH abuse", "alcohol_abuse", "sensitive"), term(ag, "depression", "mental_disorder", "sensitive")]
    b = [term(ag, "ETOH abuse", "alcohol_abuse", "sensitive")]
    g = ag.agreement([ag.Doc("d", TEXT, a, b)])
    assert g["exact"]["f1"] == pytest.approx(2 / 3, abs=1e-4)
    assert g["overlap"]["first_share"] == 0.5 and g["overlap"]["second_share"] == 1.0
    assert g["overlap"]["f1"] == pytest.approx(2 / 3, abs=1e-4)
    swapped = ag.agreement([ag.Doc("d", TEXT, b, a)])
    assert swapped["overlap"]["f1"] == g["overlap"]["f1"] and swapped["exact"]["f1"] == g["exact"]["f1"]
    kinds = [r["type"] for r in ag.disagreements(ag.Doc("d", TEXT, a, b))]
    assert kinds == ["only_first"]


def test_condition_and_kind_are_compared_on_overlapping_pairs(ag):
    a = [term(ag, "paxil", "mental_disorder", "related"), term(ag, "ETOH abuse", "alcohol_abuse", "sensitive")]
    b = [term(ag, "paxil", "substance_abuse", "sensitive"), term(ag, "ETOH abuse", "alcohol_abuse", "related")]
    doc = ag.Doc("d", TEXT, a, b)
    g = ag.agreement([doc])
    assert g["condition"] == {"pairs": 2, "agreed": 1, "share": 0.5}
    assert g["kind"]["agreed"] == 0 and g["kind"]["share"] == 0.0
    assert g["exact"]["f1"] == 1.0 and g["exact"]["f1_with_labels"] == 0.0
    assert sorted(r["type"] for r in ag.disagreements(doc)) == ["condition", "kind", "kind"]


def test_one_term_against_two_pairs_with_both(ag):
    text = "speak with team concerning anxiety/depression per daughter"
    a = [term(ag, "anxiety/depression", "mental_disorder", "sensitive", text)]
    b = [term(ag, "anxiety", "mental_disorder", "sensitive", text),
         term(ag, "depression", "mental_disorder", "sensitive", text)]
    g = ag.agreement([ag.Doc("d", text, a, b)])
    assert g["condition"]["pairs"] == 2
    assert g["overlap"]["f1"] == 1.0 and g["exact"]["f1"] == 0.0
    # the slash between the two words is marked by the first only
    assert g["tokens"]["table"]["marked/marked"] == 2 and g["tokens"]["table"]["marked/none"] == 1
    assert 0.0 < g["tokens"]["kappa"] < 1.0


def test_cohen_kappa_textbook_values(ag):
    # 50 items: both yes 20, both no 15, yes/no 5, no/yes 10 -> po 0.7, pe 0.5, kappa 0.4
    table = {("yes", "yes"): 20, ("yes", "no"): 5, ("no", "yes"): 10, ("no", "no"): 15}
    assert ag.cohen_kappa(table) == pytest.approx(0.4)
    assert ag.cohen_kappa({("x", "x"): 4}) is None
    assert ag.cohen_kappa({}) is None
    # opposite labels on everything: below chance
    assert ag.cohen_kappa({("a", "b"): 5, ("b", "a"): 5}) == pytest.approx(-1.0)


def test_token_marks_follow_the_spans(ag):
    text = "Pt on haldol gtt, WO ETOH."
    marks = ag.token_marks(text, [term(ag, "haldol", "mental_disorder", "related", text)])
    tokens = ag.TOKEN.findall(text)
    assert [t for t, m in zip(tokens, marks) if m] == ["haldol"]
    table = ag.token_table([ag.Doc("d", text, [], [])])
    assert table[("none", "none")] == len(tokens) and ag.cohen_kappa(table) is None


def test_check_terms_rejects_bad_rows(ag):
    ok = {"start": 6, "end": 16, "condition": "alcohol_abuse", "kind": "sensitive", "text": "ETOH abuse"}
    assert ag.check_terms([ok], TEXT, "d") == [ag.Term(6, 16, "alcohol_abuse", "sensitive")]
    with pytest.raises(ValueError, match="outside"):
        ag.check_terms([dict(ok, end=999)], TEXT, "d")
    with pytest.raises(ValueError, match="condition"):
        ag.check_terms([dict(ok, condition="diabetes")], TEXT, "d")
    with pytest.raises(ValueError, match="kind"):
        ag.check_terms([dict(ok, kind="maybe")], TEXT, "d")
    with pytest.raises(ValueError, match="stored"):
        ag.check_terms([dict(ok, text="ETOH")], TEXT, "d")
    with pytest.raises(ValueError, match="overlap"):
        ag.check_terms([ok, {"start": 11, "end": 20, "condition": "alcohol_abuse", "kind": "related"}], TEXT, "d")


def test_pair_set_requires_the_same_documents(ag):
    first = [{"id": "x1", "text": TEXT, "spans": []}]
    with pytest.raises(ValueError, match="different documents"):
        ag.pair_set(first, [{"id": "x2", "spans": []}])
    docs = ag.pair_set(first, [{"id": "x1", "spans": [{"start": 36, "end": 41, "condition": "mental_disorder",
                                                        "kind": "related", "text": "paxil"}]}])
    assert docs[0].b == [ag.Term(36, 41, "mental_disorder", "related")] and docs[0].a == []


def _rows(path):
    return [json.loads(line) for line in path.read_text(encoding="utf8").splitlines() if line.strip()]


@pytest.mark.parametrize("name", ["written", "written_dev"])
def test_second_annotation_of_written_sets_is_well_formed(ag, name):
    first = _rows(ag.FIRST_DIR / ag.FIRST_FILES[name])
    second = _rows(SECOND / f"{name}.jsonl")
    assert [r["id"] for r in second] == [r["id"] for r in first]
    docs = ag.pair_set(first, second)  # checks offsets, labels, stored text and overlap
    assert all(d.b == sorted(d.b, key=lambda t: t.start) for d in docs)
    assert all("text" not in r for r in second)  # one copy of each text: the first annotation's
    assert sum(len(d.b) for d in docs) > 50


def test_second_annotation_of_deid_stores_offsets_only(ag):
    second = _rows(SECOND / "deid.jsonl")
    assert len(second) == 30
    for row in second:
        assert set(row) == {"id", "patient", "note", "sha256", "spans"}
        assert row["id"] == f"{row['patient']}-{row['note']}"
        for s in row["spans"]:
            assert set(s) == {"start", "end", "condition", "kind"}
            assert s["condition"] in ag.CONDITIONS and s["kind"] in ag.KINDS


def test_deid_annotations_read_the_same_notes(ag):
    if not DEID.exists():
        pytest.skip(f"shared data not available: {DEID}")
    sets = ag.load_sets(DEID)
    assert len(sets["deid"]) == 30
    report = ag.build_report(sets)
    for row in report["disagreements"]["deid"]:
        for who in ("first", "second"):
            assert row[who] is None or "text" not in row[who]  # the notes' words stay out of the report
    g = report["groups"]["all"]
    assert g["documents"] == 95 and 0.0 < g["tokens"]["kappa"] <= 1.0
