"""The phone screen (`spacy_anon.rules.phone_screen`) leaves out only regions where phonenumbers would
not find a candidate valid, so phone matches are those of parsing in every region."""
import phonenumbers
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.rules import phone_screen, phones
from spacy_anon.rules.matching import RuleOptions

REGIONS = tuple(RuleOptions.phone_regions)
PREFIXES = ["", "0", "00", "1", "11", "44", "49", "0049", "90", "9012", "011", "0011", "0015", "61", "1831", "91",
            "55", "5512", "351", "39", "33", "34", "0800", "07", "(0)", "(", "1 ", "0 "]


def _valid_in(number: str, region: str) -> bool:
    try:
        return phonenumbers.is_valid_number(phonenumbers.parse(number, region))
    except phonenumbers.NumberParseException:
        return False


candidates = st.builds(
    lambda prefix, groups, seps: (prefix + "".join(g + s for g, s in zip(groups, seps))).strip(" -./"),
    st.sampled_from(PREFIXES),
    st.lists(st.text("0123456789", min_size=1, max_size=6), min_size=1, max_size=5),
    st.lists(st.sampled_from([" ", "-", ".", "", "/", ") ", "- "]), min_size=5, max_size=5),
)


@settings(max_examples=400, deadline=None)
@given(candidates)
def test_screen_leaves_out_only_regions_where_no_valid_number(number):
    kept = phone_screen.screened_regions(number, REGIONS)
    assert [r for r in REGIONS if r in kept] == list(kept)  # the order is kept
    for region in set(REGIONS) - set(kept):
        assert not _valid_in(number, region), (number, region)


@pytest.mark.parametrize("number,region", [
    ("650-253-0000", "US"), ("(415) 555-2671", "US"), ("020 7946 0958", "GB"), ("07911 123456", "GB"),
    ("030 123456", "DE"), ("01 42 68 53 00", "FR"), ("912 345 678", "ES"), ("21 234 5678", "PT"),
    ("06 6982 1234", "IT"), ("(11) 91234-5678", "BR"), ("98765 43210", "IN"), ("(02) 9374 4000", "AU"),
    ("1 650 253 0000", "US"), ("44 20 7946 0958", "GB"), ("44 7911 123456", "GB"), ("0 30 123456", "DE"),
])
def test_screen_keeps_the_region_of_a_valid_number(number, region):
    assert _valid_in(number, region)
    assert region in phone_screen.screened_regions(number, REGIONS)


def test_screen_leaves_out_every_region_for_a_log_status_and_size():
    # an access log's "200 87705": valid nowhere, and now known without parsing it eleven times
    assert phone_screen.screened_regions("200 87705", REGIONS) == ()
    assert not phones.is_valid_phone("200 87705", REGIONS)


@pytest.mark.parametrize("number", ["+44 20 7946 0958", "２０２ 555 0100", "202 555 0100 x12"])
def test_numbers_it_does_not_read_go_to_every_region(number):
    assert phone_screen.screened_regions(number, REGIONS) == REGIONS


@pytest.mark.parametrize("number,dialled_from", [("00 49 30 123456", ("GB", "DE", "FR", "IT")),
                                                 ("011 44 20 7946 0958", ("US", "CA"))])
def test_an_international_prefix_keeps_the_regions_that_dial_it(number, dialled_from):
    # after a region's international prefix any country code may follow: the screen does not read it
    kept = phone_screen.screened_regions(number, REGIONS)
    assert set(dialled_from) <= set(kept)


texts = st.lists(st.one_of(candidates, st.sampled_from(["call", "tel:", "GET /a", "200", "ext 12", "x", ","])),
                 min_size=1, max_size=6).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(texts)
def test_phone_matches_equal_those_without_the_screen(monkeypatch_text):
    with_screen = list(phones.find_phones(monkeypatch_text, REGIONS))
    original = phones.screened_regions
    phones._valid_cached.cache_clear()
    phones.screened_regions = lambda number, regions: regions
    try:
        without = list(phones.find_phones(monkeypatch_text, REGIONS))
    finally:
        phones.screened_regions = original
        phones._valid_cached.cache_clear()
    assert with_screen == without
