"""What software writes into logs and exports (user agents, protocol and product versions, a request's
method, status and size, a log level, an application's path segments) names nobody: the default
pipeline's tagger spans there are dropped (`spacy_anon.mask.machine_text`), the rules' spans kept."""
import pytest

import spacy_anon
from spacy_anon.mask.machine_text import inside, machine_regions

ACCESS = ('203.0.113.5 - - [10/Oct/2023:13:55:36 +0000] "GET /api/v2/users/u48213/profile HTTP/1.1" 200 2326 "-" '
          '"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"')
APP = ("2024-03-06T20:14:53.001Z ERROR [api] auth failed for user ana@example.org: bad token Bearer "
       "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl")


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def test_the_parts_software_writes():
    assert [ACCESS[a:b] for a, b in machine_regions(ACCESS)] == [
        "GET", "api", "v2", "users", "profile", "HTTP/1.1", "200 2326", "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
        "AppleWebKit/537.36 (KHTML, like Gecko)", "Chrome/120.0", "Safari/537.36"]
    # the message's run of lower-case words is the program's ("bad token"); one that runs into a given name
    # ("auth failed for user ana") is not
    assert [APP[a:b] for a, b in machine_regions(APP)] == ["ERROR [api]", "bad token"]
    regions = machine_regions(ACCESS)
    start = ACCESS.index("KHTML")
    assert inside(regions, start, start + 5) and not inside(regions, 0, 11)


@pytest.mark.parametrize("text", [
    "The applicant, Mr Nowak, lodged application no. 12345/01 under the Act 1998 on 12/03/2005.",
    "GET well soon, Anna! ERROR-free week at last.",
    "See /profiles/john-smith for the photos",
])
def test_prose_and_a_name_in_a_path_are_no_such_part(text):
    regions = machine_regions(text)
    assert not any("john" in text[a:b] or "Nowak" in text[a:b] or "Anna" in text[a:b] for a, b in regions)


def test_the_default_pipeline_masks_the_values_of_log_lines_and_not_the_software(nlp):
    for text in (ACCESS, APP):
        doc = nlp(text)
        masked = [text[r["start"]:r["end"]] for r in doc._.anon_table]
        for word in ("Mozilla", "KHTML", "Gecko", "HTTP", "2326", "537.36", "ERROR", "api", "v2", "Bearer"):
            assert not any(word in m for m in masked), (word, masked)
    masked = {ACCESS[r["start"]:r["end"]] for r in nlp(ACCESS)._.anon_table}
    assert {"203.0.113.5", "u48213"} <= masked
    out = nlp(APP)._.anon_text
    assert "ana@example.org" not in out and "eyJhbGci" not in out


def test_a_rule_s_span_inside_such_a_part_is_kept():
    nlp = spacy_anon.load(deny_list=[{"text": "Win64", "label": "MISC"}])
    masked = [ACCESS[r["start"]:r["end"]] for r in nlp(ACCESS)._.anon_table]
    assert "Win64" in masked
