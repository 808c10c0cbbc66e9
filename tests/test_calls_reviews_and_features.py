"""Bug (issue 28, calls and reviews): an insurer's call "Thanks for calling Direct Line" masked "calling
Direct Line" as one ORG; a review's "Driver (Mick?) said" made "Mick" a place; "visiting Loch Ness" a
person. The class: a verb in lower case before a capitalised name is the sentence's; a given name in
brackets after who someone is (driver, courier, agent, ...) is a person, a question mark after it too; a
natural feature's name opening with its head (Loch, Lough, Lake, Mount, Isle) is a place."""
import pytest

from spacy_anon.lexicon.place_names import natural_feature
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


@pytest.mark.parametrize("text,expected", [
    ("AGENT: Thanks for calling Direct Line, you're speaking with Callum", ("Direct Line", "ORG")),
    ("Ordered the oak table, arrived scratched. Driver (Mick?) said to email complaints.", ("Mick", "PERSON")),
    ("We enjoyed visiting Loch Ness.", ("Loch Ness", "LOC")),
    # an office's leaving card: "see Jess in Accounts" made "Jess" a place and "Accounts" an ORG
    ("Card going round — see Jess in Accounts if you want to sign.", ("Jess", "PERSON")),
    # a ward clerk's sign-off "Thx, Becca (ward clerk)" made "Becca" a place (a short given name)
    ("Her daughter Siobhan is picking her up at 4. Thx, Becca (ward clerk)", ("Becca", "PERSON")),
])
def test_spans_and_labels(nlp, text, expected):
    found = rows(nlp, text)
    assert expected in found, found


@pytest.mark.parametrize("value,expected", [("Loch Ness", True), ("Lake Windermere", True), ("Malham Cove", True),
                                            ("Mount Snowdon", True), ("River Phoenix", False), ("Glen Hoddle", False),
                                            ("Loch", False)])
def test_natural_feature(value, expected):
    assert natural_feature(value) is expected


def test_a_department_after_in_is_no_name(nlp):
    found = rows(nlp, "Card going round — see Jess in Accounts if you want to sign.")
    assert not any(t == "Accounts" for t, _ in found), found
