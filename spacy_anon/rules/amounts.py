"""Money amounts, measured quantities and ages written in words (regex sources, compiled by recognizers).

Court judgments and case notes give damages, fines, salaries, plot areas, seized drug weights and ages:
exact amounts are quasi-identifiers (TAB labels them QUANTITY, ages DEM), so the rules mask the whole
phrase: the currency or unit, the amount and a leading hedge ("approximately SEK 14.6 million", "1,336
Swedish kronor", "3,862 sq. m", "4 tons").
"""
import re

from spacy_anon.lexicon.currencies import CURRENCY_CODES  # noqa: F401  (read here by the recognizers)
from spacy_anon.rules.dates import cased_alternation

CURRENCY_NAMES = (
    "kronor", "krona", "kronur", "kroner", "krone", "zlotys", "zloty", "złoty", "złotys", "euros", "euro",
    "pounds sterling", "pounds", "pound sterling", "pence", "dollars", "dollar", "cents", "francs", "franc",
    "lire", "lira", "liras", "roubles", "rouble", "rubles", "ruble", "marks", "drachmas", "drachma",
    "forints", "forint", "korunas", "koruna", "lei", "leva", "lev", "hryvnias", "hryvnia", "pesetas",
    "peseta", "escudos", "escudo", "schillings", "schilling", "guilders", "guilder", "tolars", "kuna",
    "yen", "reais", "pesos", "peso", "rupees", "dólares", "reales", "libras",
    "quid", "bucks",  # spoken and chat: "310 quid", "50 bucks"
)
NATIONAL_ADJECTIVES = (
    "Swedish", "Norwegian", "Danish", "Icelandic", "Czech", "Slovak", "Turkish", "Polish", "Hungarian",
    "Romanian", "Bulgarian", "Croatian", "Russian", "Ukrainian", "Swiss", "French", "Belgian",
    "Luxembourg", "Austrian", "German", "Finnish", "Irish", "Italian", "Maltese", "Cypriot", "Greek",
    "Spanish", "Portuguese", "Dutch", "US", "American", "Canadian", "Australian", "Japanese",
)
HEDGES = (
    "approximately", "about", "around", "roughly", "some", "nearly", "almost", "over", "under",
    "more than", "less than", "at least", "up to", "a total of", "in total", "in excess of",
)
NUMBER_WORDS = (
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "a hundred", "one hundred",
)


# A hedge before an amount joins its span ("approximately SEK 14.6 million"). It is looked for just before
# each amount (`HEDGE_BEFORE`, at most `HEDGE_REACH` characters back) rather than tried as an optional
# prefix at every position of the text, which costs more than the amounts themselves.
HEDGE_BEFORE = re.compile(rf"(?:{cased_alternation(HEDGES, True)})\s+\Z")
HEDGE_REACH = 40
# 1,336 | 14.6 | 25 000 | 2.500,50 ; then an optional scale word. An amount starts where a number starts
# (not inside one) and has at most 7 thousands groups or 18 digits: unbounded groups read a long run of
# digits (or "1 000 000 ...") to its end again from every position in it.
_AMOUNT = (r"(?<![\d.,])(?:\d{1,3}(?:(?:[,.]|\s(?=\d{3}\b))\d{3}){0,7}(?:[.,]\d{1,2})?(?!\d)"
           r"|\d{1,18}(?:[.,]\d{1,18})?(?!\d))")
_SCALE = r"(?:\s*(?:million|billion|thousand|bn|m|mln)\b|[kK]\b)?"  # and "140k", as adverts write salaries
# codes that are also clinical abbreviations ("INR 2.5" is a clotting ratio, "CAD" a heart disease): before
# a number they are money only for an amount no lab value or score has (three digits or more)
CLINICAL_CODES = ("INR", "CAD")
_CODE = rf"(?:{'|'.join(CURRENCY_CODES)})"
_PLAIN_CODE = rf"(?:{'|'.join(c for c in CURRENCY_CODES if c not in CLINICAL_CODES)})"
_LARGE_AMOUNT = r"(?<![\d.,])(?:\d{1,3}(?:[,.]\d{3})+|\d{3,18})(?:[.,]\d{1,2})?(?!\d)"
# and India's "Rs. 14,250", Nigeria's "N50,000" (its "N" before thousands only: "N1 9GU" is a postcode)
_SYMBOL = r"(?:[€£$¥₺₽₹₦]|Rs\.?(?=[ ]?\d)|(?<![A-Za-z])N(?=\d{1,3}(?:,\d{3})+(?![\d,])))"
_NATIONAL = "|".join(sorted(NATIONAL_ADJECTIVES, key=len, reverse=True))
_NAME = rf"(?:(?:{_NATIONAL})\s+)?(?:{cased_alternation(CURRENCY_NAMES, True)})"

# (regex source, score, group), without the hedge (`HEDGE_BEFORE`)
MONEY = [
    # "SEK 35,000", "GBP 39.95", "£400", "€ 1.2 million", "approximately SEK 14.6 million"
    # a code is a word of its own ("SATS 95", oxygen saturation, holds no "ATS"); no percentage follows
    # and a range with its second amount ("£120-140k", "$50k–$60k")
    # and a deduction's minus before the symbol ("PAYE tax  -£412.40"; not the dash of "£10-£20")
    (rf"(?:(?<![\w\-–−])[-−](?={_SYMBOL}))?(?:(?<![A-Za-z]){_PLAIN_CODE}\s?|{_SYMBOL}\s?)(?:{_AMOUNT}){_SCALE}"
     rf"(?:(?:[-–]|[ \t]?[-–][ \t]?(?={_SYMBOL})){_SYMBOL}?(?:{_AMOUNT}){_SCALE})?(?!\w|\s?%)", 0.85, 0),
    (rf"(?<![A-Za-z])(?:{'|'.join(CLINICAL_CODES)})\s?(?:(?:{_LARGE_AMOUNT})|(?:{_AMOUNT})\s*(?:million|billion|"
     rf"thousand|bn|mln)\b)(?!\w|\s?%)", 0.85, 0),
    # "1,336 Swedish kronor", "50,169.18 pounds sterling (GBP)", "88,674 zlotys", "100 NOK"
    (rf"(?=\d)(?:{_AMOUNT}){_SCALE}\s*(?:{_NAME}(?:\s*\(\s*[“\"]?{_CODE}[”\"]?\s*\))?|{_CODE})(?!\w)", 0.85, 0),
    # "401, 515 and 397 kronor": a list of amounts sharing one currency
    (rf"(?=\d)(?:{_AMOUNT})(?:,\s+(?:{_AMOUNT})){{1,20}},?\s+and\s+(?:{_AMOUNT}){_SCALE}\s+{_NAME}\b", 0.85, 0),
    # "from 90 to 310 quid", "between 40 and 55 euros": the first amount of a range sharing the currency
    # named after the second (the second is the pattern above it); "and" only after "between" ("1,717
    # kronor for 1980 and 1,325 kronor" is no range)
    (rf"(?=\d)({_AMOUNT}{_SCALE})(?=[ \t]{{0,3}}(?:to|-|–)[ \t]{{0,3}}{_AMOUNT}{_SCALE}[ \t]{{0,3}}{_NAME}\b)",
     0.85, 1),
    (rf"(?<![\w])(?i:between)[ \t]{{1,3}}({_AMOUNT}{_SCALE})(?=[ \t]{{1,3}}and[ \t]{{1,3}}{_AMOUNT}{_SCALE}[ \t]{{0,3}}"
     rf"{_NAME}\b)", 0.85, 1),
]
# Units of land area and of bulk mass, spelled out or in their land-register abbreviations. Dose units
# ("mg", "g", "grams", "ml") and percentages are left out on purpose: in clinical notes they are treatment,
# not identity ("Mag 2 grams" is in the deid notes; "0.5 grams" of heroin in a TAB judgment stays unmatched).
AREA_UNITS = (
    "sq. m", "sq.m", "sq m", "sq. metres", "sq. ft", "sq ft", "square metres", "square meters", "square metre",
    "square meter", "square feet", "square foot", "square kilometres", "square kilometers", "m²", "m2",
    "hectares", "hectare", "ha", "acres", "acre",
)
MASS_UNITS = (
    "kilograms", "kilogram", "kilogrammes", "kilos", "tons", "tonnes", "ton", "tonne",
)
_UNIT = "|".join(re.escape(u) for u in sorted(AREA_UNITS + MASS_UNITS, key=len, reverse=True))
MEASURES = [
    # "3,862 sq. m", "152.25 sq. m", "about 4 hectares", "4 tons"
    (rf"(?=\d)(?<![\w.,])(?:{_AMOUNT})\s?(?:{_UNIT})(?![\w²])", 0.8, 0),
]
_NUMBER_WORD = rf"(?:(?:{cased_alternation(NUMBER_WORDS, True)})(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?)"
_DASH = r"(?:\s*[-\u2010\u2011\u2012\u2013]\s*|\s+)"
# Ages in words; like the digit patterns (`dates.AGE_EN`), only the number is the match.
AGE_WORDS = [
    # "eight years old", "eighteen-year-old"
    (rf"(?=[A-Za-z])\b({_NUMBER_WORD}){_DASH}years?{_DASH}old\b", 0.85, 1),
    # "at the age of three", "aged twenty"
    (rf"\b(?:[Aa]ge\s+of|[Aa]ged)\s+({_NUMBER_WORD})\b(?!\s*(?:years\s+ago|times|per))", 0.8, 1),
    # "nineteen years of age"
    (rf"(?=[A-Za-z])\b({_NUMBER_WORD})\s+years\s+of\s+age\b", 0.85, 1),
]
# "his wife turned fifty-eight last week", "she is now thirty-four.": an age in words said with a turning verb
# (appended to `rules.age`'s patterns after the others)
AGE_TURNING_WORDS = [
    (rf"\b(?:(?:just\s+)?turned|turns|(?:is|was|'s|’s)\s+now|will\s+be)\s+({_NUMBER_WORD})\b"
     rf"(?=\s*(?:[.,;!?)\n]|$|and\b|last\b|next\b|this\b|in\b|on\b|today\b|tomorrow\b|yesterday\b))", 0.8, 1),
]
# What every match of the first and the last contains: their closing words, in few texts (see
# `scanning.register_needs`), while the number words that open them are almost anywhere.
AGE_WORDS_NEEDS = {AGE_WORDS[0][0]: rf"years?{_DASH}old\b", AGE_WORDS[2][0]: r"\syears\s+of\s+age\b"}
