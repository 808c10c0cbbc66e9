"""Who signs a message after a closing is a person: "Thanks, Imogen Thwaite" was an organisation (the given
name is in no list), "Thanks again - Aoife (she/her)" a place (the closing had "again" and a dash). Two or
three capitalised words after a closing that name no organisation are the writer's name; "Northgate
Lettings" after "Best regards," stays an organisation. And "Many thanks" is a closing, no place."""
import pytest

import spacy_anon
from rules_support import table_rows
from spacy_anon.mask.name_context import after_closing


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


@pytest.mark.parametrize("text,name", [
    ("Old one was 18 Fell View, Windermere. Thanks, Imogen Thwaite (member no. 00931277)", "Imogen Thwaite"),
    ("Thanks again - Aoife (she/her) | Programme Manager | Cork Innovation Hub", "Aoife"),
    ("Thank you so much,\nOrla Breathnach", "Orla Breathnach"),
])
def test_the_writer_after_a_closing_is_a_person(nlp, text, name):
    assert (name, "PERSON") in table_rows(nlp, text)


def test_an_organisation_after_a_closing_stays_one(nlp):
    assert ("Northgate Lettings", "ORG") in table_rows(nlp, "Best regards,\nNorthgate Lettings")


def test_many_thanks_is_no_place(nlp):
    assert [v for v, _ in table_rows(nlp, "Many thanks, Acme Holdings Ltd")] == ["Acme Holdings Ltd"]


@pytest.mark.parametrize("before,expected", [
    ("Thanks again - ", True), ("Cheers, ", True), ("Thank you so much,\n", True), ("Kind regards,\n", True),
    ("I met ", False), ("Thanks to ", False),
])
def test_after_closing(before, expected):
    assert after_closing(before + "Ann", len(before)) is expected


def test_a_closing_word_inside_a_title_signs_nothing(nlp):
    assert ("Kept Secret", "PERSON") not in table_rows(nlp, "Best Kept Secret ( production team )")


def test_a_numbered_role_opens_a_turn(nlp):
    """"participant 3:" was masked as an organisation: a role's number belongs to its turn label."""
    text = ("interviewer: can you tell me where you grew up?\n"
            "participant 3: yeah so i was born in aberdeen, then we moved to inverness.\n"
            "interviewer: and your mum?\n"
            "participant 3: she was a midwife at raigmore hospital, her name's morag.")
    found = [value for value, _ in table_rows(nlp, text)]
    assert "participant" not in found and "morag" in found and "aberdeen" in found
