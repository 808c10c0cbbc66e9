"""Bug (issue 28, types): "Laptop asset tag LT-04411, user jdoe2." came out as "asset tag LT-[LOC_1]": no
rule knew a device's label, and the tagger read the digits as a place. HIPAA's Safe Harbor list names
"device identifiers and serial numbers". The class: a code after a device's label (asset tag, serial
number, IMEI, device id, equipment id; not "s/n", Spanish addresses' "sin número") is an ID of type DEVICE_ID (`rules.device_id`, a cue of
`labelled_ids`); the label's words alone ("the device was seized in 1996", "serial killer") are none."""
import pytest

from spacy_anon.rules.matching import find_matches
from tests.default_pipeline import nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text, code", [
    ("Ticket #88213: laptop asset tag LT-04411, user jdoe2.", "LT-04411"),
    ("Serial number SN-88231-X was logged.", "SN-88231-X"),
    ("IMEI 356938035643809 last seen on the network.", "356938035643809"),
    ("device id: DV-22810", "DV-22810"),
])
def test_a_code_after_a_device_label_is_a_device_id(nlp, text, code):
    rows = [(text[r["start"]:r["end"]], r["label"], r["type"]) for r in nlp(text)._.anon_table]
    assert (code, "ID", "DEVICE_ID") in rows, rows


@pytest.mark.parametrize("text", ["the device was seized in 1996", "a serial killer, 1234 miles away",
                                  "asset tag 2019"])
def test_device_words_alone_are_no_device_id(text):
    assert [m for m in find_matches(text) if m.source == "rules.device_id"] == []
