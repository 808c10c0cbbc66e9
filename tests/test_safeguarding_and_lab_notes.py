"""Bug (issue 28, a safeguarding note, a lab log, a planning objection, an interview letter): 'his stepdad
"Gaz"' left the nickname in clear; "donor D-117 (F, 52)" left the age in clear; "application 24/03318/FUL"
left "24/" in clear; "Karen Doherty, Matron," masked the post as a person. The class: a name in quotes after
what a child calls a relative (stepdad, mum, nan ...) is a person's; a sex's letter and an age in brackets
is an age; a planning application's reference (two digits, a number, the kind) is one reference; a
matron is a post."""
import pytest

from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


def test_nickname_after_a_relative(nlp):
    found = rows(nlp, 'Concern: Tyler disclosed that his stepdad "Gaz" hit him with a belt on Saturday.')
    assert ("Gaz", "PERSON") in found, found


@pytest.mark.parametrize("text,age", [("samples from donor D-117 (F, 52) processed", "52"),
                                      ("the patient (67, M) was seen", "67")])
def test_sex_and_age_in_brackets(text, age):
    assert texts(text, "rules.age") == [age]


def test_planning_reference():
    assert texts("I object to application 24/03318/FUL at 12 Orchard Way.", "rules.reference_number") \
        == ["24/03318/FUL"]


def test_matron(nlp):
    found = rows(nlp, "Your interview is with Karen Doherty, Matron, and Sam Iqbal from HR.")
    assert ("Karen Doherty", "PERSON") in found and "Matron" not in [t for t, _ in found], found


@pytest.mark.parametrize("text,value", [("a passenger on your flight IB3166 from Madrid", "IB3166"),
                                        ("my flight BA12 was late", "BA12"), ("Flight number: EZY6123", "EZY6123")])
def test_flight_numbers(text, value):
    """"your flight IB3166 from Madrid on 2 February" masked "IB" and left "3166": a flight's number after its
    cue is one reference, which with its date says where someone was."""
    assert texts(text, "rules.reference_number") == [value]


@pytest.mark.parametrize("text", ["flight 2 of the day", "the flight was at 10:45", "flight delays in 2024"])
def test_no_flight_number(text):
    assert texts(text, "rules.reference_number") == []


@pytest.mark.parametrize("text,value", [("Call 101 quoting log 1123 of 7 March.", "1123"),
                                        ("quoting log number 0456 of 12/03", "0456")])
def test_police_log_number(text, value):
    """A missing person appeal's "Call 101 quoting log 1123 of 7 March" left the log's number in clear."""
    assert texts(text, "rules.reference_number") == [value]


@pytest.mark.parametrize("text", ["see the log 2024 of errors", "log 1123 entries"])
def test_no_police_log(text):
    assert texts(text, "rules.reference_number") == []


@pytest.mark.parametrize("text,ages", [("i'm 17 and my boyfriend (19) keeps checking my phone", ["17", "19"]),
                                       ("my son (6) and daughter (9)", ["6", "9"])])
def test_age_alone_in_brackets_after_a_person_word(text, ages):
    """A teenager's "my boyfriend (19) keeps checking my phone" left his age in clear: the age alone in
    brackets after a person word is one, as it is with the sex's letter ("(31M)")."""
    assert texts(text, "rules.age") == ages


def test_a_section_number_is_no_age():
    assert texts("see section (19) of the act", "rules.age") == []
