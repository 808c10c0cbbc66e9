"""Bug (issue 28, business mail): an invoice's "(Company No. 09876543, VAT GB 987 6543 21)" masked "Company No"
and "VAT" as organisations; a German offer letter's closing "Mit freundlichen Grüßen" was a place; an
architect's signature "Lumen Arquitectura Lda." a place. The class: an identifier scheme's key before its
value is a label (a full stop after "No" too); other languages' closings are no names; a firm's legal form
of other countries ("Lda", "SpA", "SARL", "Pty") makes it an organisation."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


def test_an_invoice(nlp):
    found = rows(nlp, "Invoice #INV-2026-0441 for Bright Spark Electrical Ltd (Company No. 09876543, VAT GB 987 6543 "
                      "21). Bank: Lloyds, sort code 30-94-57, account 12345678. Due 15/12/2026.")
    texts = [t for t, _ in found]
    for value in ("INV-2026-0441", "09876543", "GB 987 6543 21", "30-94-57", "12345678"):
        assert value in texts, (value, found)
    assert "Company No" not in texts and "VAT" not in texts, found


@pytest.mark.parametrize("closing", ["Mit freundlichen Grüßen", "Cordiali saluti", "Atentamente"])
def test_closings_of_other_languages_are_no_names(nlp, closing):
    text = f"Dear Mr. Schmidt,\nthank you for your application.\n{closing}\nKatrin Vogel, HR Business Partner"
    out = nlp(text)._.anon_text
    assert closing in out and "Katrin" not in out and "Schmidt" not in out, out


@pytest.mark.parametrize("firm", ["Lumen Arquitectura Lda", "Ferri Costruzioni SpA", "Boulangerie Moreau SARL",
                                  "Koala Freight Pty"])
def test_legal_forms_of_other_countries_make_an_organisation(firm):
    from spacy_anon.mask import span_kinds as K
    assert K.category_by_shape(firm, "LOC", set().__contains__) == "ORG"


def test_a_pupils_number_key_is_no_name(nlp):
    """A school's incident form "Student: Amara Okonkwo-Reid   UPN: H801200001012" masked "UPN" as a person."""
    found = rows(nlp, "Student: Amara Okonkwo-Reid   UPN: H801200001012   Year 10")
    assert ("H801200001012", "ID") in found and not any(t == "UPN" for t, _ in found), found


def test_a_vehicle_registration_key_is_no_name(nlp):
    """A delivery note's "van reg LK71 XRT" masked "van reg" as a MISC."""
    found = rows(nlp, "Driver: Paweł Nowicki, licence no. NOWIC801234PN9AB, van reg LK71 XRT. Collected 14 pallets.")
    assert ("LK71 XRT", "ID") in found and not any(t == "van reg" for t, _ in found), found
