"""Words software, forms and tickets write that name nobody, under any label a tagger gives them: file
formats and data words ("CSV", "PII"), a form's answers ("Yes"), time zones, social platforms ("ig"),
messages' abbreviations ("RSVP", "GP"),
exceptions' names ("KeyError"), a school's year group or a scheme's level ("Year 2", "Tier 2") and a
program with its version ("Chrome 119")."""
import re

from spacy_anon.lexicon.generic_mentions import PLATFORMS, PRODUCTS
from spacy_anon.lexicon.generic_words import folded

# file formats, protocols and data words, as bug reports and tickets write them ("click CSV", "PII found")
SOFTWARE_WORDS = frozenset("csv tsv pdf xml json yaml html xls xlsx doc docx txt png jpg jpeg gif svg zip sql http "
                           "https ftp sftp ssh vpn pii gdpr ubuntu debian fedora linux macos android".split()) | frozenset(
    "yes no ok okay true false null none n/a".split()) | frozenset(  # a form's or a table's answers ("Gift Aid: Yes")
    "utc gmt bst cet cest est edt pst pdt ist midnight midday noon".split()) | PLATFORMS | frozenset(
    "gp gps rsvp fyi tbc tba ewc smp ssp spp shpl fwd fw".split()) | frozenset(
    # browsers and the office and sign-in programs a ticket names ("tried Safari and Chrome", "the code from
    # Authenticator"): software everyone runs
    "chrome firefox safari chromium edge authenticator outlook excel powerpoint onedrive sharepoint dropbox okta "
    "gmail hotmail".split()) | frozenset(
    # the police's national systems a log names ("ANPR hit", "confirmed via PNC"): no one's
    "anpr pnc pnd".split())  # time zones, times of day, social platforms ("ig"
# of "on ig @tasha.runs"), the abbreviations of messages and a family doctor ("RSVP by Friday", "your GP") and
# of statutory pay and leave ("SMP", "EWC": a maternity's pay and expected week)
# programs named with a version: the listed products and the browsers
PROGRAMS = PRODUCTS | frozenset("chrome firefox safari chromium opera ie ubuntu debian fedora centos rhel macos ios "
                                 "ipados android windows".split())
# a school's year group ("Year 2", "Yr 11", "Y6"): a class, no one's name
_SCHOOL_YEAR = re.compile(r"(?:Year|YEAR|Yr|YR|Y)[ \t]?\d{1,2}"
                          # and a level, a band or a tier of a scheme ("Tier 2", "Band 5", "Key Stage 2"), a kind
                          # of a condition ("Type 1" of "Type 1 diabetes")
                          r"|(?:Tier|Level|Stage|Key[ \t]Stage|Band|Grade|Phase|Step|Type)[ \t]\d{1,2}[A-Za-z]?"
                          # and a quarter, a half or a financial year of a plan ("q3 planning", "H1", "FY25")
                          r"|[QqHh][1-4]|(?:FY|fy)[ \t]?(?:\d{2}|\d{4})(?:/\d{2})?")
# a program and its version ("Chrome 119", "Windows 11", "Python 3.12"): software, no place or organisation
_VERSIONED = re.compile(r"([A-Za-z][\w.+#-]*)[ \t]v?\d{1,4}(?:\.\d{1,4}){0,3}")
# an exception's or a warning's name in a traceback or a log ("KeyError", "NullPointerException")
_EXCEPTION_NAME = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:Error|Exception|Warning|Interrupt|Exit)")


def software_word(value: str) -> bool:
    """A file format, a protocol or a data word ("CSV", "PII"), an exception's name ("KeyError"), a form's
    answer ("Yes"), a school's year group or a scheme's level ("Year 2", "Tier 2") or a program with its
    version ("Chrome 119"): what software, forms and tickets write, under any label."""
    return folded(value.strip()) in SOFTWARE_WORDS or _EXCEPTION_NAME.fullmatch(value.strip()) is not None \
        or _SCHOOL_YEAR.fullmatch(value.strip()) is not None or _versioned_program(value.strip()) \
        or _listed_software(value)


def _listed_software(value: str) -> bool:
    """Several programs joined ("Safari and Chrome", "Outlook, Excel & OneDrive")."""
    words = [w for w in re.split(r"[ \t,/]+", value.strip()) if w]
    return len(words) >= 3 and all(folded(w) in SOFTWARE_WORDS or w in _LIST_LINKS for w in words) \
        and any(folded(w) in SOFTWARE_WORDS for w in words)


_LIST_LINKS = frozenset(("and", "or", "&", "AND", "OR"))


def _versioned_program(value: str) -> bool:
    match = _VERSIONED.fullmatch(value)
    return match is not None and folded(match.group(1)) in PROGRAMS
