"""Rule recognizers: one small frozen dataclass per kind of identifier, kept in a registry by name.

The types and the registry are in `base`; the recognizers are grouped by family, one module each:
`online` (e-mails, URLs, IP and MAC addresses, handles), `contacts` (phones, pagers), `payment` (cards,
IBANs, wallets), `national_ids` (US, UK, India, Canada, Australia, Ireland, passports), `us_tax_ids` (US
prescribers and taxpayers), `world_ids` (Singapore, South Africa, New Zealand, the Netherlands, France, Italy,
Germany), `iberian_ids` (Spain, Portugal, Brazil), `records`
(record and case numbers), `dates_ages`, `quantities`, `names`, `places` (postal codes), `addresses`
(whole postal addresses), `labelled_ids` (codes after an identifier's label), `speakers` (who opens a
chat or transcript turn), `spoken` (numbers, postcodes, addresses, dates and spelled names read out in
words), `fields` (names, places and organisations under a record's keys written as JSON or a table's header) and `credentials`, `companies` (a firm by its legal form).
A new recognizer goes in its family's module and in `BUILT_IN` below, which registers it.
"""
from spacy_anon.rules.recognizers.base import (
    REGISTRY, Finder, Pattern, Recognizer, as_pattern, compile_patterns, contains, finds, get_recognizers,
    has_digits, pattern_hits, register,
)
from spacy_anon.rules.recognizers.addresses import ADDRESS
from spacy_anon.rules.recognizers.companies import COMPANY_NAME
from spacy_anon.rules.recognizers.contacts import PAGER, PHONE, PHONE_TAIL, USERNAME
from spacy_anon.rules.recognizers.credentials import CREDENTIAL, JWT, PRIVATE_KEY, SECRET_ASSIGNMENT, SECRET_TOKEN
from spacy_anon.rules.recognizers.fields import FIELD_NAME, FIELD_ORG, FIELD_PLACE
from spacy_anon.rules.recognizers.dates_ages import (
    AGE, CLINICAL_DATE, CLINICAL_MONTH_DAY, DATE, SHORT_DATE, SPELLED_DATE, TIME, YEAR, pain_score_near,
)
from spacy_anon.rules.recognizers.labelled_ids import ACCOUNT_NUMBER, DEVICE_ID, EMPLOYEE_ID, ID_NUMBER, REFERENCE_NUMBER
from spacy_anon.rules.recognizers.iberian_ids import (
    BR_CNPJ, BR_CPF, BR_RG, DNI_LOOSE_SCORE, DNI_SCORE, ES_CIF, ES_DNI, ES_NSS, PT_NIF,
)
from spacy_anon.rules.recognizers.names import (
    CARE_ROLE_NAME, FIRST_NAME_SOURCES, GREETED_NAME_ES_PT, INSTITUTION_NAME, KINSHIP_WORDS, RELATIVE_NAME,
    RELATIVE_NAME_ES_PT, RELATIVE_NAME_PATTERNS, SURNAME_PAIR, TITLED_NAME, TITLED_NAME_MAX_ZIPF, TRAVEL_NAME, WORD_NAME,
    first_names, surnames,
)
from spacy_anon.rules.recognizers.national_ids import (
    AU_ABN, AU_MEDICARE, AU_TFN, CA_SIN, GB_DRIVING_LICENCE, IE_PPS, IN_AADHAAR, IN_PAN, NHS_LOOSE_SCORE,
    NHS_SPACED_SCORE, PASSPORT, PASSPORT_CONTEXT, UK_NHS, UK_NINO, UK_UTR, UK_VAT, US_A_NUMBER, US_MBI, US_SSN,
    VEHICLE_PLATE,
)
from spacy_anon.rules.recognizers.online import (
    DEFANGED_IP, DEFANGED_URL, EMAIL, HANDLE, IP_ADDRESS, MAC_ADDRESS, MAX_HOST_REACH, URL, bare_domain_starts,
)
from spacy_anon.rules.recognizers.payment import (
    CARD_PATTERNS, CARD_TAIL, CREDIT_CARD, CRYPTO_WALLET, ETH_SCORE, IBAN, PAYMENT_ID, WALLET_SCORE,
)
from spacy_anon.rules.recognizers.places import (COMPILED_POSTAL, KNOWN_TOWN, POSTAL_CODE, POSTAL_LOCALES,
                                                 POSTAL_MIN_DIGITS, ROAD)
from spacy_anon.rules.recognizers.quantities import MEASURE, MONEY
from spacy_anon.rules.recognizers.speakers import SPEAKER_HANDLE, SPEAKER_NAME
from spacy_anon.rules.recognizers.spoken import (
    SPELLED_NAME, SPOKEN_ADDRESS, SPOKEN_DATE, SPOKEN_IP, SPOKEN_NUMBER, SPOKEN_PHONE, SPOKEN_POSTCODE, SPOKEN_TIME,
)
from spacy_anon.rules.recognizers.records import CASE_NUMBER, RECORD_NUMBER
from spacy_anon.rules.recognizers.us_tax_ids import US_DEA, US_EIN, US_ITIN, US_NPI
from spacy_anon.rules.recognizers.world_ids import DE_TAX_ID, FR_NIR, IT_FISCAL_CODE, NL_BSN, NZ_NHI, SG_NRIC, ZA_ID

# Every built-in recognizer, in registration order (the order `get_recognizers(("all",))` returns them).
BUILT_IN = (EMAIL, URL, IP_ADDRESS, PHONE, CREDIT_CARD, IBAN, US_SSN, ES_DNI, PASSPORT, RECORD_NUMBER,
            CASE_NUMBER, DATE, SPELLED_DATE, SHORT_DATE, CLINICAL_DATE, CLINICAL_MONTH_DAY, TIME, YEAR, AGE, MONEY,
            MEASURE,
            RELATIVE_NAME, TITLED_NAME, CARE_ROLE_NAME, PAGER, PHONE_TAIL, POSTAL_CODE, MAC_ADDRESS, HANDLE, CREDENTIAL, CRYPTO_WALLET, PAYMENT_ID, UK_NHS,
            UK_NINO, UK_UTR, GB_DRIVING_LICENCE, INSTITUTION_NAME, SURNAME_PAIR,
            ES_CIF, ES_NSS, BR_CPF, BR_CNPJ, BR_RG, PT_NIF, JWT, SECRET_ASSIGNMENT, PRIVATE_KEY, SECRET_TOKEN,
            DEFANGED_IP, DEFANGED_URL, USERNAME, ADDRESS, EMPLOYEE_ID, ACCOUNT_NUMBER, REFERENCE_NUMBER, DEVICE_ID, ID_NUMBER,
            SPEAKER_NAME, SPEAKER_HANDLE, SPOKEN_PHONE, SPOKEN_IP, SPOKEN_NUMBER, SPOKEN_POSTCODE, SPOKEN_ADDRESS,
            SPOKEN_DATE, SPOKEN_TIME, SPELLED_NAME, CARD_TAIL, VEHICLE_PLATE, FIELD_NAME, FIELD_PLACE, WORD_NAME,
            FIELD_ORG, IN_AADHAAR, IN_PAN, TRAVEL_NAME, KNOWN_TOWN, ROAD, CA_SIN, AU_TFN, AU_MEDICARE, AU_ABN,
            IE_PPS, US_MBI, US_A_NUMBER, UK_VAT, US_NPI, US_DEA, US_ITIN, US_EIN, SG_NRIC, ZA_ID, NZ_NHI, NL_BSN,
            FR_NIR, IT_FISCAL_CODE, DE_TAX_ID, COMPANY_NAME, RELATIVE_NAME_ES_PT, GREETED_NAME_ES_PT)

for _r in BUILT_IN:
    register(_r)

__all__ = [
    "BUILT_IN", "REGISTRY", "Finder", "Pattern", "Recognizer", "as_pattern", "compile_patterns", "contains",
    "finds", "get_recognizers", "has_digits", "pattern_hits", "register",
    "ACCOUNT_NUMBER", "ADDRESS", "AGE", "AU_ABN", "AU_MEDICARE", "AU_TFN", "CA_SIN", "IE_PPS", "UK_VAT", "US_A_NUMBER", "US_MBI",
    "COMPANY_NAME", "US_DEA", "US_EIN", "US_ITIN", "US_NPI", "DE_TAX_ID", "FR_NIR", "IT_FISCAL_CODE", "NL_BSN", "NZ_NHI", "SG_NRIC", "ZA_ID", "BR_CNPJ", "BR_CPF", "BR_RG", "CARD_PATTERNS", "CARD_TAIL", "CASE_NUMBER", "CLINICAL_DATE", "CLINICAL_MONTH_DAY", "COMPILED_POSTAL", "CREDENTIAL",
    "CREDIT_CARD", "CRYPTO_WALLET", "DATE", "DEVICE_ID", "DEFANGED_IP", "DEFANGED_URL", "DNI_LOOSE_SCORE", "DNI_SCORE",
    "EMAIL", "EMPLOYEE_ID", "ES_CIF", "ES_DNI", "ES_NSS", "ETH_SCORE",
    "FIRST_NAME_SOURCES", "GB_DRIVING_LICENCE", "HANDLE", "IBAN", "ID_NUMBER", "IN_AADHAAR", "IN_PAN", "INSTITUTION_NAME", "IP_ADDRESS",
    "JWT", "KINSHIP_WORDS", "MAC_ADDRESS", "MAX_HOST_REACH", "MEASURE", "MONEY", "NHS_LOOSE_SCORE", "NHS_SPACED_SCORE",
    "PAGER", "PASSPORT", "PAYMENT_ID", "PHONE_TAIL", "PASSPORT_CONTEXT", "PHONE", "POSTAL_CODE", "POSTAL_LOCALES", "POSTAL_MIN_DIGITS",
    "PRIVATE_KEY", "PT_NIF",
    "RECORD_NUMBER", "REFERENCE_NUMBER", "RELATIVE_NAME", "RELATIVE_NAME_ES_PT", "GREETED_NAME_ES_PT", "RELATIVE_NAME_PATTERNS", "SECRET_ASSIGNMENT", "SECRET_TOKEN",
    "SHORT_DATE", "SPEAKER_HANDLE", "SPEAKER_NAME", "SPELLED_DATE", "SPELLED_NAME", "SPOKEN_ADDRESS", "SPOKEN_DATE",
    "CARE_ROLE_NAME", "SPOKEN_IP", "SPOKEN_NUMBER", "SPOKEN_PHONE", "SPOKEN_POSTCODE", "SPOKEN_TIME", "SURNAME_PAIR", "TIME", "TITLED_NAME",
    "TITLED_NAME_MAX_ZIPF", "UK_NHS", "UK_NINO", "UK_UTR", "URL", "USERNAME", "US_SSN", "VEHICLE_PLATE", "WALLET_SCORE", "YEAR",
    "bare_domain_starts", "first_names", "pain_score_near", "surnames",
]
