"""Bug (issue 28, contracts and family chats): a lease's "BETWEEN (1) GREENFIELD HOLDINGS LIMITED (company
number 11223344)" left the landlord company in clear (a firm in capitals inside a sentence in mixed case)
and typed its number PHONE ("between Greenfield Holdings Limited (company number 11223344)" left the number
in clear); a family chat's "Mum: Don't forget" masked "Don" as a relative's name. The class: a firm by its
legal form is an organisation, however its line is written; a company's or a charity's number after its
key is an ID; the verb before a negation's "'t" is no name."""
import pytest

from spacy_anon.rules.recognizers.companies import _companies
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


def test_a_lease(nlp):
    found = rows(nlp, 'THIS AGREEMENT is made on 3 December 2026 BETWEEN (1) GREENFIELD HOLDINGS LIMITED (company '
                      'number 11223344) whose registered office is at Unit 4, Riverside Park, Exeter EX2 8LB ("the '
                      'Landlord") and (2) MARK ANTHONY DOYLE of 17 Church Lane, Topsham, Exeter EX3 0HJ ("the Tenant").')
    assert ("GREENFIELD HOLDINGS LIMITED", "ORG") in found and ("11223344", "ID") in found, found
    assert ("MARK ANTHONY DOYLE", "PERSON") in found, found


@pytest.mark.parametrize("text,expected", [
    ("BETWEEN (1) GREENFIELD HOLDINGS LIMITED (company number", ["GREENFIELD HOLDINGS LIMITED"]),
    ("Invoice for Bright Spark Electrical Ltd (Company", ["Bright Spark Electrical Ltd"]),
    ("shares in Marks and Spencer PLC rose", ["Marks and Spencer PLC"]),
    ("Johnson & Johnson Inc. said", ["Johnson & Johnson Inc."]),
    ("our resources are Limited", []),
    ("liability is limited to the deposit", []),
])
def test_companies_by_their_legal_form(text, expected):
    assert [text[s:e] for s, e, _, _ in _companies(text, None)] == expected


@pytest.mark.parametrize("text,value", [
    ("between Greenfield Holdings Limited (company number 11223344) and", "11223344"),
    ("Registered charity number 1098765.", "1098765"),
])
def test_a_company_or_charity_number_after_its_key(text, value):
    assert texts(text, "rules.id_number") == [value]


def test_the_verb_before_a_negation_is_no_name(nlp):
    assert nlp("Mum: Don't forget Grandad's appointment at 10:40")._.anon_text.startswith("Mum: Don't forget")
    assert texts("Mum: Don't forget the bins", "rules.relative_name") == []
    assert texts("Mum: Sarah's coming at 5", "rules.relative_name") == ["Sarah"]
