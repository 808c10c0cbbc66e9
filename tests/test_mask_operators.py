"""Strategies are registered operators: built-ins by name, a third party's through the registry."""
import pickle

import pytest
import spacy
from spacy.util import registry

import spacy_anon
from spacy_anon.mask.operators import Mention, Operator, get_operator, operator_names
from spacy_anon.mask.operators.base import register


def test_built_in_operators_are_registered():
    assert operator_names()[:5] == ("suppress", "tag", "surrogate", "pseudonym", "generalize")
    assert get_operator("tag").name == "tag"
    with pytest.raises(ValueError, match="unknown strategy 'shred'.*valid strategies: suppress, tag"):
        get_operator("shred")


@register("test_last_four")
class LastFour(Operator):
    """Keeps the last four characters (a test of the registry, not a shipped operator)."""

    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.filler = mask.suppress_filler

    def validate(self) -> None:
        if not self.filler:
            raise ValueError("anon_mask: test_last_four needs a suppress_filler")

    def operate(self, mention: Mention) -> str:
        return "*" * (len(mention.text) - 4) + mention.text[-4:]


def test_a_registered_operator_is_chosen_by_name_in_config():
    assert "test_last_four" in registry.anon_operators.get_all()
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"label_strategies": {"ID": "test_last_four"}})
    doc = nlp("Card 4111 1111 1111 1111 of Anna.")
    assert doc._.anon_text == "Card ***************1111 of Anna."


def test_operators_validate_at_construction():
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="test_last_four needs a suppress_filler"):
        nlp.add_pipe("anon_mask", config={"strategy": "test_last_four", "suppress_filler": ""})
    with pytest.raises(ValueError, match="bad tag_format"):
        spacy.blank("en").add_pipe("anon_mask", config={"tag_format": "[{name}]"})


def test_a_pipeline_with_operators_pickles():
    nlp = spacy_anon.load(strategy="surrogate")
    again = pickle.loads(pickle.dumps(nlp))
    assert again("Write to jan.novak@example.com.")._.anon_status == "ok"
