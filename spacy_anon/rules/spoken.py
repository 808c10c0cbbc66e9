"""Numbers, postcodes, addresses and dates as people say them, in the words a transcript writes them with.

A call transcript or a voicemail holds the same identifiers as a form, read out: a phone number "oh seven
seven double oh, nine hundred, three one two", an account "s n four four zero one nine two seven", an IP
address "two oh three dot oh dot one one three dot nine", a postcode "n w one, eight q p", an address
"forty two camden street", a date "saturday the ninth". The patterns here are regex sources and the pure
functions that read the words; `spacy_anon.rules.recognizers.spoken` makes recognizers of them.

Ordinary speech has number words too ("one or two of them", "three to five working days", "twelve and a
half hours", "seventy four", "nineteen seventy"), so a run of number words is an identifier only when it
holds four digits or more read one by one (`read_digits`): counts, ages and years are said as numbers,
not digit by digit. Every regex is bounded and anchored at word starts: time is linear in the text. The
patterns are written in lower case and run on the lower-cased text (`lowered`): a case-blind regex costs
about three times as much per character.
"""
import re
from functools import lru_cache
from typing import List, Optional, Tuple

from spacy_anon.rules.dates import YEAR4, YEAR_WORDS

DIGIT_WORDS = {"zero": "0", "oh": "0", "o": "0", "nought": "0", "one": "1", "two": "2", "three": "3",
               "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9"}
TEEN_WORDS = {"ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13", "fourteen": "14", "fifteen": "15",
              "sixteen": "16", "seventeen": "17", "eighteen": "18", "nineteen": "19"}
TENS_WORDS = {"twenty": "2", "thirty": "3", "forty": "4", "fifty": "5", "sixty": "6", "seventy": "7",
              "eighty": "8", "ninety": "9"}
REPEAT_WORDS = {"double": 2, "triple": 3, "treble": 3}
ZEROS_WORDS = {"hundred": "00", "thousand": "000"}
DOT_WORDS = ("dot", "point")
MIN_DIGITS = 4  # "one one one" (an emergency number) and "seven four seven" stay words
MIN_SINGLE = 3  # digits read one by one: "nineteen seventy", "two thousand and sixteen" are no run


def _alt(words) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


ONE_TO_NINE = _alt(w for w in DIGIT_WORDS if DIGIT_WORDS[w] != "0")
DIGIT = _alt(DIGIT_WORDS)
TEEN = _alt(TEEN_WORDS)
TENS = _alt(TENS_WORDS)
_EDGE_BEFORE = r"(?<![\w'’@.\-])"
_EDGE_AFTER = r"(?![\w'’@])"
_NUMBER_WORD = rf"(?:{DIGIT}|{TEEN}|{TENS}|{_alt(REPEAT_WORDS)}|{_alt(ZEROS_WORDS)}|{_alt(DOT_WORDS)})(?![\w'’])"
# Letters read out before the digits of a reference ("s n four four ...", "f r nine two ..."); not "a", "i"
# or "u", which are words.
_LETTER = r"[b-hj-tv-z](?![\w'’])"
_SEP = r"(?:[ \t]{1,3}|[ \t]{0,2}[,\-–][ \t]{0,2})"
NUMBER_RUN = (rf"{_EDGE_BEFORE}(?:{_LETTER}[ \t]{{1,2}}){{0,3}}{_NUMBER_WORD}(?:{_SEP}{_NUMBER_WORD}){{0,40}}"
              rf"{_EDGE_AFTER}")
_TOKEN = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=4)
def lowered(text: str) -> Optional[str]:
    """`text` in lower case when that keeps every offset (None when a character lower-cases to several:
    "İ"), so the lower-case patterns can run on it."""
    low = text.lower()
    return low if len(low) == len(text) else None


def words_with_offsets(text: str, start: int, end: int) -> List[Tuple[str, int, int]]:
    """(lower-case word, start, end) of every word of text[start:end], offsets in `text`."""
    return [(m.group().lower(), m.start(), m.end()) for m in _TOKEN.finditer(text, start, end)]


def read_digits(words: List[str]) -> Optional[Tuple[str, int]]:
    """(digits, how many were read one by one) of number words as a reader says an identifier: "oh seven
    seven double oh nine hundred" is "07700900" (6 one by one); a tens word takes the digit after it
    ("forty two" 42). None when a word is no number word (a letter, "dot")."""
    digits, single, repeat, i = [], 0, 1, 0
    while i < len(words):
        w = words[i]
        if w in REPEAT_WORDS:
            repeat = REPEAT_WORDS[w]
            i += 1
            continue
        if w in DIGIT_WORDS:
            digits.append(DIGIT_WORDS[w] * repeat)
            single += repeat
        elif w in TEEN_WORDS:
            digits.append(TEEN_WORDS[w])
        elif w in TENS_WORDS:
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if nxt in DIGIT_WORDS and DIGIT_WORDS[nxt] != "0":
                digits.append(TENS_WORDS[w] + DIGIT_WORDS[nxt])
                i += 1
            else:
                digits.append(TENS_WORDS[w] + "0")
        elif w in ZEROS_WORDS and digits:
            digits.append(ZEROS_WORDS[w])
        else:
            return None
        repeat = 1
        i += 1
    return "".join(digits), single


def is_counting(digits: str) -> bool:
    """"one, two, three, four": counting aloud, not a number."""
    return len(digits) >= MIN_DIGITS and digits[0] in "01" and all(
        int(b) == int(a) + 1 for a, b in zip(digits, digits[1:]))


def digit_groups(words: List[Tuple[str, int, int]]) -> List[List[Tuple[str, int, int]]]:
    """The words of a run split at "dot" / "point"; a group's leading "hundred" and a "double" that no digit
    follows are dropped."""
    groups, current = [], []
    for item in words:
        if item[0] in DOT_WORDS:
            groups.append(current)
            current = []
        else:
            current.append(item)
    groups.append(current)
    out = []
    for g in groups:
        while g and (g[0][0] in ZEROS_WORDS or (g[0][0] in REPEAT_WORDS and (
                len(g) < 2 or g[1][0] not in DIGIT_WORDS))):
            g = g[1:]
        while g and g[-1][0] in REPEAT_WORDS:
            g = g[:-1]
        out.append(g)
    return out


def ip_digits(groups: List[List[Tuple[str, int, int]]]) -> bool:
    """Four groups of one to three digits, each at most 255: an IPv4 address read out."""
    if len(groups) != 4 or not all(groups):
        return False
    for g in groups:
        read = read_digits([w for w, _s, _e in g])
        if read is None or not 1 <= len(read[0]) <= 3 or int(read[0]) > 255:
            return False
    return True


# ---------------------------------------------------------------- postcodes (UK) read out
# "n w one, eight q p", "c b seven four d t", "n seventeen nine n g": the outward code's letters, its
# district (one or two digits, or a number word up to ninety-nine) and maybe a letter, then the inward
# code, a digit and two letters (the letters a UK inward code may hold; "double t" for "t t").
_DISTRICT = (rf"(?:(?:{TENS})(?:[ \t\-](?:{ONE_TO_NINE}))?|{TEEN}|(?:{DIGIT})(?:[ \t]{{1,2}}(?:{DIGIT}))?)"
             r"(?![\w'’])")
_IN_LETTER = r"[abd-hjlnp-uw-z](?![\w'’])"
SPOKEN_POSTCODE = (
    rf"{_EDGE_BEFORE}[a-pr-uwyz](?![\w'’])(?:[ \t]{{1,2}}[a-hk-y](?![\w'’]))?[ \t]{{1,2}}{_DISTRICT}"
    rf"(?:[ \t]{{1,2}}[a-hjkmnp-y](?![\w'’]))?[ \t]{{0,2}},?[ \t]{{1,2}}(?:{DIGIT})[ \t]{{1,2}}"
    rf"(?:{_IN_LETTER}[ \t]{{1,2}}{_IN_LETTER}|double[ \t]{{1,2}}{_IN_LETTER}){_EDGE_AFTER}"
)

# ---------------------------------------------------------------- street addresses read out
# A house number in words (one to nine hundred and ninety-nine), one to three words of the street's name
# and a street type ("forty two camden street", "eleven harbour view"); "flat six," may come first.
HOUSE_NUMBER = (rf"(?:(?:{ONE_TO_NINE})[ \t]hundred(?:[ \t](?:and[ \t])?(?:(?:{TENS})(?:[ \t\-](?:{ONE_TO_NINE}))?"
                rf"|{TEEN}|{ONE_TO_NINE}))?|(?:{TENS})(?:[ \t\-](?:{ONE_TO_NINE}))?|{TEEN}|{ONE_TO_NINE})(?![\w'’])")
SPOKEN_STREET_TYPES = (
    "street", "road", "lane", "avenue", "drive", "close", "crescent", "grove", "terrace", "boulevard", "parade",
    "gardens", "mews", "wharf", "view", "quay", "court", "square", "way", "hill", "green", "rise", "row", "walk",
)
# Words that make "a two hour drive", "one more way", "the five minute walk", "a four lane road": a count
# before a noun, not a house number before a street's name.
NOT_STREET_NAME = frozenset(
    "a an the of in on at to for and or but with by from into onto more most less last other same only whole "
    "long little big small short good nice great right wrong easy hard different another single final first "
    "next new old few many very extra half quarter minute minutes min mins hour hours hr hrs day days week "
    "weeks month months year years mile miles km kilometre kilometres metre metres meter meters foot feet yard "
    "yards second seconds step steps lane lanes way ways car cars bedroom bedrooms bed beds storey story door "
    "doors star stars percent per times time people of way more".split())
_NAME_WORD = r"[a-z][a-z'’\-]{1,24}(?![\w'’])"
SPOKEN_STREET = (
    rf"{_EDGE_BEFORE}(?:(?:flat|apartment|apt|unit)[ \t]{{1,2}}(?:{HOUSE_NUMBER}|[a-z](?![\w'’]))[ \t]{{0,2}},?"
    rf"[ \t]{{1,2}})?(?P<number>{HOUSE_NUMBER})[ \t]{{1,2}}(?P<name>{_NAME_WORD}(?:[ \t]{{1,2}}{_NAME_WORD}){{0,2}})"
    rf"[ \t]{{1,2}}(?P<type>{_alt(SPOKEN_STREET_TYPES)}){_EDGE_AFTER}"
)
# what may follow a street in the same address: ", town" (one or two words), then a postcode read out
ADDRESS_TOWN = r"[ \t]{0,2},[ \t]{0,2}(?P<town>[a-z][a-z'’\-]{2,24}(?:[ \t][a-z][a-z'’\-]{2,24})?)(?![\w'’])"
ADDRESS_CUES = frozenset(
    "at to is be address live lives living lived moved move moving from on it's its it’s flat line "
    "deliver delivered send sent".split())

# ---------------------------------------------------------------- dates and times read out
_ORD_ONES = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
ORDINAL_DAY = (rf"(?:twenty[ \t\-](?:{_ORD_ONES})|thirty[ \t\-]first|twentieth|thirtieth|tenth|eleventh|twelfth"
               rf"|(?:thir|four|fif|six|seven|eigh|nine)teenth|{_ORD_ONES}|(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th))"
               r"(?![\w'’])")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# shortened weekdays that are no other word ("sat", "sun", "mon" are)
WEEKDAY_SHORT = ("tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
_WEEKDAY = rf"(?:{_alt(WEEKDAYS)}|(?:{_alt(WEEKDAY_SHORT)})\.?)(?![\w'’])"
_MONTH = rf"(?:{_alt(MONTHS)})(?![\w'’])"
_ANY_WEEKDAY = rf"(?:{_alt(WEEKDAYS + WEEKDAY_SHORT + ('mon', 'sat', 'sun'))})(?![\w'’])"
# "wed" after a subject or "to" is the verb ("we wed in june", "to wed")
_NOT_A_VERB = "".join(f"(?<!\\b{w}[ \\t])" for w in ("i", "we", "they", "he", "she", "to", "will", "who"))
# what may follow "on sat", "next sun": the clause's end, a part of the day, a time or the next clause
_SHORT_DAY_ENDS = (r"(?:morning|afternoon|evening|eve|night|am|pm|at|and|or|then|if|when|for|with|as|because"
                   r"|unless|is|works?|ok|okay)(?![\w'’])")
# a weekday word and a separator right before (each lookbehind has a fixed width)
_NOT_AFTER_WEEKDAY = "".join(f"(?<!{w}{sep})" for w in ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
                             for sep in (" ", ", ", "/", " & "))
# the year after a date said aloud: "nineteen thirty eight", "two thousand and one", "eighty five"
_YEAR_SAID = (rf"(?:{YEAR_WORDS}|(?:{TENS})(?:[ \t\-](?:{ONE_TO_NINE}))?(?![\w'’])|(?:{YEAR4})(?![\w'’]))"
              rf"(?![ \t]{{1,2}}(?:years?|people|times|pounds|percent)(?![\w'’]))")
_HOUR = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_MINUTES = rf"(?:o(?:h)?[ \t\-](?:{ONE_TO_NINE})|{TEEN}|(?:twenty|thirty|forty|fifty)(?:[ \t\-](?:{ONE_TO_NINE}))?)"
_PART_OF_DAY = r"(?:in[ \t]the[ \t](?:morning|afternoon|evening)|at[ \t]night|o['’]clock|[ap]\.?m\b\.?)"
# what may follow a day said alone: the end of the clause, "of <month>", a time; not a noun ("the second
# floor", "the third time")
_DAY_ENDS = (rf"(?=[ \t]{{0,2}}(?:[,.;:!?)\n]|$|of[ \t]{{1,2}}{_MONTH}|at[ \t]|and[ \t]|then[ \t]|so[ \t]|in[ \t]the[ \t]"
             r"|(?:if|when|for|but|or|with|as|because|unless)[ \t]))")  # "on the 12th if anyone wants to come"
SPOKEN_DATES = [
    # "saturday the ninth", "tues 14th at 10.20", "friday the 3rd"
    (rf"{_EDGE_BEFORE}{_WEEKDAY}[ \t]{{1,2}}(?:the[ \t]{{1,2}})?{ORDINAL_DAY}"
     rf"(?:[ \t]{{1,2}}of[ \t]{{1,2}}{_MONTH})?(?:[ \t]{{1,2}}at[ \t]{{1,2}}\d{{1,2}}(?:[.:][0-5]\d)?(?:[ \t]?[ap]m)?(?![\w'’]))?",
     0.75, 0),
    # "sat 15th", "Sun 3rd at 2pm": the shortened weekdays that are other words too, before a day in digits
    # (not after a pronoun: "she sat 15th in the standings")
    (rf"{_EDGE_BEFORE}(?<!\bi[ \t])(?<!\bhe[ \t])(?<!\bshe[ \t])(?<!\bwe[ \t])(?<!\bthey[ \t])"
     rf"(?<!\bwho[ \t])(?:mon|sat|sun|Mon|Sat|Sun|MON|SAT|SUN)\.?[ \t]{{1,2}}(?:the[ \t]{{1,2}})?"
     rf"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)(?![\w'’])"
     rf"(?:[ \t]{{1,2}}at[ \t]{{1,2}}\d{{1,2}}(?:[.:][0-5]\d)?(?:[ \t]?[ap]m)?(?![\w'’]))?", 0.75, 0),
    # "ninth of november", "the fourteenth of march" (a lower-case month: the written-date rules want a capital)
    (rf"{_EDGE_BEFORE}{ORDINAL_DAY}[ \t]{{1,2}}of[ \t]{{1,2}}{_MONTH}(?:,?[ \t]{{1,2}}{_YEAR_SAID})?", 0.75, 0),
    # "on the twenty first", "so the twenty fourth", "due 1st", "by the 30th.", "since the 3rd", "the night of the 14th?"
    (rf"(?<![\w'’])(?:on|by|until|till|so|due|since|from|after|before"
     rf"|(?:night|morning|evening|afternoon|day|weekend)[ \t]{{1,2}}of)[ \t]{{1,2}}(?:the[ \t]{{1,2}})?"
     rf"({ORDINAL_DAY}){_DAY_ENDS}", 0.7, 1),
]
# Weekdays and months named in everyday text; a clinical note names them for its own schedule ("to OR on
# Monday"), which the clinical rules judge, so `rules.date_spoken` leaves notes to them.
NAMED_DAYS = [
    # "on thursday", "by next friday", "home wed": a weekday that dates something (not "mondays", not
    # "every monday", not "the last sunday before labor day", a rule of the calendar)
    (rf"(?<!the[ \t])(?<![\w'’])(?:on|this|next|last|by|from|until|till|since|before|after|due|home|back|off)[ \t]{{1,2}}"
     rf"(?:(?:this|next|last|coming)[ \t]{{1,2}})?({_WEEKDAY})", 0.7, 1),
    # "wed", "thurs": the shortened weekdays that are no other word
    # ... but not in a list of weekdays, a weekly schedule ("mon wed fri 6am crew")
    # ... nor "wed" the verb ("we wed in june", "to wed")
    (rf"{_NOT_AFTER_WEEKDAY}{_NOT_A_VERB}{_EDGE_BEFORE}(?:{_alt(WEEKDAY_SHORT)})(?![\w'’])"
     rf"(?![ \t,/&]{{1,3}}{_ANY_WEEKDAY})", 0.6, 0),
    # "in january", "since august", "early may" ("may" and "march" only after these words)
    (rf"(?<![\w'’])(?:in|since|until|till|from|by|before|after|early|late|mid|next|last|of)[ \t\-]{{1,2}}"
     rf"({_MONTH})", 0.65, 1),
    # "on sat", "next sun morning", "by mon.": the shortened weekdays that are other words too, after a word
    # that dates and before the clause's end, a part of the day or a time (not "on sun loungers", "I last sat")
    (rf"(?<!the[ \t])(?<![\w'’])(?:on|this|next|by|from|until|till|before|after|due|home|back)[ \t]{{1,2}}"
     rf"(?:(?:this|next|coming)[ \t]{{1,2}})?(sat|sun|mon)\.?(?=[ \t]{{0,2}}(?:[,.;:!?)\n]|$|\d|{_SHORT_DAY_ENDS}))",
     0.7, 1),
    # "2pm sat", "10.30am sun": a time, then the day
    (rf"(?<![\w'’.:])\d{{1,2}}(?:[.:][0-5]\d)?[ \t]?[ap]\.?m\.?[ \t]{{1,2}}(sat|sun|mon)(?![\w'’])", 0.7, 1),
    # "sat 2pm", "sun 10.30am": the day, then a time (not after a pronoun: "she sat 2pm to 4pm")
    (rf"(?<![\w'’])(?<!\bi[ \t])(?<!\bhe[ \t])(?<!\bshe[ \t])(?<!\bwe[ \t])(?<!\bthey[ \t])(?<!\bwho[ \t])"
     rf"(sat|sun|mon)[ \t]{{1,2}}\d{{1,2}}(?:[.:][0-5]\d)?[ \t]?[ap]\.?m(?![\w'’])", 0.7, 1),
]
# What every match of a group of patterns above holds (a rarer part that `re` finds in one pass), so a
# text without it skips the group: a weekday or month word holds its first three letters ("thurs",
# "sept"); an ordinal day holds an ordinal's ending or a digit before "st", "nd", "rd", "th".
NAMED_DAYS_NEEDS = r"mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
SPOKEN_DATES_NEEDS = (r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth"
                      r"|tieth|\d(?:st|nd|rd|th)")
SPOKEN_TIMES = [
    # "at two fourteen", "about four in the morning", "at nine o'clock"
    (rf"(?<![\w'’])(?:at|around|about|by|till|until|from|before|after)[ \t]{{1,2}}"
     rf"({_HOUR}(?:[ \t\-]{_MINUTES}(?![\w'’])(?:[ \t]{{1,2}}{_PART_OF_DAY})?|[ \t]{{1,2}}{_PART_OF_DAY}))", 0.7, 1),
]

# ---------------------------------------------------------------- words spelled out letter by letter
# "k a c z m a r e k", "s-a-m": three letters or more, each alone, joined by one space or a hyphen
SPELLED_LETTERS = r"(?<![\w'’@.\-])[a-z](?:[ \-][a-z](?![\w'’])){2,40}(?![\w'’@\-])"

