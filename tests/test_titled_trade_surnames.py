"""A person whose surname is a trade ("Cook", "Baker", "Porter") is no job title when a title or a care
role opens the name: "Dr Anna Cook" and "Dr Cook" were dropped whole as job titles and left in clear."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from default_pipeline import default_nlp

TRADE_SURNAMES = ["Cook", "Baker", "Porter", "Turner", "Mason", "Butler", "Carpenter", "Fisher", "Taylor"]
TITLES = ["Dr", "Dr.", "Mr", "Mrs", "Ms", "Prof", "Nurse"]


@pytest.mark.parametrize("text,name", [
    ("Seen by Dr Anna Cook today.", "Cook"),
    ("Seen by Dr Cook today.", "Cook"),
    ("Hospital number: 4471823. Seen by Dr Rose Cook, Consultant Physician.", "Cook"),
    ("Please ask Mrs Baker to call the ward.", "Baker"),
    ("Nurse Porter changed the dressing.", "Porter"),
    ("Seen by Nurse Will Cook today.", "Cook"),
    ("Seen by Nurse May Baker today.", "Baker"),
    ("Letter copied to Nurse Cook, Consultant Physician.", "Cook"),
    ("Ask Sister Porter to call the ward.", "Porter"),
])
def test_a_titled_trade_surname_is_masked(text, name):
    assert name not in default_nlp()(text)._.anon_text


@settings(max_examples=25, deadline=None)
@given(title=st.sampled_from(TITLES), given_name=st.sampled_from(["", "Anna ", "Rose ", "Will ", "Tom "]),
       surname=st.sampled_from(TRADE_SURNAMES),
       template=st.sampled_from(["Seen by {} today.", "Letter copied to {}, Consultant Physician.",
                                 "Discussed with {} on the ward round."]))
def test_any_titled_trade_surname_is_masked(title, given_name, surname, template):
    text = template.format(f"{title} {given_name}{surname}")
    assert surname not in default_nlp()(text)._.anon_text, text


def test_a_care_role_before_a_listed_surname_is_a_rule_match_and_a_job_is_not():
    from spacy_anon.rules.matching import find_matches
    text = "Ask Sister Porter. The Nurse Manager came. Nurse Practitioner came. Matron Will Mason agreed."
    found = [text[m.start:m.end] for m in find_matches(text) if m.source == "rules.care_role_name"]
    assert found == ["Porter", "Will Mason"]


@pytest.mark.parametrize("text,title", [
    ("She works as a Senior Software Engineer.", "Software Engineer"),
    ("The Head Chef approved the menu.", "Head Chef"),
])
def test_job_titles_stay_in_clear(text, title):
    assert title in default_nlp()(text)._.anon_text
