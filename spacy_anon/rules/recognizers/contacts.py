"""Telephone contacts: phone numbers (per region, `spacy_anon.rules.phones`) and pager numbers."""
from typing import Iterator, Tuple

from spacy_anon.rules.phones import find_phones
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, finds, has_digits


def _phone_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    return find_phones(text, getattr(options, "phone_regions", ("US",)))


PHONE = Recognizer(
    name="rules.phone",
    label="CONTACT",
    type="PHONE",
    finder=_phone_finder,
    context=(
        "phone", "phones", "telephone", "tel", "tel.", "mobile", "cell", "cellphone", "fax", "desk", "office",
        "call", "calling", "called", "dial", "reach", "contact", "text", "sms", "phone number", "my number",
        "our number", "your number", "his number", "her number", "contact number", "number to call",
        "whatsapp", "message", "messages", "answering", "landline", "hotline", "ext",
        "teléfono", "telefono", "tlf", "tfno", "móvil", "movil", "celular", "llamar", "llame",
        "telefone", "telemóvel", "telemovel", "ligar", "ligue", "contacto", "contato", "contactar", "contatar",
        "llamar", "llame", "telefonear", "telefonar",
    ),
    negative_context=(
        "abg", "card", "credit", "iban", "account", "isbn", "ssn", "invoice", "order", "page", "tarjeta", "cartão",
        "license", "licence", "driver", "passport", "ticket", "tracking", "serial", "reference", "ref", "lot",
        "model", ">euros", ">eur", ">dollars", ">usd", ">pesos", ">reais", ">libras", ">pounds", ">inhabitants",
        ">habitantes", ">people", ">personas", ">pessoas", ">km", ">kg", ">metres", ">meters", ">units", "apt", "suite", "street", "st", "ave", "avenue", "road",
        "rd", "blvd", "lane", "utr", "nhs", "nino", "wallet",
    ),
    prefilter=has_digits(7),
)


# Hospital pager numbers are 4-7 digits, too short for a phone number: only after the word "pager"
PAGER = Recognizer(
    name="rules.pager",
    label="CONTACT",
    type="PAGER",
    # bounded spaces: "\s*x?\s*" would try every split of a long run of spaces
    patterns=compile_patterns([(r"(?i)\b(?:pager|beeper|pgr|bpr)\s{0,3}(?:(?:#|no\.?|number)\s{0,3})?(?::\s{0,3})?"
                        r"(\d{4,7})(?![\w/]|[.,-]\d)", 0.8, 1)]),
    prefilter=finds(r"(?i)pager|beeper|pgr|bpr"),
)
