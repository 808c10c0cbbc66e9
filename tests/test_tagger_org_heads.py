"""`spacy_anon.extend_org_heads.v1`: a name grows over the organisation head right after it ("St Brennan's"
+ "Hospital", "Nordlys Software" + "AS"), and over nothing else."""
import pytest
from hypothesis import given, settings, strategies as st

from spacy_anon.lexicon.category_words import ORG_HEADS
from spacy_anon.tagger.span_filters.org_heads import head_end
from tests.default_pipeline import default_nlp

NAME_WORDS = st.sampled_from(["park", "valley", "green", "riverside", "north", "st", "women's", "brennan's", "lea"])
OTHER_WORDS = st.sampled_from(["today", "said", "monday", "again", "street", "road", "depot", "runs"])


@settings(max_examples=80, deadline=None)
@given(st.lists(NAME_WORDS, max_size=3), st.sampled_from(sorted(ORG_HEADS - {"as"})), st.lists(OTHER_WORDS, max_size=2))
def test_a_name_grows_to_the_last_head_after_it_and_no_further(before, head, after):
    words = before + [head] + after
    assert head_end(words, [False] * len(words)) == len(before) + 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(NAME_WORDS, OTHER_WORDS), max_size=4))
def test_words_without_a_head_add_nothing(words):
    assert head_end(words, [False] * len(words)) == 0


def test_paired_heads_and_legal_forms():
    assert head_end(["nursing", "home"], [True, True]) == 2
    assert head_end(["home"], [True]) == 0  # "Home" alone ends place names ("Leeds Home")
    assert head_end(["home", "health"], [True, True]) == 2
    assert head_end(["as"], [True]) == 1  # "Nordlys Software AS"
    assert head_end(["as"], [False]) == 0  # "as" the word


def anonymized(text):
    return default_nlp()(text)._.anon_text


@pytest.mark.parametrize("text,name,head", [
    ("Before that I was a developer at Nordlys Software AS in Oslo for four years.\n", "Nordlys", "AS"),
    ("Sunny has a minor operation at Castlebrook Children's Hospital on Tuesday.\n", "Castlebrook", "Hospital"),
])
def test_the_shipped_pipeline_masks_the_head_with_the_name(text, name, head):
    out = anonymized(text)
    assert name not in out and f" {head} " not in out


class _Tagger:
    @staticmethod
    def output_label(label):
        return label


def grown(text, name, label="ORG"):
    """The text of the span over `name` after the filter, on a blank English tokenizer."""
    import spacy

    from spacy_anon.tagger.span_filters.org_heads import ExtendOrgHeads

    doc = spacy.blank("en")(text)
    span = doc.char_span(text.index(name), text.index(name) + len(name))
    out = ExtendOrgHeads()(doc, ([], [], []), [(span.start, span.end, label, 0.9)], _Tagger())
    return [doc[s:e].text for s, e, _, _ in out]


@pytest.mark.parametrize("text,name,expected", [
    ("He is at St Brennan's Hospital now.", "St Brennan's", "St Brennan's Hospital"),
    ("Write to MERSEY BUILDING SOCIETY TODAY.\n", "MERSEY", "MERSEY BUILDING SOCIETY"),
    ("Referee: Anna Bell, Leeds\nCouncil tax is due.", "Leeds", "Leeds"),  # not over the line's end
    ("We met in Leeds. Council tax is due.", "Leeds", "Leeds"),  # not over a full stop
    ("We met in Leeds council offices.", "Leeds", "Leeds"),  # a head in lower case is a word
    ("She works for Anna Bell Solicitors in York.", "Anna Bell", "Anna Bell Solicitors"),
    ("The court in Leeds Crown heard it.", "Leeds", "Leeds"),  # no head
    ("We met in Warsaw at the Grand Hotel.", "Warsaw at the", "Warsaw at the"),  # two names apart
])
def test_a_span_grows_only_over_name_words_up_to_a_head(text, name, expected):
    assert grown(text, name) == [expected]


def test_a_span_the_grown_one_covers_goes():
    import spacy

    from spacy_anon.tagger.span_filters.org_heads import ExtendOrgHeads

    doc = spacy.blank("en")("FROM LEA VALLEY GENERAL HOSPITAL AND HOME")
    out = ExtendOrgHeads()(doc, ([], [], []), [(1, 3, "ORG", 0.9), (4, 5, "LOC", 0.4)], _Tagger())
    assert [doc[s:e].text for s, e, _, _ in out] == ["LEA VALLEY GENERAL HOSPITAL"]


def test_clinical_notes_are_left_to_the_note_filters():
    text = "PT ADMITTED FROM CALVERT HOSPITAL WITH CP, BP 90/60, HR 110, NTG SL, ASA, HEPARIN GTT, SEE FLOWSHEET.\n"
    assert grown(text, "CALVERT") == ["CALVERT"]
