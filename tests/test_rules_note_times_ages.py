"""A note's date with its 24-hour time ("9/2 2315") is one DATETIME; ages as notes and letters write them
("54 YO F", "your age (47)", "05/06/1949 (76 years)") are AGE."""
import pytest
from hypothesis import given, settings, strategies as st

from spacy_anon.rules import find_matches


def found(text, label):
    return [text[m.start:m.end] for m in find_matches(text) if m.label == label]


@pytest.mark.parametrize("text,expected", [
    ("MERCY VALLEY - 5 WEST\n9/2 2315 RN NOTE\n", "9/2 2315"),
    ("PROGRESS NOTE\n11/03/2025 0600\n\nNAME: ADEBAYO", "11/03/2025 0600"),
    ("L&D TRIAGE NOTE  12/24/2025 0315\n", "12/24/2025 0315"),
    ("8/18 1420 SW NOTE\n", "8/18 1420"),
])
def test_a_date_and_its_clock_time_are_one_span(text, expected):
    assert expected in found(text, "DATETIME")


@pytest.mark.parametrize("text,not_expected", [
    ("NURSING NOTE 8/18 0700-1900\n", "8/18 0700"),  # a shift's range: the date alone
    ("GIVEN 10/3 1200 ML NS\n", "10/3 1200"),  # a volume
    ("BP 120/80 1200\n", "120/80 1200"),
    ("11/03/2025 2460\n", "11/03/2025 2460"),  # no clock time
])
def test_a_number_after_a_date_that_is_no_clock_time_stays_out(text, not_expected):
    assert not_expected not in found(text, "DATETIME")


@settings(max_examples=80, deadline=None)
@given(month=st.integers(1, 12), day=st.integers(1, 28), hour=st.integers(0, 23), minute=st.integers(0, 59),
       year=st.one_of(st.none(), st.integers(1990, 2030)))
def test_any_date_with_a_24_hour_time_is_one_datetime(month, day, hour, minute, year):
    date = f"{month}/{day}" + (f"/{year}" if year else "")
    stamp = f"{date} {hour:02d}{minute:02d}"
    assert stamp in found(f"RN NOTE {stamp}\nPT RESTING.", "DATETIME")


@settings(max_examples=60, deadline=None)
@given(month=st.integers(1, 12), day=st.integers(1, 28), hour=st.integers(24, 99), minute=st.integers(0, 99))
def test_a_four_digit_number_that_is_no_time_is_left_out(month, day, hour, minute):
    stamp = f"{month}/{day} {hour:02d}{minute:02d}"
    assert stamp not in found(f"NOTE {stamp}\n", "DATETIME")


@pytest.mark.parametrize("text,expected", [
    ("54 YO F, YORUBA SPEAKING", "54"),
    ("78 Y/O M FROM HOME", "78"),
    ("Date of birth: 05/06/1949 (76 years)", "76"),
    ("Born 5 June 1949 (76), lives alone", "76"),
    ("Based on your service and your age (47), your payment is", "47"),
    ("NAME: MACDONALD  AGE: 81", "81"),
    ("PT AGED 92, LIVES ALONE", "92"),
])
def test_ages_as_notes_and_letters_write_them(text, expected):
    assert found(text, "AGE") == [expected]


@pytest.mark.parametrize("text", [
    "She has worked here since 2019 (5 years).",
    "See page (47) of the bundle.",
    "Stage (3) disease.",
])
def test_numbers_in_brackets_that_are_no_age_stay_out(text):
    assert found(text, "AGE") == []


@settings(max_examples=40, deadline=None)
@given(st.integers(1900, 2039), st.sampled_from(["MBBS, Coromandel Medical College", "MRCPCH", "GCSEs",
                                                 "Diploma in Payroll Management", "BSc, Someș University"]))
def test_a_year_alone_in_brackets_after_a_cv_entry_is_a_date(year, entry):
    assert found(f"Qualifications\n{entry} ({year})\n", "DATETIME") == [str(year)]


@pytest.mark.parametrize("text", [
    "as Smith et al. (2019) found",
    "sheath removed at this time (1850). Pt tolerated",  # a clock time
    "see paragraph (12) above",
])
def test_a_number_in_brackets_that_dates_nothing_stays_out(text):
    assert found(text, "DATETIME") == []


@pytest.mark.parametrize("text,expected", [
    ("Contact ioana@example.com or ext. 4471 with questions.", "4471"),
    ("ask bill in support on extension 2214", "2214"),
    ("I changed my phone number recently, the old one ended 0142.", "0142"),
    ("Her mobile ending in 5521 was listed.", "5521"),
    ("Her extension is 4471 and her email is below.", "4471"),
    ("Call the ward on extension number 3302.", "3302"),
])
def test_an_extension_or_the_last_digits_of_a_phone_are_a_contact(text, expected):
    assert expected in found(text, "CONTACT")


@pytest.mark.parametrize("text", [
    "The meeting ended 1200 hrs later than planned.",
    "The story ends in 2019.",
    "Text extension cords are sold separately.",
])
def test_numbers_after_ending_words_without_a_phone_stay_out(text):
    assert found(text, "CONTACT") == []


ID_TAILS = st.text(alphabet="abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789", min_size=6, max_size=24)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["pi", "ch", "cus", "in", "sub", "txn", "pm", "re"]), ID_TAILS)
def test_a_payment_platform_id_is_an_id(prefix, tail):
    value = f"{prefix}_{tail}"
    ids = found(f"Duplicate charge confirmed (payment id {value}). Refunded.", "ID")
    has_both = any(c.isdigit() for c in tail) and any(c.isalpha() for c in tail)
    assert (value in ids) == has_both


@pytest.mark.parametrize("text", ["set the in_stock flag", "open pi_values.csv", "call re_try_loop2 again"])
def test_code_words_with_an_underscore_are_no_payment_id(text):
    assert found(text, "ID") == []
