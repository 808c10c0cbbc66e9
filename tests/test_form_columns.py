"""Bug (issue 28, forms): a payslip's row "Gross pay £2,841.67   PAYE £362.40   NI £141.20   Net pay £2,338.07"
gave "Gross" a place, "Net" an organisation, one QUANTITY span running over three columns and a QUANTITY
"NI"; "Period 08" of its heading an organisation. The class: the key of a form's column (dictionary words
before a number, an amount or a date, with a run of spaces or a tab between the columns) names a field,
not anyone; a tagger's amount stops at a column's gap; a quantity with no number in it is none."""
import pytest

from spacy_anon.mask.dateless import numberless
from spacy_anon.mask.form_keys import column_key
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)

PAYSLIP = ("PAYSLIP  Period 08  Pay date 28/11/2026\n"
           "Employee: Hannah Brookes   Employee No: 10442   NI No: QQ 12 34 56 C   Tax code: 1257L\n"
           "Gross pay £2,841.67   PAYE £362.40   NI £141.20   Net pay £2,338.07")


def test_a_payslip(nlp):
    found = rows(nlp, PAYSLIP)
    texts = [t for t, _ in found]
    for value in ("Hannah Brookes", "10442", "QQ 12 34 56 C", "28/11/2026", "£2,841.67", "£141.20", "£2,338.07"):
        assert any(value in t for t in texts), (value, found)
    for key in ("Gross", "Net", "NI", "Period 08", "Pay"):
        assert key not in texts, (key, found)
    assert not any("   " in t for t in texts), found  # no span over a column's gap


@pytest.mark.parametrize("text,piece,expected", [
    ("Gross pay £2,841.67   PAYE £362.40", "Gross", True),
    ("Gross pay £2,841.67   PAYE £362.40", "Gross pay", True),
    ("PAYSLIP  Period 08  Pay date 28/11/2026", "Period 08", True),
    ("Invoice total   £450.00\nCustomer   Anna Kowalska", "Invoice total", True),
    ("Gross pay £2,841.67", "Gross", False),  # no column: a line of prose
    ("Customer   Anna Kowalska   Account 551", "Anna Kowalska", False),  # a value, not a key
    ("Name   Rose Hill 12   Ward 7", "Rose Hill", False),  # "Rose" a given name
    ("Paid   Gross pay £2,841.67", "£2,841.67", False),
])
def test_column_key(text, piece, expected):
    start = text.index(piece)
    assert column_key(text, start, start + len(piece)) is expected


@pytest.mark.parametrize("value,expected", [("NI", True), ("PAYE", True), ("VAT", True), ("£141.20", False),
                                            ("TWO", False), ("THREE", False), ("life imprisonment", False),
                                            ("a dozen", False), ("", False)])
def test_numberless(value, expected):
    assert numberless(value) is expected


@pytest.mark.parametrize("text,start,end,expected", [
    ("a\nGross pay 1   x\nb", 2, 7, (2, 17)),
    ("x" * 400, 10, 12, None),  # a line longer than a row: prose
    ("x" * 400 + "\nNet pay 2   y", 401, 404, (401, 414)),
])
def test_a_row_is_a_short_line(text, start, end, expected):
    from spacy_anon.mask.form_keys import _row
    assert _row(text, start, end) == expected
