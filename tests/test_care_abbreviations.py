"""Bug (issue 28, clinical words masked): a ward's e-mail "has a DNACPR in place ... if OT are happy" masked
"DNACPR" (DEM) and "OT" (ORG); a handover's "Admitted Tues with UTI" masked "UTI" as an ORG; a mental
health note's "denies SI" a MISC, "refer to IAPT" an ORG. The class: care's abbreviations in capitals
(`CARE_ABBREVIATIONS`) name a service, a form or a finding, never whose; organisations' acronyms and US
states stay."""
import pytest

from spacy_anon.lexicon.clinical_terms import is_care_abbreviation
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,kept", [
    ("Hi team, Mrs Pereira in bay 4 has a DNACPR in place. She's for discharge to Meadowbank Care Home "
     "tomorrow if OT are happy. Thanks, Staff Nurse Amy", ("DNACPR", "OT")),
    ("B: Admitted Tues with UTI, lives alone, daughter Karen is NOK.", ("UTI", "NOK")),
    ("Kayleigh (22) reports low mood; denies SI. Plan: refer to IAPT, GP Dr Banerjee to review.", ("SI", "IAPT")),
])
def test_care_abbreviations_stay(nlp, text, kept):
    out = nlp(text)._.anon_text
    assert all(word in out for word in kept), out


@pytest.mark.parametrize("value,expected", [("UTI", True), ("DNACPR", True), ("OT", True), ("uti", False),
                                            ("NHS", False), ("PA", False), ("LA", False), ("SH", False)])
def test_is_care_abbreviation(value, expected):
    assert is_care_abbreviation(value) is expected


def test_names_beside_them_are_masked(nlp):
    texts = masked_texts(nlp, "Mrs Pereira has a DNACPR in place, her son Luis is NOK (07700 900654).")
    assert "Mrs Pereira" in texts and "Luis" in texts and "07700 900654" in texts, texts
