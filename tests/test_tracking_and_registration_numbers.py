"""A parcel's tracking number and a clinician's registration number identify: "Track it with Royal Mail: JX
1234 5678 9GB", "UPS tracking 1Z999AA10123456784" (18 characters, longer than a code could be) and a
prescriber's "(GMC 7012345)", "NMC PIN 12A3456E", "NPI: 1234567893" were left in clear."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,value,kind", [
    ("Track it with Royal Mail: JX 1234 5678 9GB.", "JX 1234 5678 9GB", "REFERENCE_NUMBER"),
    ("UPS tracking 1Z999AA10123456784", "1Z999AA10123456784", "REFERENCE_NUMBER"),
    ("Prescriber: Dr R. Chaudhry (GMC 7012345)", "7012345", "ID_NUMBER"),
    ("Signed: S. Okoro, NMC PIN 12A3456E", "12A3456E", "ID_NUMBER"),
    ("Ordering provider NPI: 1234567893", "1234567893", "NPI"),  # its own type (`rules.us_npi`)
    ("my PIN is 4471", "4471", "ID_NUMBER"),
])
def test_the_number_after_its_label(nlp, text, value, kind):
    assert (value, "ID", kind) in rule_values(text)
    assert (value, "ID") in table_rows(nlp, text)


@pytest.mark.parametrize("text", ["the pin 2 was bent", "ups and downs in 2024", "a spin of 1234 rpm"])
def test_words_like_the_labels_are_none(text):
    assert not [v for v in rule_values(text) if v[1] == "ID"]
