"""Errors carry a code and name the component, the setting and the fix."""
import re

import pytest
import spacy

from spacy_anon.errors import Errors

CODES = [name for name in vars(Errors) if re.fullmatch(r"E\d{3}", name)]


# the JSON line parser's messages (spacy_anon.io): always shown after the file and line that
# `errors.located` puts in front of them, which say where the problem is
AFTER_A_PLACE = {"E803", "E804", "E808", "E809", "E812", "E813", "E814", "E815", "E816"}


def test_every_message_has_its_code_and_names_a_component():
    assert len(CODES) == len(set(CODES)) > 20
    for code in sorted(set(CODES) - AFTER_A_PLACE):
        message = getattr(Errors, code)
        assert message.startswith(f"[{code}] ")
        # a component, a command or the module that raises it; or the place (file, line, flag) it starts with
        assert re.search(r"anon_\w+|\{name\}|label map|spacy-anon \w+|spacy_anon\.\w+|^\[E\d+\] \{\w+", message), code


@pytest.mark.parametrize("factory, config, code, setting", [
    ("anon_mask", {"strategy": "shred"}, "E101", "strategy"),
    ("anon_mask", {"key_scope": "world"}, "E102", "key_scope"),
    ("anon_mask", {"strategy": "generalize", "date_granularity": "week"}, "E060", "date_granularity"),
    ("anon_mask", {"operators": {"tag": {"format": "[{name}]"}}}, "E108", "operators.tag.format"),
    ("anon_rules", {"phone_regions": ["XX"]}, "E206", "phone_regions"),
    ("anon_generalize", {"threshold": 3.0}, "E301", "threshold"),
    ("anon_disclosure", {"chunker": "words"}, "E401", "chunker"),
])
def test_config_errors_carry_code_and_setting(factory, config, code, setting):
    with pytest.raises(ValueError) as err:
        spacy.blank("en").add_pipe(factory, config=config)
    assert f"[{code}]" in str(err.value) and setting in str(err.value)
