"""Bug (issue 28, logs and records): a JSON event '{"event":"login_failed","user":"m.kowalczyk",...}' left
the user name in clear; a YAML record's "start_date: 2024-05-01" masked "start" as an ORG. The class: a user
name after its key is one, written with a JSON or YAML key's quotes too; a piece of a record's snake_case
key of dictionary words names nobody (a chat's "anna_k:" stays a handle)."""
import pytest

from spacy_anon.mask.machine_text import snake_piece
from tests.default_pipeline import masked_texts, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,value", [
    ('{"event":"login_failed","user":"m.kowalczyk","email":"x@example.com"}', "m.kowalczyk"),
    ("{'username': 'dev_ops1'}", "dev_ops1"),
    ("user: jkowalski", "jkowalski"),
])
def test_a_user_name_after_its_key(text, value):
    assert texts(text, "rules.username") == [value]


def test_no_user_name_after_a_quoted_word():
    assert texts('the user "said" hi', "rules.username") == []


@pytest.mark.parametrize("text,piece,expected", [
    ("start_date: 2024-05-01", "start", True),
    ('{"first_name": "Ann"}', "first", True),
    ("[09:14] anna_k: the build failed", "anna", False),
    ("AUTH_TOKEN_EXPIRED", "TOKEN", True),
    ("hi anna_k", "anna", False),
])
def test_snake_piece(text, piece, expected):
    start = text.index(piece)
    assert snake_piece(text, start, start + len(piece)) is expected


def test_a_yaml_record(nlp):
    found = masked_texts(nlp, "name: Farah Qureshi\nrole: Senior Nurse\nward: Larch\nphone: ext 5521\nstart_date: 2024-05-01")
    assert "Farah Qureshi" in found and "2024-05-01" in found and "start" not in found, found
