"""In a clinical note, a given name that is also a rarer English word stays with the name beside it
("Patient: GONZALEZ, MARIA ELENA" masked GONZALEZ and ELENA and left MARIA in clear: "maria" is a
dictionary word, so it was no evidence of a name). And a UK registration plate of the current format
beside a vehicle word ("Vehicle reg. seen: WR19 KXL") is a vehicle identifier, not three pieces."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


NOTE_TAIL = "\nHPI: 47F w/ hx of cholecystectomy presents with RUQ pain x3d. BP 142/88, HR 92. Denies EtOH."


@pytest.mark.parametrize("header,given", [
    ("Patient: GONZALEZ, MARIA ELENA   MRN: 7730291", "MARIA"),
    ("PT: KOWALCZYK, ROSA", "ROSA"),
    ("Patient: IRIS MBEKI", "IRIS"),
])
def test_a_given_name_beside_a_name_in_a_note_is_masked(nlp, header, given):
    text = header + NOTE_TAIL
    doc = nlp(text)
    assert given not in doc._.anon_text


def test_a_word_of_a_note_stays_a_word(nlp):
    text = "PT ALERT. GRACE PERIOD FOR MEDS DISCUSSED. BP 142/88, HR 92, SATS 96% ON RA. PLAN: CXR, FBC."
    assert "GRACE" not in [value for value, _ in table_rows(nlp, text)]  # "grace" is too common a word


@pytest.mark.parametrize("text,plate", [
    ("Vehicle reg. seen: WR19 KXL. Police informed.", "WR19 KXL"),
    ("a silver Ford Fiesta, WR19 KXL, parked outside no. 4", "WR19 KXL"),
    ("my car reg is AB12CDE", "AB12CDE"),
])
def test_a_uk_plate_beside_a_vehicle_word(nlp, text, plate):
    assert (plate, "ID", "VEHICLE_ID") in rule_values(text)
    assert (plate, "ID") in table_rows(nlp, text)


@pytest.mark.parametrize("text", ["Order code WR19 KXL shipped", "Postcode AB12 3CD", "see section AB12 CDE"])
def test_the_plate_shape_alone_is_no_plate(text):
    assert not [v for v in rule_values(text) if v[2] == "VEHICLE_ID"]
