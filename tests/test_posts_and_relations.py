"""Bug (issue 28, a signature and a claim form): "Associate Professor of Epidemiology" was masked as an
organisation; "insurer Direct Line" masked "insurer" with the firm. The class: an academic post in a
field (ranks, professor, lecturer, reader or fellow, "of"/"in", dictionary words) names no one, as a head
of a department does not; what a firm is to someone ("insurer", "employer", "landlord", "lender" ...)
written in lower case before its name is the relation, no part of the name."""
import pytest

from spacy_anon.mask.job_titles import academic_post
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("words,ok", [
    ("associate professor of epidemiology", True), ("senior lecturer in law", True), ("professor of", False),
    ("wykeham professor of logic", False), ("reader in medieval history", True), ("professor of the", False),
])
def test_academic_post(words, ok):
    assert academic_post(words.split()) is ok


def test_a_signature(nlp):
    found = rows(nlp, "Dr. Elizabeth Warren-Hughes, PhD\nAssociate Professor of Epidemiology\n"
                      "School of Public Health, University of Leeds")
    assert not any("Professor" in t for t, _ in found), found
    assert ("Elizabeth Warren-Hughes", "PERSON") in found and ("University of Leeds", "ORG") in found, found


@pytest.mark.parametrize("text,firm", [
    ("Third party: Ms Grace Adeyemi, insurer Direct Line", "Direct Line"),
    ("I called my employer Tesco about it.", "Tesco"),
])
def test_relation_before_a_firm(nlp, text, firm):
    found = [t for t, _ in rows(nlp, text)]
    assert firm in found and not any(t.startswith(("insurer", "employer")) for t in found), found
