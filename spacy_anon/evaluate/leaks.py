"""Leak test: plant known values in hidden, inflected and cased forms into real documents, anonymize,
and count which survive.

Recall against a gold annotation says nothing about forms the annotators never saw: a surname before a
possessive, a name in capitals, an SSN wrapped at a hyphen, an e-mail written "[at]" or with look-alike
letters of another script, a name glued to a control character, hyphenated across a line break, or
detected in one chunk of a long document and repeated in another. Here the values are ours, so survival
is checked exactly: a planted value survives when its characters (invisible characters and separators
ignored, case ignored, look-alike letters read as the Latin ones) are still in the output. Pure functions; the runner
is `benchmarks/leak_benchmark.py`.
"""
import random
import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Dict, List, Sequence, Tuple

from spacy_anon.errors import Errors
from spacy_anon.rules.validators import luhn_check_digit
from spacy_anon.text_views import INVISIBLE_CHARS, fold_confusables, visible_text

ZWSP, SHY, NUL = "\u200b", "\u00ad", "\x00"
# Latin letters and a Cyrillic or Greek look-alike of each (homoglyph forms)
HOMOGLYPHS = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "x": "\u0445",
              "y": "\u0443", "i": "\u0456", "j": "\u0458", "s": "\u0455", "K": "\u039a", "M": "\u041c",
              "T": "\u0422", "E": "\u0415", "O": "\u041e", "P": "\u0420", "C": "\u0421", "A": "\u0410"}
CHUNK_LENGTH = 500  # characters per chunk of the "other chunk" forms (as `--max-length 500`)


def homoglyphs(value: str, n: int = 2) -> str:
    """`value` with its first `n` letters that have a look-alike of another script replaced by it."""
    out = list(value)
    for i, c in enumerate(out):
        if n and c in HOMOGLYPHS:
            out[i], n = HOMOGLYPHS[c], n - 1
    return "".join(out)


@dataclass(frozen=True)
class Plant:
    """One planted value: its kind ("ssn", "name"...), the form it was written in, the sentence that
    carries it, and the core that must not survive (compared with `core_of`)."""

    kind: str
    form: str
    sentence: str
    core: str
    far: str = ""  # a second sentence, planted at the other end of the document (see `plant_into`)
    max_length: int = 0  # when set, the document is anonymized in chunks of this many characters


def core_of(text: str) -> str:
    """Letters and digits only, case and accents folded, invisible characters gone: how survival is
    checked ("536-22-\\n1784" and "536 22 1784" both have the core "536221784")."""
    text = fold_confusables(unicodedata.normalize("NFKC", text))
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", "", text).lower()


# invisible or control characters between two letters (`_words` reads a lower-case letter before them and a
# capital after them as a word break: "witness\x00Anna" shows "Anna")
_GLUED = re.compile("(?<=[^\\W\\d_])([" + re.escape(INVISIBLE_CHARS + "".join(
    chr(c) for c in (*range(0x09), 0x0e, 0x0f, *range(0x10, 0x20), 0x7f, *range(0x80, 0x85), *range(0x86, 0xa0))))
    + "]+)(?=[^\\W\\d_])")


def _split_glued(text: str) -> str:
    return _GLUED.sub(lambda m: " " if text[m.start() - 1].islower() and text[m.end()].isupper() else m.group(),
                      text)


def _words(text: str) -> List[str]:
    text = fold_confusables(visible_text(_split_glued(unicodedata.normalize("NFKC", text))))
    return [core_of(w) for w in re.findall(r"[^\W_]+", text)]


def count_core(plant: Plant, text: str) -> int:
    """How often the plant's core can be read in `text`: names as whole words (case, accents and
    invisible characters ignored; "king" is not in "seeking"), other values in the text's letters and
    digits run together (separators may hide them: "536-22-\n1784")."""
    if plant.kind == "name":
        return _words(text).count(plant.core)
    return core_of(text).count(plant.core)


def survives(plant: Plant, anonymized: str, unplanted: str = "") -> bool:
    """Whether the planted value is still readable in the anonymized text: more occurrences of its core
    than the document had before the plant (a surname that is also a word of the document, "Long",
    does not count as a leak by itself)."""
    return count_core(plant, anonymized) > count_core(plant, unplanted)


# ------------------------------------------------------------------------------------------ values
def iban_gb(rng: random.Random) -> str:
    """A valid GB IBAN (mod-97 check digits computed), grouped by four."""
    bban = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + \
        "".join(str(rng.randint(0, 9)) for _ in range(14))
    numeric = "".join(str(int(c, 36)) for c in bban + "GB00")
    check = 98 - int(numeric) % 97
    iban = f"GB{check:02d}{bban}"
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def ssn(rng: random.Random) -> str:
    area = rng.choice([n for n in range(101, 899) if n != 666])
    return f"{area:03d}-{rng.randint(10, 99):02d}-{rng.randint(1000, 9999):04d}"


def phone(rng: random.Random) -> str:
    area = rng.choice(["212", "415", "617", "312", "206", "303", "404", "512"])
    return f"{area}-{rng.randint(200, 999)}-{rng.randint(1000, 9999)}"


def card(rng: random.Random) -> str:
    body = "4" + "".join(str(rng.randint(0, 9)) for _ in range(14))
    number = body + luhn_check_digit(body)
    return " ".join(number[i:i + 4] for i in range(0, 16, 4))


def email(rng: random.Random) -> Tuple[str, str]:
    user = rng.choice(["anna", "jkowal", "m.berg", "peter_x", "olga"]) + str(rng.randint(10, 9999))
    domain = rng.choice(["gmail.com", "example.org", "mail.co.uk", "outlook.com"])
    return user, domain


# ------------------------------------------------------------------------------------------ forms
def _hide_digits(value: str, form: str) -> str:
    if form == "plain":
        return value
    if form == "zero-width space":
        i = len(value) // 2
        return value[:i] + ZWSP + value[i:]
    if form == "soft hyphen":
        i = len(value) - 2
        return value[:i] + SHY + value[i:]
    if form == "en dash":
        return value.replace("-", "\u2013").replace(" ", "\u2013")
    if form == "line break":
        i = value.rfind("-") if "-" in value else value.rfind(" ")
        return value[:i + 1] + "\n" + value[i + 1:]
    if form == "spaced digits":
        return " ".join(c for c in value if c.isalnum())
    if form == "full-width digits":
        return "".join(chr(ord(c) - 0x30 + 0xFF10) if c.isdigit() else c for c in value)
    raise ValueError(Errors.E740.format(form=form))


DIGIT_FORMS = ("plain", "zero-width space", "soft hyphen", "en dash", "line break", "spaced digits",
               "full-width digits")
EMAIL_FORMS = ("plain", "zero-width space", "NUL", "[at] [dot]", "(at) (dot)", "spelled at", "homoglyph")
NAME_FORMS = ("plain", "possessive", "curly possessive", "title possessive", "upper case", "lower case",
              "zero-width space", "soft hyphen", "homoglyph", "line-break hyphen", "title only",
              "control glued", "zero-width glued", "other chunk before", "other chunk after",
              "common word, lower case", "common word, sentence start", "lower case after a title",
              "surname in apposition")  # NAME_SENTENCES, and below
# surnames that are also ordinary English words, with a first name (the "common word" forms)
COMMON_WORD_PEOPLE = (("John", "Smith"), ("Rose", "Baker"), ("Will", "Young"), ("Mary", "Cook"),
                      ("Tom", "White"), ("Anne", "King"), ("Paul", "Miller"), ("Ruth", "Long"))
# the ordinary use of each of those words, which must stay (kind "ordinary": surviving is right there)
ORDINARY_USES = {"Smith": "The smith forged a blade.", "Baker": "The baker sold bread.",
                 "Young": "Young people came.", "Cook": "The cook made soup.", "White": "The white car left.",
                 "King": "The king was crowned.", "Miller": "The miller ground wheat.", "Long": "It was a long day."}
# dates of birth as people tell them: form -> (sentence, the value that must not survive)
DATE_SENTENCES = {
    "day of month": ("She was born on the fourteenth of March and grew up abroad.", "fourteenth of March"),
    "month the day": ("His birthday is March the twenty-first, he said.", "March the twenty-first"),
    "ordinal with year in words": ("He was born on the 3rd of May, nineteen ninety.", "3rd of May, nineteen ninety"),
    "year in words": ("The applicant was born in nineteen eighty-five in a small town.", "nineteen eighty-five"),
    "season and short year": ("They met in the spring of '85 and married later.", "spring of '85"),
}
DATE_FORMS = tuple(DATE_SENTENCES)

STRUCTURED_TEMPLATES: Dict[str, Tuple[str, Callable[[random.Random], str]]] = {
    "ssn": ("Her social security number is {v}.", ssn),
    "phone": ("Please call {v} for the records.", phone),
    "card": ("The fee was paid by credit card {v}.", card),
    "iban": ("The amount was transferred to IBAN {v}.", iban_gb),
}


def _email_form(user: str, domain: str, form: str) -> str:
    name, tld = domain.split(".", 1)
    if form == "plain":
        return f"{user}@{domain}"
    if form == "zero-width space":
        return f"{user[:2]}{ZWSP}{user[2:]}@{domain}"
    if form == "NUL":
        return f"{user}{NUL}@{domain}"
    if form == "[at] [dot]":
        return f"{user} [at] {name} [dot] {tld}"
    if form == "(at) (dot)":
        return f"{user}(at){name}(dot){tld}"
    if form == "spelled at":
        return f"{user} at {domain}"
    if form == "homoglyph":  # look-alike letters of another script in the user name and the domain
        return f"{homoglyphs(user)}@{homoglyphs(domain, 1)}"
    raise ValueError(Errors.E740.format(form=form))


# name form -> sentence written after "The witness {first} {last} was heard by the court." ({hidden}: the
# surname with {mark} inside after its third letter)
NAME_SENTENCES = {
    "plain": "The court then heard {first} {last} again.",
    "possessive": "{first} {last}'s lawyer said nothing.",
    "curly possessive": "The court read {first} {last}\u2019s statement.",
    "title possessive": "Mr {last}'s solicitor wrote to the court.",
    "upper case": "Later {upper} signed the record.",
    "lower case": "Later {lower} signed the record.",
    "zero-width space": "Later Mr {hidden_zwsp} signed the record.",
    "soft hyphen": "Later Mr {hidden_shy} signed the record.",
    "homoglyph": "Later Mr {homoglyph} signed the record.",
    "line-break hyphen": "Later Mr {wrapped} signed the record.",
    "common word, lower case": "Later, {lower} agreed to the terms.",
    "common word, sentence start": "{last} said nothing more.",
    "lower case after a title": "Then Mr {lower} went home.",
    "surname in apposition": "The claimant, {last}, was born in Poland.",
}


def _name_sentences(first: str, last: str, form: str) -> Tuple[str, str]:
    """(sentence with the detected full name, sentence with the form of the surname)."""
    if form == "title only":  # the title is all a tagger may see
        return f"Mr {last}\u2019s opinion was clear.", "He left."
    if form in ("control glued", "zero-width glued"):  # glued after a word: one word to a naive tokenizer
        glue = NUL if form == "control glued" else ZWSP
        return f"The record was signed by the witness{glue}{first} {last} on that day.", "He left."
    if form not in NAME_SENTENCES:
        raise ValueError(Errors.E740.format(form=form))
    intro = f"The witness {first} {last} was heard by the court."
    return intro, NAME_SENTENCES[form].format(
        first=first, last=last, upper=last.upper(), lower=last.lower(),
        hidden_zwsp=last[:3] + ZWSP + last[3:], hidden_shy=last[:3] + SHY + last[3:],
        homoglyph=homoglyphs(last), wrapped=last[:_wrap_at(last)] + "-\n" + last[_wrap_at(last):])


def _wrap_at(last: str) -> int:
    """Where a surname is wrapped: after its third letter, leaving at least three after the break (a
    two-letter tail, "by" of "Kirby", is also a word of the plant's sentence)."""
    return max(1, min(3, len(last) - 3))


def make_plants(rng: random.Random, people: Sequence[Tuple[str, str]]) -> List[Plant]:
    """One plant per kind and form: structured identifiers in every digit form, e-mails in every
    e-mail form, names (from `people`, (first, last); `COMMON_WORD_PEOPLE` for the common-word forms) in
    every name form, dates of birth in words in every date form, and the common-word surnames in their
    ordinary use after the person's name (kind "ordinary": there a surviving word is right, a masked one
    an over-mask)."""
    plants: List[Plant] = []
    for kind, (template, make) in STRUCTURED_TEMPLATES.items():
        for form in DIGIT_FORMS:
            value = make(rng)
            plants.append(Plant(kind, form, template.format(v=_hide_digits(value, form)), core_of(value)))
    for form in EMAIL_FORMS:
        user, domain = email(rng)
        plants.append(Plant("email", form, f"You can write to {_email_form(user, domain, form)} at any time.",
                            core_of(user)))
    for form in NAME_FORMS:
        first, last = people[rng.randrange(len(people))]
        if form.startswith("other chunk"):  # the name detected in one chunk, in capitals in another
            intro, later = f"The witness {first} {last} was heard by the court.", f"Later {last.upper()} signed."
            sentence, far = (intro, later) if form == "other chunk before" else (later, intro)
            plants.append(Plant("name", form, sentence, core_of(last), far=far, max_length=CHUNK_LENGTH))
            continue
        if form.startswith("common word"):  # a surname that is also an ordinary word
            first, last = COMMON_WORD_PEOPLE[rng.randrange(len(COMMON_WORD_PEOPLE))]
        intro, sentence = _name_sentences(first, last, form)
        # a wrapped surname leaves its tail if only the head is masked, a glued name its first name: that
        # is what must not survive
        core = core_of(last[_wrap_at(last):]) if form == "line-break hyphen" else \
            core_of(first) if form.endswith("glued") else core_of(last)
        plants.append(Plant("name", form, f"{intro} {sentence}", core))
    for form, (sentence, value) in DATE_SENTENCES.items():
        plants.append(Plant("date", form, sentence, core_of(value)))
    for first, last in COMMON_WORD_PEOPLE:  # over-masking: the word in its ordinary use after the person
        intro = f"The witness {first} {last} was heard by the court."
        plants.append(Plant("ordinary", last.lower(), f"{intro} {ORDINARY_USES[last]}", core_of(last)))
    return plants


def plant_into(text: str, plant: Plant, rng: random.Random) -> str:
    """`text` with the plant's sentence added as a paragraph of its own after a random paragraph; a plant
    with a `far` sentence has its sentence at the start of the text and the far one at the end (several
    chunks apart when the text is anonymized in chunks)."""
    if plant.far:
        return f"{plant.sentence}\n\n{text}\n\n{plant.far}\n"
    breaks = [m.end() for m in re.finditer(r"\n\s*\n|\n", text)]
    at = rng.choice(breaks) if breaks else len(text)
    return f"{text[:at]}{plant.sentence}\n\n{text[at:]}"


def tally(results: Sequence[Tuple[Plant, bool]]) -> Dict[str, Dict[str, Dict[str, int]]]:
    """{kind: {form: {"planted": n, "survived": k}}} of (plant, survived) pairs."""
    out: Dict[str, Dict[str, Dict[str, int]]] = {}
    for plant, survived in results:
        cell = out.setdefault(plant.kind, {}).setdefault(plant.form, {"planted": 0, "survived": 0})
        cell["planted"] += 1
        cell["survived"] += int(survived)
    return out
