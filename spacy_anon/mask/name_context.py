"""What the words around a tagger's name say it is, when its own text says nothing (`span_kinds`).

A tagger labels a name from a few words of context and often gets the kind wrong where a layout or a
word before the name decides it plainly:

- a value after a form's name field at a line's start ("Name: Ifeoma Nwachukwu", "PT: KOWALCZYK,
  ANDRZEJ", "First name(s): Oksana", a ticket's "Requester:") is a person's name, whatever a tagger
  called it, and so is a name in brackets inside it ("Name: Oluwadamilare (Dami) Adeleke");
- a name right after a title, a kinship word or a greeting ("(DR FARUQI)", "her daughter Chidinma") is a person's;
- one capitalised word after an organisation's name and a comma ("Westcombe Housing Group, Bristol", "PayNova
  SRL, Cluj-Napoca") is its town, as a CV, a letterhead or a signature writes an employer's place;
- a word with a colon after a run of spaces inside a line ("Name: Ana Ruiz  Company: self") is the next
  field's label, no value: dropped (at a line's start it may be a speaker's name: "Ruiz: yes");
- a bare street after a preposition of place or movement ("on Ditton Road", "down Elm Row") is a street:
  LOC ("Downing Street said" names an office, and keeps a tagger's ORG);
- a city or country of GeoNames after a preposition of place or movement ("He is from Leeds", "enviou a
  Roma", "mora em Roma") is a place: LOC, where a tagger said ORG or a group of people (the Roma people).

Pure functions over the text and character offsets; `span_kinds` calls them only for a span whose own
shape (`category_by_shape`) proved nothing.
"""
import re
from typing import Callable, List, Tuple

from spacy.tokens import Doc

from spacy_anon.lexicon.category_words import JOB_NOUNS, ORG_HEAD_PAIRS, ORG_HEADS, ROLE_WORDS
from spacy_anon.lexicon.generic_words import FIELD_KEYS, dictionary_test, folded, is_past_or_progressive, zipf
from spacy_anon.lexicon.given_names import WORD_GIVEN_NAMES
from spacy_anon.lexicon.honorifics import CARE_ROLES, DEFAULT_HONORIFICS
from spacy_anon.mask.form_keys import (  # noqa: F401  (re-exported)
    column_key, common_words_key, identifier_scheme, plain_cell)
from spacy_anon.mask.software_words import software_word
from spacy_anon.rules.recognizers.addresses import STREET_TYPE_WORDS
from spacy_anon.rules.recognizers.fields import TABLE_KEYS, field_key
from spacy_anon.rules.recognizers.names import KINSHIP_WORDS, last_names
from spacy_anon.tagger.span_filters.base import stop_words

# a form's field for a person's name, alone before the value on its line
NAME_FIELD = re.compile(
    r"(?i)[ \t]*(?:(?:full|first|given|last|family|middle|patient(?:'s)?|client(?:'s)?|maiden)[ \t]+)?"
    r"(?:(?:name|surname|forename)s?(?:[ \t]*\(s\))?|patient|pt|requester|requested[ \t]+by|reported[ \t]+by|"
    r"assignee|next[ \t]+of[ \t]+kin|child|pupil|student|employee|tenant|claimant|witness|victim|injured[ \t]+person|"
    r"service[ \t]+user|caller|member|dependants?|dependents?|policy[ \t]?holder|insured|beneficiar(?:y|ies)|"
    r"account[ \t]+holder|(?:line[ \t]+)?manager|supervisor|referrer|engineer|technician|prescriber|"
    r"(?:attending|referring|treating)(?:[ \t]+(?:physician|doctor|clinician))?|"
    r"surveyor|inspector|caseworker|key[ \t]?worker|landlord|landlady|trainer|tutor|teacher|coach|instructor|"
    r"assessor|interviewer|reviewer|mentor|counsellor|counselor|therapist|driver|author|owner|contact)[ \t]*:[ \t]*")
# the field and the name words of its value before a part of it
_WORD = r"\(?[A-Z][\w'’.-]*\)?"
# (one comma at most: "SURNAME, GIVEN"; "Requester: Ama Ruiz, Finance, Velloway Ltd" lists more than a name)
FIELD_THEN_NAMES = re.compile(NAME_FIELD.pattern + rf"(?:(?:{_WORD}[ \t]+)*{_WORD},[ \t]+)?(?:{_WORD}[ \t]+)*\(?")
# a meeting's list of people ("Present: Karen Whitley (chair), Tom Baines, A. Kaur"): the names before a
# part of it, each with a role in brackets after it at most, separated by commas, "and" or "&"
_LIST_FIELD = (r"(?i:[ \t]*(?:(?:also[ \t]+|members[ \t]+)?present|attendees|attending|(?:in[ \t]+)?attendance|absent|"
               r"apologies(?:[ \t]+(?:received|for[ \t]+absence))?|participants|invitees|panel(?:[ \t]+members)?)[ \t]*:[ \t]*)")
_LISTED_NAME = rf"(?:{_WORD}[ \t]+)*{_WORD}(?:[ \t]*\([^()\n]{{1,40}}\))?"
LIST_THEN_NAMES = re.compile(_LIST_FIELD + rf"(?:{_LISTED_NAME}[ \t]*(?:[,;&]|\band\b)[ \t]*)*(?:{_WORD}[ \t]+)*\(?")
# a person's name as written: capitalised words (a hyphen, an apostrophe, an initial's full stop inside),
# a comma between surname and given names, brackets round a name a person goes by
PERSON_SHAPE = re.compile(r"[A-Z][\w'’.-]*(?:,?[ \t]+\(?[A-Z][\w'’.-]*\)?){0,3}")
# the words that name a person before their name: titles (not those that are given names too: "Don"),
# kinship words (not "partner" or "friend": a business has partners and friends too) and a letter's greeting
PERSON_LEADS = (frozenset(DEFAULT_HONORIFICS) - {"don", "dona", "dna"}) \
    | (frozenset(KINSHIP_WORDS) - {"partner", "friend"}) | {"dear"}
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.?[ \t]+$")
# the last sentence end before a field that opens a sentence inside a line
_SENTENCE_BEFORE = re.compile(r"[.!?][ \t]+(?=[^.!?]*$)")
FIELD_REACH = 300  # characters: a name field and the name words before a part of its value fit in a line's start


def after_name_field(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], a name's shape, is (part of) the value of a form's name field: the field
    opens its line, only name words lie between ("PT: KOWALCZYK, ANDRZEJ": a tagger may give each part a
    span of its own), and no colon follows (a field of its own: "Name: Ana Ruiz  Company: self")."""
    if not PERSON_SHAPE.fullmatch(text[start:end]) or text[end:end + 3].lstrip(" \t").startswith(":"):
        return False
    line_start = text.rfind("\n", max(0, start - FIELD_REACH), start) + 1
    if line_start == 0 and start > FIELD_REACH:
        return False  # the field would open the line more than FIELD_REACH characters before the name
    if FIELD_THEN_NAMES.fullmatch(text, line_start, start) is not None \
            or LIST_THEN_NAMES.fullmatch(text, line_start, start) is not None:
        return True
    sentence = _SENTENCE_BEFORE.search(text, line_start, start)  # "Safeguarding concern. Child: Lily-Mae Turner"
    if sentence is not None and FIELD_THEN_NAMES.fullmatch(text, sentence.end(), start) is not None:
        return True
    dash = max(text.rfind(" – ", line_start, start), text.rfind(" - ", line_start, start), text.rfind(" | ", line_start, start))
    if dash >= 0 and LIST_THEN_NAMES.fullmatch(text, dash + 3, start) is not None:
        return True  # "MEETING NOTES 4/2 – attendees: Raj, Helen M, ..., Aoife"
    column = max(text.rfind("\t", line_start, start), text.rfind("  ", line_start, start))  # a form's second column
    return column >= 0 and FIELD_THEN_NAMES.fullmatch(text, column, start) is not None  # "...    Forename(s): CHIDI"


def after_person_word(text: str, start: int, end: int, leads: frozenset = PERSON_LEADS) -> bool:
    """Whether text[start:end], a name's shape, follows a title, a kinship word or "Dear" on its line (or
    another word of `leads`)."""
    if not PERSON_SHAPE.fullmatch(text[start:end]):
        return False
    before = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if before is None:  # "his daughter, Lin, on 4 June": a relative named after a comma, as an apposition
        kin = _KIN_COMMA_BEFORE.search(text, max(0, start - 40), start)
        word = kin.group(1).lower() if kin is not None else ""
        return (word in KINSHIP_WORDS and word in leads or word in APPOSITION_ROLES and kin.group(1).islower()) \
            and _COMMA_OR_END.match(text, end) is not None
    return before is not None and before.group(1).lower() in leads


_COMMA_OR_END = re.compile(r"[ \t]*(?:[,;.)]|$)")  # an apposition's name ends with the clause
# the people someone has, named in apposition after the word in lower case ("His carer, Bronwyn, noticed", "my
# landlord, Dev,"; not a signature's "Shift Manager, Ravensworth Distribution Centre"): a person
APPOSITION_ROLES = frozenset("carer carers caseworker neighbour neighbor landlord landlady flatmate housemate "
                             "roommate colleague friend partner boyfriend girlfriend fiance fiancee boss manager "
                             "supervisor keyworker childminder nanny tutor".split())
_KIN_COMMA_BEFORE = re.compile(r"([^\W\d_]+),[ \t]+$")


POST_AGE = re.compile(r"\d{1,2}\s?(?:s|m|min|mins|h|hr|hrs|d|w|wk|mo|y|yr)")


# words that are no one's name alone: conjunctions a sentence opens with (not "Will", "May": given names),
# and the brands of payment cards
NO_NAME_WORDS = frozenset("if and but or so then when while because although though unless whether however "
                          "also thus hence till til until amex visa mastercard maestro".split())


_CONTRACTION_TAIL = re.compile(r"(?i)ve|ll|re|d|m|s|t")


_NEGATED = frozenset("don can won isn aren wasn weren didn doesn couldn wouldn shouldn hasn haven hadn ain mustn "
                     "needn".split())
_NOT_AFTER = re.compile(r"['’][tT]\b")


def contraction_tail(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the tail of a contraction right after its apostrophe, or with it ("ve" or "'ve"
    of "I've"), or
    the verb before a negation's "'t" ("Don" of "Mum: Don't forget")."""
    if _NOT_AFTER.match(text, end) and text[start:end].lower() in _NEGATED:
        return True
    if start < end and text[start] in "'’" and start > 0 and text[start - 1].isalpha():
        start += 1  # "'ve" of "I've", as a tokenizer splits it
    return start > 0 and text[start - 1] in "'’" and _CONTRACTION_TAIL.fullmatch(text, start, end) is not None


def not_a_name(value: str) -> bool:
    """A tagger's span that names nothing: no letter or digit ("👍"), the age of a post ("1h", "3d"), a
    conjunction that opens a sentence ("If"), a card's brand ("Paid with Amex ending 1009"), a lower-case
    letter ("r u coming"), a file format ("CSV"), an exception's name ("KeyError"). (A bare small number
    is kept: it may be an age or a piece of an identifier the tagger split.)"""
    value = value.strip()
    return not any(ch.isalnum() for ch in value) or POST_AGE.fullmatch(value) is not None \
        or folded(value) in NO_NAME_WORDS or software_word(value) or (len(value) == 1 and value.islower())


_VERSUS_AFTER = re.compile(r"[ \t]+v(?:s)?\.?[ \t]+[A-Z]")


def crown_party(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the Crown before "v" in a criminal case's name ("R v Daniel MORGAN" of a
    court list, "Regina v Pryce"): the prosecution, not a person."""
    return text[start:end] in ("R", "Regina", "Rex", "REGINA", "REX") and _VERSUS_AFTER.match(text, end) is not None


# a letter's or a message's closing before its writer's name, on the same line or the line above
_CLOSING_BEFORE = re.compile(
    r"(?i)(?:^|[\s.!?])(?:thanks|thank you|many thanks|cheers|ta|regards|best|best wishes|kind regards|warm regards|"
    r"sincerely|faithfully|love|all the best|speak soon|take care|see you(?:[ \t]+(?:soon|then|later))?|talk soon|"
    r"speak later|bye|thx|ttyl)(?:[ \t]+(?:again|so much|very much|all))?"
    r"[ \t]*[,.!\-–—]?[ \t]*\n?[ \t]*$")


def signed_name(text: str, start: int, end: int, is_organisation: Callable[[str], bool]) -> bool:
    """Two or three capitalised words after a closing that name no organisation ("Thanks, Imogen Thwaite"):
    who signs the message."""
    words = text[start:end].split()
    return 2 <= len(words) <= 3 and all(w[:1].isupper() and w[1:].islower() for w in words) \
        and after_closing(text, start) and _CLOSING_MARK.search(text, max(0, start - 8), start) is not None \
        and not is_organisation(text[start:end])  # the closing marked off: not "Best Kept Secret"


_CLOSING_MARK = re.compile(r"[,!\-–—\n][ \t]*\Z")


_LINE_END = re.compile(r"[ \t.!]*(?:\n|\Z)")


def sign_off(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one capitalised word, no frequent one, after a closing or a message's closing
    dash and alone to the end of its line ("Cheers, Priti", "See you,\nSam", "... Thanks. – Inês"): the
    writer's name, whether or not a list knows it."""
    word = text[start:end]
    if not (word.istitle() and word.isalpha() and zipf(word.lower()) < NAME_ZIPF_SIGN_OFF):
        return False
    if _DASH_SIGNATURE.search(text, max(0, start - 8), start) is not None:  # "– Inês", "– Bev, Tipton"
        return _LINE_END.match(text, end) is not None or _TOWN_THEN_END.match(text, end) is not None
    return after_closing(text, start) and _LINE_END.match(text, end) is not None


# a dash after a message's last sentence, before the writer's name ("... on +351 912 345 678. – Inês")
_DASH_SIGNATURE = re.compile(r"(?:[.!?)\"”]|\n)[ \t]*[-–—][ \t]?$")
_TOWN_THEN_END = re.compile(r",[ \t]+[A-Z][\w'’\-]+(?:[ \t][A-Z][\w'’\-]+)?[ \t]*(?:\n|$)")  # the writer's town


NAME_ZIPF_SIGN_OFF = 4.0  # a signature's word less frequent than this is a name ("Priti"; not "All", "Soon")


def after_closing(text: str, start: int) -> bool:
    """Whether text[start:] follows a closing ("Thanks, Kieran", "Cheers,\nBen"): the writer's name."""
    return _CLOSING_BEFORE.search(text, max(0, start - 30), start) is not None


# a role in brackets after a name: "Kelly (supervisor)", "Dan (team lead)", "Priya (our HR manager)"
_BRACKETED_ROLE = re.compile(r"[ \t]?\((?:(?:the|our|my|your|his|her|their)[ \t]+)?(?:[A-Za-z][\w\-]*[ \t]+){0,2}"
                             r"([A-Za-z][\w\-]*)\)")


def role_in_brackets(text: str, end: int) -> bool:
    """Whether a job or role noun in brackets follows text[:end] ("Kelly (supervisor)"), or "from" and an
    organisation's or a team's capitalised name ("Kieran from Bramwell Surveys", "Raj from HR"): who is
    described so is a person, whatever a tagger took the name for (the caller asks of a given name)."""
    if _FROM_A_BODY.match(text, end):
        return True
    match = _BRACKETED_ROLE.match(text, end)
    return match is not None and (folded(match.group(1)) in JOB_NOUNS or folded(match.group(1)) in ROLE_WORDS)


_FROM_A_BODY = re.compile(r"[ \t]+from[ \t]+(?:the[ \t]+)?[A-Z][\w&'’\-]*")


PERSON_OR_ROLE_LEADS = PERSON_LEADS | CARE_ROLES
TITLE_HONORIFICS = frozenset(DEFAULT_HONORIFICS) - {"don", "dona", "dna"}


def titled_name(doc: Doc, start: int, end: int, is_given_name: Callable[[str], bool]) -> bool:
    """Whether start:end is a person named with a title or a care role before the name ("Dr Anna Cook",
    "Dr Cook", "Nurse Porter"): an honorific opens no job title; a role word does when what follows is
    a job ("Nurse Manager"), not a given name or a listed surname (alone, or after a capitalised word:
    "Nurse Will Cook")."""
    words = [t for t in doc[start:end] if not (t.is_punct or t.is_space)]
    if len(words) < 2:
        return False
    lead = folded(words[0].text.rstrip("."))
    if lead in TITLE_HONORIFICS:
        return True
    rest = words[1:]
    surname = rest[-1].text[:1].isupper() and folded(rest[-1].text) in last_names()
    # "Nurse Will Cook": a capitalised given name that is also a word ("Will", "May") before a listed surname
    given = is_given_name(rest[0].lower_) or (rest[0].lower_ in WORD_GIVEN_NAMES and len(rest) >= 2)  # "WILL COOK"
    return lead in PERSON_OR_ROLE_LEADS and (given or (surname and (
        len(rest) == 1 or (len(rest) == 2 and rest[0].text[:1].isupper() and rest[0].text[1:].islower()))))


# Personal pronouns as written in running text: a name does not hold one ("Our Lady" and "His Majesty"
# are capitalised, so only lower-case forms count, and "I" before a lower-case word: "I love", not
# "Henry I" or "World War I"; chat's "u" is also the Czech "u" of place names, "Turkovice u Prelouce").
PRONOUNS = frozenset("i me my mine myself you your yours yourself ur we us our ours they them their theirs "
                     "he him his she her hers it its".split())


def pronoun_at(doc: Doc, i: int) -> bool:
    tok = doc[i]
    if tok.text in ("i", "I") and initial_at(doc, i):
        return False  # "mr i. foighel": an initial, not the pronoun
    if tok.text == "I":
        nxt = doc[i + 1] if i + 1 < len(doc) else None
        nxt = doc[i + 2] if nxt is not None and nxt.is_space and i + 2 < len(doc) else nxt
        return nxt is not None and ((nxt.text[:1].islower() and nxt.lower_ != "of") or nxt.text in ("'", "’", "'m", "’m"))
    return tok.text.islower() and tok.text in PRONOUNS


def split_at_pronouns(doc: Doc, start: int, end: int) -> List[Tuple[int, int]]:
    """The token ranges of start:end between personal pronouns (`pronoun_at`): a tagger's run over
    informal text ("Lily I love", "you amina", "ben ur mic") loses them and is decided piece by piece."""
    parts, begin = [], start
    for i in range(start, end):
        if pronoun_at(doc, i):
            if i > begin:
                parts.append((begin, i))
            begin = i + 1
    if end > begin:
        parts.append((begin, end))
    return parts


# auxiliaries and conjunctions a question or a sentence opens with (not "Will", "May": given names too; not
# "The", which opens names: "The Hague")
OPENING_WORDS = frozenset("can could would should shall must might did does do is are was were has have had if so "
                          "but and or then also when while because please "
                          "my his their your its".split())  # "His GP is ..." (not "Her Majesty's", "Our Lady")


def capitalised_opener(doc: Doc, i: int, end: int) -> bool:
    """An auxiliary or conjunction capitalised because it opens a sentence, before more words ("Can Aoife
    cover"), or an occasion's word before a preposition and a name ("Party at Tom's place")."""
    tok, j, broken = doc[i], i - 1, False
    while j >= 0 and doc[j].is_space:
        broken, j = broken or "\n" in doc[j].text, j - 1
    opens = j < 0 or broken or doc[j].text in (".", "!", "?") or "\n" in doc[j].whitespace_
    return end - i > 1 and tok.is_title and opens and (tok.lower_ in OPENING_WORDS or _occasion_before(doc, i, end))


# prepositions after an occasion's word that opens a sentence, before whose or where it is ("Party at Tom's")
OCCASION_LINKS = frozenset("at in with for from".split())


def _occasion_before(doc: Doc, i: int, end: int) -> bool:
    """Whether token i is an occasion's word (`OCCASIONS`), capitalised to open the sentence, before a
    preposition and a capitalised word ("Party" of "Party at Tom's place", "Drinks with Sam"): the occasion,
    then the name (not a given name that is a word: "Rose at home"; not an organisation's head:
    "Hospital at Home")."""
    tok = doc[i]
    if end - i < 3 or not doc[i + 1].is_lower or doc[i + 1].lower_ not in OCCASION_LINKS \
            or not doc[i + 2].text[:1].isupper() or tok.lower_ in WORD_GIVEN_NAMES or tok.lower_ in last_names() \
            or tok.lower_ in ORG_HEADS:  # "Hospital at Home": a service's name
        return False
    return tok.lower_ in OCCASIONS


# what people meet for, which opens a message's sentence ("Party at Tom's", "Drinks with Sam", "Dinner at Nandos")
OCCASIONS = frozenset("party parties drinks dinner lunch breakfast brunch coffee tea meal bbq barbecue picnic "
                      "sleepover playdate meetup celebration celebrations gathering leaving send-off".split())


# a form's or a letter's key of a place: the value after it is a place, whatever a tagger took it for
# (the key opens its line or a form's column, one word before it at most: "Incident location:", not "Dial by your
# location:"; the value's later parts: "Location: Albany Road, Cardiff"; lower-case words: "Location: junction of")
_PLACE_FIELD_BEFORE = re.compile(
    r"(?i)(?:(?<![^\n])|(?<=[ \t]{2})|(?<=\t))[ \t]*(?:[a-z]+[ \t]+)?"
    r"(?:place[ \t]+of[ \t]+(?:birth|residence|issue|work)|birth[ \t]?place|city|town|village|county|"
    r"country(?:[ \t]+of[ \t]+(?:birth|residence))?|home[ \t]?town|location|venue)[ \t]*:[ \t]*"
    r"(?P<parts>(?:[^\n:,;]{1,60},[ \t]*){0,3})(?:[a-z][a-z ]{0,30}[ \t])?$")


_SEX_FIELD_BEFORE = re.compile(r"(?i)\b(?:sex|gender)[ \t]*:[ \t]*$")
SEX_VALUES = frozenset("m f male female x other non-binary nonbinary nb".split())


def sex_field_value(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the value of a sex or gender field ("Sex: M"): a demographic, no name."""
    return text[start:end].strip(" .").lower() in SEX_VALUES and \
        _SEX_FIELD_BEFORE.search(text, max(0, start - 16), start) is not None


def place_field_before(text: str, start: int, later_parts: bool = False) -> bool:
    """Whether text[start:] is the value of a place's field ("Place of birth: Gdańsk", "Town: Leyton"), or with
    `later_parts` a later part of it ("Location: Albany Road, Cardiff")."""
    colon = text.rfind(":", max(0, start - 160), start)
    if colon < 0:  # no field's key before it: most spans of prose
        return False
    found = _PLACE_FIELD_BEFORE.search(text, max(0, colon - 40), start)
    return found is not None and (later_parts or not found.group("parts"))


# the prepositions before a street someone is on, goes to or comes from
PLACE_PREPOSITION = re.compile(r"(?i)\b(?:on|at|in|into|onto|to|towards|toward|from|along|down|up|off|near|via|"
                               r"past|across)[ \t]+$")


def street_after_preposition(text: str, start: int, end: int, is_street: bool) -> bool:
    """Whether text[start:end], a bare street (`is_street`: `addresses.street_shape`), follows a preposition
    of place on its line."""
    return is_street and PLACE_PREPOSITION.search(text, max(0, start - 12), start) is not None


_MOVEMENT = re.compile(r"(?i)\b(?:along|down|up|towards|toward|into|onto|across|past|off)[ \t]+$")


def street_walked(text: str, start: int, end: int, is_given_name: Callable[[str], bool]) -> bool:
    """Whether text[start:end] is capitalised words ending in any street's type right after a preposition of
    movement ("ran down Elm Row towards Leith Walk"), not opening with a given name: a street walked."""
    words = text[start:end].split()
    return 2 <= len(words) <= 4 and all(w[:1].isupper() for w in words) and words[-1].lower() in STREET_TYPE_WORDS \
        and not is_given_name(words[0].lower()) and _MOVEMENT.search(text, max(0, start - 12), start) is not None




_COLON_AFTER = re.compile(r"[ \t]?(?:#[ \t]?)?:|[ \t]?#[ \t]?\d|[ \t]\d")  # "Tel:", "Group #: 0047721", "OHIP 1234-..."
_KEY_REST = re.compile(r"(?:[ \t][a-z]+)?[ \t]?:")  # the rest of a label after its first word ("First| name:")
FIELD_LABEL = re.compile(r"[A-Z][a-z]+(?: [a-z]+)?")  # "Company", "Date of"... as a form writes a label


# a form's field key that opens its line: up to two words, then a field noun, then a colon ("CHILD'S
# SURNAME:", "Mother's maiden name:", "Emergency contact phone:", minutes' "Attendees:")
FIELD_KEY_LINE = re.compile(
    r"(?i)[ \t]*((?:[a-z][a-z-]*(?:['’]s)?[ \t]+){0,2}?)(?:(?:sur|fore|first[ \t]+|given[ \t]+|maiden[ \t]+)?names?"
    r"(?:[ \t]*\(s\))?|date[ \t]+of[ \t]+birth|dob|address|post[ \t]?code|phone|telephone|mobile|e-?mail|"
    r"occupation|signature|attendees|participants|present|apologies|witness(?:es)?|members?|next[ \t]+of[ \t]+kin|"
    r"sex|gender|contact(?:[ \t]+(?:name|details|number))?|assignee|reporter|approver|reviewer|owner|referrer|"
    r"manager|supervisor)[ \t]*:")


def line_field_key(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies in a form's field key that opens its line (`FIELD_KEY_LINE`): the key
    names the field, the value after the colon is the name. Reads only the span's line up to the colon."""
    line_start = text.rfind("\n", 0, start) + 1
    colon = text.find(":", end, end + 40)
    if colon < 0 or "\n" in text[end:colon]:
        return False
    key = FIELD_KEY_LINE.fullmatch(text, line_start, colon + 1)
    if key is None:
        return False
    lead = [folded(w).removesuffix("'s").removesuffix("’s") for w in key.group(1).split()]
    stops = stop_words("en")  # "He gave his name:" is a sentence
    return not any(w in stops or is_past_or_progressive(w, dictionary_test("en")) for w in lead)


# what a forum post or a message writes before a colon to add to itself ("Edit: he just texted me", "Update:")
POST_MARKERS = frozenset("edit edited edit2 update updated ps pps nb tldr fyi btw".split())


def field_words(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] labels a field rather than naming anyone (`next_field_label`,
    `line_field_key`, `identifier_scheme`, or one field key before its colon: "No" of "National Insurance
    No: QQ123456C")."""
    return next_field_label(text, start, end) or line_field_key(text, start, end) or identifier_scheme(text, start, end) \
        or common_words_key(text, start, end) or column_key(text, start, end) or plain_cell(text, start, end) \
        or (folded(text[start:end].strip(" .")) in FIELD_KEYS and _COLON_AFTER.match(text, end) is not None) \
        or (folded(text[start:end]) in POST_MARKERS and text[end:end + 1] == ":") \
        or (text[start - 1:start] in ("'", '"') and _QUOTED_KEY_END.match(text, end) is not None) \
        or table_header(text, start, end)  # '"firstName":', "Name,DOB,Postcode,Diagnosis"


MAX_HEADER_LINE = 300  # a header row is short; a longer line is prose
_HEADER_CELL = re.compile(r"[ \t]*[A-Za-z][A-Za-z _/()\-]{0,30}[ \t]*")


def table_header(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies on a table's header row: a line of two or more separators ("," ";" "|" or
    a tab) whose cells are one to three words, two of them a field's key ("Name,DOB,Postcode,Diagnosis"),
    above a line with as many separators."""
    line_start = text.rfind("\n", max(0, start - MAX_HEADER_LINE), start) + 1
    line_end = text.find("\n", end, end + MAX_HEADER_LINE)
    if line_start == 0 and start > MAX_HEADER_LINE or line_end < 0 or "\n" in text[start:end]:
        return False  # a paragraph's line, or the last line: no header above a row
    line = text[line_start:line_end]
    sep = next((c for c in (",", "\t", ";", "|") if line.count(c) >= 2), None)
    cells = line.strip().strip("|").split(sep) if sep else []
    if sep is None or not all(_HEADER_CELL.fullmatch(cell) and len(cell.split()) <= 3 for cell in cells):
        return False
    keys = [field_key(cell) for cell in cells]  # "first_name" -> "first name"
    if sum(key in TABLE_KEYS or folded(key.split()[-1]) in FIELD_KEYS for key in keys if key) < 2:
        return False  # "Anna, Bob, Carla" above more commas: names, not columns
    next_end = text.find("\n", line_end + 1)
    return text[line_end + 1:next_end if next_end >= 0 else len(text)].count(sep) >= line.count(sep) - (sep == "|")


_QUOTED_KEY_END = re.compile(r"""["'][ \t]*:""")


def next_field_label(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a form's next field label on a line: after a run of spaces (not at the
    line's start), one or two capitalised words, a colon after them. Reads only the characters next to the
    span: a line of a megabyte costs no more than a short one."""
    if _KEY_REST.match(text, end) is None or FIELD_LABEL.fullmatch(text[start:end]) is None:
        return False
    gap = start
    while gap > 0 and text[gap - 1] in " \t":
        gap -= 1
    if start - gap < 2 and text[gap:start] != "\t":
        return False  # no run of spaces before it
    while gap > 0 and text[gap - 1].isspace() and text[gap - 1] != "\n":
        gap -= 1
    return gap > 0 and text[gap - 1] != "\n"  # something written before the run on its line


def initial_at(doc: Doc, i: int) -> bool:
    """doc[i] is a letter with a full stop after it and a word after that, after a title or another
    initial ("mr i. foighel", "j.i. smith"): an initial, not the pronoun "i"."""
    if i == 0 or i + 2 >= len(doc) or doc[i + 1].text != "." or not doc[i + 2].is_alpha:
        return False
    before = doc[i - 1].lower_.rstrip(".")
    return before in DEFAULT_HONORIFICS or (before == "" and doc[i - 1].text == "." and i >= 2
                                            and len(doc[i - 2].text) == 1)


# words after a participle that opens a note's sentence ("Seen by", "Discussed with", "Reviewed in clinic")
PARTICIPLE_LINKS = frozenset("by with in at on for to from".split())
# irregular past participles (the regular ones end in "-ed" on a dictionary verb)
IRREGULAR_PARTICIPLES = frozenset(
    "seen taken given written done known shown spoken drawn driven found brought told sent kept held heard met "
    "made read said sold taught thought understood chosen begun broken eaten fallen gone grown hidden stolen "
    "thrown worn woken".split())
_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)")


def opening_participle(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a past participle opening a sentence before "by", "with", "in"...
    ("Seen by Dr Cook", "Discussed with the family", "REVIEWED IN CLINIC"): a clinical note's verb,
    which a tagger reads as a name by its capital. Only a listed irregular participle or "-ed" on a
    dictionary verb: not "Fielding by the pool", "Will by then"."""
    word = text[start:end]
    lower = word.lower()
    if not word.isalpha() or not (word.istitle() or word.isupper()) \
            or not (lower in IRREGULAR_PARTICIPLES
                    or (lower.endswith("ed") and is_past_or_progressive(lower, dictionary_test("en")))):
        return False
    before = text[:start].rstrip(" \t")
    if before and before[-1] not in "\n.!?:;":
        return False
    after = _NEXT_WORD.match(text, end)
    return after is not None and after.group(1).lower() in PARTICIPLE_LINKS


_NEXT_TWO = re.compile(r"[ \t]([A-Z][a-z]+)(?:[ \t]([A-Z][a-z]+))?")


def org_head_after(text: str, end: int) -> bool:
    """Whether an organisation's head stands right after text[:end], capitalised ("St. Olaf" + "General
    Hospital", "Riverside" + "Clinic"): the name before it is the organisation's, though a clinical
    note's filters keep it without its head (the deid notes' gold marks "CALVERT", not "HOSPITAL")."""
    m = _NEXT_TWO.match(text, end)
    if m is None:
        return False
    first, second = folded(m.group(1)), folded(m.group(2) or "")
    return first in ORG_HEADS or (first, second) in ORG_HEAD_PAIRS


# a contract's defined term for a party or thing: "(the Landlord)", '("the Buyer")', "(hereinafter the Company)"
_DEFINED_BEFORE = re.compile(r"(?i)\((?:hereinafter[ \t]+(?:referred[ \t]+to[ \t]+as[ \t]+|called[ \t]+)?)?"
                             r"[\"“'‘]?the[ \t]+[\"“'‘]?\Z")
# the head of a defined term: a party by what it does ("Seller", "Licensee", "Claimant") or is
_AGENT_ENDINGS = ("er", "or", "ee", "ant", "ent", "ers", "ors", "ees", "ants", "ents")
PARTY_NOUNS = frozenset("company council bank trust corporation authority party parties board group firm "
                        "partnership charity school hospital university landlord client guarantor".split())
_DEFINED_AFTER = re.compile(r"[\"”'’]?\)")
_DEFINED_LEAD = re.compile(r"(?i)(?:hereinafter[ \t]+(?:referred[ \t]+to[ \t]+as[ \t]+|called[ \t]+)?)?(?:the[ \t]+)?")


def defined_term(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a contract's defined term in brackets after "the" ("Northgate Lettings Ltd
    (the Landlord)", 'Priya Shah ("the Buyer")'): one to three dictionary words naming a role, no name."""
    lead = _DEFINED_LEAD.match(text, start, end)  # the tagger's span may hold "hereinafter the"
    start = lead.end()
    value = text[start:end]
    words = value.split()
    if not 1 <= len(words) <= 2 or not all(w.isalpha() and w[0].isupper() for w in words):
        return False
    if not _DEFINED_BEFORE.search(text, max(0, start - 60), start) or not _DEFINED_AFTER.match(text, end):
        return False
    head = folded(words[-1])
    return (head in PARTY_NOUNS or head.endswith(_AGENT_ENDINGS)) and all(
        dictionary_test("en")(folded(w)) for w in words)  # not a title in brackets ("The Free Black Sea")
