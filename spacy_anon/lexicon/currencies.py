"""ISO 4217 codes of the currencies court judgments and everyday documents name: what the amount rules
(`spacy_anon.rules.amounts`) match before an amount, and what truecasing writes in capitals ("usd 5,000"
is "USD 5,000"); current codes and the euro area's former ones ("DEM", "FRF")."""

CURRENCY_CODES = (
    "EUR", "USD", "GBP", "SEK", "NOK", "DKK", "CHF", "PLN", "TRY", "TRL", "RUB", "CZK", "HUF", "RON", "BGN",
    "HRK", "UAH", "ISK", "JPY", "CAD", "AUD", "NZD", "CNY", "INR", "BRL", "MXN", "ARS", "COP", "CLP",
    "ATS", "BEF", "DEM", "ESP", "FIM", "FRF", "GRD", "IEP", "ITL", "LUF", "NLG", "PTE", "SIT", "SKK",
    # Africa's and Asia's most written ("NGN 40,000", "KES 2,500"); not "PHP" (a language's version: "PHP
    # 8.2") or "SAR" (a subject access request's number)
    "NGN", "KES", "ZAR", "GHS", "EGP", "PKR", "BDT", "LKR", "SGD", "HKD", "AED", "MYR", "KRW", "THB", "IDR",
)
