"""Date, time, year and age patterns in English, Spanish and Portuguese (regex sources, compiled by recognizers)."""
from typing import Iterable, List

EN_MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)
EN_MONTH_ABBR = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
ES_MONTHS = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "setiembre",
    "octubre", "noviembre", "diciembre",
)
PT_MONTHS = (
    "janeiro", "fevereiro", "março", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro",
    "outubro", "novembro", "dezembro",
)
EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def cased_alternation(words: Iterable[str], lower: bool) -> str:
    """Alternation of Title and UPPER forms (and the forms as given when `lower`), longest first; a space
    inside an entry matches any whitespace run ("pounds sterling")."""
    forms: List[str] = []
    for w in words:
        forms += [w.capitalize(), w.upper()] + ([w] if lower else [])
    return "|".join(sorted({f.replace(" ", r"\s+") for f in forms}, key=len, reverse=True))



EN_MONTH = rf"(?:{cased_alternation(EN_MONTHS, False)}|(?:{cased_alternation(EN_MONTH_ABBR, False)})\.?)"
ES_PT_MONTH = rf"(?:{cased_alternation(ES_MONTHS + PT_MONTHS, True)})"
EN_WEEKDAY = rf"(?:{cased_alternation(EN_WEEKDAYS, False)})"

YEAR4 = r"(?:1[5-9]\d\d|20\d\d|21\d\d)"
DAY = r"(?:[12]\d|3[01]|0?[1-9])"
ORD = r"(?:st|nd|rd|th)?"

# (regex source, score, group) — group is the part of the match that becomes the span.
# 7/22 (month/day, no year): needs a context word ("on 7/22", "since 12/3")
SHORT_DATE = [
    (rf"(?<![\w/.\-])(?:1[0-2]|0?[1-9])/{DAY}(?![\w/\-%]|[.,]\d)", 0.3, 0),
]
WRITTEN_DATE_EN = [
    (rf"\b(?:{EN_WEEKDAY},?\s+)?{DAY}{ORD}(?:\s+of)?\s+{EN_MONTH},?\s+{YEAR4}\b", 0.85, 0),
    (rf"\b(?:{EN_WEEKDAY},?\s+)?{EN_MONTH}\s+{DAY}{ORD},?\s+{YEAR4}\b", 0.85, 0),
    (rf"\b(?:{EN_WEEKDAY},?\s+)?{EN_MONTH}\s+{DAY}{ORD}\b(?!\s*[,:/.]?\s*\d)", 0.6, 0),
    (rf"\b(?:{EN_WEEKDAY},?\s+)?{DAY}{ORD}(?:\s+of)?\s+{EN_MONTH}(?!\w)", 0.6, 0),
    (rf"\b{EN_MONTH},?\s+{YEAR4}\b", 0.7, 0),
]
WRITTEN_DATE_ES_PT = [
    # "12 de marzo de 2019", "5 de janeiro de 2020", "1 de enero del 2020", "12 de marzo"
    (rf"\b{DAY}(?:º|°|\.º)?\s+de\s+{ES_PT_MONTH}(?:,?\s+(?:de|del)\s+{YEAR4})?(?!\w)", 0.85, 0),
    (rf"\b{ES_PT_MONTH}\s+(?:(?:de|del)\s+)?{YEAR4}\b", 0.7, 0),
    (rf"\b{DAY}[-/]{ES_PT_MONTH}[-/]{YEAR4}\b", 0.85, 0),
]
NUMERIC_DATE = [
    # 2004-03-03 (optionally with a time), 2004/03/03
    (rf"\b{YEAR4}-(?:1[0-2]|0?[1-9])-{DAY}(?:[T ](?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?"
     r"(?:Z|[+-]\d\d:?\d\d)?)?(?![\w-])", 0.9, 0),
    (rf"\b{YEAR4}/(?:1[0-2]|0?[1-9])/{DAY}\b", 0.85, 0),
    # 03/04/2004, 3.4.2004, 03-04-2004, 3/4/04 (validator checks day/month)
    (rf"(?<![\w/.\-]){DAY}([/.\-]){DAY}\1(?:{YEAR4}|\d\d)(?![\w/\-%]|\.\d)", 0.75, 0),
    # 03/2004 (years up to 2039, so titres like 1/2048 stay out)
    (r"(?<![\w/.\-])(?:1[0-2]|0?[1-9])/(?:1[6-9]\d\d|20[0-3]\d)(?![\w/\-%]|\.\d)", 0.55, 0),
]
TIME = [
    (r"(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s*(?:[AaPp]\.?[Mm]\.?)(?!\w))?(?![\w:]|\.\d)", 0.6, 0),
    (r"(?<![\w:.])(?:[01]?\d|2[0-3])[hH][0-5]\d(?:min)?\b", 0.6, 0),
    (r"(?<![\w:.])(?:1[0-2]|0?[1-9])\s*(?:[AaPp]\.[Mm]\.|[AaPp][Mm])(?!\w)", 0.6, 0),
    # British style "6.00 a.m.", "10.30 pm" (the dot form needs the am/pm, else it is a decimal)
    (r"(?<![\w:.])(?:1[0-2]|0?[1-9])\.[0-5]\d\s*(?:[AaPp]\.[Mm]\.|[AaPp][Mm])(?!\w)", 0.6, 0),
]
YEAR_PREPOSITIONS = (
    "in", "since", "during", "until", "till", "from", "before", "after", "of", "by", "circa", "c.", "between",
    "entre", "en", "desde", "hasta", "durante", "del", "em", "ano", "año", "at\u00e9", "antes", "despu\u00e9s", "depois",
)
YEAR_IN_CONTEXT = [
    (r"(?i:\b(?:" + "|".join(p.replace(".", r"\.") for p in YEAR_PREPOSITIONS) + r"))\s+(?:the\s+year\s+)?"
     rf"({YEAR4})(?![\w/\-]|[.,]\d)", 0.6, 1),
    (r"\b((?:1[5-9]|20)\d0)'?s\b", 0.6, 0),
    # the second year of "in 1993 and 1994", "entre 2001 y 2003"
    (rf"(?<![\w/.\-]){YEAR4}\s*(?:,|and|or|to|y|e|o|ou|a|-|–)\s*({YEAR4})(?![\w/\-%]|[.,]\d)", 0.6, 1),
    # bare year: needs context (born, founded, year, ...)
    (rf"(?<![\w/.\-$€£]){YEAR4}(?![\w/\-%]|[.,]\d)", 0.3, 0),
]

AGE_EN = [
    (r"\b(\d{1,3})(?:\s*[-\u2010\u2011]\s*|\s+)(?:years?|yrs?|y)(?:\s*[-\u2010\u2011]\s*|\s+)old\b", 0.85, 1),
    (r"\b(\d{1,3})\s+years\s+of\s+age\b", 0.85, 1),
    (r"\b(\d{1,3})\s*(?:y/o|yo|y\.o\.)(?!\w)", 0.8, 1),
    (r"\b(?:aged|age|Aged|Age|AGE)(?:\s+of)?\s*:?\s*(\d{1,3})\b(?!\s*(?:%|percent|years?\s+ago))", 0.75, 1),
    (r"\b(?:turned|turns|turning)\s+(\d{1,3})\b(?!\s*(?:%|\w))", 0.6, 1),
]
AGE_INFANT = [
    # "15 meses de edad", "19 días de vida", "3 months old", "10-day-old"
    (r"\b\d{1,2}\s+(?:meses|mes|días|dias|semanas)\s+de\s+(?:edad|vida|idade)\b", 0.8, 0),
    (r"\b(\d{1,2})(?:\s*-\s*|\s+)(?:months?|weeks?|days?)(?:\s*-\s*|\s+)old\b", 0.8, 1),
]
AGE_ES_PT = [
    # MEDDOCAN convention: the number with its unit ("70 años")
    (r"\b\d{1,3}\s+(?:años|anos|a\u00f1os\s+de\s+edad|anos\s+de\s+idade)\b", 0.75, 0),
    (r"\b(?:edad|idade|Edad|Idade|EDAD|IDADE)\s*:?\s*(\d{1,3})\b", 0.75, 1),
]
