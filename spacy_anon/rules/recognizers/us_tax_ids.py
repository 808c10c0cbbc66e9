"""Identifiers of US prescribers and taxpayers: the National Provider Identifier and DEA registration that
head a prescription or a clinical note, and the ITIN and EIN of tax and payroll forms (a sole
proprietor's EIN names its owner)."""
import re

from spacy_anon.rules import validators as v
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, has_digits
from spacy_anon.rules.recognizers.national_ids import KEY_TAIL, keyed_finder

# ten digits, first 1 or 2, the Luhn check over "80840" + the number: one in ten numbers of that shape
# passes, so alone only with a context word
_NPI_CANDIDATE = re.compile(r"(?<![\w\-.])[12]\d{9}()(?![\w\-]|[ .]\d)")
_NPI_KEY = re.compile(r"(?i:\bnpi|\bnational[ \t]+provider[ \t]+(?:identifier|id))" + KEY_TAIL)
US_NPI = Recognizer(
    name="rules.us_npi",
    label="ID",
    type="NPI",
    finder=keyed_finder(_NPI_CANDIDATE, v.us_npi_valid, _NPI_KEY, 0.2, 0.2),
    needs=(_NPI_CANDIDATE,),
    context=("npi", "provider", "prescriber", "physician", "nppes"),
    negative_context=("phone", "tel", "call", "fax", "mobile", "cell", "order", "invoice"),
    prefilter=has_digits(10),
)

# a registrant letter, the registrant's surname initial (or 9), seven digits with a check digit
_DEA_CANDIDATE = re.compile(r"(?<![\w\-])[ABCDEFGHJKLMPRSTUX][A-Z9]()\d{7}(?![\w\-])")
_DEA_KEY = re.compile(r"(?i:\bdea)(?:[ \t]+(?i:reg(?:istration)?\.?))?" + KEY_TAIL)
US_DEA = Recognizer(
    name="rules.us_dea",
    label="ID",
    type="DEA",
    finder=keyed_finder(_DEA_CANDIDATE, v.us_dea_valid, _DEA_KEY, 0.5, 0.5),
    needs=(_DEA_CANDIDATE,),
    context=("dea", "prescriber", "controlled", "schedule"),
    prefilter=has_digits(7),
)

# 9XX-GG-NNNN with the IRS's groups: an SSN's shape no SSN has (`rules.us_ssn` refuses area 9XX)
US_ITIN = Recognizer(
    name="rules.us_itin",
    label="ID",
    type="ITIN",
    patterns=compile_patterns([(r"(?<![\w\-.])9\d{2}([\- ])\d{2}\1\d{4}(?![\w\-]|\.\d)", 0.6, 0),
                               (r"(?<![\w\-.])9\d{8}(?![\w\-]|\.\d)", 0.2, 0)]),
    validator=lambda value: None if v.us_itin_valid(value) else False,
    keyed=("itin", "individual taxpayer", "taxpayer identification", "tax id", "tin"),
    context=("itin", "individual taxpayer", "taxpayer identification", "tax id", "tin", "irs", "w-7", "1040"),
    prefilter=has_digits(9),
)

# XX-XXXXXXX: common enough in other numbers to need its key or a tax word
_EIN_CANDIDATE = re.compile(r"(?<![\w\-.])\d{2}(-)\d{7}(?![\w\-]|[ .]\d)")
_EIN_KEY = re.compile(r"(?i:\bf?ein|\bemployer[ \t]+identification|\b(?:federal[ \t]+)?tax[ \t]+id(?:entification)?)"
                      + KEY_TAIL)
US_EIN = Recognizer(
    name="rules.us_ein",
    label="ID",
    type="EIN",
    finder=keyed_finder(_EIN_CANDIDATE, v.us_ein_valid, _EIN_KEY, 0.3, 0.3),
    needs=(_EIN_CANDIDATE,),
    context=("ein", "fein", "employer identification", "tax id", "irs", "w-9", "1099"),
    prefilter=has_digits(9),
)
