"""Identifiers as logs, exports and URLs write them: after a key joined by "_", "-" or camel case
("customer_id=88231945", "accountNo: 00412277", "patientId: 2045521", "uid=88231945"), in a URL path after
a segment that names people ("/customers/88231945/orders", "/patients/1045521"), and the key left in
clear by the structured fast path ("phone=+44 ...", "card=4111...", "?from=2025-01-01&user_id=42871")."""
import pytest

import spacy_anon
from spacy_anon.fast_path import anonymize_structured, structured_pipeline
from spacy_anon.rules.matching import find_matches, make_options, recognizers_for
from spacy_anon.rules.recognizers.labelled_ids import cue_type


@pytest.fixture(scope="module")
def fast():
    return structured_pipeline()


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def _masked(fast, text):
    (out, table), = anonymize_structured([text], fast)
    return out, {text[r["start"]:r["end"]]: r["type"] for r in table}


@pytest.mark.parametrize("text,value,fine", [
    ("customer_id=88231945 status=active", "88231945", "ACCOUNT_NUMBER"),
    ("accountNo: 00412277", "00412277", "ACCOUNT_NUMBER"),
    ("account-number 55120093", "55120093", "ACCOUNT_NUMBER"),
    ("login ok uid=88231945", "88231945", "ACCOUNT_NUMBER"),
    ("GET /search?q=x&user_id=42871&page=2", "42871", "ACCOUNT_NUMBER"),
    ("patient_id=1045521 seen", "1045521", "RECORD_NUMBER"),
    ("patientId: 2045521", "2045521", "RECORD_NUMBER"),
    ("employee_no=204518", "204518", "EMPLOYEE_ID"),
    ("GET /api/v1/customers/88231945/orders?session=ab34", "88231945", "ACCOUNT_NUMBER"),
    ('"GET /users/u923301/profile HTTP/1.1" 200 5120', "u923301", "ACCOUNT_NUMBER"),
    ("POST /patients/1045521/records 201", "1045521", "RECORD_NUMBER"),
    ("DELETE /v2/members/7f3e2a10-4b5c-4d6e-8f90-1a2b3c4d5e6f HTTP/2",
     "7f3e2a10-4b5c-4d6e-8f90-1a2b3c4d5e6f", "ACCOUNT_NUMBER"),
    ("GET /hr/employees/E104422?fields=all", "E104422", "EMPLOYEE_ID"),
    ("GET /people/884213/avatar.png", "884213", "ID_NUMBER"),
])
def test_identifiers_after_keys_and_in_paths_are_masked_alone_with_their_type(fast, text, value, fine):
    out, found = _masked(fast, text)
    assert found.get(value) == fine, found
    assert value not in out


@pytest.mark.parametrize("text", [
    "GET /api/v3/items/123/reviews?page=2&limit=50",
    "GET /v1/images/2048/thumbnail.png",
    "GET /patients/new HTTP/1.1",
    "GET /users/me/settings",
    "GET /static/js/app.3f9c2e.js",
    "the user_id field is required",
])
def test_paths_and_keys_without_a_person_s_identifier_stay(fast, text):
    assert _masked(fast, text) == (text, {})


@pytest.mark.parametrize("text,expected", [
    ("phone=+44 7700 900123 email=jo.bloggs@example.com", "phone=[CONTACT_1] email=[CONTACT_2]"),
    ("level=warn card=4111111111111111 ip=10.2.3.4", "level=warn card=[ID_1] ip=[CONTACT_1]"),
    ("GET /api/accounts/ACC-99812/statements?from=2025-01-01", "GET /api/accounts/[ID_1]/statements?from=[DATETIME_1]"),
    ("GET /search?to=alice@example.com&cc=bob@example.org", "GET /search?to=[CONTACT_1]&cc=[CONTACT_2]"),
    ("Call 555-123-4567, or mail a@b.com; ref:AB123456", "Call [CONTACT_1], or mail [CONTACT_2]; ref:[ID_1]"),
])
def test_the_fast_path_leaves_keys_and_separators_in_clear(fast, text, expected):
    assert _masked(fast, text)[0] == expected


def test_an_address_keeps_an_equals_sign_that_no_key_explains():
    recognizers, options = recognizers_for(("rules.email",)), make_options()
    for text, address in [("email=jo.bloggs@example.com", "jo.bloggs@example.com"),
                          ("x reply_to=a.b@c.de", "a.b@c.de"),
                          ("bounce SRS0=HHH=TT=example.org=jo@fwd.net", "SRS0=HHH=TT=example.org=jo@fwd.net"),
                          ("john=doe@example.com", "john=doe@example.com")]:
        assert [text[m.start:m.end] for m in find_matches(text, recognizers, options)] == [address]


def test_a_tagger_s_span_in_a_path_is_typed_by_its_segment():
    assert cue_type("88231945", "GET /api/v1/customers/") == "ACCOUNT_NUMBER"
    assert cue_type("1045521", "POST /patients/") == "RECORD_NUMBER"
    assert cue_type("2048", "GET /v1/images/") is None


def test_the_default_pipeline_masks_them_too(nlp):
    doc = nlp("customer_id=88231945 account_no=00412277 patientId: 2045521; GET /api/v1/customers/77120934/orders")
    found = {doc.text[r["start"]:r["end"]]: r["type"] for r in doc._.anon_table}
    assert found["88231945"] == found["00412277"] == found["77120934"] == "ACCOUNT_NUMBER"
    assert found["2045521"] == "RECORD_NUMBER"
    assert "customer_id=" in doc._.anon_text and "account_no=" in doc._.anon_text


@pytest.mark.parametrize("text,value,fine", [
    ("NHS NO: 943 476 5918", "943 476 5918", "NHS"),  # a failed checksum: still the NHS number of the form
    ("Policy no. 212 555 0147 renewed.", "212 555 0147", "ACCOUNT_NUMBER"),
    ("account number 212 555 0147", "212 555 0147", "ACCOUNT_NUMBER"),
])
def test_a_number_that_dials_after_an_identifier_s_label_is_that_identifier(nlp, text, value, fine):
    doc = nlp(text)
    rows = {text[r["start"]:r["end"]]: (r["label"], r["type"]) for r in doc._.anon_table}
    assert rows[value] == ("ID", fine)


def test_a_phone_after_a_phone_word_stays_a_phone(nlp):
    for text in ["Tel: 212 555 0147", "Call me on 020 7946 0958.", "Contact the NHS Trust on 020 7946 0958."]:
        doc = nlp(text)
        assert [r["type"] for r in doc._.anon_table if r["label"] == "CONTACT"] == ["PHONE"], text
