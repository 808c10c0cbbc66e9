"""Structured identifiers written with any whitespace between their groups ("4111 1111 \\n1111 1111",
tabs, several spaces, a wrapped line) or one character at a time ("G B 8 2 W E S T ...") are found by the
rule recognizers themselves (the compact view, `text_views.group_separators_unified` and
`spaced_characters_joined`), checksums and context as for the usual form; ordinary text is left alone.
The structured fast path finds the same (it is the same rule engine; its output equals the pipeline's)."""
import random

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon.mask.component  # noqa: F401  (registers anon_mask)
from spacy_anon.fast_path import anonymize_structured, structured_blank, structured_pipeline, structured_recognizers
from spacy_anon.rules.matching import find_matches
from spacy_anon.rules.validators import iban_valid, luhn_check_digit
from spacy_anon.text_views import compact_view

# the whitespace a writer, a form or a line wrap puts between groups
SEPARATORS = [" ", "\n", " \n", "\n ", " \n ", "\r\n", " \r\n", "\t", " \t", "\t\n", "  ", "   ", "    "]
ID_LABELS = ("ID", "CONTACT")


def _card(rng: random.Random) -> str:
    body = rng.choice("4") + "".join(str(rng.randint(0, 9)) for _ in range(14))
    return body + luhn_check_digit(body)


def _iban(rng: random.Random, country: str = "GB") -> str:
    if country == "GB":
        bban = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + \
            "".join(str(rng.randint(0, 9)) for _ in range(14))
    else:  # DE: 18 digits
        bban = "".join(str(rng.randint(0, 9)) for _ in range(18))
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{bban}"


def _grouped(value: str, size: int, seps) -> str:
    groups = [value[i:i + size] for i in range(0, len(value), size)]
    return groups[0] + "".join(sep + group for sep, group in zip(seps, groups[1:]))


def _covered(text: str, hidden: str, matches, label: str = "ID") -> bool:
    start = text.index(hidden)
    return any(m.start <= start and start + len(hidden) <= m.end and m.label == label for m in matches)


@pytest.fixture(scope="module")
def reference():
    nlp = structured_blank("en")
    nlp.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
    nlp.add_pipe("anon_mask")
    return nlp


@pytest.fixture(scope="module")
def fast():
    return structured_pipeline()


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


# ------------------------------------------------------------------ cards and IBANs, any whitespace
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), seps=st.lists(st.sampled_from(SEPARATORS), min_size=3, max_size=3))
def test_card_with_any_whitespace_between_groups_is_found(seed, seps):
    hidden = _grouped(_card(random.Random(seed)), 4, seps)
    text = f"The fee was paid by credit card {hidden}.\nThank you."
    assert _covered(text, hidden, find_matches(text)), repr(hidden)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), country=st.sampled_from(["GB", "DE"]),
       seps=st.lists(st.sampled_from(SEPARATORS), min_size=5, max_size=5))
def test_iban_with_any_whitespace_between_groups_is_found(seed, country, seps):
    iban = _iban(random.Random(seed), country)
    assert iban_valid(iban)
    hidden = _grouped(iban, 4, seps)
    text = f"The amount was transferred to IBAN {hidden}.\nRegards."
    assert _covered(text, hidden, find_matches(text)), repr(hidden)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10 ** 6), kind=st.sampled_from(["card", "iban"]), wrap=st.sampled_from(["", " \n", "\n"]))
def test_one_character_at_a_time_is_found(seed, kind, wrap):
    rng = random.Random(seed)
    value = _card(rng) if kind == "card" else _iban(rng)
    hidden = " ".join(value)
    if wrap:  # the spaced form wrapped once more
        cut = 2 * rng.randint(3, len(value) - 3) - 1
        hidden = hidden[:cut] + wrap + hidden[cut + 1:]
    text = f"Paid by credit card, IBAN {hidden} on file."
    assert _covered(text, hidden, find_matches(text)), repr(hidden)


# ------------------------------------------------------------------ the other grouped identifiers
@pytest.mark.parametrize("sep", [s for s in SEPARATORS if s != " "])
@pytest.mark.parametrize("template, value, label", [
    ("Her social security number is {}.", "536 22 1784", "ID"),
    ("Please call {} for the records.", "415 555 2671", "CONTACT"),
    ("NHS number {} on the letter.", "943 476 5919", "ID"),
    ("National insurance number {} as stated.", "AB 12 34 56 C", "ID"),
    ("Wire it to account GB82 WEST {} please.", "1234 5698 7654 32", "ID"),
    ("Account number {} on file.", "1234 5678 9012", "ID"),
])
def test_grouped_identifiers_with_other_whitespace_are_found(sep, template, value, label):
    head, rest = value.split(" ", 1)
    hidden = head + sep + rest.replace(" ", sep, 1)  # the first two separators replaced
    text = template.format(hidden)
    assert _covered(text, hidden if "GB82" not in text else text[text.index("GB82"):text.index(" please")],
                    find_matches(text), label), repr(hidden)


@pytest.mark.parametrize("text, code", [
    ("Account number 1234 5678 9012 on file.", "1234 5678 9012"),  # each group, not the first alone
    ("membership number 4455 667 890 expired", "4455 667 890"),
    ("Account number 1234 5678abc", "1234"),
    ("Hospital 1 200 beds", None),  # a count, not a code
])
def test_labelled_codes_in_groups(text, code):
    found = [text[m.start:m.end] for m in find_matches(text) if m.source == "rules.account_number"]
    assert found == ([code] if code else [])


def test_wrong_checksums_stay_unfound_in_any_spacing():
    rng = random.Random(5)
    card = _card(rng)
    bad_card = card[:-1] + str((int(card[-1]) + 1) % 10)
    iban = _iban(rng)
    bad_iban = iban[:2] + f"{(int(iban[2:4]) + 1) % 97 + 2:02d}" + iban[4:]
    for hidden in (_grouped(bad_card, 4, ["\t", " \n", "  "]), " ".join(bad_iban), _grouped(bad_iban, 4, ["\n "] * 5)):
        text = f"Reference {hidden} as filed."
        assert not [m for m in find_matches(text) if m.source in ("rules.credit_card", "rules.iban")], repr(hidden)


# ------------------------------------------------------------------ ordinary text stays as it is
@pytest.mark.parametrize("text", [
    "I A M here, said the poster in capitals: N O W.",
    "Transcript: a b c d e f g h i j k, then x y z.",
    "Vitals: 120 80 72 98\nHR 72\tRR 18\tSpO2 98\tT 37",
    "BP 120/80 \nHR 72 \nRR 18 \nSat 98 \nTemp 37",
    "Scores\t12\t14\t9\t11\t13\t8\t10\n\t3\t4\t2\t5\t1\t6\t7",
    "A 1 B 2 C 3 D 4 are the rows of the chart.",
    "Table\n 12   3   45\n 7    88  9\n 10   11  12",
])
def test_ordinary_text_gives_no_identifier(text):
    assert not [m for m in find_matches(text) if m.label in ID_LABELS], text


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 300), st.sampled_from(SEPARATORS)), min_size=3, max_size=16))
def test_columns_of_small_numbers_give_no_identifier_over_their_whitespace(cells):
    # a row with single spaces may read as a phone number as it always did; whitespace other than one
    # space between the numbers (a table's) makes none without a checksum or a context word
    text = "Results:\n" + "".join(f"{n}{sep}" for n, sep in cells) + "end"
    found = [text[m.start:m.end] for m in find_matches(text) if m.label in ID_LABELS]
    assert not [f for f in found if "  " in f or any(c.isspace() and c != " " for c in f)], text


@pytest.mark.parametrize("text, found", [
    ("Results\n415\t555\t2671\t12", []),  # a table row: no phone word, no checksum
    ("Please call 415\t555\t2671 today", ["415\t555\t2671"]),
    ("Results\n536 22 \n1784 \n7", []),
    ("Her SSN is 536 22 \n1784 on file", ["536 22 \n1784"]),
    ("Results\n4111 1111 \n1111 1111", ["4111 1111 \n1111 1111"]),  # the checksum vouches for it
])
def test_a_unified_separator_needs_a_checksum_or_a_context_word(text, found):
    assert [text[m.start:m.end] for m in find_matches(text) if m.label in ID_LABELS] == found


@pytest.mark.parametrize("text", ["A B C D E F G H I J", "U S A 1 2 3", "G B 8 2 W E S T"])
def test_spaced_capitals_without_enough_digits_are_not_joined(text):
    assert compact_view(text).text == text


def test_the_view_maps_a_wrapped_card_back_over_its_whole_hidden_form():
    text = "card 4111 1111 \n1111 1111 ok"
    view = compact_view(text)
    assert view.text == "card 4111 1111 1111 1111 ok"
    start = view.text.index("4111")
    assert view.to_original(start, start + 19) == (5, 25)


# ------------------------------------------------------------------ the structured fast path
HIDDEN_LINES = [
    "The fee was paid by credit card 4660 4876 4759 \n3823.",
    "Wire to IBAN G B 8 2 W E S T 1 2 3 4 5 6 9 8 7 6 5 4 3 2 today.",
    "Wire to IBAN GB82 WEST 1234\t5698 7654  32 today.",
    "Her SSN is 536 22 \n1784, phone 415  555  2671.",
    "Vitals 120 80 72 98\nHR 72\tRR 18, nothing else.",
]


def test_fast_path_finds_the_same_forms_as_the_pipeline(reference, fast):
    got = list(anonymize_structured(HIDDEN_LINES, fast, batch_size=2))
    assert got == [(doc._.anon_text, doc._.anon_table) for doc in (reference(t) for t in HIDDEN_LINES)]
    assert "4876" not in got[0][0] and "3823" not in got[0][0]
    assert "W E S T" not in got[1][0] and "5698" not in got[2][0]
    assert "1784" not in got[3][0] and "2671" not in got[3][0]
    assert got[4] == (HIDDEN_LINES[4], [])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10 ** 6), seps=st.lists(st.sampled_from(SEPARATORS), min_size=5, max_size=5))
def test_fast_path_masks_every_spacing(reference, fast, seed, seps):
    rng = random.Random(seed)
    lines = [f"card {_grouped(_card(rng), 4, seps[:3])} paid", f"IBAN {_grouped(_iban(rng), 4, seps)} ok"]
    got = list(anonymize_structured(lines, fast))
    assert got == [(doc._.anon_text, doc._.anon_table) for doc in (reference(t) for t in lines)]
    for (out, _), line in zip(got, lines):
        assert out.endswith(("paid", "ok")) and _digits(line.split(" ", 1)[1][:-3])[-6:] not in _digits(out)


# ------------------------------------------------------------------ the pipeline paths
NOTE = ("Nursing progress note 0700-1900.\nPt resting, BP 120/80, HR 72, RR 18, SpO2 98 on RA.\n"
        "Daughter paid the parking by credit card 4660 4876 4759 \n3823 at the desk.\n"
        "Refund to IBAN G B 8 2 W E S T 1 2 3 4 5 6 9 8 7 6 5 4 3 2 per social work.\nPlan: continue to monitor.\n")


def test_a_blank_pipeline_with_anon_rules_finds_both_forms():
    from spacy_anon.doc_keys import SPAN_KEY

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    doc = nlp(NOTE)
    found = {s._.anon_type: s.text for s in doc.spans[SPAN_KEY] if s.label_ == "ID"}
    assert found.get("CARD") == "4660 4876 4759 \n3823"
    assert found.get("IBAN") == "G B 8 2 W E S T 1 2 3 4 5 6 9 8 7 6 5 4 3 2"


def test_the_default_pipeline_masks_both_forms_in_a_clinical_note():
    import spacy_anon

    doc = spacy_anon.load()(NOTE)
    assert doc._.anon_status == "ok"
    out = doc._.anon_text
    for part in ("4876", "3823", "W E S T", "9 8 7 6"):
        assert part not in out, part
    assert "BP 120/80, HR 72, RR 18, SpO2 98" in out  # the vitals stay


def test_the_compact_prefilter_is_implied_by_the_group_rules():
    from spacy_anon import text_views

    rng = random.Random(17)
    atoms = ["A", "B", "1", "12", "1234", " ", "  ", "\t", "\n", " \n", "x", "-", "."]
    for _ in range(4000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 16)))
        view = text_views.identity_view(text)
        changed = text_views.spaced_characters_joined(text_views.group_separators_unified(view)).text != text
        if changed:
            assert text_views._COMPACT_PREFILTER.search(text), repr(text)
