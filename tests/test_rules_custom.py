"""Recognizers defined in config: checked at construction, saved with the pipeline, loaded anywhere."""
import json
import pickle
import subprocess
import sys
from contextlib import contextmanager

import catalogue
import pytest
import spacy

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.rules.recognizers import REGISTRY, Recognizer, register

EMPLOYEE = {"name": "employee_id", "label": "ID", "patterns": [r"\bEMP-\d{5}\b"], "score": 0.6,
            "context": ["employee"]}
CARD_LIKE = {"name": "loyalty_card", "label": "ID", "patterns": [{"regex": r"\b\d{16}\b", "score": 0.7}],
             "validator": "luhn"}


@contextmanager
def registry_restored():
    """The recognizer registry as it was on entry, on exit: names added inside are removed, replaced ones
    put back (the registry is global; a test that registers must not change what later tests see)."""
    before = dict(REGISTRY)
    try:
        yield
    finally:
        for name in set(REGISTRY) - set(before):
            catalogue._remove((*registry_namespace(), name))
        for name, recognizer in before.items():
            if REGISTRY.get(name) is not recognizer:
                register(recognizer)


def registry_namespace():
    from spacy.util import registry

    return registry.anon_recognizers.namespace


@pytest.fixture
def clean_registry():
    with registry_restored():
        yield


def rules_nlp(**config):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules", config={"custom_recognizers": [EMPLOYEE, CARD_LIKE], **config})
    nlp.add_pipe("anon_mask")
    return nlp


def test_custom_recognizers_find_their_values():
    doc = rules_nlp()("Employee EMP-12345 paid with 4111111111111111, not 4111111111111112.")
    rows = {doc.text[r["start"]:r["end"]]: r["source"] for r in doc._.anon_table}
    assert rows == {"EMP-12345": "custom.employee_id", "4111111111111111": "custom.loyalty_card"}


@pytest.mark.parametrize("entry, problem", [
    ({"name": "x", "label": "ID", "patterns": ["EMP-("]}, "does not compile"),
    ({"name": "x", "label": "PLANET", "patterns": ["x"]}, "has label 'PLANET'"),
    ({"name": "x", "label": "ID", "patterns": []}, "non-empty list of patterns"),
    ({"name": "x", "label": "ID", "patterns": ["x"], "validator": "md5"}, "names validator 'md5'"),
    ({"name": "x", "label": "ID", "patterns": ["x"], "colour": "red"}, "unknown keys"),
    ({"label": "ID", "patterns": ["x"]}, "needs a name"),
])
def test_bad_entries_fail_at_construction(entry, problem):
    with pytest.raises(ValueError, match=problem):
        spacy.blank("en").add_pipe("anon_rules", config={"custom_recognizers": [entry]})


def test_a_registered_recognizer_is_checked_when_it_is_made(clean_registry):
    with pytest.raises(ValueError, match=r"\[E211\].*does not compile"):
        Recognizer(name="team.bad", label="ID", patterns=("EMP-(",))
    rec = register(Recognizer(name="team.badge", label="ID", patterns=(r"\bBDG\d{4}\b",)))
    assert rec.patterns[0].score == 0.5  # a plain string became a Pattern


def test_custom_recognizers_survive_to_disk_and_load_in_a_fresh_process(tmp_path):
    nlp = rules_nlp()
    pickle.loads(pickle.dumps(nlp))  # and pickling
    nlp.to_disk(tmp_path / "pipeline")
    code = ("import json, sys, spacy\n"
            "nlp = spacy.load(sys.argv[1])\n"
            "doc = nlp('Employee EMP-54321 badge.')\n"
            "print(json.dumps([r['source'] for r in doc._.anon_table]))\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "pipeline")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == ["custom.employee_id"]


def test_registry_restored_removes_what_was_added_and_puts_back_what_was_replaced():
    email = REGISTRY["rules.email"]
    with registry_restored():
        register(Recognizer(name="team.temporary", label="ID", patterns=(r"\bTMP\d{4}\b",)))
        register(Recognizer(name="rules.email", label="EMAIL", patterns=(r"\bnobody@example\b",)))
        assert "team.temporary" in REGISTRY and REGISTRY["rules.email"] is not email
    assert "team.temporary" not in REGISTRY
    assert REGISTRY["rules.email"] is email


def test_no_recognizer_registered_here_is_left_in_the_registry():
    # Runs after the tests above (file order): tests/test_docs.py checks that every registered recognizer
    # is documented, so one left behind fails it when it runs later in the same process.
    assert not [name for name in REGISTRY if name.startswith("team.")]


@pytest.mark.parametrize("text, pattern, label, value", [
    ("Employee EMP-12345 called.", r"\bEMP-\d{5}\b", "ID", "EMP-12345"),  # the built-in labelled employee id
    ("Write to jane.roe@example.com today.", r"\b[a-z.]+@example\.com\b", "CONTACT",
     "jane.roe@example.com"),  # the built-in e-mail
])
@pytest.mark.parametrize("score", [0.1, 0.5, 0.99])
def test_a_users_recognizer_wins_over_a_built_in_one_on_the_same_span(text, pattern, label, value, score):
    """Was: a built-in recognizer with a higher score took the span, so the user's type was lost."""
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules", config={"min_score": 0.0, "custom_recognizers": [
        {"name": "mine", "label": label, "type": "MY_TYPE", "score": score, "patterns": [pattern]}]})
    doc = nlp(text)
    assert [(s.text, s._.anon_source) for s in doc.spans["anon"]] == [(value, "custom.mine")]
