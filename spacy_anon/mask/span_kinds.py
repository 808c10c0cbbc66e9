"""The category of every kept span, checked against the span's own text, whoever found it.

A tagger labels from a few words of context, so its labels are often the wrong kind: a year in a CV's
"(2015)" comes out ORG, "Polish" (a language) LOC, "INV-20931" ORG, "Riverside Surgery" PERSON, a date
after "DOB:" CONTACT, "@sigrid" a contact handle although it is a person's name, "Employee Mr Grosu" an
organisation. A policy (`label_strategies`) and a surrogate act on the category, so the category must be
what the value is. This module decides it from the value's shape, before the fine type is decided
(`fine_types.decide_fine_types`), in an order where the most certain shape wins:

- a date (a year, a month, a numeric date, "30th", "Jun 2019") is DATETIME;
- a demonym, language or faith alone ("Polish", "Yoruba", "Catholic") is DEM;
- an e-mail address or URL is CONTACT; a whole address is LOC; a postcode alone is LOC;
- a code (letters and digits, "INV-20931", "V-119", "KX19 TFE", or a run of 4+ digits that is no US ZIP
  under LOC) is ID;
- a handle or user name whose parts are a person's names ("@sigrid", "sunnyokoye77") is PERSON;
- an honorific and the words after it inside another label ("Employee Mr Grosu") are PERSON, from the
  honorific on;
- a name ending in an organisation's head noun ("Kestrel Avionics", "Kingston Memory Clinic", "Mercy
  Valley Medical Center") is ORG;
- an initial and a surname ("J. ABERNATHY", "K. Washington") are PERSON, without a credential after them
  ("A. LINDGREN RN": a signature's; "BALTIMORE MD" and "Giovanna Rodrigues MD" in a sentence stay), and so
  are two or three capitalised words alone on their line before such letters ("Moira Sutherland ACA"); a
  name a tagger split in touching pieces under two labels is joined when the whole
  has one of these shapes ("RIVERBEND METHODIST" + "HOSPITAL");
- a lone word in quotes or brackets after a word naming a person ('the witness (Kowalski)') is PERSON;
- a name holds no personal pronoun: a tagger's span is split at one ("Lily I love", "you amina");
- a turn's speaker named by a role in a chat or transcript ("caller: hi", "mum: ok") is no name: dropped.

A span that a rule recognizer found (its source starts with "rules.") keeps its label: the rule's
pattern and validator already decided it. A span that runs across list separators (", ", brackets, a
dash between spaces, a line break, a run of spaces) is first split into its parts ("Polish (native),
English" -> "Polish", "English"; "Payroll Assistant, Kaspar & Nowicki Accounting, Leeds" -> three parts),
each decided alone. A span of function words at its edges loses them ("you Douglas", "Prosecutor at the");
a common job title of two words or more ("Payroll Administrator", "Consultant Cardiologist") is dropped,
and so are a job noun alone that the words before it make such a title ("Software [Engineer]"), a list's
one-word lower-case comment ("Polish (native)") and a language with a proficiency level after it
("English (fluent)": a skill many have, not a trait).
"""
import re
from typing import Callable, List, Optional, Sequence

from spacy.tokens import Doc, Span

from spacy_anon.extensions import span_getter
from spacy_anon.labels import CONFIDENTIAL
from spacy_anon.lexicon import product_makes
from spacy_anon.lexicon.category_words import (
    JOB_NOUNS, ORG_HEAD_PAIRS, ORG_HEADS, ORG_LEADS, ROLE_WORDS, trait_words,
)
from spacy_anon.lexicon.clinical_terms import clinical_nouns, ecg_terms, is_care_abbreviation
from spacy_anon.lexicon.clothing import branded_garment, worn_span
from spacy_anon.lexicon.company_names import company
from spacy_anon.lexicon.eponyms import eponym_span
from spacy_anon.lexicon.generic_words import dictionary_test, folded, zipf
from spacy_anon.lexicon.place_names import fold_accents, known_place_names, natural_feature
from spacy_anon.mask.address_districts import places_after_addresses
from spacy_anon.mask.code_pieces import join_code_pieces
from spacy_anon.mask.dateless import (TIME_WORDS, calendar_phrase, dateless, holiday_at, numberless, obstetric_notation,
                                      period_code, relative_time_at, review_interval)
from spacy_anon.mask.everyday_shapes import (HOME_AFTER, LONE_PREPOSITIONS, age_unit_before_old, everyday_no_name,
                                             everyday_person,
                                             lone_job_noun, lone_lower_word, lower_case_given_name, lower_prose,
                                             no_name_words, percentage, place_phrase, room_kind, school_year_in,
                                             service_number_end)
from spacy_anon.mask.job_titles import (  # noqa: F401  (OFFICE_WORDS, job_noun re-exported)
    OFFICE_WORDS, given_name_and_surname, in_job_title, job_noun, job_title, lone_title, name_before_job_title,
    occupation)
from spacy_anon.mask.list_points import split_points
from spacy_anon.mask.machine_text import inside, log_timestamp, machine_regions, software_text  # noqa: F401  (log_timestamp re-exported)
from spacy_anon.mask.measurements import measured_value
from spacy_anon.mask.products import model_tokens
from spacy_anon.mask.shorthand import slash_code_label, trim_post_nominal, without_credentials_after_names
from spacy_anon.mask.stated_ages import age_in, age_unit_alone, hyphened_age
from spacy_anon.possessives import without_possessive
from spacy_anon.mask.handles import NAME_ZIPF, handle_names, handle_shape, hashtag_phrase  # noqa: F401
from spacy_anon.mask.value_shapes import (  # noqa: F401  (re-exported)
    EMAIL_OR_URL, MONEY_SHAPE, PHONE_SHAPE, UK_POSTCODE, code_shape, date_shape)
from spacy_anon.mask.given_names import (
    called_on_number, declarant, given_after_surname, given_name_pair, greeted_name, introduced_name, named_in_brackets,
    join_given_and_surname, join_inverted_names, rare_given_name, surname_after_given, thanked_name,
    with_apostrophe_surnames, with_inverted_initials, with_nicknamed_names, with_undetected_surnames)
from spacy_anon.mask.name_edges import has_capitals, legal_form_end, trim_lower_edges
from spacy_anon.mask.named_buildings import named_building
from spacy_anon.mask.name_runs import sentence_prose, split_at_inner_words
from spacy_anon.mask.person_starts import (  # noqa: F401  (person_names re-exported)
    KIN, after_called, after_title_and_initials, given_name_and_initial, in_quotes_after_person_word,
    after_party_role, kin_only, people_word, person_names, person_start, titles_only)
from spacy_anon.mask.bare_possessives import bare_possessive
from spacy_anon.mask.counts import bare_count, small_words_and_numbers
from spacy_anon.mask.form_keys import cell_pieces
from spacy_anon.mask.name_context import (
    PERSON_OR_ROLE_LEADS, after_closing, after_name_field, after_person_word, contraction_tail, crown_party, defined_term,
    field_words, not_a_name, sign_off, signed_name, software_word,
    opening_participle, org_head_after, place_field_before, role_in_brackets, sex_field_value, street_walked,
    split_at_pronouns, street_after_preposition, titled_name)
from spacy_anon.mask.town_names import (
    given_name_not_place, town_after_named_org, town_after_org, town_after_preposition, town_and_state)
from spacy_anon.rules.recognizers.addresses import COUNTY, TOWN_STATES, street_shape
from spacy_anon.rules.recognizers.names import first_names, last_names
from spacy_anon.rules.recognizers.speakers import is_question_answer_mark, is_role_turn

# the categories a tagger gives names; only their spans are re-decided (a rule's ID or CONTACT is not)
NAME_CATEGORIES = frozenset({"PERSON", "ORG", "LOC", "DEM", "MISC"})
# and the category whose spans a date or a person's handle may be mistaken for (CODE is kept: "22/1" of
# "plots nos. 22, 22/1" is a number, not a date)
SHAPE_CATEGORIES = NAME_CATEGORIES | {"CONTACT"}
# the categories whose spans are split at list separators (a MISC title or case name holds commas and
# brackets of its own: "HH (Somalia), AM (Somalia) v Secretary of State")
SPLIT_CATEGORIES = NAME_CATEGORIES - {"MISC"}
# the categories whose spans lose the function words at their edges (a DEM or MISC description keeps its
# words: "Swedish mountain rescue volunteer coordinator", "Fuck off")
TRIM_CATEGORIES = NAME_CATEGORIES - {"DEM", "MISC"}
# what a nationality describes when it is a person's trait: a job, a role, a person
PEOPLE_NOUNS = JOB_NOUNS | ROLE_WORDS | frozenset(
    "student volunteer citizen national man woman boy girl child family couple speaker refugee migrant "
    "immigrant resident pensioner veteran".split())
HANDLE_TYPES = frozenset({"HANDLE", "USERNAME"})
FAMILY_AFTER = re.compile(r"['’]?s?[ \t]+(?:family|household|clan)\b")
DEM_TAILS = frozenset("and & or for at in with of on from to by".split())  # words a description never ends with
TIME_ADVERBS = frozenset("tonight today tomorrow yesterday tonite tmrw".split())
DEM_LEADS = frozenset("and & or but has have had is was".split())  # nor opens with ("and has dementia")
DISCLOSURE_SOURCE = "anon_disclosure"  # the source of `anon_disclosure`'s spans
RARE_SURNAME_ZIPF = 2.0  # a last word rarer than this opening a signature's line is a surname no list holds
COMMON_ZIPF = 3.5  # a word at least this frequent is a dictionary word (a job title's, an edge word)

# one or two initials and a surname (one word, or two joined by a hyphen), as a signature or a list of staff
# writes a person: "J. Abernathy", "A. B. OKORO", "M. Oyelaran-Smith" (not "U.S. Army")
INITIAL_NAME = re.compile(r"[A-Z]\.(?:[ \t][A-Z]\.)?[ \t]+[A-Z][A-Za-z'’]+(?:-[A-Z][A-Za-z'’]+)?")
# 'Margaret "Peggy" Okonkwo-Hill'; and a user name of a given name and the surname's initial glued ("KarenT")
NICKNAMED = re.compile(r"([A-Z][a-z]+)(?:[ \t]+[\"“‘(][A-Z][a-z]+[\"”’)][ \t]+[A-Z][\w'’\-]+|[A-Z])")
# "the Özgür Karadeniz" (a newspaper) and "CHRISTIANA PARK | WOMEN'S HOSPITAL" are no person (`person_shape`)
_THE_BEFORE = re.compile(r"(?i)\bthe[ \t]+$")
_CAPITAL_AFTER = re.compile(r"[ \t]+[^\W\d_]*[A-Z]")
# how well someone speaks a language, written after it in a CV or a form ("English (fluent)", "German -
# basic", "Hungarian (B1)"): a skill many have; "(native)" and "mother tongue" are left to say a trait
PROFICIENCY = re.compile(r"[ \t]*(?:[(:]|[-–—][ \t])[ \t]*(?i:fluent|basic|intermediate|advanced|conversational|"
                         r"beginner|elementary|proficient|working|business|good|some|limited|[abc][12])\b")


def category_by_shape(value: str, label: str, is_name: Callable[[str], bool]) -> Optional[str]:
    """The category `value` (a span's whole text) proves under `label`, or None: its label stands."""
    value = value.strip()
    if not value or label not in SHAPE_CATEGORIES:
        return None
    if date_shape(value):
        return "DATETIME"
    if label == "CONTACT":
        return "PERSON" if handle_shape(value) and handle_names(value, is_name) else None
    first, rest = value.split(" ", 1) if " " in value else (value, "")
    if folded(first) in trait_words() and (not rest or (label != "PERSON" and rest.islower()
                                                       and folded(rest.split()[-1]) in PEOPLE_NOUNS)):
        return "DEM"  # "Polish", "Portuguese doctoral student" (not "Turkish military authorities")
    if EMAIL_OR_URL.fullmatch(value):
        return "CONTACT"
    if MONEY_SHAPE.fullmatch(value):
        return "QUANTITY"  # "£42.18" a tagger read as a place on a statement's line
    if label != "CONTACT" and PHONE_SHAPE.fullmatch(value):
        return "CONTACT"  # "NOK: mum (Leanne) 07911 123456" a tagger read as one place
    if UK_POSTCODE.fullmatch(value) or (label == "ORG" and street_shape(value, bare=False)) or COUNTY.fullmatch(value) \
            or (label == "MISC" and street_shape(value)) \
            or (natural_feature(value) and not is_name(first.lower())):  # "Malham Cove" (not "Robin Hood's Bay")
        return "LOC"
    if code_shape(value, label):
        return "ID"
    words = value.split()
    if label != "LOC" and place_phrase(words):
        return "LOC"  # "LEEDS CITY CENTRE", "Great Bromley": a town's centre, a village named after a town
    head = words[-1].strip(".")
    if label in ("PERSON", "LOC", "MISC") and len(words) >= 2 and (folded(head) in ORG_HEADS or (
            len(words) >= 3 and (folded(words[-2]), folded(head)) in ORG_HEAD_PAIRS)) \
            and (not head.islower() or value.islower()):  # "Hiroshima store" is a shop, not its name
        return "ORG"
    if label != "PERSON" and NICKNAMED.fullmatch(value) and is_name(NICKNAMED.match(value).group(1).lower()):
        return "PERSON"  # 'Margaret "Peggy" Okonkwo-Hill': a given name, the name she goes by, a surname
    if label != "LOC" and 2 <= len(words) <= 4 and head in TOWN_STATES and head == words[-1] \
            and fold_accents(" ".join(words[:-1]).rstrip(",").lower()) in known_place_names():
        return "LOC"  # "Scottsdale AZ", "Kansas City, MO": a town and its state
    if label != "PERSON" and INITIAL_NAME.fullmatch(value) and folded(head) not in ORG_HEADS:
        return "PERSON"  # "J. ABERNATHY", "K. Washington": an initial and a surname sign a person
    if label in ("PERSON", "LOC", "MISC") and len(words) >= 2 and words[0].istitle() \
            and (folded(words[0]) in ORG_LEADS or (label == "PERSON" and folded(words[0]) == "royal")):
        return "ORG"  # "Banca Sociala", "Hospital La Paz"; "Royal Marsden" is no one (but "Royal Tunbridge Wells" a town)
    return None


def decide_categories(spans: Sequence[Span], text: str, is_name: Callable[[str], bool],
                      relabel: Callable[[Span, str], Span],
                      is_given_name: Callable[[str], bool] = lambda w: False) -> List[Span]:
    """`spans` (sorted, not overlapping) with each tagger span's category decided by its text
    (`category_by_shape`), split at list separators first; `relabel(span, label)` makes a span under
    another label with the old one's attributes (`fine_types.relabelled`). A rule's span keeps its
    label, but for a user name made of a person's names ("@sigrid": PERSON, its type stays HANDLE)."""
    source = span_getter("anon_source")
    fine_type = span_getter("anon_type")
    listed, english = is_given_name, bool(spans) and spans[0].doc.lang_ == "en"
    is_given_name = lambda w: listed(w) or (english and not w.isascii() and listed(f := fold_accents(w))  # noqa: E731
                                            and f not in known_place_names())  # "Pádraig"; not "Índia", "Áden"
    out: List[Span] = []
    spans = join_code_pieces(spans, text, relabel, date_shape, code_shape)
    machine = machine_regions(text) if any(not _by_rule(source(s)) for s in spans) else []
    spans = [piece for span in spans for piece in _amount_columns(span, text, relabel)]
    for span in join_split_names(spans, text, is_name, relabel, is_given_name):
        found_by = source(span)
        if not _by_rule(found_by) and span.doc.lang_ == "en" and ((span.label_ == "DATETIME" and (
                dateless(span.text) or age_unit_before_old(text, span.start_char, span.end_char)  # "year" of "2 year old"
                or school_year_in(span.text)))  # "a Year 9 pupil"
                                                                  or (span.label_ == "QUANTITY" and numberless(span.text))
                                                                  or (span.label_ in NAME_CATEGORIES
                                                                      and relative_time_at(text, span.start_char, span.end_char))
                                                                  or review_interval(text, span.start_char, span.end_char)
                                                                  or obstetric_notation(text, span.start_char, span.end_char)):
            continue  # "MoCA 21/30", "BP 140/90", "the platform team": no time named (`dateless`); "r/v 4/52", "38+2/40"
        if log_timestamp(text, span.start_char, span.end_char):
            continue  # "[09:14] anna_k:": when a message was sent, not a date of anyone's life
        if machine and not _by_rule(found_by) and inside(machine, span.start_char, span.end_char):
            continue  # "Mozilla/5.0", "HTTP/1.1", a log's "ERROR": what software writes names nobody
        if span.label_ in NAME_CATEGORIES and (is_role_turn(text, span.start_char, span.end_char)
                                               or is_question_answer_mark(text, span.start_char, span.end_char)):
            continue  # "caller: hi", "Q. Where were you?": who speaks, by role (`rules.recognizers.speakers`)
        if found_by is not None and str(found_by).startswith("rules."):
            value = text[span.start_char:span.end_char]
            if span.label_ == "CONTACT" and fine_type(span) in HANDLE_TYPES and handle_names(value, is_name):
                span = relabel(span, "PERSON")
            out.append(span)
        elif span.label_ in SHAPE_CATEGORIES:
            out.extend(_decided(span, text, is_name, relabel, is_given_name))
        else:
            out.append(span)
    out = given_after_surname(join_given_and_surname(out, text, relabel, is_given_name), text, relabel, is_given_name)
    out = without_credentials_after_names(out, text)  # "James Whitcombe, MD": "MD" no place
    out = with_undetected_surnames(with_apostrophe_surnames(out, text, relabel), text, relabel, is_given_name)
    out = with_nicknamed_names(join_inverted_names(out, text, relabel, is_given_name), text, relabel)
    return places_after_addresses(with_inverted_initials(out, text, relabel), text, relabel, is_given_name,
                                  organisation_shape)


def _by_rule(source: object) -> bool:
    """Whether a span's source is a rule (built in or the user's own), which machine text does not silence."""
    return str(source or "").startswith(("rules.", "custom."))


def join_split_names(spans: Sequence[Span], text: str, is_name: Callable[[str], bool],
                     relabel: Callable[[Span, str], Span],
                     is_given_name: Callable[[str], bool] = lambda w: False) -> List[Span]:
    """`spans` with a name a tagger split into touching pieces joined, when the whole's shape says what it is:
    "RIVERBEND METHODIST" + "HOSPITAL" (an organisation's head noun), "J" + "ABERNATHY" (an initial and a
    surname), "Karen" + "Whitley" (a given name, and a rare capitalised word a tagger took for a place: the
    surname), "St Peter" + "'s " + "CE Primary" (a saint's name before an organisation's). Pieces touch when
    one space, or an initial's full stop and a space, lies between them on one line; a rule's span is never
    joined."""
    source = span_getter("anon_source")
    out: List[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and prev.label_ in NAME_CATEGORIES and span.label_ in NAME_CATEGORIES \
                and not str(source(prev) or "").startswith("rules.") \
                and not str(source(span) or "").startswith("rules.") \
                and ((text[prev.end_char:span.start_char] == " " and prev.label_ != span.label_)
                     or (text[prev.end_char:span.start_char] == ". " and _INITIAL_END.search(prev.text) is not None)
                     or (text[prev.end_char:span.start_char] == " " and prev.label_ == span.label_ == "PERSON"
                         and len(prev.text) == 1 and prev.text.isupper())):
            value = text[prev.start_char:span.end_char]
            new = "PERSON" if prev.label_ == span.label_ == "PERSON" or surname_after_given(prev, span, is_given_name) \
                else category_by_shape(trim_post_nominal(value), "LOC", is_name)
            if new in ("ORG", "PERSON") or street_shape(value):  # "Praed" + "Street": a street
                out[-1] = _piece(prev, prev.start, span.end, relabel)
                out[-1] = out[-1] if new in ("ORG", "PERSON") else _retyped(relabel(out[-1], "LOC"))
                continue
        if prev is not None and prev.label_ in NAME_CATEGORIES and span.label_ in NAME_CATEGORIES \
                and text[prev.end_char:span.start_char] == " " and not _by_rule(source(prev)) \
                and not _by_rule(source(span)) and product_makes.model_across(prev.text.split(), span.text.split(), is_given_name):
            out[-1] = _retyped(relabel(_piece(prev, prev.start, span.end, relabel), "MISC"))  # "Audi" + "A4"
            continue
        if prev is not None and span.label_ == "ORG" and prev.label_ in NAME_CATEGORIES and SAINT.match(prev.text) \
                and text[prev.end_char:span.start_char] in ("'s ", "’s ", "'S ", "’S ") and not _by_rule(source(prev)):
            out[-1] = _retyped(relabel(_piece(prev, prev.start, span.end, relabel), "ORG"))  # "St Peter" + "'s "
            continue
        out.append(span)
    return out


_INITIAL_END = re.compile(r"\A.\Z|[ \t][A-Z]\Z", re.S)  # "J", "Mr A" of "Mr A. Kaur": an initial before its full stop
SAINT = re.compile(r"(?:St\.?|Saint|ST\.?|SAINT)[ \t]+[A-Z]")  # a saint's name opening a church's or a school's


def _decided(span: Span, text: str, is_name: Callable[[str], bool], relabel: Callable[[Span, str], Span],
             is_given_name: Callable[[str], bool]) -> List[Span]:
    doc, label = span.doc, span.label_
    # a job a disclosure scorer flagged is masked on purpose ("theatre director" of the person protected),
    # not a tagger's mistake for a name
    chosen_as_disclosing = span_getter("anon_source")(span) == DISCLOSURE_SOURCE
    detected = span_getter("anon_source")(span) is not None  # by a tagger, not given by the caller
    # a confidential attribute a sensitive-term detector chose ("Ramadan" of a religion): masked on purpose
    confidential = span_getter("anon_identifier")(span) == CONFIDENTIAL
    whole = label not in SPLIT_CATEGORIES or street_shape(span.text, bare=False)  # an address is one span
    parts = [(span.start, span.end)] if whole else split_points(span)
    if label in TRIM_CATEGORIES:  # "Lily I love", "your house", "winter i": a name holds no pronoun
        parts = [piece for s, e in parts for piece in split_at_pronouns(doc, s, e)]
    if label in TRIM_CATEGORIES and has_capitals(doc, span.start, span.end):  # lower case: case says nothing
        parts = [trim_lower_edges(doc, *piece) for s, e in parts for piece in split_at_inner_words(doc, s, e)]
    parts_of = list(parts) if has_capitals(doc, span.start, span.end) else []  # lower case: case says nothing
    out = []
    prev_part: Optional[Span] = None  # the part before, for "Westcombe Housing Group, Bristol"
    while parts:
        start, end = parts.pop(0)
        if start >= end:
            continue
        if label in NAME_CATEGORIES - {"DEM"} and not chosen_as_disclosing \
                and (job_title(doc, start, end) or in_job_title(doc, start, end) or lone_title(doc, start, end)
                     or detected and label == "PERSON" and lone_job_noun(text, doc[start:end], job_noun)) \
                and not given_name_and_surname(doc, start, end, is_given_name) \
                and not titled_name(doc, start, end, is_given_name) \
                and not after_person_word(text, doc[start].idx, doc[end - 1].idx + len(doc[end - 1]),
                                          PERSON_OR_ROLE_LEADS - {"dear"}):  # "Dear Data Protection Officer"
            named = name_before_job_title(doc, start, end, is_given_name)
            if named is not None:
                parts.insert(0, (start, named))  # "Joseph Banks Store Manager": the person, not the job
            continue  # not "Dr Will Cook", "Nurse Will Cook": a title, role or kin word names a person
        if len(parts_of) > 1 and label in TRIM_CATEGORIES and lower_words_only(doc, start, end) \
                and not any(is_given_name(t.lower_) for t in doc[start:end]):
            continue  # "Polish (native), English": the bracketed "native" of a list is no name
        if detected and label in TRIM_CATEGORIES and (sentence_prose(doc, start, end, is_given_name) or label != "PERSON"
                                                            and doc.lang_ == "en"
                                                            and (lone_lower_word(text, doc[start:end], is_given_name)
                                                                 or lower_prose(text, doc[start:end], is_given_name))):
            continue  # "Family flowers only": a sentence's opening words; "Invoice 20931 overdue", "is now 30 days
            # overdue": words of the sentence, no name
        if detected and label in ("ORG", "LOC", "MISC") and no_name_words(text, doc[start:end]):
            continue  # "the one" of "the one on deansgate"; "Stunning 3" of "Stunning 3 bed semi"
        if trait_words_only(doc, start, end) and PROFICIENCY.match(text, doc[end - 1].idx + len(doc[end - 1])):
            continue  # "English (fluent)": a language someone speaks as a skill, no trait of theirs
        pair = given_name_pair(doc[start:end], label, is_given_name)
        if pair is not None:  # "Lyn & Dave": two people
            out.extend(_retyped(relabel(_piece(span, *one, relabel), "PERSON")) for one in pair)
            continue
        owner = bare_possessive(doc, start, end, is_given_name) if detected and label in NAME_CATEGORIES else None
        if owner is not None:  # "jakes bday": the person; "mums house": no one
            if owner[0] == "person":
                out.append(_retyped(relabel(_piece(span, start, owner[1], relabel), "PERSON")))
            continue
        if label in ("PERSON", "ORG", "LOC") and (kin_only(doc, start, end) or people_word(doc, start, end)):
            continue  # "mum", "his Dad": a relative by relation is no name (under DEM or MISC, as court
            # judgments mark "their daughter", a family circumstance)
        if detected and label in ("PERSON", "ORG", "LOC") and doc.lang_ == "en" and all(
                folded(t.text) in clinical_nouns() for t in doc[start:end] if t.is_alpha) and doc[start:end].text.isalpha() \
                or detected and (label in ("ORG", "MISC", "DEM") and is_care_abbreviation(doc[start:end].text)
                                 or ecg_terms(text, doc[start].idx, doc[end - 1].idx + len(doc[end - 1]))):
            continue  # "Findings: Gallbladder contains ...": the body and its illnesses name no one; "UTI", "OT"
        if detected and (label in ("ORG", "LOC", "MISC") and room_kind(text, doc[start:end]) or end - start == 1
                         and doc[start].is_lower and doc[start].text in LONE_PREPOSITIONS):
            continue  # "in Meeting Room 4": a room's kind; "parked outside the Co-op": a preposition alone
        if detected and label in NAME_CATEGORIES and (worn_span(doc, start, end) or branded_garment(doc, start, end)):
            continue  # "WEARING GREY HOODIE", "a grey North Face jacket": what someone wore describes them; it names no one
        while end - start > 1 and doc[end - 1].text in (",", ";"):
            end -= 1  # "Admiral," of a MISC span (not split at its commas): the comma is the sentence's
        while end - start > 1 and label == "DEM" and doc[end - 1].lower_ in DEM_TAILS:
            end -= 1  # "Mr and" of "Mr and Mrs Hargreaves", "lorry driver for": without the conjunction or preposition
        while end - start > 1 and (label == "DEM" and doc[start].lower_ in DEM_LEADS or detected and doc[start].lower_ in (
                "and", "or", "but") and label in NAME_CATEGORIES and not doc[start].is_title):
            start += 1  # "and has" of "He is 81 and has dementia": the condition, not the clause; "me and saz"
        if detected and label in NAME_CATEGORIES and start < end:
            start = service_number_end(text, doc[start:end])  # "999 and PC Ahmed": the number everyone calls
            if start >= end:
                continue
        if detected and label in NAME_CATEGORIES and end - start > 2:  # "Harbour Foods Ltd. Hearing listed"
            end = legal_form_end(doc, start, end, lambda w: w in ORG_HEADS or is_given_name(w) or w in last_names())
        while end - start > 1 and detected and label in NAME_CATEGORIES and doc[end - 1].lower_ in TIME_ADVERBS \
                and not doc[end - 1].is_title:
            end -= 1  # "the crown tonight": the pub, then when ("USA Today" keeps its name)
        if label not in ("PERSON", "DEM") and titles_only(doc, start, end):
            continue  # "Dr." alone under ORG, LOC...: the tagger's piece of "Dr. Anita Rao" (under DEM a
            # title is a gender, masked; its surrogate is a title of that gender, `surrogates.title_surrogate`)
        trimmed = trim_post_nominal(doc[start:end].text) if end - start >= 2 else doc[start:end].text
        named = trimmed != doc[start:end].text and 2 <= len(trimmed.split()) <= 3 and all(
            w.istitle() and w.isalpha() for w in trimmed.split()) and _own_line(text, doc[start].idx, doc[end - 1].idx
                                                                                + len(doc[end - 1]))
        # "Moira Sutherland ACA" on its own line: a signature's name (in a sentence, "Giovanna Rodrigues MD" stays)
        if trimmed != doc[start:end].text and (INITIAL_NAME.fullmatch(trimmed) or named):  # not "BALTIMORE MD"
            end -= 1  # "A. LINDGREN RN": the credential is no part of the name
            while end > start and (doc[end - 1].is_space or doc[end - 1].text == ","):
                end -= 1
        piece = _piece(span, start, end, relabel)
        if named:
            out.append(piece if label == "PERSON" else _retyped(relabel(piece, "PERSON")))
            continue
        value = text[piece.start_char:piece.end_char]
        code = slash_code_label(text, piece.start_char, piece.end_char, doc.lang_)
        if code is not None:  # "R/O", "N/A": shorthand; "F/B" a sex and a race, masked as such
            out.extend([_retyped(relabel(piece, code))] if code and label != "DEM" else [piece] if code else [])
            continue
        when = next((k for k in range(start + 1, end - 1) if doc[k].is_lower and doc[k].lower_ in TIME_WORDS
                     and calendar_phrase(text[doc[k].idx:piece.end_char])), None) if label in NAME_CATEGORIES else None
        if when is not None:  # "Manchester last September": the place, then the date
            parts[0:0] = [(start, when), (when, end)]
            continue
        season = holiday_at(text, piece.start_char, piece.end_char) \
            if label in NAME_CATEGORIES - {"DEM"} and not confidential else None
        season = "DATETIME" if label in NAME_CATEGORIES and calendar_phrase(value) else season  # "last September"
        if season == "DATETIME":  # "Advent 2025": a time of a calendar, dated
            out.append(_retyped(relabel(piece, "DATETIME")))
            continue
        if (label != "LOC" and not_a_name(value)) or software_word(value) or opening_participle(text, piece.start_char, piece.end_char) \
                or everyday_no_name(text, piece.start_char, piece.end_char) \
                or season is not None \
                or period_code(value) \
                or (label != "DEM" and small_words_and_numbers(value, doc.lang_)) \
                or eponym_span(text, piece.start_char, piece.end_char) \
                or measured_value(text, piece.start_char, piece.end_char) or (
                    detected and bare_count(text, piece.start_char, piece.end_char, label)) \
                or defined_term(text, piece.start_char, piece.end_char) or hashtag_phrase(text, piece.start_char, piece.end_char) \
                or software_text(text, piece.start_char, piece.end_char) \
                or contraction_tail(text, piece.start_char, piece.end_char):  # "till 3"; "eGFR 72"; "ve" of "I've"
            continue  # a LOC "22" may be a house number; "Seen" of "Seen by Dr Cook" is a note's verb
        if field_words(text, piece.start_char, piece.end_char) or crown_party(text, piece.start_char, piece.end_char):
            continue  # "Name: Ana Ruiz  Company: self", "CHILD'S SURNAME:", "National Insurance number": a field; "R v"
        if label == "DEM" and hyphened_age(text, piece.start_char, piece.end_char):
            out.append(_retyped(relabel(piece, "AGE")))  # "an 82-year-old" read as a trait: an age, not a code
            continue
        age = age_in(text, piece.start_char, piece.end_char, label)
        if age is not None:  # "78 YO", "age 7" tagged ORG or PERSON, "23" before "YO": an age
            number = doc.char_span(age[0], age[1])
            if number is not None:
                out.append(_retyped(relabel(_piece(span, number.start, number.end, relabel), "AGE")))
            rest = doc.char_span(age[2], piece.end_char, alignment_mode="contract")
            if age[2] < piece.end_char and rest is not None and len(rest):
                parts.insert(0, (rest.start, rest.end))  # "64 YO F ADMITTED": the rest is decided alone
            continue
        if label == "CONTACT" and percentage(text, piece.start_char, piece.end_char):
            out.append(_retyped(relabel(piece, "QUANTITY")))  # "Attendance: 96.4%": a share, no number to call
            continue
        if age_unit_alone(text, piece.start_char, value):
            continue  # "YO" of "23 YO M", "year" of "an 82-year-old": a piece of an age; "M" of "45yo M" its sex
        new = category_by_shape(value, label, is_name)
        product = model_tokens(piece, is_given_name) if new is None and label in NAME_CATEGORIES - {"DEM"} else None
        if product is not None:  # "Ford Focus", "black Samsung Galaxy S23": a model, not a person or a place
            model = _piece(span, *product, relabel)
            out.append(model if label == "MISC" else _retyped(relabel(model, "MISC")))
            if product[1] < end:
                parts.insert(0, trim_lower_edges(doc, product[1], end))  # "Ford Focus to Leeds": the town alone
            continue
        if new is None and label in ("LOC", "PERSON", "MISC") and doc.lang_ == "en" and company(
                value, text[max(0, piece.start_char - 30):piece.start_char].rsplit("\n", 1)[-1],
                text[piece.end_char:piece.end_char + 2]):
            new = "ORG"  # "His insurer is Admiral", "a job at Monzo": a company everyone knows
        if new is None and label in ("ORG", "LOC"):
            new = category_by_context(text, piece, prev_part)
        if new is None and (person_shape(text, piece.start_char, piece.end_char, label, is_given_name) or (
                piece[0].is_title and is_given_name(piece[0].lower_) and (role_in_brackets(text, piece.end_char)
                                                                           or after_closing(text, piece.start_char)))
                or signed_name(text, piece.start_char, piece.end_char, organisation_shape)
                or sign_off(text, piece.start_char, piece.end_char) or rare_given_name(piece, is_given_name)
                or ((piece[0].is_title or piece[0].is_upper) and after_title_and_initials(text, piece.start_char))
                or (doc.lang_ == "en" and given_name_and_initial(text, piece.start_char, piece.end_char, is_given_name))
                or (doc.lang_ == "en" and after_called(text, piece.start_char, piece.end_char))
                or everyday_person(text, piece, is_given_name)):  # "Ava-Rose"; "Happy 30th birthday Dan"
            new = "PERSON"  # "Gwen Pritchard" cut from an ORG span; "Kelly (supervisor)"; "Dr A. Bhattacharya"
        if label != "LOC" and new in (None, label) and (place_field_before(text, piece.start_char, label == "PERSON" or (
                label == "ORG" and len(piece) == 1)) or street_walked(text, piece.start_char, piece.end_char, is_given_name)) \
                and not organisation_shape(value):  # and "run down Elm Row towards Leith Walk"
            new = "LOC"  # "Place of birth: Gdańsk" tagged PERSON; "Location: Albany Road, Cardiff" too; a town
            # tagged ORG after the value's first part ("..., Oxford"), not a firm there ("Harlow Fresh Foods ...")
        if sex_field_value(text, piece.start_char, piece.end_char) or (
                new in (None, label) and label in ("PERSON", "ORG", "LOC") and occupation(doc, piece.start, piece.end,
                                                                                      is_given_name, text)):
            new = "DEM"  # "Sex: M" tagged ORG; "Job title: Senior Forklift Operator" tagged PERSON
        if (new == "DEM" or (new is None and label in ("ORG", "DEM")) or (new is None and label == "PERSON" and len(
                piece) == 1 and doc.lang_ == "en" and not is_given_name(piece[0].lower_))) and town_after_preposition(
                text, piece.start_char, piece.end_char, doc.lang_, countries=label != "ORG"):
            new = "LOC"  # "He is from Leeds", "enviou a Roma", "I'm Laura, from Galway": a town
        if new in (None, label) and label == "PERSON" and named_building(text, piece.start_char, piece.end_char):
            new = "ORG"  # "taken to the John Radcliffe": a hospital named after a person
        prev_part = piece
        if new is None and label in NAME_CATEGORIES - {"PERSON"}:
            cut = person_start(piece, roles=label != "MISC")  # a MISC "Sergeant H" is one description
            if cut is not None:
                piece = _piece(span, *trim_lower_edges(doc, cut, end), relabel)
                new = "PERSON"
            elif without_possessive(doc, piece.start, piece.end) - piece.start == 1 and (in_quotes_after_person_word(piece) or (
                    label == "ORG" and (piece[0].is_title or doc.lang_ == "en" and lower_case_given_name(
                        text, piece.start_char, piece.end_char))
                    and is_given_name(piece[0].lower_)
                    and (zipf(piece[0].lower_) < NAME_ZIPF + 0.5 or HOME_AFTER.match(text, piece.end_char)))):
                piece, new = _piece(span, piece.start, without_possessive(doc, piece.start, piece.end), relabel), "PERSON"
        if label == "PERSON" or new == "PERSON":  # "Yesterday Dr. Okonkwo-Baird": the name starts at its title
            piece = _piece(piece, person_start(piece, roles=False) or piece.start, piece.end, relabel)
            piece = _piece(piece, after_party_role(piece, is_given_name), piece.end, relabel)  # "Tenant Ruth Gallagher"
        out.append(piece if new is None or new == label else _retyped(relabel(piece, new)))
    return out


def organisation_shape(value: str) -> bool:
    """Whether `value` is an organisation's name by its own words (a head noun: "Velloway Foods Ltd")."""
    return category_by_shape(value, "LOC", lambda w: False) == "ORG"


def person_shape(text: str, start: int, end: int, label: str,
                 is_given_name: Optional[Callable[[str], bool]] = None) -> bool:
    """Whether a tagger's ORG, LOC or MISC text[start:end] is a given name (no frequent word) and a listed
    surname in two to four capitalised words with no organisation head ("Gwen Pritchard"): a person's name;
    not after "the" ("the Özgür Karadeniz", a newspaper) nor before more capitalised words of a longer name
    ("CHRISTIANA PARK | WOMEN'S HOSPITAL")."""
    value = text[start:end]
    words = value.split()
    if label not in ("ORG", "LOC", "MISC") or not 2 <= len(words) <= 4 or not all(w[:1].isupper() for w in words):
        return False
    if _THE_BEFORE.search(text, max(0, start - 5), start) or _CAPITAL_AFTER.match(text, end):
        return False
    first, last = folded(words[0]), folded(words[-1])
    given = is_given_name or first_names().__contains__
    parts = first.split("-")  # "Lily-Mae Turner": a given name of given names
    # a surname no list holds, in a signature's line that the name opens ("Ciarán Ó Súilleabháin | Operations")
    signed = not text[text.rfind("\n", 0, start) + 1:start].strip() and zipf(last) < RARE_SURNAME_ZIPF \
        and fold_accents(last) not in known_place_names()
    return ((given(first) and zipf(first) < NAME_ZIPF + 0.5) or (len(parts) > 1 and all(map(given, parts)))) \
        and (last in last_names() or signed) and not organisation_shape(value)


def category_by_context(text: str, piece: Span, prev: Optional[Span]) -> Optional[str]:
    """The category the words around an ORG or LOC `piece` prove (`name_context`), or None: after a form's
    name field or a title, kinship word or "Dear", a PERSON; one
    word after an organisation's name and a comma (`prev`, the part before), its town, or a bare street after
    a preposition of place, LOC."""
    start, end = piece.start_char, piece.end_char
    if organisation_shape(piece.text):
        return None  # "Requester: Ama Ruiz, Velloway Ltd": an organisation's name says what it is
    if after_name_field(text, start, end) or after_person_word(text, start, end) or FAMILY_AFTER.match(text, end) \
            or greeted_name(text, start, end) or introduced_name(text, start, end) or thanked_name(text, start, end) \
            or declarant(text, start, end) or (
                piece.label_ == "LOC" and (called_on_number(text, start, end) or named_in_brackets(text, start, end))):
        return "PERSON"  # and "the Al Mansouri family": a family named by its surname; "G'day Mick,"; "call Steph on"
    if street_after_preposition(text, start, end, street_shape(text[start:end])):
        return "LOC"  # "on Ditton Road" (not "Downing Street said": the office it names)
    if org_head_after(text, end):
        return "ORG"  # "St. Olaf" before "General Hospital": the organisation's name, its head left out
    prev_is_org = prev is not None and ("&" in prev.text or organisation_shape(prev.text))
    if prev is not None and town_after_org(text, prev.end_char, start, end, prev_is_org):
        return "PERSON" if given_name_not_place(text, start, end) else "LOC"
    if town_and_state(text, start, end) or town_after_named_org(text, start, end, organisation_shape):
        return "LOC"  # "our Reno, NV facility", "St Luke's Hospice, Sheffield"
    return None


def lower_words_only(doc: Doc, start: int, end: int) -> bool:
    """Whether start:end is one lower-case dictionary word ("native", "fluent"; a longer piece may be a
    description the name holds: "Blood Transfusion Service (blood collection)")."""
    words = [t for t in doc[start:end] if not (t.is_punct or t.is_space)]
    return len(words) == 1 and words[0].is_alpha and words[0].text.islower() and (
        zipf(words[0].text) >= COMMON_ZIPF or dictionary_test("en")(words[0].text))  # "(unwell)" too


def trait_words_only(doc: Doc, start: int, end: int) -> bool:
    """Whether start:end is one language, demonym or faith word ("English", "Hungarian")."""
    words = [t for t in doc[start:end] if not (t.is_punct or t.is_space)]
    return len(words) == 1 and folded(words[0].text) in trait_words()


def _own_line(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands alone on its line (a signature's)."""
    before = text[max(0, start - 40):start]
    return ("\n" in before or start <= 40) and not before.rsplit("\n", 1)[-1].strip() \
        and not text[end:end + 40].split("\n", 1)[0].strip()


def _amount_columns(span: Span, text: str, relabel: Callable[[Span, str], Span]) -> List[Span]:
    """A tagger's amount or contact cut at a row's cells (`cell_pieces`); one piece: the span."""
    if span.label_ not in ("QUANTITY", "CONTACT") or _by_rule(span_getter("anon_source")(span)):
        return [span]
    cut = [span.doc.char_span(s, e, alignment_mode="contract")
           for s, e in cell_pieces(text, span.start_char, span.end_char, span.label_)]
    return [span] if len(cut) < 2 else [_piece(span, c.start, c.end, relabel) for c in cut if c is not None and len(c)]


def _piece(span: Span, start: int, end: int, relabel: Callable[[Span, str], Span]) -> Span:
    """The part start:end of `span`, with its attributes."""
    if start == span.start and end == span.end:
        return span
    part = relabel(Span(span.doc, start, end, label=span.label_), span.label_)
    for name in ("anon_source", "anon_score", "anon_identifier", "anon_entity"):
        value = span_getter(name)(span)
        if value is not None:
            setattr(part._, name, value)
    return part


def _retyped(span: Span) -> Span:
    """`span` with no fine type of its old category: `decide_fine_types` decides one for the new."""
    span._.anon_type = None
    return span
