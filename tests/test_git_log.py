"""Bug (issue 28, a git log): "commit 4f9a2c1e...5c4b3a21" had its last "21" masked as an AGE, and the
zone after git's date ("Tue Mar 11 14:22:07 2025 +0530") was left to the tagger as a CONTACT. The class:
a hash in lower-case hexadecimal (a commit, a digest, with its algorithm's name) is software's text, where a
tagger's span names no one; a ctime date with its zone after the year is one date."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts

LOG = ("commit 4f9a2c1e8b7d6a5f3e2d1c0b9a8f7e6d5c4b3a21\n"
       "Author: Priyanka Raghunathan <priyanka.r@finlytics.io>\n"
       "Date:   Tue Mar 11 14:22:07 2025 +0530\n\n"
       "    Fix null check (reported by Tomasz Wierzbicki)\n")


def test_a_commit(nlp):
    found = rows(nlp, LOG)
    assert ("Tue Mar 11 14:22:07 2025 +0530", "DATETIME") in found, found
    assert ("Priyanka Raghunathan", "PERSON") in found and ("Tomasz Wierzbicki", "PERSON") in found, found
    assert ("priyanka.r@finlytics.io", "CONTACT") in found, found
    assert not any(t in "4f9a2c1e8b7d6a5f3e2d1c0b9a8f7e6d5c4b3a21" for t, _ in found), found  # no piece of the hash


@pytest.mark.parametrize("text,expected", [
    ("Date:   Tue Mar 11 14:22:07 2025 +0530", "Tue Mar 11 14:22:07 2025 +0530"),
    ("Date:   Tue Mar 11 14:22:07 2025 -0800\n", "Tue Mar 11 14:22:07 2025 -0800"),
    ("on Fri Jun 28 09:31:04 UTC 2024 -", "Fri Jun 28 09:31:04 UTC 2024"),
    # logged or typed in lower case: the clock's seconds make it a time stamp ("2" was left in clear)
    ("date: wed apr 2 09:15:44 2025 +0200", "wed apr 2 09:15:44 2025 +0200"),
])
def test_ctime_with_its_zone(text, expected):
    assert texts(text, "rules.date") == [expected]


def test_a_digest_names_no_one(nlp):
    text = "docker pull app@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 by Anna Kowalski"
    assert rows(nlp, text) == [("Anna Kowalski", "PERSON")]


def test_hex_words_are_no_hash(nlp):
    """Words of the letters a to f alone ("defaced", "faded") or digits alone are no hash."""
    from spacy_anon.mask.machine_text import machine_regions
    assert machine_regions("We defaced 1234567 walls; faded cafe.") == []
    assert machine_regions("rev 3e2d1c0 merged") == [(4, 11)]
