"""The shapes of values a tagger often labels as the wrong kind: a date ("30th", "03/14/1985", "Jun 2019"),
an e-mail address or URL, a UK postcode, a US ZIP, a postcode of digits, a code ("INV-20931", "KX19 TFE"),
an amount of money ("£42.18").
`span_kinds` decides a span's category by them, `code_pieces` joins a code a tagger split."""
import re

from spacy_anon.lexicon.category_words import MONTHS

_YEAR = r"(?:19|20)\d\d"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])"
_MON = r"(?:1[0-2]|0?[1-9])"
_MONTH_WORD = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
DATE_SHAPE = re.compile(
    r"(?i:"
    rf"{_YEAR}(?:\s*[-–/]\s*(?:{_YEAR}|\d\d))?"  # 2015, 2018–2022, 2019/20
    rf"|{_DAY}(?:st|nd|rd|th)"  # 30th
    rf"|(?:{_DAY}|{_MON})[/.]{_DAY}(?:[/.](?:{_YEAR}|\d\d))?"  # 03/14/1985, 8/18
    rf"|{_YEAR}-{_MON}-{_DAY}"  # 1985-03-14
    rf"|{_MONTH_WORD}(?:\s+{_DAY}(?:st|nd|rd|th)?)?(?:,?\s+{_YEAR})?"  # June, June 2019, Jun 14, 2019
    rf"|{_DAY}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_WORD}(?:,?\s+{_YEAR})?"  # 14 June 2019
    r")")
EMAIL_OR_URL = re.compile(r"(?i:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)\S+|[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|"
                          r"dev|co|uk|de|eu)(?:/\S*)?)")
UK_POSTCODE = re.compile(r"[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}")
# a phone number as people write one: a leading 0 or +, then ten to thirteen digits in groups ("07911 123456",
# "+44 7911 123456", "(0115) 496 0123"); no place, person or body is named by digits alone
PHONE_SHAPE = re.compile(r"(?=(?:\D*\d){10,13}\D*$)(?:\+|\(?0)[\d ()\-]{9,20}\d")
US_ZIP = re.compile(r"\d{5}(?:-\d{4})?")
# a postcode of digits alone under LOC: 4 digits (Switzerland, Austria, Belgium, Denmark, Norway,
# Australia...), 5 (US, Germany, France, Spain...) or 6 (India, Russia...)
DIGIT_POSTCODE = re.compile(r"\d{4,6}")
# a code: letters and digits (two digits at least), joined by dashes, slashes or dots, no spaces; or
# digits alone (four at least, "00481920", "2404518/2024"); or a UK number plate ("KX19 TFE")
CODE_SHAPE = re.compile(r"(?=[^A-Za-z]*[A-Za-z])(?=(?:\D*\d){2})[A-Za-z\d]+(?:[-/.][A-Za-z\d]+)*"
                        r"|(?=(?:\D*\d){4})\d+(?:[-/.]\d+)*|[A-Z]{2}\d{2}\s[A-Z]{3}")


def date_shape(value: str) -> bool:
    return DATE_SHAPE.fullmatch(value.strip()) is not None


def code_shape(value: str, label: str) -> bool:
    """A code, not a date, phone-free: "INV-20931", "V-119", "0718"; a ZIP or a postcode of 4 to 6 digits
    that a tagger called a place (LOC) stays a place."""
    value = value.strip()
    if not CODE_SHAPE.fullmatch(value) or date_shape(value) or UK_POSTCODE.fullmatch(value):
        return False
    return not (label == "LOC" and (US_ZIP.fullmatch(value) or DIGIT_POSTCODE.fullmatch(value)))


# an amount of money: "£42.18", "$1,249.99", "€ 650", "650.00 GBP", "£2.5m"
MONEY_SHAPE = re.compile(r"[-−]?[£$€¥][ \t]?\d[\d,]*(?:\.\d{1,2})?(?:[ \t]?(?:[kKmM]|bn))?"
                         r"|\d[\d,]*(?:\.\d{1,2})?[ \t]?(?:GBP|USD|EUR|pounds|dollars|euros)")
