"""Payment and bank identifiers: card numbers (Luhn), IBANs (mod 97), crypto-currency wallets."""
import re
from typing import Iterator, Tuple

from spacy_anon.rules import scanning
from spacy_anon.rules import validators as v
from spacy_anon.rules import wallets
from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.recognizers.base import (
    DIGITS_END, Recognizer, compile_patterns, finds, has_digits, keyed_before, last_digits, pattern_hits,
)


# A card number may be followed by its expiry date and security code ("4012 8888 8888 1881 12/25",
# "4111-1111-1111-1111 123"), but not by more digit groups (then it is part of a longer number).
_EXPIRY = r"(?:0[1-9]|1[0-2])/(?:\d{4}|\d{2})"
_CARD_AFTER = r"(?![\d]|[ \-]\d)"


def _card_after(code_digits: str) -> str:
    """Lookahead: nothing but an expiry date and/or a security code of `code_digits` digits follows."""
    return rf"(?=(?:[ ](?:{_EXPIRY}|\d{{{code_digits}}})){{0,2}}{_CARD_AFTER})"


CARD_PATTERNS = compile_patterns([
    # 4-4-4-4 groups (also 4-4-4-1..7) with spaces or dashes, 4-6-5 (Amex, Diners), or 12-19 digits in one run
    (rf"(?<![\d\-])\d{{4}}([ \-])\d{{4}}\1\d{{4}}\1\d{{1,7}}{_card_after('3')}", 0.3, 0),
    (rf"(?<![\d\-])\d{{4}}([ \-])\d{{6}}\1\d{{4,5}}{_card_after('3,4')}", 0.3, 0),
    (r"(?<![\w\-])\d{12,19}(?![\w]|-\d)", 0.2, 0),
])
# An IBAN's country code, check digits and leading groups just before: the digits are the rest of an
# (invalid) IBAN, not a card ("GB82 WEST 1234 5698 7654 33").
_IBAN_BEFORE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \-]?[A-Za-z0-9]){0,30}[ \-]\Z")


def _card_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Card-number candidates that are not the tail of an IBAN-shaped string."""
    for start, end, score in pattern_hits(text, CARD_PATTERNS):
        if _IBAN_BEFORE.search(text, max(0, start - 40), start):
            continue
        yield start, end, score


CREDIT_CARD = Recognizer(
    name="rules.credit_card",
    label="ID",
    type="CARD",
    finder=_card_finder,
    needs=tuple(p.regex for p in CARD_PATTERNS),
    validator=v.credit_card_valid,
    validated_score=0.65,
    keyed=("card number", "card no", "credit card", "debit card"),
    context=("card", "credit", "debit", "cc", "visa", "mastercard", "amex", "american express", "discover",
             "maestro", "jcb", "diners", "tarjeta", "crédito", "cartão", "cartao", "número de tarjeta"),
    negative_context=("isbn", "order", "tracking", "invoice"),
    prefilter=has_digits(12),
)

# IBAN candidates: a country code, check digits and 11-32 letters or digits, optionally separated by single
# spaces or dashes; one character per step, so the split into groups is never guessed.
_IBAN_CANDIDATE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \-]?[A-Za-z0-9]){11,32}(?![A-Za-z0-9])")


def _iban_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """IBAN candidates; when the full run fails mod-97, shorter runs (dropping trailing groups such as a
    following word) are tried, so "ES91 2100 ... 1332 and" still yields the IBAN."""
    for m in _IBAN_CANDIDATE.finditer(text):
        value = m.group()
        while len(value) >= 15:
            if v.iban_valid(value):
                yield m.start(), m.start() + len(value), 0.9, True
                break
            cut = max(value.rfind(" "), value.rfind("-"))
            if cut <= 4:
                value = ""
            else:
                value = value[:cut]
        else:  # none valid: "IBAN: GB29 NWBK ..." mistyped is still one, up to its last group with a digit
            if keyed_before(text, m.start(), ("iban",)):
                groups = re.split(r"([ \-])", m.group())
                while not any(ch.isdigit() for ch in groups[-1]):
                    del groups[-2:]
                yield m.start(), m.start() + len("".join(groups)), 0.6, False


IBAN = Recognizer(
    name="rules.iban",
    label="ID",
    type="IBAN",
    finder=_iban_finder,
    needs=(_IBAN_CANDIDATE,),
    context=("iban", "account", "bank", "transfer", "wire", "cuenta", "conta", "banco", "transferencia",
             "transferência"),
    prefilter=has_digits(8),
)


# ---------------------------------------------------------------- ID: crypto wallets
_BASE58_ADDRESS = re.compile(r"(?<![\w])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![\w])")
_BECH32_ADDRESS = re.compile(r"(?<![\w])(?:bc1[ac-hj-np-z02-9]{8,87}|BC1[AC-HJ-NP-Z02-9]{8,87})(?![\w])")
_ETH_ADDRESS = re.compile(r"(?<![\w])0x[0-9a-fA-F]{40}(?![\w])")
WALLET_SCORE = 0.9  # the checksum holds
ETH_SCORE = 0.6  # shape only (EIP-55 needs Keccak-256)


def _wallet_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Bitcoin addresses whose Base58Check or Bech32(m) checksum holds, and Ethereum-shaped addresses."""
    for m in scanning.finditer(_BASE58_ADDRESS, text):
        if wallets.bitcoin_base58_valid(m.group()):
            yield m.start(), m.end(), WALLET_SCORE, True
    for m in matches(_BECH32_ADDRESS, text):
        if wallets.bech32_valid(m.group()):
            yield m.start(), m.end(), WALLET_SCORE, True
    for m in scanning.finditer(_ETH_ADDRESS, text):
        yield m.start(), m.end(), ETH_SCORE, False


CRYPTO_WALLET = Recognizer(
    name="rules.crypto_wallet",
    label="ID",
    type="CRYPTO",
    finder=_wallet_finder,
    needs=(_BASE58_ADDRESS, _BECH32_ADDRESS, _ETH_ADDRESS),
    context=("wallet", "bitcoin", "btc", "ethereum", "eth", "crypto", "address", "send", "usdt", "metamask"),
)


# A payment platform's object id, as support tickets quote them ("pi_3Qx88aL", "ch_3MmlLrLkdIwHu7ix"): a
# short type prefix, an underscore and a run of letters and digits with both, which names one payment
# of one customer (Stripe's prefixes; "cs_test_..." sessions too)
PAYMENT_ID = Recognizer(
    name="rules.payment_id",
    label="ID",
    type="PAYMENT",
    patterns=compile_patterns([
        (r"(?<![\w-])(?:pi|ch|py|pm|re|in|ii|sub|cus|txn|acct|po|tr|seti|cs(?:_test|_live)?|src|card|ba|dp)_"
         r"(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{6,40}(?![\w-])", 0.8, 0),
    ]),
    prefilter=has_digits(1),
)


# The last digits a writer gives of a payment card ("my Visa ending 4412", "the card ending in 0193", "last
# four digits of the card: 5521", "**** **** **** 1234"): with the bank and the date they narrow a payment
# to one card. A full number is `rules.credit_card`'s; the digits of a phone are `rules.phone_tail`'s.
_CARD_WORDS = r"(?:card|visa|mastercard|master[ \t]card|amex|american[ \t]express|maestro|discover|debit|credit)"
CARD_TAIL = Recognizer(
    name="rules.card_tail",
    label="ID",
    type="CARD",
    patterns=compile_patterns([
        (rf"(?i)\b{_CARD_WORDS}\b[^\n.]{{0,20}}?" + last_digits(r"\d{4}"), 0.7, 1),
        (rf"(?i)\blast[ \t]+(?:four|4)(?:[ \t]+digits)?(?:[ \t]+of[ \t]+(?:the|my|your|his|her|their|this)[ \t]+"
         rf"(?:{_CARD_WORDS}[ \t]+)?card)?[ \t]*(?:(?:are|is|were|was)[ \t]+|[:=][ \t]*)?(\d{{4}}){DIGITS_END}", 0.6, 1),
        (rf"(?<![\w*•])(?:[*xX•]{{4}}[ \-]?){{3}}(\d{{4}}){DIGITS_END}", 0.7, 1),  # "**** **** **** 1234"
        (rf"(?<![\w*•])[*xX•]{{8,15}}(\d{{4}}){DIGITS_END}", 0.7, 1),  # "************1234"
    ]),
    prefilter=finds(r"(?i)end|finishing|last|\*{4}|xxxx|••••"),
)
