"""anon_mask reads other components only through their public API (no `_settings`, no `_pipe_configs`)."""
import re
from pathlib import Path

import spacy

from spacy_anon.mask.component import forget_config_key

MASK_DIR = Path(__file__).resolve().parents[1] / "spacy_anon" / "mask"


def test_anon_rules_extra_labels_are_public_and_accepted_by_the_mask():
    nlp = spacy.blank("en")
    rules = nlp.add_pipe("anon_rules", config={"extra_labels": ["CASE_NO"],
                                               "deny_list": [{"text": "X-17", "label": "CASE_NO"}]})
    assert rules.extra_labels == ("CASE_NO",)
    nlp.add_pipe("anon_mask", config={"label_strategies": {"CASE_NO": "suppress"}})
    assert nlp("Case X-17 closed.")._.anon_text == "Case *** closed."


def test_forget_config_key_drops_the_key_from_the_saved_config_only():
    nlp = spacy.blank("en")
    mask = nlp.add_pipe("anon_mask", config={"strategy": "pseudonym", "pseudonym_key": "a-test-key-of-20-chars"})
    forget_config_key(nlp, "anon_mask")
    assert nlp.config["components"]["anon_mask"]["pseudonym_key"] is None
    assert mask.has_key()
    forget_config_key(nlp, "no_such_component")  # nothing to forget: no error


def test_the_mask_reads_no_private_state_of_other_objects():
    private = re.compile(r"\b(?!self\b|cls\b)\w+\._(settings|pipe_configs)\b")
    offenders = [f"{path.name}:{i}" for path in sorted(MASK_DIR.rglob("*.py"))
                 for i, line in enumerate(path.read_text(encoding="utf8").splitlines(), 1) if private.search(line)]
    assert offenders == []


def test_the_mask_runs_the_rules_only_when_no_anon_rules_ran_and_through_anon_rules():
    from spacy_anon.rules.component import AnonRules

    alone = spacy.blank("en")
    mask = alone.add_pipe("anon_mask")
    assert alone("Mail ann@example.com now.")._.anon_text == "Mail [CONTACT_1] now."
    assert isinstance(mask.rule_fallback.rules, AnonRules)  # composed, not a copy of the recognizers
    assembled = spacy.blank("en")
    assembled.add_pipe("anon_rules")
    mask = assembled.add_pipe("anon_mask")
    assert assembled("Mail ann@example.com now.")._.anon_text == "Mail [CONTACT_1] now."
    assert mask.rule_fallback.rules is None  # anon_rules ran: the mask built and ran nothing
