"""National and tax identifiers of Spain, Portugal and Brazil."""
import re
from typing import Iterator, Tuple

from spacy_anon.rules import scanning
from spacy_anon.rules import validators as v
from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.recognizers.base import Finder, Pattern, Recognizer, compile_patterns, has_digits


# "12345678Z", "12.345.678-Z", "12345678-z", "X1234567L": eight digits (or seven, or X/Y/Z and seven;
# dotted in thousands as printed on forms), an optional dash or space, the check letter
_DNI_CANDIDATE = re.compile(
    r"(?<![\w\-])(?:\d{7,8}|(?<!\d\.)\d{1,2}\.\d{3}\.\d{3}|[XYZxyz]\d{7})([\- ]?)([A-Za-z])(?![\w\-])")
DNI_SCORE = 0.85  # canonical, dotted or dashed form of 8 digits with a valid check letter
DNI_LOOSE_SCORE = 0.3  # "12345678z", "1234567L": lower-case letter run on, or 7 digits: needs a context word


def _dni_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Spanish DNI / NIE numbers whose mod-23 check letter is right. Eight digits (or X/Y/Z and seven)
    with an upper-case letter, or dotted or dashed with a letter of either case ("12.345.678-z"), stand
    alone; a lower-case letter run on or a 7-digit DNI (written without its leading zero) needs a context
    word ("dni 12345678z"); "12345678 a" (a space before a lower-case letter) is a number and a word."""
    for m in matches(_DNI_CANDIDATE, text):
        sep, letter = m.group(1), m.group(2)
        if letter.islower() and sep == " ":
            continue
        if not v.es_dni_valid(m.group()):
            continue
        head = m.group()[:-1 - len(sep)]
        digits = head.replace(".", "")
        marked = sep == "-" or "." in head  # a form nobody writes for anything else
        canonical = len(digits) == 8 and digits[0] in "0123456789XYZxyz" and (letter.isupper() or marked)
        yield m.start(), m.end(), DNI_SCORE if canonical else DNI_LOOSE_SCORE, True


ES_DNI = Recognizer(
    name="rules.es_dni",
    label="ID",
    type="DNI",
    finder=_dni_finder,
    needs=(_DNI_CANDIDATE,),
    context=("dni", "nie", "nif", "documento", "identidad", "pasaporte"),
    prefilter=has_digits(7),
)

# Company NIF (the former CIF): an entity letter, seven digits, a control digit or letter ("B12345674",
# "B-1234567-4"). One in ten random codes of that shape passes, so it stands alone only just.
_CIF_CANDIDATE = re.compile(r"(?<![\w\-])[ABCDEFGHJNPQRSUVW]-?\d{7}-?[0-9A-J](?![\w\-])")
CIF_SCORE = 0.5
ES_CIF = Recognizer(
    name="rules.es_cif",
    label="ID",
    type="CIF",
    patterns=(Pattern(_CIF_CANDIDATE, 0.0),),
    validator=v.es_cif_valid,
    validated_score=CIF_SCORE,
    context=("cif", "c.i.f", "nif", "n.i.f", "empresa", "sociedad", "entidad", "razón social", "mercantil",
             "fiscal"),
    prefilter=has_digits(7),
)

# Social security number ("número de afiliación"): province (01-53, 66), seven or eight digits, two
# control digits (mod 97): "28 12345678 40", "28/12345678/40". Separated it stands alone; one run of
# digits needs a context word (a card or phone number passes the check one time in 97).
_NSS_CANDIDATE = re.compile(
    r"(?<![\w\-./])(?:0[1-9]|[1-4]\d|5[0-3]|66)([ /\-]?)\d{7,8}\1\d{2}(?![\w\-/]|[.,]\d)")
NSS_SCORE = 0.6
NSS_LOOSE_SCORE = 0.4  # with a context word it outscores the record number its cue also makes (0.7)


def _nss_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Spanish social security numbers whose mod-97 control digits hold."""
    for m in scanning.finditer(_NSS_CANDIDATE, text):
        if v.es_nss_valid(m.group()):
            yield m.start(), m.end(), NSS_SCORE if m.group(1) else NSS_LOOSE_SCORE, True


ES_NSS = Recognizer(
    name="rules.es_nss",
    label="ID",
    type="SSN",
    finder=_nss_finder,
    needs=(_NSS_CANDIDATE,),
    context=("seguridad social", "nss", "n.s.s", "naf", "afiliación", "afiliacion", "afiliado", "social security",
             "s.s"),
    negative_context=("tarjeta", "card", "teléfono", "telefono", "phone", "iban", "cuenta"),
    prefilter=has_digits(11),
)

# ---------------------------------------------------------------- Brazil
# CPF (individual taxpayer) "123.456.789-09", CNPJ (company) "11.222.333/0001-81": the printed forms
# stand alone when both check digits hold; a bare run of 11 or 14 digits needs a context word (a mobile
# number or a card can pass).
_CPF_CANDIDATE = re.compile(r"(?<![\w\-./])(?:\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})(?![\w\-/]|[.,]\d)")
_CNPJ_CANDIDATE = re.compile(r"(?<![\w\-./])(?:\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}|\d{14})(?![\w\-/]|[.,]\d)")
BR_PRINTED_SCORE = 0.85
BR_BARE_SCORE = 0.4  # with a context word it outscores a record number ("CNPJ sob o n.º ...")


def _checked_finder(candidate: "re.Pattern[str]", valid) -> Finder:
    """Candidates whose check digits hold: the printed (punctuated) form scores to stand alone."""

    def find(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
        for m in scanning.finditer(candidate, text):
            if valid(m.group()):
                printed = not m.group().isdigit()
                yield m.start(), m.end(), BR_PRINTED_SCORE if printed else BR_BARE_SCORE, True

    return find


BR_CPF = Recognizer(
    name="rules.br_cpf",
    label="ID",
    type="CPF",
    finder=_checked_finder(_CPF_CANDIDATE, v.br_cpf_valid),
    needs=(_CPF_CANDIDATE,),
    context=("cpf", "c.p.f", "cadastro de pessoas", "contribuinte", "inscrito"),
    negative_context=("telefone", "celular", "tel", "phone", "whatsapp", "cartão", "cartao", "card"),
    prefilter=has_digits(11),
)
BR_CNPJ = Recognizer(
    name="rules.br_cnpj",
    label="ID",
    type="CNPJ",
    finder=_checked_finder(_CNPJ_CANDIDATE, v.br_cnpj_valid),
    needs=(_CNPJ_CANDIDATE,),
    context=("cnpj", "c.n.p.j", "empresa", "inscrita", "inscrito"),
    negative_context=("cartão", "cartao", "card"),
    prefilter=has_digits(14),
)

# RG (identity card) "12.345.678-9", "1.234.567-X": states number it differently and not all print a
# check digit, so the shape needs a context word; the span is the whole number, never its tail.
BR_RG = Recognizer(
    name="rules.br_rg",
    label="ID",
    type="RG",
    patterns=compile_patterns([
        (r"(?<![\w\-./])\d{1,2}\.\d{3}\.\d{3}-?[\dXx](?![\w\-/]|[.,]\d)", 0.3, 0),
        (r"(?i)\b(?:rg|r\.g\.)[ \t]{0,3}(?:n[º°o]\.?[ \t]{0,3})?[:#]?[ \t]{0,3}(\d{5,9}-?[\dX])(?![\w\-/]|[.,]\d)",
         0.7, 1),
    ]),
    context=("rg", "r.g", "identidade", "registro geral", "registo geral", "carteira de identidade", "ssp",
             "documento"),
    prefilter=has_digits(6),
)

# ---------------------------------------------------------------- Portugal
# NIF / NIPC: nine digits with a mod-11 check digit. Any nine digits pass one time in eleven and
# Portuguese phone numbers have nine digits too, so a number counts only right after a tax word
# ("NIF 232013969", "contribuinte n.º 232 013 969", "NIPC: PT501442600"); then it is a NIF, not a phone.
_NIF_CUE = re.compile(
    r"(?i)\b(?:nif|nipc|n\.i\.f\.?|contribuinte|n[úu]mero (?:de identifica[çc][ãa]o )?fiscal|vat|tax number)\b"
    r"(?=[^\n\d]{0,25}\Z)")
# words that may stand between the tax word and the number ("contribuinte n.º", "NIF da empresa: ...")
_NIF_GAP_WORDS = frozenset({"número", "numero", "number", "fiscal", "contribuinte", "empresa", "pessoa",
                            "coletiva", "singular", "sujeito", "passivo"})
_NIF_CANDIDATE = re.compile(r"(?<![\w\-.])(?:PT ?)?(\d{9}|\d{3} \d{3} \d{3})(?![\w\-]|[.,]\d| \d)")
NIF_SCORE = 0.9
NIF_CUE_REACH = 40


def _pt_nif_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Portuguese NIFs that pass the check right after a tax word (within 40 characters on the line, with
    no other word of four letters or more between them than `_NIF_GAP_WORDS`)."""
    for m in scanning.finditer(_NIF_CANDIDATE, text):
        if not v.pt_nif_valid(m.group(1)):
            continue
        cues = list(_NIF_CUE.finditer(text, max(0, m.start() - NIF_CUE_REACH), m.start()))
        gap = text[cues[-1].end():m.start()] if cues else None  # after the nearest tax word
        if gap is not None and all(w.lower() in _NIF_GAP_WORDS for w in re.findall(r"[^\W\d_]{4,}", gap)):
            yield m.start(), m.end(), NIF_SCORE, True


PT_NIF = Recognizer(
    name="rules.pt_nif",
    label="ID",
    type="NIF",
    finder=_pt_nif_finder,
    needs=(_NIF_CANDIDATE,),
    prefilter=has_digits(9),
)
