"""Strategies are registered operators: built-ins by name, a third party's through the registry."""
import pickle

import pytest
import spacy
from spacy.util import registry

import spacy_anon
from spacy_anon.mask.operators import Mention, Operator, get_operator, operator_names
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.mask.operators.base import OperatorParams, register


def test_built_in_operators_are_registered():
    assert operator_names()[:5] == ("suppress", "tag", "surrogate", "pseudonym", "generalize")
    assert get_operator("tag").name == "tag"
    with pytest.raises(ValueError, match="unknown strategy 'shred'.*valid strategies: suppress, tag"):
        get_operator("shred")


@register("test_last_four")
class LastFour(Operator):
    """Keeps the last four characters (a test of the registry, not a shipped operator): stateless, its
    parameters come with each call."""

    def validate(self, params: OperatorParams) -> None:
        if not params.suppress_filler:
            raise ValueError("anon_mask: test_last_four needs a suppress_filler")

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        return "*" * (len(mention.text) - 4) + mention.text[-4:]


@register("test_old_interface")
class OldInterface(Operator):
    """An operator of the older interface: it reads its settings from the component it was given."""

    def __init__(self, mask) -> None:
        super().__init__(mask)
        self.filler = mask.suppress_filler

    def validate(self) -> None:
        if not self.filler:
            raise ValueError("anon_mask: test_old_interface needs a suppress_filler")

    def operate(self, mention: Mention) -> str:
        return self.filler + mention.text[-2:]


def test_an_operator_of_the_older_interface_still_runs_and_says_how_to_migrate():
    nlp = spacy.blank("en")
    with pytest.warns(DeprecationWarning, match=r"\[W102\].*operate\(self, mention, params\)"):
        nlp.add_pipe("anon_mask", config={"label_strategies": {"ID": "test_old_interface"},
                                          "operators": {"suppress": {"filler": "#"}}})
    assert nlp("Card 4111 1111 1111 1111 of Anna.")._.anon_text == "Card #11 of Anna."
    with pytest.raises(ValueError, match="test_old_interface needs a suppress_filler"), \
            pytest.warns(DeprecationWarning):
        spacy.blank("en").add_pipe("anon_mask", config={"strategy": "test_old_interface",
                                                          "operators": {"suppress": {"filler": ""}}})


def test_built_in_operators_are_stateless_and_take_their_parameters_per_call():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "suppress"})
    doc = nlp.make_doc("Mail ann@example.com now.")
    span = doc.char_span(5, 20, label="CONTACT")
    mention = Mention(span=span, detected=span, entity="CONTACT_1", key="ann@example.com", memory=ReplacementMemory())
    suppress = get_operator("suppress")()
    assert suppress.operate(mention, OperatorParams(options={"suppress": {"filler": "#", "keep_length": True}})) == "#" * 15
    assert suppress.operate(mention, OperatorParams()) == "***"
    assert not vars(suppress).get("mask")  # no back-reference to a component
    with pytest.raises(ValueError, match="E125.*'tag' operator"):
        get_operator("tag")().validate(OperatorParams(options={"tag": {"nmaes": "category"}}))


def test_a_registered_operator_is_chosen_by_name_in_config():
    assert "test_last_four" in registry.anon_operators.get_all()
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"label_strategies": {"ID": "test_last_four"}})
    doc = nlp("Card 4111 1111 1111 1111 of Anna.")
    assert doc._.anon_text == "Card ***************1111 of Anna."


def test_operators_validate_at_construction():
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="test_last_four needs a suppress_filler"):
        nlp.add_pipe("anon_mask", config={"strategy": "test_last_four", "operators": {"suppress": {"filler": ""}}})
    with pytest.raises(ValueError, match="bad operators.tag.format"):
        spacy.blank("en").add_pipe("anon_mask", config={"operators": {"tag": {"format": "[{name}]"}}})


def test_a_pipeline_with_operators_pickles():
    nlp = spacy_anon.load(strategy="surrogate")
    again = pickle.loads(pickle.dumps(nlp))
    assert again("Write to jan.novak@example.com.")._.anon_status == "ok"


def test_no_built_in_operator_holds_or_reads_the_component():
    import inspect

    from spacy_anon.mask.operators.base import BUILT_IN

    for name in BUILT_IN:
        cls = get_operator(name)
        assert "__init__" not in vars(cls), f"{name} keeps state of its own"
        assert "self.mask" not in inspect.getsource(inspect.getmodule(cls)), f"{name} reads the component"
        assert vars(cls()) == {"mask": None}


def test_a_value_in_a_tagger_span_of_words_gets_its_range_surrogate(monkeypatch):
    """Bug: a clinic letter's MISC span "iron deficiency anaemia (Hb 98 g/L" failed with
    `strategy="surrogate"` (E115): its surrogate keeps the words and unit with the number as a range ("Hb
    95-100 g/L"), and the kept words counted as a name kept."""
    monkeypatch.setenv("SPACY_ANON_ALLOW_SEED_ONLY", "1")
    from spacy.tokens import Span

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "surrogate", "run_rules": False, "seed": 1})
    doc = nlp.make_doc("Known iron deficiency anaemia (Hb 98 g/L) since May.")
    doc.spans["anon"] = [Span(doc, 1, 9, label="MISC")]
    doc = nlp.get_pipe("anon_mask")(doc)
    assert doc._.anon_status == "ok" and "98" not in doc._.anon_text, doc._.anon_text
