"""Three classes `drop_generic_spans` got wrong (Presidio's synthetic set and TAB's judgments showed them):

- a specific occupation written in sentence case on its own line ("Leasing consultant" under a name in a
  CV's header) was dropped as a run of common words, though the everyday guideline marks specific
  occupations (only common roles alone, "Accountant", "Nurse", go);
- a small number that is part of an address or follows a postal key ("lives at 846 31 Rue Al Imam",
  "my zip code is 880") was dropped as a bare number;
- a state body named by its kind alone with its article ("the Government", "the Registrar", "the
  Chamber") was kept as a description, though court corpora mark it in one case of seven and it names
  no one ("the Turkish Government", "the Court of Appeal" stay).
Made-up text.
"""
from hypothesis import given, settings
from hypothesis import strategies as st

from default_pipeline import default_nlp as _nlp  # noqa: F401
from spacy_anon.lexicon.generic_mentions import STATE_BODIES
from spacy_anon.tagger.span_filters.generic_spans import drop_generic_spans

GIVEN = frozenset({"anna", "karin"})
SURNAMES = frozenset({"beike", "cook"})


def kept(text, piece, label, occurrence=0):
    doc = _nlp().make_doc(text)
    start_char = -1
    for _ in range(occurrence + 1):
        start_char = text.index(piece, start_char + 1)
    span = doc.char_span(start_char, start_char + len(piece), alignment_mode="expand")
    spans = [(span.start, span.end, label, 0.9)]
    return drop_generic_spans(doc, spans, given=GIVEN, surnames=SURNAMES) == spans


SPECIFIC = ["Leasing consultant", "Airport tower controller", "Laboratory animal technician",
            "Power distributor", "Local transit bus driver", "Dining room and cafeteria attendant",
            "Employment manager"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SPECIFIC), st.sampled_from(["\n", "\n\n"]))
def test_a_specific_occupation_on_its_own_line_under_a_name_is_kept(job, gap):
    text = f"Karin M. Beike{gap}{job}{gap}Personal Info:\nPhone: 51 516 33 75\n"
    assert kept(text, job, "DEM")


def test_a_common_role_alone_in_sentence_case_is_still_dropped():
    for role in ("Accountant", "Nurse", "Senior developer", "Line manager"):
        assert not kept(f"Karin M. Beike\n\n{role}\n\nPersonal Info:\n", role, "DEM"), role


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 999), st.integers(1, 99), st.sampled_from(["Rue Al Imam Al Bakri", "Gordon Terrace"]))
def test_a_house_number_before_the_address_span_is_kept(first, second, street):
    text = f"Caitlin Lennox lives at {first} {second} {street}, Cite Merzgui"
    doc = _nlp().make_doc(text)
    num = doc.char_span(text.index(f" {first} ") + 1, text.index(f" {first} ") + 1 + len(str(first)))
    rest = doc.char_span(text.index(f"{second} {street}"), text.index(f"{second} {street}") + len(f"{second} {street}"))
    spans = [(num.start, num.end, "LOC", 0.9), (rest.start, rest.end, "LOC", 0.9)]
    assert drop_generic_spans(doc, spans, given=GIVEN, surnames=SURNAMES) == spans


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 999), st.sampled_from(["My zip code is", "my zip code is", "Postcode:", "Apt.", "Suite",
                                            "PO Box"]))
def test_a_small_number_after_a_postal_key_is_kept(number, key):
    assert kept(f"{key} {number}\n", str(number), "LOC")


def test_a_bare_count_is_still_dropped():
    assert not kept("We had 148 tickets last week.", "148", "CONTACT")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(STATE_BODIES)), st.booleans())
def test_a_state_body_by_its_kind_alone_is_no_span(body, with_article):
    word = body.title()
    text = f"The {word} replied to the applicant. On 3 May 2001 the {word} considered it."
    for occurrence, article in enumerate(("The", "the")):
        piece = f"{article} {word}" if with_article else word
        assert not kept(text, piece, "ORG", occurrence=0 if with_article else occurrence)


def test_a_state_body_with_its_name_or_country_is_kept():
    text = "The Turkish Government replied. The Court of Appeal of Ankara dismissed it. The Norwegian Registrar wrote."
    assert kept(text, "Turkish Government", "ORG")
    assert kept(text, "Court", "ORG")  # "of Appeal" follows: part of a name
    doc = _nlp().make_doc(text)
    reg = doc.char_span(text.index("Registrar"), text.index("Registrar") + len("Registrar"))
    out = drop_generic_spans(doc, [(reg.start, reg.end, "ORG", 0.9)], given=GIVEN, surnames=SURNAMES)
    assert [doc[s:e].text for s, e, _, _ in out] == ["Norwegian Registrar"]  # grown over its country


def test_a_state_body_after_its_country_grows_over_it():
    text = "The Agent of the Swedish Government wrote. The Government objected."
    doc = _nlp().make_doc(text)
    gov = doc.char_span(text.index("Government"), text.index("Government") + len("Government"))
    out = drop_generic_spans(doc, [(gov.start, gov.end, "ORG", 0.9)], given=GIVEN, surnames=SURNAMES)
    assert [doc[s:e].text for s, e, _, _ in out] == ["Swedish Government"]


def test_a_state_body_after_its_country_s_span_is_one_span_and_does_not_spread():
    from default_pipeline import default_nlp
    doc = default_nlp()("The Swedish Government (“the Government”) were represented by their Agent. "
                        "The Government objected to the request.")
    masked = [s.text for s in doc.spans["anon_masked"]]
    assert "Swedish Government" in masked
    assert masked.count("Government") == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["Hello", "world", ".", "\n", "  ", "\n\n", ":", "a", "B", "-", "x\n", "“"]),
                max_size=30))
def test_sentence_starts_in_one_pass_equal_starts_sentence_token_by_token(parts):
    from spacy_anon.tagger.span_filters.generic_words import sentence_starts, starts_sentence
    doc = _nlp().make_doc("".join(p if p.strip() == "" else p + " " for p in parts))
    assert sentence_starts([t.text for t in doc], [t.whitespace_ for t in doc], [t.is_space for t in doc]) == \
        [starts_sentence(doc, i) for i in range(len(doc))]
