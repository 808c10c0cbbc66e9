"""Bug (issue 28, an invoice and an office e-mail): "VAT reg no: GB 123 4567 89" was read as a vehicle's plate
"GB 123 4567" and a CONTACT "89"; "see Emma in Finance" masked "Finance" as a place. The class: a UK VAT
registration number is one ID (`rules.uk_vat`: sure after a VAT word, alone in its printed layout), and
"VAT reg" keys no plate; a department alone after "in", "from", "to" or "at" is where someone works, no
place or body."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,value", [
    ("VAT reg no: GB 123 4567 89\nSort code: 20-45-77", "GB 123 4567 89"),
    ("Our VAT number is 123456789.", "123456789"),
    ("Supplier GB 987 6543 21 invoiced us", "GB 987 6543 21"),
])
def test_vat_found(text, value):
    assert texts(text, "rules.uk_vat") == [value]


@pytest.mark.parametrize("text", ["Call 123 4567 89 now", "order 123456789 shipped"])
def test_no_vat(text):
    assert texts(text, "rules.uk_vat") == []


def test_an_invoice(nlp):
    found = rows(nlp, "VAT reg no: GB 123 4567 89\nSort code: 20-45-77  Account: 53829104")
    assert ("GB 123 4567 89", "ID") in found and not any(t == "89" for t, _ in found), found


@pytest.mark.parametrize("text", ["Card is going round, see Emma in Finance if you want to sign it.",
                                  "Raj from HR called.", "I moved to Payroll in May."])
def test_departments(nlp, text):
    found = [t for t, _ in rows(nlp, text)]
    assert not any(t in ("Finance", "HR", "Payroll") for t in found), found
