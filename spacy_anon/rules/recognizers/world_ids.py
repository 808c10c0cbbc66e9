"""National identifiers of Singapore, South Africa, New Zealand, the Netherlands, France, Italy and
Germany, as they stand in English text (a form, a letter, a record) beside their key or in their own
layout with its check character."""
import re

from spacy_anon.rules import validators as v
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, has_digits
from spacy_anon.rules.recognizers.national_ids import KEY_TAIL, keyed_finder

# Singapore's NRIC and FIN: S, T, F, G or M, seven digits and a check letter ("S1234567D")
_NRIC_CANDIDATE = re.compile(r"(?<![\w\-])[STFGM]()\d{7}[A-Z](?![\w\-])")
_NRIC_KEY = re.compile(r"(?:\b(?:NRIC|FIN|IC)|(?i:\bidentity[ \t]+card))" + KEY_TAIL)
SG_NRIC = Recognizer(
    name="rules.sg_nric",
    label="ID",
    type="NRIC",
    finder=keyed_finder(_NRIC_CANDIDATE, v.sg_nric_valid, _NRIC_KEY, 0.7, 0.7),
    needs=(_NRIC_CANDIDATE,),
    context=("nric", "fin", "singapore", "ica"),
    prefilter=has_digits(7),
)

# South Africa's identity number: thirteen digits holding a date of birth, a citizenship digit and a Luhn
# check; a mistyped one is not told from any other number
ZA_ID = Recognizer(
    name="rules.za_id",
    label="ID",
    type="ZA_ID",
    patterns=compile_patterns([(r"(?<![\w\-.])\d{6}([ ]?)\d{4}\1\d{3}(?![\w\-]|[ .]\d)", 0.6, 0)]),
    validator=v.za_id_valid,
    validated_score=0.75,  # above a generic "ID number" key's match of the same digits
    context=("id number", "identity number", "south african", "rsa", "home affairs"),
    prefilter=has_digits(13),
)

# New Zealand's National Health Index number: "ZAC5361" (three letters without I or O, four digits, the
# last a check digit) and, since 2022, "ZAC53LA" (no check here: after its key only)
_NHI_CANDIDATE = re.compile(r"(?<![\w\-])[A-HJ-NP-Z]{3}()\d{2}(?:\d{2}|[A-HJ-NP-Z]{2})(?![\w\-])")
_NHI_KEY = re.compile(r"(?:\bNHI|(?i:\bnational[ \t]+health[ \t]+index))" + KEY_TAIL)
NZ_NHI = Recognizer(
    name="rules.nz_nhi",
    label="ID",
    type="NHI",
    finder=keyed_finder(_NHI_CANDIDATE, v.nz_nhi_valid, _NHI_KEY, 0.3, 0.3),
    needs=(_NHI_CANDIDATE,),
    context=("nhi", "national health index", "patient", "dhb", "te whatu ora"),
    prefilter=has_digits(2),
)

# the Dutch citizen service number: nine digits passing the 11-test, as many other numbers do
_BSN_CANDIDATE = re.compile(r"(?<![\w\-.])\d{4}([ .]?)\d{2}\1\d{3}(?![\w\-]|[ .]\d)")
_BSN_KEY = re.compile(r"(?i:\bbsn|\bburgerservicenummer|\bsofi(?:-|[ \t])?nummer|\bcitizen[ \t]+service)" + KEY_TAIL)
NL_BSN = Recognizer(
    name="rules.nl_bsn",
    label="ID",
    type="BSN",
    finder=keyed_finder(_BSN_CANDIDATE, v.nl_bsn_valid, _BSN_KEY, 0.2, 0.2),
    needs=(_BSN_CANDIDATE,),
    context=("bsn", "burgerservicenummer", "citizen service number", "netherlands", "dutch"),
    negative_context=("phone", "tel", "call", "mobile", "order", "invoice"),
    prefilter=has_digits(9),
)

# France's social security number (NIR, "numéro de sécu"): fifteen characters, sex, year and month of
# birth, department (2A/2B), commune, order and a mod-97 key; printed "1 84 12 76 451 089 46"
_NIR_CANDIDATE = re.compile(
    r"(?<![\w\-.])[12]( ?)\d{2}\1(?:0[1-9]|1[0-2]|[2-9]\d)\1(?:\d{2}|2[ABab])\1\d{3}\1\d{3}\1?\d{2}(?![\w\-]|[ .]\d)")
_NIR_KEY = re.compile(r"(?:\b(?:NIR|INSEE)|(?i:\bs[ée]curit[ée][ \t]+sociale|\bnum[ée]ro[ \t]+de[ \t]+s[ée]cu))"
                      + KEY_TAIL)
FR_NIR = Recognizer(
    name="rules.fr_nir",
    label="ID",
    type="NIR",
    finder=keyed_finder(_NIR_CANDIDATE, v.fr_nir_valid, _NIR_KEY, 0.6, 0.4),
    needs=(_NIR_CANDIDATE,),
    context=("nir", "insee", "sécurité sociale", "securite sociale", "carte vitale", "french social security"),
    prefilter=has_digits(13),
)

# Italy's codice fiscale: "RSSMRA85T10A562S", letters of the names, date and place of birth, a check letter
IT_FISCAL_CODE = Recognizer(
    name="rules.it_fiscal_code",
    label="ID",
    type="CODICE_FISCALE",
    patterns=compile_patterns([(r"(?<![\w\-])[A-Za-z]{6}[\dLMNPQRSTUV]{2}[A-EHLMPR-Ta-ehlmpr-t][\dLMNPQRSTUV]{2}"
                                r"[A-Za-z][\dLMNPQRSTUV]{3}[A-Za-z](?![\w\-])", 0.7, 0)]),
    validator=v.it_fiscal_code_valid,
    validated_score=0.75,
    keyed=("codice fiscale", "cf", "c.f.", "tax code", "fiscal code"),
    context=("codice fiscale", "tax code", "fiscal code", "italian", "italy"),
    prefilter=has_digits(7),
)

# Germany's tax identification number (Steuer-ID): eleven digits, an ISO 7064 check digit
_DE_TAX_CANDIDATE = re.compile(r"(?<![\w\-.])[1-9]\d( ?)\d{3}\1\d{3}\1\d{3}(?![\w\-]|[ .]\d)")
_DE_TAX_KEY = re.compile(r"(?i:\bsteuer[\-‐ ]?id(?:[\-‐ ]?nr\.?)?|\bsteuer[\-‐]?identifikationsnummer|\bidnr\.?"
                         r"|\bgerman[ \t]+tax[ \t]+id)" + KEY_TAIL)
DE_TAX_ID = Recognizer(
    name="rules.de_tax_id",
    label="ID",
    type="STEUER_ID",
    finder=keyed_finder(_DE_TAX_CANDIDATE, v.de_tax_id_valid, _DE_TAX_KEY, 0.2, 0.2),
    needs=(_DE_TAX_CANDIDATE,),
    context=("steuer", "steuer-id", "steuernummer", "finanzamt", "bzst", "german tax"),
    negative_context=("phone", "tel", "call", "mobile", "telefon"),
    prefilter=has_digits(11),
)
