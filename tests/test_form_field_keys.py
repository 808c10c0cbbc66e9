"""Bug (issue 28, field keys masked): a form's field key at the start of its line was masked as a name:
"CHILD'S SURNAME: NWOSU" gave "CHILD'S SURNAME" as a PERSON, "CHILD'S FIRST NAME(S): CHIDERA GRACE" gave
"CHILD'S FIRST". The value after the colon is the name; the key names the field. The class: one to three
words and a field noun (name, surname, forename, date of birth, address, phone, e-mail, occupation,
signature) before the colon that opens a line, in any casing, whoever's field it is ("Mother's maiden
name:", "Emergency contact phone:"); a speaker's name before a colon keeps its mask ("Rose Achterberg:")."""
import pytest

from spacy_anon.mask.name_context import line_field_key
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


FORM = ("ADMISSION FORM - ST MARY'S PRIMARY SCHOOL\n\nCHILD'S SURNAME: NWOSU\n"
        "CHILD'S FIRST NAME(S): CHIDERA GRACE\nDATE OF BIRTH: 14/02/2017\n")


def test_a_field_key_is_not_masked_and_its_value_is(nlp):
    found = rows(nlp, FORM)
    texts = [t for t, _ in found]
    assert not any("CHILD" in t or "SURNAME" in t or "FIRST" in t for t in texts), found
    assert "NWOSU" in texts and "CHIDERA GRACE" in texts and "14/02/2017" in texts


@pytest.mark.parametrize("line,key_end", [
    ("CHILD'S SURNAME: NWOSU", 15), ("Child's first name(s): Chidera", 13), ("Mother's maiden name: Okafor", 15),
    ("Emergency contact phone: 07700 900123", 17), ("Patient's date of birth: 1/2/1960", 14),
    ("  Parent's e-mail: a@b.com", 8), ("Attendees: Tom Baker, Anna Novak", 9), ("Apologies: Liz", 9),
])
def test_keys_at_a_line_start_are_keys(line, key_end):
    assert line_field_key(line, 0 if not line.startswith(" ") else 2, key_end)


@pytest.mark.parametrize("line,start,end", [
    ("Rose Achterberg: see you at 8", 0, 15),  # a speaker
    ("Name: Will Cook", 6, 15),  # the value, not the key
    ("He gave his name: Tom", 0, 11),  # a sentence, four words before the noun
    ("Notes\nSurname Smith: checked", 6, 19),  # the noun opens, a name follows it
])
def test_names_and_values_are_no_keys(line, start, end):
    assert not line_field_key(line, start, end)


def test_a_list_of_attendees_masks_the_names_not_the_key(nlp):
    found = [t for t, _ in rows(nlp, "Attendees: Tom Baker, Anna Novak, Raj Patel (minutes), apologies from Liz.")]
    assert "Attendees" not in found and {"Tom Baker", "Anna Novak", "Raj Patel"} <= set(found)
