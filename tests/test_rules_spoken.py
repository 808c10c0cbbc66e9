"""Identifiers read out in words (`spacy_anon.rules.spoken`, `rules.recognizers.spoken`): phone numbers,
references and IP addresses said digit by digit, UK postcodes and street addresses said aloud, dates and
times in words; and ordinary speech with number words left alone. The texts are made up."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.rules import spoken
from spacy_anon.rules.matching import find_matches
from spacy_anon.rules.recognizers import REGISTRY

SPOKEN = tuple(r for name, r in REGISTRY.items()
               if name.startswith("rules.spoken_") or name.endswith("_spoken") or name == "rules.spelled_name")
ALL = tuple(REGISTRY.values())
WORD_OF = {"0": ("oh", "zero"), "1": ("one",), "2": ("two",), "3": ("three",), "4": ("four",), "5": ("five",),
           "6": ("six",), "7": ("seven",), "8": ("eight",), "9": ("nine",)}


def found(text, recognizers=SPOKEN):
    return [(text[m.start:m.end], m.label) for m in find_matches(text, recognizers)]


def say(digits, draw_choice, groups):
    """The digits said one by one ("oh" or "zero" for 0, "double" for a pair), split into groups."""
    words, i = [], 0
    while i < len(digits):
        d = digits[i]
        if i + 1 < len(digits) and digits[i + 1] == d and draw_choice("double"):
            words.append("double " + draw_choice(WORD_OF[d]))
            i += 2
        else:
            words.append(draw_choice(WORD_OF[d]))
            i += 1
    out, size = [], max(1, len(words) // groups)
    for k in range(0, len(words), size):
        out.append(" ".join(words[k:k + size]))
    return ", ".join(out)


@st.composite
def said_number(draw, first="0", length=11):
    digits = first + "".join(draw(st.sampled_from("0123456789")) for _ in range(length - len(first)))

    def choice(options):
        return draw(st.sampled_from(options)) if isinstance(options, tuple) else draw(st.booleans())
    return digits, say(digits, choice, draw(st.integers(1, 4)))


# ---------------------------------------------------------------- numbers said digit by digit
@settings(max_examples=60, deadline=None)
@given(said_number(), st.sampled_from(["could you call me back on {n}, thanks", "my mobile is {n}",
                                       "caller: it's {n}", "text {n} to confirm the slot"]))
def test_phone_numbers_read_out_are_found_whole(number, template):
    digits, words = number
    text = template.format(n=words)
    assert (words, "CONTACT") in found(text)
    assert spoken.read_digits(words.replace(",", "").split())[0] == digits


@pytest.mark.parametrize("text,value,label", [
    ("the last four digits of the card are eight eight one six", "eight eight one six", "ID"),
    ("her nhs number is four eight five, seven seven seven, one two three four.",
     "four eight five, seven seven seven, one two three four", "ID"),
    ("your case reference is f r nine two seven seven four", "f r nine two seven seven four", "ID"),
    ("it's k t six six zero one four five, the account", "k t six six zero one four five", "ID"),
    ("ask for tomasz on extension four three one two", "four three one two", "CONTACT"),
    ("or the main number is five five oh, one two nine", "five five oh, one two nine", "CONTACT"),
    ("it was one nine eight dot five one dot one hundred dot seven", "one nine eight dot five one dot one hundred dot seven",
     "CONTACT"),
])
def test_references_extensions_and_ip_addresses_read_out(text, value, label):
    assert (value, label) in found(text)


@pytest.mark.parametrize("text,value,label", [
    ("CALLER: OH SEVEN SEVEN DOUBLE OH, NINE OH OH, FOUR TWO SIX", "OH SEVEN SEVEN DOUBLE OH, NINE OH OH, FOUR TWO SIX",
     "CONTACT"),
    ("Caller: Twenty Three Rowan Close, Ely", "Twenty Three Rowan Close, Ely", "LOC"),
    ("He was born on the Ninth of November nineteen thirty eight.", "Ninth of November nineteen thirty eight",
     "DATETIME"),
])
def test_any_case(text, value, label):
    assert (value, label) in found(text)


def test_ip_address_read_out_has_the_ip_type():
    text = "the router shows ten dot oh dot two five five dot one today"
    assert [(text[m.start:m.end], m.source) for m in find_matches(text, SPOKEN)] == [
        ("ten dot oh dot two five five dot one", "rules.spoken_ip")]


# ---------------------------------------------------------------- postcodes and addresses read out
_AREA = st.sampled_from(["n", "s w", "c b", "e", "l s", "b s", "n r", "m", "g"])
_DISTRICT = st.sampled_from(["one", "two", "seven", "nine", "ten", "twelve", "seventeen", "twenty two", "one four"])
_IN_LETTERS = st.sampled_from(["q p", "d t", "n g", "a b", "double t", "h w", "u z"])


@settings(max_examples=60, deadline=None)
@given(_AREA, _DISTRICT, st.sampled_from(["one", "four", "eight", "oh", "zero"]), _IN_LETTERS,
       st.sampled_from([", ", " "]))
def test_uk_postcodes_read_out(area, district, digit, letters, sep):
    code = f"{area} {district}{sep}{digit} {letters}"
    text = f"caller: yeah the postcode is {code}"
    assert any(value.endswith(code) and label == "LOC" for value, label in found(text))


_HOUSE = st.sampled_from(["eight", "nineteen", "forty two", "twenty three", "one hundred and six", "eleven"])
_STREET = st.sampled_from(["camden street", "ferry lane", "rowan close", "harbour view", "birch avenue",
                           "st albans road", "mill hill gardens"])


@settings(max_examples=60, deadline=None)
@given(_HOUSE, _STREET, st.sampled_from(["", ", ely", ", tottenham, n seventeen nine n g", ", norwich"]),
       st.sampled_from(["caller: {a}", "the new card goes to {a} next week", "we moved to {a}."]))
def test_street_addresses_read_out_are_one_span(house, street, rest, template):
    address = f"{house} {street}{rest}"
    text = template.format(a=address)
    assert (address, "LOC") in found(text)


def test_flat_before_the_house_number_belongs_to_the_address():
    assert found("caller: flat nine, sixty one orchard road") == [("flat nine, sixty one orchard road", "LOC")]


# ---------------------------------------------------------------- dates and times read out
@pytest.mark.parametrize("text,value", [
    ("my date of birth is the third of march nineteen ninety one", "third of march nineteen ninety one"),
    ("born on the twelfth of october eighty four", "twelfth of october eighty four"),
    ("the engineer comes saturday the ninth, morning slot", "saturday the ninth"),
    ("the appointment is tues 14th at 10.20, can you drive", "tues 14th at 10.20"),
    ("we move out on friday, so the twenty first", "twenty first"),
    ("kick-off is on the twenty fourth at the club", "twenty fourth"),
    ("rent is due 1st, as always", "1st"),
    ("they signed on thursday.", "thursday"),
    ("im home wed, come round", "wed"),
    ("she moved back to york in january", "january"),
    ("the payment was made at two fourteen this morning", "two fourteen"),
    ("i delivered twins at four in the morning", "four in the morning"),
])
def test_dates_and_times_said_in_words(text, value):
    assert (value, "DATETIME") in found(text)


# ---------------------------------------------------------------- names spelled out
@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=12), st.sampled_from([" ", "-"]))
def test_a_name_spelled_out_is_found_where_the_name_is_written(name, sep):
    spelled = sep.join(name)
    text = f"caller: it's {name} okafor\nagent: could you spell that\ncaller: {spelled}, yes"
    assert (spelled, "PERSON") in found(text)


def test_letters_that_spell_no_word_of_the_text_stay():
    assert found("grade a b c d for the u s a team") == []


# ---------------------------------------------------------------- ordinary speech stays
@pytest.mark.parametrize("text", [
    "can you take one or two of them home",
    "a couple of boxes, maybe three or four",
    "it will arrive in three to five working days",
    "twelve and a half hours, three a week",
    "he is seventy four and still drives",
    "she was born in nineteen seventy",
    "we've called one one one as well",
    "one, two, three, four, everybody clap",
    "it's about a two hour drive from here",
    "it's a five minute walk to the station",
    "there is one more way to do it",
    "her office is on the second floor",
    "the third time she asked, we said yes",
    "every monday we have a stand-up",
    "mondays are always busy",
    "yep, mon wed fri 6am crew, come join",
    "this may be the last one",
    "a seven four seven flew over",
    "twenty four seven support, nine to five office hours",
    "it cost four hundred and ninety nine pounds",
    "i was first in the queue, she was second",
])
def test_ordinary_speech_with_number_words_is_left_alone(text):
    assert found(text) == []


def test_counting_aloud_is_no_number_but_a_cued_reference_is():
    assert found("one two three four, go!") == []
    assert found("my pin code is one two three four") == [("one two three four", "ID")]


@pytest.mark.parametrize("words,expected", [
    (["oh", "seven", "seven", "double", "oh", "nine", "hundred"], ("07700900", 6)),
    (["forty", "two"], ("42", 0)),
    (["nineteen", "seventy"], ("1970", 0)),
    (["triple", "five", "one"], ("5551", 4)),
    (["dot"], None),
])
def test_read_digits(words, expected):
    assert spoken.read_digits(words) == expected


def test_default_pipeline_masks_a_number_read_out_in_a_transcript():
    import spacy_anon

    nlp = spacy_anon.load()
    text = ("agent: can i take a contact number\ncaller: yeah it's oh seven seven double oh, nine oh oh, four two six\n"
            "agent: and the postcode\ncaller: l s six, two h w\nagent: thank you")
    doc = nlp(text)
    for said in ("seven seven double oh", "nine oh oh, four two six", "l s six, two h w"):
        assert said not in doc._.anon_text


# ---------------------------------------------------------------- the one-pass skip of dates said aloud
_DATE_WORDS = st.sampled_from(
    list(spoken.WEEKDAYS + spoken.WEEKDAY_SHORT + spoken.MONTHS) + ["mon", "sat", "sun", "sept", "Thurs.", "MAY",
    "the", "of", "on", "by", "due", "so", "next", "last", "in", "early", "every", "at", "10", "3rd", "21st", "4th",
    "ninth", "twenty first", "thirtieth", "fourteenth", "twelfth", "nineteen eighty five", "'85", "pm",
    "\u0130", "\u017f", "\u212a", "Tuesday", "OCTOBER", "Twenty-Second"])
_DAY_OR_MONTH = st.sampled_from(list(spoken.WEEKDAYS + spoken.WEEKDAY_SHORT + spoken.MONTHS) + ["Sept", "THU"])
_ORDINAL = st.sampled_from(["3rd", "21st", "ninth", "twenty first", "thirtieth", "fourteenth", "Twelfth", "2nd"])
_PHRASE = st.one_of(
    _DATE_WORDS,
    st.tuples(st.sampled_from(["on", "by", "in", "since", "early", "next", "home", "due", "so"]),
              st.sampled_from([" ", " next ", " the ", "-"]), st.one_of(_DAY_OR_MONTH, _ORDINAL)).map("".join),
    st.tuples(_ORDINAL, st.sampled_from([" of ", " of  "]), _DAY_OR_MONTH).map("".join),
    st.tuples(_DAY_OR_MONTH, st.sampled_from([" the ", " "]), _ORDINAL).map("".join))
_DATE_TEXT = st.lists(st.tuples(_PHRASE, st.sampled_from([" ", "  ", ", ", ". ", "\n", "-", "/"])),
                      max_size=8).map(lambda parts: "".join(w + sep for w, sep in parts))


def _finders():
    from spacy_anon.rules.recognizers.spoken import _compiled, _pattern_finder

    plain = _pattern_finder(_compiled(spoken.NAMED_DAYS), notes_too=_compiled(spoken.SPOKEN_DATES))
    return REGISTRY["rules.date_spoken"].finder, plain


_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
             "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
             "nineteenth", "twentieth", "twenty-first", "twenty second", "thirtieth", "thirty first", "1st", "02nd",
             "3rd", "13th", "22nd", "31st"]


@pytest.mark.parametrize("word", spoken.WEEKDAYS + spoken.WEEKDAY_SHORT + spoken.MONTHS + ("mon", "sat", "sun"))
def test_every_day_and_month_word_passes_the_skip(word):
    fast, plain = _finders()
    for template in ("{w}", "on {w}", "by next {w}", "in {w}", "since {W}", "the {o} of {w}", "{w} the {o}",
                     "{W} {o}.", "due the {o}.", "early-{w}"):
        for o in _ORDINALS:
            text = template.format(w=word, W=word.upper(), o=o)
            assert list(fast(text, None)) == list(plain(text, None)), text


@settings(max_examples=300, deadline=None)
@given(_DATE_TEXT)
def test_dates_said_aloud_skip_only_texts_without_a_match(text):
    """A text in which the words every match holds (`NAMED_DAYS_NEEDS`, `SPOKEN_DATES_NEEDS`) are missing
    skips the patterns: the finder gives what the patterns alone give, in any case, with characters that
    lower-case to two (the case-blind scan) or fold to a letter ("\u017f", the Kelvin sign)."""
    fast, plain = _finders()
    assert list(fast(text, None)) == list(plain(text, None))
