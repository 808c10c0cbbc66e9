"""The span filter that drops whole spans holding no identifier: a common role or kin ("HR Business
Partner", "Claimant", "line manager"), a department or field ("Accounts Payable", "Paediatric
Cardiology"), an institution named by its kind ("Police", "Employment Tribunal"), software, systems and
credentials ("Java", "Power BI", "EHR", "MRCPCH"), a form's key or a message header ("Username",
"Original Message"), "English" or a language with a level ("Spanish (fluent)"), a law with its year
that the tagger took for an organisation or place ("County Courts Act 1984"), a weekday in generic use
("Monday mornings", "Monday to Friday"), a bare number of three digits or fewer under a label that needs
more ("148" as a contact), and, where the writer uses capitals, a run of lower-case dictionary words
("coffee machine", "login page") or a capitalised dictionary word opening a line ("Boiler", "Laptop").
A span across list separators is judged piece by piece ("Requester: Ama Owusu-Ansah, Finance").

A tagger reads the place a name stands in, and these stand there (a signature's second line, a field, a
subject line). The word classes are in `spacy_anon.lexicon.generic_mentions`. A dropped span is a
possible leak, so a span is kept whenever it holds a listed given name, a listed surname written with a
capital (unless after a key, an article or "as": "Department: Sales"), a capitalised word no list or
dictionary knows or one capitalised inside a sentence, a digit joined to more ("£52,000", "V-121"), "@",
a month, a number read out ("forty two"), a word the document writes as a name elsewhere ("Rose Cook ...
cook agreed"), when it ends a name before it ("Castlebrook Children's Hospital"), or when a determiner or
possessive describes it ("his solicitor", "the applicant's brother": court-judgment corpora mark such
descriptions, though not a body of the state by its kind, "the Government", "the Registrar", which is
dropped); a lower-case run under a description label ("airline pilot" as DEM) and an occupation with a
word no list of common roles holds ("Leasing consultant") are left alone.
"""
import re
from typing import Callable, FrozenSet, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.casing import LOWER, usual_form, written_words
from spacy_anon.errors import Errors
from spacy_anon.lexicon.category_words import MONTHS, trait_words
from spacy_anon.lexicon.generic_mentions import (
    CASED_PRODUCTS, DEPARTMENT_HEADS, DEPARTMENT_WORDS, FIELD_HEADS, FIELD_LABELS, FIELD_MODIFIERS, FIELDS,
    INSTITUTIONS, PARTY_ROLES, STATE_BODIES, PRODUCTS, ROLE_HEADS, ROLE_MODIFIERS, TECH_ACRONYMS,
)
from spacy_anon.lexicon.generic_words import (CHAT_SHORTHAND, GENERIC_WEEKDAY_AFTER, GENERIC_WEEKDAY_BEFORE,
                                              IRREGULAR_VERBS, WEEKDAYS, dictionary_test, folded, zipf)
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.possessives import possessive_end
from spacy_anon.rules.recognizers.fields import TABLE_KEYS
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows, stop_words
from spacy_anon.tagger.span_filters.document_titles import document_title, starts_line
from spacy_anon.tagger.span_filters.generic_words import NUMBER_WORDS, sentence_starts, starts_sentence
from spacy_anon.tagger.span_filters.names import NAME_PARTICLES
from spacy_anon.tagger.span_filters.qualifications import is_credential
from spacy_anon.tagger.span_filters.qualifications import pieces as list_pieces
from spacy_anon.tagger.span_filters.role_words import (POSSESSIVES, field_words, in_list, institution_words, singular,
                                                       SPECIALTY_ENDINGS, specific_occupation, work_words)

HONORIFICS = frozenset(h.strip(".").lower() for h in DEFAULT_HONORIFICS)
# what may stand before a role or department word that a capitalised surname would not follow
ROLE_CONTEXT = frozenset(": the a an his her their my our your its as ( / - – , of".split())
DETERMINERS = POSSESSIVES | frozenset("this that these those any another every each no".split())
# personal pronouns that are no name in any casing ("She's", "chase her"); "I", "it" and "us" are left out
# ("Henry I", "IT", "US")
# what a form's or a letter's title ends with ("Insurance Claim Form", "Visitor Sign-In Sheet")
SUBJECT_PRONOUNS = frozenset("i we he she they you".split())
PRONOUN_WORDS = frozenset("me my mine myself you your yours yourself we our ours they them their theirs "
                          "he him his she her hers its".split())
CONTRACTION_TAILS = frozenset("' ’ s 's ’s m 'm ’m re 're ’re ve 've ’ve ll 'll ’ll d 'd ’d".split())
# the CRF's labels of descriptions (occupations, traits, events, conditions): a run of lower-case words
# under one may describe someone ("airline pilot", "dental problems"), so only the word lists drop it
DESCRIPTION_LABELS = frozenset({"DEM", "MISC"})
PEOPLE_AFTER = frozenset("national nationals citizen citizens man woman men women family people person teacher "
                         "speaker speakers background heritage origin descent".split())
LEVELS = frozenset("fluent basic conversational intermediate advanced working business good limited some "
                   "a1 a2 b1 b2 c1 c2 native-level professional".split())
NATIVE = frozenset("native mother tongue first".split())
RANGE_WORDS = frozenset("to - – till until through thru".split())
LAW_HEADS = frozenset("act acts regulations order rules code".split())
JOINERS = frozenset("_ @ / - . : ' ’".split())
SPOKEN = NUMBER_WORDS | frozenset("dot dash hyphen underscore slash at".split())

COMMON_ZIPF = 3.0  # a capitalised word at least this frequent whose usual form is lower case is a word
FREQUENT_ZIPF = 4.0  # in lower-case text, only words this frequent: lower-case names are common there
YEAR = re.compile(r"(?:1[89]|20)\d\d")
SMALL_NUMBER = re.compile(r"\d{1,3}")
AGE_OR_TIME_AFTER = frozenset("years year yrs yr yo y/o y.o. months month weeks week days day old hours hrs".split())
MONEY_WORDS = frozenset("£ $ € ¥ quid pounds pound euros euro dollars dollar pence p k grand gbp eur usd".split())
UNIT_AFTER = frozenset("m km cm mm kg g mins min minutes secs offline online".split())
# keys after which a small number is a postal code or a part of an address ("zip code is 880", "Apt. 169")
ADDRESS_KEYS = frozenset("zip zipcode postcode postal apt apartment suite unit flat box house".split())
NAME_GOES_ON = frozenset("of for".split())


class SpanWords:
    """Per document: what the filter needs to know about its tokens (see module)."""

    def __init__(self, doc: Doc, given: FrozenSet[str], surnames: FrozenSet[str],
                 is_common: Callable[[str], bool]):
        self.doc, self.given, self.surnames, self.is_common = doc, given, surnames, is_common
        rows = doc_rows(doc)
        self.texts, self.spacing, self.alpha, self.spaces, self.punct = (
            rows.words, rows.whitespace, rows.is_alpha, rows.is_space, rows.is_punct)
        self.stops = stop_words(doc.lang_ or "en")
        texts, alpha = rows.words, rows.is_alpha
        starts = self.starts = sentence_starts(texts, rows.whitespace, rows.is_space)
        self.cased = cased_text(texts, alpha, starts)
        self.written = written_words(doc)  # the tokens as typed, where the doc is a recased reading
        self.covered: FrozenSet[int] = frozenset()  # the tokens of the document's spans
        self.capitalised_inside = frozenset(
            folded(text) for text, a, start in zip(texts, alpha, starts)
            if a and text[:1].isupper() and not text.isupper() and not start)

    def content(self, start: int, end: int) -> List[int]:
        punct, spaces = self.punct, self.spaces
        return [k for k in range(start, end) if not (punct[k] or spaces[k])]

    def before(self, start: int) -> str:
        j = start - 1
        while j >= 0 and self.spaces[j]:
            j -= 1
        return self.texts[j].lower() if j >= 0 else ""

    def after(self, end: int) -> str:
        j = end
        while j < len(self.doc) and self.spaces[j] and "\n" not in self.texts[j]:
            j += 1
        return self.texts[j].lower() if j < len(self.doc) else ""

    def after_value_key(self, start: int) -> bool:
        """Whether a name's, a place's or an organisation's field key and its colon stand right before `start`
        on its line ("Place of birth: Limerick", "Employer: Boots"): the field's value, whatever its words."""
        j = start - 1
        while j >= 0 and self.spaces[j] and "\n" not in self.texts[j]:
            j -= 1
        key: List[str] = []
        for k in range(j - 1, max(-1, j - 9), -1) if j > 0 and self.texts[j] == ":" else ():
            if "\n" in self.texts[k] or self.punct[k] or len(key) == 4:
                break
            key[:0] = [] if self.spaces[k] else [self.texts[k].lower()]
        return any(" ".join(key[i:]) in TABLE_KEYS for i in range(len(key)))

    def vetoed(self, start: int, end: int, listed: Callable[[str], bool]) -> bool:
        """Whether the span may hold an identifier (see module): listed(word) says a word is of a word class."""
        doc = self.doc
        if self.glued(start, end) or self.after_name(start) or self.described(start, end) or self.after_value_key(start):
            return True
        toks = self.content(start, end)
        spoken = [k for k in toks if folded(doc[k].text) in SPOKEN or len(doc[k].text) == 1 and doc[k].is_alpha]
        if len(spoken) > 1 or (spoken and self.spoken_next_to(start, end)):
            return True  # a number or a code read out ("forty two", "seventy four", "q p")
        for k in toks:
            text = doc[k].text
            w = folded(text)
            inner = toks[0] < k < toks[-1]
            if "@" in text or w in MONTHS or (w in self.given and not (inner and text.islower() and w in NAME_PARTICLES)):
                return True  # a given name, but not a lower-case particle inside the span ("Chef de Partie")
            if any(ch.isdigit() for ch in text) and not (is_credential(w) or w in TECH_ACRONYMS):
                return True
            j = k - 1
            while j >= 0 and (doc[j].is_space or doc[j].text == "."):
                j -= 1
            if j >= 0 and folded(doc[j].text) in HONORIFICS:
                return True
            capital = text[:1].isupper()
            if capital and w in self.surnames and w not in trait_words() and not (k == start and self.before(start) in ROLE_CONTEXT
                                                       or len(self.content(start, end)) > 1 and listed(w)):
                return True
            if capital and not (listed(w) or text in CASED_PRODUCTS) and not (self.dictionary_word(k) and self.opens(k)):
                return True  # a name's capital: a word no list knows, or a word capitalised inside a sentence
            if not capital and w in self.capitalised_inside and (w in self.surnames or not listed(w)):
                return True  # the document writes it as a name elsewhere ("Rose Cook ... cook agreed")
        return False

    def opens(self, k: int) -> bool:
        """Token k opens a sentence or line, or its line is in capitals: a capital there says nothing."""
        return self.starts[k] or self.texts[k].isupper() or self.recased(k)

    def recased(self, k: int) -> bool:
        return self.written is not None and self.written[k] != self.texts[k]

    def glued(self, start: int, end: int) -> bool:
        """The span touches a letter, digit or joiner with no space: a piece of a longer string (a handle
        "u/tenancy_nerd", an amount "£52,000", a time "14:05", a code "V-121", an address "@example.com")."""
        doc = self.doc
        if start > 0 and not doc[start - 1].whitespace_ and not doc[start - 1].is_space:
            prev = doc[start - 1]
            if prev.text[:1].isalnum() or prev.text in ("_", "@"):
                return True
            if (prev.text in JOINERS or prev.text == ",") and start > 1 and not doc[start - 2].whitespace_ and doc[start - 2].text[:1].isalnum():
                return True  # "14:05", "V-121", "u/x", "a.b"
        if end >= len(doc) or doc[end - 1].whitespace_ or doc[end].is_space:
            return False
        nxt = doc[end]
        if nxt.text[:1].isalnum() or nxt.text in ("_", "@"):
            return True
        # a joiner with more after it, no space between: "14:05", "£52,000", "a.b", "V-121", "u/x"
        return (nxt.text in JOINERS or nxt.text == ",") and not nxt.whitespace_ and end + 1 < len(doc) \
            and doc[end + 1].text[:1].isalnum()

    def after_name(self, start: int) -> bool:
        """Within the two words before the span on its line stands a word capitalised inside a sentence and
        no list knows: the span is the end of that name ("Castlebrook Children's [Hospital]", "Mersey
        building [society]")."""
        doc = self.doc
        j, seen = start - 1, 0
        while j >= 0 and seen < 2:
            t = doc[j]
            if t.is_space or t.text in ("'s", "’s", "'", "’", "&"):
                if "\n" in t.text:
                    return False
                j -= 1
                continue
            if not t.is_alpha:
                return False
            if j in self.covered or t.text[:1].isupper() and not self.opens(j):
                return True
            seen += 1
            j -= 1
        return False

    def described(self, start: int, end: int) -> bool:
        """A determiner or possessive opens the span, stands right before it or follows it ("the Government",
        "his solicitor", "the applicant's brother", "the council's"): a description of someone or of an
        organisation in the story, which court-judgment corpora mark as well as names."""
        doc = self.doc
        first = doc[self.content(start, end)[0]].text.lower() if self.content(start, end) else ""
        after = doc[end].text if end < len(doc) else ""
        return self.before(start) in DETERMINERS or first in DETERMINERS or after in ("'s", "’s") \
            or possessive_end(doc, end) > end

    def spoken_next_to(self, start: int, end: int) -> bool:
        doc = self.doc
        for j in (start - 1, end):
            if 0 <= j < len(doc) and (folded(doc[j].text) in SPOKEN or doc[j].like_num
                                      or (len(doc[j].text) == 1 and doc[j].is_alpha)):
                return True
        return False

    def dictionary_word(self, k: int) -> bool:
        """A capitalised word that a dictionary writes in lower case and only a sentence or line start (or
        a heading's style) capitalises."""
        w = folded(self.texts[k])
        return self.is_common(w) and zipf(w) >= COMMON_ZIPF and w not in self.surnames and w not in self.given


def cased_text(texts: Sequence[str], alpha: Sequence[bool], starts: Sequence[bool]) -> bool:
    """Whether the writer uses capitals: most sentence-opening words are capitalised, most words not
    (token texts, their `is_alpha` and `sentence_starts`)."""
    opening = [t for t, a, s in zip(texts, alpha, starts) if a and s]
    letters = [t for t, a in zip(texts, alpha) if a]
    if not opening or not letters:
        return False
    upper = sum(1 for t in letters if t.isupper() and len(t) > 1)
    return sum(1 for t in opening if t[:1].isupper()) >= 0.6 * len(opening) and upper < 0.5 * len(letters)


TECH_WORDS = PRODUCTS | TECH_ACRONYMS
LISTED_ROLE_WORDS = ROLE_HEADS | ROLE_MODIFIERS | DEPARTMENT_WORDS | DEPARTMENT_HEADS | FIELD_LABELS


def tool(text: str) -> bool:
    """Software, a system, a tech acronym or a credential (a cased product as written)."""
    w = folded(text)
    return text in CASED_PRODUCTS or in_list(w, TECH_WORDS) or is_credential(w)


def listed_word(w: str) -> bool:
    """A word of one of the lists: what a capitalised word may be and still be generic."""
    return (in_list(w, LISTED_ROLE_WORDS)
            or w in FIELDS or w in FIELD_MODIFIERS or w in FIELD_HEADS or w in INSTITUTIONS
            or in_list(w, TECH_WORDS) or is_credential(w) or w.endswith(SPECIALTY_ENDINGS)
            or w in trait_words())


class GenericSpans:
    """Decides, span by span, whether it holds no identifier (see module)."""

    def __init__(self, doc: Doc, words: SpanWords, labels: Sequence[str], date_label: Optional[str],
                 number_labels: Sequence[str]):
        self.doc, self.s = doc, words
        rows = doc_rows(doc)
        self.texts, self.spacing, self.alpha, self.spaces, self.punct = (
            rows.words, rows.whitespace, rows.is_alpha, rows.is_space, rows.is_punct)
        self.labels, self.date_label, self.number_labels = set(labels), date_label, set(number_labels)

    def words(self, start: int, end: int) -> List[str]:
        return [folded(self.texts[k]) for k in self.s.content(start, end)]

    def drop(self, start: int, end: int, label: str, whole: bool = True) -> bool:
        """Whether start:end holds no identifier; a piece of a longer span (`whole` false) only by the word
        lists and shapes, not as a run of common words ("(handing out of nicotine patches)" describes the
        name before it)."""
        if label in self.number_labels and self.bare_number(start, end):
            return True
        if self.date_label and label == self.date_label:
            return self.generic_weekday(start, end)
        if label not in self.labels:
            return False
        inner = self.without_pronoun_tail(start, end)
        if inner is None:
            return True  # "She's", "his": pronouns only
        if inner < end:
            return self.drop(start, inner, label, whole)  # "chase her": decided without the pronoun
        if end - start > 1 and folded(self.texts[start]) in SUBJECT_PRONOUNS and self.texts[start + 1].islower():
            rest = self.words(start + 1, end)  # "I drive a": a subject and common words
            return whole and not any(w in self.s.given for w in rest) and self.common_words(start + 1, end, label, rest)
        words = self.words(start, end)
        roles = [w for w in words if w not in DETERMINERS]
        if roles and all(w in PARTY_ROLES for w in roles):
            return True  # "the Claimant", "the Defendants": a party by its role, described or not
        if roles and all(singular(w) in STATE_BODIES for w in roles) and self.s.after(end) not in NAME_GOES_ON \
                and not self.s.glued(start, end) and not self.s.after_name(start):
            return True  # "the Government", "the Registrar": a body of the state by its kind, described or not
        if label not in DESCRIPTION_LABELS and self.law(start, end, words):
            return True  # a law the tagger took for an organisation or a place (as MISC, court corpora mark it)
        if words and self.document_title(start, end, words):
            return True  # a title line's capitals are the title's, no name's
        if not words or self.s.vetoed(start, end, listed_word):
            return False
        if label in DESCRIPTION_LABELS and specific_occupation(words):
            return False  # "Leasing consultant" under a name: an occupation the lists do not call common
        if label in DESCRIPTION_LABELS and self.s.before(start) == ",":
            return False  # an apposition ("Mrs C. Westerling, Legal Adviser"): the person's role, marked in court corpora
        return (work_words(words) or field_words(words) or institution_words(words) or self.products(start, end)
                or all(w in FIELD_LABELS for w in words) or self.field_key(start, end, words)
                or self.language(start, end, words) or (whole and self.common_words(start, end, label, words)))

    def without_pronoun_tail(self, start: int, end: int) -> Optional[int]:
        """The end of start:end without the personal pronouns (and a contraction's tail) it ends with; None
        when it holds nothing else ("She's"). A pronoun that opens a span stays ("his tutor": a description)."""
        doc, k = self.doc, end
        while k > start and (folded(doc[k - 1].text) in PRONOUN_WORDS or doc[k - 1].is_space
                             or folded(doc[k - 1].text) in CONTRACTION_TAILS and k - 1 > start):
            k -= 1
        if all(folded(doc[i].text) in PRONOUN_WORDS or folded(doc[i].text) in CONTRACTION_TAILS or doc[i].is_space
               for i in range(start, end)) and any(folded(doc[i].text) in PRONOUN_WORDS for i in range(start, end)):
            return None
        if k == end or not any(folded(doc[i].text) in PRONOUN_WORDS for i in range(k, end)):
            return end
        return k

    def products(self, start: int, end: int) -> bool:
        """Software, systems and credentials, with lower-case words around them ("Kafka-based services",
        "Built REST APIs", "CCMA, BLS/CPR")."""
        toks = self.s.content(start, end)
        tools = [k for k in toks if tool(self.texts[k])]
        return bool(tools) and all(k in tools or self.texts[k].islower() and (self.s.is_common(folded(self.texts[k]))
                                                                                  or folded(self.texts[k]) in self.s.stops)
                                   or self.s.opens(k) and self.s.dictionary_word(k) for k in toks)

    def field_key(self, start: int, end: int, words: Sequence[str]) -> bool:
        """The key of a "Key: value" line: it opens the line and a colon follows ("Requester: ...")."""
        doc = self.doc
        return starts_line(doc, start) and self.s.after(end) == ":" and len(words) <= 3 \
            and all(self.s.is_common(w) or w in FIELD_LABELS for w in words)

    def document_title(self, start: int, end: int, words: Sequence[str]) -> bool:
        return document_title(self.doc, start, end, words, lambda w: self.s.is_common(w) or w in self.s.stops)

    def language(self, start: int, end: int, words: Sequence[str]) -> bool:
        """"English" (the language of the text: most readers speak it) or any language with a level after
        it ("Spanish (fluent)"); a native language and a nationality stay ("Polish (native)", "an English
        national")."""
        if len(words) != 1 or words[0] not in trait_words():
            return False
        after = self.next_words(end, 2)
        if any(w in NATIVE for w in after):
            return False
        if words[0] == "english":
            return not any(w in PEOPLE_AFTER for w in after)
        return bool(after) and after[0] in LEVELS

    def next_words(self, end: int, n: int) -> List[str]:
        out, j = [], end
        while j < len(self.doc) and len(out) < n and "\n" not in self.texts[j]:
            if self.alpha[j] or self.doc[j].like_num:
                out.append(folded(self.texts[j]))
            elif self.texts[j] not in ("(", ")", "-", "–"):
                break
            j += 1
        return out

    def law(self, start: int, end: int, words: Sequence[str]) -> bool:
        """A statute's title with its year ("County Courts Act 1984"): capitalised words before "Act",
        "Regulations", "Order" and a year; public, no one's. A given name in it keeps it (an act named
        after a person)."""
        if not words or not YEAR.fullmatch(words[-1]):
            return False
        words = words[:-1]
        toks = self.s.content(start, end)
        return len(words) >= 2 and words[-1] in LAW_HEADS and all(
            self.texts[k][:1].isupper() or folded(self.texts[k]) in self.s.stops or YEAR.fullmatch(self.texts[k])
            for k in toks) and not any(w in self.s.given for w in words)

    def common_words(self, start: int, end: int, label: str, words: Sequence[str]) -> bool:
        """Where the writer uses capitals: a run of lower-case dictionary words ("coffee machine", "login
        page"), or a capitalised dictionary word opening a line or sentence with lower-case words after it
        ("Boiler", "Landlord keeps"). In text without capitals, only frequent words that are usually
        written in lower case ("deal", "story"; not "ring", "guy": names too)."""
        doc = self.doc
        toks = self.s.content(start, end)
        lower = all(doc[k].text.islower() and not self.s.recased(k) for k in toks)
        if lower and label in DESCRIPTION_LABELS:
            return False  # a lower-case occupation ("airline pilot", "firefighter") may be a specific one
        if lower:
            if self.s.before(start) in HONORIFICS:
                return False
            if self.s.cased:
                return all(self.s.is_common(w) or w in CHAT_SHORTHAND or w in self.s.stops for w in words)
            return all(w in CHAT_SHORTHAND or w in self.s.stops
                       or (zipf(w) >= FREQUENT_ZIPF and usual_form(w, LOWER) == w) for w in words)
        if not (self.s.cased and doc[toks[0]].text[:1].isupper() and not doc[toks[0]].text.isupper()
                and not self.s.recased(toks[0]) and words[0] not in trait_words()):
            return False
        rest = toks[1:]  # a sentence's opening words ("Landlord keeps"): the rest typed in lower case
        return starts_sentence(doc, toks[0]) and self.s.dictionary_word(toks[0]) and all(
            doc[k].text.islower() and not self.s.recased(k) and (self.s.is_common(folded(doc[k].text))
                                                                 or doc[k].text in self.s.stops) for k in rest)

    def bare_number(self, start: int, end: int) -> bool:
        """A number of three digits or fewer alone, or with a unit or a lower-case word ("148", "6 m", "7
        offline"): no phone, place or organisation is written so. A number next to a capitalised word (a
        house number, "Block 3") or glued to other characters is not bare."""
        doc = self.doc
        toks = self.s.content(start, end)
        if not toks or not SMALL_NUMBER.fullmatch(doc[toks[0]].text) or self.s.glued(start, end):
            return False
        rest = toks[1:]
        if len(rest) > 1 or (rest and folded(doc[rest[0]].text) not in UNIT_AFTER):
            return False
        near = [self.skip(start, -1), self.skip(start, -2), self.skip(end, 1), self.skip(end, 2)]
        if len(doc[toks[0]].text.lstrip("0")) <= 2 and any(0 <= j < len(doc) and folded(doc[j].text) in MONTHS | WEEKDAYS
                                                          for j in near):
            return False  # a day or a year of a date ("nov, 96"; "up to 950 from jan" is neither)
        prev = self.s.before(start)
        nxt = self.s.after(end)
        j = end
        while j < len(doc) and doc[j].is_space and "\n" not in doc[j].text:
            j += 1
        same_line = "\n" not in doc[end - 1].whitespace_
        capital_next = j < len(doc) and doc[j].text[:1].isupper() and doc[j].is_alpha and same_line
        if j < len(doc) and same_line and (doc[j].like_num or j in self.s.covered):
            return False  # the house number of the address after it ("846 31 Rue ...")
        if self.address_key_before(start):
            return False  # "zip code is 880", "Apt. 169"
        return not capital_next and (not prev[:1].isalpha() or prev in self.s.stops or (
            prev in IRREGULAR_VERBS and self.texts[self.skip(start, -1)].islower())) \
            and nxt not in ("/", "-", ":", ".", "%") \
            and nxt not in AGE_OR_TIME_AFTER and nxt not in MONEY_WORDS and prev not in MONEY_WORDS

    def address_key_before(self, start: int) -> bool:
        """A postal or address key within the three words before, on the same line."""
        j, seen = start - 1, 0
        while j >= 0 and seen < 3:
            t = self.doc[j]
            if "\n" in t.text or "\n" in t.whitespace_:
                return False
            if not t.is_space and not t.is_punct:
                if folded(t.text).rstrip(".") in ADDRESS_KEYS:
                    return True
                seen += 1
            j -= 1
        return False

    def generic_weekday(self, start: int, end: int) -> bool:
        """A weekday in generic use under the date label: "Monday mornings", "every Monday", "Monday to
        Friday" (the days of a week's hours, no date with them)."""
        doc = self.doc
        toks = self.s.content(start, end)
        words = [folded(doc[k].text) for k in toks]
        if not words or not any(w in WEEKDAYS for w in words) or any(doc[k].like_num for k in toks):
            return False
        if not all(w in WEEKDAYS or w in GENERIC_WEEKDAY_AFTER or w in GENERIC_WEEKDAY_BEFORE or w in RANGE_WORDS
                   for w in words):
            return False
        if any(w in GENERIC_WEEKDAY_AFTER or w in GENERIC_WEEKDAY_BEFORE for w in words) \
                or self.s.before(start) in GENERIC_WEEKDAY_BEFORE or self.s.after(end) in GENERIC_WEEKDAY_AFTER:
            return True
        if any(w in RANGE_WORDS for w in words):
            return True  # "Monday to Friday" as one span
        if self.s.after(end) in RANGE_WORDS and self.weekday_at(self.skip(end, 2)):
            return True
        return self.s.before(start) in RANGE_WORDS and self.weekday_at(self.skip(start, -2))

    def skip(self, i: int, step: int) -> int:
        """The index `step` non-space tokens away from i (the first at i itself going forward)."""
        doc, n = self.doc, abs(step)
        j = i if step > 0 else i - 1
        d = 1 if step > 0 else -1
        while 0 <= j < len(doc):
            if not doc[j].is_space:
                n -= 1
                if n == 0:
                    return j
            j += d
        return -1

    def weekday_at(self, j: int) -> bool:
        return 0 <= j < len(self.doc) and folded(self.texts[j]) in WEEKDAYS and not any(
            0 <= k < len(self.doc) and self.doc[k].like_num for k in (j + 1, j + 2))

    def __call__(self, spans: List[Scored]) -> List[Scored]:
        self.s.covered = frozenset(k for start, end, _, _ in spans for k in range(start, end))
        out: List[Scored] = []
        for span in spans:
            start, end, label, score = span
            parts = pieces(self.doc, start, end) if label in self.labels else [(start, end)]
            if len(parts) > 1:  # "Requester: Ama Owusu-Ansah, Finance": each piece between separators alone
                dropped = [self.drop(s, e, label, whole=False) for s, e in parts]
                if any(dropped):  # the kept pieces between two dropped ones stay one span ("Westcombe Housing, Bristol")
                    run: List[Tuple[int, int]] = []
                    for part, d in zip(parts + [(end, end)], dropped + [True]):
                        if d and run:
                            out.append((run[0][0], run[-1][1], label, score))
                            run = []
                        elif not d:
                            run.append(part)
                    continue
            if not self.drop(start, end, label):
                out.append((self.named_body_start(start, end, label), end, label, score))
        return self.joined_bodies(out)

    def joined_bodies(self, spans: List[Scored]) -> List[Scored]:
        """A state body by its kind right after the span of its country ("Swedish" + "Government") is one
        span with it, under the body's label: the bare word would else spread to every "the Government"."""
        out: List[Scored] = []
        for span in spans:
            start, end, label, score = span
            if out and out[-1][1] == start and start > 0 and self.spacing[start - 1] == " " \
                    and self.texts[start - 1][:1].isupper() and label in self.labels \
                    and all(singular(w) in STATE_BODIES for w in self.words(start, end)):
                out[-1] = (out[-1][0], end, label, max(score, out[-1][3]))
                continue
            out.append(span)
        return out

    def named_body_start(self, start: int, end: int, label: str) -> int:
        """Where a kept state body by its kind begins with the name before it ("Swedish" + "Government",
        "United Kingdom" + "Government"): the span grows over it, so that the bare word does not spread
        to every "the Government" of the document as the same name."""
        if label not in self.labels or not all(singular(w) in STATE_BODIES for w in self.words(start, end)):
            return start
        first, j = start, start - 1
        while j >= 0 and self.spacing[j] == " " and self.alpha[j] and self.texts[j][:1].isupper() \
                and j not in self.s.covered and folded(self.texts[j]) not in DETERMINERS and not self.s.opens(j):
            first, j = j, j - 1
        return first


def pieces(doc: Doc, start: int, end: int) -> List[Tuple[int, int]]:
    """Tokens start..end-1 cut at list separators, brackets, a key's colon and runs of spaces, without them
    (`qualifications.pieces`, and ":")."""
    out: List[Tuple[int, int]] = []
    for s, e in list_pieces(doc, start, end):
        piece = s
        for k in range(s, e + 1):
            if k == e or doc[k].text == ":":
                if k > piece:
                    out.append((piece, k))
                piece = k + 1
    return out


def drop_generic_spans(doc: Doc, spans: List[Scored], labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC", "MISC", "DEM"),
                       date_label: Optional[str] = "DATETIME",
                       number_labels: Sequence[str] = ("CONTACT", "ORG", "LOC", "PERSON", "PER", "DEM", "MISC"),
                       given: FrozenSet[str] = frozenset(), surnames: FrozenSet[str] = frozenset(),
                       is_common: Optional[Callable[[str], bool]] = None) -> List[Scored]:
    """The spans without those that hold no identifier (see module). given, surnames: the gazetteers'
    given names and surnames, lower case; is_common: the dictionary test (English's list by default)."""
    if not spans:
        return spans
    words = SpanWords(doc, given, surnames, is_common or dictionary_test(doc.lang_ or "en"))
    return GenericSpans(doc, words, labels, date_label or None, number_labels)(spans)


class DropGenericSpans(SpanFilter):
    """Spans that hold no identifier are dropped (`drop_generic_spans`). Labels are the CRF's own.

    labels: the labels whose spans are checked against the word classes (roles, departments, software...).
    date_label: the label whose spans are dropped when they are weekdays in generic use ("" = none).
    number_labels: the labels under which a bare number of three digits or fewer is dropped ([] = none).
    """

    def __init__(self, labels: Sequence[str], date_label: str, number_labels: Sequence[str]):
        for name, value in (("labels", labels), ("number_labels", number_labels)):
            if isinstance(value, str) or not all(isinstance(v, str) and v for v in value):
                raise ValueError(Errors.E666.format(setting=name, value=value))
        if not isinstance(date_label, str):
            raise ValueError(Errors.E666.format(setting="date_label", value=date_label))
        if date_label and (date_label in labels or date_label in number_labels):
            raise ValueError(Errors.E667.format(label=date_label))
        self.labels, self.date_label, self.number_labels = tuple(labels), date_label, tuple(number_labels)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        terms = getattr(tagger, "gazetteer_terms", {})
        return drop_generic_spans(doc, spans, self.labels, self.date_label, self.number_labels,
                                  frozenset(terms.get("first_names", ())), frozenset(terms.get("last_names", ())))


@registry.misc("spacy_anon.drop_generic_spans.v1")
def make_drop_generic_spans(labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC", "MISC", "DEM"),
                            date_label: str = "DATETIME",
                            number_labels: Sequence[str] = ("CONTACT", "ORG", "LOC", "PERSON", "PER", "DEM", "MISC"),
                            ) -> DropGenericSpans:
    return DropGenericSpans(labels, date_label, number_labels)
