"""Record and case numbers: the number after a record cue (MRN, NHC, "patient id"), court case numbers."""
import re
from typing import Optional

from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, contains, has_digits


def _record_valid(value: str) -> Optional[bool]:
    """Record numbers have at least 4 digits ("#3" after Tylenol is not one)."""
    return None if sum(c.isdigit() for c in value) >= 4 else False



_RECORD_CUE = (
    r"(?:MRN|NHC|N\.?H\.?C\.?|NHCs|NASS|NSS|CIPA|CIP|SIP|NUSS|Episodio|Nº\s?Col\.?|Nº|N°|N\.º|nº|n\.º|"
    r"No\.|no\.|Num\.|Núm\.|núm\.|#|"
    r"(?i:medical\s+record(?:\s+(?:number|no\.?|#))?|record\s+(?:number|no\.?|#)|patient(?:\s+|[_\-]?)(?:id|number|no\.?)|"
    r"hosp(?:ital)?\.?\s*(?:number|no\.?|num\.?|#)|unit\s+(?:number|no\.?)|chart\s+(?:number|no\.?)|n[uú]mero\s+de\s+historia(?:\s+cl[ií]nica)?|"
    r"historia\s+cl[ií]nica|n[uú]mero\s+de\s+(?:processo|paciente|registo|registro)|"
    r"n[uú]mero\s+de\s+afiliaci[oó]n|n[uú]m\.?\s+(?:de\s+)?historia|id\s+(?:number|no\.?)))"
)
# a group that an age's unit follows is the age written after the number ("MRN 0047219\n54 YO F", whose
# line break the hidden-form view reads as a space), not the number's last group
_NO_AGE = r"(?![ \t]?(?i:yo|y/o|yrs?|years?)\b)"
RECORD_NUMBER = Recognizer(
    name="rules.record_number",
    label="ID",
    type="RECORD_NUMBER",
    patterns=compile_patterns([
        # at most 7 digit groups of at most 20 digits: a longer run is a table or a blob, not a record number
        # ("my hospital number is RF8842193": the verb is no letter prefix of the number)
        (r"(?=[A-Za-z#])" + _RECORD_CUE
         + r"\s*(?:[:#=]\s*|(?i:is|was)[ \t]+)?((?!(?i:is|was)[ \t])(?:[A-Za-z]{1,3}[\- ]?)?\d{1,20}(?:[ \-.]\d{1,20}" + _NO_AGE + r"){0,6}(?:[\-/][A-Z]{1,3}|[ ]?[A-Z])?)"
         r"(?![\w/]|[.\-]\d)", 0.7, 1),
        # a URL path's value after its patients' segment ("/patients/1045521/records")
        (r"(?i)/patients?/([A-Za-z0-9][A-Za-z0-9_\-]{0,63})(?=[/?#;&\s\"'<>)\]]|$)", 0.7, 1),
        # a prescription's number as a pharmacy label or a refill request writes it ("Rx 884213", "Rx#
        # 6624019", "prescription number 3390127"), not a dose after "Rx" ("Rx 10000 units")
        (r"(?<!\w)(?:Rx|RX|(?i:prescription|script)[ \t]+(?i:number|no\.?|#))(?:[ \t]?(?:No\.?|no\.?|#|number))?"
         r"[ \t]*[:#]?[ \t]*(\d{5,12})(?![\w/]|[.,\-]\d)(?![ \t]?(?i:mg|mcg|g|ml|units?|iu|tab(?:let)?s?|cap(?:sule)?s?)\b)",
         0.7, 1),
    ]),
    validator=_record_valid,
    # "Law no. 3713", "Article no. 5", "Protocol No. 11" are not records
    negative_context=("<law", "<act", "<article", "<protocol", "<decree", "<ley", "<lei", "<decreto", "<artículo",
                      "<artigo", "<regulation", "<directive", "<resolution", "<convention", "<room", "<page",
                      # "passport no. 123456789" is a passport number (`rules.passport`)
                      "<passport", "<pasaporte", "<passaporte"),
    prefilter=has_digits(4),
)

# ---------------------------------------------------------------- CODE
_FINANCIAL_YEAR = re.compile(r"(?:19|20)(\d\d)/(\d\d)")


def _case_valid(value: str) -> Optional[bool]:
    """A year and the next one's last two digits ("2024/25", "1999/00") are a financial or school year."""
    year = _FINANCIAL_YEAR.fullmatch(value)
    return False if year is not None and int(year.group(2)) == (int(year.group(1)) + 1) % 100 else None


CASE_NUMBER = Recognizer(
    name="rules.case_number",
    label="CODE",
    type="CASE_NUMBER",
    patterns=compile_patterns([
        # ECHR style "no. 40593/04", "Application no. 40593/04", "nos. 123/04 and 456/05"
        # 4-6 digits / 2 digits is distinctive enough alone; shorter numerators need a context word
        (r"(?<![\w/.\-])\d{4,6}/\d{2}(?![\w/%]|[.\-]\d)", 0.5, 0),
        (r"(?<![\w/.\-])\d{2,3}/\d{2}(?![\w/%]|[.\-]\d)", 0.4, 0),
        (r"\b(?:[Nn]os?\.|[Nn]º|N°)\s*(\d{1,6}/\d{2})(?![\w/%]|[.\-]\d)", 0.85, 1),
        # docket styles: "C-123/04", "T-45/07", "No. 12-3456"
        (r"(?<![\w/\-])[A-Z]{1,2}-\d{1,5}/\d{2,4}(?![\w/])", 0.6, 0),
        # an employment tribunal's or a county court's number with its year ("Case No: 2403517/2025")
        (r"(?<![\w/.\-])\d{5,8}/(?:19|20)\d{2}(?![\w/%]|[.\-]\d)", 0.6, 0),
        # a US federal court's docket ("2:25-cv-01187", "1:24-cr-00231-JMF"): office, year, kind, number, judge
        (r"(?<![\w/.\-:])\d{1,2}:\d{2}-(?i:cv|cr|mj|mc|bk|ap|md|po|sw)-\d{3,6}(?:-[A-Z]{2,5}){0,2}(?![\w/\-])", 0.85, 0),
    ]),
    context=("application", "applications", "case", "cases", "demanda", "demandas", "caso",
             "processo", "recurso", "asunto", "queixa", "petition", "complaint", "docket", "appeal"),
    negative_context=("mg", "ml", "ratio", "score", "page", "pages", "<year", "<years", "<season", "<tax",
                      "bp", "b/p", "blood", "pressure", "mmhg", "cvp", "pa", "hr", "abp", "nbp", "ta", "tensión"),
    validator=_case_valid,
    prefilter=contains("/", "-cv-", "-cr-", "-CV-", "-CR-", "-mj-", "-mc-", "-bk-", "-ap-", "-md-", "-po-", "-sw-"),
)
