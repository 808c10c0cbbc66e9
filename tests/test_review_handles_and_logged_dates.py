"""A review's or post's author handle ("Reviewer: sarah_k_92") was masked in pieces, "_k_" left in clear:
the username field's cues now include "Reviewer", "posted by", "reported by" and the like (a name written
as a name is left to the taggers). And a short day/month date after what a log records ("Referred to MASH
28/11", "Letter sent 14/10", "contacted school 17/09") was left in clear for want of a context word."""
import pytest

import spacy_anon
from rules_support import rule_values, table_rows


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,handle", [
    ('Reviewer: sarah_k_92 ★★★★★ "Dr. Lindström fixed my crown in one visit."', "sarah_k_92"),
    ("posted by dave_t at 10:02", "dave_t"),
    ("reported by: mkowalski", "mkowalski"),
])
def test_an_authors_handle_is_one_username(nlp, text, handle):
    assert (handle, "CONTACT", "USERNAME") in rule_values(text)
    assert (handle, "CONTACT") in table_rows(nlp, text)


@pytest.mark.parametrize("text", ["Reviewed by Jane Smith", "written by the author", "Author: J. Smith"])
def test_a_name_or_prose_after_the_cue_is_no_username(text):
    assert not [v for v in rule_values(text) if v[2] == "USERNAME"]


@pytest.mark.parametrize("text,date", [
    ("URGENT - safeguarding concern. Dad not involved. Referred to MASH 28/11.", "28/11"),
    ("Letter sent 14/10 to the family.", "14/10"),
    ("Mum contacted school 17/09 re absence", "17/09"),
])
def test_a_logged_short_date_is_masked(nlp, text, date):
    assert (date, "DATETIME") in table_rows(nlp, text)


@pytest.mark.parametrize("text", ["Take 1/2 tablet twice daily", "Pain score 14/10 at worst", "last seen 3/4 of the way"])
def test_fractions_stay(text):
    assert not [v for v in rule_values(text) if v[1] == "DATETIME"]


LOG = ("[2026-11-28 10:14:03] INFO user=jsmith42 ip=10.0.4.17 action=login status=ok\n"
       "[2026-11-28 10:15:22] WARN user=maria.k@acme-corp.com ip=203.0.113.9 action=reset_password attempts=3\n"
       "[2026-11-28 10:16:40] INFO name=john action=update owner=patel")


def test_a_log_lines_keys_and_word_values_are_no_names(nlp):
    """"action=login" was a person and "WARN user" an organisation: a log field's key, and its value when
    that is a word software writes, are machine text; a name as a value is still masked."""
    found = table_rows(nlp, LOG)
    values = [value for value, _ in found]
    assert "login" not in values and "WARN user" not in values and "update" not in values
    assert ("john", "PERSON") in found and ("patel", "PERSON") in found
    assert ("jsmith42", "CONTACT") in found and ("maria.k@acme-corp.com", "CONTACT") in found
