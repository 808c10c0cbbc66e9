"""Bug (issue 28, lists and statements): a crown court's daily list "14:00  S20260093  R v Aled Pryce
Sentence" masked "20260093" and left its "S" in clear beside the mask, took the Crown's "R" for a person,
and "Trial", "Sentence" (the hearing's kind in its own column) for names; a police appeal's "assaulted on
Oxford Road, Reading," left the town in clear; a post's "My (34F) ex (36M)" left her age in clear. The
class: an identifier is masked whole, whatever piece a tagger read; "R" before "v" is the prosecution; a
table's cell of plain words is a status, not a name; a street's town after its comma goes with it."""
import pytest

from spacy_anon.mask.form_keys import plain_cell
from spacy_anon.mask.name_context import crown_party
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)

LIST = ("CARDIFF CROWN COURT\nDaily List for Tuesday 2 December 2026\nCourt 3 - HHJ Griffiths\n"
        "10:00  T20267741  R v Daniel MORGAN  Trial (day 2)\n14:00  S20260093  R v Aled Pryce  Sentence")


def test_a_court_list(nlp):
    doc = nlp(LIST)
    found = [(doc.text[r["start"]:r["end"]], r["label"]) for r in doc._.anon_table]
    texts = [t for t, _ in found]
    for value in ("T20267741", "S20260093", "Daniel MORGAN", "Aled Pryce", "HHJ Griffiths"):
        assert value in texts, (value, found)
    for word in ("R", "Trial", "Sentence"):
        assert word not in texts, (word, found)
    assert "20260093" not in doc._.anon_text and " S[" not in doc._.anon_text, doc._.anon_text


@pytest.mark.parametrize("text,expected", [
    ("14:00  S20260093  R v Aled Pryce  Sentence", True),
    ("In R v. Smith the court held", True),
    ("Regina v Pryce", True),
    ("Section R of the form", False),
    ("R and D", False),
])
def test_crown_party(text, expected):
    start = text.index("R")
    end = start + (6 if text.startswith("Regina") else 1)
    assert crown_party(text, start, end) is expected


@pytest.mark.parametrize("text,piece,expected", [
    ("10:00  T20267741  R v Daniel MORGAN  Trial (day 2)", "Trial", True),
    ("14:00  S20260093  R v Aled Pryce  Sentence", "Sentence", True),
    ("Baker   Rose   Cook", "Cook", False),  # a surname in a table of names
    ("Baker   Harold   Bath", "Harold", False),
    ("The Trial  was long", "Trial", False),  # one gap: no row of columns
])
def test_plain_cell(text, piece, expected):
    start = text.index(piece)
    assert plain_cell(text, start, start + len(piece)) is expected


@pytest.mark.parametrize("text,value", [
    ("APPEAL FOR WITNESSES: Officers are appealing for information after a 52-year-old man was assaulted on "
     "Oxford Road, Reading, at about 11.15pm on Saturday 22 November.", "Reading"),
    ("Posted by u/throwaway_mum82\nMy (34F) ex (36M) keeps turning up at my work.", "34"),
])
def test_nothing_left_in_clear(nlp, text, value):
    assert value not in nlp(text)._.anon_text
